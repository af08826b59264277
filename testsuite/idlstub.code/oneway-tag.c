/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: a one-way operation's request tag has bit 7 (IDL_TAG_ONEWAY)
   set, it has no reply, and its client stub posts it with idl_send_r4
   instead of calling.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 3) IDL_ONEWAY void note (idl_binding_t *b, int what);

void
use (idl_binding_t *b)
{
  note (b, 5);
}

/* { dg-final { scan-ipa-dump {(?n)^operation note: interface calc, number 3, one-way$} "idlstub" } } */
/* 0x10 << 32 | 3 << 16 | 0x80 | 1 word.  */
/* { dg-final { scan-ipa-dump {(?n)^  request tag 0x0000001000030081$} "idlstub" } } */
/* { dg-final { scan-ipa-dump-not {(?n)reply} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)idl_send_r4 \(b, 68719673473, } "idlstub" } } */
/* { dg-final { scan-ipa-dump-not {(?n)idl_callv?_} "idlstub" } } */
/* { dg-final { scan-assembler {(?n)idl_send_r4} } } */
/* { dg-final { scan-assembler-not {(?n)idl_callv_r4} } } */
/* { dg-final { scan-assembler-not {(?n)idl_callv_m} } } */
