/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: a server file that calls no operation gets server stubs and a
   dispatcher but no client stub, and never calls the client runtime.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) IDL_ONEWAY void note (idl_binding_t *b, int x);

IDL_SERVER (calc);

long tiny_impl (idl_call_t *call, long x) { return x + 1; }
void note_impl (idl_call_t *call, int x) { }

/* { dg-final { scan-ipa-dump-not {(?n)^;; client stub$} "idlstub" } } */
/* { dg-final { scan-ipa-dump-times {(?n)^;; server stub$} 2 "idlstub" } } */
/* { dg-final { scan-ipa-dump-times {(?n)^;; dispatcher$} 1 "idlstub" } } */
/* { dg-final { scan-assembler {(?n)^calc_dispatch:} } } */
/* { dg-final { scan-assembler-not {idl_callv_r4|idl_callv_m|idl_send_} } } */
/* { dg-final { scan-assembler-not {(?n)^tiny:} } } */
