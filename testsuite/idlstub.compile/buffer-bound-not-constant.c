/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the bound of a buffer must be an integer constant */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

extern unsigned limit;

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, limit) const int *p, /* { dg-error "buffer bound of 'IDL_SIZE_IS' must be an integer constant" } */
			 unsigned n);
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, "10") const int *p, /* { dg-error "buffer bound of 'IDL_SIZE_IS' must be an integer constant" } */
			 unsigned n);
