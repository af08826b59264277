/* { dg-do compile } */
/* Area: diagnostics
   Purpose: 128-bit integers do not fit a message word */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 __int128 v); /* { dg-error "parameter 'v' has type '__int128', which cannot cross a process boundary" } */
