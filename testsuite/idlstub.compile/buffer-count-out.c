/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the count of a buffer travels with the request: it cannot be
   an IDL_OUT parameter (that is what IDL_LENGTH_IS is for) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 10) int *p, /* { dg-error "the count of buffer 'p', 'n', must be an integer parameter passed by value" } */
			 IDL_OUT unsigned *n); /* { dg-message "'n' declared here" } */
