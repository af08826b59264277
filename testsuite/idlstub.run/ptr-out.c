/* { dg-do run } */
/* Area: run
   Purpose: every integer type as an IDL_OUT pointer: the server's value
   arrives, and exactly sizeof (T) bytes of the caller's object change.  */

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idltypes.h"

IDL_INTERFACE (ptrout, 0x1005, 1);

#define TAIL (-0x1234567)

/* The server stores P, converted, in *O.  */
#define DECLARE(N, NAME, T)						\
  IDL_OP (ptrout, N) void out_##NAME (idl_binding_t *b,			\
				      unsigned long long p,		\
				      IDL_OUT T *o, int tail);
PTR_TYPES (DECLARE)

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
PTR_TYPES (IMPLEMENT)

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
  PTR_TYPES (TRY)

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
