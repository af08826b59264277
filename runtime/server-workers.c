/* server-workers.c -- run mode 2: N worker threads, each an epoll loop.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idl_server_set_workers (srv, N), N >= 1: N threads in all (the
   caller's among them), each with an epoll set holding its share of
   the connections.  A worker serves every request ready on its
   connections, spins over them a little (its transport's ready), then
   sleeps in epoll_wait, having told each connection's client so (its
   transport's sleep: a page's client then rings the socket instead of
   the futex, page.h); the same epoll_wait reports hang-ups, what a
   connection not yet open said (the page's hello: handshakes are
   asynchronous here, so a client that never says hello delays nobody),
   new connections handed to it, and stop.  Every worker's set holds the
   listening descriptor too (EPOLLEXCLUSIVE: a connection wakes one
   sleeping worker, not all), so a worker busy in a long implementation
   never keeps new clients waiting, a calling thread's own connection
   included (channel.c makes one at a thread's first call); the
   worker that accepts gives each connection to the worker with the
   fewest among those not in a call, itself when that is a tie.

   A worker is the event loop a program's own loop drives in loop mode
   (idl_server_fd, idl_server_serve_ready: the end of this file):
   everything it calls returns without blocking.

   Like the thread per connection's loop, the worker's is written once
   against its transport's operations and instantiated for the page
   with page-server.h's inline table and for any other transport with
   the server's.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "page-server.h"

/* epoll_event.data.ptr of the descriptors in a worker's set that are
   not connections.  */
static char mark_stop, mark_listen, mark_inbox;

/* How many requests a busy worker serves between looks at its epoll
   set: new connections' handshakes, hang-ups and stop are not left
   waiting until it is idle, and a look (a system call) costs little
   spread over that many requests.  */
#define IDL_WORKER_POLL_EVERY 64

/* What a worker watches a connection's descriptor for: a request, a
   hang-up, and (OUT) room to send the rest of a reply.  */
static inline uint32_t
conn_events (int out)
{
  return EPOLLIN | EPOLLRDHUP | EPOLLET | (out ? EPOLLOUT : 0);
}

int
idl_worker_watch_out (struct idl_conn *c, int on, int64_t deadline)
{
  struct epoll_event ev = { conn_events (on), { .ptr = c } };

  if (on)
    c->idle_at = deadline;
  /* Edge-triggered: modified to watch for room, the set reports it at
     once if there is some already.  */
  return epoll_ctl (c->worker->epfd, EPOLL_CTL_MOD, c->fd, &ev);
}

/* Take connection C into worker W (W's thread): watch its descriptor,
   and give it IDL_HANDSHAKE_TIMEOUT_MS to open.  Returns 0, or -1 if C
   could not be set up (it is W's all the same: worker_drop it).  */
static int
worker_take (struct idl_worker *w, struct idl_conn *c)
{
  struct epoll_event ev = { conn_events (0), { .ptr = c } };

  c->worker = w;
  c->cpu = w->cpu;
  c->wprev = NULL;
  c->wnext = w->conns;
  if (c->wnext)
    c->wnext->wprev = c;
  w->conns = c;
  c->open_deadline = idl_now_ns () + IDL_HANDSHAKE_TIMEOUT_MS * 1000000L;
  /* The private message once the connection is open (worker_event): a
     client that never finishes its handshake costs no buffer.
     Registering reports what is already queued: a hello that came
     before we took the connection is not missed (edge-triggered).  */
  if ((c->open && idl_conn_alloc_msg (c) != 0)
      || epoll_ctl (w->epfd, EPOLL_CTL_ADD, c->fd, &ev) != 0)
    return -1;
  return 0;
}

/* Forget connection C of worker W and end it.  */
static void
worker_drop (struct idl_worker *w, struct idl_conn *c)
{
  if (c->wprev)
    c->wprev->wnext = c->wnext;
  else
    w->conns = c->wnext;
  if (c->wnext)
    c->wnext->wprev = c->wprev;
  __atomic_fetch_sub (&w->nconns, 1, __ATOMIC_RELAXED);
  /* Closing the descriptor takes it out of the epoll set.  */
  idl_conn_end (c);
}

