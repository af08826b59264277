/* { dg-do compile } */
/* { dg-options "-fdiagnostics-parseable-fixits" } */
/* Area: diagnostics
   Purpose: a misspelled implementation is an error at its name that
   names the operation, with GCC's spelling suggestion and a fix-it,
   rather than an undefined reference to get_impl inside the server
   stub at link time (issue 19, item 2).  A name ending in _impl is
   taken for a misspelling even in a file that defines no other
   implementation.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) int get (idl_binding_t *b, IDL_OUT long *v); /* { dg-message "operation 'get' declared here" } */
IDL_SERVER (calc);

int
gte_impl (idl_call_t *call, long *v) /* { dg-error "1: 'gte_impl' is not the implementation of an operation; did you mean 'get_impl', the implementation of operation 'get' of 'calc'\\?" } */
{
  (void) call;
  *v = 1;
  return 0;
}

/* { dg-message {"[^"]*impl-misspelled.c":\{18:1-18:9\}:"get_impl"} "the fix-it" { target *-*-* } 0 } */
