/* { dg-do compile } */
/* Area: diagnostics
   Purpose: two operations with one number: error at the second, note at the first */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 7) long first (idl_binding_t *b, long x); /* { dg-message "'first' has number 7" } */
IDL_OP (calc, 7) long second (idl_binding_t *b, long x); /* { dg-error "operation 'second' reuses number 7 of interface 'calc'" } */
