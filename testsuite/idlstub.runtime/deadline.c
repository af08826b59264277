/* { dg-do run } */
/* Area: runtime
   Purpose: a call whose server takes longer than the binding's or the
   call's timeout returns IDL_E_TIMEOUT on time; the binding stays
   usable, and its next call gets its own reply, never the late one
   (same operation, other value), and none of the late reply's
   descriptors; a dead server is still IDL_E_PEER_DIED, not a
   timeout.  */

#include <pthread.h>
#include "rt-common.h"

static uint64_t
err_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* RT_SLOW_ADD: A + B after MS milliseconds; returns the tag.  */
static uint64_t
slow_add (idl_binding_t *b, uint64_t a, uint64_t c, uint64_t ms)
{
  return idl_call_r4 (b, rt_tag (RT_SLOW_ADD, 3), a, c, ms, 0);
}

/* A call that must succeed with A + B.  */
static void
add_ok (idl_binding_t *b, uint64_t a, uint64_t c, uint64_t ms)
{
  double t0 = rt_now_ms ();
  uint64_t r = slow_add (b, a, c, ms);
  if (r != rt_tag (RT_SLOW_ADD, 1))
    fprintf (stderr, "slow_add (%llu, %llu, %llu ms): %s after %.1f ms\n",
	     (unsigned long long) a, (unsigned long long) c,
	     (unsigned long long) ms, idl_strerror (idl_error (b)),
	     rt_now_ms () - t0);
  CHECK (r == rt_tag (RT_SLOW_ADD, 1));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (rt_mr (b)[1] == a + c);
}

/* Room for a loaded machine on the time a timeout takes (the CI
   machine's two cores run other work).  */
#define ROOM_MS 1000

/* A call that must time out after about TIMEOUT_MS.  The event is the
   timeout itself: a call that waited for the reply would return the
   sum.  The bound on the time (TIMEOUT_MS + ROOM_MS) fails a call that
   reports the timeout only when the late reply comes, where the
   implementation takes longer than that (the first case below).  */
static void
add_times_out (idl_binding_t *b, uint64_t ms, double timeout_ms)
{
  double t0 = rt_now_ms ();
  uint64_t r = slow_add (b, 1, 2, ms);
  double took = rt_now_ms () - t0;
  if (r != err_tag (IDL_E_TIMEOUT) || took >= timeout_ms + ROOM_MS)
    /* So that a failure under load says what came back, and when.  */
    fprintf (stderr, "slow_add (1, 2, %llu ms), timeout %.0f ms: tag %#llx, "
	     "%s after %.1f ms\n", (unsigned long long) ms, timeout_ms,
	     (unsigned long long) r, idl_strerror (idl_error (b)), took);
  CHECK (r == err_tag (IDL_E_TIMEOUT));
  CHECK (idl_error (b) == IDL_E_TIMEOUT);
  CHECK (took >= timeout_ms - 1);
  CHECK (took < timeout_ms + ROOM_MS);
}

static pid_t victim;

static void *
killer (void *arg)
{
  (void) arg;
  usleep (150 * 1000);
  CHECK (kill (victim, SIGKILL) == 0);
  return NULL;
}

