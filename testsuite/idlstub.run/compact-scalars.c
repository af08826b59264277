/* { dg-do run } */
/* Area: run
   Purpose: compact mode's engine (runtime/compact-*.c) with scalars, from
   hand-written tables: every size and value class by value (extremes
   included: sign bits, -0.0, NaN payloads), results of every class,
   in, out and inout pointers (out values start as zero on the server),
   register packing of small values, requests of 0, 4 (registers) and
   5 or more words (memory), a one-way request, an operation number
   past the middle of the table; a _Bool sent as a byte other than 0
   or 1 arrives as 1, and a _Bool result a server sends as 2 is
   returned as 1.  Every request and reply must be byte for byte fast
   mode's, and compact and fast clients and servers must
   interoperate across processes (compact-table.h).  */

#include <float.h>
#include <stdbool.h>
#include <limits.h>
#include <math.h>
#include "compact-table.h"

IDL_INTERFACE (csc, 0x5c01, 1);

enum color { RED, GREEN = 7, BLUE = 100000 };
enum temp { COLD = -40, HOT = 40 };

IDL_OP (csc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (csc, 2) uint64_t every (idl_binding_t *b, signed char a,
				unsigned char bb, short c, unsigned short d,
				int e, unsigned f, long g, unsigned long h,
				bool i, float j, double k, enum color l,
				enum temp m);
IDL_OP (csc, 3) signed char r_s8 (idl_binding_t *b, int v);
IDL_OP (csc, 4) unsigned short r_u16 (idl_binding_t *b, int v);
IDL_OP (csc, 5) bool r_bool (idl_binding_t *b, int v);
IDL_OP (csc, 6) float r_f32 (idl_binding_t *b, float x);
IDL_OP (csc, 7) double r_f64 (idl_binding_t *b, double x);
IDL_OP (csc, 8) short r_s16 (idl_binding_t *b, short x);
IDL_OP (csc, 9) enum temp r_enum (idl_binding_t *b, int hot);
IDL_OP (csc, 10) int ptrs (idl_binding_t *b, IDL_IN const short *in,
			   IDL_OUT signed char *o1, IDL_OUT double *o2,
			   IDL_INOUT long *io, IDL_INOUT bool *bo,
			   IDL_OUT unsigned *o3, IDL_INOUT float *fo);
IDL_OP (csc, 11) IDL_ONEWAY void note (idl_binding_t *b, int x, short y);
IDL_OP (csc, 12) long last (idl_binding_t *b);
IDL_OP (csc, 13) long four (idl_binding_t *b, long p, long q, long r,
			    long s);
IDL_OP (csc, 14) long five (idl_binding_t *b, long p, long q, long r,
			    long s, long t);
IDL_OP (csc, 15) long none (idl_binding_t *b);
IDL_OP (csc, 16) void nothing (idl_binding_t *b);
IDL_OP (csc, 17) long small (idl_binding_t *b, short a, long c, short d);
IDL_OP (csc, 18) int bool_in (idl_binding_t *b, bool x,
			      IDL_IN const bool *y);
IDL_OP (csc, 40000) unsigned char far (idl_binding_t *b, unsigned char x);

IDL_SERVER (csc);

/* The implementations.  */

static long noted, nnothing;

static uint64_t
mix (uint64_t h, uint64_t v)
{
  return (h ^ v) * 0x100000001b3ULL + (h >> 29);
}

static uint64_t
fbits (float f)
{
  uint32_t u;
  memcpy (&u, &f, 4);
  return u;
}

static uint64_t
dbits (double d)
{
  uint64_t u;
  memcpy (&u, &d, 8);
  return u;
}

long tiny_impl (idl_call_t *c, long x) { return x + 1; }

/* Each value as its type converts to a 64-bit integer: a sign
   extended wrongly, or a byte in the wrong place, changes the hash.  */
uint64_t
every_impl (idl_call_t *c, signed char a, unsigned char bb, short cc,
	    unsigned short d, int e, unsigned f, long g, unsigned long h,
	    bool i, float j, double k, enum color l, enum temp m)
{
  unsigned char ib;
  memcpy (&ib, &i, 1);
  CHECK (ib <= 1);
  uint64_t r = 0xcbf29ce484222325ULL;
  r = mix (r, (uint64_t) (int64_t) a);
  r = mix (r, bb);
  r = mix (r, (uint64_t) (int64_t) cc);
  r = mix (r, d);
  r = mix (r, (uint64_t) (int64_t) e);
  r = mix (r, f);
  r = mix (r, (uint64_t) g);
  r = mix (r, h);
  r = mix (r, ib);
  r = mix (r, fbits (j));
  r = mix (r, dbits (k));
  r = mix (r, (uint64_t) (int64_t) l);
  r = mix (r, (uint64_t) (int64_t) m);
  return r;
}

signed char r_s8_impl (idl_call_t *c, int v) { return (signed char) v; }
unsigned short r_u16_impl (idl_call_t *c, int v)
{ return (unsigned short) v; }
bool r_bool_impl (idl_call_t *c, int v) { return v != 0; }
float r_f32_impl (idl_call_t *c, float x) { return x * 2; }
double r_f64_impl (idl_call_t *c, double x) { return -x; }
short r_s16_impl (idl_call_t *c, short x) { return (short) (x - 1); }
enum temp r_enum_impl (idl_call_t *c, int hot) { return hot ? HOT : COLD; }

int
ptrs_impl (idl_call_t *c, const short *in, signed char *o1, double *o2,
	   long *io, bool *bo, unsigned *o3, float *fo)
{
  unsigned char bb;
  memcpy (&bb, bo, 1);
  /* Out values start as zero.  */
  CHECK (*o1 == 0 && dbits (*o2) == 0 && *o3 == 0 && bb <= 1);
  int r = *in * 3 + (int) bb;
  *o1 = (signed char) -*in;
  *o2 = *in * 0.5;
  *io = ~*io;
  *bo = !*bo;
  *o3 = 0xfedcba98u;
  *fo = *fo + 1;
  return r;
}

void note_impl (idl_call_t *c, int x, short y) { noted = x * 100000L + y; }
long last_impl (idl_call_t *c) { return noted; }
long four_impl (idl_call_t *c, long p, long q, long r, long s)
{ return p - q * 3 + r * 5 - s * 7; }
long five_impl (idl_call_t *c, long p, long q, long r, long s, long t)
{ return p - q * 3 + r * 5 - s * 7 + t * 11; }
long none_impl (idl_call_t *c) { return 4242; }
void nothing_impl (idl_call_t *c) { nnothing++; }
long small_impl (idl_call_t *c, short a, long cc, short d)
{ return a * 1000000L + cc * 10 + d; }

int
bool_in_impl (idl_call_t *c, bool x, const bool *y)
{
  unsigned char xb, yb;
  memcpy (&xb, &x, 1);
  memcpy (&yb, y, 1);
  return xb * 10 + yb;
}

unsigned char far_impl (idl_call_t *c, unsigned char x)
{ return (unsigned char) (x ^ 0xa5); }

static void
reset (void)
{
  noted = 0;
  nnothing = 0;
}

/* The tables, as the plugin lays the operations out (its dump).  */

#define IFACE 0x5c01
#define VALUES(np, flags, num, rqw, nrq, nrp, rpw) \
  CT_HDR (np, flags, CT_MKTAG (IFACE, num, rqw), nrq, nrp, 0, 0, rpw, 0)

static const uint32_t t_tiny[] = {
  VALUES (1, IDL_CT_F_RESULT, 1, 1, 1, 1, 1),
  CT_VAL (0, 1, 0, 8, CT_S),
  CT_RES (8, CT_S)
};

static const uint32_t t_every[] = {
  VALUES (13, IDL_CT_F_RESULT, 2, 7, 13, 1, 1),
  CT_VAL (0, 1, 0, 1, CT_S), CT_VAL (1, 1, 1, 1, CT_U),
  CT_VAL (2, 1, 2, 2, CT_S), CT_VAL (3, 1, 4, 2, CT_U),
  CT_VAL (4, 2, 0, 4, CT_S), CT_VAL (5, 2, 4, 4, CT_U),
  CT_VAL (6, 3, 0, 8, CT_S), CT_VAL (7, 4, 0, 8, CT_U),
  CT_VAL (8, 1, 6, 1, CT_B), CT_VAL (9, 5, 0, 4, CT_F),
  CT_VAL (10, 6, 0, 8, CT_F), CT_VAL (11, 5, 4, 4, CT_U),
  CT_VAL (12, 7, 0, 4, CT_S),
  CT_RES (8, CT_U)
};

#define RESULT_OF(name, num, pcls, psize, rcls, rsize)			\
  static const uint32_t t_##name[] = {					\
    VALUES (1, IDL_CT_F_RESULT, num, 1, 1, 1, 1),			\
    CT_VAL (0, 1, 0, psize, pcls),					\
    CT_RES (rsize, rcls)						\
  };
