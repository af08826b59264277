/* { dg-do compile } */
/* { dg-options "-fdiagnostics-parseable-fixits" } */
/* Area: diagnostics
   Purpose: the size_t *len that IDL_LENGTH_IS names needs a direction,
   and the fix-it says IDL_OUT (the server writes the length), before
   the parameter's type where the manual puts annotations; it used to
   suggest IDL_IN (issue 19, item 8).  A pointer no IDL_LENGTH_IS names
   gets IDL_IN.  */

#include <stddef.h>
#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) int list (idl_binding_t *b,
			   IDL_OUT IDL_SIZE_IS (cap, 64) IDL_LENGTH_IS (len) int *e,
			   size_t cap,
			   size_t *len); /* { dg-error "36: pointer parameter 'len' of an operation needs a direction" } */
/* { dg-message "mark it 'IDL_OUT' or 'IDL_INOUT': 'IDL_LENGTH_IS \\(len\\)' names it" "" { target *-*-* } .-1 } */
/* { dg-message {"[^"]*length-no-direction-fixit.c":\{18:7-18:7\}:"IDL_OUT "} "IDL_OUT before the type" { target *-*-* } 0 } */

IDL_OP (calc, 2) int get (idl_binding_t *b, long *v); /* { dg-error "51: pointer parameter 'v' of an operation needs a direction" } */
/* { dg-message "mark it 'IDL_IN'" "" { target *-*-* } .-1 } */
/* { dg-message {"[^"]*length-no-direction-fixit.c":\{22:45-22:45\}:"IDL_IN "} "IDL_IN before the type" { target *-*-* } 0 } */