/* Take the connections the acceptor handed to W.  */
static void
worker_take_inbox (struct idl_worker *w)
{
  uint64_t count;
  struct idl_conn *list;

  if (read (w->inbox_fd, &count, sizeof count) < 0)
    {
      /* EAGAIN: already taken with an earlier event.  */
    }
  pthread_mutex_lock (&w->inbox_lock);
  list = w->inbox;
  w->inbox = NULL;
  pthread_mutex_unlock (&w->inbox_lock);
  while (list)
    {
      struct idl_conn *c = list;
      list = c->inbox_next;
      if (worker_take (w, c) != 0)
	worker_drop (w, c);
    }
}

/* Hand connection C to the worker with the fewest connections; of
   those, one not running an implementation, since a busy one would
   leave the new client's hello unanswered until its call returns; of
   those, ME, the acceptor (never busy itself).  Busy only breaks ties:
   a worker is busy for a moment in every call, and preferring idle
   ones outright would pile connections made together on one worker.  */
static void
hand_over (struct idl_worker *me, struct idl_conn *c)
{
  idl_server_t *srv = me->srv;
  struct idl_worker *w = me;
  unsigned least = __atomic_load_n (&me->nconns, __ATOMIC_RELAXED);
  int busy = 0;

  for (unsigned i = 0; i < srv->nworkers; i++)
    {
      struct idl_worker *x = &srv->workers[i];
      unsigned n = __atomic_load_n (&x->nconns, __ATOMIC_RELAXED);
      int b = __atomic_load_n (&x->busy, __ATOMIC_RELAXED);
      if (n < least || (n == least && busy && !b))
	{
	  w = x;
	  least = n;
	  busy = b;
	}
    }
  __atomic_fetch_add (&w->nconns, 1, __ATOMIC_RELAXED);
  if (w == me)
    {
      if (worker_take (me, c) != 0)
	worker_drop (me, c);
      return;
    }
  pthread_mutex_lock (&w->inbox_lock);
  c->inbox_next = w->inbox;
  w->inbox = c;
  pthread_mutex_unlock (&w->inbox_lock);
  uint64_t one = 1;
  if (write (w->inbox_fd, &one, sizeof one) < 0)
    {
      /* EAGAIN: the counter is full, so it is readable anyway.  */
    }
}

/* Accept every waiting connection, as W.  */
static void
accept_all (struct idl_worker *w)
{
  for (;;)
    {
      struct idl_conn *c = idl_conn_accept (w->srv);
      if (c)
	hand_over (w, c);
      else if (errno != EINTR && errno != ECONNABORTED)
	/* EAGAIN: none left.  EMFILE and the like: the connection
	   stays waiting and is retried at the next event or slice.  */
	return;
    }
}

/* The listening descriptor is readable.  One worker at a time: the
   program's admission callback (idl_server_set_admit) and the
   transports' accept (ONC's UDP pseudo-connections) are not written
   for concurrent calls.  A worker that finds another accepting leaves
   it the work; the listening descriptor is level-triggered, so a
   connection that comes as that one finishes is reported again.  */
static void
worker_accept (struct idl_worker *w)
{
  if (pthread_mutex_trylock (&w->srv->accept_lock) != 0)
    return;
  accept_all (w);
  pthread_mutex_unlock (&w->srv->accept_lock);
}

/* A readable, writable (idl_worker_watch_out) or hung-up connection C
   of W.  */
static inline __attribute__ ((__always_inline__)) void
worker_event (struct idl_worker *w, const struct idl_conn_ops *t,
	      struct idl_conn *c, uint32_t events)
{
  if (events & (EPOLLHUP | EPOLLRDHUP | EPOLLERR))
    {
      /* The client is gone; a request it published just before it
	 died would only get a reply nobody reads.  */
      worker_drop (w, c);
      return;
    }
  if (!(events & (EPOLLIN | EPOLLOUT)))
    return;
  if (!c->open)
    {
      int r = t->open (c, 0);
      if (r == IDL_OK && idl_conn_alloc_msg (c) == 0)
	c->open = 1;
      else if (r != IDL_CONN_AGAIN)
	worker_drop (w, c);
      return;
    }
  /* A doorbell, descriptors about to be announced, junk, or room for
     the rest of a reply; a request is served by the scan.  */
  c->idle_at = t->idle (c, idl_now_ns ());
}

