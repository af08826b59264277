/* { dg-do compile } */
/* { dg-options "-O2" } */
/* Area: code
   Purpose: operation numbers with gaps (1-6, 9, 10, 12) still give the
   dispatcher a table of 16 addresses, indexed by the number masked
   with 15, whose seven empty slots (0, 7, 8, 11, 13-15) lead to the
   error path: seven entries name one label, which returns the error
   tag.  */

#include <idlstub.h>

IDL_INTERFACE (gappy, 0x20, 3);

IDL_OP (gappy, 12) short g12 (idl_binding_t *b, short x);
IDL_OP (gappy, 1) long g1 (idl_binding_t *b, long x);
IDL_OP (gappy, 2) void g2 (idl_binding_t *b, IDL_OUT int *o);
IDL_OP (gappy, 3) int g3 (idl_binding_t *b, char c, short s);
IDL_OP (gappy, 4) IDL_ONEWAY void g4 (idl_binding_t *b, long x);
IDL_OP (gappy, 5) double g5 (idl_binding_t *b, double d);
IDL_OP (gappy, 6) long g6 (idl_binding_t *b, long x);
IDL_OP (gappy, 9) long g9 (idl_binding_t *b, IDL_INOUT long *x);
IDL_OP (gappy, 10) unsigned g10 (idl_binding_t *b);

IDL_SERVER (gappy);

short g12_impl (idl_call_t *c, short x);
long g1_impl (idl_call_t *c, long x);
void g2_impl (idl_call_t *c, int *o);
int g3_impl (idl_call_t *c, char ch, short s);
void g4_impl (idl_call_t *c, long x);
double g5_impl (idl_call_t *c, double d);
long g6_impl (idl_call_t *c, long x);
long g9_impl (idl_call_t *c, long *x);
unsigned g10_impl (idl_call_t *c);

/* { dg-final { scan-assembler {(?n)^gappy_dispatch:} } } */
/* { dg-final { scan-assembler {(?n)^\sand[lq]\s+\$15,} } } */
/* { dg-final { scan-assembler {(?n)^\sjmp\s+\*\(%r[a-z0-9]+,%r[a-z0-9]+,8\)} } } */
/* { dg-final { scan-assembler-times {(?n)^\s\.quad\s+\.L[0-9]+$} 16 } } */
/* { dg-final { scan-assembler {(?n)^gappy\.idl_dispatch[.0-9]*:\n\s\.quad\s+(\.L[0-9]+)\n(?:\s\.quad\s+\.L[0-9]+\n){6}\s\.quad\s+\1\n\s\.quad\s+\1\n\s\.quad\s+\.L[0-9]+\n\s\.quad\s+\.L[0-9]+\n\s\.quad\s+\1\n\s\.quad\s+\.L[0-9]+\n\s\.quad\s+\1\n\s\.quad\s+\1\n\s\.quad\s+\1\n} } } */
