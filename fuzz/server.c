/* server.c -- the fuzzed servers: four interfaces and their implementations.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compiled by GCC with the plugin, AddressSanitizer, UndefinedBehavior-
   Sanitizer and coverage instrumentation (fuzz/Makefile.am), so that
   the dispatchers and server stubs the plugin generates here are what
   the fuzzer exercises and the sanitizers watch.  The interfaces are the
   generator's test headers (testsuite/idlstub.gen): everything.h (every
   scalar type in every direction, records with padding, _Bool and
   bit-fields, unions, arrays, blocks in message words and in the
   payload, strings and buffers of every direction, with and without
   IDL_LENGTH_IS, the largest payload, one-way operations, records
   as results, and descriptors in a second interface, fdio),
   paramtest.h (CORBA's Param_Test: records returned by value,
   sequences of strings and of records) and sawmill.h
   (SawMill's file system calls, paper 003).

   Every implementation (with the helpers in impl.h)
   - records that it ran (fuzz_rec, fuzz.h), so the harness can check
     that only a well-formed request reaches one;
   - reads every byte it is given, with typed loads where the type has
     invalid values (_Bool), so that ASan sees a stub that hands over
     less than it promised and UBSan a _Bool the stub did not fix;
   - checks that strings and buffers lie inside the request's payload
     (in) or the reply area (out), and that out values start as the
     manual says (zero, "", no descriptor);
   - writes every byte of every out object, then checks at its end that
     nothing it wrote was overwritten by another out item (overlapping
     regions in the reply area);
   - sometimes, decided by the values it received, returns an out string
     that does not end within its bound or a length over the caller's
     capacity, and says so in fuzz_rec.too_long: the reply must then be
     IDL_E_BOUNDS (doc/idlstub.texi, "Bounds").

   -DFUZZ_PLANTED_BUG makes pfs_lookup_impl read one byte past its in
   string, the kind of bug the fuzzer exists to find (fuzz/README).  */

#include <stdbool.h>
#include <string.h>
#include "everything.h"
#include "paramtest.h"
#include "sawmill.h"
#include "fuzz.h"
#include "impl.h"

IDL_SERVER (everything);
IDL_SERVER (fdio);
IDL_SERVER (Param_Test);
IDL_SERVER (pfs);

const struct fuzz_server fuzz_servers[] = {
  { &everything, everything_dispatch },
  { &fdio, fdio_dispatch },
  { &Param_Test, Param_Test_dispatch },
  { &pfs, pfs_dispatch },
};
const unsigned fuzz_nservers = sizeof fuzz_servers / sizeof fuzz_servers[0];

struct fuzz_record fuzz_rec;

/* The _Bools of records, read as _Bool: UBSan's -fsanitize=bool checks
   the stub made each 0 or 1.  */
static void
bools_anon (const anon_t *a)
{
  bool f = a->flag;
  h += f;
}

static void
bools_fixed (const Param_Test_Fixed_Struct *s)
{
  bool f = s->b;
  h += f;
}

static void
bools_var (const Param_Test_Var_Struct *s)
{
  bool f = s->boole;
  h += f;
}

static void
bools_nested (const struct nested *s)
{
  bools_anon (&s->a);
}

/* ------------------------------------------------------------------ */
/* everything.h                                                        */
/* ------------------------------------------------------------------ */

/* all_NAME: typed loads of the in and inout values (a _Bool pointee is
   checked), the out value zero until written.  */
#define ALL_IMPL(N, NAME, T)						\
  T all_##NAME##_impl (idl_call_t *call, T v, const T *i, T *o,	\
		       T *io)						\
  {									\
    T a, b;								\
    begin (call, &everything, N, 0);					\
    ALIGNED (i);							\
    ALIGNED (o);							\
    ALIGNED (io);							\
    a = *i;								\
    b = *io;								\
    mixin (&v, sizeof v);						\
    mixin (&a, sizeof a);						\
    mixin (&b, sizeof b);						\
    zeroed (o, sizeof *o);						\
    *o = a;								\
    *io = v;								\
    end ();								\
    return b;								\
  }
EVERY_POINTEE_TYPE (ALL_IMPL)

