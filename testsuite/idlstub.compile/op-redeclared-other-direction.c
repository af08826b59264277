/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a redeclaration that changes a parameter's direction (same C
   type, so GCC accepts it) contradicts the first; the stub cannot follow
   both, and one must not win silently */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_IN long *p);
IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_INOUT long *p); /* { dg-error "'p'" "another direction for 'p' is an error" } */
