/* { dg-do compile } */
/* Area: code
   Purpose: a C file without annotations compiles with the plugin loaded
   to code that mentions nothing of idlstub: no stubs, no runtime calls,
   no descriptors.  */

#include <stdint.h>

struct point { int x, y; };

static long counter;

long
tiny (long x)
{
  return x + 1;
}

int
dispatch (int op, int v)
{
  switch (op)
    {
    case 1: return v + 1;
    case 2: return v * 2;
    case 3: return v - 3;
    case 4: return v << 4;
    case 5: return v ^ 5;
    case 6: return -v;
    default: return 0;
    }
}

uint64_t
sum (const struct point *p, int n)
{
  uint64_t s = 0;
  for (int i = 0; i < n; i++)
    s += (uint64_t) (p[i].x + p[i].y);
  counter += n;
  return s;
}

int
main (void)
{
  struct point p[2] = { { 1, 2 }, { 3, 4 } };
  return (int) (sum (p, 2) + tiny (dispatch (2, 3)));
}

/* { dg-final { scan-assembler {(?n)^tiny:} } } */
/* { dg-final { scan-assembler {(?n)^dispatch:} } } */
/* { dg-final { scan-assembler-not {idl_} } } */
/* { dg-final { scan-assembler-not {idlstub} } } */
/* { dg-final { scan-assembler-not {_dispatch} } } */
