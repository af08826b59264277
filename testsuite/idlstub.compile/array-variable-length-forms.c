/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the other spellings of a variable-length array parameter:
   [*] in a prototype, and a variable inner dimension */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, int n,
			 IDL_IN int a[*]); /* { dg-error "parameter 'a' is a variable-length array" } */
IDL_OP (calc, 2) void g (idl_binding_t *b, int n,
			 IDL_IN int a[][n]); /* { dg-error "parameter 'a' is a variable-length array" } */
