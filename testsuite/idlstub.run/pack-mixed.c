/* { dg-do run } */
/* Area: run
   Purpose: packing of many small parameters into shared words, requests
   of 4 words (registers) and of more (idl_call_m), and replies with
   several out values of mixed sizes.  */

#include <limits.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (pack, 0x1008, 2);

/* 8 chars, 4 shorts, 2 ints: 24 bytes, three words when packed.  The
   parameters are interleaved so that packing must reorder them.  */
IDL_OP (pack, 1) uint64_t p14 (idl_binding_t *b,
			       signed char c0, short s0, unsigned char c1,
			       int i0, char c2, unsigned short s1,
			       signed char c3, unsigned char c4, short s2,
			       unsigned int i1, signed char c5, char c6,
			       unsigned short s3, unsigned char c7);
/* Exactly four words: the most the register path carries.  */
IDL_OP (pack, 2) uint64_t w4 (idl_binding_t *b, uint64_t a, int64_t b_,
			      uint64_t c, int64_t d);
/* Five words: the memory path.  */
IDL_OP (pack, 3) uint64_t w5 (idl_binding_t *b, uint64_t a, int64_t b_,
			      uint64_t c, int64_t d, uint64_t e);
/* Many mixed parameters, well over four words.  */
IDL_OP (pack, 4) uint64_t many (idl_binding_t *b, long a1, char a2,
				double a3, short a4, long long a5, float a6,
				unsigned char a7, unsigned long a8, int a9,
				_Bool a10, long a11, long a12, long a13,
				long a14, signed char a15, int64_t a16);
/* A reply with several out values and a return value.  */
IDL_OP (pack, 5) int outs (idl_binding_t *b, uint64_t seed,
			   IDL_OUT signed char *o1, IDL_OUT unsigned short *o2,
			   IDL_OUT int *o3, IDL_OUT long long *o4,
			   IDL_OUT double *o5, IDL_OUT unsigned char *o6,
			   IDL_OUT short *o7, IDL_OUT float *o8);
/* Out values filling more than four reply words, in with an inout.  */
IDL_OP (pack, 6) void wide_outs (idl_binding_t *b, IDL_INOUT uint64_t *x,
				 IDL_OUT uint64_t *o1, IDL_OUT uint64_t *o2,
				 IDL_OUT uint64_t *o3, IDL_OUT uint64_t *o4,
				 IDL_OUT uint64_t *o5, IDL_OUT uint64_t *o6);

IDL_SERVER (pack);

/* A position-dependent hash: a value in the wrong place changes it.  */
static uint64_t
mixin (uint64_t h, uint64_t v)
{
  return (h ^ v) * 0x100000001b3ULL + 0x9e3779b97f4a7c15ULL;
}

#define W(v) ((uint64_t) (int64_t) (v))

uint64_t
p14_impl (idl_call_t *call, signed char c0, short s0, unsigned char c1,
	  int i0, char c2, unsigned short s1, signed char c3,
	  unsigned char c4, short s2, unsigned int i1, signed char c5,
	  char c6, unsigned short s3, unsigned char c7)
{
  uint64_t h = 0;
  h = mixin (h, W (c0)); h = mixin (h, W (s0)); h = mixin (h, W (c1));
  h = mixin (h, W (i0)); h = mixin (h, W (c2)); h = mixin (h, W (s1));
  h = mixin (h, W (c3)); h = mixin (h, W (c4)); h = mixin (h, W (s2));
  h = mixin (h, W (i1)); h = mixin (h, W (c5)); h = mixin (h, W (c6));
  h = mixin (h, W (s3)); h = mixin (h, W (c7));
  return h;
}

uint64_t
w4_impl (idl_call_t *call, uint64_t a, int64_t b, uint64_t c, int64_t d)
{
  return mixin (mixin (mixin (mixin (0, a), W (b)), c), W (d));
}

uint64_t
w5_impl (idl_call_t *call, uint64_t a, int64_t b, uint64_t c, int64_t d,
	 uint64_t e)
{
  return mixin (w4_impl (call, a, b, c, d), e);
}

static uint64_t
dbits (double d)
{
  uint64_t u;
  memcpy (&u, &d, sizeof u);
  return u;
}

static uint64_t
fbits (float f)
{
  uint32_t u;
  memcpy (&u, &f, sizeof u);
  return u;
}

uint64_t
many_impl (idl_call_t *call, long a1, char a2, double a3, short a4,
	   long long a5, float a6, unsigned char a7, unsigned long a8, int a9,
	   _Bool a10, long a11, long a12, long a13, long a14, signed char a15,
	   int64_t a16)
{
  uint64_t h = 0;
  h = mixin (h, W (a1)); h = mixin (h, W (a2)); h = mixin (h, dbits (a3));
  h = mixin (h, W (a4)); h = mixin (h, W (a5)); h = mixin (h, fbits (a6));
  h = mixin (h, W (a7)); h = mixin (h, W (a8)); h = mixin (h, W (a9));
  h = mixin (h, W (a10)); h = mixin (h, W (a11)); h = mixin (h, W (a12));
  h = mixin (h, W (a13)); h = mixin (h, W (a14)); h = mixin (h, W (a15));
  h = mixin (h, W (a16));
  return h;
}

