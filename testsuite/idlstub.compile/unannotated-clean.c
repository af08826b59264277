/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a header with an interface but no operations, and plain C, compile cleanly */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

long plain (long *p, long n);
struct s { int a; };
long plain (long *p, long n) { return *p + n; }
