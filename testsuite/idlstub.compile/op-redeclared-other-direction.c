/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a redeclaration that changes a parameter's direction, or
   drops or adds IDL_ONEWAY, contradicts the first: an error at the
   redeclaration (the direction once an XFAIL: GCC keeps the first
   declaration's parameters; the plugin checks those written).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_IN long *p); /* { dg-message "'f' first declared here" } */
IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_INOUT long *p); /* { dg-error "parameter 'p' of operation 'f' is annotated differently" "another direction for 'p' is an error" } */

IDL_OP (calc, 2) IDL_ONEWAY void g (idl_binding_t *b, long x); /* { dg-message "'g' first declared here" } */
IDL_OP (calc, 2) void g (idl_binding_t *b, long x); /* { dg-error "operation 'g' redeclared without 'IDL_ONEWAY'" } */

IDL_OP (calc, 3) void h (idl_binding_t *b, long x); /* { dg-message "'h' first declared here" } */
IDL_OP (calc, 3) IDL_ONEWAY void h (idl_binding_t *b, long x); /* { dg-error "operation 'h' redeclared with 'IDL_ONEWAY'" } */
