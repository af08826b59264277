/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_LENGTH_IS on a parameter that is not a pointer */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_LENGTH_IS (len) int v, /* { dg-error "'IDL_LENGTH_IS' applies only to a buffer parameter; 'v' is not a pointer" } */
			 IDL_OUT unsigned *len);
