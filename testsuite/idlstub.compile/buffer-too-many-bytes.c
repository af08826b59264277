/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the bound of a buffer counts elements: 20000 ints are 80000
   bytes, more than a message carries */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 20000) const int *p, /* { dg-error "buffer 'p' may hold 80000 bytes; a message carries at most 65536" } */
			 unsigned n);
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 8193) double *p, /* { dg-error "buffer 'p' may hold 65544 bytes" } */
			 unsigned n);

/* Exactly 65536 bytes is fine.  */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 16384) const int *p,
			 unsigned n);
