/* { dg-do run } */
/* Area: run
   Purpose: compact mode's engine (runtime/compact-*.c) with everything
   that is not a plain scalar, from hand-written tables: records and
   arrays in message words and in the payload, by value, in, out
   (zeroed on the server) and inout, their _Bools rewritten to 0 or 1
   on both sides; strings in, out and inout, several in one message,
   with the bound checks of both sides (too long or NULL: refused by the
   client, nothing sent; an unterminated out string: IDL_E_BOUNDS from
   the server, the caller's buffer untouched); buffers with and without
   IDL_LENGTH_IS each way, counts of several widths (negative ones
   refused), elements aligned for their type on the server; descriptors
   in and out, and "none"; a one-way request with a payload.  Every
   request and reply must be byte for byte fast mode's, and compact and
   fast clients and servers must interoperate across processes
   (compact-table.h).  */

#include <stdbool.h>
#include <fcntl.h>
#include "compact-table.h"

IDL_INTERFACE (cpl, 0x5c02, 1);

struct small_s { char c; bool f; short s; int i; };
struct mid_s { long a[3]; bool g[4]; int x; };
struct big_s { long v[16]; bool z; };
struct al16 { _Alignas (16) int v; char tag; };

IDL_OP (cpl, 1) long calls (idl_binding_t *b);
IDL_OP (cpl, 2) long blk (idl_binding_t *b, struct small_s v,
			  IDL_IN const struct mid_s *in,
			  IDL_OUT struct small_s *o,
			  IDL_INOUT struct mid_s *io);
IDL_OP (cpl, 3) long bigblk (idl_binding_t *b, struct big_s v,
			     IDL_IN const struct big_s *in,
			     IDL_OUT struct big_s *o,
			     IDL_INOUT struct big_s *io);
IDL_OP (cpl, 4) long arr (idl_binding_t *b, IDL_IN const short a[6],
			  IDL_OUT bool ob[3]);
IDL_OP (cpl, 5) int sput (idl_binding_t *b,
			  IDL_IN IDL_STRING (16) const char *s);
IDL_OP (cpl, 6) int sget (idl_binding_t *b, IDL_OUT IDL_STRING (8) char *o,
			  int n, int c);
IDL_OP (cpl, 7) int sio (idl_binding_t *b, int mode,
			 IDL_INOUT IDL_STRING (12) char *s);
IDL_OP (cpl, 8) long three (idl_binding_t *b, short a,
			    IDL_IN IDL_STRING (100) const char *in,
			    IDL_INOUT IDL_STRING (50) char *io, char c,
			    IDL_OUT IDL_STRING (151) char *out);
IDL_OP (cpl, 9) uint64_t bin (idl_binding_t *b,
			      IDL_IN IDL_SIZE_IS (n, 32) const int32_t *p,
			      short n);
IDL_OP (cpl, 10) int bout (idl_binding_t *b, unsigned want,
			   IDL_OUT IDL_SIZE_IS (cap, 64) IDL_LENGTH_IS (len)
			     uint32_t *p,
			   unsigned cap, IDL_OUT short *len);
IDL_OP (cpl, 11) void ball (idl_binding_t *b,
			    IDL_OUT IDL_SIZE_IS (cap, 100) uint16_t *p,
			    size_t cap);
IDL_OP (cpl, 12) uint64_t bio (idl_binding_t *b, int mode,
			       IDL_INOUT IDL_SIZE_IS (cap, 50)
				 IDL_LENGTH_IS (len) int32_t *p,
			       int cap, IDL_INOUT int *len, int add);
IDL_OP (cpl, 13) double bio2 (idl_binding_t *b,
			      IDL_INOUT IDL_SIZE_IS (n, 16) double *p,
			      unsigned n);
IDL_OP (cpl, 14) int bbool (idl_binding_t *b,
			    IDL_IN IDL_SIZE_IS (n, 40) const bool *v, int n,
			    IDL_OUT IDL_SIZE_IS (m, 8) struct small_s *o,
			    int m,
			    IDL_IN IDL_SIZE_IS (na, 5) const struct al16 *a,
			    unsigned char na);
IDL_OP (cpl, 15) int fdin (idl_binding_t *b, IDL_FD int fd, IDL_FD int fd2);
IDL_OP (cpl, 16) int fdout (idl_binding_t *b, int kind,
			    IDL_OUT IDL_FD int *o1, IDL_OUT IDL_FD int *o2);
IDL_OP (cpl, 17) int fdmix (idl_binding_t *b, IDL_FD int fd,
			    IDL_IN IDL_STRING (20) const char *s);
IDL_OP (cpl, 18) IDL_ONEWAY void onote (idl_binding_t *b,
					IDL_IN IDL_STRING (30) const char *s,
					IDL_IN IDL_SIZE_IS (n, 4) const int *v,
					int n);
IDL_OP (cpl, 19) int olast (idl_binding_t *b,
			    IDL_OUT IDL_STRING (30) char *s);

IDL_SERVER (cpl);

/* The implementations.  */

static long ncalls;
static char stored[31];
static int stored_sum;

static unsigned
byte_of (const void *p)
{
  return *(const unsigned char *) p;
}

static int
all_zero (const void *p, size_t n)
{
  const unsigned char *c = p;
  for (size_t i = 0; i < n; i++)
    if (c[i])
      return 0;
  return 1;
}

long calls_impl (idl_call_t *c) { return ncalls; }

