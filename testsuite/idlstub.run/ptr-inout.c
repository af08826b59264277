/* { dg-do run } */
/* Area: run
   Purpose: every integer type as an IDL_INOUT pointer: the caller's value
   reaches the server and the server's new value comes back, in place.  */

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idltypes.h"

IDL_INTERFACE (ptrinout, 0x1006, 1);

/* The server returns the old *IO widened to 64 bits and stores P,
   converted, in *IO.  */
#define DECLARE(N, NAME, T)						\
  IDL_OP (ptrinout, N) unsigned long long inout_##NAME			\
    (idl_binding_t *b, IDL_INOUT T *io, unsigned long long p);
PTR_TYPES (DECLARE)

/* Two inout counters and an in value between them.  */
IDL_OP (ptrinout, 30) void bump (idl_binding_t *b, IDL_INOUT short *s,
				 int by, IDL_INOUT long long *ll);

IDL_SERVER (ptrinout);

#define IMPLEMENT(N, NAME, T)						\
  unsigned long long inout_##NAME##_impl (idl_call_t *call, T *io,	\
					  unsigned long long p)		\
  {									\
    unsigned long long old = (unsigned long long) (long long) *io;	\
    *io = (T) p;							\
    return old;								\
  }
PTR_TYPES (IMPLEMENT)

void
bump_impl (idl_call_t *call, short *s, int by, long long *ll)
{
  *s = (short) (*s + by);
  *ll = *ll * 2 - by;
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
  const char *name = idltest_name ("ptr-inout");
  pid_t srv = idltest_fork_server (name, &ptrinout, ptrinout_dispatch);
  idl_binding_t *b = idltest_connect (name, &ptrinout);

  /* Send pattern I, receive pattern NPAT-1-I.  */
#define TRY(N, NAME, T)							\
  for (unsigned i = 0; i < NPAT; i++)					\
    {									\
      struct { T pre; T val; T post; } s;				\
      T sent = (T) patterns[i];						\
      T want = (T) patterns[NPAT - 1 - i];				\
      memset (&s.pre, 0x3c, sizeof s.pre);				\
      memset (&s.post, 0xc3, sizeof s.post);				\
      s.val = sent;							\
      unsigned long long old						\
	= inout_##NAME (b, &s.val, patterns[NPAT - 1 - i]);		\
      CHECK (idl_error (b) == IDL_OK);					\
      if (old != (unsigned long long) (long long) sent			\
	  || (long long) s.val != (long long) want)			\
	fprintf (stderr, "inout_%s: sent 0x%llx, server saw 0x%llx, "	\
		 "got back 0x%llx\n", #NAME,				\
		 (unsigned long long) (long long) sent, old,		\
		 (unsigned long long) (long long) s.val);		\
      CHECK (old == (unsigned long long) (long long) sent);		\
      CHECK (memcmp (&s.val, &want, sizeof want) == 0);			\
      for (unsigned k = 0; k < sizeof (T); k++)				\
	{								\
	  CHECK (((unsigned char *) &s.pre)[k] == 0x3c);		\
	  CHECK (((unsigned char *) &s.post)[k] == 0xc3);		\
	}								\
    }
  PTR_TYPES (TRY)

  {
    short s = 0x7ff0;
    long long ll = -0x3000000000000001LL;
    bump (b, &s, 0x20, &ll);
    CHECK (s == (short) 0x8010);
    CHECK (ll == -0x6000000000000022LL);
  }
  {
    /* Round trips accumulate: the value sent is the one last received.  */
    short s = 0;
    long long ll = 1;
    for (int i = 0; i < 40; i++)
      bump (b, &s, -1, &ll);
    CHECK (s == -40);
    CHECK (ll == (1LL << 40) + ((1LL << 40) - 1));
  }
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
