/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a prototype may leave parameters unnamed.  A problem with an
   unnamed parameter is reported at the user's line, not inside
   idlstub.h where IDL_OUT expands, and it is not called '({anonymous})'
   (say which parameter it is instead).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

/* { dg-bogus "anonymous" "unnamed parameter spelled out" { target *-*-* } 0 } */
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT const long *); /* { dg-error "points to const" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN char *); /* { dg-error "'char' pointer .* needs a bound" } */
/* { dg-message "mark a string" "" { target *-*-* } .-1 } */
