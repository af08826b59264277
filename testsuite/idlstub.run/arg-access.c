/* { dg-do run } */
/* Area: run
   Purpose: GCC's access attribute gives pointer parameters their
   direction: read_only is in, write_only out, read_write inout, for
   scalars and structs (small and big), and, with a size position and
   IDL_MAX, in buffers; an
   explicit direction that agrees is accepted.  Values cross like those
   of IDL_IN/OUT/INOUT; a count over IDL_MAX gives IDL_E_BOUNDS and
   nothing is sent; out objects sit between guard regions.  Out and
   inout buffers sized by an access attribute are in arg-access-out.c.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argacc, 0x2a09, 1);

typedef struct { short a; long b; } small_t;			/* words */
typedef struct { long a[20]; char name[32]; } big_t;		/* payload */

IDL_OP (argacc, 1) long calls (idl_binding_t *b);

/* Scalars.  */
IDL_OP (argacc, 2) __attribute__ ((access (read_only, 2)))
long get_in (idl_binding_t *b, const long *p);
IDL_OP (argacc, 3) __attribute__ ((access (write_only, 2)))
void put_out (idl_binding_t *b, short *o, short v);
IDL_OP (argacc, 4) __attribute__ ((access (read_write, 3)))
int bump (idl_binding_t *b, int by, unsigned long long *io);

/* Structs.  */
IDL_OP (argacc, 5) __attribute__ ((access (read_only, 2),
				   access (write_only, 3),
				   access (read_write, 4)))
long structs (idl_binding_t *b, const small_t *in, small_t *out, big_t *io);

/* Buffers counted by a size position, bounded by IDL_MAX.  */
IDL_OP (argacc, 6) __attribute__ ((access (read_only, 2, 3)))
long sum (idl_binding_t *b, IDL_MAX (64) const int *p, size_t n);
/* An explicit direction that agrees with the attribute.  */
IDL_OP (argacc, 10) __attribute__ ((access (read_only, 2, 4),
				    access (write_only, 3)))
int agree (idl_binding_t *b, IDL_IN IDL_MAX (8) const signed char *p,
	   IDL_OUT long *o, int n);

IDL_SERVER (argacc);

static long ncalls;

long
calls_impl (idl_call_t *call)
{
  return ncalls;
}

long
get_in_impl (idl_call_t *call, const long *p)
{
  ncalls++;
  return *p * 3;
}

void
put_out_impl (idl_call_t *call, short *o, short v)
{
  ncalls++;
  CHECK (*o == 0);
  *o = (short) (v * 2);
}

int
bump_impl (idl_call_t *call, int by, unsigned long long *io)
{
  ncalls++;
  *io += (unsigned long long) by;
  return by;
}

long
structs_impl (idl_call_t *call, const small_t *in, small_t *out, big_t *io)
{
  ncalls++;
  out->a = (short) (in->a + 1);
  out->b = in->b * 2;
  long s = 0;
  for (int i = 0; i < 20; i++)
    {
      s += io->a[i];
      io->a[i] = -io->a[i];
    }
  io->name[0] = 'X';
  return s;
}

long
sum_impl (idl_call_t *call, const int *p, size_t n)
{
  ncalls++;
  long s = 0;
  for (size_t i = 0; i < n; i++)
    s += p[i] * (long) (i + 1);
  return s;
}

int
agree_impl (idl_call_t *call, const signed char *p, long *o, int n)
{
  ncalls++;
  *o = 0;
  for (int i = 0; i < n; i++)
    *o = *o * 10 + p[i];
  return n;
}

#define GUARD 32
#define GB 0x3e

#define GUARDED(T, NAME, DIMS)						\
  struct { unsigned char pre[GUARD]; T v DIMS;				\
	   unsigned char post[GUARD]; } NAME;				\
  memset (&NAME, GB, sizeof NAME)

#define CHECK_GUARDS(NAME)						\
  for (int i_ = 0; i_ < GUARD; i_++)					\
    CHECK (NAME.pre[i_] == GB && NAME.post[i_] == GB)

int
main (void)
{
  const char *name = idltest_name ("arg-access");
  pid_t srv = idltest_fork_server (name, &argacc, argacc_dispatch);
  idl_binding_t *b = idltest_connect (name, &argacc);
  long expect_calls = 0;

  /* Scalars.  */
  {
    long v = -0x123456789L;
    CHECK (get_in (b, &v) == -0x123456789L * 3);
    CHECK (idl_error (b) == IDL_OK);
    CHECK (v == -0x123456789L);
    expect_calls++;

    GUARDED (short, o, );
    put_out (b, &o.v, -1234);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (o.v == -2468);
    CHECK_GUARDS (o);

    GUARDED (unsigned long long, io, );
    io.v = 0xfffffffffffffff0ULL;
    CHECK (bump (b, 0x20, &io.v) == 0x20);
    expect_calls++;
    CHECK (io.v == 0x10);
    CHECK_GUARDS (io);
  }

  /* Structs.  */
  {
    small_t in = { 7, -70 };
    GUARDED (small_t, out, );
    GUARDED (big_t, io, );
    long want = 0;
    for (int i = 0; i < 20; i++)
      {
	io.v.a[i] = i * 1000 - 3;
	want += io.v.a[i];
      }
    strcpy (io.v.name, "access");
    CHECK (structs (b, &in, &out.v, &io.v) == want);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (out.v.a == 8 && out.v.b == -140);
    for (int i = 0; i < 20; i++)
      CHECK (io.v.a[i] == -(i * 1000 - 3));
    CHECK (strcmp (io.v.name, "Xccess") == 0);
    CHECK_GUARDS (out);
    CHECK_GUARDS (io);
  }

  /* In buffer.  */
  {
    int v[65];
    for (int i = 0; i < 65; i++)
      v[i] = 3 - i;
    for (size_t n = 0; n <= 64; n += 8)
      {
	long want = 0;
	for (size_t i = 0; i < n; i++)
	  want += v[i] * (long) (i + 1);
	CHECK (sum (b, v, n) == want);
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
      }
    CHECK (sum (b, v, 65) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
  }

  /* Explicit directions that agree.  */
  {
    signed char d[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    GUARDED (long, o, );
    CHECK (agree (b, d, &o.v, 8) == 8);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (o.v == 12345678);
    CHECK_GUARDS (o);
    o.v = 4;
    CHECK (agree (b, d, &o.v, 9) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (o.v == 4);
  }

  CHECK (calls (b) == expect_calls);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
