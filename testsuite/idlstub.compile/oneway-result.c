/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a one-way operation has nothing to carry a result */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) IDL_ONEWAY long f (idl_binding_t *b, long x); /* { dg-error "one-way operation 'f' must return 'void'" } */
