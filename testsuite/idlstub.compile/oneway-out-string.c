/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a one-way operation cannot fill an out or inout string or
   buffer: nothing comes back */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) IDL_ONEWAY void f (idl_binding_t *b,
				    IDL_OUT IDL_STRING (10) char *s); /* { dg-error "one-way operation 'f' cannot have 'IDL_OUT' parameter 's'" } */
IDL_OP (calc, 2) IDL_ONEWAY void g (idl_binding_t *b,
				    IDL_INOUT IDL_STRING (10) char *s); /* { dg-error "one-way operation 'g' cannot have 'IDL_INOUT' parameter 's'" } */
IDL_OP (calc, 3) IDL_ONEWAY void h (idl_binding_t *b,
				    IDL_OUT IDL_SIZE_IS (n, 10) int *p, /* { dg-error "one-way operation 'h' cannot have 'IDL_OUT' parameter 'p'" } */
				    unsigned n);

/* An in string is fine.  */
IDL_OP (calc, 4) IDL_ONEWAY void k (idl_binding_t *b,
				    IDL_IN IDL_STRING (10) const char *s);
