/* { dg-do run } */
/* Area: run
   Purpose: IDL_SIZE_IS buffers in every direction.  In: COUNT elements
   of every integer type, of a flat struct and of void (bytes) arrive,
   for counts 0 .. MAX; a count over MAX (negative, or over it only
   beyond 32 bits) makes the call return 0 with IDL_E_BOUNDS and the
   server is not called.  Out with IDL_LENGTH_IS: only *LEN elements
   come back; *LEN > CAP set by the server gives IDL_E_BOUNDS with the
   buffer and *LEN untouched (lengths of 16, 32 and 64 bits, negative
   ones, ones over the capacity only beyond 32 bits); without it the
   whole capacity comes back.  Inout with IDL_LENGTH_IS: *LEN elements
   go, the server changes them and *LEN, they come back.  Several
   buffers in one message each reach the server aligned for their
   element type.  Every out and inout buffer sits between guard
   regions.  */

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idltypes.h"

IDL_INTERFACE (argbuf, 0x2a02, 1);

#define IMAX 32

/* The server counts every implementation call.  */
IDL_OP (argbuf, 100) long calls (idl_binding_t *b);
/* How many buffers reached an implementation misaligned for their
   element type.  */
IDL_OP (argbuf, 101) int misaligned_buffers (idl_binding_t *b);

/* In buffers of every integer type: the server returns a hash of the
   elements' values and the count.  */
#define DECLARE_IN(N, NAME, T)						\
  IDL_OP (argbuf, N) uint64_t in_##NAME					\
    (idl_binding_t *b, IDL_IN IDL_SIZE_IS (n, IMAX) const T *p, size_t n);
PTR_TYPES (DECLARE_IN)

/* A flat struct with padding as the element type.  */
struct rec
{
  char c;
  int i;
  short s;
  long long l;
  unsigned char u[3];
};

IDL_OP (argbuf, 30) uint64_t in_rec (idl_binding_t *b, int tag,
				     IDL_IN IDL_SIZE_IS (count, 20)
				       const struct rec *r,
				     int count);
/* Bytes, the count before the buffer, up to the largest payload.  */
IDL_OP (argbuf, 31) uint64_t in_bytes (idl_binding_t *b, size_t len,
				       IDL_IN IDL_SIZE_IS (len, 65536)
					 const void *data);

/* Out with a length: the server writes WANT elements (at most CAP) and
   sets *LEN = WANT (which may exceed CAP).  */
IDL_OP (argbuf, 40) int fill (idl_binding_t *b, unsigned want, uint32_t seed,
			      IDL_OUT IDL_SIZE_IS (cap, 64) IDL_LENGTH_IS (len)
				uint32_t *p,
			      unsigned cap, IDL_OUT unsigned *len);
/* Out without a length: all CAP elements come back.  */
IDL_OP (argbuf, 41) void fill_all (idl_binding_t *b, uint16_t seed,
				   IDL_OUT IDL_SIZE_IS (cap, 100) uint16_t *p,
				   size_t cap);
/* Out structs with a length.  */
IDL_OP (argbuf, 42) int fill_rec (idl_binding_t *b, int want,
				  IDL_OUT IDL_SIZE_IS (cap, 10)
				    IDL_LENGTH_IS (len) struct rec *r,
				  short cap, IDL_OUT long *len);
/* Lengths of other widths: the server sets *LEN = WANT.  */
IDL_OP (argbuf, 44) int fill64 (idl_binding_t *b, uint64_t want,
				IDL_OUT IDL_SIZE_IS (cap, 8) IDL_LENGTH_IS (len)
				  uint8_t *p,
				uint64_t cap, IDL_OUT uint64_t *len);
IDL_OP (argbuf, 45) int fill16 (idl_binding_t *b, short want,
				IDL_OUT IDL_SIZE_IS (cap, 8) IDL_LENGTH_IS (len)
				  uint8_t *p,
				unsigned char cap, IDL_OUT short *len);
/* Out bytes, up to the largest payload.  */
IDL_OP (argbuf, 43) void fill_bytes (idl_binding_t *b, unsigned char seed,
				     IDL_OUT IDL_SIZE_IS (n, 65536) void *p,
				     unsigned n);