int
main (void)
{
  const char *name = idltest_name ("deadline");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);

  /* No timeout by default: a slow call just takes its time.  */
  CHECK (idl_set_timeout (b, 0) == 0);
  add_ok (b, 3, 4, 250);

  /* A one-off timeout: 100 ms against a 2500 ms implementation, more
     than the timeout and ROOM_MS together: on time by a margin a
     loaded machine does not eat.  */
  idl_set_next_timeout (b, 100 * 1000);
  add_times_out (b, 2500, 100);
  /* The next call (no timeout) waits for the late reply, throws it
     away, and gets its own: 10 + 20, not the late 1 + 2.  */
  double t0 = rt_now_ms ();
  add_ok (b, 10, 20, 0);
  CHECK (rt_now_ms () - t0 >= 2000);	/* it did wait for the late one */
  add_ok (b, 11, 22, 0);

  /* A default timeout, for every call.  */
  CHECK (idl_set_timeout (b, 50 * 1000) == 0);
  add_times_out (b, 300, 50);
  /* The late reply is still 250 ms away: the next call, with the same
     50 ms, times out waiting for it.  */
  add_times_out (b, 0, 50);
  /* A longer one-off timeout outlasts the late reply.  */
  idl_set_next_timeout (b, 2000 * 1000);
  add_ok (b, 5, 6, 0);
  /* ...and was for that call only.  */
  add_times_out (b, 200, 50);
  /* The late reply arrives meanwhile (with room for a loaded machine:
     the next call has 50 ms only).  */
  usleep (600 * 1000);
  add_ok (b, 7, 8, 0);

  /* Fast calls under a deadline all succeed.  Not 50 ms: on a loaded
     2-CPU machine one of 20000 calls can wait that long for a CPU
     (seen in make check), which says nothing about the deadlines.  */
  idl_set_timeout (b, 1000 * 1000);
  for (uint64_t i = 0; i < 20000; i++)
    add_ok (b, i, i * 3, 0);
  idl_set_timeout (b, 50 * 1000);

  /* A one-off "none" overrides a default.  */
  idl_set_next_timeout (b, 0);
  add_ok (b, 1, 1, 150);
  CHECK (idl_set_timeout (b, 0) == 50 * 1000);

  /* A late reply with descriptors: they are closed, not left to the
     next call's stub.  */
  int fds_before = rt_fd_count (0);
  idl_set_next_timeout (b, 50 * 1000);
  CHECK (idl_call_r4 (b, rt_tag (RT_SLOW_OPEN, 2), 3, 200, 0, 0)
	 == err_tag (IDL_E_TIMEOUT));
  add_ok (b, 100, 200, 0);
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    CHECK (rt_fds (b)[i] == -1);
  CHECK (rt_fd_count (0) == fds_before);

  /* The payload entry point waits within the deadline too, and a call
     with a payload can time out.  */
  idl_set_next_timeout (b, 50 * 1000);
  CHECK (slow_add (b, 1, 2, 200) == err_tag (IDL_E_TIMEOUT));
  idl_set_next_timeout (b, 20 * 1000);
  CHECK (idl_request_payload (b) == NULL);
  CHECK (idl_error (b) == IDL_E_TIMEOUT);
  uint8_t *p = idl_request_payload (b);	/* no deadline: waits */
  CHECK (p != NULL);
  memcpy (p, "abc", 3);
  idl_set_next_timeout (b, 1000 * 1000);
  CHECK (idl_call_x (b, rt_tag (RT_XFORM, 0), NULL, 3, NULL, 0)
	 == rt_tag (RT_XFORM, 2));
  CHECK (rt_payload (b)[0] == ('c' ^ 0xa5)
	 && rt_payload (b)[2] == ('a' ^ 0xa5));

  /* One-way sends: a send waits only for the page, which the server
     frees before it dispatches, so it does not time out; the call after
     it waits for the busy implementation and does.  */
  idl_set_timeout (b, 50 * 1000);
  CHECK (idl_send_r4 (b, rt_tag (RT_SLEEP, 1), 200, 0, 0, 0) == 0);
  add_times_out (b, 0, 50);
  usleep (500 * 1000);		/* both done, with room for a loaded
				   machine */
  add_ok (b, 9, 9, 0);

  /* A server that dies during a call with a deadline: the call says so
     long before its deadline, and it is not a timeout.  The bound is an
     event's, with room for a loaded machine: a death noticed only by
     the 5 s deadline, or when the 3 s implementation would have ended,
     takes seconds; noticed, it takes well under one (a distcheck run at
     nice 19 beside other builds once took over 100 ms).  */
  idl_set_timeout (b, 5000 * 1000);
  victim = srv;
  pthread_t t;
  CHECK (pthread_create (&t, NULL, killer, NULL) == 0);
  t0 = rt_now_ms ();
  CHECK (slow_add (b, 1, 2, 3000) == err_tag (IDL_E_PEER_DIED));
  CHECK (rt_now_ms () - t0 < 150 + 1000);
  CHECK (pthread_join (t, NULL) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  int status;
  CHECK (waitpid (srv, &status, 0) == srv);
  rt_forget_server (srv);

  idl_close (b);
  return 0;
}
