/* { dg-do compile } */
/* Area: diagnostics
   Purpose: direction attributes apply to parameters only */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_IN long v; /* { dg-error "'idl_in' attribute applies only to parameters of an operation" } */
IDL_OUT void f (void); /* { dg-error "'idl_out' attribute applies only to parameters of an operation" } */
