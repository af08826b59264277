/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_SIZE_IS without a count, and the raw attribute with a
   count that is not a parameter name */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (, 10) const int *p, /* { dg-error "first argument of 'IDL_SIZE_IS' must name a parameter" } */
			 unsigned n);
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN __attribute__ ((__idl_size_is__ (3, 10))) const int *p, /* { dg-error "first argument of 'IDL_SIZE_IS' must name a parameter" } */
			 unsigned n);
