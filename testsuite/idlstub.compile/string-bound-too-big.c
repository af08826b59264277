/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a string bound of 65536 does not fit a message with its NUL
   (the largest is 65535); reported once, without a follow-on "needs a
   bound" for the same parameter */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (65536) const char *s); /* { dg-error "string bound '65536' of 'IDL_STRING' is out of range; it must be between 1 and 65535" } */
/* { dg-bogus "needs a bound|mark a string" "no cascade after a bad bound" { target *-*-* } 12 } */

/* The largest bound is accepted.  */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_STRING (65535) const char *s);
