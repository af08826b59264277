/* { dg-do compile } */
/* { dg-options "-w" } */
/* Area: diagnostics
   Purpose: the plugin's problems are errors, not warnings: -w, which
   silences every warning, leaves them in place (one reported by an
   attribute handler, one by the check of the whole prototype) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 long *p); /* { dg-error "pointer parameter 'p' of an operation needs a direction" } */
/* { dg-message "mark it 'IDL_IN'" "" { target *-*-* } .-1 } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_STRING (10) int n); /* { dg-error "'IDL_STRING' parameter 'n' has type 'int'" } */
