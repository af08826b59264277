/* { dg-do compile } */
/* Area: diagnostics
   Purpose: variadic operations are rejected */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long f (idl_binding_t *b, int n, ...); /* { dg-error "operation 'f' is variadic" } */