int
outs_impl (idl_call_t *call, uint64_t seed, signed char *o1,
	   unsigned short *o2, int *o3, long long *o4, double *o5,
	   unsigned char *o6, short *o7, float *o8)
{
  *o1 = (signed char) seed;
  *o2 = (unsigned short) (seed >> 8);
  *o3 = (int) (seed >> 16);
  *o4 = (long long) ~seed;
  *o5 = (double) (int32_t) seed / 4.0;
  *o6 = (unsigned char) (seed >> 56);
  *o7 = (short) (seed >> 40);
  *o8 = -(float) (int16_t) seed;
  return (int) (seed >> 32);
}

void
wide_outs_impl (idl_call_t *call, uint64_t *x, uint64_t *o1, uint64_t *o2,
		uint64_t *o3, uint64_t *o4, uint64_t *o5, uint64_t *o6)
{
  uint64_t v = *x;
  *o1 = v + 1;
  *o2 = v + 2;
  *o3 = v + 3;
  *o4 = v + 4;
  *o5 = v + 5;
  *o6 = v + 6;
  *x = ~v;
}

int
main (void)
{
  const char *name = idltest_name ("pack");
  pid_t srv = idltest_fork_server (name, &pack, pack_dispatch);
  idl_binding_t *b = idltest_connect (name, &pack);

  /* Every small value with its sign bit set, and then clear.  */
  CHECK (p14 (b, -1, SHRT_MIN, 0x80, INT_MIN, (char) 0x80, 0x8000, -128,
	      0xff, -2, 0x80000000u, 0x7f, 0x7f, 0xffff, 0xfe)
	 == p14_impl (0, -1, SHRT_MIN, 0x80, INT_MIN, (char) 0x80, 0x8000,
		      -128, 0xff, -2, 0x80000000u, 0x7f, 0x7f, 0xffff, 0xfe));
  CHECK (p14 (b, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
	 == p14_impl (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14));
  CHECK (p14 (b, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
	 == p14_impl (0, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1));
  /* Each small value alone, so that one landing in another's bytes
     shows.  */
  for (int k = 0; k < 14; k++)
    {
      int v[14] = { 0 };
      v[k] = -1;
      CHECK (p14 (b, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8],
		  v[9], v[10], v[11], v[12], v[13])
	     == p14_impl (0, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
			  v[8], v[9], v[10], v[11], v[12], v[13]));
    }

  CHECK (w4 (b, 0xdeadbeefcafef00dULL, INT64_MIN, UINT64_MAX, -1)
	 == w4_impl (0, 0xdeadbeefcafef00dULL, INT64_MIN, UINT64_MAX, -1));
  CHECK (w4 (b, 1, 2, 3, 4) == w4_impl (0, 1, 2, 3, 4));
  CHECK (w5 (b, 1, 2, 3, 4, 5) == w5_impl (0, 1, 2, 3, 4, 5));
  CHECK (w5 (b, 5, 4, 3, 2, 1) == w5_impl (0, 5, 4, 3, 2, 1));
  CHECK (w5 (b, 0, 0, 0, 0, 0xdeadbeefcafef00dULL)
	 == w5_impl (0, 0, 0, 0, 0, 0xdeadbeefcafef00dULL));

  CHECK (many (b, -1, 'x', -0.0, -2, LLONG_MIN, 1e-45f, 0x80, ULONG_MAX,
	       INT_MIN, 1, 11, 12, 13, 14, -128, 0x0102030405060708LL)
	 == many_impl (0, -1, 'x', -0.0, -2, LLONG_MIN, 1e-45f, 0x80,
		       ULONG_MAX, INT_MIN, 1, 11, 12, 13, 14, -128,
		       0x0102030405060708LL));
  CHECK (many (b, 0, 0, 1e308, 0, 0, 0.5f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	 == many_impl (0, 0, 0, 1e308, 0, 0, 0.5f, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		       0));

  {
    signed char o1 = 0;
    unsigned short o2 = 0;
    int o3 = 0;
    long long o4 = 0;
    double o5 = 0;
    unsigned char o6 = 0;
    short o7 = 0;
    float o8 = 0;
    uint64_t seed = 0x8182838485868788ULL;
    int r = outs (b, seed, &o1, &o2, &o3, &o4, &o5, &o6, &o7, &o8);
    CHECK (r == (int) 0x81828384);
    CHECK (o1 == (signed char) 0x88);
    CHECK (o2 == 0x8687);
    CHECK (o3 == (int) 0x83848586);
    CHECK (o4 == (long long) 0x7e7d7c7b7a797877ULL);
    CHECK (o5 == (double) (int32_t) 0x85868788 / 4.0);
    CHECK (o6 == 0x81);
    CHECK (o7 == (short) 0x8283);
    CHECK (o8 == -(float) (int16_t) 0x8788);
    seed = 0x0102030405067f01ULL;
    r = outs (b, seed, &o1, &o2, &o3, &o4, &o5, &o6, &o7, &o8);
    CHECK (r == 0x01020304);
    CHECK (o1 == 1 && o2 == 0x067f && o3 == 0x03040506);
    CHECK (o4 == (long long) ~seed && o5 == 0x05067f01 / 4.0);
    CHECK (o6 == 1 && o7 == 0x0203 && o8 == -32513.0f);
  }
  {
    uint64_t x = 0xfffffffffffffffcULL, o[6];
    memset (o, 0, sizeof o);
    wide_outs (b, &x, &o[0], &o[1], &o[2], &o[3], &o[4], &o[5]);
    CHECK (x == 3);
    for (int i = 0; i < 6; i++)
      CHECK (o[i] == 0xfffffffffffffffcULL + i + 1);
  }
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
