/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a pointer to an array of unknown size has no size to copy */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN const int (*p)[]); /* { dg-error "parameter 'p': .* an array of unknown or variable size" } */