char
only_char_impl (idl_call_t *call, char c, char d)
{
  begin (call, &everything, 30, 0);
  mixin (&c, 1);
  mixin (&d, 1);
  return (char) (c ^ d);
}

double
mix_impl (idl_call_t *call, bool f, signed char sc, short s, int i,
	  long long ll, float fl, double d, enum pen p, uint16_t u16)
{
  begin (call, &everything, 31, 0);
  h += f;
  mixin (&sc, sizeof sc);
  mixin (&s, sizeof s);
  mixin (&i, sizeof i);
  mixin (&ll, sizeof ll);
  mixin (&fl, sizeof fl);
  mixin (&d, sizeof d);
  mixin (&p, sizeof p);
  mixin (&u16, sizeof u16);
  return (double) (h >> 11);
}

unsigned long long
wide_impl (idl_call_t *call, long a1, long a2, long a3, long a4, long a5,
	   long a6, long a7, long a8, long a9, long a10)
{
  long a[] = { a1, a2, a3, a4, a5, a6, a7, a8, a9, a10 };
  begin (call, &everything, 32, 0);
  mixin (a, sizeof a);
  return h;
}

/* blk_*: a record by value, in, out and inout.  */
#define BLK_IMPL(N, NAME, T, BOOLS)					\
  void blk_##NAME##_impl (idl_call_t *call, T v, const T *i, T *o,	\
			  T *io)					\
  {									\
    begin (call, &everything, N, 0);					\
    ALIGNED (i);							\
    ALIGNED (o);							\
    ALIGNED (io);							\
    BOOLS (&v);								\
    BOOLS (i);								\
    BOOLS (io);								\
    mixin (&v, sizeof v);						\
    mixin (i, sizeof *i);						\
    mixin (io, sizeof *io);						\
    zeroed (o, sizeof *o);						\
    fill (o, sizeof *o);						\
    fill (io, sizeof *io);						\
    end ();								\
  }
#define NO_BOOLS(p) ((void) (p))
BLK_IMPL (40, anon, anon_t, bools_anon)
BLK_IMPL (41, tagged, struct tagged, NO_BOOLS)
BLK_IMPL (42, union, union u, NO_BOOLS)
BLK_IMPL (43, nested, struct nested, bools_nested)

long
blk_pair_impl (idl_call_t *call, struct pair p, int x, struct pair *q)
{
  begin (call, &everything, 44, 0);
  ALIGNED (q);
  mixin (&p, sizeof p);
  mixin (&x, sizeof x);
  zeroed (q, sizeof *q);
  fill (q, sizeof *q);
  end ();
  return (long) h;
}

uint32_t
blk_big_impl (idl_call_t *call, struct big v, const struct big *i,
	      struct big *o, struct big *io)
{
  begin (call, &everything, 45, 0);
  ALIGNED (i); ALIGNED (o); ALIGNED (io);
  mixin (&v, sizeof v);
  mixin (i, sizeof *i);
  mixin (io, sizeof *io);
  zeroed (o, sizeof *o);
  fill (o, sizeof *o);
  fill (io, sizeof *io);
  end ();
  return (uint32_t) h;
}

/* ret_*: records as results, every byte written (fill: in place when
   the stub hands the implementation the reply's payload as its return
   slot, where end checks that no out item overlaps it).  */
struct pair
ret_pair_impl (idl_call_t *call, struct pair p)
{
  struct pair r;
  begin (call, &everything, 33, 0);
  mixin (&p, sizeof p);
  fill (&r, sizeof r);
  end ();
  return r;
}

anon_t
ret_anon_impl (idl_call_t *call, int seed)
{
  anon_t r;
  begin (call, &everything, 34, 0);
  mixin (&seed, sizeof seed);
  fill (&r, sizeof r);
  end ();
  return r;
}

union u
ret_union_impl (idl_call_t *call, const union u *i, struct pair *q)
{
  union u r;
  begin (call, &everything, 35, 0);
  ALIGNED (i); ALIGNED (q);
  mixin (i, sizeof *i);
  zeroed (q, sizeof *q);
  fill (q, sizeof *q);
  fill (&r, sizeof r);
  end ();
  return r;
}