long
blk_impl (idl_call_t *c, struct small_s v, const struct mid_s *in,
	  struct small_s *o, struct mid_s *io)
{
  ncalls++;
  CHECK (all_zero (o, sizeof *o));
  long r = v.c + v.s * 10L + v.i * 100L + byte_of (&v.f) * 7;
  for (int i = 0; i < 3; i++)
    r += in->a[i] * (i + 2) + io->a[i] * (i + 5);
  for (int i = 0; i < 4; i++)
    r += (byte_of (&in->g[i]) << i) * 1000 + (byte_of (&io->g[i]) << i) * 17;
  r += in->x - io->x * 3;
  o->c = 'o';
  o->f = 1;
  o->s = (short) (v.s * 2);
  o->i = in->x;
  for (int i = 0; i < 3; i++)
    io->a[i] += 1;
  for (int i = 0; i < 4; i++)
    memset (&io->g[i], byte_of (&io->g[i]) ? 0 : 9, 1);	/* 9: a bad bool */
  io->x = -io->x;
  return r;
}

long
bigblk_impl (idl_call_t *c, struct big_s v, const struct big_s *in,
	     struct big_s *o, struct big_s *io)
{
  ncalls++;
  CHECK (all_zero (o, sizeof *o));
  CHECK ((uintptr_t) in % _Alignof (struct big_s) == 0);
  long r = byte_of (&v.z) + byte_of (&in->z) * 2 + byte_of (&io->z) * 4;
  for (int i = 0; i < 16; i++)
    {
      r += v.v[i] * 3 + in->v[i] * 5 + io->v[i] * 7;
      o->v[i] = v.v[i] + in->v[i];
      io->v[i] = -io->v[i];
    }
  memset (&o->z, 0x40, 1);
  io->z = !io->z;
  return r;
}

long
arr_impl (idl_call_t *c, const short a[6], bool ob[3])
{
  ncalls++;
  CHECK (all_zero (ob, 3));
  long r = 0;
  for (int i = 0; i < 6; i++)
    r = r * 7 + a[i];
  for (int i = 0; i < 3; i++)
    memset (&ob[i], a[i] > 0 ? 0x80 : 0, 1);
  return r;
}

int
sput_impl (idl_call_t *c, const char *s)
{
  ncalls++;
  size_t n = strlen (s);
  CHECK (n <= 16);
  memcpy (stored, s, n + 1);
  return (int) n;
}

int
sget_impl (idl_call_t *c, char *o, int n, int ch)
{
  ncalls++;
  int was_empty = o[0] == 0;
  if (n < 0)
    memset (o, ch, 9);
  else
    {
      memset (o, ch, n);
      o[n] = 0;
    }
  return was_empty;
}

int
sio_impl (idl_call_t *c, int mode, char *s)
{
  ncalls++;
  int n = (int) strlen (s);
  if (mode == 1)
    s[0] = 0;
  else if (mode == 2)
    memset (s, 'z', 13);
  else
    {
      for (int i = 0; i < n; i++)
	if (s[i] >= 'a' && s[i] <= 'z')
	  s[i] = (char) (s[i] - 'a' + 'A');
      if (n < 12)
	s[n++] = '!';
      s[n] = 0;
    }
  return n;
}

long
three_impl (idl_call_t *c, short a, const char *in, char *io, char ch,
	    char *out)
{
  ncalls++;
  size_t x = strlen (in), y = strlen (io);
  CHECK (out[0] == 0);
  memcpy (out, in, x);
  memcpy (out + x, io, y + 1);
  for (size_t i = 0; i < y / 2; i++)
    {
      char t = io[i];
      io[i] = io[y - 1 - i];
      io[y - 1 - i] = t;
    }
  return a * 1000000L + (long) (x * 1000 + y) + ch * 10000000L;
}

uint64_t
bin_impl (idl_call_t *c, const int32_t *p, short n)
{
  ncalls++;
  CHECK ((uintptr_t) p % 4 == 0);
  uint64_t h = (uint64_t) n;
  for (int i = 0; i < n; i++)
    h = h * 31 + (uint64_t) (int64_t) p[i];
  return h;
}

int
bout_impl (idl_call_t *c, unsigned want, uint32_t *p, unsigned cap,
	   short *len)
{
  ncalls++;
  CHECK (*len == 0);
  for (unsigned i = 0; i < want && i < cap; i++)
    p[i] = i * 0x01010101u + want;
  *len = (short) want;
  return (int) cap;
}

void
ball_impl (idl_call_t *c, uint16_t *p, size_t cap)
{
  ncalls++;
  for (size_t i = 0; i < cap; i++)
    p[i] = (uint16_t) (i * 3 + 1);
}

uint64_t
bio_impl (idl_call_t *c, int mode, int32_t *p, int cap, int *len, int add)
{
  ncalls++;
  uint64_t h = (uint64_t) *len;
  for (int i = 0; i < *len; i++)
    h = h * 31 + (uint32_t) p[i];
  if (mode == 1)
    {
      *len = cap + 1;
      return h;
    }
  for (int i = 0; i < *len; i++)
    p[i] = -p[i];
  while (add-- > 0 && *len < cap)
    {
      p[*len] = *len * 11;
      ++*len;
    }
  return h;
}

double
bio2_impl (idl_call_t *c, double *p, unsigned n)
{
  ncalls++;
  CHECK ((uintptr_t) p % 8 == 0);
  double s = 0;
  for (unsigned i = 0; i < n; i++)
    {
      s += p[i];
      p[i] *= 2;
    }
  return s;
}

int
bbool_impl (idl_call_t *c, const bool *v, int n, struct small_s *o, int m,
	    const struct al16 *a, unsigned char na)
{
  ncalls++;
  CHECK ((uintptr_t) a % 16 == 0);
  int r = 0;
  for (int i = 0; i < n; i++)
    r += (int) byte_of (&v[i]);
  for (unsigned i = 0; i < na; i++)
    r += a[i].v * 100 + a[i].tag;
  memset (o, 7, (size_t) m * sizeof *o);
  return r;
}

