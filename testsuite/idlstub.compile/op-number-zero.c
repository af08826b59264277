/* { dg-do compile } */
/* Area: diagnostics
   Purpose: operation numbers start at 1 */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 0) long f (idl_binding_t *b, long x); /* { dg-error "operation number '0' of 'IDL_OP' is out of range; it must be between 1 and 65535" } */
