/* { dg-do run } */
/* Area: run
   Purpose: implementations of one server never run concurrently: four
   client processes and two bindings each do unlocked read-modify-write
   updates on the server, and none is lost.  */

#include <sched.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (ser, 0x100d, 1);

IDL_OP (ser, 1) long add (idl_binding_t *b, int by);
IDL_OP (ser, 2) long total (idl_binding_t *b, IDL_OUT int *overlaps);
IDL_OP (ser, 3) IDL_ONEWAY void add_later (idl_binding_t *b, int by);

IDL_SERVER (ser);

static volatile long counter;
static volatile int inside, overlaps;

static void
slow_add (int by)
{
  if (inside++)
    overlaps++;
  long v = counter;
  sched_yield ();		/* invite another thread in */
  counter = v + by;
  inside--;
}

long
add_impl (idl_call_t *call, int by)
{
  slow_add (by);
  return counter;
}

void
add_later_impl (idl_call_t *call, int by)
{
  slow_add (by);
}

long
total_impl (idl_call_t *call, int *o)
{
  *o = overlaps;
  return counter;
}

enum { CLIENTS = 4, CALLS = 500 };

int
main (void)
{
  const char *name = idltest_name ("serialized");
  pid_t srv = idltest_fork_server (name, &ser, ser_dispatch);
  pid_t kids[CLIENTS];

  for (int k = 0; k < CLIENTS; k++)
    {
      kids[k] = fork ();
      CHECK (kids[k] >= 0);
      if (kids[k] == 0)
	{
	  idl_binding_t *b1 = idltest_connect (name, &ser);
	  idl_binding_t *b2 = idltest_connect (name, &ser);
	  for (int i = 0; i < CALLS; i++)
	    {
	      CHECK (add (b1, 1) > 0);
	      add_later (b2, 2);
	      CHECK (idl_error (b1) == IDL_OK && idl_error (b2) == IDL_OK);
	    }
	  /* The last one-way is taken before this call returns.  */
	  int o = -1;
	  total (b2, &o);
	  CHECK (idl_error (b2) == IDL_OK);
	  idl_close (b1);
	  idl_close (b2);
	  _exit (0);
	}
    }
  for (int k = 0; k < CLIENTS; k++)
    {
      int status;
      CHECK (waitpid (kids[k], &status, 0) == kids[k]);
      CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }

  idl_binding_t *b = idltest_connect (name, &ser);
  int o = -1;
  /* One-ways posted by a client before it exited may still be queued on
     its connection: wait a little for them.  */
  long t = 0;
  for (int tries = 0; tries < 500; tries++)
    {
      t = total (b, &o);
      if (t == (long) CLIENTS * CALLS * 3)
	break;
      usleep (10000);
    }
  if (t != (long) CLIENTS * CALLS * 3 || o != 0)
    fprintf (stderr, "total %ld, want %ld; %d overlaps\n", t,
	     (long) CLIENTS * CALLS * 3, o);
  CHECK (o == 0);
  CHECK (t == (long) CLIENTS * CALLS * 3);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
