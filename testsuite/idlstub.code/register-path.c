/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: requests of at most four words (here 0, 1, 2 and 4) go to the
   runtime in registers (idl_callv_r4), never through memory.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long none (idl_binding_t *bnd);
IDL_OP (calc, 2) long small (idl_binding_t *bnd, short a, long b, short c);
IDL_OP (calc, 4) long four (idl_binding_t *bnd, long a, long b, long c,
			    long d);
IDL_OP (calc, 5) long eight_chars (idl_binding_t *bnd, char a, char b,
				   char c, char d, char e, char f, char g,
				   char h);

long
use (idl_binding_t *bnd, long x)
{
  return none (bnd) + small (bnd, 1, x, 2) + four (bnd, x, x, x, x)
	 + eight_chars (bnd, 1, 2, 3, 4, 5, 6, 7, 8);
}

/* { dg-final { scan-ipa-dump {(?n)^operation four:[^\n]*\n  request: 4 words after the tag\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^operation eight_chars:[^\n]*\n  request: 1 word after the tag\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump-times {(?n)^;; client stub$} 4 "idlstub" } } */
/* The tags: interface 0x10, operation number, word count.  */
/* { dg-final { scan-ipa-dump {(?n)idl_callv_r4 \(bnd, 68719542272, 0, 0, 0, 0\)} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)idl_callv_r4 \(bnd, 68719607810, [^\n]*, 0, 0\)} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)idl_callv_r4 \(bnd, 68719738884, D[^\n]*, D[^\n]*, D[^\n]*, D[^\n]*\)} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)idl_callv_r4 \(bnd, 68719804417, [^\n]*, 0, 0, 0\)} "idlstub" } } */
/* { dg-final { scan-ipa-dump-not {(?n)idl_callv_m} "idlstub" } } */
/* { dg-final { scan-assembler-not {(?n)idl_callv_m} } } */
