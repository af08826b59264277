/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the size argument of GCC's access attribute is the count of
   the buffer; an enum is not accepted as a count */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

enum count { ONE = 1, TWO };

__attribute__ ((access (read_only, 2, 3)))
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_MAX (10) const int *p, /* { dg-error "the count of buffer 'p', 'n', must be an integer parameter passed by value" } */
			 enum count n); /* { dg-message "'n' declared here" } */
