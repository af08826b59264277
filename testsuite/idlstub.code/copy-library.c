/* { dg-do compile { target x86_64-*-* } } */
/* { dg-skip-if "inlining folds constants" { *-*-* } { "-O0" } } */
/* { dg-skip-if "no assembly" { *-*-* } { "-flto" } } */
/* { dg-skip-if "the engine copies" { *-*-* } { "-fplugin-arg-idlstub-mode=compact" } } */
/* Area: code
   Purpose: a client stub copies a buffer whose size is known only at
   run time, and may be over 32 bytes, with the C library's memcpy (as
   a hand-written stub does; marshal.cc, copy_bytes), not with an inline
   rep movsq, which GCC would choose because the stub's bound check
   tells it the size is under 8 KiB.  A size that inlining makes a
   constant, and a buffer of at most 32 bytes, are still copied
   inline.  So of the three calls below only put_var's copy calls
   memcpy, and it does so without a PLT (library-noplt.c).  */

#include <idlstub.h>

IDL_INTERFACE (cpy, 0x77, 1);

IDL_OP (cpy, 1) int put (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 1024) const int *v, int n);
IDL_OP (cpy, 2) int put_small (idl_binding_t *b,
			       IDL_IN IDL_SIZE_IS (n, 8) const int *v,
			       int n);

int
put_var (idl_binding_t *b, const int *v, int n)
{
  return put (b, v, n);
}

int
put_const (idl_binding_t *b, const int *v)
{
  return put (b, v, 4);
}

int
put_small_var (idl_binding_t *b, const int *v, int n)
{
  return put_small (b, v, n);
}

/* { dg-final { scan-assembler-times {(?n)^\s(call|jmp)\s+\*?memcpy} 1 } } */
/* { dg-final { scan-assembler-not {movsq} } } */
