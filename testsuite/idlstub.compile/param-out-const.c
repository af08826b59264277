/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an out pointer to const cannot be written */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT const long *p); /* { dg-error "'IDL_OUT' parameter 'p' points to const" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_INOUT const int *q); /* { dg-error "'IDL_INOUT' parameter 'q' points to const" } */
