/* { dg-do run } */
/* { dg-options "-Wno-psabi" } */
/* Area: run
   Purpose: big blocks (over 64 bytes, or aligned beyond 8 with
   _Alignas), which travel in the payload: each type by value (in), and
   through IDL_IN, IDL_OUT and IDL_INOUT pointers.  Members arrive and
   come back exactly (a struct of long a[20] and char name[32], 65 bytes,
   a big union, nested structs, arrays of structs, _Alignas (16) and
   _Alignas (32) members, 4 KB); the implementation gets its pointers
   aligned for the type; an out block starts zeroed on the server; the
   caller's object sits between guard regions, which stay intact.  Then
   operations that mix blocks in words and in the payload with strings
   and buffers, in both directions.  (-Wno-psabi: GCC notes that passing
   a 32-byte aligned argument changed ABI in GCC 4.6.)  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idlblocks.h"

IDL_INTERFACE (argblkp, 0x2a04, 1);

typedef struct { char c; int i; short s; long l; } pad_t;	/* 24 */
typedef struct { long a[20]; char name[32]; } big_t;		/* 192 */
typedef struct { unsigned char b[65]; } s65_t;			/* 65 */
typedef struct { _Alignas (16) int x; char c; } al16_t;		/* 16 */
typedef union
{
  long l[10];
  double d[9];
  unsigned char b[80];
} ubig_t;							/* 80 */
typedef struct { big_t b; pad_t p[3]; al16_t a; } bnest_t;	/* 288 */
typedef struct { _Alignas (32) char c; long l; } al32_t;	/* 32 */
typedef struct { unsigned char b[4000]; int tail; } large_t;	/* 4004 */
typedef struct { pad_t p[9]; } recs9_t;				/* 216 */
typedef struct { long a[8]; } s64_t;				/* 64 */

_Static_assert (sizeof (s65_t) == 65 && _Alignof (al16_t) == 16
		&& _Alignof (al32_t) == 32, "blocks for the payload");

/* The members of each type, for gen, hash and twist: I an integer
   member, D a floating one, BF a bit-field.  */
#define FIELDS_pad(I, D, BF, p) I ((p)->c) I ((p)->i) I ((p)->s) I ((p)->l)
#define FIELDS_big(I, D, BF, p)						\
  for (int k_ = 0; k_ < 20; k_++) I ((p)->a[k_])			\
  for (int k_ = 0; k_ < 32; k_++) I ((p)->name[k_])
#define FIELDS_s65(I, D, BF, p) for (int k_ = 0; k_ < 65; k_++) I ((p)->b[k_])
#define FIELDS_al16(I, D, BF, p) I ((p)->x) I ((p)->c)
#define FIELDS_ubig(I, D, BF, p) for (int k_ = 0; k_ < 80; k_++) I ((p)->b[k_])
#define FIELDS_bnest(I, D, BF, p)					\
  FIELDS_big (I, D, BF, &(p)->b)					\
  for (int j_ = 0; j_ < 3; j_++) { FIELDS_pad (I, D, BF, &(p)->p[j_]) } \
  FIELDS_al16 (I, D, BF, &(p)->a)
#define FIELDS_al32(I, D, BF, p) I ((p)->c) I ((p)->l)
#define FIELDS_large(I, D, BF, p)					\
  for (int k_ = 0; k_ < 4000; k_++) I ((p)->b[k_])			\
  I ((p)->tail)
#define FIELDS_recs9(I, D, BF, p)					\
  for (int j_ = 0; j_ < 9; j_++) { FIELDS_pad (I, D, BF, &(p)->p[j_]) }
#define FIELDS_s64(I, D, BF, p) for (int k_ = 0; k_ < 8; k_++) I ((p)->a[k_])

/* X (first operation number, name): operations N .. N + 3.  */
#define BLOCK_TYPES(X)							\
  X (10, big) X (20, s65) X (30, al16) X (40, ubig) X (50, bnest)	\
  X (60, al32) X (70, large) X (80, recs9)

/* Helpers only (the operations on 64-byte blocks are below).  */
#define HELPER_TYPES(X) BLOCK_TYPES (X) X (90, pad) X (100, s64)

