/* { dg-do run } */
/* Area: run
   Purpose: small blocks (structs, unions, arrays of structs of at most
   64 bytes, aligned to at most 8), which travel in message words: each
   type by value (in), and through IDL_IN, IDL_OUT and IDL_INOUT
   pointers.  Members arrive and come back exactly (padding, nesting,
   bit-fields, floating members, a union, exactly 64 bytes); an out block
   starts zeroed on the server; the caller's object sits between guard
   regions, which stay intact.  Then several blocks and scalars in one
   operation, in both directions.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"
#include "idlblocks.h"

IDL_INTERFACE (argblkw, 0x2a03, 1);

typedef struct { unsigned char c; } one_t;			/* 1 */
typedef struct { char c; int i; short s; long l; } pad_t;	/* 24 */
typedef struct
{
  pad_t p;
  short a[3];
  struct { unsigned char u; double d; } in;
} nest_t;							/* 48 */
typedef union { long l; double d; unsigned char b[12]; } un_t;	/* 16 */
typedef struct
{
  unsigned a : 3, b : 13;
  int c : 7;
  unsigned char d;
} bits_t;							/* 8 */
typedef struct { long a[8]; } s64_t;				/* 64 */
typedef struct { pad_t p[2]; } recs_t;				/* 48 */
typedef struct { float f[3]; } fl_t;				/* 12 */
typedef struct { unsigned short s; unsigned char c[3]; } odd_t;	/* 6 */

_Static_assert (sizeof (nest_t) <= 64 && sizeof (s64_t) == 64
		&& sizeof (recs_t) <= 64, "blocks that fit message words");

/* The members of each type, for gen, hash and twist: I an integer
   member, D a floating one, BF a bit-field.  */
#define FIELDS_one(I, D, BF, p) I ((p)->c)
#define FIELDS_pad(I, D, BF, p) I ((p)->c) I ((p)->i) I ((p)->s) I ((p)->l)
#define FIELDS_nest(I, D, BF, p)					\
  FIELDS_pad (I, D, BF, &(p)->p)					\
  for (int k_ = 0; k_ < 3; k_++) I ((p)->a[k_])				\
  I ((p)->in.u) D ((p)->in.d)
#define FIELDS_un(I, D, BF, p) for (int k_ = 0; k_ < 12; k_++) I ((p)->b[k_])
#define FIELDS_bits(I, D, BF, p) BF ((p)->a) BF ((p)->b) BF ((p)->c) I ((p)->d)
#define FIELDS_s64(I, D, BF, p) for (int k_ = 0; k_ < 8; k_++) I ((p)->a[k_])
#define FIELDS_recs(I, D, BF, p)					\
  for (int j_ = 0; j_ < 2; j_++) { FIELDS_pad (I, D, BF, &(p)->p[j_]) }
#define FIELDS_fl(I, D, BF, p) for (int k_ = 0; k_ < 3; k_++) D ((p)->f[k_])
#define FIELDS_odd(I, D, BF, p)						\
  I ((p)->s) for (int k_ = 0; k_ < 3; k_++) I ((p)->c[k_])

/* X (first operation number, name): operations N .. N + 3.  */
#define BLOCK_TYPES(X)							\
  X (10, one) X (20, pad) X (30, nest) X (40, un) X (50, bits)		\
  X (60, s64) X (70, recs) X (80, fl) X (90, odd)

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
BLOCK_TYPES (HELPERS)

/* N: by value; N + 1: through an in pointer (both return the hash the
   server computed); N + 2: out, filled from SEED, returns whether it
   started zeroed; N + 3: inout, twisted, returns the hash it got.  */
