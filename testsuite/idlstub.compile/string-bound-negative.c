/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a negative string bound is out of range */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (-1) const char *s); /* { dg-error "string bound '-1' of 'IDL_STRING' is out of range" } */
/* { dg-bogus "needs a bound|mark a string" "no cascade after a bad bound" { target *-*-* } 10 } */
