/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an implementation's first parameter is the call context */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x); /* { dg-message "operation 'tiny' declared here" } */
long tiny_impl (idl_binding_t *b, long x); /* { dg-error "32: implementation 'tiny_impl' does not match operation 'tiny' in parameter 1, the call context, which must be 'idl_call_t \\*'" } */
