/* server.c -- serving a request: receive, check, copy once, dispatch,
   reply; and a connection's life around its requests.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Every request a server takes from a client, in either run mode
   (server-threads.c, server-workers.c), goes through
   serve_request_with here, whatever its transport:

     1. the transport's receive reads the request's header once and
        takes its descriptors (page-server.h for the shared page);
     2. the tag is checked: a count of words that fits, no error flag,
        the server's interface; a request that fails gets IDL_E_BADMSG
        and the connection goes on;
     3. the words and the payload are copied once into the
        connection's private message (idl_msg_request), and from here
        on only that copy is used: a client may change the shared page
        while the server reads it (double fetch; DESIGN.md, "The
        runtime").  This is the one place that rule is enforced for
        every transport;
     4. a one-way request's client is let go; the dispatcher runs
        (dispatch: the lock that serializes implementations without
        workers, kept from one request to the next by a connection's
        thread that spins for its client's next request);
     5. the reply tag and the reply's descriptors and payload length
        are checked, and the transport's reply sends them; the
        request's descriptors, lent to the implementation, are closed
        before the client can see the reply.

   serve_request_with is instantiated twice: idl_serve_page with the
   page's operations, which GCC inlines (page-server.h), and
   idl_serve_request with the connection's table, for any other
   transport.

   Descriptors a client sends are in the server's table only from their
   request's receipt to the end of its dispatch, so neither a flood of
   them nor a client that never announces them makes the server's
   table grow.  */

#define _GNU_SOURCE 1		/* for tests that include this file first */
#include <errno.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "page-server.h"

