/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an out descriptor that points to const is an error, as any
   out pointee that is const (param-out-const.c): the stub wrote the
   descriptor into the caller's const int (found by the mutation
   fuzzer, whose test program's implementation could not set it).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) int f (idl_binding_t *b, const IDL_OUT IDL_FD int *fd); /* { dg-error "'IDL_OUT' parameter 'fd' points to const" } */
IDL_OP (calc, 2) int g (idl_binding_t *b, IDL_FD const int fd);
