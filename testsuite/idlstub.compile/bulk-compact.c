/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-mode=compact" } */
/* Area: diagnostics (large buffers, issue 20)
   Purpose: compact mode carries bulk items (it refused them before):
   operations whose strings and buffers exceed the page compile, in
   every direction; a one-way one is still refused, as in fast mode.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void big (idl_binding_t *b,
			   IDL_IN IDL_SIZE_IS (n, 1 << 20) const unsigned char *p, /* { dg-bogus "bulk|compact" } */
			   unsigned n);
IDL_OP (calc, 2) void name (idl_binding_t *b,
			    IDL_OUT IDL_STRING (100000) char *s); /* { dg-bogus "bulk|compact" } */
IDL_OP (calc, 3) void fits (idl_binding_t *b,
			    IDL_OUT IDL_STRING (60000) char *s);
IDL_OP (calc, 4) int both (idl_binding_t *b,
			   IDL_INOUT IDL_SIZE_IS (n, 1 << 18)
			   IDL_LENGTH_IS (len) unsigned *v,
			   unsigned n, IDL_INOUT unsigned *len);
IDL_ONEWAY IDL_OP (calc, 5) void post (idl_binding_t *b,
				       IDL_IN IDL_STRING (100000) const char *s); /* { dg-error "one-way operation 'post': the 'IDL_STRING' bound of 's', 100001 bytes, does not fit the page" } */

IDL_SERVER (calc);
