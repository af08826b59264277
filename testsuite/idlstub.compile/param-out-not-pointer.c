/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_OUT on a value parameter */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT long v); /* { dg-error "'IDL_OUT' parameter 'v' is not a pointer" } */
/* { dg-message "needs a pointer to land in" "" { target *-*-* } .-1 } */
