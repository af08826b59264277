/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-inline=always" } */
/* Area: code
   Purpose: -fplugin-arg-idlstub-inline=always inlines client stubs at
   every call, even into main and even at -O0, so no stub is left.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) IDL_ONEWAY void note (idl_binding_t *b, int x);

long
user (idl_binding_t *b, long x)
{
  return tiny (b, x) * 2;
}

int
main (void)
{
  idl_binding_t *b = idl_connect ("@calc", &calc, 0);
  note (b, 3);
  return (int) tiny (b, 41);
}

/* { dg-final { scan-assembler {(?n)^main:} } } */
/* { dg-final { scan-assembler-not {(?n)(call|jmp)\s+tiny\M} } } */
/* { dg-final { scan-assembler-not {(?n)(call|jmp)\s+note\M} } } */
/* { dg-final { scan-assembler {(?n)call\s+idl_callv_r4} } } */
/* { dg-final { scan-assembler {(?n)call\s+idl_send_r4} } } */
/* No out-of-line copy of either stub remains.  */
/* { dg-final { scan-assembler-not {(?n)^tiny:} } } */
/* { dg-final { scan-assembler-not {(?n)^note:} } } */
