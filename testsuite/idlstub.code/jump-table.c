/* { dg-do compile } */
/* { dg-options "-O2" } */
/* Area: code
   Purpose: at -O2 the dispatcher's switch on the operation number becomes
   a jump table (paper 000, 4.4.2).  -O2 is appended to every option set:
   the later option wins.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long op1 (idl_binding_t *b, long x);
IDL_OP (calc, 2) long op2 (idl_binding_t *b, long x);
IDL_OP (calc, 3) long op3 (idl_binding_t *b, long x);
IDL_OP (calc, 4) long op4 (idl_binding_t *b, long x);
IDL_OP (calc, 5) long op5 (idl_binding_t *b, long x);
IDL_OP (calc, 6) long op6 (idl_binding_t *b, long x);
IDL_OP (calc, 7) long op7 (idl_binding_t *b, long x);
IDL_OP (calc, 8) long op8 (idl_binding_t *b, long x);

IDL_SERVER (calc);

long op1_impl (idl_call_t *c, long x);
long op2_impl (idl_call_t *c, long x);
long op3_impl (idl_call_t *c, long x);
long op4_impl (idl_call_t *c, long x);
long op5_impl (idl_call_t *c, long x);
long op6_impl (idl_call_t *c, long x);
long op7_impl (idl_call_t *c, long x);
long op8_impl (idl_call_t *c, long x);

/* An indirect jump through a table of label differences.  */
/* { dg-final { scan-assembler {(?n)^calc_dispatch:} } } */
/* { dg-final { scan-assembler {(?n)jmp\s+\*%r} } } */
/* { dg-final { scan-assembler {(?n)\.long\s+\.L[0-9]+-\.L[0-9]+} } } */
/* Every implementation is reached from it.  */
/* { dg-final { scan-assembler {(?n)op1_impl} } } */
/* { dg-final { scan-assembler {(?n)op8_impl} } } */
