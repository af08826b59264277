/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a buffer of pointers means nothing in another process */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) int *const *p, /* { dg-error "buffer 'p' holds pointers \\('int \\* const'\\), which mean nothing in another process" } */
			 unsigned n);
