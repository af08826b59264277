/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an operation's body is generated; defining it is an error */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long f (idl_binding_t *b, long x);
long f (idl_binding_t *b, long x) /* { dg-error "operation 'f' is defined here, but the plugin generates its client stub; implement it on the server as 'f_impl'" } */
{
  return x;
}
