/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: diagnostics
   Purpose: a reply whose out buffer and out string together exceed the
   page's 65536 bytes makes a bulk operation (issue 20), the buffer, the
   larger, travelling as a bulk item (an error before bulk items); out
   records that together exceed it still do not fit.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 40000) unsigned char *p,
			 IDL_OUT IDL_STRING (30000) char *s,
			 unsigned n);

struct rec { char c[40000]; };
IDL_OP (calc, 2) void g (idl_binding_t *b, /* { dg-error "the messages of operation 'g' do not fit" } */
			 IDL_OUT struct rec *r1,
			 IDL_OUT struct rec *r2);

void
use (idl_binding_t *b, unsigned char *p, char *s)
{
  f (b, p, s, 1);
}

/* { dg-final { scan-ipa-dump {(?n)^operation f:[^\n]*\n  request: 1 word after the tag\n    word 1 bytes 0-3: n\n  reply: 1 word after the tag, payload of at most 30001 bytes\n[^\n]*\n[^\n]*\n    bulk item 0 \(out\): p, a buffer of at most 40000 bytes\n} "idlstub" } } */