RESULT_OF (r_s8, 3, CT_S, 4, CT_S, 1)
RESULT_OF (r_u16, 4, CT_S, 4, CT_U, 2)
RESULT_OF (r_bool, 5, CT_S, 4, CT_B, 1)
RESULT_OF (r_f32, 6, CT_F, 4, CT_F, 4)
RESULT_OF (r_f64, 7, CT_F, 8, CT_F, 8)
RESULT_OF (r_s16, 8, CT_S, 2, CT_S, 2)
RESULT_OF (r_enum, 9, CT_S, 4, CT_S, 4)
RESULT_OF (far, 40000, CT_U, 1, CT_U, 1)

static const uint32_t t_ptrs[] = {
  VALUES (7, IDL_CT_F_RESULT, 10, 2, 4, 7, 4),
  CT_VAL (0, 1, 0, 2, CT_S), CT_VAL (3, 2, 0, 8, CT_S),
  CT_VAL (4, 1, 2, 1, CT_B), CT_VAL (6, 1, 4, 4, CT_F),
  CT_RES (4, CT_S), CT_VAL (1, 1, 4, 1, CT_S), CT_VAL (2, 2, 0, 8, CT_F),
  CT_IOVAL (3, 3, 0, 8, CT_S), CT_IOVAL (4, 1, 5, 1, CT_B),
  CT_VAL (5, 4, 0, 4, CT_U), CT_IOVAL (6, 4, 4, 4, CT_F)
};

