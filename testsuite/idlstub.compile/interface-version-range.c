/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an interface version does not fit in 32 bits */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 0x100000000); /* { dg-error "interface version '4294967296' of 'IDL_INTERFACE' is out of range; it must be between 0 and 4294967295" } */
IDL_INTERFACE (shop, 0x11, -1); /* { dg-error "interface version '-1' of 'IDL_INTERFACE' is out of range" } */
