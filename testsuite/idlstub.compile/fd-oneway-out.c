/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a one-way operation cannot receive a descriptor */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) IDL_ONEWAY void f (idl_binding_t *b,
				    IDL_OUT IDL_FD int *fd); /* { dg-error "one-way operation 'f' cannot have 'IDL_OUT' parameter 'fd'" } */
