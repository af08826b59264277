/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_MAX takes an integer constant; IDL_MAX too large (over
   IDL_BULK_MAX, 1 GiB; it was 65536 before bulk items) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

extern unsigned limit;

__attribute__ ((access (read_only, 2, 3)))
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_MAX (limit) const int *p, /* { dg-error "bound of 'IDL_MAX' must be an integer constant" } */
			 unsigned n);
/* { dg-bogus "needs a bound|add 'IDL_MAX" "no cascade after a bad bound" { target *-*-* } 14 } */
__attribute__ ((access (write_only, 2, 3)))
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_MAX (1073741825) void *p, /* { dg-error "bound '1073741825' of 'IDL_MAX' is out of range" } */
			 unsigned n);
/* { dg-bogus "needs a bound|add 'IDL_MAX" "no cascade after a bad bound" { target *-*-* } 19 } */
