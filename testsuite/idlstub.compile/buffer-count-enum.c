/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the count of a buffer cannot be an enum or a _Bool, only an
   integer type */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

enum color { RED, GREEN, BLUE };

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) const int *p, /* { dg-error "the count of buffer 'p', 'n', must be an integer parameter" } */
			 enum color n); /* { dg-message "'n' declared here" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) const int *p, /* { dg-error "the count of buffer 'p', 'n', must be an integer parameter" } */
			 _Bool n); /* { dg-message "'n' declared here" } */