/* Serve every request ready on W's connections; returns how many.  */
static inline __attribute__ ((__always_inline__)) unsigned
worker_scan (struct idl_worker *w, const struct idl_conn_ops *t)
{
  unsigned served = 0;

  for (struct idl_conn *c = w->conns; c; c = c->wnext)
    if (__builtin_expect (c->bulk_call != NULL, 0))
      {
	/* A bulk request streams through the ring: on as far as its
	   client has come (the page says REQUEST until its reply).  */
	__atomic_store_n (&w->busy, 1, __ATOMIC_RELAXED);
	served += idl_bulk_resume (c, 0) != 0;
	__atomic_store_n (&w->busy, 0, __ATOMIC_RELAXED);
      }
    else if (c->open && t->ready (c))
      {
	/* For hand_over: a busy worker gets no new connection.  */
	__atomic_store_n (&w->busy, 1, __ATOMIC_RELAXED);
	t->serve (c);
	__atomic_store_n (&w->busy, 0, __ATOMIC_RELAXED);
	served++;
      }
  return served;
}

/* Tell W's clients that W is about to sleep (ON), or is awake again.
   Returns nonzero if a request came meanwhile.  */
static inline __attribute__ ((__always_inline__)) int
worker_sleep (struct idl_worker *w, const struct idl_conn_ops *t, int on)
{
  int found = 0;

  for (struct idl_conn *c = w->conns; c; c = c->wnext)
    if (__builtin_expect (c->bulk_call != NULL, 0))
      {
	/* Its page says REQUEST all along: what we wait for is the
	   ring's client (a dropped one: its hang-up).  */
	if (!c->dropped)
	  found |= idl_bulk_sleep (c, on);
      }
    else if (c->open)
      found |= t->sleep (c, on);
  return found;
}

/* How long W spins before it sleeps: the most any of its connections
   asks for; with none open, not at all when W is confined to one CPU
   (page.h, idl_spin_for).  */
static inline __attribute__ ((__always_inline__)) uint64_t
worker_spin (struct idl_worker *w, const struct idl_conn_ops *t)
{
  uint64_t spin = 0;
  unsigned open = 0;

  for (struct idl_conn *c = w->conns; c; c = c->wnext)
    if (c->open)
      {
	uint64_t s = t->spin (c);
	/* As a connection's thread waits for its ring (ring.h,
	   idl_ring_wait): a chunk's copy takes tens of microseconds.  */
	if (c->bulk_call)
	  s *= 10;
	open = 1;
	if (s > spin)
	  spin = s;
      }
  if (!open && w->cpu < 0)
    spin = idl_spin_ticks;
  return spin;
}

/* Before W spins for its connections' next requests: the yield of
   page.h's struct idl_spin, for a thread that spins for several
   clients.  Each connection's page says where W runs (SERVER_ON), so
   that a client waiting for W on W's own CPU yields it to W; and W's
   spin yields its CPU when any client last spun on it: none of them has
   a request posted (W would serve it), so such a client is runnable
   behind W, or about to be, with a request W cannot get while it
   spins.  Looked at when the spin starts, not during it: a client's
   CPU changes seldom, and the spin is short.  */
static inline __attribute__ ((__always_inline__)) void
worker_watch (struct idl_worker *w, struct idl_spin *sp)
{
  int cpu = idl_cpu_now ();
  int32_t here = -1;

  if (cpu < 0)
    return;
  for (struct idl_conn *c = w->conns; c; c = c->wnext)
    if (c->open && c->page)
      {
	struct idl_page *pg = c->page;
	if (__atomic_load_n (&pg->server_on, __ATOMIC_RELAXED) != cpu)
	  __atomic_store_n (&pg->server_on, cpu, __ATOMIC_RELAXED);
	if (__atomic_load_n (&pg->client_on, __ATOMIC_RELAXED) == cpu)
	  here = cpu;
      }
  w->on = cpu;
  w->client_here = here;
  idl_spin_watch (sp, &w->on, &w->client_here);
}

/* What W must do by the clock: drop connections that did not open in
   time, look after those whose idle asked to be called again.  Returns
   how many milliseconds epoll_wait may sleep: -1 (for ever) when
   nothing is due.  */
