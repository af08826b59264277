/* { dg-do compile } */
/* Area: diagnostics
   Purpose: long double is not a word-sized scalar */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 long double v); /* { dg-error "parameter 'v' has type 'long double', which cannot cross" } */
