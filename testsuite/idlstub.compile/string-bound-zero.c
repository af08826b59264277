/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a string bound of 0 is out of range (a string holds at least
   one character).  The rejected bound is reported once: the parameter
   must not then be reported again as a char pointer without a bound,
   with a note telling the user to add the IDL_STRING that is there.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (0) const char *s); /* { dg-error "string bound '0' of 'IDL_STRING' is out of range; it must be between 1 and 1073741823" } */
/* { dg-bogus "needs a bound|mark a string" "no cascade after a bad bound" { target *-*-* } 13 } */
