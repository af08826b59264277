/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the count of a buffer names a string parameter */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (10) const char *s, /* { dg-message "'s' declared here" } */
			 IDL_IN IDL_SIZE_IS (s, 10) const int *p); /* { dg-error "the count of buffer 'p', 's', must be an integer parameter" } */
