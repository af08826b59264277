/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a prototype may return an incomplete record, but nothing of
   it can cross */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct opaque;

IDL_OP (calc, 1) struct opaque f (idl_binding_t *b); /* { dg-error "result of operation 'f': 'struct opaque' is incomplete" } */
