/* { dg-do run } */
/* Area: run
   Purpose: client and server are two processes (getpid differs, the
   server sees the client's pid); 20000 tiny calls in a loop and
   interleaved calls on two bindings all return the right values.  */

#include <limits.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (loop, 0x100c, 1);

IDL_OP (loop, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (loop, 2) long server_pid (idl_binding_t *b);
IDL_OP (loop, 3) long peer_pid (idl_binding_t *b);
IDL_OP (loop, 4) unsigned long calls (idl_binding_t *b);

IDL_SERVER (loop);

static unsigned long ncalls;

long
tiny_impl (idl_call_t *call, long x)
{
  ncalls++;
  return x * 3 - 1;
}

long server_pid_impl (idl_call_t *call) { return getpid (); }
long peer_pid_impl (idl_call_t *call) { return idl_call_peer_pid (call); }
unsigned long calls_impl (idl_call_t *call) { return ncalls; }

/* The stub inlines here at -O2 (a caller other than main).  */
static long __attribute__ ((__noinline__))
run (idl_binding_t *b, long n, long start)
{
  long bad = 0;
  for (long i = 0; i < n; i++)
    {
      long x = start + i * 0x9e3779b97L;
      if (tiny (b, x) != x * 3 - 1)
	bad++;
    }
  return bad;
}

int
main (void)
{
  const char *name = idltest_name ("loop");
  pid_t srv = idltest_fork_server (name, &loop, loop_dispatch);
  idl_binding_t *b = idltest_connect (name, &loop);

  long spid = server_pid (b);
  CHECK (spid == srv);
  CHECK (spid != getpid ());
  CHECK (spid > 0);
  CHECK (peer_pid (b) == getpid ());

  CHECK (run (b, 20000, -10000) == 0);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (calls (b) == 20000);

  /* A plain counting loop, every value checked.  */
  for (long i = 0; i < 20000; i++)
    CHECK (tiny (b, i) == 3 * i - 1);
  CHECK (calls (b) == 40000);

  /* Two bindings to the same server, used in turn.  */
  idl_binding_t *b2 = idltest_connect (name, &loop);
  CHECK (peer_pid (b2) == getpid ());
  for (long i = 0; i < 2000; i++)
    {
      CHECK (tiny (b, i) == 3 * i - 1);
      CHECK (tiny (b2, -i) == -3 * i - 1);
    }
  CHECK (calls (b2) == 44000);
  idl_close (b2);

  /* A second client process: its own pid reaches the server.  */
  pid_t child = fork ();
  CHECK (child >= 0);
  if (child == 0)
    {
      idl_binding_t *c = idltest_connect (name, &loop);
      CHECK (peer_pid (c) == getpid ());
      CHECK (server_pid (c) == srv);
      CHECK (run (c, 1000, LONG_MIN / 4) == 0);
      idl_close (c);
      _exit (0);
    }
  int status;
  CHECK (waitpid (child, &status, 0) == child);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  CHECK (calls (b) == 45000);
  CHECK (peer_pid (b) == getpid ());

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
