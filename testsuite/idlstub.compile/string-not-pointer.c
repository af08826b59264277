/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_STRING on a parameter that is not a pointer at all */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_STRING (10) int n); /* { dg-error "'IDL_STRING' parameter 'n' has type 'int'; a string is a 'char \\*' \\(or 'const char \\*'\\)" } */
