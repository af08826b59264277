/* { dg-do compile } */
/* { dg-options "-O2" } */
/* Area: code
   Purpose: at -O2 the dispatcher finds the server stub of operations
   1-8 through a table of 16 code addresses, indexed by the operation
   number masked with 15, with no bounds check (paper 000, 4.4.2).
   -O2 is appended to every option set: the later option wins.  */

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

/* An and, then an indirect jump through a table of addresses.  */
/* { dg-final { scan-assembler {(?n)^calc_dispatch:} } } */
/* { dg-final { scan-assembler {(?n)^\sand[lq]\s+\$15,} } } */
/* { dg-final { scan-assembler {(?n)^\sjmp\s+\*\(%r[a-z0-9]+,%r[a-z0-9]+,8\)} } } */
/* { dg-final { scan-assembler {(?n)^calc\.idl_dispatch[.0-9]*:} } } */
/* { dg-final { scan-assembler-times {(?n)^\s\.quad\s+\.L[0-9]+$} 16 } } */
/* Every implementation is reached from it.  */
/* { dg-final { scan-assembler {(?n)op1_impl} } } */
/* { dg-final { scan-assembler {(?n)op8_impl} } } */
