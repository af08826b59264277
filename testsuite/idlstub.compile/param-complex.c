/* { dg-do compile } */
/* Area: diagnostics
   Purpose: complex numbers cannot cross yet */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 _Complex double z); /* { dg-error "parameter 'z' has type 'complex double', which cannot cross" } */