int
fdin_impl (idl_call_t *c, int fd, int fd2)
{
  ncalls++;
  if (fd >= 0)
    CHECK (write (fd, "A", 1) == 1);
  if (fd2 >= 0)
    CHECK (write (fd2, "B", 1) == 1);
  return (fd >= 0) + 2 * (fd2 >= 0);
}

int
fdout_impl (idl_call_t *c, int kind, int *o1, int *o2)
{
  ncalls++;
  int p[2];
  CHECK (*o1 == -1 && *o2 == -1);
  CHECK (pipe (p) == 0);
  *o1 = p[1];
  if (kind)
    *o2 = p[0];
  else
    close (p[0]);
  return kind;
}

int
fdmix_impl (idl_call_t *c, int fd, const char *s)
{
  ncalls++;
  size_t n = strlen (s);
  CHECK (write (fd, s, n) == (ssize_t) n);
  return (int) n;
}

void
onote_impl (idl_call_t *c, const char *s, const int *v, int n)
{
  ncalls++;
  strcpy (stored, s);
  stored_sum = 0;
  for (int i = 0; i < n; i++)
    stored_sum += v[i];
}

int
olast_impl (idl_call_t *c, char *s)
{
  strcpy (s, stored);
  return stored_sum;
}

static void
reset (void)
{
  ncalls = 0;
  stored[0] = 0;
  stored_sum = 0;
}

/* The tables, as the plugin lays the operations out (its dump).  */

#define IFACE 0x5c02
#define R IDL_CT_F_RESULT
#define G IDL_CT_F_GENERAL
#define X IDL_CT_F_XREQ
#define W IDL_CT_F_WIDE
#define S IDL_CT_F_SIMPLE
#define HDR(np, flags, num, rqw, nrq, nrp, niq, nip, rpw, nrqe) \
  CT_HDR (np, flags, CT_MKTAG (IFACE, num, rqw), nrq, nrp, niq, nip, rpw, \
	  nrqe)

static const uint32_t t_calls[] = {
  HDR (0, R, 1, 0, 0, 1, 0, 0, 1, 0), CT_RES (8, CT_S)
};

/* _Bool lists (their index in the table is counted by hand): struct
   small_s has one at byte 1, struct mid_s four from byte 24, struct
   big_s one at 128, bool[3] three.  */
static const uint32_t t_blk[] = {
  HDR (4, R | G | W, 2, 9, 3, 3, 0, 0, 6, 0),
  CT_BLKB (0, 1, 8, 0, 15), CT_BLKB (1, 2, 32, 0, 17),
  CT_BLKB (3, 6, 32, 0, 17),
  CT_RES (8, CT_S), CT_BLKB (2, 2, 8, 0, 15), CT_BLKB (3, 3, 32, 1, 17),
  /* 15 */ 1, 1,
  /* 17 */ 4, 24, 25, 26, 27
};

static const uint32_t t_bigblk[] = {
  HDR (4, R | G | X, 3, 0, 0, 1, 3, 2, 1, 0),
  CT_RES (8, CT_S),
  CT_FIXED (0, CT_BOOLS, 3, 136), 23,
  CT_FIXED_AT (1, CT_BOOLS, 3, 136, 136), 23,
  CT_FIXED_AT (3, CT_INOUT | CT_BOOLS, 3, 136, 272), 23,
  CT_FIXED (2, CT_BOOLS, 3, 136), 23,
  CT_FIXED_AT (3, CT_INOUT | CT_BOOLS, 3, 136, 136), 23,
  /* 23 */ 1, 128
};

static const uint32_t t_arr[] = {
  HDR (2, R | G | W, 4, 2, 1, 2, 0, 0, 2, 0),
  CT_BLK (0, 1, 12, 0),
  CT_RES (8, CT_S), CT_BLKB (1, 2, 3, 0, 8),
  /* 8 */ 3, 0, 1, 2
};

/* sput and bin take the client engine's short path (IDL_CT_F_SIMPLE:
   payload items in the request only, values in the reply).  */
static const uint32_t t_sput[] = {
  HDR (1, R | G | X | S, 5, 0, 0, 1, 1, 0, 1, 0),
  CT_RES (4, CT_S),
  CT_STR (0, CT_IMPLIED, 16)
};

static const uint32_t t_sget[] = {
  HDR (3, R | G, 6, 1, 2, 2, 0, 1, 1, 0),
  CT_VAL (1, 1, 0, 4, CT_S), CT_VAL (2, 1, 4, 4, CT_S),
  CT_RES (4, CT_S), CT_LEN (0, 1, 4),
  CT_STR (0, 0, 8)
};

static const uint32_t t_sio[] = {
  HDR (2, R | G | X, 7, 1, 1, 2, 1, 1, 1, 0),
  CT_VAL (0, 1, 0, 4, CT_S),
  CT_RES (4, CT_S), CT_LEN (1, 1, 4),
  CT_STR (1, CT_INOUT | CT_IMPLIED, 12),
  CT_STR (1, CT_INOUT, 12)
};

static const uint32_t t_three[] = {
  HDR (5, R | G | X, 8, 1, 3, 3, 2, 2, 2, 1),
  CT_LEN (1, 1, 4), CT_VAL (0, 1, 0, 2, CT_S), CT_VAL (3, 1, 2, 1, CT_S),
  CT_RES (8, CT_S), CT_LEN (2, 2, 0), CT_LEN (4, 2, 4),
  CT_STR (1, 0, 100), CT_STR (2, CT_INOUT | CT_IMPLIED, 50),
  CT_STR (2, CT_INOUT, 50), CT_STR_AT (4, 0, 151, 51)
};

