/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a pointer to a pointer cannot cross */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT char **pp); /* { dg-error "parameter 'pp' points to a pointer" } */
