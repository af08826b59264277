/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a pointer result would point into the server */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long *f (idl_binding_t *b); /* { dg-error "operation 'f' returns 'long int \\*', which cannot cross" } */
