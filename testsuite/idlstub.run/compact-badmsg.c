/* { dg-do run } */
/* Area: run
   Purpose: compact mode's dispatcher (idl_compact_dispatch, from
   hand-written tables) rejects every malformed request exactly as fast
   mode's does.  A client bypasses its stubs and posts raw requests
   through the stub ABI to a fast server and to a compact one: first
   well-formed ones (they must succeed, proving the layouts below are
   the real ones), then unknown operation numbers, wrong word counts,
   interfaces and flags, a string over its bound, without its NUL, or
   with a length near 2^32, counts over their bounds (in, inout and out
   buffers, negative ones too), an implied count (a last buffer's,
   not sent) over its bound or not a whole number of elements, an inout
   length over its count, items
   past the payload received (variable and fixed), and descriptor
   indices with no descriptor behind them.  Each gets IDL_E_BADMSG from
   both servers, the implementation never runs, and the connection goes
   on serving.  */

#include <stdbool.h>
#include "compact-table.h"

IDL_INTERFACE (cbm, 0x5c03, 1);

struct big_s { long v[16]; bool z; };

/* Layouts (the plugin's dump).  put: word 1 = length of s (bytes 0-3)
   and descriptor index of fd (4-7); payload = s and its NUL at 0, then
   n ints at the next multiple of 4, ending it (n is implied: not sent;
   its slot is in word 2, past the messages').  big: payload = *p at 0.
   io: word 1 = cap (0-3), *len (4-7); payload = *len ints.  out: word
   1 = n (0-1).  */
IDL_OP (cbm, 1) int put (idl_binding_t *b,
			 IDL_IN IDL_STRING (8) const char *s,
			 IDL_IN IDL_SIZE_IS (n, 16) const int *v, unsigned n,
			 IDL_FD int fd);
IDL_OP (cbm, 2) int calls (idl_binding_t *b);
IDL_OP (cbm, 3) long big (idl_binding_t *b, IDL_IN const struct big_s *p);
IDL_OP (cbm, 4) int io (idl_binding_t *b,
			IDL_INOUT IDL_SIZE_IS (cap, 8) IDL_LENGTH_IS (len)
			  int *p,
			int cap, IDL_INOUT int *len);
IDL_OP (cbm, 5) int out (idl_binding_t *b, IDL_OUT IDL_SIZE_IS (n, 8) int *p,
			 short n);

IDL_SERVER (cbm);

static int ncalls;

int
put_impl (idl_call_t *c, const char *s, const int *v, unsigned n, int fd)
{
  int sum = (int) strlen (s) * 1000 + (fd >= 0 ? 100000 : 0);
  for (unsigned i = 0; i < n; i++)
    sum += v[i];
  ncalls++;
  return sum;
}

int calls_impl (idl_call_t *c) { return ncalls; }

long
big_impl (idl_call_t *c, const struct big_s *p)
{
  ncalls++;
  return p->v[0] + p->v[15] + p->z;
}

int
io_impl (idl_call_t *c, int *p, int cap, int *len)
{
  ncalls++;
  int s = 0;
  for (int i = 0; i < *len; i++)
    s += p[i];
  return s;
}

int
out_impl (idl_call_t *c, int *p, short n)
{
  ncalls++;
  for (int i = 0; i < n; i++)
    p[i] = i;
  return n;
}

#define IFACE 0x5c03
#define R IDL_CT_F_RESULT
#define G IDL_CT_F_GENERAL
#define X IDL_CT_F_XREQ
#define HDR(np, flags, num, rqw, nrq, nrp, niq, nip, rpw, nrqe) \
  CT_HDR (np, flags, CT_MKTAG (IFACE, num, rqw), nrq, nrp, niq, nip, rpw, \
	  nrqe)

