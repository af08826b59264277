/* { dg-do compile } */
/* { dg-options "-Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes -Werror" } */
/* Area: diagnostics
   Purpose: IDL_SERVER declares every implementation's prototype, of
   the operations before and after it, so that their definitions warn
   under -Wmissing-prototypes no more than those of a header's
   functions do, and a call of one is checked (issue 19, item 2).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_SERVER (calc);
IDL_OP (calc, 2) void get (idl_binding_t *b, IDL_IN const long *in, IDL_OUT double *out);

long
tiny_impl (idl_call_t *call, long x)
{
  double d;
  get_impl (call, &x, &d);
  return x + (long) d;
}

void
get_impl (idl_call_t *call, const long *in, double *out)
{
  (void) call;
  *out = (double) *in;
}
