/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_STRING on a pointer to something other than a character
   says what a string is */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (10) const int *p); /* { dg-error "'IDL_STRING' parameter 'p' has type 'const int \\*'; a string is a 'char \\*'" } */
