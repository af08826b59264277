/* { dg-do run } */
/* Area: run
   Purpose: the return value of every integer type (C types, int8_t..
   uint64_t, _Bool, enums) arrives with its exact value and extension.  */

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idltypes.h"

IDL_INTERFACE (retint, 0x1003, 1);

/* Each operation returns its argument converted to its type.  */
#define DECLARE(N, NAME, T)						\
  IDL_OP (retint, N) T ret_##NAME (idl_binding_t *b, unsigned long long p);
ALL_TYPES (DECLARE)

IDL_SERVER (retint);

#define IMPLEMENT(N, NAME, T)						\
  T ret_##NAME##_impl (idl_call_t *call, unsigned long long p)		\
  {									\
    return (T) p;							\
  }
ALL_TYPES (IMPLEMENT)

static const unsigned long long patterns[] = {
  0, 1, 2, -1ULL, -2ULL, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
  0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
  0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xdeadbeefcafef00dULL,
  0x0102030405060708ULL, 0x8081828384858687ULL
};

#define NPAT (sizeof patterns / sizeof patterns[0])

/* Keep the compiler from folding what the test compares against.  */
static unsigned long long __attribute__ ((__noinline__, __noipa__))
launder (unsigned long long x)
{
  return x;
}

int
main (void)
{
  const char *name = idltest_name ("ret-int");
  pid_t srv = idltest_fork_server (name, &retint, retint_dispatch);
  idl_binding_t *b = idltest_connect (name, &retint);

#define TRY(N, NAME, T)							\
  for (unsigned i = 0; i < NPAT; i++)					\
    {									\
      T want = (T) launder (patterns[i]);				\
      T got = ret_##NAME (b, patterns[i]);				\
      CHECK (idl_error (b) == IDL_OK);					\
      if ((long long) got != (long long) want)				\
	fprintf (stderr, "ret_%s (0x%llx): got 0x%llx\n", #NAME,	\
		 patterns[i], (unsigned long long) (long long) got);	\
      CHECK ((long long) got == (long long) want);			\
      CHECK (memcmp (&got, &want, sizeof got) == 0);			\
    }
  ALL_TYPES (TRY)

  CHECK (ret_sc (b, 0x80) == SCHAR_MIN);
  CHECK (ret_uc (b, 0x1ff) == 0xff);
  CHECK (ret_ss (b, 0x8000) == SHRT_MIN);
  CHECK (ret_us (b, 0x18000) == 0x8000);
  CHECK (ret_si (b, 0x80000000) == INT_MIN);
  CHECK (ret_ui (b, 0x1ffffffffULL) == UINT_MAX);
  CHECK (ret_sl (b, 0x8000000000000000ULL) == LONG_MIN);
  CHECK (ret_sll (b, LLONG_MAX) == LLONG_MAX);
  CHECK (ret_ull (b, 0xdeadbeefcafef00dULL) == 0xdeadbeefcafef00dULL);
  CHECK (ret_i8 (b, 0xff) == -1);
  CHECK (ret_i16 (b, 0xfffe) == -2);
  CHECK (ret_i32 (b, 0xfffffffd) == -3);
  CHECK (ret_bo (b, 0x100) == true);
  CHECK (ret_bo (b, 0) == false);
  {
    _Bool t = ret_bo (b, 42);
    unsigned char byte;
    memcpy (&byte, &t, 1);
    CHECK (byte == 1);
  }
  CHECK (ret_sen (b, (unsigned long long) -2) == SEN_NEG);
  CHECK ((int) ret_sen (b, (unsigned long long) -2) < 0);
  CHECK (ret_uen (b, 0xffffffff) == UEN_TOP);
  CHECK (ret_pen (b, 0xff) == PEN_NEG);
  CHECK (ret_wen (b, 0xdeadbeefcafef00dULL) == WEN_WIDE);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
