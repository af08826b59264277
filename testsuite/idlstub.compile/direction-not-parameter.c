/* { dg-do compile } */
/* Area: diagnostics
   Purpose: direction attributes apply to parameters only */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_IN long v; /* { dg-error "'IDL_IN' applies only to parameters of an operation" } */
IDL_OUT void f (void); /* { dg-error "'IDL_OUT' applies only to parameters of an operation" } */
