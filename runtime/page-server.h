/* page-server.h -- the shared-page transport's connection operations.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Internal to libidlrt.  The operations a request and the wait for the
   next one reach (page.h describes the page and its protocol), defined
   here inline, and gathered in idl_page_conn_ops: the request path
   (server.c) and the serving loops (server-threads.c,
   server-workers.c) instantiate their generic code with this table,
   and GCC, which sees both the table and the functions, turns every
   call through it into a direct one and inlines it, so that a request
   costs what it cost before there was a table.  The rest of the page's
   server side, set-up and housekeeping, is out of line in
   page-server.c.

   A server never trusts a client: the request tag, payload length and
   descriptor count are read once from the page (receive) and checked;
   server.c copies the request once into private memory before the
   dispatcher sees it, and nothing reads the page's request again.  */

#ifndef IDL_PAGE_SERVER_H
#define IDL_PAGE_SERVER_H

#include <string.h>
#include "server-internal.h"
#include "fdpass.h"

_Static_assert (IDL_CONN_READY == IDL_PAGE_REQUEST
		&& IDL_CONN_GONE == IDL_WAIT_PEER_GONE
		&& IDL_CONN_STOPPED == IDL_WAIT_STOPPED
		&& IDL_CONN_SLICE == IDL_WAIT_SLICE,
		"idl_page_wait's results are the connection's");

/* Out of line (page-server.c): the server's operations, and the
   connection's that no request reaches.  */
int idl_page_listen (idl_server_t *srv, const char *name)
  __attribute__ ((__visibility__ ("hidden")));