/* bin's count is implied: its slot is in word 2, past both messages'
   words, and not sent.  */
static const uint32_t t_bin[] = {
  HDR (2, R | G | X | S, 9, 0, 0, 1, 1, 0, 1, 0),
  CT_RES (8, CT_U),
  CT_BUF (0, CT_IMPLIED, 2, 32, 4, CT_VAL (1, 2, 0, 2, CT_S))
};

static const uint32_t t_bout[] = {
  HDR (4, R | G, 10, 1, 2, 2, 0, 1, 1, 0),
  CT_VAL (0, 1, 0, 4, CT_U), CT_VAL (2, 1, 4, 4, CT_U),
  CT_RES (4, CT_S), CT_VAL (3, 1, 4, 2, CT_S),
  CT_BUF_LEN (1, 0, 2, 64, 4, CT_VAL (2, 1, 4, 4, CT_U),
	      CT_VAL (3, 1, 4, 2, CT_S))
};

static const uint32_t t_ball[] = {
  HDR (2, G, 11, 1, 1, 0, 0, 1, 0, 0),
  CT_VAL (1, 1, 0, 8, CT_U),
  CT_BUF (0, 0, 1, 100, 2, CT_VAL (1, 1, 0, 8, CT_U))
};

static const uint32_t t_bio[] = {
  HDR (5, R | G | X, 12, 2, 4, 2, 1, 1, 2, 0),
  CT_VAL (0, 1, 0, 4, CT_S), CT_VAL (2, 1, 4, 4, CT_S),
  CT_VAL (3, 2, 0, 4, CT_S), CT_VAL (4, 2, 4, 4, CT_S),
  CT_RES (8, CT_U), CT_IOVAL (3, 2, 0, 4, CT_S),
  CT_BUF_LEN (1, CT_INOUT, 2, 50, 4, CT_VAL (2, 1, 4, 4, CT_S),
	      CT_VAL (3, 2, 0, 4, CT_S)),
  CT_BUF_LEN (1, CT_INOUT, 2, 50, 4, CT_VAL (2, 1, 4, 4, CT_S),
	      CT_IOVAL (3, 2, 0, 4, CT_S))
};

static const uint32_t t_bio2[] = {
  HDR (2, R | G | X, 13, 1, 1, 1, 1, 1, 1, 0),
  CT_VAL (1, 1, 0, 4, CT_U),
  CT_RES (8, CT_F),
  CT_BUF (0, CT_INOUT, 3, 16, 8, CT_VAL (1, 1, 0, 4, CT_U)),
  CT_BUF (0, CT_INOUT, 3, 16, 8, CT_VAL (1, 1, 0, 4, CT_U))
};

static const uint32_t t_bbool[] = {
  HDR (6, R | G | X, 14, 1, 2, 1, 2, 1, 1, 0),
  CT_VAL (1, 1, 0, 4, CT_S), CT_VAL (3, 1, 4, 4, CT_S),
  CT_RES (4, CT_S),
  CT_BUF (0, CT_BOOLS, 0, 40, 1, CT_VAL (1, 1, 0, 4, CT_S)), 18,
  CT_BUF (4, CT_IMPLIED, 4, 5, 16, CT_VAL (5, 2, 0, 1, CT_U)),
  CT_BUF (2, CT_BOOLS, 2, 8, 8, CT_VAL (3, 1, 4, 4, CT_S)), 20,
  /* 18 */ 1, 0,
  /* 20 */ 1, 1
};

static const uint32_t t_fdin[] = {
  HDR (2, R | G | X, 15, 1, 2, 1, 0, 0, 1, 2),
  CT_FDX (0, 1, 0), CT_FDX (1, 1, 4),
  CT_RES (4, CT_S)
};

static const uint32_t t_fdout[] = {
  HDR (3, R | G, 16, 1, 1, 3, 0, 0, 2, 0),
  CT_VAL (0, 1, 0, 4, CT_S),
  CT_RES (4, CT_S), CT_FDX (1, 1, 4), CT_FDX (2, 2, 0)
};

static const uint32_t t_fdmix[] = {
  HDR (2, R | G | X, 17, 1, 1, 1, 1, 0, 1, 1),
  CT_FDX (0, 1, 0),
  CT_RES (4, CT_S),
  CT_STR (1, CT_IMPLIED, 20)
};

static const uint32_t t_onote[] = {
  CT_HDR (3, IDL_CT_F_ONEWAY | G | X, CT_MKTAG (IFACE, 18, 1) | IDL_TAG_ONEWAY,
	  1, 0, 2, 0, 0, 1),
  CT_LEN (0, 1, 0),
  CT_STR (0, 0, 30), CT_BUF (1, CT_IMPLIED, 2, 4, 4, CT_VAL (2, 2, 0, 4, CT_S))
};

static const uint32_t t_olast[] = {
  HDR (1, R | G, 19, 0, 0, 2, 0, 1, 1, 0),
  CT_RES (4, CT_S), CT_LEN (0, 1, 4),
  CT_STR (0, 0, 30)
};

/* The compact clients.  */

static long c_calls (idl_binding_t *b) { CT_CALL (long, calls (b), t_calls, 0); }

static long
c_blk (idl_binding_t *b, struct small_s v, const struct mid_s *in,
       struct small_s *o, struct mid_s *io)
{
  CT_CALL (long, blk (b, v, in, o, io), t_blk, &v, (void *) in, o, io);
}

