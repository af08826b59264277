/* { dg-do run } */
/* Area: runtime
   Purpose: two client processes each make 10000 calls at once on their
   own connections; every reply carries the value for its own request.  */

#include "rt-common.h"

#define CALLS 10000

static void
client (const char *name, uint64_t seed)
{
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  const uint64_t *mr = rt_mr (b);
  uint64_t words[8];

  for (uint64_t i = 0; i < CALLS; i++)
    {
      uint64_t x = seed * 1000003 + i;
      if (i % 10 == 0)
	{
	  /* A longer message now and then, through memory.  */
	  for (unsigned j = 0; j < 8; j++)
	    words[j] = x + j;
	  CHECK (idl_call_m (b, rt_tag (RT_ECHO, 8), words)
		 == rt_tag (RT_ECHO, 8));
	  for (unsigned j = 0; j < 8; j++)
	    CHECK (mr[1 + j] == ~(x + j));
	}
      else
	{
	  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, seed, 0, 0)
		 == rt_tag (RT_ADD, 1));
	  CHECK (mr[1] == x + seed);
	}
      CHECK (idl_error (b) == IDL_OK);
    }
  idl_close (b);
}

int
main (void)
{
  const char *name = idltest_name ("concurrent");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  pid_t kid[2];
  int status;
  double t0 = rt_now_ms ();

  for (int k = 0; k < 2; k++)
    {
      kid[k] = fork ();
      CHECK (kid[k] >= 0);
      if (kid[k] == 0)
	{
	  client (name, 17 + k * 1000);
	  _exit (0);
	}
    }
  for (int k = 0; k < 2; k++)
    {
      CHECK (waitpid (kid[k], &status, 0) == kid[k]);
      CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }
  printf ("2 x %d calls in %.0f ms\n", CALLS, rt_now_ms () - t0);
  rt_stop_server (srv);
  return 0;
}
