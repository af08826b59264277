/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_FD combined with IDL_STRING: a descriptor is not a string,
   whichever type the parameter has */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_FD IDL_STRING (10) const char *fd); /* { dg-error "'IDL_FD' parameter 'fd' has type 'const char \\*'" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_OUT IDL_FD IDL_STRING (10) int *fd); /* { dg-error "'IDL_STRING' parameter 'fd' has type 'int \\*'" } */
