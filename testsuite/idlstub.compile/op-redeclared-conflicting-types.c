/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a redeclaration with conflicting C types is GCC's error; the
   plugin must not add that the operation "reuses" its own number, which
   sends the user looking for a second operation that does not exist */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

/* { dg-bogus "has number 3" "no note about the same operation" { target *-*-* } 13 } */
/* { dg-bogus "reuses number" "no duplicate-number error" { target *-*-* } 14 } */
IDL_OP (calc, 3) void f (idl_binding_t *b, IDL_IN const long *p); /* { dg-message "previous declaration of 'f'" } */
IDL_OP (calc, 3) void f (idl_binding_t *b, IDL_OUT long *p); /* { dg-error "conflicting types for 'f'" } */
