/* { dg-do compile } */
/* { dg-options "-Wmissing-prototypes -Werror" } */
/* Area: diagnostics
   Purpose: a file with IDL_SERVER and no implementation holds the
   dispatcher only: its implementations are in another file (another
   unit, or one clang compiles), which one unit cannot see, so nothing
   is missing.  Helpers close in name to an implementation but not
   ending in _impl are not taken for misspellings there.  Prototypes
   that IDL_SERVER declares keep -Wmissing-prototypes quiet for those
   defined here.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long other (idl_binding_t *b, long x);
IDL_SERVER (calc);

static long tiny_imp (long x) { return x; }

long
other_impl (idl_call_t *call, long x)
{
  (void) call;
  return tiny_imp (x);
}

long tiny_impl (idl_call_t *call, long x);
