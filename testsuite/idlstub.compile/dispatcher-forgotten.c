/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a server that uses the dispatcher without IDL_SERVER is told
   that it forgot IDL_SERVER, at the use, rather than that calc_dispatch
   is undeclared (issue 19, item 2).  IDL_SERVER after the use is
   fine: see impl-prototypes.c and dispatcher-late.c.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1); /* { dg-message "interface 'calc' defined here" } */
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);

int
main (void)
{
  int err;
  idl_server_t *s = idl_server_create ("@calc", &calc, calc_dispatch, &err); /* { dg-error "56: 'calc_dispatch' is the dispatcher that 'IDL_SERVER \\(calc\\)' generates, but this file has no 'IDL_SERVER \\(calc\\)'; did you forget it\\?" } */
  return s != 0;
}
