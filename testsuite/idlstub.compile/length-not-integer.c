/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the length of an out buffer points to an integer, not to a
   double or a _Bool */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 10) IDL_LENGTH_IS (len) int *p, /* { dg-error "the length of buffer 'p', 'len', must be a pointer to an integer" } */
			 unsigned n,
			 IDL_OUT double *len); /* { dg-message "'len' declared here" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 10) IDL_LENGTH_IS (len) int *p, /* { dg-error "the length of buffer 'p', 'len', must be a pointer to an integer" } */
			 unsigned n,
			 IDL_OUT _Bool *len); /* { dg-message "'len' declared here" } */
