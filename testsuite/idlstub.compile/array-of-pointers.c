/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an array parameter T[N] whose elements are pointers */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN int *a[2]); /* { dg-error {parameter 'a': 'int \*\[2\]' contains 'int \*', which cannot cross a process boundary} } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN void (*cb[2]) (void)); /* { dg-error {parameter 'cb': 'void \(\*\[2\]\)\(void\)' contains 'void \(\*\)\(void\)', which cannot cross} } */
