/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an IDL_FD int pointer receives a descriptor, so it must be
   IDL_OUT: marked IDL_IN, or with no direction, it is an error.  The
   note must not talk of passing a descriptor both ways, which these do
   not ask for.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

/* { dg-bogus "both ways" "no both-ways note for IDL_IN" { target *-*-* } 15 } */
/* { dg-bogus "both ways" "no both-ways note without a direction" { target *-*-* } 17 } */
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_FD int *fd); /* { dg-error "descriptor parameter 'fd' must be an 'int' sent to the server or an 'IDL_OUT int \\*' that receives one" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_FD int *fd); /* { dg-error "descriptor parameter 'fd' must be an 'int' sent to the server or an 'IDL_OUT int \\*'" } */
