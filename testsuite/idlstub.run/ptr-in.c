/* { dg-do run } */
/* Area: run
   Purpose: every integer type as an IDL_IN pointer: the pointee reaches
   the server, and the caller's object is unchanged even though the
   server writes to its copy.  */

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idltypes.h"

IDL_INTERFACE (ptrin, 0x1007, 1);

/* The server returns *X widened to 64 bits, then overwrites its copy.  */
#define DECLARE(N, NAME, T)						\
  IDL_OP (ptrin, N) unsigned long long inptr_##NAME (idl_binding_t *b,	\
						     IDL_IN T *x);
PTR_TYPES (DECLARE)

/* Pointers to const, and an in pointer next to an out pointer.  */
IDL_OP (ptrin, 30) long long sum (idl_binding_t *b, IDL_IN const int *x,
				  IDL_IN const long long *y,
				  IDL_OUT short *neg);

IDL_SERVER (ptrin);

#define IMPLEMENT(N, NAME, T)						\
  unsigned long long inptr_##NAME##_impl (idl_call_t *call, T *x)	\
  {									\
    unsigned long long v = (unsigned long long) (long long) *x;		\
    *x = (T) ~v;							\
    return v;								\
  }
PTR_TYPES (IMPLEMENT)

long long
sum_impl (idl_call_t *call, const int *x, const long long *y, short *neg)
{
  *neg = (short) -*x;
  return *x + *y;
}

static const unsigned long long patterns[] = {
  0, 1, 2, -1ULL, -2ULL, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
  0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
  0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xdeadbeefcafef00dULL,
  0x0102030405060708ULL
};

#define NPAT (sizeof patterns / sizeof patterns[0])

int
main (void)
{
  const char *name = idltest_name ("ptr-in");
  pid_t srv = idltest_fork_server (name, &ptrin, ptrin_dispatch);
  idl_binding_t *b = idltest_connect (name, &ptrin);

#define TRY(N, NAME, T)							\
  for (unsigned i = 0; i < NPAT; i++)					\
    {									\
      T v = (T) patterns[i];						\
      T copy = v;							\
      unsigned long long got = inptr_##NAME (b, &v);			\
      CHECK (idl_error (b) == IDL_OK);					\
      if (got != (unsigned long long) (long long) copy)			\
	fprintf (stderr, "inptr_%s (0x%llx): got 0x%llx\n", #NAME,	\
		 patterns[i], got);					\
      CHECK (got == (unsigned long long) (long long) copy);		\
      CHECK (memcmp (&v, &copy, sizeof v) == 0);			\
    }
  PTR_TYPES (TRY)

  {
    const int x = -0x40000000;
    const long long y = 0x7fffffff00000000LL;
    short neg = 0x5555;
    CHECK (sum (b, &x, &y, &neg) == 0x7ffffffec0000000LL);
    CHECK (neg == 0);	/* (short) 0x40000000 */
    CHECK (x == -0x40000000 && y == 0x7fffffff00000000LL);
    const int x2 = 0x12345;
    CHECK (sum (b, &x2, &y, &neg) == 0x7fffffff00012345LL);
    CHECK (neg == (short) -0x2345);
  }
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
