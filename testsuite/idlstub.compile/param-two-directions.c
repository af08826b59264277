/* { dg-do compile } */
/* Area: diagnostics
   Purpose: one parameter, two directions */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_OUT long *p); /* { dg-error "parameter 'p' has more than one direction" } */
/* { dg-message "use one of" "" { target *-*-* } .-1 } */
