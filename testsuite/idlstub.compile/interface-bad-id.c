/* { dg-do compile } */
/* Area: diagnostics
   Purpose: interface ids and versions are 32-bit constants */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_INTERFACE (big, 0x100000000, 1); /* { dg-error "interface id '4294967296' of 'IDL_INTERFACE' is out of range" } */
IDL_INTERFACE (neg, -2, 1); /* { dg-error "interface id '-2' of 'IDL_INTERFACE' is out of range" } */
extern int k;
IDL_INTERFACE (var, 3, k); /* { dg-error "interface version of 'IDL_INTERFACE' must be an integer constant" } */
