/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a message carries at most 8 descriptors.  The operation with 9
   does not fit, and the error must say that the descriptors are the
   reason: 9 ints fit easily in the message words and payload.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_FD int a, IDL_FD int c, IDL_FD int d, IDL_FD int e,
			 IDL_FD int f, IDL_FD int g, IDL_FD int h, IDL_FD int i,
			 IDL_FD int j);
/* { dg-error "the messages of operation 'f' carry 9 descriptors; at most 8" "" { target *-*-* } 11 } */
IDL_OP (calc, 2) void g (idl_binding_t *b, /* { dg-error "the messages of operation 'g' carry 9 descriptors; at most 8" } */
			 IDL_OUT IDL_FD int *a, IDL_OUT IDL_FD int *c,
			 IDL_OUT IDL_FD int *d, IDL_OUT IDL_FD int *e,
			 IDL_OUT IDL_FD int *f, IDL_OUT IDL_FD int *g,
			 IDL_OUT IDL_FD int *h, IDL_OUT IDL_FD int *i,
			 IDL_OUT IDL_FD int *j);

/* Eight is fine.  */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_FD int a, IDL_FD int c, IDL_FD int d, IDL_FD int e,
			 IDL_FD int f, IDL_FD int g, IDL_FD int h, IDL_FD int i);
