/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a string bound must be an integer constant: not another
   parameter, not a const variable, not a floating constant */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

static const int limit = 10;

IDL_OP (calc, 1) void f (idl_binding_t *b, int m,
			 IDL_IN IDL_STRING (m) const char *s); /* { dg-error "string bound of 'IDL_STRING' must be an integer constant" } */
/* { dg-bogus "needs a bound|mark a string" "no cascade after a bad bound" { target *-*-* } 13 } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_STRING (limit) const char *s); /* { dg-error "string bound of 'IDL_STRING' must be an integer constant" } */
/* { dg-bogus "needs a bound|mark a string" "no cascade after a bad bound" { target *-*-* } 16 } */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN IDL_STRING (2.5) const char *s); /* { dg-error "string bound of 'IDL_STRING' must be an integer constant" } */
/* { dg-bogus "needs a bound|mark a string" "no cascade after a bad bound" { target *-*-* } 19 } */

/* Integer constant expressions are fine.  */
enum { NAME_MAX_LEN = 12 };
IDL_OP (calc, 4) void k (idl_binding_t *b,
			 IDL_IN IDL_STRING (NAME_MAX_LEN) const char *s,
			 IDL_IN IDL_STRING (sizeof (long) * 4) const char *t);
