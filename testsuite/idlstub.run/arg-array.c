/* { dg-do run } */
/* Area: run
   Purpose: array parameters, T a[N], copied en bloc: IDL_IN, IDL_OUT and
   IDL_INOUT, small (message words: up to 64 bytes) and big (payload:
   over 64 bytes, or elements aligned to 16), of integers, doubles,
   structs, bools, enums, two-dimensional arrays, char arrays (all N
   bytes cross, not a string), one-element arrays and a [static N]
   parameter.  Out arrays start zeroed on the server; every out and
   inout array sits between guard regions.  */

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idltypes.h"

IDL_INTERFACE (argarr, 0x2a05, 1);

struct pt { int x, y; short z, w; };		/* 12 bytes, no padding */
struct a16 { _Alignas (16) int v; };		/* 16 bytes, aligned 16 */

/* IN: the server returns a hash of the bytes it got.  OUT: the server
   fills the array from SEED and returns 1 if it started zeroed.  INOUT:
   the server returns a hash of what it got and flips every byte's bits
   (bools: negates them).  */
#define ARRAYS(X)							\
  X (1, i16, int, [16])			/* 64: words */			\
  X (4, s5, short, [5])			/* 10: words, odd size */	\
  X (7, u8x1, unsigned char, [1])	/* 1 */				\
  X (10, u64x8, uint64_t, [8])		/* 64: words, the most */	\
  X (13, u64x9, uint64_t, [9])		/* 72: payload */		\
  X (16, l20, long, [20])		/* 160: payload */		\
  X (19, d12, double, [12])		/* 96: payload */		\
  X (22, u8x100, unsigned char, [100])	/* 100: payload */		\
  X (25, pt3, struct pt, [3])		/* 36: words */			\
  X (28, pt20, struct pt, [20])		/* 240: payload */		\
  X (31, m34, int, [3][4])		/* 48: words */			\
  X (34, m1010, int, [10][10])		/* 400: payload */		\
  X (37, a16x2, struct a16, [2])	/* 32, aligned 16: payload */	\
  X (40, sen4, enum sen, [4])		/* 16: words */			\
  X (43, name, char, [16])		/* 16: words, bytes not string */ \
  X (46, big, unsigned char, [4096])	/* 4 KB: payload */

#define DECLARE(N, NAME, T, DIMS)					\
  IDL_OP (argarr, N) uint64_t in_##NAME (idl_binding_t *b,		\
					 IDL_IN const T a DIMS);	\
  IDL_OP (argarr, N + 1) int out_##NAME (idl_binding_t *b, unsigned seed, \
					 IDL_OUT T o DIMS);		\
  IDL_OP (argarr, N + 2) uint64_t io_##NAME (idl_binding_t *b,		\
					     IDL_INOUT T io DIMS);
ARRAYS (DECLARE)

/* Bools: the inout one is negated element by element.  */
IDL_OP (argarr, 60) uint64_t io_bools (idl_binding_t *b,
				       IDL_INOUT _Bool f[7]);
/* In and out together (IDL4's arrayxfer): O gets A reversed.  */
IDL_OP (argarr, 61) int arrayxfer (idl_binding_t *b, IDL_IN const int a[16],
				   IDL_OUT int o[16]);
/* A [static N] parameter.  */
IDL_OP (argarr, 62) long sum4 (idl_binding_t *b,
			       IDL_IN const long a[static 4]);
/* Arrays between scalars, each direction at once.  */
IDL_OP (argarr, 63) uint64_t sandwich (idl_binding_t *b, char c,
				       IDL_IN const short in[3], long l,
				       IDL_INOUT double io[2], short s,
				       IDL_OUT unsigned char out[5], char d);

/* How many arrays reached an implementation misaligned for their
   element type.  */
IDL_OP (argarr, 64) int misaligned_arrays (idl_binding_t *b);

IDL_SERVER (argarr);

static uint64_t
hash_mem (const void *p, size_t n)
{
  const unsigned char *q = p;
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ q[i]) * 0x100000001b3ULL;
  return h ^ n;
}

static void
gen_mem (void *p, size_t n, unsigned seed)
{
  unsigned char *q = p;
  uint32_t st = seed * 2654435761u + 12345;
  for (size_t i = 0; i < n; i++)
    {
      st = st * 1103515245u + 12345;
      q[i] = (unsigned char) (st >> 16);
    }
}

static void
flip_mem (void *p, size_t n)
{
  unsigned char *q = p;
  for (size_t i = 0; i < n; i++)
    q[i] = (unsigned char) ~q[i];
}

static int
all_zero (const void *p, size_t n)
{
  const unsigned char *q = p;
  for (size_t i = 0; i < n; i++)
    if (q[i])
      return 0;
  return 1;
}

