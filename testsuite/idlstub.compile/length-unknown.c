/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the length of a buffer names no parameter */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 10) IDL_LENGTH_IS (length) int *p, /* { dg-error "the length of buffer 'p' names 'length', which is not another parameter of 'f'" } */
			 unsigned n, IDL_OUT unsigned *len);
