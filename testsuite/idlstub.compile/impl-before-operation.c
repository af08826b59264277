/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an implementation declared or defined before its operation
   is checked when the operation comes: it used to be accepted unseen,
   and the dispatcher passed a long to an implementation taking a
   short.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

long f_impl (idl_call_t *c, short x); /* { dg-error "35: implementation 'f_impl' does not match operation 'f' in the type of parameter 2" } */
/* { dg-message "35: parameter 2 of implementation 'f_impl' has type 'short int' but operation 'f' passes 'long int'" "" { target *-*-* } .-1 } */
long g_impl (idl_call_t *c, short x) { return x; } /* { dg-error "35: implementation 'g_impl' does not match operation 'g' in the type of parameter 2" } */
/* { dg-message "35: parameter 2 of implementation 'g_impl' has type 'short int' but operation 'g' passes 'long int'" "" { target *-*-* } .-1 } */
int h_impl (idl_call_t *c, long x); /* { dg-error "implementation 'h_impl' does not match operation 'h' in its result type" } */
/* { dg-message "implementation 'h_impl' returns 'int' but operation 'h' returns 'long int'" "" { target *-*-* } .-1 } */
long k_impl (idl_call_t *c); /* { dg-error "implementation 'k_impl' does not match operation 'k' in the number of parameters, 1 where the operation has 2" } */
long ok_impl (idl_call_t *c, long x) { return x; }

IDL_OP (calc, 1) long f (idl_binding_t *b, long x); /* { dg-message "operation 'f' declared here" } */
IDL_SERVER (calc);
IDL_OP (calc, 2) long g (idl_binding_t *b, long x); /* { dg-message "operation 'g' declared here" } */
IDL_OP (calc, 3) long h (idl_binding_t *b, long x); /* { dg-message "operation 'h' declared here" } */
IDL_OP (calc, 4) long k (idl_binding_t *b, long x); /* { dg-message "operation 'k' declared here" } */
IDL_OP (calc, 5) long ok (idl_binding_t *b, long x);
