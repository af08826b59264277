/* { dg-do run } */
/* Area: runtime
   Purpose: a server killed with SIGKILL mid-call or while idle makes the
   call return IDL_E_PEER_DIED within a second, and every later call too.  */

#include <pthread.h>
#include "rt-common.h"

static pid_t victim;
static double kill_time;

static void *
killer (void *arg)
{
  (void) arg;
  /* Not a multiple of the client's 20 ms sleep slice, so the latency
     measured is not the best case by accident.  */
  usleep (207 * 1000);
  kill_time = rt_now_ms ();
  CHECK (kill (victim, SIGKILL) == 0);
  return NULL;
}

static uint64_t
err_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

int
main (void)
{
  const char *name = idltest_name ("srvdeath");
  idl_binding_t *b;
  pthread_t t;
  double t0, latency;
  int status;

  /* Mid-call: the implementation sleeps 10 s; the server dies after
     207 ms.  */
  victim = rt_fork_server (name, rt_dispatch);
  b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0) == rt_tag (RT_ADD, 1));
  CHECK (pthread_create (&t, NULL, killer, NULL) == 0);
  CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 10000, 0, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  latency = rt_now_ms () - kill_time;
  CHECK (pthread_join (t, NULL) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  printf ("mid-call: server death noticed after %.1f ms\n", latency);
  CHECK (latency >= 0 && latency < 1000);

  /* Later calls and sends fail at once, without touching the page.  */
  t0 = rt_now_ms ();
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  CHECK (idl_send_r4 (b, rt_tag (RT_STORE, 1), 1, 0, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (rt_now_ms () - t0 < 50);
  idl_close (b);
  CHECK (waitpid (victim, &status, 0) == victim);
  rt_forget_server (victim);
  CHECK (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);

  /* While idle: the server is already gone when the call starts.  */
  victim = rt_fork_server (name, rt_dispatch);
  b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0) == rt_tag (RT_ADD, 1));
  CHECK (kill (victim, SIGKILL) == 0);
  CHECK (waitpid (victim, &status, 0) == victim);
  rt_forget_server (victim);
  t0 = rt_now_ms ();
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  latency = rt_now_ms () - t0;
  printf ("idle: server death noticed after %.1f ms\n", latency);
  CHECK (latency < 1000);
  idl_close (b);

  /* With one-way requests queued: a send waiting for the page to come
     free notices the death as well.  */
  victim = rt_fork_server (name, rt_dispatch);
  b = idltest_connect (name, &rt_iface);
  CHECK (idl_send_r4 (b, rt_tag (RT_SLEEP, 1), 10000, 0, 0, 0) == 0);
  CHECK (idl_send_r4 (b, rt_tag (RT_SLEEP, 1), 10000, 0, 0, 0) == 0);
  CHECK (pthread_create (&t, NULL, killer, NULL) == 0);
  /* The page is busy until the server takes this one; it never will.  */
  uint64_t r = idl_send_r4 (b, rt_tag (RT_STORE, 1), 1, 0, 0, 0);
  if (r == 0)
    r = idl_send_r4 (b, rt_tag (RT_STORE, 1), 1, 0, 0, 0);
  CHECK (r == err_tag (IDL_E_PEER_DIED));
  latency = rt_now_ms () - kill_time;
  CHECK (pthread_join (t, NULL) == 0);
  printf ("one-way backlog: server death noticed after %.1f ms\n", latency);
  CHECK (latency < 1000);
  idl_close (b);
  CHECK (waitpid (victim, &status, 0) == victim);
  rt_forget_server (victim);
  return 0;
}
