/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a K&R declaration has no types to marshal */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long f (); /* { dg-error "operation 'f' has no prototype" } */
/* { dg-message "declare its parameters" "" { target *-*-* } .-1 } */
