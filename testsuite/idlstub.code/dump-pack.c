/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: the layout packs 8 chars, 4 shorts and 2 ints given in mixed
   order into three words, and several out values into shared reply
   words.  */

#include <idlstub.h>

IDL_INTERFACE (pk, 0x30, 1);

IDL_OP (pk, 1) long p14 (idl_binding_t *b, char c0, short s0, char c1,
			 int i0, char c2, short s1, char c3, char c4,
			 short s2, int i1, char c5, char c6, short s3,
			 char c7);
IDL_OP (pk, 2) void outs (idl_binding_t *b, IDL_OUT signed char *o1,
			  IDL_OUT short *o2, IDL_OUT int *o3,
			  IDL_OUT signed char *o4);

void
use (idl_binding_t *b)
{
  signed char c;
  short s;
  int i;
  p14 (b, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);
  outs (b, &c, &s, &i, &c);
}

/* 24 bytes of parameters, three words.  */
/* { dg-final { scan-ipa-dump {(?n)^operation p14:[^\n]*\n  request: 3 words after the tag\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump-not {(?n)word 4 bytes} "idlstub" } } */
/* Both ints whole in a word, at offset 0 or 4.  */
/* { dg-final { scan-ipa-dump {(?n)^    word [1-3] bytes [04]-[37]: i0$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^    word [1-3] bytes [04]-[37]: i1$} "idlstub" } } */
/* Shorts aligned to 2.  */
/* { dg-final { scan-ipa-dump-times {(?n)^    word [1-3] bytes [0246]-[1357]: s[0-3]$} 4 "idlstub" } } */
/* The out values share one reply word: 1 + 2 + 4 + 1 bytes.  */
/* { dg-final { scan-ipa-dump {(?n)^operation outs:[^\n]*\n  request: 0 words after the tag\n  reply: 1 word after the tag\n} "idlstub" } } */
