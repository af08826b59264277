/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-testgen=testgen-region-prog.c" } */
/* Area: diagnostics
   Purpose: the test generator makes no values for IDL_REGION
   parameters yet: an operation with one is an error at the parameter
   rather than a program that does not compile.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long sum (idl_binding_t *b,
			   IDL_IN IDL_REGION idl_region_t *r); /* { dg-error "'-fplugin-arg-idlstub-testgen': operation 'sum' has 'IDL_REGION' parameter 'r', for which the test generator makes no values yet" } */
