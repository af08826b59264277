/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an operation named like a function the stubs call (of the
   idlstub runtime or the C library) is an error: the stub of an
   operation named idl_stub_failed called itself on failure.  */

#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void idl_stub_failed (idl_binding_t *b, uint64_t tag); /* { dg-error "operation 'idl_stub_failed' has the name of a function that the stubs call, in the idlstub runtime or the C library; give it another name" } */
IDL_OP (calc, 2) void idl_stub_error (idl_binding_t *b, int e); /* { dg-error "operation 'idl_stub_error' has the name of a function that the stubs call" } */
IDL_OP (calc, 3) int idl_error (idl_binding_t *b); /* { dg-error "operation 'idl_error' has the name" } */
/* { dg-error "conflicting types" "GCC's own" { target *-*-* } .-1 } */
IDL_OP (calc, 4) long strnlen (idl_binding_t *b, long x); /* { dg-error "operation 'strnlen' has the name" } */
/* { dg-warning "conflicting types for built-in function" "GCC's own" { target *-*-* } .-1 } */
IDL_OP (calc, 5) long memmove (idl_binding_t *b, long x); /* { dg-error "operation 'memmove' has the name" } */
/* { dg-warning "conflicting types for built-in function" "GCC's own" { target *-*-* } .-1 } */
/* An idl_ prefix of one's own is fine.  */
IDL_OP (calc, 6) long idl_sum (idl_binding_t *b, long x);
/* GCC's own notes on its own diagnostics.  */
/* { dg-prune-output "previous declaration of 'idl_error'" } */
/* { dg-prune-output "is declared in header" } */
