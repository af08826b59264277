/* { dg-do compile } */
/* { dg-options "-Wall -Wextra -Wmissing-prototypes -Wredundant-decls -Werror" } */
/* Area: diagnostics
   Purpose: what the plugin declares for IDL_SERVER (the dispatcher, the
   implementations) draws no -Wredundant-decls warning: a server file
   stays clean under it, with a prototype of its own written before
   IDL_SERVER too.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long other (idl_binding_t *b, long x);

long other_impl (idl_call_t *call, long x);

IDL_SERVER (calc);

long
tiny_impl (idl_call_t *call, long x)
{
  (void) call;
  return x + 1;
}

long
other_impl (idl_call_t *call, long x)
{
  (void) call;
  return x;
}