static long
c_bigblk (idl_binding_t *b, struct big_s v, const struct big_s *in,
	  struct big_s *o, struct big_s *io)
{
  CT_CALL (long, bigblk (b, v, in, o, io), t_bigblk, &v, (void *) in, o, io);
}

static long
c_arr (idl_binding_t *b, const short a[6], bool ob[3])
{
  CT_CALL (long, arr (b, a, ob), t_arr, (void *) a, ob);
}

static int
c_sput (idl_binding_t *b, const char *s)
{
  CT_CALL (int, sput (b, s), t_sput, (void *) s);
}

static int
c_sget (idl_binding_t *b, char *o, int n, int ch)
{
  CT_CALL (int, sget (b, o, n, ch), t_sget, o, &n, &ch);
}

static int
c_sio (idl_binding_t *b, int mode, char *s)
{
  CT_CALL (int, sio (b, mode, s), t_sio, &mode, s);
}

static long
c_three (idl_binding_t *b, short a, const char *in, char *io, char ch,
	 char *out)
{
  CT_CALL (long, three (b, a, in, io, ch, out), t_three, &a, (void *) in, io,
	   &ch, out);
}

static uint64_t
c_bin (idl_binding_t *b, const int32_t *p, short n)
{
  CT_CALL (uint64_t, bin (b, p, n), t_bin, (void *) p, &n);
}

static int
c_bout (idl_binding_t *b, unsigned want, uint32_t *p, unsigned cap,
	short *len)
{
  CT_CALL (int, bout (b, want, p, cap, len), t_bout, &want, p, &cap, len);
}

static void
c_ball (idl_binding_t *b, uint16_t *p, size_t cap)
{
  if (!ct_compact_client)
    {
      ball (b, p, cap);
      return;
    }
  void *argv[] = { p, &cap };
  ct_call (b, t_ball, argv, NULL);
}

static uint64_t
c_bio (idl_binding_t *b, int mode, int32_t *p, int cap, int *len, int add)
{
  CT_CALL (uint64_t, bio (b, mode, p, cap, len, add), t_bio, &mode, p, &cap,
	   len, &add);
}

static double
c_bio2 (idl_binding_t *b, double *p, unsigned n)
{
  CT_CALL (double, bio2 (b, p, n), t_bio2, p, &n);
}

static int
c_bbool (idl_binding_t *b, const bool *v, int n, struct small_s *o, int m,
	 const struct al16 *a, unsigned char na)
{
  CT_CALL (int, bbool (b, v, n, o, m, a, na), t_bbool, (void *) v, &n, o, &m,
	   (void *) a, &na);
}

static int
c_fdin (idl_binding_t *b, int fd, int fd2)
{
  CT_CALL (int, fdin (b, fd, fd2), t_fdin, &fd, &fd2);
}

static int
c_fdout (idl_binding_t *b, int kind, int *o1, int *o2)
{
  CT_CALL (int, fdout (b, kind, o1, o2), t_fdout, &kind, o1, o2);
}

static int
c_fdmix (idl_binding_t *b, int fd, const char *s)
{
  CT_CALL (int, fdmix (b, fd, s), t_fdmix, &fd, (void *) s);
}

static void
c_onote (idl_binding_t *b, const char *s, const int *v, int n)
{
  if (!ct_compact_client)
    {
      onote (b, s, v, n);
      return;
    }
  void *argv[] = { (void *) s, (void *) v, &n };
  ct_call (b, t_onote, argv, NULL);
}

static int
c_olast (idl_binding_t *b, char *s)
{
  CT_CALL (int, olast (b, s), t_olast, s);
}

/* The compact server.  */

CT_TH (calls) { (void) a; *(long *) r = calls_impl (c); }
CT_TH (blk)
{
  *(long *) r = blk_impl (c, *(struct small_s *) a[0], a[1], a[2], a[3]);
}
CT_TH (bigblk)
{
  *(long *) r = bigblk_impl (c, *(struct big_s *) a[0], a[1], a[2], a[3]);
}
CT_TH (arr) { *(long *) r = arr_impl (c, a[0], a[1]); }
CT_TH (sput) { *(int *) r = sput_impl (c, a[0]); }
CT_TH (sget) { *(int *) r = sget_impl (c, a[0], *(int *) a[1], *(int *) a[2]); }
CT_TH (sio) { *(int *) r = sio_impl (c, *(int *) a[0], a[1]); }
CT_TH (three)
{
  *(long *) r = three_impl (c, *(short *) a[0], a[1], a[2], *(char *) a[3],
			    a[4]);
}
CT_TH (bin) { *(uint64_t *) r = bin_impl (c, a[0], *(short *) a[1]); }
CT_TH (bout)
{
  *(int *) r = bout_impl (c, *(unsigned *) a[0], a[1], *(unsigned *) a[2],
			  a[3]);
}
CT_TH (ball) { (void) r; ball_impl (c, a[0], *(size_t *) a[1]); }
CT_TH (bio)
{
  *(uint64_t *) r = bio_impl (c, *(int *) a[0], a[1], *(int *) a[2], a[3],
			      *(int *) a[4]);
}
CT_TH (bio2) { *(double *) r = bio2_impl (c, a[0], *(unsigned *) a[1]); }
CT_TH (bbool)
{
  *(int *) r = bbool_impl (c, a[0], *(int *) a[1], a[2], *(int *) a[3], a[4],
			   *(unsigned char *) a[5]);
}
CT_TH (fdin) { *(int *) r = fdin_impl (c, *(int *) a[0], *(int *) a[1]); }
CT_TH (fdout) { *(int *) r = fdout_impl (c, *(int *) a[0], a[1], a[2]); }
CT_TH (fdmix) { *(int *) r = fdmix_impl (c, *(int *) a[0], a[1]); }
CT_TH (onote) { (void) r; onote_impl (c, a[0], a[1], *(int *) a[2]); }
CT_TH (olast) { *(int *) r = olast_impl (c, a[0]); }

