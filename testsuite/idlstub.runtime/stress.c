/* { dg-do run } */
/* { dg-timeout 120 } */
/* Area: runtime
   Purpose: the issue-4 stress test: 8 client processes x 100000 calls
   against a 4-worker server; every reply's value is checked and every
   call is counted by the server, so no call is lost or answered
   twice.  With RT_STRESS_CALLS in the environment a run can use
   another count (to time it, say).  */

#include <pthread.h>
#include "rt-common.h"

#define CLIENTS 8
#define WORKERS 4
#define CALLS 100000

/* Calls served, per client index (the server's count; workers run
   concurrently, so atomically).  */
static uint64_t served[CLIENTS];

/* RT_ADD as rt_dispatch does it, counting the call for the client
   whose index is in W2's top bits; anything else goes to
   rt_dispatch (RT_LOAD here means: reply with client W1's count).  */
static uint64_t
stress_dispatch (idl_call_t *call, uint64_t *msg)
{
  unsigned op = (msg[0] >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  unsigned n = msg[0] & IDL_TAG_COUNT_MASK;

  if (op == RT_ADD && n == 2)
    {
      unsigned k = msg[2] >> 56;
      if (k >= CLIENTS)
	return IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
      __atomic_fetch_add (&served[k], 1, __ATOMIC_RELAXED);
      msg[1] = msg[1] + msg[2];
      return rt_tag (RT_ADD, 1);
    }
  if (op == RT_LOAD && n == 1 && msg[1] < CLIENTS)
    {
      msg[1] = __atomic_load_n (&served[msg[1]], __ATOMIC_RELAXED);
      return rt_tag (RT_LOAD, 1);
    }
  return rt_dispatch (call, msg);
}

static uint64_t
load_served (idl_binding_t *b, unsigned k)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 1), k, 0, 0, 0)
	 == rt_tag (RT_LOAD, 1));
  return rt_mr (b)[1];
}

int
main (void)
{
  const char *name = idltest_name ("stress");
  uint64_t calls = CALLS;
  const char *env = getenv ("RT_STRESS_CALLS");
  if (env)
    calls = strtoull (env, NULL, 0);

  pid_t srv = rt_fork_server_workers (name, stress_dispatch, WORKERS);
  pid_t pids[CLIENTS];
  int go[2];
  CHECK (pipe (go) == 0);
  for (unsigned k = 0; k < CLIENTS; k++)
    {
      pids[k] = fork ();
      CHECK (pids[k] >= 0);
      if (pids[k] == 0)
	{
	  idl_binding_t *b = idltest_connect (name, &rt_iface);
	  char c;
	  close (go[1]);
	  /* All connected before any calls: every worker gets two.  */
	  CHECK (read (go[0], &c, 1) == 0);
	  uint64_t tag = rt_tag (RT_ADD, 1);
	  for (uint64_t i = 0; i < calls; i++)
	    {
	      uint64_t x = i * 0x9e3779b97f4a7c15ULL >> 8;
	      uint64_t y = (uint64_t) k << 56 | i;
	      if (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, y, 0, 0) != tag
		  || rt_mr (b)[1] != x + y)
		{
		  fprintf (stderr, "client %u, call %llu: %s\n", k,
			   (unsigned long long) i,
			   idl_strerror (idl_error (b)));
		  _exit (1);
		}
	    }
	  idl_close (b);
	  _exit (0);
	}
    }
  close (go[0]);
  double t0 = rt_now_ms ();
  close (go[1]);		/* go */
  for (unsigned k = 0; k < CLIENTS; k++)
    {
      int status;
      CHECK (waitpid (pids[k], &status, 0) == pids[k]);
      CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }
  double took = rt_now_ms () - t0;
  printf ("%d clients x %llu calls, %d workers: %.0f ms, %.2f us/call\n",
	  CLIENTS, (unsigned long long) calls, WORKERS, took,
	  took * 1000 / (CLIENTS * (double) calls));

  /* The server saw each client's calls exactly once.  */
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  for (unsigned k = 0; k < CLIENTS; k++)
    CHECK (load_served (b, k) == calls);
  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
