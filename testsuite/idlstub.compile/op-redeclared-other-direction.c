/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a redeclaration that changes a parameter's direction (same C
   type, so GCC accepts it) contradicts the first; the stub cannot follow
   both, and one must not win silently */

/* XFAIL: a known limitation.  The C front end merges a redeclared
   prototype into the first FUNCTION_DECL and keeps the first
   declaration's PARM_DECLs, so the plugin never sees the second
   declaration's parameter annotations (a different operation number is
   caught: op-redeclared-other-number.c).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_IN long *p);
IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_INOUT long *p); /* { dg-error "'p'" "another direction for 'p' is an error" { xfail *-*-* } } */
