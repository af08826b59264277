/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_SERVER of something that is not an interface */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

extern int counter;
IDL_SERVER (counter); /* { dg-error "'counter' is not an idlstub interface" } */
/* { dg-message "IDL_INTERFACE" "" { target *-*-* } .-1 } */
