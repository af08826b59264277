/* { dg-do run } */
/* Area: run
   Purpose: int8_t..uint64_t, _Bool and enums (signed with a negative
   enumerator, unsigned, packed and 64-bit) as `in' parameters.  */

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idltypes.h"

IDL_INTERFACE (infix, 0x1002, 3);

#define GUARD 0x6d

#define TYPES(X)				\
  X (1, i8, int8_t)				\
  X (2, u8, uint8_t)				\
  X (3, i16, int16_t)				\
  X (4, u16, uint16_t)				\
  X (5, i32, int32_t)				\
  X (6, u32, uint32_t)				\
  X (7, i64, int64_t)				\
  X (8, u64, uint64_t)				\
  X (9, bo, _Bool)				\
  X (10, sen, enum sen)				\
  X (11, uen, enum uen)				\
  X (12, pen, enum pen)				\
  X (13, wen, enum wen)

/* The value comes first and a guard byte after it, so that a value
   spilling into its neighbour shows.  */
#define DECLARE(N, NAME, T)						\
  IDL_OP (infix, N) unsigned long long in_##NAME (idl_binding_t *b,	\
						  T x, uint8_t g);
TYPES (DECLARE)

IDL_SERVER (infix);

#define IMPLEMENT(N, NAME, T)						\
  unsigned long long in_##NAME##_impl (idl_call_t *call, T x, uint8_t g) \
  {									\
    CHECK (g == GUARD);							\
    return (unsigned long long) (long long) x;				\
  }
TYPES (IMPLEMENT)

static const unsigned long long patterns[] = {
  0, 1, 2, -1ULL, -2ULL, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
  0x7fffffff, 0x80000000, 0xffffffff, 0x7fffffffffffffffULL,
  0x8000000000000000ULL, 0xdeadbeefcafef00dULL, 0x0102030405060708ULL
};

#define NPAT (sizeof patterns / sizeof patterns[0])

int
main (void)
{
  const char *name = idltest_name ("in-fixed");
  pid_t srv = idltest_fork_server (name, &infix, infix_dispatch);
  idl_binding_t *b = idltest_connect (name, &infix);

#define TRY(N, NAME, T)							\
  for (unsigned i = 0; i < NPAT; i++)					\
    {									\
      T v = (T) patterns[i];						\
      unsigned long long got = in_##NAME (b, v, GUARD);			\
      if (got != (unsigned long long) (long long) v)			\
	fprintf (stderr, "in_%s (0x%llx): got 0x%llx\n", #NAME,		\
		 patterns[i], got);					\
      CHECK (got == (unsigned long long) (long long) v);		\
      CHECK (idl_error (b) == IDL_OK);					\
    }
  TYPES (TRY)

  CHECK (in_i8 (b, INT8_MIN, GUARD) == (unsigned long long) -128);
  CHECK (in_u8 (b, UINT8_MAX, GUARD) == 0xff);
  CHECK (in_i16 (b, INT16_MIN, GUARD) == (unsigned long long) -32768);
  CHECK (in_u16 (b, UINT16_MAX, GUARD) == 0xffff);
  CHECK (in_i32 (b, INT32_MIN, GUARD) == 0xffffffff80000000ULL);
  CHECK (in_u32 (b, UINT32_MAX, GUARD) == 0xffffffffULL);
  CHECK (in_i64 (b, INT64_MIN, GUARD) == 0x8000000000000000ULL);
  CHECK (in_u64 (b, 0xdeadbeefcafef00dULL, GUARD) == 0xdeadbeefcafef00dULL);
  CHECK (in_bo (b, true, GUARD) == 1);
  CHECK (in_bo (b, false, GUARD) == 0);
  CHECK (in_bo (b, (_Bool) 0x100, GUARD) == 1);
  CHECK (in_sen (b, SEN_NEG, GUARD) == (unsigned long long) -2);
  CHECK (in_sen (b, SEN_MAX, GUARD) == 0x7fffffff);
  CHECK (in_uen (b, UEN_TOP, GUARD) == 0xffffffffULL);
  CHECK (in_pen (b, PEN_NEG, GUARD) == (unsigned long long) (long long) PEN_NEG);
  CHECK (in_pen (b, PEN_MAX, GUARD) == 127);
  CHECK (in_wen (b, WEN_WIDE, GUARD) == 0xdeadbeefcafef00dULL);
  CHECK (in_wen (b, WEN_SMALL, GUARD) == 1);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
