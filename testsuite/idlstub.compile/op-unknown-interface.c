/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an operation naming an undeclared interface is an error */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (nosuch, 1) long f (idl_binding_t *b, long x); /* { dg-error "undeclared" } */
/* { dg-error "must name an idlstub interface" "" { target *-*-* } .-1 } */
/* { dg-message "IDL_INTERFACE" "" { target *-*-* } .-2 } */
