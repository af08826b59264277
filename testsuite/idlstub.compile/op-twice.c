/* { dg-do compile } */
/* Area: diagnostics
   Purpose: two IDL_OP annotations on one declaration are an error: the
   operation silently became the last one's.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_INTERFACE (other, 0x11, 1);

IDL_OP (calc, 1) IDL_OP (calc, 2) long f (idl_binding_t *b, long x); /* { dg-error "operation 'f' has two 'IDL_OP' annotations, 'IDL_OP \\(calc, 1\\)' and 'IDL_OP \\(calc, 2\\)'; give it one" } */
IDL_OP (calc, 3) long g (idl_binding_t *b, long x) IDL_OP (other, 3); /* { dg-error "operation 'g' has two 'IDL_OP' annotations" } */
IDL_OP (calc, 4) IDL_OP (calc, 4) long h (idl_binding_t *b, long x); /* { dg-error "operation 'h' has two 'IDL_OP' annotations" } */
