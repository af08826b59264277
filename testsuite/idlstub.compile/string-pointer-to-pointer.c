/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an array of strings (char **) is not a string: IDL_STRING
   rejects the type, and the pointer to a pointer cannot cross either */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (10) const char **argv); /* { dg-error "'IDL_STRING' parameter 'argv' has type 'const char \\*\\*'" } */
