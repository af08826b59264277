/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a flexible array member, in a structure passed by value and
   nested in another structure */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct msg { int len; int data[]; }; /* { dg-message "give it a size, and pass variable data as a separate 'IDL_SIZE_IS' buffer" } */
struct wrap { int x; struct msg m; };

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 struct msg v); /* { dg-error "parameter 'v': 'struct msg' has a flexible array member 'data'; only records of a fixed size can cross" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN const struct wrap *w); /* { dg-error "parameter 'w': 'struct wrap' has a flexible array member 'data'" } */
