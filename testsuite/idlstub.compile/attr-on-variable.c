/* { dg-do compile } */
/* Area: diagnostics
   Purpose: argument attributes on variables, global and local */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_STRING (10) const char *v1; /* { dg-error "'IDL_STRING' applies only to parameters of an operation" } */
IDL_SIZE_IS (n, 10) int *v2; /* { dg-error "'IDL_SIZE_IS' applies only to parameters of an operation" } */
IDL_LENGTH_IS (n) int *v3; /* { dg-error "'IDL_LENGTH_IS' applies only to parameters of an operation" } */
IDL_MAX (10) int *v4; /* { dg-error "'IDL_MAX' applies only to parameters of an operation" } */
IDL_TYPICAL (10) int *v5; /* { dg-error "'IDL_TYPICAL' applies only to parameters of an operation" } */
IDL_FD int v6; /* { dg-error "'IDL_FD' applies only to parameters of an operation" } */

int
use (void)
{
  IDL_STRING (10) const char *local = "x"; /* { dg-error "'IDL_STRING' applies only to parameters of an operation" } */
  IDL_FD short fd = 0; /* { dg-error "'IDL_FD' applies only to parameters of an operation" } */
  return local[0] + fd;
}
