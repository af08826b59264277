/* { dg-do compile } */
/* Area: diagnostics (calls between machines)
   Purpose: IDL_ONC_PROGRAM's arguments: an interface, 32-bit numbers,
   one choice per interface.  */

#include <idlstub.h>

IDL_INTERFACE (pm, 0x22, 1);
static const int not_iface = 3;
extern int some_number;

IDL_ONC_PROGRAM (not_iface, 100000); /* { dg-error "the first argument of 'IDL_ONC_PROGRAM' must name an idlstub interface" } */
/* { dg-message "declare the interface first" "" { target *-*-* } .-1 } */
IDL_ONC_PROGRAM (pm, some_number); /* { dg-error "the program number of 'IDL_ONC_PROGRAM' must be an integer constant" } */
IDL_ONC_PROGRAM (pm, 0x100000000ULL); /* { dg-error "the program number '4294967296' of 'IDL_ONC_PROGRAM' is out of range" } */
IDL_ONC_PROGRAM (pm, 100000, -1); /* { dg-error "the version '-1' of 'IDL_ONC_PROGRAM' is out of range" } */
IDL_ONC_PROGRAM (pm, 100000, 2); /* { dg-message "its 'IDL_ONC_PROGRAM' is here" } */
IDL_ONC_PROGRAM (pm, 100000, 2);
IDL_ONC_PROGRAM (pm, 100001, 2); /* { dg-error "interface 'pm' is ONC program 100000 version 2 already" } */