#define DECLARE(N, NAME)						\
  IDL_OP (argblkw, N) uint64_t val_##NAME (idl_binding_t *b, int pre,	\
					  NAME##_t v, int post);	\
  IDL_OP (argblkw, N + 1) uint64_t in_##NAME				\
    (idl_binding_t *b, IDL_IN const NAME##_t *p);			\
  IDL_OP (argblkw, N + 2) int out_##NAME				\
    (idl_binding_t *b, uint64_t seed, IDL_OUT NAME##_t *o);		\
  IDL_OP (argblkw, N + 3) uint64_t io_##NAME				\
    (idl_binding_t *b, IDL_INOUT NAME##_t *io);
BLOCK_TYPES (DECLARE)

/* Several blocks and scalars together.  */
IDL_OP (argblkw, 200) uint64_t mixed (idl_binding_t *b, char c, pad_t p,
				      IDL_INOUT un_t *u, short s,
				      IDL_OUT nest_t *o, bits_t bt, long l,
				      IDL_OUT one_t *o1, IDL_INOUT fl_t *f);

IDL_SERVER (argblkw);

static int
all_zero (const void *p, size_t n)
{
  const unsigned char *q = p;
  for (size_t i = 0; i < n; i++)
    if (q[i])
      return 0;
  return 1;
}

#define IMPLEMENT(N, NAME)						\
  uint64_t val_##NAME##_impl (idl_call_t *call, int pre, NAME##_t v,	\
			      int post)					\
  {									\
    CHECK (pre == -1 && post == 0x5ca1ab1e);				\
    return hash_##NAME (&v);						\
  }									\
  uint64_t in_##NAME##_impl (idl_call_t *call, const NAME##_t *p)	\
  {									\
    return hash_##NAME (p);						\
  }									\
  int out_##NAME##_impl (idl_call_t *call, uint64_t seed, NAME##_t *o)	\
  {									\
    int z = all_zero (o, sizeof *o);					\
    gen_##NAME (o, seed);						\
    return z;								\
  }									\
  uint64_t io_##NAME##_impl (idl_call_t *call, NAME##_t *io)		\
  {									\
    uint64_t h = hash_##NAME (io);					\
    twist_##NAME (io);							\
    return h;								\
  }
BLOCK_TYPES (IMPLEMENT)

uint64_t
mixed_impl (idl_call_t *call, char c, pad_t p, un_t *u, short s, nest_t *o,
	    bits_t bt, long l, one_t *o1, fl_t *f)
{
  uint64_t h = mix (mix (mix (c, (uint64_t) s), (uint64_t) l),
		    hash_pad (&p));
  h = mix (mix (mix (h, hash_un (u)), hash_bits (&bt)), hash_fl (f));
  CHECK (all_zero (o, sizeof *o) && all_zero (o1, sizeof *o1));
  twist_un (u);
  twist_fl (f);
  gen_nest (o, (uint64_t) l);
  gen_one (o1, (uint64_t) c);
  return h;
}

int
main (void)
{
  const char *name = idltest_name ("arg-block-words");
  pid_t srv = idltest_fork_server (name, &argblkw, argblkw_dispatch);
  idl_binding_t *b = idltest_connect (name, &argblkw);

  BLOCK_TYPES (BLOCK_ROUND_TRIPS)

  /* Blocks and scalars together.  */
  for (int k = 0; k < 30; k++)
    {
      pad_t p;
      bits_t bt;
      struct { unsigned char pre[GUARD]; un_t v; unsigned char post[GUARD]; }
	gu;
      struct { unsigned char pre[GUARD]; nest_t v; unsigned char post[GUARD]; }
	gn;
      struct { unsigned char pre[GUARD]; one_t v; unsigned char post[GUARD]; }
	g1;
      struct { unsigned char pre[GUARD]; fl_t v; unsigned char post[GUARD]; }
	gf;
      memset (&gu, GUARD_BYTE, sizeof gu);
      memset (&gn, GUARD_BYTE, sizeof gn);
      memset (&g1, GUARD_BYTE, sizeof g1);
      memset (&gf, GUARD_BYTE, sizeof gf);
      gen_pad (&p, k);
      gen_bits (&bt, k + 1);
      gen_un (&gu.v, k + 2);
      gen_fl (&gf.v, k + 3);
      un_t wu = gu.v;
      fl_t wf = gf.v;
      char c = (char) (k * 37);
      short s = (short) (k * -1234);
      long l = (long) k * 0x123456789L - 5;
      uint64_t h = mix (mix (mix (c, (uint64_t) s), (uint64_t) l),
			hash_pad (&p));
      h = mix (mix (mix (h, hash_un (&wu)), hash_bits (&bt)), hash_fl (&wf));
      twist_un (&wu);
      twist_fl (&wf);
      nest_t wn;
      one_t w1;
      gen_nest (&wn, (uint64_t) l);
      gen_one (&w1, (uint64_t) c);
      CHECK (mixed (b, c, p, &gu.v, s, &gn.v, bt, l, &g1.v, &gf.v) == h);
      CHECK (idl_error (b) == IDL_OK);
      CHECK (hash_un (&gu.v) == hash_un (&wu));
      CHECK (hash_fl (&gf.v) == hash_fl (&wf));
      CHECK (hash_nest (&gn.v) == hash_nest (&wn));
      CHECK (hash_one (&g1.v) == hash_one (&w1));
      check_guard (gu.pre);
      check_guard (gu.post);
      check_guard (gn.pre);
      check_guard (gn.post);
      check_guard (g1.pre);
      check_guard (g1.post);
      check_guard (gf.pre);
      check_guard (gf.post);
    }

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
