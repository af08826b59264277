/* { dg-do run } */
/* Area: run
   Purpose: two interfaces of one name, each declared in a block scope
   of its own, each with its operation and its dispatcher: both serve
   and are called.  Their tables of operations used to be two file-scope
   symbols "x.idl_ops", which the assembler refused.  */

#include <idlstub.h>
#include "idltest.h"

static long
first (void)
{
  IDL_INTERFACE (x, 0x51, 1);
  IDL_OP (x, 1) long xa (idl_binding_t *b, long v);
  IDL_SERVER (x);
  const char *name = idltest_name ("first");
  pid_t srv = idltest_fork_server (name, &x, x_dispatch);
  idl_binding_t *b = idltest_connect (name, &x);
  long r = xa (b, 20);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (srv);
  return r;
}

static long
second (void)
{
  IDL_INTERFACE (x, 0x52, 1);
  IDL_OP (x, 1) long xb (idl_binding_t *b, long v);
  extern uint64_t second_dispatch (idl_call_t *, uint64_t *)
    __attribute__ ((__idl_dispatcher__ (x)));
  const char *name = idltest_name ("second");
  pid_t srv = idltest_fork_server (name, &x, second_dispatch);
  idl_binding_t *b = idltest_connect (name, &x);
  long r = xb (b, 20);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (srv);
  return r;
}

long xa_impl (idl_call_t *c, long v) { return v + 1; }
long xb_impl (idl_call_t *c, long v) { return v + 2; }

int
main (void)
{
  CHECK (first () == 21);
  CHECK (second () == 22);
  return 0;
}
