/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a redeclaration that gives an operation another number
   contradicts the first; it must not be ignored silently */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 3) long f (idl_binding_t *b, long x); /* { dg-message "first declared here" } */
IDL_OP (calc, 4) long f (idl_binding_t *b, long x); /* { dg-error "'f'" "another number for 'f' is an error" } */
