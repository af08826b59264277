/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a void buffer of more than 1 GiB (IDL_BULK_MAX): the bound is
   out of range.  That is the one problem; the parameter must not be
   reported again as a pointer to void.  (The limit was 65536 before
   bulk items.)  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 1073741825) const void *p, /* { dg-error "buffer bound '1073741825' of 'IDL_SIZE_IS' is out of range; it must be between 1 and 1073741824" } */
			 unsigned n);
/* { dg-bogus "points to 'void'" "no cascade after a bad bound" { target *-*-* } 13 } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 70000) const void *p,
			 unsigned n);
