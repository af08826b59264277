/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_LENGTH_IS on an IDL_IN buffer: nothing comes back, the
   count says how much is sent */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) IDL_LENGTH_IS (len) const int *p, /* { dg-error "'IDL_LENGTH_IS' applies to 'IDL_OUT' and 'IDL_INOUT' buffers; 'IDL_IN' buffer 'p' sends its count" } */
			 unsigned n, IDL_OUT unsigned *len);
