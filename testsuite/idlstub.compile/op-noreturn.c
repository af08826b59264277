/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a noreturn operation is an error: its stub returns (a
   one-way call at once, any call after a failure), and GCC warned
   "'noreturn' function does return" without a location.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) _Noreturn void f (idl_binding_t *b, long x); /* { dg-error "operation 'f' is declared 'noreturn'; a remote call returns to its caller, if only to report a failed call" } */
IDL_OP (calc, 2) __attribute__ ((noreturn)) void g (idl_binding_t *b); /* { dg-error "operation 'g' is declared 'noreturn'" } */
IDL_OP (calc, 3) IDL_ONEWAY _Noreturn void h (idl_binding_t *b); /* { dg-error "operation 'h' is declared 'noreturn'" } */

void use (idl_binding_t *b) { f (b, 1); }
/* { dg-bogus "does return" "" { target *-*-* } 0 } */
