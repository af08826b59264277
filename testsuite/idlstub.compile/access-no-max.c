/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a buffer sized by GCC's access attribute still needs a bound,
   given with IDL_MAX; the note says so */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

__attribute__ ((access (read_only, 2, 3)))
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 const int *p, /* { dg-error "buffer 'p', sized by its 'access' attribute, needs a bound" } */
			 unsigned n);
/* { dg-message "add 'IDL_MAX \\(n\\)': the most elements it may hold" "" { target *-*-* } .-2 } */
