/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_SIZE_IS on a function pointer: not a buffer, and a
   function pointer cannot cross anyway */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) int (*cb) (void), /* { dg-error {'IDL_SIZE_IS' parameter 'cb' has type 'int \(\*\)\(void\)'; a buffer is a pointer to its first element} } */
			 unsigned n);
