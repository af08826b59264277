/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an implementation must return the operation's type; note at the operation */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x); /* { dg-message "operation 'tiny' declared here" } */
int tiny_impl (idl_call_t *call, long x) /* { dg-error "implementation 'tiny_impl' does not match operation 'tiny' in its result type" } */
{ /* { dg-message "implementation 'tiny_impl' returns 'int' but operation 'tiny' returns 'long int'" "" { target *-*-* } .-1 } */
  return x;
}
