/* { dg-do run } */
/* Area: run
   Purpose: out and inout buffers sized by GCC's access attribute:
   write_only or read_write with a size position and IDL_MAX, with
   IDL_LENGTH_IS (only *LEN elements come back) and without (all of
   them do).  The size operand is an ordinary in parameter: it reaches
   the server, and a count over IDL_MAX (or a length over the count)
   gives IDL_E_BOUNDS with nothing sent; out buffers sit between guard
   regions.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argaco, 0x2a0a, 1);

IDL_OP (argaco, 1) long calls (idl_binding_t *b);

IDL_OP (argaco, 2) __attribute__ ((access (write_only, 3, 2)))
unsigned fill (idl_binding_t *b, unsigned cap,
	       IDL_MAX (32) IDL_LENGTH_IS (len) uint16_t *p,
	       IDL_OUT unsigned *len, unsigned want);
IDL_OP (argaco, 3) __attribute__ ((access (read_write, 2, 3)))
int negate (idl_binding_t *b, IDL_MAX (16) IDL_LENGTH_IS (len) double *p,
	    int cap, IDL_INOUT int *len);
/* Without a length, all of it comes back.  */
IDL_OP (argaco, 4) __attribute__ ((access (write_only, 2, 3)))
void bytes (idl_binding_t *b, IDL_MAX (300) void *p, size_t n,
	    unsigned char seed);

IDL_SERVER (argaco);

static long ncalls;

long
calls_impl (idl_call_t *call)
{
  return ncalls;
}

unsigned
fill_impl (idl_call_t *call, unsigned cap, uint16_t *p, unsigned *len,
	   unsigned want)
{
  ncalls++;
  for (unsigned i = 0; i < want && i < cap; i++)
    p[i] = (uint16_t) (0xf000 + i);
  *len = want;
  return cap;
}

int
negate_impl (idl_call_t *call, double *p, int cap, int *len)
{
  ncalls++;
  for (int i = 0; i < *len; i++)
    p[i] = -p[i];
  if (*len < cap)
    p[(*len)++] = 0.5;
  return cap;
}

void
bytes_impl (idl_call_t *call, void *p, size_t n, unsigned char seed)
{
  ncalls++;
  unsigned char *q = p;
  for (size_t i = 0; i < n; i++)
    q[i] = (unsigned char) (seed + i);
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
  const char *name = idltest_name ("arg-access-out");
  pid_t srv = idltest_fork_server (name, &argaco, argaco_dispatch);
  idl_binding_t *b = idltest_connect (name, &argaco);
  long expect_calls = 0;

  /* Out buffer with a length.  */
  for (unsigned cap = 0; cap <= 32; cap += 8)
    for (unsigned want = 0; want <= cap + 1; want += 3)
      {
	GUARDED (uint16_t, p, [32]);
	unsigned len = 99;
	unsigned r = fill (b, cap, p.v, &len, want);
	expect_calls++;
	CHECK_GUARDS (p);
	if (want > cap)
	  {
	    CHECK (r == 0 && idl_error (b) == IDL_E_BOUNDS && len == 99);
	    for (int i = 0; i < 32; i++)
	      CHECK (p.v[i] == 0x3e3e);
	    continue;
	  }
	CHECK (r == cap && idl_error (b) == IDL_OK);
	CHECK (len == want);
	for (unsigned i = 0; i < 32; i++)
	  CHECK (p.v[i] == (i < want ? 0xf000 + i : 0x3e3e));
      }
  {
    uint16_t p[33];
    unsigned len = 5;
    CHECK (fill (b, 33, p, &len, 1) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 5);
  }

  /* Inout buffer with a length.  */
  for (int cap = 0; cap <= 16; cap += 4)
    for (int len0 = 0; len0 <= cap; len0 += 2)
      {
	GUARDED (double, p, [16]);
	for (int i = 0; i < 16; i++)
	  p.v[i] = i + 0.25;
	int len = len0;
	CHECK (negate (b, p.v, cap, &len) == cap);
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	int wlen = len0 < cap ? len0 + 1 : len0;
	CHECK (len == wlen);
	for (int i = 0; i < 16; i++)
	  CHECK (p.v[i] == (i < len0 ? -(i + 0.25) : i < wlen ? 0.5
			    : i + 0.25));
	CHECK_GUARDS (p);
      }
  {
    double p[17] = { 1 };
    int len = 17;
    CHECK (negate (b, p, 17, &len) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    len = 5;
    CHECK (negate (b, p, 4, &len) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 5 && p[0] == 1);
  }

  /* Out bytes, all of them.  */
  for (size_t n = 0; n <= 300; n += 100)
    {
      GUARDED (unsigned char, p, [300]);
      bytes (b, p.v, n, (unsigned char) n);
      CHECK (idl_error (b) == IDL_OK);
      expect_calls++;
      for (size_t i = 0; i < 300; i++)
	CHECK (p.v[i] == (i < n ? (unsigned char) (n + i) : GB));
      CHECK_GUARDS (p);
    }

  CHECK (calls (b) == expect_calls);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
