/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a pointer to an incomplete structure (an opaque handle) has no
   bytes to copy */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct handle;

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN const struct handle *h); /* { dg-error "parameter 'h': 'struct handle' is incomplete" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_OUT struct handle *h); /* { dg-error "parameter 'h': 'struct handle' is incomplete" } */
