/* { dg-do compile } */
/* Area: diagnostics
   Purpose: two IDL_SIZE_IS on one buffer name different counts and
   bounds; one of them must not win silently */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) IDL_SIZE_IS (m, 5) const int *p, /* { dg-error "IDL_SIZE_IS|idl_size_is" } */
			 unsigned n, unsigned m);
