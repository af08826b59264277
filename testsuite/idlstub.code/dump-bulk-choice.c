/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: which strings and buffers of an operation become bulk items
   (issue 20; layout.cc, choose_bulk_items): when the bounds together
   exceed the page's 65536 bytes, the largest travels beside the message
   and the smaller one stays in the page (in a request, f and g; in a
   reply, r); an operation that fits the page (h) has none; each bulk
   operation has its entry in the interface's BULK table.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (40000) const char *s,
			 IDL_IN IDL_STRING (30000) const char *t);
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_STRING (30000) const char *s,
			 IDL_IN IDL_SIZE_IS (n, 40000) const unsigned char *t,
			 unsigned n);
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN IDL_STRING (30000) const char *s,
			 IDL_IN IDL_SIZE_IS (n, 30000) const unsigned char *t,
			 unsigned n);
IDL_OP (calc, 4) void r (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 40000) unsigned char *p,
			 IDL_OUT IDL_STRING (30000) char *s,
			 unsigned n);

const idl_interface_t *
descriptor (void)
{
  return &calc;
}

void
use (idl_binding_t *b, unsigned char *p, char *s)
{
  f (b, "", "");
  g (b, "", 0, 0);
  h (b, "", 0, 0);
  r (b, p, s, 1);
}

/* { dg-final { scan-ipa-dump {(?n)^operation f:[^\n]*\n  request: 0 words after the tag, payload of at most 30001 bytes\n    payload: t, a string of at most 30000 chars and its NUL, ending the payload\n    bulk item 0 \(in\): s, a string of at most 40001 bytes\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^operation g:[^\n]*\n  request: 1 word after the tag, payload of at most 30001 bytes\n    word 1 bytes 0-3: n\n[^\n]*\n    bulk item 0 \(in\): t, a buffer of at most 40000 bytes\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^operation h:[^\n]*\n  request: 1 word after the tag, payload of at most 60001 bytes\n[^\n]*\n[^\n]*\n[^\n]*\n  reply: 0 words after the tag\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^operation r:[^\n]*\n  request: 1 word after the tag\n    word 1 bytes 0-3: n\n  reply: 1 word after the tag, payload of at most 30001 bytes\n[^\n]*\n[^\n]*\n    bulk item 0 \(out\): p, a buffer of at most 40000 bytes\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^interface calc: bulk table 0x10001 0x4000000000009c41 0x20001 0x4000000000009c40 0x40001 0x8000000000009c40 0x0$} "idlstub" } } */
