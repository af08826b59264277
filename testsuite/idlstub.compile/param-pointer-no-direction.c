/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a pointer parameter needs a direction */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 long *p); /* { dg-error "pointer parameter 'p' of an operation needs a direction" } */
/* { dg-message "mark it 'IDL_IN'" "" { target *-*-* } .-1 } */
