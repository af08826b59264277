/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_MAX on a pointer that has no count (neither an access
   size nor IDL_SIZE_IS) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_MAX (10) const int *p); /* { dg-error "'IDL_MAX' applies only to a buffer; give 'p' a count with 'IDL_SIZE_IS \\(count, max\\)'" } */
