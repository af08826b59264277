/* { dg-do compile } */
/* { dg-options "-O2" } */
/* Area: code
   Purpose: an interface whose numbers would need a table of more than
   four slots per operation (1, 2, 3 and 100: 128 slots) gets no table
   of addresses; its dispatcher switches on the whole number and GCC
   chooses the code (here compares), as the paper's trade-off between
   table size and working set asks (000, 4.4.2).  */

#include <idlstub.h>

IDL_INTERFACE (sparse, 0x21, 1);

IDL_OP (sparse, 1) long s1 (idl_binding_t *b, long x);
IDL_OP (sparse, 2) long s2 (idl_binding_t *b, long x);
IDL_OP (sparse, 3) long s3 (idl_binding_t *b, long x);
IDL_OP (sparse, 100) long s100 (idl_binding_t *b, long x);

IDL_SERVER (sparse);

long s1_impl (idl_call_t *c, long x);
long s2_impl (idl_call_t *c, long x);
long s3_impl (idl_call_t *c, long x);
long s100_impl (idl_call_t *c, long x);

/* { dg-final { scan-assembler {(?n)^sparse_dispatch:} } } */
/* { dg-final { scan-assembler-not {idl_dispatch} } } */
/* { dg-final { scan-assembler {(?n)^\s(cmp[lq]|sub[lq])\s+\$100,} } } */
/* { dg-final { scan-assembler {(?n)s100_impl} } } */