struct tagged
ret_tagged_impl (idl_call_t *call, unsigned n, struct tagged *t)
{
  struct tagged r;
  begin (call, &everything, 36, 0);
  ALIGNED (t);
  FUZZ_CHECK (n <= 8);
  out_buffer (t, n * sizeof *t);
  fill (&r, sizeof r);
  end ();
  return r;
}

struct big
ret_big_impl (idl_call_t *call, const char *s, uint32_t *n)
{
  struct big r;
  begin (call, &everything, 37, 0);
  ALIGNED (n);
  in_string (s, 20);
  zeroed (n, sizeof *n);
  fill (n, sizeof *n);
  fill (&r, sizeof r);
  end ();
  return r;
}

void
arr_int_impl (idl_call_t *call, const int a[8], int o[8], int io[8])
{
  begin (call, &everything, 50, 0);
  ALIGNED (a); ALIGNED (o); ALIGNED (io);
  mixin (a, 8 * sizeof *a);
  mixin (io, 8 * sizeof *io);
  zeroed (o, 8 * sizeof *o);
  fill (o, 8 * sizeof *o);
  fill (io, 8 * sizeof *io);
  end ();
}

void
arr_mac_impl (idl_call_t *call, const mac_t m, mac_t o, mac_t io,
	      const mac_t *pm, mac_t *po)
{
  begin (call, &everything, 51, 0);
  ALIGNED (pm); ALIGNED (po);
  mixin (m, sizeof (mac_t));
  mixin (io, sizeof (mac_t));
  mixin (pm, sizeof *pm);
  zeroed (o, sizeof (mac_t));
  zeroed (po, sizeof *po);
  fill (o, sizeof (mac_t));
  fill (io, sizeof (mac_t));
  fill (po, sizeof *po);
  end ();
}

float
arr_double_impl (idl_call_t *call, const double d[3], double o[5],
		 bool flags[17])
{
  begin (call, &everything, 52, 0);
  ALIGNED (d); ALIGNED (o); ALIGNED (flags);
  for (int k = 0; k < 3; k++)
    mixin (&d[k], sizeof d[k]);
  for (int k = 0; k < 17; k++)
    {
      bool f = flags[k];	/* UBSan: the stub made it 0 or 1 */
      h += f;
    }
  zeroed (o, 5 * sizeof *o);
  fill (o, 5 * sizeof *o);
  for (int k = 0; k < 17; k++)
    flags[k] = (h >> k) & 1;
  end ();
  return (float) (h & 0xffff);
}

void
arr_big_impl (idl_call_t *call, const uint16_t a[3000], uint16_t o[3000])
{
  begin (call, &everything, 53, 0);
  ALIGNED (a); ALIGNED (o);
  mixin (a, 3000 * sizeof *a);
  zeroed (o, 3000 * sizeof *o);
  fill (o, 3000 * sizeof *o);
  end ();
}

long
quals_impl (idl_call_t *call, const volatile int *cv, long *restrict r,
	    const anon_t *const cp, long_ptr lp)
{
  int v = *cv;
  begin (call, &everything, 60, 0);
  ALIGNED (cv); ALIGNED (r); ALIGNED (cp); ALIGNED (lp);
  mixin (&v, sizeof v);
  bools_anon (cp);
  mixin (cp, sizeof *cp);
  zeroed (r, sizeof *r);
  zeroed (lp, sizeof *lp);
  fill (r, sizeof *r);
  fill (lp, sizeof *lp);
  end ();
  return (long) h;
}

unsigned
strs_impl (idl_call_t *call, const char *one, const unsigned char *u,
	   char *io, signed char *o)
{
  begin (call, &everything, 70, 0);
  in_string (one, 1);
  in_string ((const char *) u, 200);
  /* An inout string: what was sent, copied to the reply area.  */
  size_t n = strlen (io);
  FUZZ_CHECK (n <= 64);
  in_reply_area (io, n + 1);
  mixin (io, n);
  FUZZ_CHECK (o[0] == 0);
  out_string (io, 64);
  out_string ((char *) o, 10);
  end ();
  return (unsigned) h;
}

