/* { dg-do compile } */
/* Area: diagnostics
   Purpose: argument attributes (IDL_STRING, IDL_SIZE_IS, IDL_LENGTH_IS,
   IDL_MAX, IDL_TYPICAL, IDL_FD) put on a function instead of one of its
   parameters */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_STRING (10) void f1 (const char *s); /* { dg-error "'IDL_STRING' applies only to parameters of an operation" } */
IDL_SIZE_IS (n, 10) void f2 (const int *p, unsigned n); /* { dg-error "'IDL_SIZE_IS' applies only to parameters of an operation" } */
IDL_LENGTH_IS (n) void f3 (int *p, unsigned *n); /* { dg-error "'IDL_LENGTH_IS' applies only to parameters of an operation" } */
IDL_MAX (10) void f4 (const int *p); /* { dg-error "'IDL_MAX' applies only to parameters of an operation" } */
IDL_TYPICAL (10) void f5 (const int *p); /* { dg-error "'IDL_TYPICAL' applies only to parameters of an operation" } */
IDL_FD void f6 (int fd); /* { dg-error "'IDL_FD' applies only to parameters of an operation" } */
