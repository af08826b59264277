/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a file with IDL_SERVER that defines an implementation of the
   interface holds its implementations: one it neither defines nor
   declares is an error at IDL_SERVER naming the operation, not an
   undefined reference inside a server stub at link time (issue 19,
   item 2).  One declared (defined in another file) is not.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) int put (idl_binding_t *b, long v); /* { dg-message "operation 'put' declared here" } */
IDL_OP (calc, 3) int elsewhere (idl_binding_t *b, long v);

int elsewhere_impl (idl_call_t *call, long v);

IDL_SERVER (calc); /* { dg-error "13: no implementation of operation 'put' of 'calc' in this file: define 'put_impl', or declare it if another file defines it" } */

long
tiny_impl (idl_call_t *call, long x)
{
  (void) call;
  return x + 1;
}