static int misaligned;

#define IMPLEMENT(N, NAME, T, DIMS)					\
  uint64_t in_##NAME##_impl (idl_call_t *call, const T a DIMS)		\
  {									\
    typedef T arr_t DIMS;						\
    if ((uintptr_t) a % _Alignof (T))					\
      misaligned++;							\
    return hash_mem (a, sizeof (arr_t));				\
  }									\
  int out_##NAME##_impl (idl_call_t *call, unsigned seed, T o DIMS)	\
  {									\
    typedef T arr_t DIMS;						\
    if ((uintptr_t) o % _Alignof (T))					\
      misaligned++;							\
    int z = all_zero (o, sizeof (arr_t));				\
    gen_mem (o, sizeof (arr_t), seed);					\
    return z;								\
  }									\
  uint64_t io_##NAME##_impl (idl_call_t *call, T io DIMS)		\
  {									\
    typedef T arr_t DIMS;						\
    if ((uintptr_t) io % _Alignof (T))					\
      misaligned++;							\
    uint64_t h = hash_mem (io, sizeof (arr_t));				\
    flip_mem (io, sizeof (arr_t));					\
    return h;								\
  }
ARRAYS (IMPLEMENT)

uint64_t
io_bools_impl (idl_call_t *call, _Bool f[7])
{
  uint64_t h = 0;
  for (int i = 0; i < 7; i++)
    {
      h = h << 1 | f[i];
      f[i] = !f[i];
    }
  return h;
}

int
arrayxfer_impl (idl_call_t *call, const int a[16], int o[16])
{
  int z = all_zero (o, 16 * sizeof (int));
  for (int i = 0; i < 16; i++)
    o[i] = a[15 - i];
  return z;
}

long
sum4_impl (idl_call_t *call, const long a[static 4])
{
  return a[0] + a[1] * 10 + a[2] * 100 + a[3] * 1000;
}

uint64_t
sandwich_impl (idl_call_t *call, char c, const short in[3], long l,
	       double io[2], short s, unsigned char out[5], char d)
{
  uint64_t h = (uint64_t) (c * 3 + d) ^ (uint64_t) l ^ (uint64_t) s << 20;
  for (int i = 0; i < 3; i++)
    h = h * 31 + (uint64_t) in[i];
  io[0] = io[0] * 2 + io[1];
  io[1] = -io[1];
  for (int i = 0; i < 5; i++)
    out[i] = (unsigned char) (c + i * d);
  return h;
}

int
misaligned_arrays_impl (idl_call_t *call)
{
  return misaligned;
}

#define GUARD 64
#define GUARD_BYTE 0x6b

static void
check_guard (const unsigned char *g)
{
  for (int i = 0; i < GUARD; i++)
    CHECK (g[i] == GUARD_BYTE);
}