static const uint32_t t_put[] = {
  HDR (4, R | G | X, 1, 1, 2, 1, 2, 0, 1, 2),
  CT_LEN (0, 1, 0), CT_FDX (3, 1, 4),
  CT_RES (4, CT_S),
  CT_STR (0, 0, 8),
  CT_BUF (1, CT_IMPLIED, 2, 16, 4, CT_VAL (2, 2, 0, 4, CT_U))
};

static const uint32_t t_calls[] = {
  HDR (0, R, 2, 0, 0, 1, 0, 0, 1, 0), CT_RES (4, CT_S)
};

static const uint32_t t_big[] = {
  HDR (1, R | G | X, 3, 0, 0, 1, 1, 0, 1, 0),
  CT_RES (8, CT_S),
  CT_FIXED (0, CT_BOOLS, 3, 136), 8,
  /* 8 */ 1, 128
};

static const uint32_t t_io[] = {
  HDR (3, R | G | X, 4, 1, 2, 2, 1, 1, 1, 0),
  CT_VAL (1, 1, 0, 4, CT_S), CT_VAL (2, 1, 4, 4, CT_S),
  CT_RES (4, CT_S), CT_IOVAL (2, 1, 4, 4, CT_S),
  CT_BUF_LEN (0, CT_INOUT, 2, 8, 4, CT_VAL (1, 1, 0, 4, CT_S),
	      CT_VAL (2, 1, 4, 4, CT_S)),
  CT_BUF_LEN (0, CT_INOUT, 2, 8, 4, CT_VAL (1, 1, 0, 4, CT_S),
	      CT_IOVAL (2, 1, 4, 4, CT_S))
};

static const uint32_t t_out[] = {
  HDR (2, R | G, 5, 1, 1, 1, 0, 1, 1, 0),
  CT_VAL (1, 1, 0, 2, CT_S),
  CT_RES (4, CT_S),
  CT_BUF (0, 0, 2, 8, 4, CT_VAL (1, 1, 0, 2, CT_S))
};

CT_TH (put)
{
  *(int *) r = put_impl (c, a[0], a[1], *(unsigned *) a[2], *(int *) a[3]);
}
CT_TH (calls) { (void) a; *(int *) r = calls_impl (c); }
CT_TH (big) { *(long *) r = big_impl (c, a[0]); }
CT_TH (io) { *(int *) r = io_impl (c, a[0], *(int *) a[1], a[2]); }
CT_TH (out) { *(int *) r = out_impl (c, a[0], *(short *) a[1]); }

static const void *const cbm_ops[] = {
  CT_OPS_DENSE (IFACE, 1, 5),
  CT_OP (1, put), CT_OP (2, calls), CT_OP (3, big), CT_OP (4, io),
  CT_OP (5, out)
};

static uint64_t
cbm_compact_dispatch (idl_call_t *c, uint64_t *msg)
{
  return idl_compact_dispatch (c, msg, ct_ops (cbm_ops, sizeof cbm_ops
						 / sizeof *cbm_ops));
}

/* Post a raw request: TAG, WORDS, a payload of LEN bytes (PAY), the
   descriptors FDS[0..NFDS-1].  Returns the reply tag.  */
static uint64_t
raw (idl_binding_t *b, uint64_t tag, const uint64_t *words,
     const void *pay, uint64_t len, const int *fds, unsigned nfds)
{
  unsigned char *p = idl_request_payload (b);
  CHECK (p != NULL);
  if (len)
    memcpy (p, pay, len < 65536 ? len : 65536);
  return idl_call_x (b, tag, words, len, fds, nfds);
}

static uint64_t
word1 (idl_binding_t *b)
{
  return ((uint64_t **) b)[0][1];
}

/* A put request: string length SLEN of the chars S (SBYTES of them, NUL
   included, copied as given), NV ints 1..NV, descriptor index FDIDX
   with NFDS descriptors, payload length PLEN (-1: as built).  */
