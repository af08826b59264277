/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the raw attribute behind IDL_LENGTH_IS with an argument that
   does not name a parameter */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 10) __attribute__ ((__idl_length_is__ (1))) int *p, /* { dg-error "first argument of 'IDL_LENGTH_IS' must name a parameter" } */
			 unsigned n);
