/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_STRING written before an operation's return type sits on
   the operation, not on its char * parameter, which then has no bound */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) IDL_STRING (10) void f (idl_binding_t *b, /* { dg-error "'IDL_STRING' applies only to parameters of an operation" } */
					 IDL_IN const char *s); /* { dg-error "'char' pointer 's' needs a bound" } */
/* { dg-message "mark a string 'IDL_STRING" "" { target *-*-* } .-1 } */
IDL_OP (calc, 2) IDL_FD void g (idl_binding_t *b, int fd); /* { dg-error "'IDL_FD' applies only to parameters of an operation" } */
