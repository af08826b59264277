/* { dg-do compile } */
/* Area: diagnostics
   Purpose: two IDL_STRING bounds on one parameter contradict each other;
   one of them must not win silently */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (10) IDL_STRING (20) const char *s); /* { dg-error "IDL_STRING|idl_string" } */
