/* { dg-do run } */
/* Area: run
   Purpose: every integer type as an IDL_IN pointer: the pointee reaches
   the server, and the caller's object is unchanged even though the
   server writes to its copy.  */

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

enum sen { SEN_NEG = -2, SEN_ZERO = 0, SEN_MAX = 0x7fffffff };
enum uen { UEN_ZERO = 0, UEN_TOP = 0xffffffffu };
enum __attribute__ ((__packed__)) pen { PEN_NEG = -1, PEN_MAX = 127 };
enum wen { WEN_SMALL = 1, WEN_WIDE = 0xdeadbeefcafef00dULL };

IDL_INTERFACE (ptrin, 0x1007, 1);

#define TYPES(X)				\
  X (1, sc, signed char)			\
  X (2, uc, unsigned char)			\
  X (3, ch, char)				\
  X (4, ss, short)				\
  X (5, us, unsigned short)			\
  X (6, si, int)				\
  X (7, ui, unsigned int)			\
  X (8, sl, long)				\
  X (9, ul, unsigned long)			\
  X (10, sll, long long)			\
  X (11, ull, unsigned long long)		\
  X (12, i8, int8_t)				\
  X (13, u8, uint8_t)				\
  X (14, i16, int16_t)				\
  X (15, u16, uint16_t)				\
  X (16, i32, int32_t)				\
  X (17, u32, uint32_t)				\
  X (18, i64, int64_t)				\
  X (19, u64, uint64_t)				\
  X (20, bo, _Bool)				\
  X (21, sen, enum sen)				\
  X (22, uen, enum uen)				\
  X (23, pen, enum pen)				\
  X (24, wen, enum wen)

/* The server returns *X widened to 64 bits, then overwrites its copy.  */
#define DECLARE(N, NAME, T)						\
  IDL_OP (ptrin, N) unsigned long long inptr_##NAME (idl_binding_t *b,	\
						     IDL_IN T *x);
TYPES (DECLARE)

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
TYPES (IMPLEMENT)

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
  TYPES (TRY)

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