static const void *const cpl_ops[] = {
  CT_OPS_DENSE (IFACE, 1, 19),
  CT_OP (1, calls), CT_OP (2, blk), CT_OP (3, bigblk), CT_OP (4, arr),
  CT_OP (5, sput), CT_OP (6, sget), CT_OP (7, sio), CT_OP (8, three),
  CT_OP (9, bin), CT_OP (10, bout), CT_OP (11, ball), CT_OP (12, bio),
  CT_OP (13, bio2), CT_OP (14, bbool), CT_OP (15, fdin), CT_OP (16, fdout),
  CT_OP (17, fdmix), CT_OP (18, onote), CT_OP (19, olast)
};

static uint64_t
cpl_compact_dispatch (idl_call_t *c, uint64_t *msg)
{
  return idl_compact_dispatch (c, msg, ct_ops (cpl_ops, sizeof cpl_ops
						 / sizeof *cpl_ops));
}

/* The checks, run in every pairing.  */

#define GUARD 0x5a

static void
fill (void *p, int v, size_t n)
{
  memset (p, v, n);
}

static int
all_is (const void *p, int v, size_t n)
{
  const unsigned char *c = p;
  for (size_t i = 0; i < n; i++)
    if (c[i] != (unsigned char) v)
      return 0;
  return 1;
}

static void
check_blocks (idl_binding_t *b, long *expect_calls)
{
  struct small_s v, o;
  struct mid_s in, io;
  fill (&v, 0, sizeof v);
  v.c = 3;
  v.s = -2;
  v.i = 100000;
  memset (&v.f, 5, 1);			/* a bad bool: arrives as 1 */
  fill (&in, 0, sizeof in);
  fill (&io, 0, sizeof io);
  for (int i = 0; i < 3; i++)
    {
      in.a[i] = -1000 * (i + 1);
      io.a[i] = 77 + i;
    }
  memset (in.g, 0x33, 4);		/* all bad: each arrives as 1 */
  io.g[1] = 1;
  in.x = 9;
  io.x = -4;
  fill (&o, GUARD, sizeof o);
  long want = 3 - 20 + 10000000L + 7;
  for (int i = 0; i < 3; i++)
    want += -1000L * (i + 1) * (i + 2) + (77 + i) * (i + 5);
  want += 15 * 1000 + 2 * 17 + 9 + 12;
  CHECK (c_blk (b, v, &in, &o, &io) == want);
  (*expect_calls)++;
  CHECK (o.c == 'o' && byte_of (&o.f) == 1 && o.s == -4 && o.i == 9);
  CHECK (io.a[0] == 78 && io.a[2] == 80 && io.x == 4);
  /* The server wrote 9 for true: the client gets 1.  */
  CHECK (byte_of (&io.g[0]) == 1 && byte_of (&io.g[1]) == 0
	 && byte_of (&io.g[3]) == 1);

  static struct big_s bv, bin_, bo, bio_;
  fill (&bv, 0, sizeof bv);
  fill (&bin_, 0, sizeof bin_);
  fill (&bio_, 0, sizeof bio_);
  fill (&bo, GUARD, sizeof bo);
  long bw = 0;
  for (int i = 0; i < 16; i++)
    {
      bv.v[i] = i;
      bin_.v[i] = -i * 1000;
      bio_.v[i] = 1L << (i * 3);
      bw += i * 3L - i * 5000L + (1L << (i * 3)) * 7;
    }
  memset (&bv.z, 2, 1);
  memset (&bin_.z, 0xff, 1);
  bio_.z = false;
  bw += 1 + 2;
  CHECK (c_bigblk (b, bv, &bin_, &bo, &bio_) == bw);
  (*expect_calls)++;
  for (int i = 0; i < 16; i++)
    CHECK (bo.v[i] == i - i * 1000L && bio_.v[i] == -(1L << (i * 3)));
  CHECK (byte_of (&bo.z) == 1 && byte_of (&bio_.z) == 1);
  /* Again: the out record starts zeroed though the reply area held the
     last reply.  */
  fill (&bo, GUARD, sizeof bo);
  for (int i = 0; i < 16; i++)
    bio_.v[i] = -bio_.v[i];
  bio_.z = false;
  CHECK (c_bigblk (b, bv, &bin_, &bo, &bio_) == bw);
  (*expect_calls)++;
  CHECK (bo.v[15] == 15 - 15000L);

  short a[6] = { 1, -2, 3, -4, 5, -6 };
  bool ob[3];
  fill (ob, GUARD, 3);
  long aw = 0;
  for (int i = 0; i < 6; i++)
    aw = aw * 7 + a[i];
  CHECK (c_arr (b, a, ob) == aw);
  (*expect_calls)++;
  CHECK (byte_of (&ob[0]) == 1 && byte_of (&ob[1]) == 0
	 && byte_of (&ob[2]) == 1);
}

