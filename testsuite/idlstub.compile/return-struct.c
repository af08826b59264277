/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a structure result cannot cross yet */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct point { int x, y; };
IDL_OP (calc, 1) struct point f (idl_binding_t *b); /* { dg-error "operation 'f' returns 'struct point', which cannot cross a process boundary yet" } */