/* Inout with a length.  MODE 0: each element negated, then *LEN + ADD
   elements (the new ones i * 11); MODE 1: *LEN = CAP + 1.  Returns a
   hash of what the server received.  */
IDL_OP (argbuf, 50) uint64_t edit (idl_binding_t *b, int mode,
				   IDL_INOUT IDL_SIZE_IS (cap, 50)
				     IDL_LENGTH_IS (len) int32_t *p,
				   int cap, IDL_INOUT int *len, int add);
/* Inout without a length: all N elements go and come back doubled.  */
IDL_OP (argbuf, 51) double twice (idl_binding_t *b,
				  IDL_INOUT IDL_SIZE_IS (n, 16) double *p,
				  unsigned n);

/* Several buffers of different element alignments in each direction:
   the server checks each pointer is aligned for its type.  */
struct al16
{
  _Alignas (16) int v;
  char tag;
};

IDL_OP (argbuf, 60) uint64_t many (idl_binding_t *b,
				   IDL_IN IDL_SIZE_IS (nc, 33) const char *c,
				   unsigned char nc,
				   IDL_IN IDL_SIZE_IS (nq, 9) const uint64_t *q,
				   unsigned nq,
				   IDL_IN IDL_SIZE_IS (na, 5)
				     const struct al16 *a,
				   unsigned na,
				   IDL_OUT IDL_SIZE_IS (noc, 7) IDL_LENGTH_IS (loc)
				     unsigned char *oc,
				   unsigned noc, IDL_OUT unsigned *loc,
				   IDL_OUT IDL_SIZE_IS (noq, 5) IDL_LENGTH_IS (loq)
				     int64_t *oq,
				   unsigned noq, IDL_OUT unsigned *loq,
				   IDL_OUT IDL_SIZE_IS (noa, 3)
				     struct al16 *oa,
				   unsigned noa);

IDL_SERVER (argbuf);

static long ncalls;
static int misaligned;

static uint64_t
mix (uint64_t h, uint64_t v)
{
  return (h ^ v) * 0x100000001b3ULL + (h >> 29);
}

long
calls_impl (idl_call_t *call)
{
  return ncalls;
}

int
misaligned_buffers_impl (idl_call_t *call)
{
  return misaligned;
}

#define IMPLEMENT_IN(N, NAME, T)					\
  uint64_t in_##NAME##_impl (idl_call_t *call, const T *p, size_t n)	\
  {									\
    ncalls++;								\
    if ((uintptr_t) p % _Alignof (T))					\
      misaligned++;							\
    uint64_t h = 0xcbf29ce484222325ULL;					\
    for (size_t i = 0; i < n; i++)					\
      h = mix (h, (uint64_t) (long long) p[i]);				\
    return mix (h, n);							\
  }
PTR_TYPES (IMPLEMENT_IN)

static uint64_t
hash_rec (uint64_t h, const struct rec *r)
{
  h = mix (h, (uint64_t) (long long) r->c);
  h = mix (h, (uint64_t) (long long) r->i);
  h = mix (h, (uint64_t) (long long) r->s);
  h = mix (h, (uint64_t) r->l);
  for (int k = 0; k < 3; k++)
    h = mix (h, r->u[k]);
  return h;
}

static void
make_rec (struct rec *r, unsigned seed)
{
  memset (r, 0xee, sizeof *r);		/* padding: anything */
  r->c = (char) (seed * 3 + 1);
  r->i = (int) (seed * 0x9e3779b9u);
  r->s = (short) -(int) seed;
  r->l = (long long) seed * -0x123456789LL;
  for (int k = 0; k < 3; k++)
    r->u[k] = (unsigned char) (seed + k * 85);
}

static bool
same_rec (const struct rec *a, const struct rec *b)
{
  return a->c == b->c && a->i == b->i && a->s == b->s && a->l == b->l
	 && memcmp (a->u, b->u, 3) == 0;
}

