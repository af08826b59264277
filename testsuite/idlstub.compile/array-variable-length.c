/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a variable-length array parameter: the message says to make
   it a buffer */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, int n,
			 IDL_IN int a[n]); /* { dg-error "parameter 'a' is a variable-length array; pass its length as another parameter with 'IDL_SIZE_IS'" } */
