/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an operation without parameters has no binding */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long f (void); /* { dg-error "operation 'f' has no parameters" } */
