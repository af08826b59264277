/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a descriptor is an int: IDL_FD on a long, a double, an
   unsigned int */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_FD long fd); /* { dg-error "'IDL_FD' parameter 'fd' has type 'long int'; a descriptor is an 'int' \\(in\\) or an 'int \\*' \\(out\\)" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_FD double fd); /* { dg-error "'IDL_FD' parameter 'fd' has type 'double'" } */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_FD unsigned fd); /* { dg-error "'IDL_FD' parameter 'fd' has type 'unsigned int'" } */
