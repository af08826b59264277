/* server-internal.h -- a server's private types and the steps they share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Internal to libidlrt.  The server side is one file per job, each
   calling only the ones listed after it here:

     server-run.c      a server's life: create, run, stop, destroy
     server-threads.c  run mode 1: a thread per connection
     server-workers.c  run mode 2: N worker threads, epoll; and loop
                       mode, one worker driven by the program's own
                       event loop (idl_server_fd)
     server-admit.c    who may connect, and how many: a new
                       connection's admission
     server.c          a connection's life and each of its requests:
                       receive, check, copy once, dispatch, reply
     colocate.c        this process's servers by name; co-located calls
     page-server.c     the shared-page transport's server side
                       (page-server.h: the operations the request path
                       and the loops inline)

   Everything transport-specific goes through struct idl_conn_ops
   (transport.h).  */

#ifndef IDL_SERVER_INTERNAL_H
#define IDL_SERVER_INTERNAL_H

#include <pthread.h>
#include <string.h>
#include <sys/types.h>
#include "internal.h"
#include "transport.h"

/* The server-side context of one call: what an implementation may ask
   about its caller.  One per connection, filled at accept time.  */
struct idl_call
{
  idl_server_t *server;
  pid_t pid;			/* SO_PEERCRED at accept */
  uid_t uid;
  gid_t gid;
};

struct idl_worker;

/* A bulk request on the ring while its items stream (bulk-server.c,
   server.c, bulk_drive): what its reply needs once the streams are
   done, kept across a worker's turns.  */
struct idl_bulk_call
{
  struct idl_request rq;
  int rfds[IDL_MAX_FDS];
  uint64_t rtag;		/* the dispatcher's, checked */
  int dispatched;		/* the in items were in, it ran */
};

struct idl_conn
{
  struct idl_conn *next, *prev;	/* srv->conns, under conns_lock */
  idl_server_t *srv;
  int fd;			/* watched: readable when the peer sent
				   something or hung up */
  int cpu;			/* idl_sole_cpu () of the serving thread */
  int open;			/* the transport's open succeeded */
  /* The private copy of each request, IDL_MSG_BYTES (idlrt-abi.h); the
     dispatcher writes the reply into it too.  */
  uint64_t *msg;
  struct idl_call call;
  /* The user the connection counts against in the per-user limit: the
     kernel's word at accept (server.c, idl_conn_accept), never changed
     after, unlike CALL's ids, which a transport may set per call from
     what the client claims (ONC's AUTH_SYS).  Read by idl_within_limits
     under conns_lock.  */
  uid_t limit_uid;
  /* Thread per connection: whether this connection's thread holds the
     server's dispatch lock between requests, and the connection's id
     in the accepting thread's epoll set (server-threads.c).  */
  int lock_held;
  uint64_t watch_id;
  /* Set by the connection's own thread when it drops its client
     (server.c, end_bulk): it serves no request after.  */
  int dropped;
  /* The shared-page transport's state (page-server.c), inline: its
     request path reads it without a hop.  PAGE is NULL until the
     handshake succeeds.  LAST_SEQ is the sequence number of the last
     request taken: the next one's descriptors, if any, come with the
     next number.  PENDING_SINCE: since when (CLOCK_MONOTONIC ns) a
     message that looks like the next request's descriptors has waited
     for that request, or 0.  */
  struct idl_page *page;
  uint32_t last_seq;
  int64_t pending_since;
  /* What one message of descriptors takes in the client's queue, in
     bytes, as the kernel counts it (page-server.c, idl_page_reply_fds);
     0 until measured.  */
  uint32_t fdmsg_bytes;
  /* From accept to admission only (server-admit.c): the peer's
     supplementary groups, when the server asks for them
     (idl_server_wants_groups); malloc'd, or NULL.  */
  gid_t *groups;
  unsigned ngroups;
  /* Any other transport's state.  */
  void *tstate;
  /* The connection's bulk memfd and private bulk buffer, or NULL
     (bulk-server.c).  */
  struct idl_bulk_conn *bulk;
  /* Whether a thread of its own serves the connection (thread per
     connection, server-threads.c): only then may a request wait for
     its client, as the bulk ring's does (ring.h).  */
  int threaded;
  /* A worker's connection whose bulk request streams through the ring
     (bulk-server.c): the request, which the worker drives further
     (idl_bulk_resume) whenever it looks at its connections, instead of
     waiting for the page; NULL when none.  Also set, with DROPPED, when
     the request ended with the client dropped.  */
  struct idl_bulk_call *bulk_call;
  /* Worker mode only (server-workers.c).  */
  struct idl_worker *worker;	/* owner, once handed over */
  struct idl_conn *wnext, *wprev;	/* the owner's list */
  struct idl_conn *inbox_next;	/* on the owner's inbox, before that */
  int64_t open_deadline;	/* until open: when to give up */
  int64_t idle_at;		/* when idle asked to be called, or 0 */
};

