/* { dg-do compile } */
/* Area: diagnostics
   Purpose: unions by value cannot cross yet */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

union u { int i; float f; };
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 union u v); /* { dg-error "structures and unions cannot cross yet" } */
