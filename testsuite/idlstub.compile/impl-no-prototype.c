/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an implementation declared without a prototype; the note
   points at the operation */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x); /* { dg-message "operation 'tiny' declared here" } */

long tiny_impl (); /* { dg-error "implementation 'tiny_impl' of operation 'tiny' has no prototype" } */
