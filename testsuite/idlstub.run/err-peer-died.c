/* { dg-do run } */
/* Area: run
   Purpose: calls after the server died (killed between calls, or dying
   inside an implementation) return 0 with IDL_E_PEER_DIED and leave out
   and inout parameters untouched.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (mortal, 0x100b, 1);

IDL_OP (mortal, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (mortal, 2) long server_pid (idl_binding_t *b);
IDL_OP (mortal, 3) int outs (idl_binding_t *b, IDL_OUT long *o,
			     IDL_INOUT short *io, IDL_OUT unsigned char *c);
IDL_OP (mortal, 4) double dbl (idl_binding_t *b, double x);
IDL_OP (mortal, 5) long wide (idl_binding_t *b, long a, long b_, long c,
			      long d, long e, IDL_OUT long *o);
IDL_OP (mortal, 6) IDL_ONEWAY void note (idl_binding_t *b, long x);
IDL_OP (mortal, 7) long die (idl_binding_t *b, IDL_OUT long *o);
IDL_OP (mortal, 8) _Bool yes (idl_binding_t *b);

IDL_SERVER (mortal);

long tiny_impl (idl_call_t *c, long x) { return x + 1; }
long server_pid_impl (idl_call_t *c) { return getpid (); }

int
outs_impl (idl_call_t *c, long *o, short *io, unsigned char *ch)
{
  *o = 0x1111;
  *io = (short) (*io + 1);
  *ch = 0x22;
  return 33;
}

double dbl_impl (idl_call_t *c, double x) { return x * 2; }

long
wide_impl (idl_call_t *c, long a, long b, long cc, long d, long e, long *o)
{
  *o = a + b + cc + d + e;
  return 5;
}

void note_impl (idl_call_t *c, long x) { }

/* Dies in the middle of a call.  */
long
die_impl (idl_call_t *c, long *o)
{
  *o = 1;
  _exit (7);
}

_Bool yes_impl (idl_call_t *c) { return 1; }

/* Every call on a binding whose server is gone must fail the same way.  */
static void
check_dead (idl_binding_t *b)
{
  long o = -5;
  short io = -6;
  unsigned char ch = 0xee;
  double d;

  CHECK (tiny (b, 41) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);

  CHECK (outs (b, &o, &io, &ch) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (o == -5 && io == -6 && ch == 0xee);

  d = dbl (b, 1.5);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (memcmp (&d, &(double) { 0.0 }, sizeof d) == 0);

  CHECK (wide (b, 1, 2, 3, 4, 5, &o) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (o == -5);

  CHECK (yes (b) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);

  note (b, 1);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);

  CHECK (server_pid (b) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
}

int
main (void)
{
  /* Writing to a dead peer's socket must not kill the client: the
     runtime is expected to cope with SIGPIPE itself, so leave the
     default disposition.  */
  const char *name = idltest_name ("peer-died");
  pid_t srv = idltest_fork_server (name, &mortal, mortal_dispatch);
  idl_binding_t *b = idltest_connect (name, &mortal);

  /* Alive: everything works.  */
  {
    long o = -5;
    short io = -6;
    unsigned char ch = 0xee;
    CHECK (server_pid (b) == srv);
    CHECK (tiny (b, 41) == 42);
    CHECK (outs (b, &o, &io, &ch) == 33);
    CHECK (o == 0x1111 && io == -5 && ch == 0x22);
    CHECK (dbl (b, 1.5) == 3.0);
    CHECK (wide (b, 1, 2, 3, 4, 5, &o) == 5 && o == 15);
    CHECK (yes (b) == 1);
    CHECK (idl_error (b) == IDL_OK);
  }

  /* Killed between two calls.  */
  idltest_stop_server (srv);
  check_dead (b);
  /* It stays dead.  */
  check_dead (b);
  idl_close (b);

  /* Dying inside an implementation.  */
  name = idltest_name ("peer-died-2");
  srv = idltest_fork_server (name, &mortal, mortal_dispatch);
  b = idltest_connect (name, &mortal);
  CHECK (tiny (b, 1) == 2);
  {
    long o = 0x7777;
    CHECK (die (b, &o) == 0);
    CHECK (idl_error (b) == IDL_E_PEER_DIED);
    CHECK (o == 0x7777);
  }
  check_dead (b);
  idl_close (b);
  {
    int status;
    CHECK (waitpid (srv, &status, 0) == srv);
    CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 7);
  }

  /* Nobody serves the name any more.  */
  {
    int err = 0;
    CHECK (idl_connect (name, &mortal, &err) == NULL);
    CHECK (err == IDL_E_CONNECT);
  }
  return 0;
}
