/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a string bound of 2^30 does not fit a bulk item (IDL_BULK_MAX,
   1 GiB) with its NUL (the largest is 2^30 - 1); reported once, without
   a follow-on "needs a bound" for the same parameter.  (It was 65536,
   the page's payload, before strings could travel as bulk items.)  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (1073741824) const char *s); /* { dg-error "string bound '1073741824' of 'IDL_STRING' is out of range; it must be between 1 and 1073741823" } */
/* { dg-bogus "needs a bound|mark a string" "no cascade after a bad bound" { target *-*-* } 13 } */

/* The largest bound is accepted.  */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_STRING (1073741823) const char *s);
/* So is the page's old limit, and one over it.  */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN IDL_STRING (65535) const char *s);
IDL_OP (calc, 4) void i (idl_binding_t *b,
			 IDL_IN IDL_STRING (65536) const char *s);
