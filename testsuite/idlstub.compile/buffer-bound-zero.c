/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a buffer bound of 0 is out of range */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 0) const int *p, /* { dg-error "buffer bound '0' of 'IDL_SIZE_IS' is out of range; it must be between 1 and 1073741824" } */
			 unsigned n);
