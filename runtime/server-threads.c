/* server-threads.c -- run mode 1: a thread per connection.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idl_server_run's default mode (idl_server_set_workers (srv, 0)): the
   calling thread polls the listening descriptor and the stop eventfd
   and accepts; each connection gets a detached thread that opens it
   (the page's handshake) and then waits for its requests and serves
   them, until the client goes away or the server stops.  A dead client
   (its hang-up) ends only its own thread.

   Implementations run one at a time (idlrt.h), serialized by the
   server's dispatch lock (server-internal.h).  A connection's thread
   keeps the lock from one request to the next only while it spins for
   its client's next request (a few microseconds), and gives it up at
   once when another thread asks for it; it never sleeps, waits for a
   client or sends descriptors with it (server.c, dispatch).

   The connection's loop is written once against its transport's
   operations (transport.h) and instantiated for the page with
   page-server.h's inline table, which GCC folds into direct calls, and
   for any other transport with the server's table.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>
#include "page-server.h"

/* Wait for the next request on C as T's wait would, spinning for SPIN
   ticks (page.h), while C's thread holds the dispatch lock: return
   IDL_CONN_READY with the lock still held if the request came while
   spinning; else release the lock, as soon as another thread waits for
   it (it set the word to 2) or when the spin is over, and return
   IDL_CONN_SLICE with *LEFT what is left of the spin.  */
static inline __attribute__ ((__always_inline__)) int
spin_holding (struct idl_conn *c, const struct idl_conn_ops *t,
	      uint64_t spin, uint64_t *left)
{
  const uint32_t *lock = &c->srv->dispatch_lock;
  struct idl_spin sp;

  idl_spin_start (&sp, spin);
  if (c->page)
    idl_spin_watch (&sp, &c->page->server_on, &c->page->client_on);
  do
    {
      if (t->ready (c))
	return IDL_CONN_READY;
      if (__atomic_load_n (lock, __ATOMIC_RELAXED) == 2)
	{
	  idl_release_dispatch (c);
	  *left = idl_spin_left (&sp);
	  return IDL_CONN_SLICE;
	}
    }
  while (idl_spin_more (&sp));
  idl_release_dispatch (c);
  *left = 0;
  return IDL_CONN_SLICE;
}

/* Serve open connection C with T until its client goes or the server
   stops.  */
static inline __attribute__ ((__always_inline__)) void
serve_with (struct idl_conn *c, const struct idl_conn_ops *t)
{
  idl_server_t *srv = c->srv;
  uint64_t spin = t->spin (c);

  while (!__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      int s = IDL_CONN_SLICE;
      if (c->lock_held)
	s = spin_holding (c, t, spin, &spin);
      if (s == IDL_CONN_SLICE)
	s = t->wait (c, spin);
      if (s == IDL_CONN_SLICE)
	{
	  spin = 0;
	  t->idle (c, idl_now_ns ());
	  continue;
	}
      if (s < 0)
	break;			/* the client died, or we stop */
      t->serve (c);
      /* A client dropped mid-request (server.c, end_bulk): nothing it
	 posts after is served.  */
      if (__builtin_expect (c->dropped, 0))
	break;
      spin = t->spin (c);
      if (spin == 0)
	/* The next request cannot come before we sleep (page.h,
	   idl_spin_for): do not sleep with the lock.  */
	idl_release_dispatch (c);
    }
  idl_release_dispatch (c);
}

static void
serve_page (struct idl_conn *c)
{
  serve_with (c, &idl_page_conn_ops);
}

static void __attribute__ ((__noinline__))
serve_any (struct idl_conn *c)
{
  serve_with (c, c->srv->transport->conn);
}

/* A connection's thread: open, serve, clean up.  */
static void *
connection_main (void *arg)
{
  struct idl_conn *c = arg;
  const struct idl_transport *t = c->srv->transport;

  c->cpu = idl_sole_cpu ();
  c->threaded = 1;
  /* The private message only once the handshake is done: a client that
     never finishes it costs its thread, not a buffer too.  */
  if (t->conn->open (c, 1) == IDL_OK && idl_conn_alloc_msg (c) == 0)
    {
      c->open = 1;
      if (t == &idl_page_transport)
	serve_page (c);
      else
	serve_any (c);
    }
  idl_conn_end (c);
  return NULL;
}

/* Start a thread for connection C; on failure drop the connection (the
   client sees a hang-up, not a hang).  */
static void
start_connection (struct idl_conn *c)
{
  pthread_attr_t attr;
  pthread_t tid;
  int rc;

  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  rc = pthread_create (&tid, &attr, connection_main, c);
  pthread_attr_destroy (&attr);
  if (rc != 0)
    idl_conn_end (c);
}

/* The accepting thread watches its connections too.  A connection's
   thread sleeps on its page without a timer (page-server.h: a timed
   sleep costs a kernel timer per round trip, issue 22), so this thread
   wakes it when it has something to see: at once when its client hangs
   up (EPOLLRDHUP, edge-triggered, the epoll set's data the
   connection's id), and all of them in a sweep once a slice
   (IDL_SERVER_SLICE_NS) while there are connections, as the timeout of
   every sleep did before.  The sweep is what bounds, to a slice, the
   wait of a request published without a wake-up (a client that
   withholds it, or scribbles on its own page), of a wake-up that came
   just before the thread fell asleep, and of a client's junk that only
   the connection's idle discards (and that may hold the client's own
   end of the socket: page-server.c); it costs one system call per
   connection per slice, not one timer per round trip.  */

