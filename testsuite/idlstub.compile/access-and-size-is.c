/* { dg-do compile } */
/* Area: diagnostics
   Purpose: GCC's access attribute says the count of 'p' is 'n' and
   IDL_SIZE_IS says it is 'm': contradictory counts must not be resolved
   silently in favour of one */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

__attribute__ ((access (read_only, 2, 3)))
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_MAX (10) IDL_SIZE_IS (m, 5) const int *p, /* { dg-error "'p'" "conflicting counts for 'p' are an error" } */
			 unsigned n, unsigned m);