void
bufs_impl (idl_call_t *call, size_t n, const bool *flags, const double *d,
	   unsigned short cap, anon_t *recs, unsigned char *got)
{
  begin (call, &everything, 71, 0);
  ALIGNED (flags); ALIGNED (d); ALIGNED (recs); ALIGNED (got);
  FUZZ_CHECK (n <= 16 && cap <= 20);
  in_payload (flags, n * sizeof *flags);
  for (size_t k = 0; k < n; k++)
    {
      bool f = flags[k];
      h += f;
    }
  in_payload (d, n * sizeof *d);
  FUZZ_CHECK (*got == 0);
  out_buffer (recs, cap * sizeof *recs);
  *got = (unsigned char) out_length (cap);
  end ();
}

void
scramble_impl (idl_call_t *call, unsigned n, struct tagged *t)
{
  begin (call, &everything, 72, 0);
  ALIGNED (t);
  FUZZ_CHECK (n <= 40);
  in_reply_area (t, n * sizeof *t);
  mixin (t, n * sizeof *t);
  out_buffer (t, n * sizeof *t);
  end ();
}

int
edit_impl (idl_call_t *call, int cap, void *text, int *len)
{
  begin (call, &everything, 73, 0);
  ALIGNED (len);
  FUZZ_CHECK (cap >= 0 && cap <= 300 && *len >= 0 && *len <= cap);
  in_reply_area (text, (size_t) *len);
  mixin (text, (size_t) *len);
  out_buffer (text, (size_t) cap);
  /* Over the capacity, or negative: both are IDL_E_BOUNDS.  */
  uint64_t l = out_length ((uint64_t) cap);
  *len = l > (uint64_t) cap && (h & 1) ? -1 : (int) l;
  end ();
  return cap;
}

long
sum_impl (idl_call_t *call, int n, const int *v)
{
  begin (call, &everything, 74, 0);
  ALIGNED (v);
  FUZZ_CHECK (n >= 0 && n <= 100);
  in_payload (v, (size_t) n * sizeof *v);
  return (long) h;
}

void
huge_impl (idl_call_t *call, unsigned n, const unsigned char *d)
{
  begin (call, &everything, 76, 0);
  FUZZ_CHECK (n <= 65536);
  in_payload (d, n);
}

void
ping_impl (idl_call_t *call)
{
  begin (call, &everything, 80, 0);
}

void
note_impl (idl_call_t *call, int what, const char *msg, const anon_t *a)
{
  begin (call, &everything, 81, 1);
  ALIGNED (a);
  mixin (&what, sizeof what);
  in_string (msg, 50);
  bools_anon (a);
  mixin (a, sizeof *a);
}

/* fdio.  */

int
fd_in_impl (idl_call_t *call, int fd)
{
  begin (call, &fdio, 1, 0);
  in_fd (fd);
  return (int) (h & 0x7fffffff);
}

void
fd_out_impl (idl_call_t *call, int *fd)
{
  begin (call, &fdio, 2, 0);
  ALIGNED (fd);
  out_fd (fd);
}

long
fd_both_impl (idl_call_t *call, int a, int c, long x, int *d, int *e)
{
  begin (call, &fdio, 3, 0);
  ALIGNED (d); ALIGNED (e);
  in_fd (a);
  in_fd (c);
  mixin (&x, sizeof x);
  out_fd (d);
  out_fd (e);
  return (long) h;
}

void
fd_note_impl (idl_call_t *call, int fd, short tag)
{
  begin (call, &fdio, 4, 1);
  in_fd (fd);
  mixin (&tag, sizeof tag);
}

/* ------------------------------------------------------------------ */
/* paramtest.h                                                         */
/* ------------------------------------------------------------------ */

short
test_short_impl (idl_call_t *call, short s1, short *s2, short *s3)
{
  begin (call, &Param_Test, 1, 0);
  ALIGNED (s2); ALIGNED (s3);
  mixin (&s1, sizeof s1);
  mixin (s2, sizeof *s2);
  zeroed (s3, sizeof *s3);
  *s3 = (short) h;
  *s2 = (short) (h >> 16);
  return (short) (h >> 32);
}