uint64_t
in_rec_impl (idl_call_t *call, int tag, const struct rec *r, int count)
{
  ncalls++;
  if ((uintptr_t) r % _Alignof (struct rec))
    misaligned++;
  uint64_t h = mix (0, (uint64_t) tag);
  for (int i = 0; i < count; i++)
    h = hash_rec (h, &r[i]);
  return mix (h, (uint64_t) count);
}

static uint64_t
hash_bytes (const unsigned char *p, size_t n)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ULL;
  return h ^ n;
}

uint64_t
in_bytes_impl (idl_call_t *call, size_t len, const void *data)
{
  ncalls++;
  return hash_bytes (data, len);
}

static uint32_t
elem32 (uint32_t seed, unsigned i)
{
  return seed * 2654435761u + i * 40503u + (i << 24);
}

int
fill_impl (idl_call_t *call, unsigned want, uint32_t seed, uint32_t *p,
	   unsigned cap, unsigned *len)
{
  ncalls++;
  for (unsigned i = 0; i < want && i < cap; i++)
    p[i] = elem32 (seed, i);
  CHECK (*len == 0);
  *len = want;
  return (int) cap;
}

void
fill_all_impl (idl_call_t *call, uint16_t seed, uint16_t *p, size_t cap)
{
  ncalls++;
  for (size_t i = 0; i < cap; i++)
    p[i] = (uint16_t) (seed + i * 257);
}

int
fill_rec_impl (idl_call_t *call, int want, struct rec *r, short cap,
	       long *len)
{
  ncalls++;
  for (int i = 0; i < want && i < cap; i++)
    make_rec (&r[i], (unsigned) i + 100);
  *len = want;
  return cap;
}

int
fill64_impl (idl_call_t *call, uint64_t want, uint8_t *p, uint64_t cap,
	     uint64_t *len)
{
  ncalls++;
  for (uint64_t i = 0; i < want && i < cap; i++)
    p[i] = (uint8_t) (i + 1);
  *len = want;
  return (int) cap;
}

int
fill16_impl (idl_call_t *call, short want, uint8_t *p, unsigned char cap,
	     short *len)
{
  ncalls++;
  for (int i = 0; i < want && i < cap; i++)
    p[i] = (uint8_t) (i + 1);
  *len = want;
  return cap;
}

void
fill_bytes_impl (idl_call_t *call, unsigned char seed, void *p, unsigned n)
{
  ncalls++;
  unsigned char *q = p;
  for (unsigned i = 0; i < n; i++)
    q[i] = (unsigned char) (seed ^ (i * 7) ^ (i >> 8));
}

uint64_t
edit_impl (idl_call_t *call, int mode, int32_t *p, int cap, int *len,
	   int add)
{
  ncalls++;
  CHECK (*len >= 0 && *len <= cap);
  uint64_t h = mix (0, (uint64_t) *len);
  for (int i = 0; i < *len; i++)
    h = mix (h, (uint64_t) (int64_t) p[i]);
  if (mode == 1)
    {
      *len = cap + 1;
      return h;
    }
  for (int i = 0; i < *len; i++)
    p[i] = -p[i];
  int n = *len + add;
  if (n > cap)
    n = cap;
  if (n < 0)
    n = 0;
  for (int i = *len; i < n; i++)
    p[i] = i * 11;
  *len = n;
  return h;
}

double
twice_impl (idl_call_t *call, double *p, unsigned n)
{
  ncalls++;
  double s = 0;
  for (unsigned i = 0; i < n; i++)
    {
      s += p[i];
      p[i] *= 2;
    }
  return s;
}

