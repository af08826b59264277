/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the length of a buffer names its count.  The count is
   another parameter of the operation, so the message must not say it is
   not one: it must say that the count cannot also be the length.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 10) IDL_LENGTH_IS (n) int *p, /* { dg-error {the length of buffer 'p'(?![^\n]*which is not another parameter)} "the length of buffer 'p' names its count" } */
			 unsigned n);