static const uint32_t t_note[] = {
  CT_HDR (2, IDL_CT_F_ONEWAY, CT_MKTAG (IFACE, 11, 1) | IDL_TAG_ONEWAY, 2, 0,
	  0, 0, 0, 0),
  CT_VAL (0, 1, 0, 4, CT_S), CT_VAL (1, 1, 4, 2, CT_S)
};

#define NO_PARAMS(name, num)						\
  static const uint32_t t_##name[] = {					\
    VALUES (0, IDL_CT_F_RESULT, num, 0, 0, 1, 1),			\
    CT_RES (8, CT_S)							\
  };
NO_PARAMS (last, 12)
NO_PARAMS (none, 15)

static const uint32_t t_four[] = {
  VALUES (4, IDL_CT_F_RESULT, 13, 4, 4, 1, 1),
  CT_VAL (0, 1, 0, 8, CT_S), CT_VAL (1, 2, 0, 8, CT_S),
  CT_VAL (2, 3, 0, 8, CT_S), CT_VAL (3, 4, 0, 8, CT_S),
  CT_RES (8, CT_S)
};

static const uint32_t t_five[] = {
  VALUES (5, IDL_CT_F_RESULT, 14, 5, 5, 1, 1),
  CT_VAL (0, 1, 0, 8, CT_S), CT_VAL (1, 2, 0, 8, CT_S),
  CT_VAL (2, 3, 0, 8, CT_S), CT_VAL (3, 4, 0, 8, CT_S),
  CT_VAL (4, 5, 0, 8, CT_S),
  CT_RES (8, CT_S)
};

static const uint32_t t_nothing[] = {
  VALUES (0, 0, 16, 0, 0, 0, 0)
};

static const uint32_t t_small[] = {
  VALUES (3, IDL_CT_F_RESULT, 17, 2, 3, 1, 1),
  CT_VAL (0, 1, 0, 2, CT_S), CT_VAL (1, 2, 0, 8, CT_S),
  CT_VAL (2, 1, 2, 2, CT_S),
  CT_RES (8, CT_S)
};

/* bool_in's server side is a direct thunk (IDL_CT_F_DIRECT): it reads
   the request and writes the reply's words itself, as the plugin's
   thunks do; its server table has the short header and lists no
   value slots.  */
static const uint32_t t_bool_in[] = {
  VALUES (2, IDL_CT_F_RESULT, 18, 1, 2, 1, 1),
  CT_VAL (0, 1, 0, 1, CT_B), CT_VAL (1, 1, 1, 1, CT_B),
  CT_RES (4, CT_S)
};
static const uint32_t ts_bool_in[] = {
  CT_SHDR (2, IDL_CT_F_RESULT | IDL_CT_F_DIRECT, CT_MKTAG (IFACE, 18, 1), 0,
	   0, 0, 0, 1, 0)
};