uint64_t
many_impl (idl_call_t *call, const char *c, unsigned char nc,
	   const uint64_t *q, unsigned nq, const struct al16 *a, unsigned na,
	   unsigned char *oc, unsigned noc, unsigned *loc,
	   int64_t *oq, unsigned noq, unsigned *loq,
	   struct al16 *oa, unsigned noa)
{
  ncalls++;
  if ((uintptr_t) q % _Alignof (uint64_t)
      || (uintptr_t) a % _Alignof (struct al16)
      || (uintptr_t) oq % _Alignof (int64_t)
      || (uintptr_t) oa % _Alignof (struct al16))
    misaligned++;
  uint64_t h = 1;
  for (unsigned i = 0; i < nc; i++)
    h = mix (h, (unsigned char) c[i]);
  for (unsigned i = 0; i < nq; i++)
    h = mix (h, q[i]);
  for (unsigned i = 0; i < na; i++)
    h = mix (mix (h, (uint64_t) a[i].v), (uint64_t) a[i].tag);
  *loc = noc < nc ? noc : nc;
  for (unsigned i = 0; i < *loc; i++)
    oc[i] = (unsigned char) ~c[i];
  *loq = noq < nq ? noq : nq;
  for (unsigned i = 0; i < *loq; i++)
    oq[i] = -(int64_t) q[i];
  for (unsigned i = 0; i < noa; i++)
    {
      oa[i].v = (int) (i * 1000 + na);
      oa[i].tag = (char) ('A' + i);
    }
  return h;
}

/* Guard regions around the caller's buffers.  */
#define GUARD 64
#define GUARD_BYTE 0xa7

static void
set_guards (unsigned char *pre, unsigned char *post)
{
  memset (pre, GUARD_BYTE, GUARD);
  memset (post, GUARD_BYTE, GUARD);
}

static void
check_guards (const unsigned char *pre, const unsigned char *post)
{
  for (int i = 0; i < GUARD; i++)
    {
      CHECK (pre[i] == GUARD_BYTE);
      CHECK (post[i] == GUARD_BYTE);
    }
}

static const unsigned long long patterns[] = {
  0, 1, -1ULL, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff,
  0x80000000, 0xffffffff, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
  0xdeadbeefcafef00dULL, 0x0102030405060708ULL, 2, 3, 5, 8, 13, 21, 34,
  55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181
};

#define NPAT (sizeof patterns / sizeof patterns[0])

static unsigned char big[65536 + 1];
static struct
{
  unsigned char pre[GUARD];
  unsigned char buf[65536];
  unsigned char post[GUARD];
} gbig;

