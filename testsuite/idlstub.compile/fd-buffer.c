/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_FD combined with IDL_SIZE_IS: descriptors do not come in
   buffers */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_FD IDL_SIZE_IS (n, 4) int *fd, /* { dg-error "descriptor 'fd' cannot also be a string or a buffer" } */
			 unsigned n);
