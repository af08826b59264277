/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a one-way operation cannot return values through pointers */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) IDL_ONEWAY void f (idl_binding_t *b,
				    IDL_OUT long *p); /* { dg-error "one-way operation 'f' cannot have 'IDL_OUT' parameter 'p'" } */
IDL_OP (calc, 2) IDL_ONEWAY void g (idl_binding_t *b,
				    IDL_INOUT long *q); /* { dg-error "one-way operation 'g' cannot have 'IDL_INOUT' parameter 'q'" } */
