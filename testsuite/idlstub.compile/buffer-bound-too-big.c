/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a void buffer of more than 65536 bytes: the bound is out of
   range.  That is the one problem; the parameter must not be reported
   again as a pointer to void.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 70000) const void *p, /* { dg-error "buffer bound '70000' of 'IDL_SIZE_IS' is out of range; it must be between 1 and 65536" } */
			 unsigned n);
/* { dg-bogus "points to 'void'" "no cascade after a bad bound" { target *-*-* } 12 } */
