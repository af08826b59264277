/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: only operations this file calls get client stubs: an
   interface none of whose operations is called produces no code.  */

#include <idlstub.h>

IDL_INTERFACE (used, 0x10, 1);
IDL_OP (used, 1) long used_op (idl_binding_t *b, long x);
IDL_OP (used, 2) long used_but_not_called (idl_binding_t *b, long x);

IDL_INTERFACE (unused, 0x11, 1);
IDL_OP (unused, 1) long unused_op1 (idl_binding_t *b, long x);
IDL_OP (unused, 2) IDL_ONEWAY void unused_op2 (idl_binding_t *b);

long
use (idl_binding_t *b)
{
  return used_op (b, 1);
}

/* The model knows both interfaces...  */
/* { dg-final { scan-ipa-dump {(?n)^interface unused: id 0x11} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^operation unused_op1: } "idlstub" } } */
/* ...but builds one body.  */
/* { dg-final { scan-ipa-dump-times {(?n)^;; client stub$} 1 "idlstub" } } */
/* { dg-final { scan-ipa-dump-not {(?n)^;; (server stub|dispatcher)$} "idlstub" } } */
/* { dg-final { scan-assembler-not {unused_op} } } */
/* { dg-final { scan-assembler-not {used_but_not_called} } } */
/* { dg-final { scan-assembler-not {idl_send_r4} } } */
/* { dg-final { scan-assembler {idl_callv_r4} } } */
