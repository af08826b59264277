/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_MAX (0) is out of range.  That is the one problem: the
   buffer must not then be reported as lacking the IDL_MAX it has, with a
   note saying to add one.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

__attribute__ ((access (read_only, 2, 3)))
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_MAX (0) const int *p, /* { dg-error "bound '0' of 'IDL_MAX' is out of range; it must be between 1 and 1073741824" } */
			 unsigned n);
/* { dg-bogus "needs a bound|add 'IDL_MAX" "no cascade after a bad bound" { target *-*-* } 13 } */
