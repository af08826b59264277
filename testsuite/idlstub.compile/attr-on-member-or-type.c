/* { dg-do compile } */
/* Area: diagnostics
   Purpose: argument attributes on structure members and typedefs */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct s
{
  IDL_STRING (10) char *name; /* { dg-error "'IDL_STRING' applies only to parameters of an operation" } */
  IDL_FD int fd; /* { dg-error "'IDL_FD' applies only to parameters of an operation" } */
  IDL_SIZE_IS (n, 4) int *items; /* { dg-error "'IDL_SIZE_IS' applies only to parameters of an operation" } */
  unsigned n;
};

typedef IDL_STRING (10) char *name_t; /* { dg-error "'IDL_STRING' applies only to parameters of an operation" } */
