/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a use of the dispatcher before IDL_SERVER, later in the
   file, is no error.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);

int
main (void)
{
  int err;
  idl_server_t *s = idl_server_create ("@calc", &calc, calc_dispatch, &err);
  return s != 0;
}

IDL_SERVER (calc);

long
tiny_impl (idl_call_t *call, long x)
{
  (void) call;
  return x + 1;
}
