/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an operation naming a variable that is not an interface */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

extern int counter;
IDL_OP (counter, 1) long f (idl_binding_t *b, long x); /* { dg-error "'counter' is not an idlstub interface" } */
/* { dg-message "declare the interface first" "" { target *-*-* } .-1 } */