static inline __attribute__ ((__always_inline__)) int
worker_timers (struct idl_worker *w, const struct idl_conn_ops *t,
	       int64_t now)
{
  int64_t next = 0;

  for (struct idl_conn *c = w->conns, *n; c; c = n)
    {
      n = c->wnext;
      if (!c->open)
	{
	  if (now >= c->open_deadline)
	    {
	      worker_drop (w, c);
	      continue;
	    }
	  if (next == 0 || c->open_deadline < next)
	    next = c->open_deadline;
	}
      else if (__builtin_expect (c->bulk_call != NULL, 0))
	{
	  /* A ring request: its client dropped (end it now, not only
	     at its hang-up), or stalled past its deadline (drop it).  */
	  if (c->dropped)
	    {
	      worker_drop (w, c);
	      continue;
	    }
	  if (now >= idl_bulk_stall_at (c))
	    {
	      idl_bulk_resume (c, 1);
	      if (c->dropped)
		{
		  worker_drop (w, c);
		  continue;
		}
	    }
	  if (c->bulk_call
	      && (next == 0 || idl_bulk_stall_at (c) < next))
	    next = idl_bulk_stall_at (c);
	}
      if (c->open && c->idle_at != 0)
	{
	  if (now >= c->idle_at)
	    c->idle_at = t->idle (c, now);
	  if (c->idle_at != 0 && (next == 0 || c->idle_at < next))
	    next = c->idle_at;
	}
    }
  /* With connections, wake at least once a slice: a wake-up a client
     could not send (its doorbell found its queue full) or withheld
     costs it a slice, not a hang, as in thread mode.  */
  if (w->conns && (next == 0 || next > now + IDL_SERVER_SLICE_NS))
    next = now + IDL_SERVER_SLICE_NS;
  if (next == 0)
    return -1;
  /* Round up, so that the wake-up finds the time has come.  */
  return next <= now ? 0 : (int) ((next - now + 999999) / 1000000);
}

/* A worker's loop: serve, spin, sleep, until the server stops.  */
static inline __attribute__ ((__always_inline__)) void
worker_loop_with (struct idl_worker *w, const struct idl_conn_ops *t)
{
  idl_server_t *srv = w->srv;
  struct epoll_event ev[64];
  unsigned served = 0;
  int spinning = 0;
  struct idl_spin sp;
  int timeout = -1;

  while (!__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      unsigned k = worker_scan (w, t);
      if (k)
	{
	  spinning = 0;
	  served += k;
	  if (served < IDL_WORKER_POLL_EVERY)
	    continue;
	}
      else
	{
	  if (!spinning)
	    {
	      idl_spin_start (&sp, worker_spin (w, t));
	      worker_watch (w, &sp);
	      spinning = 1;
	    }
	  if (idl_spin_more (&sp))
	    continue;
	}
      spinning = 0;
      served = 0;

      int n = 0;
      if (k)
	/* Busy: only look.  */
	n = epoll_wait (w->epfd, ev, sizeof ev / sizeof ev[0], 0);
      else
	{
	  if (!worker_sleep (w, t, 1))
	    n = epoll_wait (w->epfd, ev, sizeof ev / sizeof ev[0], timeout);
	  worker_sleep (w, t, 0);
	}
      for (int i = 0; i < n; i++)
	{
	  void *p = ev[i].data.ptr;
	  if (p == &mark_stop)
	    ;			/* the loop condition sees it */
	  else if (p == &mark_listen)
	    worker_accept (w);
	  else if (p == &mark_inbox)
	    worker_take_inbox (w);
	  else
	    worker_event (w, t, p, ev[i].events);
	}
      timeout = worker_timers (w, t, idl_now_ns ());
    }
}

static void
worker_loop (struct idl_worker *w)
{
  w->cpu = idl_sole_cpu ();
  if (w->srv->transport == &idl_page_transport)
    worker_loop_with (w, &idl_page_conn_ops);
  else
    worker_loop_with (w, w->srv->transport->conn);
}

/* Set worker W up (any thread): its epoll set holds the stop eventfd,
   its inbox eventfd and the listening descriptor, all level-triggered,
   the last with EPOLLEXCLUSIVE when other workers watch it too
   (EXCLUSIVE).  Returns 0 or -1.  */
