/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the count of a buffer names the binding.  The binding is a
   parameter of the operation, so the message must not claim it is not
   one: it must say that the binding cannot be a count.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (b, 10) const int *p, /* { dg-error {the count of buffer 'p'(?![^\n]*which is not a parameter of)} "the count of buffer 'p' names the binding" } */
			 unsigned n);