static long
c_tiny (idl_binding_t *b, long x)
{
  CT_CALL (long, tiny (b, x), t_tiny, &x);
}

static uint64_t
c_every (idl_binding_t *b, signed char a, unsigned char bb, short c,
	 unsigned short d, int e, unsigned f, long g, unsigned long h,
	 bool i, float j, double k, enum color l, enum temp m)
{
  CT_CALL (uint64_t, every (b, a, bb, c, d, e, f, g, h, i, j, k, l, m), t_every,
	&a, &bb, &c, &d, &e, &f, &g, &h, &i, &j, &k, &l, &m);
}

#define C_RESULT_OF(name, T, P)					\
  static T								\
  c_##name (idl_binding_t *b, P v)					\
  {									\
    CT_CALL (T, name (b, v), t_##name, &v);				\
  }
C_RESULT_OF (r_s8, signed char, int)
C_RESULT_OF (r_u16, unsigned short, int)
C_RESULT_OF (r_bool, bool, int)
C_RESULT_OF (r_f32, float, float)
C_RESULT_OF (r_f64, double, double)
C_RESULT_OF (r_s16, short, short)
C_RESULT_OF (r_enum, enum temp, int)
C_RESULT_OF (far, unsigned char, unsigned char)

static int
c_ptrs (idl_binding_t *b, const short *in, signed char *o1, double *o2,
	long *io, bool *bo, unsigned *o3, float *fo)
{
  CT_CALL (int, ptrs (b, in, o1, o2, io, bo, o3, fo), t_ptrs, (void *) in, o1,
	o2, io, bo, o3, fo);
}

static void
c_note (idl_binding_t *b, int x, short y)
{
  if (!ct_compact_client)
    {
      note (b, x, y);
      return;
    }
  void *argv[] = { &x, &y };
  CHECK (ct_call (b, t_note, argv, NULL) == 0);
}

static long c_last (idl_binding_t *b) { CT_CALL (long, last (b), t_last, 0); }
static long c_none (idl_binding_t *b) { CT_CALL (long, none (b), t_none, 0); }

static long
c_four (idl_binding_t *b, long p, long q, long r, long s)
{
  CT_CALL (long, four (b, p, q, r, s), t_four, &p, &q, &r, &s);
}

static long
c_five (idl_binding_t *b, long p, long q, long r, long s, long t)
{
  CT_CALL (long, five (b, p, q, r, s, t), t_five, &p, &q, &r, &s, &t);
}

static void
c_nothing (idl_binding_t *b)
{
  if (!ct_compact_client)
    {
      nothing (b);
      return;
    }
  CHECK (ct_call (b, t_nothing, NULL, NULL) == 0 && idl_error (b) == IDL_OK);
}

static long
c_small (idl_binding_t *b, short a, long c, short d)
{
  CT_CALL (long, small (b, a, c, d), t_small, &a, &c, &d);
}

static int
c_bool_in (idl_binding_t *b, bool x, const bool *y)
{
  CT_CALL (int, bool_in (b, x, y), t_bool_in, &x, (void *) y);
}

/* The compact server: a thunk per operation, the table of operations
   in number order.  */

CT_TH (tiny) { *(long *) r = tiny_impl (c, *(long *) a[0]); }
CT_TH (every)
{
  *(uint64_t *) r = every_impl (c, *(signed char *) a[0],
				*(unsigned char *) a[1], *(short *) a[2],
				*(unsigned short *) a[3], *(int *) a[4],
				*(unsigned *) a[5], *(long *) a[6],
				*(unsigned long *) a[7], *(bool *) a[8],
				*(float *) a[9], *(double *) a[10],
				*(enum color *) a[11], *(enum temp *) a[12]);
}
CT_TH (r_s8) { *(signed char *) r = r_s8_impl (c, *(int *) a[0]); }
CT_TH (r_u16) { *(unsigned short *) r = r_u16_impl (c, *(int *) a[0]); }
CT_TH (r_bool) { *(bool *) r = r_bool_impl (c, *(int *) a[0]); }
CT_TH (r_f32) { *(float *) r = r_f32_impl (c, *(float *) a[0]); }
CT_TH (r_f64) { *(double *) r = r_f64_impl (c, *(double *) a[0]); }
CT_TH (r_s16) { *(short *) r = r_s16_impl (c, *(short *) a[0]); }
CT_TH (r_enum) { *(enum temp *) r = r_enum_impl (c, *(int *) a[0]); }
CT_TH (ptrs)
{
  *(int *) r = ptrs_impl (c, a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
}
CT_TH (note) { (void) r; note_impl (c, *(int *) a[0], *(short *) a[1]); }
CT_TH (last) { (void) a; *(long *) r = last_impl (c); }
CT_TH (four)
{
  *(long *) r = four_impl (c, *(long *) a[0], *(long *) a[1],
			   *(long *) a[2], *(long *) a[3]);
}
CT_TH (five)
{
  *(long *) r = five_impl (c, *(long *) a[0], *(long *) a[1],
			   *(long *) a[2], *(long *) a[3], *(long *) a[4]);
}
CT_TH (none) { (void) a; *(long *) r = none_impl (c); }
CT_TH (nothing) { (void) a; (void) r; nothing_impl (c); }
CT_TH (small)
{
  *(long *) r = small_impl (c, *(short *) a[0], *(long *) a[1],
			    *(short *) a[2]);
}
/* Direct: the arguments in the request's word 1, _Bools rebuilt as
   bits != 0; the result in the reply's word 1.  */
CT_TH (bool_in)
{
  unsigned char *msg = (unsigned char *) a;
  bool y = msg[9] != 0;
  (void) r;
  uint64_t res = (uint32_t) bool_in_impl (c, msg[8] != 0, &y);
  memcpy (msg + 8, &res, 8);
}
CT_TH (far) { *(unsigned char *) r = far_impl (c, *(unsigned char *) a[0]); }

static const void *const csc_ops[] = {
  CT_OPS_SPARSE (IFACE, 19),
  CT_OP (1, tiny), CT_OP (2, every), CT_OP (3, r_s8), CT_OP (4, r_u16),
  CT_OP (5, r_bool), CT_OP (6, r_f32), CT_OP (7, r_f64), CT_OP (8, r_s16),
  CT_OP (9, r_enum), CT_OP (10, ptrs), CT_OP (11, note), CT_OP (12, last),
  CT_OP (13, four), CT_OP (14, five), CT_OP (15, none), CT_OP (16, nothing),
  CT_OP (17, small), CT_ENTRY (th_bool_in, ts_bool_in),
  CT_OP (40000, far)
};

static uint64_t
csc_compact_dispatch (idl_call_t *c, uint64_t *msg)
{
  return idl_compact_dispatch (c, msg, ct_ops (csc_ops, sizeof csc_ops
						 / sizeof *csc_ops));
}

/* The checks, run in every pairing.  */

static uint64_t
every_hash (signed char a, unsigned char bb, short cc, unsigned short d,
	    int e, unsigned f, long g, unsigned long h, bool i, float j,
	    double k, enum color l, enum temp m)
{
  return every_impl (NULL, a, bb, cc, d, e, f, g, h, i, j, k, l, m);
}

static double
dfrom (uint64_t u)
{
  double d;
  memcpy (&d, &u, 8);
  return d;
}

static void
checks (idl_binding_t *b)
{
  CHECK (c_tiny (b, 41) == 42);
  CHECK (c_tiny (b, -1) == 0);
  CHECK (c_tiny (b, LONG_MAX - 1) == LONG_MAX);
  CHECK (idl_error (b) == IDL_OK);

  double nan_payload = dfrom (0x7ff4000000abcdefULL);
  CHECK (c_every (b, -128, 255, -32768, 65535, INT_MIN, UINT_MAX, LONG_MIN,
		  ULONG_MAX, true, -1.5f, -0.0, BLUE, COLD)
	 == every_hash (-128, 255, -32768, 65535, INT_MIN, UINT_MAX, LONG_MIN,
			ULONG_MAX, true, -1.5f, -0.0, BLUE, COLD));
  CHECK (c_every (b, 127, 0, 32767, 0, INT_MAX, 0, LONG_MAX, 0, false,
		  FLT_MIN / 4, nan_payload, RED, HOT)
	 == every_hash (127, 0, 32767, 0, INT_MAX, 0, LONG_MAX, 0, false,
			FLT_MIN / 4, nan_payload, RED, HOT));
  CHECK (c_every (b, -1, 1, -1, 1, -1, 1, -1, 1, true, 1, 1, GREEN, COLD)
	 == every_hash (-1, 1, -1, 1, -1, 1, -1, 1, true, 1, 1, GREEN, COLD));

  CHECK (c_r_s8 (b, -5) == -5);
  CHECK (c_r_s8 (b, 0x17f) == 127);
  CHECK (c_r_u16 (b, -1) == 65535);
  CHECK (c_r_bool (b, 77) == true);
  CHECK (c_r_bool (b, 0) == false);
  CHECK (c_r_f32 (b, 1.25f) == 2.5f);
  CHECK (fbits (c_r_f32 (b, -0.0f)) == fbits (-0.0f));
  CHECK (c_r_f64 (b, 3.5) == -3.5);
  CHECK (dbits (c_r_f64 (b, nan_payload)) == (dbits (nan_payload)
					      ^ 0x8000000000000000ULL));
  CHECK (c_r_s16 (b, -32768) == 32767);
  CHECK (c_r_s16 (b, 0) == -1);
  CHECK (c_r_enum (b, 0) == COLD);
  CHECK (c_r_enum (b, 1) == HOT);
  CHECK (c_far (b, 0x5a) == 0xff);
  CHECK (idl_error (b) == IDL_OK);

  /* Pointers: out values start as zero on the server whatever the
     caller's hold; inout ones go and come back.  */
  {
    short in = -300;
    signed char o1 = 99;
    double o2 = 99;
    long io = 0x0123456789abcdefL;
    bool bo = true;
    unsigned o3 = 99;
    float fo = 2.5f;
    CHECK (c_ptrs (b, &in, &o1, &o2, &io, &bo, &o3, &fo) == -900 + 1);
    CHECK (o1 == (signed char) 300 && o2 == -150.0);
    CHECK (io == ~0x0123456789abcdefL && bo == false);
    CHECK (o3 == 0xfedcba98u && fo == 3.5f);
    in = 7;
    CHECK (c_ptrs (b, &in, &o1, &o2, &io, &bo, &o3, &fo) == 21);
    CHECK (o1 == -7 && o2 == 3.5 && io == 0x0123456789abcdefL && bo == true
	   && fo == 4.5f);
  }

  /* One way, then a call that reads what it left.  */
  c_note (b, -12, -7);
  CHECK (c_last (b) == -12 * 100000L - 7);
  c_note (b, 3, 32767);
  CHECK (c_last (b) == 3 * 100000L + 32767);

  CHECK (c_four (b, 1, 2, 3, 4) == 1 - 6 + 15 - 28);
  CHECK (c_five (b, 1, 2, 3, 4, -5) == 1 - 6 + 15 - 28 - 55);
  CHECK (c_none (b) == 4242);
  c_nothing (b);
  c_nothing (b);
  CHECK (nnothing == 0 || nnothing == 2);
  CHECK (c_small (b, -3, 5, 7) == -3000000L + 50 + 7);
  CHECK (c_small (b, 32767, -1, -32768) == 32767000000L - 10 - 32768);

  bool t = true, f = false;
  CHECK (c_bool_in (b, true, &f) == 10);
  CHECK (c_bool_in (b, false, &t) == 1);
  CHECK (idl_error (b) == IDL_OK);

  /* A peer may send any byte for a _Bool; the implementation sees 1.  */
  uint64_t rtag = idl_call_r4 (b, CT_MKTAG (IFACE, 18, 1), 0x0905, 0, 0, 0);
  CHECK (rtag == CT_MKTAG (IFACE, 18, 1));
  CHECK ((int) ((uint64_t **) b)[0][1] == 11);
}

/* A server that answers r_bool with the byte 2, and garbage above it
   in the result's word.  */
static uint64_t
hostile_dispatch (idl_call_t *c, uint64_t *msg)
{
  msg[1] = 0xabcdef0000000302ULL;
  return CT_MKTAG (IFACE, 5, 1);
}

int
main (void)
{
  ct_run ("compact-scalars", &csc, csc_dispatch, csc_compact_dispatch,
	  checks, reset);

  /* A _Bool result is 0 or 1 whatever the server sent.  */
  const char *name = idltest_name ("compact-scalars-hostile");
  pid_t pid = idltest_fork_server (name, &csc, hostile_dispatch);
  idl_binding_t *b = idltest_connect (name, &csc);
  for (ct_compact_client = 0; ct_compact_client < 2; ct_compact_client++)
    {
      bool r = c_r_bool (b, 0);
      unsigned char rb;
      memcpy (&rb, &r, 1);
      CHECK (idl_error (b) == IDL_OK && rb == 1);
    }
  idl_close (b);
  idltest_stop_server (pid);
  return 0;
}
