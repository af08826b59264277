/* { dg-do compile } */
/* Area: diagnostics
   Purpose: structures by value cannot cross yet */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct point { int x, y; };
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 struct point pt); /* { dg-error "parameter 'pt' has type 'struct point'; structures and unions cannot cross yet" } */