static uint64_t
mix (uint64_t h, uint64_t v)
{
  return (h ^ v) * 0x100000001b3ULL + (h >> 31);
}

static uint64_t
hash_mem (uint64_t h, const void *p, size_t n)
{
  const unsigned char *q = p;
  for (size_t i = 0; i < n; i++)
    h = mix (h, q[i]);
  return mix (h, n);
}

static uint64_t
next (uint64_t *st)
{
  *st = *st * 6364136223846793005ULL + 1442695040888963407ULL;
  return *st >> 11 ^ *st << 7;
}

#define GEN_I(x) x = (__typeof__ (x)) next (&st);
#define GEN_D(x) x = (__typeof__ (x)) (int32_t) next (&st) / 8;
#define GEN_BF(x) x = next (&st);
#define HASH_I(x) h = hash_mem (h, &(x), sizeof (x));
#define HASH_D(x) h = hash_mem (h, &(x), sizeof (x));
#define HASH_BF(x) h = mix (h, (uint64_t) (x));
#define TWIST_I(x)							\
  x = (__typeof__ (x)) (x ^ (__typeof__ (x + 0)) 0x5a5a5a5a5a5a5a5aULL);
#define TWIST_D(x) x = x * 2 + 1;
#define TWIST_BF(x) x = x ^ 0x55;

#define HELPERS(N, NAME)						\
  static void								\
  gen_##NAME (NAME##_t *p, uint64_t seed)				\
  {									\
    uint64_t st = seed * 0x9e3779b97f4a7c15ULL + N;			\
    memset (p, 0xe5, sizeof *p);	/* padding: anything */		\
    FIELDS_##NAME (GEN_I, GEN_D, GEN_BF, p)				\
  }									\
  static uint64_t							\
  hash_##NAME (const NAME##_t *p)					\
  {									\
    uint64_t h = N;							\
    FIELDS_##NAME (HASH_I, HASH_D, HASH_BF, p)				\
    return h;								\
  }									\
  static void								\
  twist_##NAME (NAME##_t *p)						\
  {									\
    FIELDS_##NAME (TWIST_I, TWIST_D, TWIST_BF, p)			\
  }
HELPER_TYPES (HELPERS)

/* N: by value; N + 1: through an in pointer (both return the hash the
   server computed); N + 2: out, filled from SEED, returns whether it
   started zeroed; N + 3: inout, twisted, returns the hash it got.  */
