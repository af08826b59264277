/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_MAX is the bound of a buffer sized by GCC's access
   attribute; next to IDL_SIZE_IS, which has its own bound, the two
   bounds contradict each other and one must not be ignored silently */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_MAX (5) IDL_SIZE_IS (n, 10) const int *p, /* { dg-error "IDL_MAX|idl_max" } */
			 unsigned n);
