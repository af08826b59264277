/* { dg-do compile } */
/* { dg-options "-O2" } */
/* Area: code
   Purpose: at -O2 client stubs inline into their callers: a function
   calling tiny, small and large calls the runtime, never the stubs.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long x, short c);
IDL_OP (calc, 3) long large (idl_binding_t *bnd, long a, long b, long c,
			     long d, long e, long f);

long
use_tiny (idl_binding_t *b, long x)
{
  return tiny (b, x) + 1;
}

long
use_small (idl_binding_t *b, short a, long x)
{
  return small (b, a, x, (short) (a + 1)) * 2;
}

long
use_large (idl_binding_t *b, long x)
{
  return large (b, x, x + 1, x + 2, x + 3, x + 4, x + 5) - 1;
}

/* { dg-final { scan-assembler {(?n)^use_tiny:} } } */
/* { dg-final { scan-assembler-not {(?n)(call|jmp)\s+tiny\M} } } */
/* { dg-final { scan-assembler-not {(?n)(call|jmp)\s+small\M} } } */
/* { dg-final { scan-assembler-not {(?n)(call|jmp)\s+large\M} } } */
/* The runtime is called directly instead.  */
/* { dg-final { scan-assembler {(?n)call\s+idl_callv_r4} } } */
/* { dg-final { scan-assembler {(?n)call\s+idl_callv_m} } } */
