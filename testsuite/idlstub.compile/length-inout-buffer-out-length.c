/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an IDL_INOUT buffer sends its length and gets it back, so its
   length must be IDL_INOUT, not IDL_OUT */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_INOUT IDL_SIZE_IS (n, 10) IDL_LENGTH_IS (len) int *p, /* { dg-error "the length of buffer 'p', 'len', must be a pointer to an integer marked 'IDL_INOUT'" } */
			 unsigned n,
			 IDL_OUT unsigned *len); /* { dg-message "'len' declared here" } */
