/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an operation number must be an integer constant */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

extern int n;
IDL_OP (calc, n) long f (idl_binding_t *b, long x); /* { dg-error "operation number of 'IDL_OP' must be an integer constant" } */
IDL_OP (calc, 1.5) long g (idl_binding_t *b, long x); /* { dg-error "operation number of 'IDL_OP' must be an integer constant" } */
