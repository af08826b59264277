/* { dg-do run } */
/* Area: runtime
   Purpose: idl_server_stop from an implementation, from a signal handler
   and before idl_server_run makes the server return promptly.  What is
   asserted is that run returns because of the stop, with bounds of
   seconds (a loaded machine can take hundreds of milliseconds to
   schedule a thread); a run that missed the stop would wait for an
   event that never comes and trip the watchdog instead.  */

#include <pthread.h>
#include "rt-common.h"

static idl_server_t *srv;
static double run_returned;

static void *
run_server (void *arg)
{
  (void) arg;
  CHECK (idl_server_run (srv) == 0);
  run_returned = rt_now_ms ();
  return NULL;
}

static void
on_signal (int sig)
{
  (void) sig;
  idl_server_stop (srv);
}

/* Send this process SIGUSR1 after 100 ms (SIGALRM is the watchdog's).  */
static void *
signal_later (void *arg)
{
  (void) arg;
  usleep (100 * 1000);
  kill (getpid (), SIGUSR1);
  return NULL;
}

static idl_server_t *
make_server (const char *name)
{
  int err;
  idl_server_t *s = idl_server_create (name, &rt_iface, rt_dispatch, &err);
  CHECK (s != NULL && err == IDL_OK);
  return s;
}

int
main (void)
{
  const char *name = idltest_name ("stop");
  idl_binding_t *b, *idle;
  pthread_t t;
  double t0;

  rt_arm_watchdog ();
  /* The server runs in this process: without this, our bindings would
     be co-located, and there would be no connection threads to stop
     (colocated.c tests stopping those).  */
  CHECK (setenv ("IDL_COLOCATE", "0", 1) == 0);
  /* From an implementation, with another connection open and asleep:
     run returns after the current call, and both clients then see the
     server gone.  */
  srv = make_server (name);
  CHECK (pthread_create (&t, NULL, run_server, NULL) == 0);
  idle = idltest_connect (name, &rt_iface);
  b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (idle, rt_tag (RT_ADD, 2), 1, 1, 0, 0)
	 == rt_tag (RT_ADD, 1));
  usleep (150 * 1000);		/* let the idle connection's thread sleep */
  t0 = rt_now_ms ();
  CHECK (idl_call_r4 (b, rt_tag (RT_STOP, 0), 0, 0, 0, 0)
	 == rt_tag (RT_STOP, 0));
  CHECK (pthread_join (t, NULL) == 0);
  printf ("stop from an implementation: run returned after %.1f ms\n",
	  run_returned - t0);
  /* Returned while the idle client is still connected (it closes
     below): a run that waited for it to hang up would never return
     (the watchdog).  2 s of room: a run that left the idle
     connection's thread asleep until some later timer is late.  */
  CHECK (run_returned - t0 < 2000);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 1, 0, 0)
	 == (IDL_TAG_ERROR | (uint64_t) IDL_E_PEER_DIED << IDL_TAG_OP_SHIFT));
  CHECK (idl_call_r4 (idle, rt_tag (RT_ADD, 2), 1, 1, 0, 0)
	 == (IDL_TAG_ERROR | (uint64_t) IDL_E_PEER_DIED << IDL_TAG_OP_SHIFT));
  idl_close (b);
  idl_close (idle);
  /* A stopped server accepts nobody, and says so at once: well under
     the client's 5 s handshake timeout (IDL_HANDSHAKE_TIMEOUT_MS),
     which is what a connect would wait if the stopped server still
     listened without answering.  */
  int err;
  t0 = rt_now_ms ();
  CHECK (idl_connect (name, &rt_iface, &err) == NULL);
  CHECK (err == IDL_E_CONNECT);
  CHECK (rt_now_ms () - t0 < 2500);
  idl_server_destroy (srv);

  /* From a signal handler, while run waits for connections.  */
  srv = make_server (name);
  CHECK (signal (SIGUSR1, on_signal) != SIG_ERR);
  t0 = rt_now_ms ();
  CHECK (pthread_create (&t, NULL, signal_later, NULL) == 0);
  CHECK (idl_server_run (srv) == 0);
  CHECK (pthread_join (t, NULL) == 0);
  printf ("stop from a signal handler: run returned after %.1f ms\n",
	  rt_now_ms () - t0);
  /* The signal comes after 100 ms; a run that did not notice the
     handler's stop would sleep on with no connection to wake it (the
     watchdog); 2 s of room for scheduling.  */
  CHECK (rt_now_ms () - t0 < 100 + 2000);
  idl_server_destroy (srv);

  /* Before run: run returns at once.  */
  srv = make_server (name);
  idl_server_stop (srv);
  t0 = rt_now_ms ();
  CHECK (idl_server_run (srv) == 0);
  /* A run that forgot a stop made before it (or waited for a first
     connection) would never return: the watchdog.  */
  CHECK (rt_now_ms () - t0 < 2000);
  idl_server_destroy (srv);
  return 0;
}
