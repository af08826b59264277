/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an implementation's parameter types must match */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long small (idl_binding_t *b, short a, long c, short d); /* { dg-message "operation 'small' declared here" } */
long small_impl (idl_call_t *call, short a, int c, short d); /* { dg-error "parameter 3 of implementation 'small_impl' has type 'int' but operation 'small' passes 'long int'" } */
