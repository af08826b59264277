/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the count of a buffer is an integer passed by value, not a
   pointer to one; the note points at the count */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) const int *p, /* { dg-error "the count of buffer 'p', 'n', must be an integer parameter passed by value" } */
			 IDL_IN const unsigned *n); /* { dg-message "'n' declared here" } */
