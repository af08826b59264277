/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: a bulk operation's stubs (issue 20; idlrt-abi.h, "Bulk
   items"): the client stub fills struct idl_bulk_item (pointer, length
   in bytes, room, direction) and calls idl_callv_bulk with the page's
   part as idl_callv_x would and the items; after the call it checks an
   out item's length (within the room, whole elements, the IDL_LENGTH_IS
   count) before it stores the count.  The server stub reads each item's
   buffer and length at MSG[IDL_MSG_BULK + 2 I] (bytes 768 and 776 for
   item 0, 784 and 792 for item 1) and writes the out length there.  The
   small string stays in the page; the interface gets its BULK table.  */

#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) int xfer (idl_binding_t *bnd,
			   IDL_IN IDL_STRING (16) const char *name,
			   IDL_IN IDL_SIZE_IS (n, 1 << 20) const uint32_t *in,
			   uint32_t n,
			   IDL_OUT IDL_SIZE_IS (cap, 1 << 20)
			     IDL_LENGTH_IS (len) uint32_t *out,
			   uint32_t cap, IDL_OUT uint32_t *len);

IDL_SERVER (calc);

int xfer_impl (idl_call_t *call, const char *name, const uint32_t *in,
	       uint32_t n, uint32_t *out, uint32_t cap, uint32_t *len);

const idl_interface_t *
descriptor (void)
{
  return &calc;
}

int
use (idl_binding_t *bnd, const uint32_t *in, uint32_t *out, uint32_t *len)
{
  return xfer (bnd, "x", in, 5, out, 7, len);
}

/* { dg-final { scan-ipa-dump {(?n)^interface calc: bulk table 0x10002 0x4000000000400000 0x8000000000400000 0x0$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^    payload: name, a string of at most 16 chars and its NUL, ending the payload$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^    bulk item 0 \(in\): in, a buffer of at most 4194304 bytes$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^    bulk item 1 \(out\): out, a buffer of at most 4194304 bytes$} "idlstub" } } */
/* Client: the items, the call, the checks.  */
/* { dg-final { scan-ipa-dump {(?n)^  bulk\.[0-9]+\[0\]\.dir = 1;$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^  bulk\.[0-9]+\[1\]\.dir = 2;$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^  D\.[0-9]+ = \(long unsigned int\) 0;\n  bulk\.[0-9]+\[1\]\.len = D\.[0-9]+;$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)= idl_callv_bulk \(bnd, [0-9]+, &request\.[0-9]+\[0\], D\.[0-9]+, 0B, D\.[0-9]+, D\.[0-9]+, 2\);$} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)= bulk\.[0-9]+\[1\]\.len;\n[^\n]*\n  if \(D\.[0-9]+ > D\.[0-9]+\) goto <D\.[0-9]+>; else goto <D\.[0-9]+>;\n[^\n]*\n  D\.[0-9]+ = D\.[0-9]+ % 4;\n[^\n]*\n[^\n]*\n  D\.[0-9]+ = D\.[0-9]+ /\[ex\] 4;\n[^\n]*\n[^\n]*\n  if \(D\.[0-9]+ != D\.[0-9]+\) goto} "idlstub" } } */
/* Server: item 0 at words 96-97, item 1 at 98-99, its length written.  */
/* { dg-final { scan-ipa-dump {(?n)= MEM <long unsigned int> \[\(char \* \{ref-all\}\)arg1 \+ 768B\];} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)= MEM <long unsigned int> \[\(char \* \{ref-all\}\)arg1 \+ 792B\];} "idlstub" } } */
/* { dg-final { scan-ipa-dump {(?n)^  MEM <long unsigned int> \[\(char \* \{ref-all\}\)arg1 \+ 792B\] = D\.[0-9]+;$} "idlstub" } } */
