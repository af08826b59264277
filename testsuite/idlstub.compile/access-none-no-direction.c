/* { dg-do compile } */
/* Area: diagnostics
   Purpose: access (none, ...) gives no direction: the pointer still needs
   one, and the fix-it note says which */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

__attribute__ ((access (none, 2)))
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 const int *p); /* { dg-error "pointer parameter 'p' of an operation needs a direction" } */
/* { dg-message "mark it 'IDL_IN'" "" { target *-*-* } .-1 } */
