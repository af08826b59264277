/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the count of a buffer cannot be a floating-point parameter */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) const int *p, /* { dg-error "the count of buffer 'p', 'n', must be an integer parameter" } */
			 double n); /* { dg-message "'n' declared here" } */
