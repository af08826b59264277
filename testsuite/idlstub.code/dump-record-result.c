/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: a record result travels as an out record would (issue 17):
   in the reply's words when it is small, at a constant offset of the
   reply's payload when it is not; the server's implementation builds
   one returned in memory where the reply sends it from, and the client
   stub's direct call builds it in the stub's own return slot (no
   copies).  */

#include <idlstub.h>

IDL_INTERFACE (rec, 0x1075, 1);

struct point { int x, y; };
struct big { long w[20]; };

IDL_OP (rec, 1) struct point flip (idl_binding_t *b, struct point p,
				   IDL_OUT long *n);
IDL_OP (rec, 2) struct big fill (idl_binding_t *b, long seed);

IDL_SERVER (rec);

struct big
use (idl_binding_t *b)
{
  long n;
  struct point p = flip (b, (struct point) { 1, 2 }, &n);
  return fill (b, p.x + n);
}

/* { dg-final { scan-ipa-dump {(?n)^operation flip:[^\n]*\n  request: 1 word after the tag\n    word 1: p, 8 bytes en bloc\n  reply: 2 words after the tag\n    word 1 bytes 0-7: n \(\*\)\n    word 2: <result>, 8 bytes en bloc\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^operation fill:[^\n]*\n  request: 1 word after the tag\n    word 1 bytes 0-7: seed\n  reply: 0 words after the tag, payload of at most 160 bytes\n    payload bytes 0-159: <result>, 160 bytes en bloc\n} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^  MEM <struct big> [^\n]* = fill_impl \([^\n]*\); \[return slot optimization\]$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^  <retval> = [^\n]*\(D\.[0-9]+, seed\); \[return slot optimization\]$} "idlstub" } } */
