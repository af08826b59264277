/* { dg-do run } */
/* Area: run
   Purpose: float and double as in, return, out, inout and in-pointer
   values keep their exact bits: -0.0, NaN payloads (quiet and
   signalling), infinities, denormals, 1e308.  */

#include <float.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (fp, 0x1004, 1);

/* In: the server returns the bits it received.  */
IDL_OP (fp, 1) uint32_t in_f (idl_binding_t *b, float x);
IDL_OP (fp, 2) uint64_t in_d (idl_binding_t *b, double x);
/* Return: the server makes the value from its bits.  */
IDL_OP (fp, 3) float ret_f (idl_binding_t *b, uint32_t bits);
IDL_OP (fp, 4) double ret_d (idl_binding_t *b, uint64_t bits);
/* Out and inout.  */
IDL_OP (fp, 5) void out_fd (idl_binding_t *b, uint32_t fbits, uint64_t dbits,
			    IDL_OUT float *f, IDL_OUT double *d);
IDL_OP (fp, 6) uint64_t inout_d (idl_binding_t *b, IDL_INOUT double *d,
				 uint64_t newbits);
IDL_OP (fp, 7) uint32_t inout_f (idl_binding_t *b, IDL_INOUT float *f,
				 uint32_t newbits);
/* In pointers: the server returns the bits and changes its copy.  */
IDL_OP (fp, 9) uint64_t inptr_d (idl_binding_t *b, IDL_IN double *d);
IDL_OP (fp, 10) uint32_t inptr_f (idl_binding_t *b, IDL_IN const float *f);
/* Mixed with integers, floats between ints.  */
IDL_OP (fp, 8) double mix (idl_binding_t *b, int i, float f, short s,
			   double d, char c);

IDL_SERVER (fp);

static uint32_t
fbits (float f)
{
  uint32_t u;
  memcpy (&u, &f, sizeof u);
  return u;
}

static uint64_t
dbits (double d)
{
  uint64_t u;
  memcpy (&u, &d, sizeof u);
  return u;
}

static float
fval (uint32_t u)
{
  float f;
  memcpy (&f, &u, sizeof f);
  return f;
}

static double
dval (uint64_t u)
{
  double d;
  memcpy (&d, &u, sizeof d);
  return d;
}

uint32_t in_f_impl (idl_call_t *call, float x) { return fbits (x); }
uint64_t in_d_impl (idl_call_t *call, double x) { return dbits (x); }
float ret_f_impl (idl_call_t *call, uint32_t bits) { return fval (bits); }
double ret_d_impl (idl_call_t *call, uint64_t bits) { return dval (bits); }

void
out_fd_impl (idl_call_t *call, uint32_t fb, uint64_t db, float *f, double *d)
{
  *f = fval (fb);
  *d = dval (db);
}

uint64_t
inout_d_impl (idl_call_t *call, double *d, uint64_t newbits)
{
  uint64_t old = dbits (*d);
  *d = dval (newbits);
  return old;
}

uint32_t
inout_f_impl (idl_call_t *call, float *f, uint32_t newbits)
{
  uint32_t old = fbits (*f);
  *f = fval (newbits);
  return old;
}

uint64_t
inptr_d_impl (idl_call_t *call, double *d)
{
  uint64_t bits = dbits (*d);
  *d = -*d;
  return bits;
}

uint32_t
inptr_f_impl (idl_call_t *call, const float *f)
{
  return fbits (*f);
}

double
mix_impl (idl_call_t *call, int i, float f, short s, double d, char c)
{
  return i * 1000.0 + f * 100.0 + s * 10.0 + d + c * 0.5;
}

static const uint32_t fpat[] = {
  0x00000000, 0x80000000,	/* +0, -0 */
  0x3f800000, 0xbfc00000,	/* 1, -1.5 */
  0x7f7fffff, 0xff7fffff,	/* +-FLT_MAX */
  0x00800000,			/* FLT_MIN */
  0x00000001, 0x807fffff,	/* denormals */
  0x7f800000, 0xff800000,	/* +-inf */
  0x7fc00000, 0x7fc12345,	/* quiet NaNs */
  0xffc00001,			/* negative NaN with payload */
  0x7fa00001, 0xff800001,	/* signalling NaNs */
  0x12345678, 0xdeadbeef
};

