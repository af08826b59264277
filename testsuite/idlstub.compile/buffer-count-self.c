/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a buffer cannot be its own count */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (p, 10) const int *p, /* { dg-error "buffer 'p' cannot be its own count" } */
			 unsigned n);
