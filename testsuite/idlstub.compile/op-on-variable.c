/* { dg-do compile } */
/* Area: diagnostics
   Purpose: idl_op on a variable */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) int v; /* { dg-error "'IDL_OP' applies only to function prototypes" } */
