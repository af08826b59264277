/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an operation defined as a GNU nested function is an error,
   as one defined at file scope is (op-defined.c): it used to be
   accepted, a local function standing for the remote one.  An
   implementation must be at file scope too: the dispatcher calls it
   from outside.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 2) long g (idl_binding_t *b, long x);

long
outer (idl_binding_t *b)
{
  IDL_OP (calc, 1) long f (idl_binding_t *b, long x) { return x; } /* { dg-error "operation 'f' is defined here, as a nested function, but the plugin generates its client stub; implement it on the server as 'f_impl', at file scope" } */
  long g_impl (idl_call_t *c, long x) { return x; } /* { dg-error "implementation 'g_impl' is a nested function; the dispatcher calls it from outside its function: define it at file scope" } */
  return f (b, 1) + g (b, 2);
}
