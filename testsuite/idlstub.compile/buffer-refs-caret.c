/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an error about what IDL_SIZE_IS or IDL_LENGTH_IS names has
   its caret on that name, where the user wrote it (issue 19, item 8),
   also when the annotation is on the line before the parameter's;
   GCC keeps no location for an attribute's arguments.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void g (idl_binding_t *b, IDL_IN IDL_SIZE_IS (cnt, 10) int *p, unsigned n); /* { dg-error "64: the count of buffer 'p' names 'cnt', which is not a parameter of 'g'" } */
IDL_OP (calc, 2) void h (idl_binding_t *b, IDL_OUT IDL_SIZE_IS (n, 10) IDL_LENGTH_IS (len) int *p, unsigned n); /* { dg-error "87: the length of buffer 'p' names 'len', which is not another parameter of 'h'" } */
IDL_OP (calc, 3) void k (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 10)
			   IDL_LENGTH_IS ( m2 ) int *p, /* { dg-error "44: the length of buffer 'p', 'm2', must be a pointer to an integer marked 'IDL_OUT'" } */
			 unsigned n, unsigned m2); /* { dg-message "'m2' declared here" } */
