/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: a request of more than four words goes to the runtime as a
   pointer to the words (idl_callv_m); large is six words.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 3) long large (idl_binding_t *bnd, long a, long b, long c,
			     long d, long e, long f);

long
use (idl_binding_t *bnd, long x)
{
  return large (bnd, x, 2, 3, 4, 5, 6);
}

/* { dg-final { scan-ipa-dump {(?n)request: 6 words after the tag} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)idl_callv_m \(bnd, 68719673350, } "idlstub" } } */
/* { dg-final { scan-ipa-dump-not {(?n)idl_callv_r4} "idlstub" } } */
/* { dg-final { scan-assembler {(?n)call\s+idl_callv_m} } } */
/* { dg-final { scan-assembler-not {(?n)idl_callv_r4} } } */