static void
check_strings (idl_binding_t *b, long *expect_calls)
{
  char buf[64], s[40];
  for (int n = 0; n <= 16; n += 4)
    {
      memset (s, 'a' + n, n);
      s[n] = 0;
      s[0] = n ? (char) 0xe9 : 0;
      CHECK (c_sput (b, s) == n);
      (*expect_calls)++;
      fill (buf, GUARD, sizeof buf);
    }
  memset (s, 'x', 17);
  s[17] = 0;
  CHECK (c_sput (b, s) == 0 && idl_error (b) == IDL_E_BOUNDS);
  CHECK (c_sput (b, NULL) == 0 && idl_error (b) == IDL_E_INVAL);
  CHECK (c_calls (b) == *expect_calls);

  for (int n = 8; n >= 0; n -= 3)
    {
      fill (buf, GUARD, sizeof buf);
      CHECK (c_sget (b, buf, n, 'k') == 1);
      (*expect_calls)++;
      CHECK ((int) strlen (buf) == n && all_is (buf, 'k', n));
      CHECK (all_is (buf + n + 1, GUARD, sizeof buf - n - 1));
    }
  fill (buf, GUARD, sizeof buf);
  CHECK (c_sget (b, buf, -1, 'q') == 0 && idl_error (b) == IDL_E_BOUNDS);
  (*expect_calls)++;
  CHECK (all_is (buf, GUARD, sizeof buf));

  fill (buf, GUARD, sizeof buf);
  strcpy (buf, "hello");
  CHECK (c_sio (b, 0, buf) == 6 && strcmp (buf, "HELLO!") == 0);
  (*expect_calls)++;
  CHECK (all_is (buf + 7, GUARD, sizeof buf - 7));
  strcpy (buf, "twelve chars");
  CHECK (c_sio (b, 0, buf) == 12 && strcmp (buf, "TWELVE CHARS") == 0);
  (*expect_calls)++;
  CHECK (c_sio (b, 1, buf) == 12 && buf[0] == 0);
  (*expect_calls)++;
  CHECK (strcmp (buf + 1, "WELVE CHARS") == 0);
  strcpy (buf, "keep me");
  CHECK (c_sio (b, 2, buf) == 0 && idl_error (b) == IDL_E_BOUNDS);
  (*expect_calls)++;
  CHECK (strcmp (buf, "keep me") == 0);
  strcpy (buf, "thirteen char");
  CHECK (c_sio (b, 0, buf) == 0 && idl_error (b) == IDL_E_BOUNDS);
  CHECK (c_sio (b, 0, NULL) == 0 && idl_error (b) == IDL_E_INVAL);

  static const char *ins[] = { "", "a", "in string",
			       "0123456789012345678901234567890123456789"
			       "0123456789012345678901234567890123456789"
			       "01234567890123456789" };
  static const char *ios[] = { "", "b", "inout",
			       "0123456789abcdefghij0123456789abcdefghij"
			       "0123456789" };
  for (unsigned i = 0; i < 4; i++)
    for (unsigned j = 0; j < 4; j++)
      {
	char io[64], out[160], want_out[160], want_io[64];
	size_t x = strlen (ins[i]), y = strlen (ios[j]);
	strcpy (want_out, ins[i]);
	strcat (want_out, ios[j]);
	for (size_t k = 0; k < y; k++)
	  want_io[k] = ios[j][y - 1 - k];
	want_io[y] = 0;
	fill (io, GUARD, sizeof io);
	fill (out, GUARD, sizeof out);
	strcpy (io, ios[j]);
	CHECK (c_three (b, -7, ins[i], io, 'c', out)
	       == -7000000L + (long) (x * 1000 + y) + 'c' * 10000000L);
	(*expect_calls)++;
	CHECK (strcmp (io, want_io) == 0 && strcmp (out, want_out) == 0);
	CHECK (all_is (io + y + 1, GUARD, sizeof io - y - 1));
	CHECK (all_is (out + x + y + 1, GUARD, sizeof out - x - y - 1));
      }
  CHECK (c_calls (b) == *expect_calls);
}

