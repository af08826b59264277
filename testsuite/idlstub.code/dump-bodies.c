/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: the dump shows the generated bodies: one client stub per
   operation called, one static server stub per operation, and the
   dispatcher, with the right tags and runtime calls.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *bnd, long a);
IDL_OP (calc, 2) long small (idl_binding_t *bnd, short a, long b, short c);

IDL_SERVER (calc);

long tiny_impl (idl_call_t *call, long a);
long small_impl (idl_call_t *call, short a, long b, short c);

long
use (idl_binding_t *bnd)
{
  return tiny (bnd, 1) + small (bnd, 2, 3, 4);
}

/* { dg-final { scan-ipa-dump-times {(?n)^;; client stub$} 2 "idlstub" } } */
/* { dg-final { scan-ipa-dump-times {(?n)^;; server stub$} 2 "idlstub" } } */
/* { dg-final { scan-ipa-dump-times {(?n)^;; dispatcher$} 1 "idlstub" } } */

/* Client stub of tiny: tag 0x0000001000010001 = 68719542273, sent in
   registers; the same value is the reply tag it expects.  */
/* { dg-final { scan-ipa-dump {(?n)^;; client stub\n[^\n]*\nlong int tiny \(} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)idl_callv_r4 \(bnd, 68719542273, } "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)== 68719542273\) goto} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)idl_stub_failed \(view\.[0-9]+, } "idlstub" } } */
/* Client stub of small: request 0x0000001000020002, reply
   0x0000001000020001.  */
/* { dg-final { scan-ipa-dump {(?n)idl_callv_r4 \(bnd, 68719607810, } "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)== 68719607809\) goto} "idlstub" } } */

/* Server stubs call the implementations.  */
/* { dg-final { scan-ipa-dump {(?n)^;; server stub\n[^\n]*__idl_server_tiny \(} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^;; server stub\n[^\n]*__idl_server_small \(} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)= tiny_impl \(} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)= small_impl \(} "idlstub" } } */
/* Their error path: IDL_TAG_ERROR | IDL_E_BADMSG << 16 = 262400.  */
/* { dg-final { scan-ipa-dump {(?n)return 262400;} "idlstub" } } */

/* The dispatcher jumps through a table indexed by the operation
   number masked with 3 (dispatcher.cc, dispatch_table).  */
/* { dg-final { scan-ipa-dump {(?n)^;; dispatcher\n[^\n]*\n[^\n]*calc_dispatch \(} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^  dispatch: a table of 4 slots, operation number & 3; empty: 0 3$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)= [^\n]* & 3;\n  (D\.[0-9]+) = calc\.idl_dispatch\[[^\n]*\];\n  goto \1;} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)= __idl_server_tiny \(} "idlstub" } } */

/* The server stubs are static, the dispatcher is not.  */
/* { dg-final { scan-assembler-not {(?n)\.globl\s+__idl_server_} } } */
/* { dg-final { scan-assembler {(?n)\.globl\s+calc_dispatch} } } */