static const uint64_t dpat[] = {
  0x0000000000000000ULL, 0x8000000000000000ULL,
  0x3ff0000000000000ULL, 0xbff8000000000000ULL,
  0x7fe1ccf385ebc8a0ULL,	/* 1e308 */
  0xffe1ccf385ebc8a0ULL,	/* -1e308 */
  0x7fefffffffffffffULL,	/* DBL_MAX */
  0x0010000000000000ULL,	/* DBL_MIN */
  0x0000000000000001ULL, 0x800fffffffffffffULL,	/* denormals */
  0x7ff0000000000000ULL, 0xfff0000000000000ULL,	/* +-inf */
  0x7ff8000000000000ULL, 0x7ff8deadbeefcafeULL,	/* quiet NaNs */
  0xfff800000000abcdULL,
  0x7ff0000000000001ULL, 0xfff4000000000000ULL,	/* signalling NaNs */
  0xdeadbeefcafef00dULL, 0x0102030405060708ULL
};

#define N(a) (sizeof (a) / sizeof (a)[0])

int
main (void)
{
  const char *name = idltest_name ("float");
  pid_t srv = idltest_fork_server (name, &fp, fp_dispatch);
  idl_binding_t *b = idltest_connect (name, &fp);

  CHECK (dbits (1e308) == 0x7fe1ccf385ebc8a0ULL);

  for (unsigned i = 0; i < N (fpat); i++)
    {
      float v = fval (fpat[i]), r;
      CHECK (in_f (b, v) == fpat[i]);
      r = ret_f (b, fpat[i]);
      CHECK (memcmp (&r, &fpat[i], sizeof r) == 0);
      CHECK (idl_error (b) == IDL_OK);
    }
  for (unsigned i = 0; i < N (dpat); i++)
    {
      double v = dval (dpat[i]), r;
      CHECK (in_d (b, v) == dpat[i]);
      r = ret_d (b, dpat[i]);
      CHECK (memcmp (&r, &dpat[i], sizeof r) == 0);
      CHECK (idl_error (b) == IDL_OK);
    }

  /* Out: both values arrive; the float does not spill into anything.  */
  for (unsigned i = 0; i < N (fpat); i++)
    {
      unsigned j = (i * 7 + 3) % N (dpat);
      struct { float pre, f, post; double d; } o;
      memset (&o, 0x5a, sizeof o);
      out_fd (b, fpat[i], dpat[j], &o.f, &o.d);
      CHECK (fbits (o.f) == fpat[i]);
      CHECK (dbits (o.d) == dpat[j]);
      CHECK (fbits (o.pre) == 0x5a5a5a5a && fbits (o.post) == 0x5a5a5a5a);
    }

  /* Inout: the old value goes, the new one comes back.  */
  for (unsigned i = 0; i < N (dpat); i++)
    {
      double d = dval (dpat[i]);
      uint64_t nb = dpat[N (dpat) - 1 - i];
      CHECK (inout_d (b, &d, nb) == dpat[i]);
      CHECK (dbits (d) == nb);
    }
  for (unsigned i = 0; i < N (fpat); i++)
    {
      float f = fval (fpat[i]);
      uint32_t nb = fpat[N (fpat) - 1 - i];
      CHECK (inout_f (b, &f, nb) == fpat[i]);
      CHECK (fbits (f) == nb);
    }

  /* In pointers: the pointee arrives, the caller's copy stays.  */
  for (unsigned i = 0; i < N (dpat); i++)
    {
      double d = dval (dpat[i]);
      CHECK (inptr_d (b, &d) == dpat[i]);
      CHECK (dbits (d) == dpat[i]);
    }
  for (unsigned i = 0; i < N (fpat); i++)
    {
      const float f = fval (fpat[i]);
      CHECK (inptr_f (b, &f) == fpat[i]);
      CHECK (fbits (f) == fpat[i]);
    }

  /* -0.0 is not 0.0.  */
  {
    double z = ret_d (b, 0x8000000000000000ULL);
    CHECK (z == 0.0 && __builtin_signbit (z));
    float fz = ret_f (b, 0x80000000);
    CHECK (fz == 0.0f && __builtin_signbit (fz));
    CHECK (ret_d (b, dbits (DBL_MAX)) == DBL_MAX);
    CHECK (ret_f (b, fbits (FLT_MIN)) == FLT_MIN);
  }

  CHECK (mix (b, -7, 0.25f, -3, 0.125, 9) == -7000.0 + 25.0 - 30.0 + 0.125 + 4.5);
  CHECK (mix (b, 0, -0.0f, 0, -0.0, 0) == 0.0);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