static uint64_t
raw_put (idl_binding_t *b, uint64_t tag, uint32_t slen, const char *s,
	 unsigned sbytes, unsigned nv, uint32_t fdidx, unsigned nfds, int fd,
	 uint64_t plen)
{
  unsigned char pay[128];
  memset (pay, 0, sizeof pay);
  memcpy (pay, s, sbytes);
  unsigned off = (sbytes + 3) & ~3u;
  for (unsigned i = 0; i < nv; i++)
    {
      int x = (int) i + 1;
      memcpy (pay + off + 4 * i, &x, 4);
    }
  if (plen == (uint64_t) -1)
    plen = off + 4 * nv;
  uint64_t w[2] = { slen | (uint64_t) fdidx << 32, 0 };
  int fds[1] = { fd };
  return raw (b, tag, w, pay, plen, fds, nfds);
}

#define PUT CT_MKTAG (IFACE, 1, 1)
#define BAD (IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT)

static void
rejected (idl_binding_t *b, uint64_t rtag)
{
  CHECK (rtag == BAD);
  CHECK (idl_error (b) == IDL_E_BADMSG);
}

static void
checks (idl_binding_t *b)
{
  int p[2];
  CHECK (pipe (p) == 0);
  int good = 0;

  /* Well-formed: they succeed, so the layouts above are right.  */
  CHECK (raw_put (b, PUT, 5, "hello", 6, 3, 0, 1, p[0], -1)
	 == CT_MKTAG (IFACE, 1, 1));
  CHECK ((int) word1 (b) == 100000 + 5000 + 6);
  good++;
  CHECK (raw_put (b, PUT, 1, "x", 2, 16, IDL_FD_NONE, 0, -1, -1)
	 == CT_MKTAG (IFACE, 1, 1));
  CHECK ((int) word1 (b) == 1000 + 16 * 17 / 2);
  good++;
  static struct big_s bs;
  bs.v[0] = 5;
  bs.v[15] = 7;
  memset (&bs.z, 4, 1);
  CHECK (raw (b, CT_MKTAG (IFACE, 3, 0), NULL, &bs, sizeof bs, NULL, 0)
	 == CT_MKTAG (IFACE, 3, 1));
  CHECK (word1 (b) == 13);
  good++;
  int iv[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  uint64_t w = 8 | (uint64_t) 3 << 32;
  CHECK (raw (b, CT_MKTAG (IFACE, 4, 1), &w, iv, 12, NULL, 0)
	 == CT_MKTAG (IFACE, 4, 1));
  CHECK ((int) word1 (b) == 6);
  good++;
  w = 8;
  CHECK (raw (b, CT_MKTAG (IFACE, 5, 1), &w, NULL, 0, NULL, 0)
	 == CT_MKTAG (IFACE, 5, 1));
  good++;

  /* Unknown operations, wrong counts, interface, flags.  */
  for (unsigned num = 0; num < 70000; num += num < 10 ? 1 : 9999)
    if (num < 1 || num > 5)
      rejected (b, raw (b, CT_MKTAG (IFACE, num & 0xffff, 0), NULL, NULL, 0,
			NULL, 0));
  rejected (b, raw (b, CT_MKTAG (IFACE, 2, 1), &w, NULL, 0, NULL, 0));
  rejected (b, raw (b, CT_MKTAG (IFACE, 5, 0), NULL, NULL, 0, NULL, 0));
  uint64_t two[2] = { 8, 8 };
  rejected (b, raw (b, CT_MKTAG (IFACE, 5, 2), two, NULL, 0, NULL, 0));
  rejected (b, raw_put (b, PUT + 1, 1, "x", 2, 0, IDL_FD_NONE, 0, -1, -1));

  /* Strings: over the bound of 8, NUL misplaced, a length near 2^32.  */
  rejected (b, raw_put (b, PUT, 9, "ninechars", 10, 0, IDL_FD_NONE, 0, -1,
			-1));
  rejected (b, raw_put (b, PUT, 3, "hello", 6, 0, IDL_FD_NONE, 0, -1, -1));
  rejected (b, raw_put (b, PUT, 0xffffffffu, "x", 2, 0, IDL_FD_NONE, 0, -1,
			-1));
  /* Counts: an implied one over the bound of 16, or not a whole number
     of ints, or with no room at all; an inout length over its count or
     negative; an inout count over its bound; an out count over its
     bound, or negative.  */
  rejected (b, raw_put (b, PUT, 1, "x", 2, 17, IDL_FD_NONE, 0, -1, -1));
  rejected (b, raw_put (b, PUT, 5, "hello", 6, 3, IDL_FD_NONE, 0, -1, 19));
  rejected (b, raw_put (b, PUT, 5, "hello", 6, 0, IDL_FD_NONE, 0, -1, 7));
  w = 2 | (uint64_t) 3 << 32;
  rejected (b, raw (b, CT_MKTAG (IFACE, 4, 1), &w, iv, 12, NULL, 0));
  w = 2 | (uint64_t) 0xffffffffu << 32;
  rejected (b, raw (b, CT_MKTAG (IFACE, 4, 1), &w, iv, 12, NULL, 0));
  w = 9 | (uint64_t) 1 << 32;
  rejected (b, raw (b, CT_MKTAG (IFACE, 4, 1), &w, iv, 4, NULL, 0));
  w = 9;
  rejected (b, raw (b, CT_MKTAG (IFACE, 5, 1), &w, NULL, 0, NULL, 0));
  w = 0xffff;
  rejected (b, raw (b, CT_MKTAG (IFACE, 5, 1), &w, NULL, 0, NULL, 0));
  /* Items past the payload sent: variable ones, a fixed one.  */
  rejected (b, raw_put (b, PUT, 5, "hello", 6, 3, IDL_FD_NONE, 0, -1, 3));
  rejected (b, raw_put (b, PUT, 5, "hello", 6, 0, IDL_FD_NONE, 0, -1, 0));
  rejected (b, raw_put (b, PUT, 0, "", 1, 0, IDL_FD_NONE, 0, -1, 0));
  w = 8 | (uint64_t) 3 << 32;
  rejected (b, raw (b, CT_MKTAG (IFACE, 4, 1), &w, iv, 11, NULL, 0));
  rejected (b, raw (b, CT_MKTAG (IFACE, 3, 0), NULL, &bs, sizeof bs - 1,
		    NULL, 0));
  rejected (b, raw (b, CT_MKTAG (IFACE, 3, 0), NULL, &bs, 0, NULL, 0));
  /* Descriptor indices with no descriptor behind them.  */
  rejected (b, raw_put (b, PUT, 1, "x", 2, 0, 0, 0, -1, -1));
  rejected (b, raw_put (b, PUT, 1, "x", 2, 0, 1, 1, p[0], -1));
  rejected (b, raw_put (b, PUT, 1, "x", 2, 0, 0xfffffffeu, 1, p[0], -1));

  /* None reached an implementation; the connection serves on.  */
  CHECK (raw (b, CT_MKTAG (IFACE, 2, 0), NULL, NULL, 0, NULL, 0)
	 == CT_MKTAG (IFACE, 2, 1));
  CHECK ((int) word1 (b) == good);
  CHECK (raw_put (b, PUT, 0, "", 1, 0, IDL_FD_NONE, 0, -1, -1)
	 == CT_MKTAG (IFACE, 1, 1));
  CHECK (word1 (b) == 0 && idl_error (b) == IDL_OK);
  close (p[0]);
  close (p[1]);
}

static void
reset (void)
{
  ncalls = 0;
}

int
main (void)
{
  /* The compact client is not used here: every request is raw.  */
  ct_run ("compact-badmsg", &cbm, cbm_dispatch, cbm_compact_dispatch,
	  checks, reset);
  return 0;
}
