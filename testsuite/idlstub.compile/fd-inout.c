/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a descriptor cannot go both ways in one parameter; the note
   says to use two */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_INOUT IDL_FD int *fd); /* { dg-error "descriptor parameter 'fd' must be an 'int' sent to the server or an 'IDL_OUT int \\*' that receives one" } */
/* { dg-message "to pass a descriptor both ways, use two parameters" "" { target *-*-* } .-1 } */
