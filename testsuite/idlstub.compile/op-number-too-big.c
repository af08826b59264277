/* { dg-do compile } */
/* Area: diagnostics
   Purpose: operation numbers must fit the tag's 16 bits */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 65536) long f (idl_binding_t *b, long x); /* { dg-error "operation number '65536' of 'IDL_OP' is out of range" } */
IDL_OP (calc, -1) long g (idl_binding_t *b, long x); /* { dg-error "operation number '-1' of 'IDL_OP' is out of range" } */