/* A worker (worker mode): a thread and the connections it serves.  */
struct idl_worker
{
  idl_server_t *srv;
  int epfd;
  int inbox_fd;			/* eventfd: connections were handed over */
  pthread_mutex_t inbox_lock;
  struct idl_conn *inbox;	/* handed over, not yet taken */
  struct idl_conn *conns;	/* ours */
  unsigned nconns;		/* ours and in the inbox (atomic: the
				   acceptor reads it to balance) */
  int cpu;			/* idl_sole_cpu () of the worker's thread */
  int32_t on;			/* the CPU it last spun on (page.h, struct
				   idl_spin), or -1 */
  int32_t client_here;		/* that CPU if one of its clients last
				   spun there too, else -1 */
  int busy;			/* running an implementation (atomic: read
				   by the accepting worker) */
  pthread_t tid;
  int started;
};

/* Most workers a server may have.  */
#define IDL_MAX_WORKERS 1024

struct idl_server
{
  idl_interface_t iface;	/* a copy; the name is borrowed */
  idl_dispatch_fn dispatch;
  const struct idl_transport *transport;
  void *tstate;			/* the transport's (the page: the path to
				   unlink, or NULL) */
  int listen_fd;		/* readable when accept has work; -1 */
  int stop_fd;			/* eventfd, readable once stop is asked */
  int stopping;			/* set by idl_server_stop (atomic) */
  /* Serializes implementations without workers (server.c,
     idl_dispatch_msg): 0 free, 1 held, 2 held with waiters.  */
  uint32_t dispatch_lock;
  pthread_mutex_t conns_lock;
  /* Held by the worker that accepts (server-workers.c): admission
     callbacks and transports' accept run one at a time.  */
  pthread_mutex_t accept_lock;
  pthread_cond_t conns_done;	/* signalled when nconns drops */
  struct idl_conn *conns;
  unsigned nconns;
  unsigned nworkers;		/* 0: a thread per connection */
  struct idl_worker *workers;	/* while running with workers */
  int running;
  /* Served from the program's own event loop (idl_server_fd): one
     worker, workers[0], driven by idl_server_serve_ready; LOOP_DONE
     once its connections were ended at stop.  */
  int loop;
  int loop_done;
  /* Co-location (colocate.c): this process's servers, by name.  */
  char *name;
  pid_t pid;			/* the creator: a fork's copy is not it */
  idl_server_t *reg_next;	/* the registry, under its lock */
  unsigned refs;		/* the server and its co-located bindings
				   (atomic); freed at 0 */
  int gone;			/* destroyed: co-located calls fail */
  /* Co-location's direct calls: iface.nops entries, iface.direct's
     while the server has workers and is not stopped, else NULL
     (atomic).  */
  const void **direct;
  /* Who may connect (server-admit.c), under admit_lock: the allowed
     uids and gids, the admit function; NALLOW_GID and ADMIT are also
     read without the lock, atomically, by accept (whether to ask for
     the peer's groups).  */
  pthread_mutex_t admit_lock;
  uid_t allow_uid[IDL_ALLOW_MAX];
  gid_t allow_gid[IDL_ALLOW_MAX];
  unsigned nallow_uid, nallow_gid;
  idl_admit_fn admit;
  void *admit_arg;
  /* How many connections (idl_server_set_limits; 0: no limit), under
     conns_lock.  */
  unsigned max_conns, max_per_uid;
  /* The effective ids the process had at idl_server_create, when its
     socket was made: what SO_PEERCRED tells a remote client, and what
     a co-located client's requirement is checked against.  */
  uid_t uid;
  gid_t gid;
  /* Private memory for bulk items (bulk-server.c): the cap
     (idl_server_set_bulk_max) and what all connections hold, in bytes
     (atomic).  */
  size_t bulk_max;
  size_t bulk_used;
};

/* Steps of a request that every path shares (server.c, colocate.c).  */

