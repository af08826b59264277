/* { dg-do run } */
/* Area: run
   Purpose: every C integer type as an `in' parameter, with values that
   expose truncation, sign-extension and packing mistakes.  */

#include <limits.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (inint, 0x1001, 1);

/* Each operation takes one value of its type between two guards and
   returns the value as the server saw it, widened to 64 bits.  The
   guards are checked on the server: a wrong guard kills the server,
   so the client's call fails.  */
#define GUARD_A ((signed char) -0x5b)
#define GUARD_B 0x7ffffffe

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
  X (11, ull, unsigned long long)

#define DECLARE(N, NAME, T)						\
  IDL_OP (inint, N) unsigned long long in_##NAME (idl_binding_t *b,	\
						  signed char ga, T x,	\
						  int gb);
TYPES (DECLARE)

IDL_OP (inint, 20) long server_pid (idl_binding_t *b);

IDL_SERVER (inint);

#define IMPLEMENT(N, NAME, T)						\
  unsigned long long in_##NAME##_impl (idl_call_t *call,		\
				       signed char ga, T x, int gb)	\
  {									\
    CHECK (ga == GUARD_A);						\
    CHECK (gb == GUARD_B);						\
    return (unsigned long long) (long long) x;				\
  }
TYPES (IMPLEMENT)

long
server_pid_impl (idl_call_t *call)
{
  return getpid ();
}

/* Bit patterns, each converted to the parameter's type.  */
static const unsigned long long patterns[] = {
  0, 1, -1ULL, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
  0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
  LLONG_MAX, (unsigned long long) LLONG_MIN,
  0xdeadbeefcafef00dULL, 0x0102030405060708ULL, 0x8081828384858687ULL
};

#define NPAT (sizeof patterns / sizeof patterns[0])

int
main (void)
{
  const char *name = idltest_name ("in-int");
  pid_t srv = idltest_fork_server (name, &inint, inint_dispatch);
  idl_binding_t *b = idltest_connect (name, &inint);

  CHECK (server_pid (b) == srv);
  CHECK (srv != getpid ());

#define TRY(N, NAME, T)							\
  for (unsigned i = 0; i < NPAT; i++)					\
    {									\
      T v = (T) patterns[i];						\
      unsigned long long got = in_##NAME (b, GUARD_A, v, GUARD_B);	\
      if (got != (unsigned long long) (long long) v)			\
	fprintf (stderr, "in_%s (0x%llx): got 0x%llx\n", #NAME,		\
		 patterns[i], got);					\
      CHECK (got == (unsigned long long) (long long) v);		\
      CHECK (idl_error (b) == IDL_OK);					\
    }
  TYPES (TRY)

  /* Extremes spelled out, in case the patterns above hide a bug.  */
  CHECK (in_sc (b, GUARD_A, SCHAR_MIN, GUARD_B) == (unsigned long long) -128);
  CHECK (in_uc (b, GUARD_A, UCHAR_MAX, GUARD_B) == 255);
  CHECK (in_ch (b, GUARD_A, CHAR_MIN, GUARD_B) == (unsigned long long) CHAR_MIN);
  CHECK (in_ss (b, GUARD_A, SHRT_MIN, GUARD_B) == (unsigned long long) -32768);
  CHECK (in_us (b, GUARD_A, USHRT_MAX, GUARD_B) == 65535);
  CHECK (in_si (b, GUARD_A, INT_MIN, GUARD_B) == (unsigned long long) (long long) INT_MIN);
  CHECK (in_ui (b, GUARD_A, UINT_MAX, GUARD_B) == 0xffffffffULL);
  CHECK (in_sl (b, GUARD_A, LONG_MIN, GUARD_B) == (unsigned long long) LONG_MIN);
  CHECK (in_ul (b, GUARD_A, ULONG_MAX, GUARD_B) == (unsigned long long) ULONG_MAX);
  CHECK (in_sll (b, GUARD_A, LLONG_MAX, GUARD_B) == (unsigned long long) LLONG_MAX);
  CHECK (in_ull (b, GUARD_A, ULLONG_MAX, GUARD_B) == ULLONG_MAX);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