void
test_unbounded_string_impl (idl_call_t *call, const char *s1, char *s2,
			    char *s3, char *ret)
{
  begin (call, &Param_Test, 2, 0);
  in_string (s1, PARAM_TEST_STRING);
  size_t n = strlen (s2);
  FUZZ_CHECK (n <= PARAM_TEST_STRING);
  in_reply_area (s2, n + 1);
  mixin (s2, n);
  FUZZ_CHECK (s3[0] == 0 && ret[0] == 0);
  out_string (s2, PARAM_TEST_STRING);
  out_string (s3, PARAM_TEST_STRING);
  out_string (ret, PARAM_TEST_STRING);
  end ();
}

Param_Test_Fixed_Struct
test_fixed_struct_impl (idl_call_t *call, Param_Test_Fixed_Struct s1,
			Param_Test_Fixed_Struct *s2,
			Param_Test_Fixed_Struct *s3)
{
  Param_Test_Fixed_Struct ret;
  begin (call, &Param_Test, 3, 0);
  ALIGNED (s2); ALIGNED (s3);
  bools_fixed (&s1);
  bools_fixed (s2);
  mixin (&s1, sizeof s1);
  mixin (s2, sizeof *s2);
  zeroed (s3, sizeof *s3);
  fill (s2, sizeof *s2);
  fill (s3, sizeof *s3);
  fill (&ret, sizeof ret);
  end ();
  return ret;
}

/* A sequence in: LENGTH elements of SIZE bytes.  */
static void
seq_in (const void *p, uint32_t length, uint32_t max, size_t size)
{
  FUZZ_CHECK (length <= max);
  in_payload (p, length * size);
}

/* A sequence out, capacity MAXIMUM: every element written, a length
   that out_length chooses.  */
static void
seq_out (void *p, uint32_t maximum, uint32_t *length, size_t size)
{
  FUZZ_CHECK (maximum <= PARAM_TEST_SEQUENCE && *length == 0);
  out_buffer (p, maximum * size);
  *length = (uint32_t) out_length (maximum);
}

/* A sequence inout: LENGTH sent, in the reply area, then as out.  */
static void
seq_inout (void *p, uint32_t maximum, uint32_t *length, size_t size)
{
  FUZZ_CHECK (maximum <= PARAM_TEST_SEQUENCE && *length <= maximum);
  in_reply_area (p, *length * size);
  mixin (p, *length * size);
  *length = 0;
  seq_out (p, maximum, length, size);
}

void
test_strseq_impl (idl_call_t *call, const Param_Test_String *s1,
		  uint32_t s1_length, Param_Test_String *s2,
		  uint32_t s2_maximum, uint32_t *s2_length,
		  Param_Test_String *s3, uint32_t s3_maximum,
		  uint32_t *s3_length, Param_Test_String *ret,
		  uint32_t ret_maximum, uint32_t *ret_length)
{
  begin (call, &Param_Test, 4, 0);
  ALIGNED (s1); ALIGNED (s2); ALIGNED (s2_length); ALIGNED (s3);
  ALIGNED (s3_length); ALIGNED (ret); ALIGNED (ret_length);
  seq_in (s1, s1_length, PARAM_TEST_SEQUENCE, sizeof *s1);
  seq_inout (s2, s2_maximum, s2_length, sizeof *s2);
  seq_out (s3, s3_maximum, s3_length, sizeof *s3);
  seq_out (ret, ret_maximum, ret_length, sizeof *ret);
  end ();
}

static void
var_in (const Param_Test_Var_Struct *s)
{
  bools_var (s);
  mixin (s, sizeof *s);
}

Param_Test_Var_Struct
test_var_struct_impl (idl_call_t *call, Param_Test_Var_Struct s1,
		      Param_Test_Var_Struct *s2, Param_Test_Var_Struct *s3)
{
  Param_Test_Var_Struct ret;
  begin (call, &Param_Test, 5, 0);
  ALIGNED (s2); ALIGNED (s3);
  var_in (&s1);
  var_in (s2);
  zeroed (s3, sizeof *s3);
  fill (s2, sizeof *s2);
  fill (s3, sizeof *s3);
  fill (&ret, sizeof ret);
  end ();
  return ret;
}

