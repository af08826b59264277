/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the count of IDL_SIZE_IS names no parameter of the operation
   (a typo: the count is 'n', not 'count') */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (count, 10) const int *p, /* { dg-error "the count of buffer 'p' names 'count', which is not a parameter of 'f'" } */
			 unsigned n);
