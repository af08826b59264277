/* { dg-do compile } */
/* { dg-options "-O2 --param max-inline-insns-single=200" } */
/* Area: code
   Purpose: the limit inline-limits.c runs into is GCC's --param
   max-inline-insns-single: raised to 200 (its -O3 value), the stub of
   about 80 is inlined too; the one taking a record of more than 64
   bytes by value still is not (the plugin marks it noinline, whatever
   the limits).  */

#include <idlstub.h>

IDL_INTERFACE (inl, 0x1771, 1);

struct big { long w[9]; };		/* 72 bytes */

IDL_OP (inl, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (inl, 2) void strxfer (idl_binding_t *b,
			      IDL_STRING (119) IDL_IN const char *a,
			      IDL_OUT long *c, IDL_OUT long *d);
IDL_OP (inl, 3) long record (idl_binding_t *b, struct big r);

long use_tiny (idl_binding_t *b, long x);
void use_strxfer (idl_binding_t *b, const char *s, long *c, long *d);
long use_record (idl_binding_t *b, const struct big *r);

long
use_tiny (idl_binding_t *b, long x)
{
  return tiny (b, x) + 1;
}

void
use_strxfer (idl_binding_t *b, const char *s, long *c, long *d)
{
  strxfer (b, s, c, d);
}

long
use_record (idl_binding_t *b, const struct big *r)
{
  return record (b, *r);
}

/* Inlined: no copy, no call.  */
/* { dg-final { scan-assembler-not {(?n)^tiny:} } } */
/* { dg-final { scan-assembler-not {(?n)(call|jmp)\s+tiny\M} } } */
/* Within the raised limit: inlined.  */
/* { dg-final { scan-assembler-not {(?n)^strxfer:} } } */
/* { dg-final { scan-assembler-not {(?n)(call|jmp)\s+strxfer\M} } } */
/* A large record by value: called, one copy.  */
/* { dg-final { scan-assembler {(?n)(call|jmp)\s+record\M} } } */
/* { dg-final { scan-assembler-times {(?n)^record:} 1 } } */
