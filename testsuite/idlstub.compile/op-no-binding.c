/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the first parameter must be the binding */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long f (long x, long y); /* { dg-error "the first parameter of operation 'f' must be the binding" } */