static int
worker_init (idl_server_t *srv, struct idl_worker *w, int exclusive)
{
  struct epoll_event ev = { EPOLLIN, { .ptr = &mark_stop } };

  w->srv = srv;
  w->inbox_fd = -1;
  pthread_mutex_init (&w->inbox_lock, NULL);
  w->epfd = epoll_create1 (EPOLL_CLOEXEC);
  if (w->epfd < 0)
    return -1;
  w->inbox_fd = eventfd (0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (w->inbox_fd < 0
      || epoll_ctl (w->epfd, EPOLL_CTL_ADD, srv->stop_fd, &ev) != 0)
    return -1;
  ev.data.ptr = &mark_inbox;
  if (epoll_ctl (w->epfd, EPOLL_CTL_ADD, w->inbox_fd, &ev) != 0)
    return -1;
  ev.data.ptr = &mark_listen;
  ev.events = EPOLLIN | (exclusive ? EPOLLEXCLUSIVE : 0);
  if (epoll_ctl (w->epfd, EPOLL_CTL_ADD, srv->listen_fd, &ev) != 0)
    return -1;
  return 0;
}

/* End W's connections, those handed over and not taken too, and free
   what W holds.  */
static void
worker_fini (struct idl_worker *w)
{
  while (w->conns)
    worker_drop (w, w->conns);
  while (w->inbox)
    {
      struct idl_conn *c = w->inbox;
      w->inbox = c->inbox_next;
      idl_conn_end (c);
    }
  if (w->inbox_fd >= 0)
    close (w->inbox_fd);
  if (w->epfd >= 0)
    close (w->epfd);
  pthread_mutex_destroy (&w->inbox_lock);
}

static void *
worker_main (void *arg)
{
  struct idl_worker *w = arg;

  worker_loop (w);
  while (w->conns)
    worker_drop (w, w->conns);
  return NULL;
}

/* The calling thread is worker 0.  */
int
idl_run_workers (idl_server_t *srv)
{
  unsigned n = srv->nworkers;
  int rc = 0;

  srv->workers = calloc (n, sizeof *srv->workers);
  if (!srv->workers)
    return -1;
  for (unsigned i = 0; i < n; i++)
    srv->workers[i].epfd = -1;
  for (unsigned i = 0; i < n && rc == 0; i++)
    if (worker_init (srv, &srv->workers[i], n > 1) != 0)
      rc = -1;
  for (unsigned i = 1; i < n && rc == 0; i++)
    {
      if (pthread_create (&srv->workers[i].tid, NULL, worker_main,
			  &srv->workers[i]) != 0)
	rc = -1;
      else
	srv->workers[i].started = 1;
    }

  if (rc == 0)
    worker_loop (&srv->workers[0]);
  return rc;
}

/* Every worker sees the stop (its epoll set holds the stop eventfd) and
   ends its connections; then what is left is ended here.  */
void
idl_drain_workers (idl_server_t *srv)
{
  unsigned n = srv->nworkers;

  if (!srv->workers)
    return;
  for (unsigned i = 1; i < n; i++)
    if (srv->workers[i].started)
      pthread_join (srv->workers[i].tid, NULL);
  for (unsigned i = 0; i < n; i++)
    worker_fini (&srv->workers[i]);
  free (srv->workers);
  srv->workers = NULL;
}

/* Loop mode: the program's own event loop drives one worker.

   idl_server_fd makes the server's one worker (workers[0], the
   acceptor) and hands its epoll set to the program, which watches it
   for reading; idl_server_serve_ready is one turn of worker_loop_with
   without the parts that wait: look at the set without sleeping, take
   what it reports (new connections, hellos, hang-ups, doorbells, the
   stop), serve what is ready, then tell the clients the server sleeps
   (IDL_SLEEP_POLL: a client that publishes rings the socket, which
   makes the set readable) and look at their pages once more (Dekker,
   page-server.h), so that no request can wait with the set quiet.  A
   turn serves at most IDL_WORKER_POLL_EVERY requests; if more are
   ready it makes the set readable itself (the inbox eventfd), so the
   program's other sources get their turn in between and the server
   still gets the next one.  Nothing here waits: handshakes are the
   worker's asynchronous ones, replies and doorbells never block
   (fdpass.h), and a connection that stays quiet past its handshake's
   deadline is dropped by the timers, which say when the program should
   call again (the timeout idl_server_serve_ready stores).  */

int
idl_server_fd (idl_server_t *srv)
{
  if (!srv)
    {
      errno = EINVAL;
      return -1;
    }
  if (srv->loop)
    return srv->workers[0].epfd;
  if (srv->listen_fd < 0
      || __atomic_exchange_n (&srv->running, 1, __ATOMIC_ACQ_REL))
    {
      errno = EBUSY;
      return -1;
    }
  srv->workers = calloc (1, sizeof *srv->workers);
  if (!srv->workers)
    goto fail;
  srv->workers[0].epfd = -1;
  if (worker_init (srv, &srv->workers[0], 0) != 0)
    {
      int e = errno;
      worker_fini (&srv->workers[0]);
      free (srv->workers);
      srv->workers = NULL;
      errno = e;
      goto fail;
    }
  srv->workers[0].cpu = idl_sole_cpu ();
  /* One thread serves: implementations run one at a time, in it, and
     need no lock (as with idl_server_set_workers (srv, 1)).  */
  srv->nworkers = 1;
  idl_publish_direct (srv, !__atomic_load_n (&srv->stopping,
					      __ATOMIC_ACQUIRE));
  srv->loop = 1;
  return srv->workers[0].epfd;

 fail:
  __atomic_store_n (&srv->running, 0, __ATOMIC_RELEASE);
  return -1;
}

/* Make W's epoll set readable, so that the program calls again.  */
static void
loop_kick (struct idl_worker *w)
{
  uint64_t one = 1;
  if (write (w->inbox_fd, &one, sizeof one) < 0)
    {
      /* EAGAIN: the counter is full, so it is readable anyway.  */
    }
}

/* One turn of the loop's worker W with transport T; returns how many
   requests it served and sets *TIMEOUT_MS.  */
static inline __attribute__ ((__always_inline__)) int
loop_turn_with (struct idl_worker *w, const struct idl_conn_ops *t,
		int *timeout_ms)
{
  struct epoll_event ev[64];
  unsigned served = 0;
  int more = 0, n;

  /* Awake: clients need not ring while we look.  */
  worker_sleep (w, t, 0);
  for (;;)
    {
      n = epoll_wait (w->epfd, ev, sizeof ev / sizeof ev[0], 0);
      for (int i = 0; i < n; i++)
	{
	  void *p = ev[i].data.ptr;
	  if (p == &mark_stop)
	    ;			/* our caller sees it */
	  else if (p == &mark_listen)
	    worker_accept (w);
	  else if (p == &mark_inbox)
	    worker_take_inbox (w);
	  else
	    worker_event (w, t, p, ev[i].events);
	}
      if (n == (int) (sizeof ev / sizeof ev[0]))
	more = 1;		/* the set may hold more */
      served += worker_scan (w, t);
      /* Asleep again; a request that came meanwhile is served now
	 while the turn's budget lasts, else at the next turn.  */
      if (!worker_sleep (w, t, 1))
	break;
      if (served >= IDL_WORKER_POLL_EVERY)
	{
	  more = 1;
	  break;
	}
      worker_sleep (w, t, 0);
    }
  if (more)
    loop_kick (w);
  *timeout_ms = worker_timers (w, t, idl_now_ns ());
  if (more)
    *timeout_ms = 0;
  return (int) served;
}

int
idl_server_serve_ready (idl_server_t *srv, int *timeout_ms)
{
  int dummy;
  struct idl_worker *w;

  if (!timeout_ms)
    timeout_ms = &dummy;
  *timeout_ms = -1;
  if (!srv || !srv->loop)
    {
      errno = EINVAL;
      return -1;
    }
  w = &srv->workers[0];
  if (__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      /* Stop as idl_server_run would: refuse new clients at once, end
	 every connection (closing its socket is what its client sees).
	 The set stays open until idl_server_destroy: the program may
	 still have it in its loop.  */
      if (!srv->loop_done)
	{
	  srv->loop_done = 1;
	  srv->transport->unlisten (srv);
	  while (w->conns)
	    worker_drop (w, w->conns);
	}
      return -1;
    }
  if (srv->transport == &idl_page_transport)
    return loop_turn_with (w, &idl_page_conn_ops, timeout_ms);
  return loop_turn_with (w, srv->transport->conn, timeout_ms);
}

void
idl_loop_fini (idl_server_t *srv)
{
  if (!srv->loop || !srv->workers)
    return;
  worker_fini (&srv->workers[0]);
  free (srv->workers);
  srv->workers = NULL;
}
