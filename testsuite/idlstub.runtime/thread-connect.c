/* { dg-do run } */
/* Area: runtime
   Purpose: a thread's first call on a shared binding makes the
   thread's own connection (channel.c), whose handshake a busy server
   may be slow to answer: a server in a program's loop answers it only
   between implementations.  That call keeps its deadline, handshake
   included (IDL_E_TIMEOUT on time, not IDL_E_PEER_DIED from a server
   that is alive); without a deadline it waits as any call does; and a
   connection that could not be made is tried again by the thread's
   next call, and by the next thread that takes it over, instead of
   failing every later call as a dead server.  A server that has gone
   is still IDL_E_PEER_DIED, at once.  */

#include <pthread.h>
#include "rt-common.h"

static idl_binding_t *b;

/* Room for a loaded machine past a deadline (the CI machine's two
   cores run other work).  Each bound below stays under what the bug it
   guards against would take: waiting for the busy server.  */
#define ROOM_MS 1000

struct job
{
  uint64_t ms;			/* the implementation's time */
  int64_t timeout_us;		/* the call's one-off timeout, -1: the
				   binding's */
  uint64_t tag;			/* what came back */
  int err;
  double took;			/* milliseconds */
};

static void *
run (void *arg)
{
  struct job *j = arg;
  if (j->timeout_us >= 0)
    idl_set_next_timeout (b, j->timeout_us);
  double t0 = rt_now_ms ();
  j->tag = idl_call_r4 (b, rt_tag (RT_SLOW_ADD, 3), 2, 3, j->ms, 0);
  j->err = idl_error (b);
  j->took = rt_now_ms () - t0;
  return NULL;
}

static pthread_t
start (struct job *j)
{
  pthread_t t;
  CHECK (pthread_create (&t, NULL, run, j) == 0);
  return t;
}

static void
expect (const char *what, const struct job *j, int err, double min_ms,
	double max_ms)
{
  if (j->err != err || j->took < min_ms || j->took > max_ms)
    fprintf (stderr, "%s: %s after %.1f ms; expected %s in [%.0f, %.0f]\n",
	     what, idl_strerror (j->err), j->took, idl_strerror (err),
	     min_ms, max_ms);
  CHECK (j->err == err);
  CHECK (j->took >= min_ms && j->took <= max_ms);
  if (err == IDL_OK)
    CHECK (j->tag == rt_tag (RT_SLOW_ADD, 1));
  else
    CHECK (j->tag == (IDL_TAG_ERROR | (uint64_t) err << IDL_TAG_OP_SHIFT));
}

/* A call in a thread of its own: started, joined, checked.  */
static void
call_in_thread (const char *what, uint64_t ms, int64_t timeout_us, int err,
		double min_ms, double max_ms)
{
  struct job j = { ms, timeout_us, 0, 0, 0 };
  CHECK (pthread_join (start (&j), NULL) == 0);
  expect (what, &j, err, min_ms, max_ms);
}

int
main (void)
{
  const char *name = idltest_name ("thread-connect");
  pid_t srv = rt_fork_server (name, rt_dispatch);

  /* A busy thread holds the binding's first connection and keeps the
     server busy; every other thread needs a connection of its own.  */
  b = idltest_connect (name, &rt_iface);
  struct job busy = { 2500, -1, 0, 0, 0 };
  pthread_t bt = start (&busy);
  usleep (200 * 1000);

  /* A deadline of 500 ms, the server busy for 2.3 s more: the
     deadline holds, whoever is slow (the handshake in a loop server,
     the call in the others), and it is a timeout (a call that waited
     for the server would take 2.3 s).  */
  call_in_thread ("first call, 500 ms deadline", 0, 500 * 1000,
		  IDL_E_TIMEOUT, 499, 500 + ROOM_MS);

  /* No deadline: it waits for the server as any call does, on the
     connection the timed-out thread left, made or not.  */
  call_in_thread ("first call, no deadline", 0, 0, IDL_OK, 0, 10000);
  CHECK (pthread_join (bt, NULL) == 0);
  expect ("the busy call", &busy, IDL_OK, 2499, 10000);
  for (int i = 0; i < 3; i++)
    call_in_thread ("a later thread", 0, 1000 * 1000, IDL_OK, 0, 1000);
  idl_close (b);

  /* The handshake's time comes out of the call's: a server busy for
     2 s more, a 1 s deadline, an implementation of 600 ms (a deadline
     that started after the handshake would let the call succeed after
     2.6 s).  */
  b = idltest_connect (name, &rt_iface);
  busy = (struct job) { 2200, -1, 0, 0, 0 };
  bt = start (&busy);
  usleep (200 * 1000);
  call_in_thread ("handshake and call in one deadline", 600, 1000 * 1000,
		  IDL_E_TIMEOUT, 999, 1000 + ROOM_MS);
  CHECK (pthread_join (bt, NULL) == 0);
  usleep (1500 * 1000);		/* the late reply comes and goes */

  /* A server that has gone: a thread's call says so at once, on a
     connection another thread left or on a new one (with 2 s of room:
     these calls have no deadline, so one that missed the death would
     never return and trip the watchdog).  */
  CHECK (kill (srv, SIGKILL) == 0);
  int status;
  CHECK (waitpid (srv, &status, 0) == srv);
  rt_forget_server (srv);
  call_in_thread ("server gone", 0, -1, IDL_E_PEER_DIED, 0, 2000);
  struct job two[2] = { { 0, -1, 0, 0, 0 }, { 0, -1, 0, 0, 0 } };
  pthread_t t0 = start (&two[0]), t1 = start (&two[1]);
  CHECK (pthread_join (t0, NULL) == 0 && pthread_join (t1, NULL) == 0);
  expect ("server gone, two threads", &two[0], IDL_E_PEER_DIED, 0, 2000);
  expect ("server gone, two threads", &two[1], IDL_E_PEER_DIED, 0, 2000);

  idl_close (b);
  return 0;
}
