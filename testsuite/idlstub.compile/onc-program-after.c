/* { dg-do compile } */
/* Area: diagnostics (calls between machines)
   Purpose: IDL_ONC_PROGRAM after the operations checks them too: the
   error is at the parameter declared before it.  */

#include <idlstub.h>

IDL_INTERFACE (late, 0x21, 1);

union u { int i; float f; };
IDL_OP (late, 1) void un (idl_binding_t *b,
			  union u v); /* { dg-error "operation 'un' cannot cross the network: parameter 'v': 'union u' is a union" } */
IDL_OP (late, 2) long fine (idl_binding_t *b, long x);

IDL_ONC_PROGRAM (late, 0x20000124); /* { dg-message "asks for the network here" } */
