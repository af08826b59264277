/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: the dump shows the interface and the packed layouts of IDL4's
   benchmark RPCs: small (short, long, short) takes two words, both
   shorts sharing word 1; large takes six words.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *bnd, long a);
IDL_OP (calc, 2) long small (idl_binding_t *bnd, short a, long b, short c);
IDL_OP (calc, 3) long large (idl_binding_t *bnd, long a, long b, long c,
			     long d, long e, long f);

long
use (idl_binding_t *bnd)
{
  return tiny (bnd, 1) + small (bnd, 2, 3, 4) + large (bnd, 5, 6, 7, 8, 9, 10);
}

/* { dg-final { scan-ipa-dump {(?n)^interface calc: id 0x10, version 1, signature 0x[0-9a-f]{16}$} "idlstub" } } */

/* { dg-final { scan-ipa-dump {(?n)^operation tiny: interface calc, number 1$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^operation tiny:[^\n]*\n  request: 1 word after the tag\n    word 1 bytes 0-7: a\n  reply: 1 word after the tag\n    word 1 bytes 0-7: <result>\n} "idlstub" } } */

/* small: a and c share word 1, b has word 2.  */
/* { dg-final { scan-ipa-dump {(?n)^operation small: interface calc, number 2$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^operation small:[^\n]*\n  request: 2 words after the tag\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^    word 1 bytes 0-1: a$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^    word 1 bytes 2-3: c$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^    word 2 bytes 0-7: b$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)request tag 0x0000001000020002, reply tag 0x0000001000020001} "idlstub" } } */

/* large: one word each.  */
/* { dg-final { scan-ipa-dump {(?n)^operation large:[^\n]*\n  request: 6 words after the tag\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^    word 6 bytes 0-7: f$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)request tag 0x0000001000030006, reply tag 0x0000001000030001} "idlstub" } } */
/* { dg-final { scan-ipa-dump-times {(?n)^operation } 3 "idlstub" } } */
