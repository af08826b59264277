/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-mode=compact" } */
/* Area: diagnostics (large buffers, issue 20)
   Purpose: compact mode does not carry bulk items yet: an operation
   whose strings or buffers exceed the page is an error at the first of
   them, saying so; one that fits the page is fine.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void big (idl_binding_t *b,
			   IDL_IN IDL_SIZE_IS (n, 1 << 20) const unsigned char *p, /* { dg-error "the 'IDL_SIZE_IS' bound of 'p', 1048576 bytes, makes 'big' a bulk operation \\(over the page of a message, 65536 bytes\\), which compact mode \\('-fplugin-arg-idlstub-mode=compact'\\) does not support; build it in fast mode" } */
			   unsigned n);
IDL_OP (calc, 2) void name (idl_binding_t *b,
			    IDL_OUT IDL_STRING (100000) char *s); /* { dg-error "the 'IDL_STRING' bound of 's', 100001 bytes, makes 'name' a bulk operation" } */
IDL_OP (calc, 3) void fits (idl_binding_t *b,
			    IDL_OUT IDL_STRING (60000) char *s);
