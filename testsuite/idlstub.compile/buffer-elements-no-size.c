/* { dg-do compile } */
/* Area: diagnostics
   Purpose: buffers of elements without a size: an empty structure (a
   GNU extension, size 0) and an incomplete one */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct empty { };
struct opaque;

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 4) const struct empty *p, /* { dg-error "buffer 'p' has elements of type 'const struct empty', which has no size" } */
			 unsigned n);
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 4) const struct opaque *p, /* { dg-error "parameter 'p': 'struct opaque' is incomplete" } */
			 unsigned n);
