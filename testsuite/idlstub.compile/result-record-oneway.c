/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a one-way operation has nothing to carry a record result in
   either; the same operation with a reply is fine (issue 17) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct point { int x, y; };
union num { long l; double d; };

IDL_OP (calc, 1) IDL_ONEWAY struct point f (idl_binding_t *b, long x); /* { dg-error "one-way operation 'f' must return 'void'; nothing comes back to carry 'struct point'" } */
IDL_OP (calc, 2) IDL_ONEWAY union num g (idl_binding_t *b); /* { dg-error "one-way operation 'g' must return 'void'; nothing comes back to carry 'union num'" } */
IDL_OP (calc, 3) struct point h (idl_binding_t *b, long x); /* { dg-bogus "error" } */
