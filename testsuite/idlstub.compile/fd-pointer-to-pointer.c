/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_FD on an int ** */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_FD int **fd); /* { dg-error "'IDL_FD' parameter 'fd' has type 'int \\*\\*'" } */
