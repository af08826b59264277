/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_TYPICAL larger than any message, or not a constant */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (10) IDL_TYPICAL (70000) const char *s); /* { dg-error "size '70000' of 'IDL_TYPICAL' is out of range; it must be between 0 and 65536" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_STRING (10) IDL_TYPICAL (1.5) const char *s); /* { dg-error "size of 'IDL_TYPICAL' must be an integer constant" } */