int
main (void)
{
  const char *name = idltest_name ("arg-array");
  pid_t srv = idltest_fork_server (name, &argarr, argarr_dispatch);
  idl_binding_t *b = idltest_connect (name, &argarr);

#define TRY(N, NAME, T, DIMS)						\
  for (unsigned seed = 1; seed <= 8; seed++)				\
    {									\
      typedef T arr_t DIMS;						\
      static struct							\
      {									\
	unsigned char pre[GUARD];					\
	arr_t v;							\
	unsigned char post[GUARD];					\
      } g;								\
      static arr_t orig, want;						\
      gen_mem (&orig, sizeof orig, seed * 77 + N);			\
									\
      memset (&g, GUARD_BYTE, sizeof g);				\
      memcpy (&g.v, &orig, sizeof orig);				\
      if (in_##NAME (b, g.v) != hash_mem (&orig, sizeof orig))		\
	fprintf (stderr, "in_%s, seed %u\n", #NAME, seed);		\
      CHECK (idl_error (b) == IDL_OK);					\
      CHECK (in_##NAME (b, g.v) == hash_mem (&orig, sizeof orig));	\
      CHECK (memcmp (&g.v, &orig, sizeof orig) == 0);			\
									\
      memset (&g, GUARD_BYTE, sizeof g);				\
      CHECK (out_##NAME (b, seed, g.v) == 1);				\
      CHECK (idl_error (b) == IDL_OK);					\
      gen_mem (&want, sizeof want, seed);				\
      if (memcmp (&g.v, &want, sizeof want) != 0)			\
	fprintf (stderr, "out_%s, seed %u\n", #NAME, seed);		\
      CHECK (memcmp (&g.v, &want, sizeof want) == 0);			\
      check_guard (g.pre);						\
      check_guard (g.post);						\
									\
      memset (&g, GUARD_BYTE, sizeof g);				\
      memcpy (&g.v, &orig, sizeof orig);				\
      memcpy (&want, &orig, sizeof orig);				\
      flip_mem (&want, sizeof want);					\
      CHECK (io_##NAME (b, g.v) == hash_mem (&orig, sizeof orig));	\
      CHECK (idl_error (b) == IDL_OK);					\
      if (memcmp (&g.v, &want, sizeof want) != 0)			\
	fprintf (stderr, "io_%s, seed %u\n", #NAME, seed);		\
      CHECK (memcmp (&g.v, &want, sizeof want) == 0);			\
      check_guard (g.pre);						\
      check_guard (g.post);						\
    }
  ARRAYS (TRY)

  /* A char array is N bytes, not a string: what follows a NUL crosses
     too.  */
  {
    char n16[16] = "ab\0cdefghijklmn";
    CHECK (in_name (b, n16) == hash_mem (n16, 16));
    struct { unsigned char pre[GUARD]; char v[16]; unsigned char post[GUARD]; }
      g;
    memset (&g, GUARD_BYTE, sizeof g);
    memcpy (g.v, "\0\0\0xyz", 7);
    memset (g.v + 7, 'q', 9);
    char want[16];
    memcpy (want, g.v, 16);
    flip_mem (want, 16);
    CHECK (io_name (b, g.v) == hash_mem ("\0\0\0xyz\0qqqqqqqqq", 16));
    CHECK (memcmp (g.v, want, 16) == 0);
    check_guard (g.pre);
    check_guard (g.post);
  }

  /* Bools.  */
  for (unsigned m = 0; m < 128; m++)
    {
      struct { unsigned char pre[GUARD]; _Bool v[7]; unsigned char post[GUARD]; }
	g;
      memset (&g, GUARD_BYTE, sizeof g);
      uint64_t h = 0;
      for (int i = 0; i < 7; i++)
	{
	  g.v[i] = (m >> i) & 1;
	  h = h << 1 | g.v[i];
	}
      CHECK (io_bools (b, g.v) == h);
      CHECK (idl_error (b) == IDL_OK);
      for (int i = 0; i < 7; i++)
	CHECK (g.v[i] == !((m >> i) & 1));
      check_guard (g.pre);
      check_guard (g.post);
    }

  /* In and out together.  */
  {
    int a[16];
    struct { unsigned char pre[GUARD]; int v[16]; unsigned char post[GUARD]; }
      g;
    for (int i = 0; i < 16; i++)
      a[i] = i * i - 100;
    memset (&g, GUARD_BYTE, sizeof g);
    CHECK (arrayxfer (b, a, g.v) == 1);
    CHECK (idl_error (b) == IDL_OK);
    for (int i = 0; i < 16; i++)
      CHECK (g.v[i] == a[15 - i]);
    check_guard (g.pre);
    check_guard (g.post);
  }

  {
    long a[4] = { 1, -2, 3, 4 };
    CHECK (sum4 (b, a) == 1 - 20 + 300 + 4000);
    CHECK (idl_error (b) == IDL_OK);
  }

  for (int k = 0; k < 10; k++)
    {
      short in[3] = { (short) k, (short) -k, 0x7fff };
      struct { unsigned char pre[GUARD]; double v[2]; unsigned char post[GUARD]; }
	gio;
      struct { unsigned char pre[GUARD]; unsigned char v[5];
	       unsigned char post[GUARD]; } gout;
      memset (&gio, GUARD_BYTE, sizeof gio);
      memset (&gout, GUARD_BYTE, sizeof gout);
      gio.v[0] = k * 0.25;
      gio.v[1] = -1.5 * k;
      char c = (char) ('A' + k), d = (char) (k + 1);
      long l = (long) k << 40;
      short s = (short) (k * 300);
      uint64_t h = (uint64_t) (c * 3 + d) ^ (uint64_t) l ^ (uint64_t) s << 20;
      for (int i = 0; i < 3; i++)
	h = h * 31 + (uint64_t) in[i];
      CHECK (sandwich (b, c, in, l, gio.v, s, gout.v, d) == h);
      CHECK (idl_error (b) == IDL_OK);
      CHECK (gio.v[0] == k * 0.25 * 2 - 1.5 * k);
      CHECK (gio.v[1] == 1.5 * k);
      for (int i = 0; i < 5; i++)
	CHECK (gout.v[i] == (unsigned char) (c + i * d));
      check_guard (gio.pre);
      check_guard (gio.post);
      check_guard (gout.pre);
      check_guard (gout.post);
    }

  CHECK (misaligned_arrays (b) == 0);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
