/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an implementation takes as many parameters as the operation */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x); /* { dg-message "operation 'tiny' declared here" } */
long tiny_impl (idl_call_t *call, long x, long y); /* { dg-error "implementation 'tiny_impl' does not match operation 'tiny' in the number of parameters, 3 where the operation has 2" } */