int idl_page_accept (idl_server_t *srv, struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
void idl_page_unlisten (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
void idl_page_destroy (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
int idl_page_open (struct idl_conn *c, int wait)
  __attribute__ ((__visibility__ ("hidden")));
int64_t idl_page_idle (struct idl_conn *c, int64_t now)
  __attribute__ ((__visibility__ ("hidden")));
void idl_page_wake (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
void idl_page_close (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
void idl_page_refuse (struct idl_conn *c, int code)
  __attribute__ ((__visibility__ ("hidden")));
/* idl_page_reply's general case: descriptors go one way or the
   other.  */
void idl_page_reply_fds (struct idl_conn *c, const struct idl_request *rq,
			 const int *rfds, uint64_t rtag, const int *fds,
			 unsigned nfds, uint32_t len)
  __attribute__ ((__visibility__ ("hidden")));

static inline int
idl_page_ready (struct idl_conn *c)
{
  return __atomic_load_n (&c->page->state, __ATOMIC_ACQUIRE)
	 == IDL_PAGE_REQUEST;
}

/* Spin unless C's client is confined to our own CPU (page.h,
   idl_spin_for).  */
static inline uint64_t
idl_page_spin (struct idl_conn *c)
{
  return idl_spin_for (c->cpu, &c->page->client_cpu);
}

/* Sleep on the state word until woken, without a timer: the
   accepting thread wakes the connection when its client hangs up or
   its socket has anything queued, and at stop (server-threads.c);
   then the client's death is seen on the socket.  */
static inline int
idl_page_conn_wait (struct idl_conn *c, uint64_t spin)
{
  struct idl_page *pg = c->page;

  return idl_page_wait (pg, &pg->server_sleeping, 1, spin, c->fd,
			&c->srv->stopping, NULL, IDL_SLICE_UNTIMED);
}

/* A worker sleeping in epoll_wait cannot sleep on the state word: say
   so (IDL_SLEEP_POLL), so that the client rings the socket instead of
   the futex (page.h), then look at the page once more, sequentially
   consistent against the client's publish (Dekker): a client that
   published before it could see the flag is served now instead of
   waiting for a doorbell it did not ring.  */
static inline int
idl_page_sleep (struct idl_conn *c, int on)
{
  struct idl_page *pg = c->page;

  if (!on)
    {
      __atomic_store_n (&pg->server_sleeping, 0, __ATOMIC_RELAXED);
      return 0;
    }
  __atomic_store_n (&pg->server_sleeping, IDL_SLEEP_POLL, __ATOMIC_SEQ_CST);
  return __atomic_load_n (&pg->state, __ATOMIC_SEQ_CST) == IDL_PAGE_REQUEST;
}

/* Read the request's header once, check the lengths, take the
   descriptors.  */
static inline __attribute__ ((__always_inline__)) int
idl_page_receive (struct idl_conn *c, struct idl_request *rq, int *fds)
{
  struct idl_page *pg = c->page;

  /* Read the header once; from here on only the copies count.  */
  uint64_t tag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
  uint32_t seq = __atomic_load_n (&pg->seq, __ATOMIC_RELAXED);
  uint32_t len = __atomic_load_n (&pg->payload_len, __ATOMIC_RELAXED);
  uint32_t nfds = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);

  rq->tag = tag;
  rq->words = &pg->mr[1];
  rq->payload = pg->payload;
  rq->len = len;
  rq->seq = seq;
  rq->nfds = 0;
  rq->oneway = (tag & IDL_TAG_ONEWAY) != 0;
  c->last_seq = seq;
  c->pending_since = 0;

  if (__builtin_expect (len > IDL_PAYLOAD_MAX || nfds > IDL_MAX_FDS, 0))
    return IDL_E_BADMSG;
  /* Take the descriptors even if the tag turns out bad, so that they
     do not wait in the queue for a later request to discard.  */
  if (nfds > 0)
    {
      if (idl_fd_recv (c->fd, seq, fds, nfds) != IDL_FDRECV_OK)
	return IDL_E_BADMSG;
      rq->nfds = nfds;
    }
  return IDL_OK;
}

/* idl_page_publish for the server: store STATE and wake C's client if
   it sleeps.  A client that waits in its own event loop (async.c) says
   IDL_SLEEP_POLL and is woken on the socket, like a worker (page.h);
   either way the wake-up is off the path of a client that spins, and
   a client that sleeps on the futex pays one compare more.  */
static inline void
idl_page_publish_client (struct idl_conn *c, uint32_t state)
{
  struct idl_page *pg = c->page;

  __atomic_store_n (&pg->state, state, __ATOMIC_SEQ_CST);
  uint32_t sleeping = __atomic_load_n (&pg->client_sleeping,
				       __ATOMIC_SEQ_CST);
  if (__builtin_expect (sleeping != 0, 0))
    {
      if (__builtin_expect (sleeping == IDL_SLEEP_POLL, 0))
	idl_page_ring_client (c);
      else
	idl_futex_wake (&pg->state, 0x7fffffff);
    }
}

/* Publish reply TAG with words MSG[1..count], PAYLOAD_LEN bytes already
   on the page and NFDS descriptors already on the socket, and wake the
   client.  */
static inline void
idl_page_publish_reply (struct idl_conn *c, uint64_t tag,
			const uint64_t *msg, uint32_t payload_len,
			uint32_t nfds)
{
  struct idl_page *pg = c->page;
  unsigned n = tag & IDL_TAG_COUNT_MASK;

  for (unsigned i = 1; i <= n; i++)
    __atomic_store_n (&pg->mr[i], msg[i], __ATOMIC_RELAXED);
  __atomic_store_n (&pg->mr[0], tag, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->payload_len, payload_len, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->nfds, nfds, __ATOMIC_RELAXED);
  idl_page_publish_client (c, IDL_PAGE_REPLY);
}

/* A one-way request only gets its page back.  The common case, no
   descriptor either way, is kept short: it is all that stands between
   the request and its reply besides the dispatcher.  */
static inline __attribute__ ((__always_inline__)) void
idl_page_reply (struct idl_conn *c, const struct idl_request *rq,
		const int *rfds, uint64_t rtag, const int *fds, unsigned nfds,
		uint32_t len)
{
  struct idl_page *pg = c->page;

  if (rq->oneway)
    {
      idl_page_publish_client (c, IDL_PAGE_IDLE);
      return;
    }
  if (__builtin_expect (nfds != 0 || rq->nfds != 0, 0))
    {
      idl_page_reply_fds (c, rq, rfds, rtag, fds, nfds, len);
      return;
    }
  if (len > 0)
    /* memcpy, not a loop of atomics: up to 64 KiB, and the page is
       ours until we publish; a client that writes it anyway only
       spoils its own reply.  */
    memcpy (pg->payload, (const uint8_t *) c->msg + IDL_MSG_REPLY_PAYLOAD,
	    len);
  idl_page_publish_reply (c, rtag, c->msg, len, 0);
}

/* Serve the ready request of C.  Its common case, two-way, no
   descriptor either way, a reply that needs no repair, is served here,
   inline in the serving loop, on the shortest path we have: between
   the client's request and its reply it is the server's whole share of
   a round trip (bench/latency: null against the floors).  It is the
   same as server.c's general path, step for step (receive, check, copy
   once, dispatch, reply), with the tests that path makes one at a
   time folded into one per side, and with no store between the
   request and the reply that can wait until after it: every store
   before the one that publishes the reply must reach the cache first
   (x86's total store order), which made a dozen stores to private
   memory cost 5-15% of a round trip between two CPUs, against nothing
   after it (issue 22, measured with a ping-pong that alternated the
   two in the same processes).  So the private message is kept clean
   between requests (idl_msg_clean): the request writes only its tag,
   words and payload, and the counts are reset after the reply.
   Anything else goes to server.c: a request that is not this case
   before anything was done for it (the general path reads its header
   anew, and only its own reading counts), a reply that is not after
   the dispatch.  */
static inline __attribute__ ((__always_inline__)) void
idl_page_serve (struct idl_conn *c)
{
  struct idl_page *pg = c->page;
  uint64_t *msg = c->msg;

  /* Read the header once; from here on only the copies count.  */
  uint64_t tag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
  uint32_t seq = __atomic_load_n (&pg->seq, __ATOMIC_RELAXED);
  uint32_t len = __atomic_load_n (&pg->payload_len, __ATOMIC_RELAXED);
  uint32_t nfds = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);

  if (__builtin_expect ((nfds | (tag & (IDL_TAG_ONEWAY | IDL_TAG_ERROR
					 | IDL_PAGE_TAG_BULK))) != 0
			|| len > IDL_PAYLOAD_MAX
			|| (tag & IDL_TAG_COUNT_MASK) > IDL_MR_WORDS - 1
			|| (uint32_t) (tag >> IDL_TAG_IFACE_SHIFT)
			   != c->srv->iface.id, 0))
    {
      idl_serve_page (c);
      return;
    }
  /* What idl_msg_fill does, less what idl_msg_clean left in place (and
     the tag, when the last request's was the same).  */
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  if (msg[0] != tag)
    msg[0] = tag;
  for (unsigned i = 0; i < n; i++)
    msg[1 + i] = __atomic_load_n (&pg->mr[1 + i], __ATOMIC_RELAXED);
  if (len > 0)
    {
      memcpy ((uint8_t *) msg + IDL_MSG_REQ_PAYLOAD, pg->payload, len);
      msg[IDL_MSG_REQ_LEN] = len;
    }

  uint64_t rtag = idl_conn_dispatch (c);

  uint64_t rlen = msg[IDL_MSG_REPLY_LEN];
  if (__builtin_expect ((rtag & (IDL_TAG_ONEWAY | IDL_TAG_ERROR)) != 0
			|| (rtag & IDL_TAG_COUNT_MASK) > IDL_MR_WORDS - 1
			|| msg[IDL_MSG_REPLY_NFDS] != 0
			|| rlen > IDL_PAYLOAD_MAX, 0))
    {
      struct idl_request rq = { tag, &pg->mr[1], pg->payload, len, seq, 0,
				0 };
      c->last_seq = seq;
      c->pending_since = 0;
      idl_page_finish (c, &rq, rtag);
      idl_msg_clean (msg);
      return;
    }
  /* Publish: idl_page_publish_reply, less the stores of what the
     page holds already.  The header the client wrote is as we read it
     unless the client changed it since, which only spoils its own
     reply: its descriptor count is 0, and the tag and the payload
     length are often the reply's too (the same operation, the same
     count of words).  Fewer stores to the line the client spins on
     also leave it fewer chances to take the line back before the
     state is written (another transfer each time).  */
  if (rlen > 0)
    memcpy (pg->payload, (const uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD, rlen);
  unsigned rn = rtag & IDL_TAG_COUNT_MASK;
  for (unsigned i = 1; i <= rn; i++)
    __atomic_store_n (&pg->mr[i], msg[i], __ATOMIC_RELAXED);
  if (rtag != tag)
    __atomic_store_n (&pg->mr[0], rtag, __ATOMIC_RELAXED);
  if (rlen != len)
    __atomic_store_n (&pg->payload_len, (uint32_t) rlen, __ATOMIC_RELAXED);
  idl_page_publish_client (c, IDL_PAGE_REPLY);

  /* The client has its reply; the rest can wait until now.  */
  c->last_seq = seq;
  if (c->pending_since != 0)
    c->pending_since = 0;
  idl_msg_clean (msg);
}

/* The table the generic code is instantiated with (each file that
   includes this has its own copy, which its loads fold away).  */
static const struct idl_conn_ops idl_page_conn_ops = {
  .open = idl_page_open,
  .ready = idl_page_ready,
  .spin = idl_page_spin,
  .wait = idl_page_conn_wait,
  .sleep = idl_page_sleep,
  .idle = idl_page_idle,
  .receive = idl_page_receive,
  .reply = idl_page_reply,
  .serve = idl_page_serve,
  .wake = idl_page_wake,
  .close = idl_page_close,
  .refuse = idl_page_refuse
};

#endif /* IDL_PAGE_SERVER_H */
