/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_INOUT on a value parameter */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_INOUT int v); /* { dg-error "'IDL_INOUT' parameter 'v' is not a pointer" } */
/* { dg-message "needs a pointer" "" { target *-*-* } .-1 } */
