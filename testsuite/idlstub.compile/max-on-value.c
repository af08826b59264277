/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_MAX on a parameter that is not a pointer */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_MAX (10) int v); /* { dg-error "'IDL_MAX' applies only to a buffer parameter; 'v' is not a pointer" } */