/* The epoll set's data for the two descriptors that are not
   connections; connections' ids start above.  */
#define WATCH_LISTEN 0
#define WATCH_STOP 1

/* Wake the thread of SRV's connection ID (its client hung up), if it
   is still there; with ID 0, every connection's.  */
static void
wake_id (idl_server_t *srv, uint64_t id)
{
  const struct idl_conn_ops *t = srv->transport->conn;

  pthread_mutex_lock (&srv->conns_lock);
  for (struct idl_conn *c = srv->conns; c; c = c->next)
    if (id == 0 || c->watch_id == id)
      {
	t->wake (c);
	if (id != 0)
	  break;
      }
  pthread_mutex_unlock (&srv->conns_lock);
}

/* Register new connection C with EPFD, under a new id.  */
static void
watch_connection (int epfd, struct idl_conn *c, uint64_t *next_id)
{
  struct epoll_event ev = { EPOLLRDHUP | EPOLLET, { .u64 = *next_id } };

  c->watch_id = (*next_id)++;
  /* If the set cannot take it, the sweeps still see its hang-up.  */
  epoll_ctl (epfd, EPOLL_CTL_ADD, c->fd, &ev);
}

int
idl_run_threads (idl_server_t *srv)
{
  struct epoll_event ev[16];
  uint64_t next_id = WATCH_STOP + 1;
  int64_t next_sweep = 0;
  int epfd = epoll_create1 (EPOLL_CLOEXEC);

  if (epfd < 0)
    return -1;
  ev[0] = (struct epoll_event) { EPOLLIN, { .u64 = WATCH_LISTEN } };
  ev[1] = (struct epoll_event) { EPOLLIN, { .u64 = WATCH_STOP } };
  if (epoll_ctl (epfd, EPOLL_CTL_ADD, srv->listen_fd, &ev[0]) != 0
      || epoll_ctl (epfd, EPOLL_CTL_ADD, srv->stop_fd, &ev[1]) != 0)
    {
      close (epfd);
      return -1;
    }

  while (!__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      int timeout = -1, stop = 0;
      int64_t now = idl_now_ns ();
      pthread_mutex_lock (&srv->conns_lock);
      unsigned nconns = srv->nconns;
      pthread_mutex_unlock (&srv->conns_lock);
      if (nconns == 0)
	next_sweep = 0;
      else if (next_sweep == 0)
	next_sweep = now + IDL_SERVER_SLICE_NS;
      if (next_sweep != 0)
	timeout = next_sweep <= now ? 0
		  : (int) ((next_sweep - now + 999999) / 1000000);

      int n = epoll_wait (epfd, ev, sizeof ev / sizeof ev[0], timeout);
      if (n < 0 && errno != EINTR)
	break;
      for (int i = 0; i < n; i++)
	{
	  uint64_t id = ev[i].data.u64;
	  if (id == WATCH_STOP)
	    stop = 1;
	  else if (id != WATCH_LISTEN)
	    wake_id (srv, id);
	  else
	    {
	      struct idl_conn *c = idl_conn_accept (srv);
	      if (c)
		{
		  watch_connection (epfd, c, &next_id);
		  start_connection (c);
		}
	      else if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS
		       || errno == ENOMEM)
		{
		  /* The connection stays queued and epoll would report
		     it again at once: back off instead of spinning.  */
		  struct pollfd p = { srv->stop_fd, POLLIN, 0 };
		  poll (&p, 1, 100);
		}
	    }
	}
      if (stop)
	break;
      if (next_sweep != 0 && idl_now_ns () >= next_sweep)
	{
	  wake_id (srv, 0);
	  next_sweep = 0;
	}
    }
  close (epfd);
  return 0;
}

/* Connection threads see the stopping flag before they sleep; wake
   the sleeping ones now, then wait for all, waking them again once a
   slice: a thread that read the flag just before it was set sleeps
   through a wake-up that came before it slept (no timer ends that
   sleep).  */
void
idl_drain_threads (idl_server_t *srv)
{
  const struct idl_conn_ops *t = srv->transport->conn;

  pthread_mutex_lock (&srv->conns_lock);
  while (srv->nconns > 0)
    {
      struct timespec until;
      for (struct idl_conn *c = srv->conns; c; c = c->next)
	t->wake (c);
      clock_gettime (CLOCK_REALTIME, &until);
      until.tv_nsec += IDL_SERVER_SLICE_NS;
      if (until.tv_nsec >= 1000000000L)
	{
	  until.tv_sec++;
	  until.tv_nsec -= 1000000000L;
	}
      pthread_cond_timedwait (&srv->conns_done, &srv->conns_lock, &until);
    }
  pthread_mutex_unlock (&srv->conns_lock);
}