Param_Test_Nested_Struct
test_nested_struct_impl (idl_call_t *call,
			 const Param_Test_Nested_Struct *s1,
			 Param_Test_Nested_Struct *s2,
			 Param_Test_Nested_Struct *s3)
{
  Param_Test_Nested_Struct ret;
  begin (call, &Param_Test, 6, 0);
  ALIGNED (s1); ALIGNED (s2); ALIGNED (s3);
  var_in (&s1->vs);
  var_in (&s2->vs);
  zeroed (s3, sizeof *s3);
  fill (s2, sizeof *s2);
  fill (s3, sizeof *s3);
  fill (&ret, sizeof ret);
  end ();
  return ret;
}

void
test_struct_sequence_impl (idl_call_t *call,
			   const Param_Test_Fixed_Struct *s1,
			   uint32_t s1_length, Param_Test_Fixed_Struct *s2,
			   uint32_t s2_maximum, uint32_t *s2_length,
			   Param_Test_Fixed_Struct *s3, uint32_t s3_maximum,
			   uint32_t *s3_length, Param_Test_Fixed_Struct *ret,
			   uint32_t ret_maximum, uint32_t *ret_length)
{
  begin (call, &Param_Test, 7, 0);
  ALIGNED (s1); ALIGNED (s2); ALIGNED (s2_length); ALIGNED (s3);
  ALIGNED (s3_length); ALIGNED (ret); ALIGNED (ret_length);
  seq_in (s1, s1_length, PARAM_TEST_SEQUENCE, sizeof *s1);
  for (uint32_t k = 0; k < s1_length; k++)
    bools_fixed (&s1[k]);
  for (uint32_t k = 0; k < *s2_length && k < s2_maximum; k++)
    bools_fixed (&s2[k]);
  seq_inout (s2, s2_maximum, s2_length, sizeof *s2);
  seq_out (s3, s3_maximum, s3_length, sizeof *s3);
  seq_out (ret, ret_maximum, ret_length, sizeof *ret);
  end ();
}

/* ------------------------------------------------------------------ */
/* sawmill.h                                                           */
/* ------------------------------------------------------------------ */

int
pfs_open_impl (idl_call_t *call, int client, int fobj, int flags, int mode,
	       int *handle)
{
  int a[] = { client, fobj, flags, mode };
  begin (call, &pfs, 1, 0);
  ALIGNED (handle);
  mixin (a, sizeof a);
  zeroed (handle, sizeof *handle);
  *handle = (int) (h & 0x7fffffff);
  return 0;
}

int
pfs_write_impl (idl_call_t *call, int handle, int *pos, int len,
		int data_size, const int *data)
{
  begin (call, &pfs, 2, 0);
  ALIGNED (pos); ALIGNED (data);
  FUZZ_CHECK (data_size >= 0 && data_size <= 1024);
  in_payload (data, (size_t) data_size * sizeof *data);
  mixin (pos, sizeof *pos);
  mixin (&handle, sizeof handle);
  mixin (&len, sizeof len);
  *pos = (int) (h & 0xffff);
  return len;
}

int
pfs_get_direntries_impl (idl_call_t *call, int handle, int *pos, int count,
			 int *data_size, struct pfs_dirent *data)
{
  begin (call, &pfs, 3, 0);
  ALIGNED (pos); ALIGNED (data_size); ALIGNED (data);
  FUZZ_CHECK (count >= 0 && count <= 64);
  mixin (&handle, sizeof handle);
  mixin (pos, sizeof *pos);
  FUZZ_CHECK (*data_size == 0);
  out_buffer (data, (size_t) count * sizeof *data);
  uint64_t l = out_length ((uint64_t) count);
  *data_size = l > (uint64_t) count && (h & 1) ? -1 : (int) l;
  *pos = (int) ((unsigned) *pos + 1);
  end ();
  return 0;
}

int
pfs_lookup_impl (idl_call_t *call, int dir, const char *name, int *fobj,
		 char *canonical)
{
  begin (call, &pfs, 4, 0);
  ALIGNED (fobj);
  mixin (&dir, sizeof dir);
  size_t n = in_string (name, 255);
#ifdef FUZZ_PLANTED_BUG
  /* The planted bug: one byte past the string's NUL.  */
  h += (unsigned char) name[n + 1];
#else
  (void) n;
#endif
  zeroed (fobj, sizeof *fobj);
  FUZZ_CHECK (canonical[0] == 0);
  *fobj = (int) (h & 0x7fffffff);
  out_string (canonical, 1023);
  end ();
  return 0;
}