int
main (void)
{
  const char *name = idltest_name ("arg-buffer");
  pid_t srv = idltest_fork_server (name, &argbuf, argbuf_dispatch);
  idl_binding_t *b = idltest_connect (name, &argbuf);
  long expect_calls = 0;

  _Static_assert (NPAT > IMAX, "enough patterns");

  /* In buffers of every type, every count up to the bound; then over
     the bound, which sends nothing.  */
#define TRY_IN(N, NAME, T)						\
  {									\
    T v[IMAX + 8];							\
    for (unsigned i = 0; i < IMAX + 8; i++)				\
      v[i] = (T) patterns[(i + N) % NPAT];				\
    for (size_t n = 0; n <= IMAX; n++)					\
      {									\
	uint64_t h = 0xcbf29ce484222325ULL;				\
	for (size_t i = 0; i < n; i++)					\
	  h = mix (h, (uint64_t) (long long) v[i]);			\
	if (in_##NAME (b, v, n) != mix (h, n))				\
	  fprintf (stderr, "in_%s: count %zu\n", #NAME, n);		\
	CHECK (idl_error (b) == IDL_OK);				\
	CHECK (in_##NAME (b, v, n) == mix (h, n));			\
	expect_calls += 2;						\
      }									\
    CHECK (in_##NAME (b, v, IMAX + 1) == 0);				\
    CHECK (idl_error (b) == IDL_E_BOUNDS);				\
    CHECK (in_##NAME (b, v, (size_t) -1) == 0);				\
    CHECK (idl_error (b) == IDL_E_BOUNDS);				\
    /* Over the bound only beyond 32 bits.  */				\
    CHECK (in_##NAME (b, v, ((size_t) 1 << 32) + 1) == 0);		\
    CHECK (idl_error (b) == IDL_E_BOUNDS);				\
  }
  PTR_TYPES (TRY_IN)
  CHECK (calls (b) == expect_calls);

  /* Structs with padding.  */
  {
    struct rec r[21];
    for (unsigned i = 0; i < 21; i++)
      make_rec (&r[i], i * 5 + 1);
    for (int n = 0; n <= 20; n++)
      {
	uint64_t h = mix (0, 77);
	for (int i = 0; i < n; i++)
	  h = hash_rec (h, &r[i]);
	CHECK (in_rec (b, 77, r, n) == mix (h, (uint64_t) n));
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
      }
    CHECK (in_rec (b, 77, r, 21) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    /* A negative count is over any bound.  */
    CHECK (in_rec (b, 77, r, -1) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (in_rec (b, 77, r, -20) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
  }
  CHECK (calls (b) == expect_calls);

  /* Bytes, up to the largest payload.  */
  for (size_t i = 0; i < sizeof big; i++)
    big[i] = (unsigned char) (i * 13 + (i >> 9));
  {
    static const size_t lens[] = { 0, 1, 7, 8, 9, 4095, 4096, 4097, 65535,
				   65536 };
    for (unsigned i = 0; i < sizeof lens / sizeof lens[0]; i++)
      {
	CHECK (in_bytes (b, lens[i], big) == hash_bytes (big, lens[i]));
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	/* From an odd address too.  */
	if (lens[i] < 65536)
	  {
	    CHECK (in_bytes (b, lens[i], big + 1)
		   == hash_bytes (big + 1, lens[i]));
	    expect_calls++;
	  }
      }
    CHECK (in_bytes (b, 65537, big) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
  }
  CHECK (calls (b) == expect_calls);

  /* Out with a length: only *LEN elements come back.  */
  for (unsigned cap = 0; cap <= 64; cap += (cap < 4 ? 1 : 15))
    for (unsigned want = 0; want <= cap; want += (want < 3 ? 1 : 7))
      {
	struct
	{
	  unsigned char pre[GUARD];
	  uint32_t p[64];
	  unsigned char post[GUARD];
	} g;
	set_guards (g.pre, g.post);
	for (unsigned i = 0; i < 64; i++)
	  g.p[i] = 0xbad0000u + i;
	unsigned len = 12345;
	CHECK (fill (b, want, 99 + cap, g.p, cap, &len) == (int) cap);
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	CHECK (len == want);
	for (unsigned i = 0; i < want; i++)
	  CHECK (g.p[i] == elem32 (99 + cap, i));
	for (unsigned i = want; i < 64; i++)
	  CHECK (g.p[i] == 0xbad0000u + i);
	check_guards (g.pre, g.post);
      }
  /* The server reports more than the capacity: IDL_E_BOUNDS, nothing
     written.  */
  for (unsigned cap = 0; cap <= 64; cap += 16)
    {
      uint32_t p[65];
      for (unsigned i = 0; i < 65; i++)
	p[i] = 0xbad0000u + i;
      unsigned len = 12345;
      CHECK (fill (b, cap + 1, 5, p, cap, &len) == 0);
      CHECK (idl_error (b) == IDL_E_BOUNDS);
      expect_calls++;
      CHECK (len == 12345);
      for (unsigned i = 0; i < 65; i++)
	CHECK (p[i] == 0xbad0000u + i);
    }
  /* A capacity over the bound: nothing sent.  */
  {
    uint32_t p[65];
    unsigned len = 777;
    memset (p, 0x42, sizeof p);
    CHECK (fill (b, 3, 5, p, 65, &len) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 777);
    for (unsigned i = 0; i < 65; i++)
      CHECK (p[i] == 0x42424242u);
  }
  CHECK (calls (b) == expect_calls);

  /* Out without a length: the whole capacity.  */
  for (size_t cap = 0; cap <= 100; cap += (cap < 3 ? 1 : 33))
    {
      struct
      {
	unsigned char pre[GUARD];
	uint16_t p[100];
	unsigned char post[GUARD];
      } g;
      set_guards (g.pre, g.post);
      for (unsigned i = 0; i < 100; i++)
	g.p[i] = 0xdead;
      fill_all (b, (uint16_t) (cap * 3), g.p, cap);
      CHECK (idl_error (b) == IDL_OK);
      expect_calls++;
      for (size_t i = 0; i < cap; i++)
	CHECK (g.p[i] == (uint16_t) (cap * 3 + i * 257));
      for (size_t i = cap; i < 100; i++)
	CHECK (g.p[i] == 0xdead);
      check_guards (g.pre, g.post);
    }
  {
    uint16_t p[101];
    memset (p, 0x5e, sizeof p);
    fill_all (b, 1, p, 101);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    for (unsigned i = 0; i < 101; i++)
      CHECK (p[i] == 0x5e5e);
  }
  CHECK (calls (b) == expect_calls);

  /* Out structs, with a long length and a short capacity.  */
  for (short cap = 0; cap <= 10; cap++)
    for (int want = 0; want <= cap + 1; want++)
      {
	struct
	{
	  unsigned char pre[GUARD];
	  struct rec r[10];
	  unsigned char post[GUARD];
	} g;
	set_guards (g.pre, g.post);
	memset (g.r, 0x99, sizeof g.r);
	long len = -5;
	int r = fill_rec (b, want, g.r, cap, &len);
	expect_calls++;
	check_guards (g.pre, g.post);
	if (want > cap)
	  {
	    CHECK (r == 0);
	    CHECK (idl_error (b) == IDL_E_BOUNDS);
	    CHECK (len == -5);
	    for (size_t i = 0; i < sizeof g.r; i++)
	      CHECK (((unsigned char *) g.r)[i] == 0x99);
	    continue;
	  }
	CHECK (r == cap);
	CHECK (idl_error (b) == IDL_OK);
	CHECK (len == want);
	for (int i = 0; i < want; i++)
	  {
	    struct rec w;
	    make_rec (&w, (unsigned) i + 100);
	    CHECK (same_rec (&g.r[i], &w));
	  }
	for (size_t i = want * sizeof (struct rec); i < sizeof g.r; i++)
	  CHECK (((unsigned char *) g.r)[i] == 0x99);
      }
  {
    struct rec r[11];
    long len = 3;
    CHECK (fill_rec (b, 1, r, 11, &len) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 3);
    CHECK (fill_rec (b, 1, r, -1, &len) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 3);
  }
  CHECK (calls (b) == expect_calls);

  /* Lengths of 64 and 16 bits: compared whole, and as signed.  */
  {
    static const uint64_t wants[] = { 0, 1, 8, 9, ((uint64_t) 1 << 32) + 1,
				      ((uint64_t) 1 << 32), -1ULL };
    for (unsigned k = 0; k < sizeof wants / sizeof wants[0]; k++)
      {
	uint8_t p[8];
	uint64_t len = 0x4242;
	memset (p, 0xcc, sizeof p);
	int r = fill64 (b, wants[k], p, 8, &len);
	expect_calls++;
	if (wants[k] > 8)
	  {
	    CHECK (r == 0 && idl_error (b) == IDL_E_BOUNDS);
	    CHECK (len == 0x4242);
	    for (int i = 0; i < 8; i++)
	      CHECK (p[i] == 0xcc);
	    continue;
	  }
	CHECK (r == 8 && idl_error (b) == IDL_OK);
	CHECK (len == wants[k]);
	for (uint64_t i = 0; i < 8; i++)
	  CHECK (p[i] == (i < wants[k] ? i + 1 : 0xcc));
      }
    uint8_t p[9];
    uint64_t len = 7;
    CHECK (fill64 (b, 1, p, ((uint64_t) 1 << 32) + 1, &len) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 7);

    static const short swants[] = { 0, 3, 8, 9, -1, -32768, 256 + 3 };
    for (unsigned k = 0; k < sizeof swants / sizeof swants[0]; k++)
      {
	short slen = 0x1234;
	memset (p, 0xcc, sizeof p);
	int r = fill16 (b, swants[k], p, 8, &slen);
	expect_calls++;
	if (swants[k] < 0 || swants[k] > 8)
	  {
	    if (r != 0 || idl_error (b) != IDL_E_BOUNDS)
	      fprintf (stderr, "fill16: *len %d: returned %d, error %d, "
		       "*len now %d\n", swants[k], r, idl_error (b), slen);
	    CHECK (r == 0 && idl_error (b) == IDL_E_BOUNDS);
	    CHECK (slen == 0x1234);
	    for (int i = 0; i < 9; i++)
	      CHECK (p[i] == 0xcc);
	    continue;
	  }
	CHECK (r == 8 && idl_error (b) == IDL_OK);
	CHECK (slen == swants[k]);
	for (int i = 0; i < 9; i++)
	  CHECK (p[i] == (i < swants[k] ? i + 1 : 0xcc));
      }
  }
  CHECK (calls (b) == expect_calls);

  /* Out bytes, up to the largest payload.  */
  {
    static const unsigned lens[] = { 0, 1, 4096, 65535, 65536 };
    for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++)
      {
	unsigned n = lens[k];
	set_guards (gbig.pre, gbig.post);
	memset (gbig.buf, 0xc4, sizeof gbig.buf);
	fill_bytes (b, (unsigned char) (k + 1), gbig.buf, n);
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	for (unsigned i = 0; i < n; i++)
	  CHECK (gbig.buf[i] == (unsigned char) ((k + 1) ^ (i * 7) ^ (i >> 8)));
	for (unsigned i = n; i < sizeof gbig.buf; i++)
	  CHECK (gbig.buf[i] == 0xc4);
	check_guards (gbig.pre, gbig.post);
      }
    fill_bytes (b, 1, big, 65537);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
  }
  CHECK (calls (b) == expect_calls);

  /* Inout with a length.  */
  for (int cap = 0; cap <= 50; cap += (cap < 3 ? 1 : 47))
    for (int len0 = 0; len0 <= cap; len0 += (len0 < 2 ? 1 : 11))
      for (int add = -2; add <= 3; add++)
	{
	  struct
	  {
	    unsigned char pre[GUARD];
	    int32_t p[50];
	    unsigned char post[GUARD];
	  } g;
	  set_guards (g.pre, g.post);
	  for (int i = 0; i < 50; i++)
	    g.p[i] = i < len0 ? (int32_t) (i * 1000003 - 7) : 0x0badbad0;
	  uint64_t h = mix (0, (uint64_t) len0);
	  for (int i = 0; i < len0; i++)
	    h = mix (h, (uint64_t) (int64_t) g.p[i]);
	  int len = len0;
	  CHECK (edit (b, 0, g.p, cap, &len, add) == h);
	  CHECK (idl_error (b) == IDL_OK);
	  expect_calls++;
	  int want = len0 + add > cap ? cap : len0 + add < 0 ? 0 : len0 + add;
	  CHECK (len == want);
	  for (int i = 0; i < want; i++)
	    CHECK (g.p[i] == (i < len0 ? -(int32_t) (i * 1000003 - 7)
			      : i * 11));
	  /* Elements past the new length are the caller's.  */
	  for (int i = want; i < 50; i++)
	    CHECK (g.p[i] == (i < len0 ? (int32_t) (i * 1000003 - 7)
			      : 0x0badbad0));
	  check_guards (g.pre, g.post);
	}
  {
    int32_t p[51];
    for (int i = 0; i < 51; i++)
      p[i] = i;
    int len;
    /* The server sets *LEN over the capacity.  */
    len = 4;
    CHECK (edit (b, 1, p, 10, &len, 0) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    expect_calls++;
    CHECK (len == 4);
    /* *LEN over the capacity, a negative *LEN, a capacity over the
       bound, a negative capacity: nothing sent.  */
    len = 11;
    CHECK (edit (b, 0, p, 10, &len, 0) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 11);
    len = -1;
    CHECK (edit (b, 0, p, 10, &len, 0) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == -1);
    len = 2;
    CHECK (edit (b, 0, p, 51, &len, 0) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 2);
    CHECK (edit (b, 0, p, -3, &len, 0) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (len == 2);
    for (int i = 0; i < 51; i++)
      CHECK (p[i] == i);
  }
  CHECK (calls (b) == expect_calls);

  /* Inout without a length.  */
  for (unsigned n = 0; n <= 16; n++)
    {
      struct
      {
	unsigned char pre[GUARD];
	double p[17];
	unsigned char post[GUARD];
      } g;
      set_guards (g.pre, g.post);
      double s = 0;
      for (unsigned i = 0; i < 17; i++)
	{
	  g.p[i] = i * 0.5 - 3.25;
	  if (i < n)
	    s += g.p[i];
	}
      CHECK (twice (b, g.p, n) == s);
      CHECK (idl_error (b) == IDL_OK);
      expect_calls++;
      for (unsigned i = 0; i < 17; i++)
	CHECK (g.p[i] == (i < n ? 2 : 1) * (i * 0.5 - 3.25));
      check_guards (g.pre, g.post);
    }
  {
    double p[17] = { 1 };
    CHECK (twice (b, p, 17) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (p[0] == 1);
  }
  CHECK (calls (b) == expect_calls);

  /* Many buffers: every combination of odd and even lengths.  */
  for (unsigned nc = 0; nc <= 33; nc += 11)
    for (unsigned nq = 0; nq <= 9; nq += 3)
      for (unsigned na = 0; na <= 5; na += 5)
	for (unsigned noc = 0; noc <= 7; noc += 7)
	  {
	    char c[33];
	    uint64_t q[9];
	    struct al16 a[5];
	    struct
	    {
	      unsigned char pre[GUARD];
	      unsigned char oc[7];
	      unsigned char post[GUARD];
	    } goc;
	    struct
	    {
	      unsigned char pre[GUARD];
	      int64_t oq[5];
	      unsigned char post[GUARD];
	    } goq;
	    struct
	    {
	      unsigned char pre[GUARD];
	      struct al16 oa[3];
	      unsigned char post[GUARD];
	    } goa;
	    uint64_t h = 1;
	    for (unsigned i = 0; i < 33; i++)
	      c[i] = (char) (i * 29 + nc);
	    for (unsigned i = 0; i < 9; i++)
	      q[i] = patterns[i + nq] * 3;
	    memset (a, 0, sizeof a);
	    for (unsigned i = 0; i < 5; i++)
	      {
		a[i].v = (int) (i * 7 - 9);
		a[i].tag = (char) ('a' + i);
	      }
	    for (unsigned i = 0; i < nc; i++)
	      h = mix (h, (unsigned char) c[i]);
	    for (unsigned i = 0; i < nq; i++)
	      h = mix (h, q[i]);
	    for (unsigned i = 0; i < na; i++)
	      h = mix (mix (h, (uint64_t) a[i].v), (uint64_t) a[i].tag);
	    set_guards (goc.pre, goc.post);
	    set_guards (goq.pre, goq.post);
	    set_guards (goa.pre, goa.post);
	    memset (goc.oc, 0x11, sizeof goc.oc);
	    memset (goq.oq, 0x22, sizeof goq.oq);
	    memset (goa.oa, 0x33, sizeof goa.oa);
	    unsigned loc = 99, loq = 99;
	    unsigned noq = nq < 5 ? nq + 1 : 5, noa = na ? 3 : 1;
	    CHECK (many (b, c, (unsigned char) nc, q, nq, a, na, goc.oc, noc,
			 &loc, goq.oq, noq, &loq, goa.oa, noa) == h);
	    CHECK (idl_error (b) == IDL_OK);
	    expect_calls++;
	    unsigned wloc = noc < nc ? noc : nc, wloq = noq < nq ? noq : nq;
	    CHECK (loc == wloc);
	    CHECK (loq == wloq);
	    for (unsigned i = 0; i < 7; i++)
	      CHECK (goc.oc[i] == (i < wloc ? (unsigned char) ~c[i] : 0x11));
	    for (unsigned i = 0; i < 5; i++)
	      if (i < wloq)
		CHECK (goq.oq[i] == -(int64_t) q[i]);
	      else
		CHECK ((uint64_t) goq.oq[i] == 0x2222222222222222ULL);
	    for (unsigned i = 0; i < 3; i++)
	      if (i < noa)
		CHECK (goa.oa[i].v == (int) (i * 1000 + na)
		       && goa.oa[i].tag == (char) ('A' + i));
	      else
		CHECK (goa.oa[i].v == 0x33333333);
	    check_guards (goc.pre, goc.post);
	    check_guards (goq.pre, goq.post);
	    check_guards (goa.pre, goa.post);
	  }
  CHECK (calls (b) == expect_calls);

  /* Every pointer an implementation got was aligned for its element
     type.  */
  CHECK (misaligned_buffers (b) == 0);
  CHECK (calls (b) == expect_calls);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
