/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a redeclaration that changes a string's bound or a buffer's
   count contradicts the first; it must not be ignored silently */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_IN IDL_STRING (10) const char *s);
IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_IN IDL_STRING (20) const char *s); /* { dg-error "'s'" "another bound for 's' is an error" } */

IDL_OP (calc, 2) void g (idl_binding_t *b, IDL_IN IDL_SIZE_IS (n, 4) const int *p, unsigned n);
IDL_OP (calc, 2) void g (idl_binding_t *b, IDL_IN IDL_SIZE_IS (m, 8) const int *p, unsigned m); /* { dg-error "'p'" "another count for 'p' is an error" } */