/* Whether request tag TAG may reach SRV's dispatcher: a word count that
   fits, no error flag, no bulk flag (a bulk request takes its own path,
   bulk-server.c), SRV's interface.  */
static inline int
idl_request_ok (const idl_server_t *srv, uint64_t tag)
{
  return (tag & IDL_TAG_COUNT_MASK) <= IDL_MR_WORDS - 1
	 && !(tag & (IDL_TAG_ERROR | IDL_PAGE_TAG_BULK))
	 && (uint32_t) (tag >> IDL_TAG_IFACE_SHIFT) == srv->iface.id;
}

/* Check the reply tag a dispatcher returned for a two-way request and
   turn anything the client could not use into an error tag.  */
static inline uint64_t
idl_check_reply_tag (uint64_t rtag)
{
  if (rtag & IDL_TAG_ERROR)
    /* The dispatcher's own error: no words, just the code.  */
    return rtag & ~(uint64_t) (IDL_TAG_COUNT_MASK | IDL_TAG_ONEWAY);
  if (rtag & IDL_TAG_ONEWAY)
    /* The dispatcher says the operation is one-way, but the client waits
       for a reply: its request was malformed.  Answer, or it would wait
       until it gave up on us.  */
    return idl_error_tag (IDL_E_BADMSG);
  if ((rtag & IDL_TAG_COUNT_MASK) > IDL_MR_WORDS - 1)
    return idl_error_tag (IDL_E_PROTO);
  return rtag;
}

/* The descriptors a dispatcher listed for its reply, into OUT; returns
   how many, or -1 if the count itself is out of range (then nothing in
   the list can be trusted to be a descriptor the dispatcher meant, and
   none is closed: a wrong close could hit the server's own).  */
static inline int
idl_reply_fds (const uint64_t *msg, int *out)
{
  uint64_t n = msg[IDL_MSG_REPLY_NFDS];

  if (n > IDL_MAX_FDS)
    return -1;
  for (unsigned i = 0; i < n; i++)
    out[i] = (int) msg[IDL_MSG_REPLY_FDS + i];
  return (int) n;
}

/* The dispatch lock: a futex word (Drepper, "Futexes Are Tricky",
   mutex2), not a pthread mutex, so that taking and releasing it when
   nobody else holds it, the case of every call to a server with one
   client, is one atomic instruction each, inline, instead of two calls
   into libc on every request.  Process-private futex operations: the
   word is in the server's own memory (server.c).  */
void idl_dispatch_lock_wait (uint32_t *l)
  __attribute__ ((__visibility__ ("hidden")));
void idl_dispatch_lock_wake (uint32_t *l)
  __attribute__ ((__visibility__ ("hidden")));

static inline void
idl_dispatch_lock (uint32_t *l)
{
  uint32_t free_word = 0;

  if (!__atomic_compare_exchange_n (l, &free_word, 1, 0, __ATOMIC_ACQUIRE,
				    __ATOMIC_RELAXED))
    idl_dispatch_lock_wait (l);
}

static inline void
idl_dispatch_unlock (uint32_t *l)
{
  if (__atomic_exchange_n (l, 0, __ATOMIC_RELEASE) == 2)
    idl_dispatch_lock_wake (l);
}

/* Release the dispatch lock if C's thread holds it.  */
static inline void
idl_release_dispatch (struct idl_conn *c)
{
  if (c->lock_held)
    {
      c->lock_held = 0;
      idl_dispatch_unlock (&c->srv->dispatch_lock);
    }
}

/* Run SRV's dispatcher for CALL on private message MSG.  Without
   workers implementations run one at a time (idlrt.h); a worker runs
   them on its own thread.  (A connection's thread keeps the lock from
   one request to the next instead: server.c, dispatch.)  */
static inline uint64_t
idl_dispatch_msg (idl_server_t *srv, idl_call_t *call, uint64_t *msg)
{
  uint64_t rtag;

  if (srv->nworkers != 0)
    return srv->dispatch (call, msg);
  idl_dispatch_lock (&srv->dispatch_lock);
  rtag = srv->dispatch (call, msg);
  idl_dispatch_unlock (&srv->dispatch_lock);
  return rtag;
}

