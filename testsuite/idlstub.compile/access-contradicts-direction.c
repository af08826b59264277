/* { dg-do compile } */
/* Area: diagnostics
   Purpose: GCC's access attribute gives a direction; an idlstub direction
   that says otherwise is an error */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

__attribute__ ((access (read_only, 2)))
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT int *p); /* { dg-error "parameter 'p' is 'IDL_OUT', but its 'access' attribute makes it 'IDL_IN'" } */

__attribute__ ((access (read_write, 2)))
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_OUT int *p); /* { dg-error "parameter 'p' is 'IDL_OUT', but its 'access' attribute makes it 'IDL_INOUT'" } */

__attribute__ ((access (write_only, 2)))
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN int *p); /* { dg-error "parameter 'p' is 'IDL_IN', but its 'access' attribute makes it 'IDL_OUT'" } */

/* The same direction twice is fine.  */
__attribute__ ((access (write_only, 2)))
IDL_OP (calc, 4) void k (idl_binding_t *b,
			 IDL_OUT int *p);
