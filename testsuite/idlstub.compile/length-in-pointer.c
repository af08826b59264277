/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the length of an out buffer cannot be an IDL_IN pointer: the
   server could not send it back */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 10) IDL_LENGTH_IS (len) int *p, /* { dg-error "the length of buffer 'p', 'len', must be a pointer to an integer marked 'IDL_OUT'" } */
			 unsigned n,
			 IDL_IN const unsigned *len); /* { dg-message "'len' declared here" } */