/* Run C's server's dispatcher on C's request.  With a thread per
   connection, C's thread takes the dispatch lock if it does not hold it
   already, and keeps it unless another thread waits for it; the
   connection's loop (server-threads.c) releases it before the thread
   waits for anything but a request about to come, and as soon as
   another thread asks for it.  A client that calls again at once, from
   a CPU of its own, so costs the server no atomic instruction per call
   besides the page's own: on two CPUs the lock's two read-modify-writes
   were most of what null still cost over raw (bench/latency).  */
static inline uint64_t
idl_conn_dispatch (struct idl_conn *c)
{
  idl_server_t *srv = c->srv;

  if (srv->nworkers != 0)
    return srv->dispatch (&c->call, c->msg);
  if (!c->lock_held)
    {
      idl_dispatch_lock (&srv->dispatch_lock);
      c->lock_held = 1;
    }
  uint64_t rtag = srv->dispatch (&c->call, c->msg);
  /* C->srv anew rather than SRV: GCC then keeps C alone across the
     call, where it would save a pointer on the stack (a store before
     the reply: page-server.h, idl_page_serve).  */
  srv = c->srv;
  if (__atomic_load_n (&srv->dispatch_lock, __ATOMIC_RELAXED) == 2)
    {
      /* Another thread waits for the lock: let it have it now, as if
	 we had not kept it.  */
      c->lock_held = 0;
      idl_dispatch_unlock (&srv->dispatch_lock);
    }
  return rtag;
}

/* idl_msg_request (internal.h), inline: the request path (server.c)
   and co-located calls (colocate.c) fill the private message with it,
   and with their constant arguments most of it folds away.  */
static inline __attribute__ ((__always_inline__)) void
idl_msg_fill (uint64_t *msg, uint64_t tag, const uint64_t *words,
	      const void *payload, uint32_t len, const int *fds,
	      unsigned nfds)
{
  unsigned n = tag & IDL_TAG_COUNT_MASK;

  msg[0] = tag;
  if (words)
    for (unsigned i = 0; i < n; i++)
      msg[1 + i] = __atomic_load_n (&words[i], __ATOMIC_RELAXED);
  /* One copy of the payload, then only the copy is used (no double
     fetch).  memcpy rather than atomics: this is not the libc-free call
     path, and a client that changes the bytes while we copy gets
     garbage in its own request, which the dispatcher checks like any
     other.  */
  if (payload && len > 0)
    memcpy ((uint8_t *) msg + IDL_MSG_REQ_PAYLOAD, payload, len);
  msg[IDL_MSG_REQ_LEN] = len;
  msg[IDL_MSG_REQ_NFDS] = nfds;
  /* All slots -1 first (a few vector stores), then the descriptors.  */
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    msg[IDL_MSG_REQ_FDS + i] = (uint64_t) (int64_t) -1;
  for (unsigned i = 0; i < nfds; i++)
    msg[IDL_MSG_REQ_FDS + i] = (uint64_t) (int64_t) fds[i];
  msg[IDL_MSG_REPLY_LEN] = 0;
  msg[IDL_MSG_REPLY_NFDS] = 0;
}

/* Make MSG what a request that idl_msg_fill did not fill may find:
   the counts and lengths 0, every request descriptor slot -1 (as after
   idl_msg_fill for a request with no payload and no descriptor), so
   that page-server.h's shortest path writes only what the request
   brings.  Done after every request that page connections serve, and
   when the message is made.  */
static inline void
idl_msg_clean (uint64_t *msg)
{
  msg[IDL_MSG_REQ_LEN] = 0;
  msg[IDL_MSG_REQ_NFDS] = 0;
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    msg[IDL_MSG_REQ_FDS + i] = (uint64_t) (int64_t) -1;
  msg[IDL_MSG_REPLY_LEN] = 0;
  msg[IDL_MSG_REPLY_NFDS] = 0;
}

/* server.c: connections and requests.  */

/* A new connection of SRV from its transport's accept, admitted
   (server-admit.c) and registered in SRV's list; NULL with errno as
   accept's (ENOMEM: no memory for it, the connection waits), or
   ECONNABORTED when it was turned away (then try the next).  */
struct idl_conn *idl_conn_accept (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));

/* Give C its private message buffer: 0 or -1.  */
int idl_conn_alloc_msg (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));

/* Forget connection C and free what it holds.  */
void idl_conn_end (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));

/* Serve the request C's transport has ready (idl_conn_ops.serve):
   through the connection's table, or with the page's operations
   inlined.  */
