/* { dg-do compile } */
/* Area: diagnostics
   Purpose: redeclaring an operation with the same prototype is fine */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long f (idl_binding_t *b, long x);
IDL_OP (calc, 1) long f (idl_binding_t *b, long x);
long f (idl_binding_t *b, long x);