static void
check_buffers (idl_binding_t *b, long *expect_calls)
{
  int32_t in[40];
  for (int i = 0; i < 40; i++)
    in[i] = -i * 1000003;
  for (short n = 0; n <= 32; n += 8)
    {
      uint64_t h = (uint64_t) n;
      for (int i = 0; i < n; i++)
	h = h * 31 + (uint64_t) (int64_t) in[i];
      CHECK (c_bin (b, in, n) == h);
      (*expect_calls)++;
    }
  CHECK (c_bin (b, in, 33) == 0 && idl_error (b) == IDL_E_BOUNDS);
  CHECK (c_bin (b, in, -1) == 0 && idl_error (b) == IDL_E_BOUNDS);

  uint32_t out[70];
  short len;
  for (unsigned want = 0; want <= 64; want += 16)
    {
      fill (out, GUARD, sizeof out);
      len = 1234;
      CHECK (c_bout (b, want, out, 64, &len) == 64);
      (*expect_calls)++;
      CHECK (len == (short) want);
      for (unsigned i = 0; i < want; i++)
	CHECK (out[i] == i * 0x01010101u + want);
      CHECK (all_is (out + want, GUARD, sizeof out - want * 4));
    }
  /* More than the caller's capacity: refused by the server.  */
  fill (out, GUARD, sizeof out);
  len = 1234;
  CHECK (c_bout (b, 11, out, 10, &len) == 0 && idl_error (b) == IDL_E_BOUNDS);
  (*expect_calls)++;
  CHECK (len == 1234 && all_is (out, GUARD, sizeof out));
  /* A capacity over the bound: refused by the client.  */
  CHECK (c_bout (b, 1, out, 65, &len) == 0 && idl_error (b) == IDL_E_BOUNDS);

  uint16_t all[100];
  fill (all, GUARD, sizeof all);
  c_ball (b, all, 37);
  (*expect_calls)++;
  CHECK (idl_error (b) == IDL_OK);
  for (int i = 0; i < 37; i++)
    CHECK (all[i] == i * 3 + 1);
  CHECK (all_is (all + 37, GUARD, sizeof all - 37 * 2));
  c_ball (b, all, 101);
  CHECK (idl_error (b) == IDL_E_BOUNDS);

  int32_t io[60];
  int iolen;
  for (int i = 0; i < 60; i++)
    io[i] = i + 1;
  iolen = 5;
  uint64_t h = 5;
  for (int i = 0; i < 5; i++)
    h = h * 31 + (uint32_t) (i + 1);
  CHECK (c_bio (b, 0, io, 50, &iolen, 3) == h);
  (*expect_calls)++;
  CHECK (iolen == 8);
  for (int i = 0; i < 5; i++)
    CHECK (io[i] == -(i + 1));
  CHECK (io[5] == 55 && io[7] == 77 && io[8] == 9);
  /* The server sets *LEN over the capacity: IDL_E_BOUNDS, untouched.  */
  CHECK (c_bio (b, 1, io, 8, &iolen, 0) == 0 && idl_error (b) == IDL_E_BOUNDS);
  (*expect_calls)++;
  CHECK (iolen == 8 && io[0] == -1);
  /* Lengths the client refuses: over the capacity, negative.  */
  iolen = 9;
  CHECK (c_bio (b, 0, io, 8, &iolen, 0) == 0 && idl_error (b) == IDL_E_BOUNDS);
  iolen = -1;
  CHECK (c_bio (b, 0, io, 8, &iolen, 0) == 0 && idl_error (b) == IDL_E_BOUNDS);
  iolen = 0;
  CHECK (c_bio (b, 0, io, -1, &iolen, 0) == 0
	 && idl_error (b) == IDL_E_BOUNDS);

  double d[16];
  for (int i = 0; i < 16; i++)
    d[i] = i * 0.25;
  CHECK (c_bio2 (b, d, 16) == 30.0);
  (*expect_calls)++;
  CHECK (d[15] == 7.5 && d[1] == 0.5);

  unsigned char bools[40];
  struct small_s so[9];
  struct al16 al[5];
  memset (bools, 3, sizeof bools);
  fill (so, GUARD, sizeof so);
  fill (al, 0, sizeof al);
  for (int i = 0; i < 5; i++)
    {
      al[i].v = i + 1;
      al[i].tag = (char) ('a' + i);
    }
  CHECK (c_bbool (b, (const bool *) bools, 40, so, 8, al, 5)
	 == 40 + 1500 + 'a' * 5 + 10);
  (*expect_calls)++;
  for (int i = 0; i < 8; i++)
    CHECK (so[i].c == 7 && byte_of (&so[i].f) == 1 && so[i].s == 0x0707);
  CHECK (all_is (&so[8], GUARD, sizeof so[8]));
  CHECK (c_calls (b) == *expect_calls);
}

static void
check_fds (idl_binding_t *b, long *expect_calls)
{
  int p[2], q[2];
  char c[8];
  CHECK (pipe (p) == 0 && pipe (q) == 0);
  CHECK (c_fdin (b, p[1], q[1]) == 3);
  (*expect_calls)++;
  CHECK (read (p[0], c, 8) == 1 && c[0] == 'A');
  CHECK (read (q[0], c, 8) == 1 && c[0] == 'B');
  CHECK (c_fdin (b, -1, q[1]) == 2);
  (*expect_calls)++;
  CHECK (read (q[0], c, 8) == 1 && c[0] == 'B');
  CHECK (c_fdin (b, -1, -1) == 0);
  (*expect_calls)++;
  /* Still the client's.  */
  CHECK (fcntl (p[1], F_GETFD) >= 0 && fcntl (q[1], F_GETFD) >= 0);
  CHECK (c_fdmix (b, p[1], "mixed in") == 8);
  (*expect_calls)++;
  CHECK (read (p[0], c, 8) == 8 && memcmp (c, "mixed in", 8) == 0);

  int o1 = 1234, o2 = 5678;
  CHECK (c_fdout (b, 1, &o1, &o2) == 1);
  (*expect_calls)++;
  CHECK (o1 >= 0 && o2 >= 0 && o1 != o2);
  CHECK (write (o1, "pipe", 4) == 4 && read (o2, c, 8) == 4
	 && memcmp (c, "pipe", 4) == 0);
  close (o1);
  close (o2);
  o1 = 1234, o2 = 5678;
  CHECK (c_fdout (b, 0, &o1, &o2) == 0);
  (*expect_calls)++;
  CHECK (o1 >= 0 && o2 == -1);
  close (o1);
  close (p[0]);
  close (p[1]);
  close (q[0]);
  close (q[1]);
  CHECK (c_calls (b) == *expect_calls);
}

static void
checks (idl_binding_t *b)
{
  long expect_calls = 0;
  check_blocks (b, &expect_calls);
  check_strings (b, &expect_calls);
  check_buffers (b, &expect_calls);
  check_fds (b, &expect_calls);

  int v[4] = { 1, 20, 300, 4000 };
  char s[40];
  c_onote (b, "one way", v, 3);
  (*&expect_calls)++;
  fill (s, GUARD, sizeof s);
  CHECK (c_olast (b, s) == 321 && strcmp (s, "one way") == 0);
  c_onote (b, "", v, 4);
  (*&expect_calls)++;
  CHECK (c_olast (b, s) == 4321 && s[0] == 0);
  CHECK (c_calls (b) == expect_calls);
  CHECK (idl_error (b) == IDL_OK);
}

int
main (void)
{
  ct_run ("compact-payload", &cpl, cpl_dispatch, cpl_compact_dispatch,
	  checks, reset);
  return 0;
}