#define DECLARE(N, NAME)						\
  IDL_OP (argblkp, N) uint64_t val_##NAME (idl_binding_t *b, int pre,	\
					  NAME##_t v, int post);	\
  IDL_OP (argblkp, N + 1) uint64_t in_##NAME				\
    (idl_binding_t *b, IDL_IN const NAME##_t *p);			\
  IDL_OP (argblkp, N + 2) int out_##NAME				\
    (idl_binding_t *b, uint64_t seed, IDL_OUT NAME##_t *o);		\
  IDL_OP (argblkp, N + 3) uint64_t io_##NAME				\
    (idl_binding_t *b, IDL_INOUT NAME##_t *io);
BLOCK_TYPES (DECLARE)

/* Six 64-byte blocks: the first four of the request fill the 32 words
   blocks may use, the fifth goes to the payload.  */
IDL_OP (argblkp, 200) uint64_t six (idl_binding_t *b, s64_t a,
				    IDL_IN const s64_t *b2,
				    IDL_INOUT s64_t *c, IDL_OUT s64_t *d,
				    s64_t e, IDL_INOUT s64_t *f);
/* Blocks in the payload before a string and a buffer, both ways.  */
IDL_OP (argblkp, 201) uint64_t combo (idl_binding_t *b,
				      IDL_IN const big_t *bg,
				      IDL_IN IDL_STRING (40) const char *s,
				      IDL_INOUT al16_t *a,
				      IDL_INOUT IDL_SIZE_IS (n, 10)
					IDL_LENGTH_IS (len) pad_t *pp,
				      int n, IDL_INOUT int *len,
				      IDL_OUT big_t *ob,
				      IDL_OUT IDL_STRING (40) char *os,
				      short tail);
/* How many pointers reached an implementation misaligned for their
   type.  */
IDL_OP (argblkp, 202) int misaligned_blocks (idl_binding_t *b);

IDL_SERVER (argblkp);

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

#define ALIGNED(p)							\
  do									\
    if ((uintptr_t) (p) % _Alignof (__typeof__ (*(p))))		\
      misaligned++;							\
  while (0)

#define IMPLEMENT(N, NAME)						\
  uint64_t val_##NAME##_impl (idl_call_t *call, int pre, NAME##_t v,	\
			      int post)					\
  {									\
    CHECK (pre == -1 && post == 0x5ca1ab1e);				\
    return hash_##NAME (&v);						\
  }									\
  uint64_t in_##NAME##_impl (idl_call_t *call, const NAME##_t *p)	\
  {									\
    ALIGNED (p);							\
    return hash_##NAME (p);						\
  }									\
  int out_##NAME##_impl (idl_call_t *call, uint64_t seed, NAME##_t *o)	\
  {									\
    ALIGNED (o);							\
    int z = all_zero (o, sizeof *o);					\
    gen_##NAME (o, seed);						\
    return z;								\
  }									\
  uint64_t io_##NAME##_impl (idl_call_t *call, NAME##_t *io)		\
  {									\
    ALIGNED (io);							\
    uint64_t h = hash_##NAME (io);					\
    twist_##NAME (io);							\
    return h;								\
  }
BLOCK_TYPES (IMPLEMENT)

static uint64_t
hash_str (const char *s)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 0x100000001b3ULL;
  return h;
}

uint64_t
six_impl (idl_call_t *call, s64_t a, const s64_t *b2, s64_t *c, s64_t *d,
	  s64_t e, s64_t *f)
{
  ALIGNED (b2);
  ALIGNED (c);
  ALIGNED (d);
  ALIGNED (f);
  uint64_t h = mix (mix (hash_s64 (&a), hash_s64 (b2)), hash_s64 (c));
  h = mix (mix (h, hash_s64 (&e)), hash_s64 (f));
  CHECK (all_zero (d, sizeof *d));
  twist_s64 (c);
  twist_s64 (f);
  gen_s64 (d, hash_s64 (&a));
  return h;
}

uint64_t
combo_impl (idl_call_t *call, const big_t *bg, const char *s, al16_t *a,
	    pad_t *pp, int n, int *len, big_t *ob, char *os, short tail)
{
  ALIGNED (bg);
  ALIGNED (a);
  ALIGNED (pp);
  ALIGNED (ob);
  CHECK (all_zero (ob, sizeof *ob) && os[0] == 0);
  uint64_t h = mix (mix (hash_big (bg), hash_str (s)), hash_al16 (a));
  for (int i = 0; i < *len; i++)
    h = mix (h, hash_pad (&pp[i]));
  h = mix (h, (uint64_t) tail);
  twist_al16 (a);
  for (int i = 0; i < *len; i++)
    twist_pad (&pp[i]);
  if (*len < n)
    {
      gen_pad (&pp[*len], (uint64_t) *len);
      ++*len;
    }
  gen_big (ob, (uint64_t) tail);
  size_t k = strlen (s);
  for (size_t i = 0; i < k; i++)
    os[i] = s[k - 1 - i];
  os[k] = 0;
  return h;
}

int
misaligned_blocks_impl (idl_call_t *call)
{
  return misaligned;
}

int
main (void)
{
  const char *name = idltest_name ("arg-block-payload");
  pid_t srv = idltest_fork_server (name, &argblkp, argblkp_dispatch);
  idl_binding_t *b = idltest_connect (name, &argblkp);

  BLOCK_TYPES (BLOCK_ROUND_TRIPS)

  /* Six 64-byte blocks.  */
  for (uint64_t k = 0; k < 20; k++)
    {
      s64_t a, b2, e;
      struct { unsigned char pre[GUARD]; s64_t v; unsigned char post[GUARD]; }
	gc, gd, gf;
      memset (&gc, GUARD_BYTE, sizeof gc);
      memset (&gd, GUARD_BYTE, sizeof gd);
      memset (&gf, GUARD_BYTE, sizeof gf);
      gen_s64 (&a, k);
      gen_s64 (&b2, k + 100);
      gen_s64 (&gc.v, k + 200);
      gen_s64 (&e, k + 300);
      gen_s64 (&gf.v, k + 400);
      s64_t wc = gc.v, wf = gf.v, wd;
      uint64_t h = mix (mix (hash_s64 (&a), hash_s64 (&b2)), hash_s64 (&wc));
      h = mix (mix (h, hash_s64 (&e)), hash_s64 (&wf));
      twist_s64 (&wc);
      twist_s64 (&wf);
      gen_s64 (&wd, hash_s64 (&a));
      CHECK (six (b, a, &b2, &gc.v, &gd.v, e, &gf.v) == h);
      CHECK (idl_error (b) == IDL_OK);
      CHECK (memcmp (&gc.v, &wc, sizeof wc) == 0);
      CHECK (memcmp (&gd.v, &wd, sizeof wd) == 0);
      CHECK (memcmp (&gf.v, &wf, sizeof wf) == 0);
      check_guard (gc.pre);
      check_guard (gc.post);
      check_guard (gd.pre);
      check_guard (gd.post);
      check_guard (gf.pre);
      check_guard (gf.post);
    }

  /* Payload blocks with a string and a buffer.  */
  for (int n = 0; n <= 10; n++)
    for (int len0 = 0; len0 <= n; len0 += 3)
      {
	static const char *strs[] = { "", "x", "a string in the payload",
				      "0123456789012345678901234567890123456789" };
	const char *str = strs[(n + len0) % 4];
	big_t bg;
	struct { unsigned char pre[GUARD]; al16_t v; unsigned char post[GUARD]; }
	  ga;
	struct { unsigned char pre[GUARD]; pad_t v[10];
		 unsigned char post[GUARD]; } gp;
	struct { unsigned char pre[GUARD]; big_t v; unsigned char post[GUARD]; }
	  gb;
	struct { unsigned char pre[GUARD]; char v[41]; unsigned char post[GUARD]; }
	  gs;
	memset (&ga, GUARD_BYTE, sizeof ga);
	memset (&gp, GUARD_BYTE, sizeof gp);
	memset (&gb, GUARD_BYTE, sizeof gb);
	memset (&gs, GUARD_BYTE, sizeof gs);
	gen_big (&bg, (uint64_t) n);
	gen_al16 (&ga.v, (uint64_t) len0);
	for (int i = 0; i < 10; i++)
	  gen_pad (&gp.v[i], (uint64_t) (i + 50));
	al16_t wa = ga.v;
	pad_t wp[10];
	memcpy (wp, gp.v, sizeof wp);
	short tail = (short) (n * 1000 - len0);
	uint64_t h = mix (mix (hash_big (&bg), hash_str (str)), hash_al16 (&wa));
	for (int i = 0; i < len0; i++)
	  h = mix (h, hash_pad (&wp[i]));
	h = mix (h, (uint64_t) tail);
	twist_al16 (&wa);
	for (int i = 0; i < len0; i++)
	  twist_pad (&wp[i]);
	int wlen = len0;
	if (wlen < n)
	  gen_pad (&wp[wlen], (uint64_t) wlen), wlen++;
	big_t wb;
	gen_big (&wb, (uint64_t) tail);
	int len = len0;
	CHECK (combo (b, &bg, str, &ga.v, gp.v, n, &len, &gb.v, gs.v, tail)
	       == h);
	CHECK (idl_error (b) == IDL_OK);
	CHECK (len == wlen);
	CHECK (hash_al16 (&ga.v) == hash_al16 (&wa));
	for (int i = 0; i < 10; i++)
	  CHECK (hash_pad (&gp.v[i]) == hash_pad (&wp[i]));
	CHECK (hash_big (&gb.v) == hash_big (&wb));
	size_t k = strlen (str);
	CHECK (strlen (gs.v) == k);
	for (size_t i = 0; i < k; i++)
	  CHECK (gs.v[i] == str[k - 1 - i]);
	check_guard (ga.pre);
	check_guard (ga.post);
	check_guard (gp.pre);
	check_guard (gp.post);
	check_guard (gb.pre);
	check_guard (gb.post);
	check_guard (gs.pre);
	check_guard (gs.post);
      }

  CHECK (misaligned_blocks (b) == 0);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