/* The dispatch lock's slow paths (server-internal.h).  */
void
idl_dispatch_lock_wait (uint32_t *l)
{
  while (__atomic_exchange_n (l, 2, __ATOMIC_ACQUIRE) != 0)
    syscall (SYS_futex, l, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
}

void
idl_dispatch_lock_wake (uint32_t *l)
{
  syscall (SYS_futex, l, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

void
idl_msg_request (uint64_t *msg, uint64_t tag, const uint64_t *words,
		 const void *payload, uint32_t len, const int *fds,
		 unsigned nfds)
{
  idl_msg_fill (msg, tag, words, payload, len, fds, nfds);
}

/* Answer request RQ, which will not be dispatched, with IDL_E_BADMSG
   (a one-way one only gets its client going), and close what it
   brought.  RQ is a copy: the request path keeps its own in
   registers.  */
static void __attribute__ ((__noinline__))
reject (struct idl_conn *c, const struct idl_conn_ops *t,
	struct idl_request rq, const int *rfds)
{
  t->reply (c, &rq, rfds, idl_error_tag (IDL_E_BADMSG), NULL, 0, 0);
  if (rq.oneway)
    idl_close_distinct (rfds, rq.nfds, NULL, 0);
}

/* finish's general case: descriptors go one way or the other.  RTAG
   has been through idl_check_reply_tag.  */
static void __attribute__ ((__noinline__))
finish_fds (struct idl_conn *c, const struct idl_conn_ops *t,
	    struct idl_request rq, const int *rfds, uint64_t rtag)
{
  const uint64_t *msg = c->msg;
  uint64_t len = msg[IDL_MSG_REPLY_LEN];
  int out[IDL_MAX_FDS];
  int nout = idl_reply_fds (msg, out);

  if (!(rtag & IDL_TAG_ERROR) && (nout < 0 || len > IDL_PAYLOAD_MAX))
    /* A dispatcher bug; the client sees a malformed reply.  */
    rtag = idl_error_tag (IDL_E_PROTO);
  if (nout < 0)
    nout = 0;
  if (rtag & IDL_TAG_ERROR)
    len = 0;
  t->reply (c, &rq, rfds, rtag, out, (unsigned) nout, (uint32_t) len);
}

/* Send the reply for dispatcher result RTAG to request RQ, whose
   descriptors are RFDS.  */
static inline __attribute__ ((__always_inline__)) void
finish (struct idl_conn *c, const struct idl_conn_ops *t,
	const struct idl_request *rq, const int *rfds, uint64_t rtag)
{
  const uint64_t *msg = c->msg;

  rtag = idl_check_reply_tag (rtag);
  if (__builtin_expect (rq->nfds != 0 || msg[IDL_MSG_REPLY_NFDS] != 0, 0))
    {
      /* Sending descriptors may block (a full socket buffer, up to
	 the send timeout): not with the lock.  */
      idl_release_dispatch (c);
      finish_fds (c, t, *rq, rfds, rtag);
      return;
    }

  uint64_t len = msg[IDL_MSG_REPLY_LEN];
  if (rtag & IDL_TAG_ERROR)
    len = 0;
  else if (__builtin_expect (len > IDL_PAYLOAD_MAX, 0))
    {
      /* A dispatcher bug; the client sees a malformed reply.  */
      rtag = idl_error_tag (IDL_E_PROTO);
      len = 0;
    }
  t->reply (c, rq, rfds, rtag, NULL, 0, (uint32_t) len);
}

/* End bulk request RQ without its reply, for idl_bulk_receive's or
   idl_bulk_reply's CODE, IDL_BULK_CANCEL or IDL_BULK_DROP (after the
   dispatch: AFTER, its reply's descriptors closed by finish).  Either
   way the client gets IDL_E_TIMEOUT.  A cancelled request's answer
   goes to a client that gave it up and throws it away (ring.h); the
   connection serves on.  A dropped client stalled mid-stream (or we
   stop): the connection ends, and C->DROPPED is set before the answer
   is published, so that no request the client posts once it has the
   answer is served (server-threads.c looks at it after each request;
   the socket's hang-up, which follows the answer, is seen only once
   the page shows no request).  The answer is still given: a client
   that was only slow learns that its call timed out, not that the
   server died, and its next call sees the hang-up.  */
static void __attribute__ ((__noinline__, __cold__))
end_bulk (struct idl_conn *c, const struct idl_conn_ops *t,
	  const struct idl_request *rq, const int *rfds, int code, int after)
{
  uint64_t etag = idl_error_tag (IDL_E_TIMEOUT);

  if (code == IDL_BULK_DROP)
    c->dropped = 1;
  if (after)
    finish (c, t, rq, rfds, etag);
  else
    t->reply (c, rq, rfds, etag, NULL, 0, 0);
  if (code == IDL_BULK_DROP)
    idl_bulk_drop (c);
}

/* Empty C's bulk item slots once its bulk request is done: a plain
   request that names a bulk operation (a hostile client's) must not
   find the pointers and lengths of this one in them, into private
   memory that a later request may even have unmapped (grow_private);
   with them empty the dispatcher's item checks fail it or see no
   bytes.  Bulk requests only: the page's requests pay nothing.  */
static void
clear_bulk_slots (struct idl_conn *c)
{
  memset (c->msg + IDL_MSG_BULK, 0, 2 * IDL_BULK_ITEMS * sizeof (uint64_t));
}

/* Drive C's request on the ring (C->bulk_call, ring.h) through T as
   far as its client lets it: the in items' stream, the dispatch, the
   out items' stream, the reply.  A connection's own thread waits for
   the client whenever it is behind, and returns with the request done
   (or the client dropped); a worker returns instead, the request kept
   in C->bulk_call, and comes back when it looks at its connections
   again (idl_bulk_resume), so that one client's pace, or its stall,
   keeps no other waiting.  Returns whether anything moved.  */
static int
bulk_drive (struct idl_conn *c, const struct idl_conn_ops *t)
{
  struct idl_bulk_call *bcall = c->bulk_call;
  int moved = 0;

  for (;;)
    {
      int code = idl_bulk_stream (c, &moved);
      if (code == IDL_BULK_AGAIN)
	{
	  if (!c->threaded)
	    return moved;
	  code = idl_bulk_stream_wait (c);
	  if (code == IDL_OK)
	    continue;
	}
      if (code == IDL_OK && !bcall->dispatched)
	{
	  /* The in items are in: dispatch, then the out items.  */
	  bcall->dispatched = 1;
	  uint64_t rtag = idl_check_reply_tag (idl_conn_dispatch (c));
	  idl_release_dispatch (c);
	  code = idl_bulk_reply (c, &rtag);
	  bcall->rtag = rtag;
	  if (code == IDL_BULK_STREAM)
	    continue;
	}
      /* Done (or given up, or the client dropped): answer.  C->bulk_call
	 stays set for a dropped client, whose connection serves no other
	 request (the worker ends it: server-workers.c).  */
      if (code != IDL_BULK_DROP)
	c->bulk_call = NULL;
      if (code == IDL_OK)
	finish (c, t, &bcall->rq, bcall->rfds, bcall->rtag);
      else
	end_bulk (c, t, &bcall->rq, bcall->rfds, code, bcall->dispatched);
      clear_bulk_slots (c);
      return 1;
    }
}

int
idl_bulk_resume (struct idl_conn *c, int stalled)
{
  if (c->dropped)
    return 0;
  int moved = bulk_drive (c, &idl_page_conn_ops);
  if (stalled && !moved && c->bulk_call)
    {
      /* The client neither streamed nor cancelled for
	 IDL_RING_STALL_NS: dropped, as a connection's thread drops it
	 (idl_bulk_stream_wait).  */
      struct idl_bulk_call *bcall = c->bulk_call;
      end_bulk (c, &idl_page_conn_ops, &bcall->rq, bcall->rfds,
		IDL_BULK_DROP, bcall->dispatched);
      clear_bulk_slots (c);
      moved = 1;
    }
  if (moved && !c->bulk_call)
    idl_msg_clean (c->msg);
  return moved;
}

/* Serve bulk request RQ (idlrt-abi.h, "Bulk items"; bulk-server.c):
   steps 2-5 with the bulk items' checks and copies around the
   dispatch.  Neither copy holds the dispatch lock: a large one would
   keep every other connection's implementations waiting.  */
static void
serve_bulk_items (struct idl_conn *c, const struct idl_conn_ops *t,
		  struct idl_request rq, const int *rfds)
{
  idl_release_dispatch (c);
  rq.tag &= ~(uint64_t) IDL_PAGE_TAG_BULK;
  if (rq.oneway || !idl_request_ok (c->srv, rq.tag))
    {
      reject (c, t, rq, rfds);
      return;
    }
  int code = IDL_E_UNSUPPORTED;
  if (c->srv->transport == &idl_page_transport)
    code = idl_bulk_receive (c, &rq, rfds);
  if (code == IDL_BULK_SET_UP)
    {
      /* The memfd is taken: only the client's setup call to answer.  */
      t->reply (c, &rq, rfds, rq.tag & ~(uint64_t) IDL_TAG_COUNT_MASK,
		NULL, 0, 0);
      return;
    }
  if (code == IDL_BULK_STREAM)
    {
      /* On the ring: kept for the streams (bulk_drive).  */
      struct idl_bulk_call *bcall = c->bulk_call;
      bcall->rq = rq;
      memcpy (bcall->rfds, rfds, rq.nfds * sizeof *rfds);
      bcall->rtag = 0;
      bcall->dispatched = 0;
      bulk_drive (c, t);
      return;
    }
  if (code == IDL_BULK_CANCEL || code == IDL_BULK_DROP)
    {
      end_bulk (c, t, &rq, rfds, code, 0);
      return;
    }
  if (code != IDL_OK)
    {
      t->reply (c, &rq, rfds, idl_error_tag (code), NULL, 0, 0);
      return;
    }
  /* The sequential path: everything is in place already.  */
  uint64_t rtag = idl_check_reply_tag (idl_conn_dispatch (c));
  idl_release_dispatch (c);
  code = idl_bulk_reply (c, &rtag);
  if (code != IDL_OK)
    {
      /* (Only the ring's requests end otherwise.)  */
      end_bulk (c, t, &rq, rfds, code, 1);
      return;
    }
  finish (c, t, &rq, rfds, rtag);
}

/* The same, then the bulk item slots emptied (clear_bulk_slots),
   unless the request still streams.  */
static void __attribute__ ((__noinline__))
serve_bulk (struct idl_conn *c, const struct idl_conn_ops *t,
	    struct idl_request rq, const int *rfds)
{
  serve_bulk_items (c, t, rq, rfds);
  if (!c->bulk_call)
    clear_bulk_slots (c);
}

/* Serve the request C's transport T has ready (steps 1-5 above).  */
static inline __attribute__ ((__always_inline__)) void
serve_request_with (struct idl_conn *c, const struct idl_conn_ops *t)
{
  struct idl_request rq;
  int rfds[IDL_MAX_FDS];
  uint64_t *msg = c->msg;
  int rc = t->receive (c, &rq, rfds);

  if (__builtin_expect (rc != IDL_OK || !idl_request_ok (c->srv, rq.tag), 0))
    {
      if (rc == IDL_OK && (rq.tag & IDL_PAGE_TAG_BULK))
	serve_bulk (c, t, rq, rfds);
      else
	reject (c, t, rq, rfds);
      return;
    }

  idl_msg_fill (msg, rq.tag, rq.words, rq.payload, rq.len, rfds, rq.nfds);

  if (rq.oneway)
    {
      /* Let the client go on before the implementation runs.  */
      t->reply (c, &rq, rfds, IDL_TAG_ONEWAY, NULL, 0, 0);
      idl_conn_dispatch (c);
      /* Nobody reads a one-way reply: drop what the dispatcher meant to
	 send with it.  */
      int out[IDL_MAX_FDS];
      int nout = idl_reply_fds (msg, out);
      idl_close_distinct (rfds, rq.nfds, out, nout > 0 ? (unsigned) nout : 0);
      return;
    }

  uint64_t rtag = idl_conn_dispatch (c);
  finish (c, t, &rq, rfds, rtag);
}

void
idl_serve_page (struct idl_conn *c)
{
  serve_request_with (c, &idl_page_conn_ops);
  /* For the next request's shortest path (page-server.h); not while a
     bulk request streams (a worker's), whose dispatcher is still to
     see its descriptors: idl_bulk_resume cleans up after it.  */
  if (__builtin_expect (c->bulk_call == NULL, 1))
    idl_msg_clean (c->msg);
}

void
idl_page_finish (struct idl_conn *c, const struct idl_request *rq,
		 uint64_t rtag)
{
  int none[1];
  finish (c, &idl_page_conn_ops, rq, none, rtag);
}

void
idl_serve_request (struct idl_conn *c)
{
  serve_request_with (c, c->srv->transport->conn);
}

/* A connection's life.  */

/* Turn C away with CODE (server-admit.c): its transport tells the
   client why, then the connection ends before it began.  */
static void
turn_away (struct idl_conn *c, int code)
{
  const struct idl_conn_ops *t = c->srv->transport->conn;

  if (t->refuse)
    t->refuse (c, code);
  t->close (c);
  free (c);
}

struct idl_conn *
idl_conn_accept (idl_server_t *srv)
{
  struct idl_conn *c = calloc (1, sizeof *c);

  if (!c)
    {
      errno = ENOMEM;
      return NULL;
    }
  c->srv = srv;
  c->fd = -1;
  c->cpu = -1;
  c->call.server = srv;
  c->call.pid = -1;
  c->call.uid = (uid_t) -1;
  c->call.gid = (gid_t) -1;
  if (srv->transport->accept (srv, c) != 0)
    {
      int e = errno;
      free (c->groups);
      free (c);
      errno = e;
      return NULL;
    }

  /* Admission, before the connection costs anything more: who may
     connect, then how many (server-admit.c).  */
  idl_peer_t peer = { c->call.pid, c->call.uid, c->call.gid, c->ngroups,
		      c->groups };
  int code = idl_admit (srv, &peer);
  free (c->groups);
  c->groups = NULL;
  c->ngroups = 0;

  pthread_mutex_lock (&srv->conns_lock);
  c->limit_uid = c->call.uid;
  if (code == IDL_OK && !idl_within_limits (srv, c->limit_uid))
    code = IDL_E_BUSY;
  if (code == IDL_OK)
    {
      c->next = srv->conns;
      if (c->next)
	c->next->prev = c;
      srv->conns = c;
      srv->nconns++;
    }
  pthread_mutex_unlock (&srv->conns_lock);
  if (code != IDL_OK)
    {
      turn_away (c, code);
      /* The acceptors' word for "none taken, try the next".  */
      errno = ECONNABORTED;
      return NULL;
    }
  return c;
}

int
idl_conn_alloc_msg (struct idl_conn *c)
{
  c->msg = idl_map_msg ();
  if (!c->msg)
    return -1;
  idl_msg_clean (c->msg);
  return 0;
}

/* C ends (a worker's: its client hung up, or the server stops) with a
   request on the ring still streaming, unanswered (C->bulk_call; a
   dropped client's was answered by end_bulk, whose reply closed its
   descriptors).  Nobody will read its answer, but the descriptors it
   brought, lent to it until its reply, and any its dispatcher made for
   that reply, are still the server's: closed here, as a one-way
   request's are (serve_request_with), or every client that hung up
   mid-stream would leave them in the server's table for good.  */
static void
abandon_bulk (struct idl_conn *c)
{
  struct idl_bulk_call *bcall = c->bulk_call;
  int out[IDL_MAX_FDS];
  int nout = bcall->dispatched ? idl_reply_fds (c->msg, out) : 0;

  idl_close_distinct (bcall->rfds, bcall->rq.nfds, out,
		      nout > 0 ? (unsigned) nout : 0);
  c->bulk_call = NULL;
}

/* Out of the server's list first, so that a stopping server wakes it
   no more (drain: wake, under conns_lock), then closed, then counted
   out: the count is what the drain waits for, and once it reaches 0
   the server may be destroyed (server-run.c) and its memory freed, so
   nothing of SRV is touched after that.  */
void
idl_conn_end (struct idl_conn *c)
{
  idl_server_t *srv = c->srv;

  pthread_mutex_lock (&srv->conns_lock);
  if (c->prev)
    c->prev->next = c->next;
  else
    srv->conns = c->next;
  if (c->next)
    c->next->prev = c->prev;
  pthread_mutex_unlock (&srv->conns_lock);

  srv->transport->conn->close (c);
  if (c->bulk_call && !c->dropped)
    abandon_bulk (c);
  if (c->msg)
    idl_unmap_msg (c->msg);
  if (c->bulk)
    idl_bulk_conn_free (c);
  /* A client's sealed regions stay mapped in the region cache after
     their calls; its connection gone, their memory goes back now
     (region.c) instead of at the next eviction.  */
  idl_region_cache_trim ();

  pthread_mutex_lock (&srv->conns_lock);
  srv->nconns--;
  pthread_cond_broadcast (&srv->conns_done);
  pthread_mutex_unlock (&srv->conns_lock);
  free (c);
}
