/* { dg-do compile } */
/* Area: diagnostics
   Purpose: pointers to records are for the argument-model work */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct point { int x, y; };
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN struct point *p); /* { dg-error "parameter 'p' points to 'struct point'; only pointers to scalars can cross yet" } */
