/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-mode=compact" } */
/* Area: diagnostics (zero-copy handover, issue 20)
   Purpose: compact mode carries regions (it refused them before, with
   an error naming the mode): in, out and inout regions compile, beside
   other descriptors and beside bulk items; a one-way operation's is
   still refused, as in fast mode.  */

#include <idlstub.h>

IDL_INTERFACE (reg, 0x31, 1);

IDL_OP (reg, 1) int put (idl_binding_t *b,
			 IDL_IN IDL_REGION idl_region_t *r); /* { dg-bogus "compact|IDL_REGION" } */
IDL_OP (reg, 2) int fill (idl_binding_t *b,
			  IDL_OUT IDL_REGION idl_region_t *r); /* { dg-bogus "compact|IDL_REGION" } */
IDL_OP (reg, 3) int edit (idl_binding_t *b, long x,
			  IDL_INOUT IDL_REGION idl_region_t *r, /* { dg-bogus "compact|IDL_REGION" } */
			  IDL_FD int fd, IDL_OUT long *y);
IDL_OP (reg, 4) int big (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 1 << 20) const unsigned char *p,
			 unsigned n,
			 IDL_INOUT IDL_REGION idl_region_t *r); /* { dg-bogus "compact|IDL_REGION" } */
IDL_ONEWAY IDL_OP (reg, 5) void post (idl_binding_t *b,
				      IDL_IN IDL_REGION idl_region_t *r); /* { dg-error "one-way operation 'post' cannot have 'IDL_REGION' parameter 'r'" } */

IDL_SERVER (reg);