void idl_serve_request (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
void idl_serve_page (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
/* The page's general reply to RQ, which brought no descriptors, for
   dispatcher result RTAG (page-server.h, idl_page_serve).  */
void idl_page_finish (struct idl_conn *c, const struct idl_request *rq,
		      uint64_t rtag)
  __attribute__ ((__visibility__ ("hidden")));

/* server-admit.c: who may connect, and how many.  */

/* Set SRV's admission state to its defaults (idl_server_create).  */
void idl_admit_init (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
void idl_admit_fini (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));

/* Whether accept should ask the kernel for a peer's supplementary
   groups: SRV allows gids or has an admit function.  */
int idl_server_wants_groups (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));

/* SRV's access control for PEER: IDL_OK or IDL_E_REFUSED.  Runs the
   admit function, so not under any of SRV's locks.  */
int idl_admit (idl_server_t *srv, const idl_peer_t *peer)
  __attribute__ ((__visibility__ ("hidden")));

/* SRV's limits, under conns_lock: may one more connection of user UID
   be listed?  */
int idl_within_limits (idl_server_t *srv, uid_t uid)
  __attribute__ ((__visibility__ ("hidden")));

/* colocate.c: this process's servers.  */

void idl_server_register (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
void idl_server_unregister (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
/* Drop a reference to SRV; the last one frees it.  */
void idl_server_unref (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
/* Let co-located stubs call SRV's implementations directly (ON), or
   send them down the message path.  Atomic stores only (signal
   handlers call idl_server_stop).  */
void idl_publish_direct (idl_server_t *srv, int on)
  __attribute__ ((__visibility__ ("hidden")));

/* The run modes (server-threads.c, server-workers.c): serve until the
   server's stopping flag is set and return 0, or -1 if the mode could
   not start; then, once server-run.c has begun the stop (stopping set,
   stop_fd readable, no longer listening), end every connection.  */
int idl_run_threads (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
void idl_drain_threads (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
int idl_run_workers (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));
void idl_drain_workers (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));

/* Worker mode (C->worker set): a transport whose reply on C could not
   be sent without blocking (a worker never blocks: its other
   connections would wait) asks, with ON, to be told when C's
   descriptor has room, and to have its idle called by DEADLINE in any
   case; without ON, no longer.  The idle it then gets (on room, or at
   the deadline) sends the rest, or gives up.  0, or -1 with errno.  */
int idl_worker_watch_out (struct idl_conn *c, int on, int64_t deadline)
  __attribute__ ((__visibility__ ("hidden")));

/* Loop mode (server-workers.c, idl_server_fd): release the worker of a
   server served from the program's loop, its connections and its
   epoll set (idl_server_destroy).  */
void idl_loop_fini (idl_server_t *srv)
  __attribute__ ((__visibility__ ("hidden")));

/* Ring the doorbell of C's client, which waits for a reply or a freed
   page in its own event loop (page.h, IDL_SLEEP_POLL in
   client_sleeping; async.c): page-server.h, idl_page_publish_client.  */
void idl_page_ring_client (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden"), __cold__));

/* bulk-server.c: bulk requests (idlrt-abi.h, "Bulk items"; page.h,
   struct idl_page_bulk).  Take page connection C's bulk request RQ
   (its tag without IDL_PAGE_TAG_BULK, descriptors RFDS): read its
   announcement once, check it against the interface's BULK table and
   the server's cap, copy the in and inout items once into C's private
   buffer and fill C's private message for the dispatcher, bulk slots
   included.  IDL_OK: dispatch, then idl_bulk_reply; IDL_BULK_SET_UP:
   the request handed over a new memfd, answer it without dispatch;
   IDL_BULK_CANCEL or IDL_BULK_DROP, below; else the IDL_E_* code to
   answer with; IDL_BULK_STREAM: on the ring (ring.h), C->bulk_call
   is set and server.c drives the streams (idl_bulk_stream).  Never
   waits.  */
#define IDL_BULK_SET_UP 1000
/* The client stopped streaming through the ring (ring.h) or the server
   stops: end the connection (server.c, end_bulk).  */
#define IDL_BULK_DROP 1001
/* The client gave the request up (ring.h): answer IDL_E_TIMEOUT, which
   nobody reads, and serve on.  */
#define IDL_BULK_CANCEL 1002
/* The request streams through the ring: idl_bulk_stream.  */
#define IDL_BULK_STREAM 1003
/* The ring's client is behind: come back when it has moved.  */
#define IDL_BULK_AGAIN 1004
int idl_bulk_receive (struct idl_conn *c, const struct idl_request *rq,
		      const int *rfds)
  __attribute__ ((__visibility__ ("hidden")));
/* After the dispatch that returned *RTAG (checked): copy each out and
   inout item's reply bytes to the client, their lengths to the page;
   *RTAG becomes IDL_E_PROTO's tag for a length over its room.  Returns
   IDL_OK, then reply with *RTAG; IDL_BULK_STREAM, the out items are
   to stream through the ring first (idl_bulk_stream); or
   IDL_BULK_CANCEL (as idl_bulk_receive's), and *RTAG is not to be
   sent.  */
int idl_bulk_reply (struct idl_conn *c, uint64_t *rtag)
  __attribute__ ((__visibility__ ("hidden")));
/* The ring's streams as a state machine (ring.h; bulk-server.c,
   ring_step), so that a worker serves its other connections while
   one's client is behind.  idl_bulk_stream streams the phase under way
   as far as the client lets it, without waiting, and sets *MOVED if a
   chunk moved: IDL_OK, the phase is done; IDL_BULK_AGAIN, the client
   is behind; IDL_BULK_CANCEL, it gave the request up.
   idl_bulk_stream_wait (a connection's own thread) waits for what
   IDL_BULK_AGAIN waits for, at most IDL_RING_STALL_NS: IDL_OK,
   IDL_BULK_CANCEL, or IDL_BULK_DROP (stalled, gone, or we stop).
   idl_bulk_sleep (a worker, ON before it sleeps in epoll_wait, off
   after) tells the client to ring the socket, and returns nonzero if
   the client moved meanwhile (then do not sleep).  idl_bulk_stall_at:
   when a worker drops the client if it has not moved (idl_now_ns).
   All with C->bulk_call set, after IDL_BULK_AGAIN for the last
   three.  */
int idl_bulk_stream (struct idl_conn *c, int *moved)
  __attribute__ ((__visibility__ ("hidden")));
int idl_bulk_stream_wait (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
int idl_bulk_sleep (struct idl_conn *c, int on)
  __attribute__ ((__visibility__ ("hidden")));
int64_t idl_bulk_stall_at (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
/* server.c: drive worker connection C's ring request (C->bulk_call)
   further; returns nonzero if anything moved.  With STALLED (its
   stall deadline passed), drop the client unless it moved.  */
int idl_bulk_resume (struct idl_conn *c, int stalled)
  __attribute__ ((__visibility__ ("hidden")));
/* Drop C, whose client stopped streaming, once its thread has set
   C->DROPPED and answered: its private buffer given back, its socket
   shut down.  */
void idl_bulk_drop (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
/* Housekeeping of C's bulk state at NOW (ns): a private buffer unused
   for IDL_BULK_IDLE_NS is given back to the server's cap (HACKING,
   "Large buffers", step 4).  Called by the thread that serves C, between
   its requests.  Returns when to call it again, or 0.  */
#define IDL_BULK_IDLE_NS (1000L * 1000 * 1000)
int64_t idl_bulk_idle (struct idl_conn *c, int64_t now)
  __attribute__ ((__visibility__ ("hidden")));
/* Release what C holds for bulk items (its connection ends).  */
void idl_bulk_conn_free (struct idl_conn *c)
  __attribute__ ((__visibility__ ("hidden")));
/* Whether bulk request TAG's N items ITEM[i] = { dir, len, max } match
   SRV's BULK table: IDL_OK or IDL_E_BADMSG.  Sets *BYTES to the
   private memory they need (in: LEN, out and inout: MAX, each rounded
   to IDL_BULK_ALIGN).  */
#define IDL_BULK_ALIGN 64
int idl_bulk_check (const idl_server_t *srv, uint64_t tag, unsigned n,
		    const uint64_t (*item)[3], uint64_t *bytes)
  __attribute__ ((__visibility__ ("hidden")));
/* Take BYTES of SRV's cap for bulk memory: 0, or -1 if that would go
   over it (nothing taken).  And give them back.  */
int idl_bulk_reserve (idl_server_t *srv, uint64_t bytes)
  __attribute__ ((__visibility__ ("hidden")));
void idl_bulk_unreserve (idl_server_t *srv, uint64_t bytes)
  __attribute__ ((__visibility__ ("hidden")));

#endif /* IDL_SERVER_INTERNAL_H */
