/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_LENGTH_IS on a pointer that is not a buffer (no count):
   the message says how to make it one */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_LENGTH_IS (len) int *p, /* { dg-error "'IDL_LENGTH_IS' applies only to a buffer; give 'p' a count with 'IDL_SIZE_IS \\(count, max\\)'" } */
			 IDL_OUT unsigned *len);
