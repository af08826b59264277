/* { dg-do run } */
/* Area: run
   Purpose: every integer type as an IDL_OUT pointer: the server's value
   arrives, and exactly sizeof (T) bytes of the caller's object change.  */

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

enum sen { SEN_NEG = -2, SEN_ZERO = 0, SEN_MAX = 0x7fffffff };
enum uen { UEN_ZERO = 0, UEN_TOP = 0xffffffffu };
enum __attribute__ ((__packed__)) pen { PEN_NEG = -1, PEN_MAX = 127 };
enum wen { WEN_SMALL = 1, WEN_WIDE = 0xdeadbeefcafef00dULL };

IDL_INTERFACE (ptrout, 0x1005, 1);

#define TAIL (-0x1234567)

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

/* The server stores P, converted, in *O.  */
#define DECLARE(N, NAME, T)						\
  IDL_OP (ptrout, N) void out_##NAME (idl_binding_t *b,			\
				      unsigned long long p,		\
				      IDL_OUT T *o, int tail);
TYPES (DECLARE)

/* Two out values of different sizes and a return value together.  */
IDL_OP (ptrout, 40) short out_three (idl_binding_t *b, IDL_OUT signed char *c,
				     long long seed, IDL_OUT unsigned long *l);

IDL_SERVER (ptrout);

#define IMPLEMENT(N, NAME, T)						\
  void out_##NAME##_impl (idl_call_t *call, unsigned long long p,	\
			  T *o, int tail)				\
  {									\
    CHECK (tail == TAIL);						\
    *o = (T) p;								\
  }
TYPES (IMPLEMENT)

short
out_three_impl (idl_call_t *call, signed char *c, long long seed,
		unsigned long *l)
{
  *c = (signed char) (seed >> 8);
  *l = (unsigned long) seed * 3;
  return (short) (seed >> 16);
}

static const unsigned long long patterns[] = {
  0, 1, 2, -1ULL, -2ULL, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
  0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
  0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xdeadbeefcafef00dULL,
  0x0102030405060708ULL
};

#define NPAT (sizeof patterns / sizeof patterns[0])

static const unsigned char canary[8] = {
  0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5
};

int
main (void)
{
  const char *name = idltest_name ("ptr-out");
  pid_t srv = idltest_fork_server (name, &ptrout, ptrout_dispatch);
  idl_binding_t *b = idltest_connect (name, &ptrout);

  /* The object sits between two canaries of its own type; a stub that
     writes a whole word for a small type overwrites the second.  */
#define TRY(N, NAME, T)							\
  for (unsigned i = 0; i < NPAT; i++)					\
    {									\
      struct { T pre; T val; T post; } s;				\
      T want = (T) patterns[i];						\
      memset (&s, 0xa5, sizeof s);					\
      out_##NAME (b, patterns[i], &s.val, TAIL);			\
      CHECK (idl_error (b) == IDL_OK);					\
      if (memcmp (&s.val, &want, sizeof want) != 0)			\
	fprintf (stderr, "out_%s (0x%llx): got 0x%llx\n", #NAME,	\
		 patterns[i], (unsigned long long) (long long) s.val);	\
      CHECK (memcmp (&s.val, &want, sizeof want) == 0);			\
      CHECK ((long long) s.val == (long long) want);			\
      CHECK (memcmp (&s.pre, canary, sizeof (T)) == 0);			\
      CHECK (memcmp (&s.post, canary, sizeof (T)) == 0);		\
    }
  TYPES (TRY)

  {
    struct { signed char c; signed char post[7]; } sc;
    unsigned long l = 0;
    memset (&sc, 0x11, sizeof sc);
    short r = out_three (b, &sc.c, 0x0123456789ab80cdLL, &l);
    CHECK (r == (short) 0x89ab);
    CHECK (sc.c == (signed char) 0x80);
    CHECK (l == 0x0123456789ab80cdUL * 3);
    for (unsigned i = 0; i < 7; i++)
      CHECK (sc.post[i] == 0x11);
  }

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
