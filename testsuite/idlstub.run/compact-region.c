/* { dg-do run } */
/* Area: run
   Purpose: regions (IDL_REGION) between compact and fast mode: a
   compact client (the engine's idl_compact_call_region) against a fast
   server and a fast client against a compact server
   (idl_compact_dispatch with IDL_CT_SD_REGIONS tables), co-located
   (every message the same byte for byte as fast mode's) and across
   processes, from hand-written tables (compact-table.h; the words are
   those the plugin emits).  In, out and inout regions of 4 KiB and
   16 MiB, every byte checked on both sides; the ownership rules of
   doc/idlstub.texi ("Regions", "IDL_REGION"): a region the client side
   refuses (NULL, unsealable, sealed passed out or inout) is
   IDL_E_INVAL with nothing sent and the region as it was; one the
   server refuses (a pipe, the wrong seals for its kind, 0 bytes or
   over IDL_REGION_MAX, no descriptor, and a compact client whose
   table says another kind than the server's) is IDL_E_BADMSG, the
   implementation not run, the out region's bytes as they were, the
   server serving on; the implementation's own refusal leaves the
   region the caller's, and once an out region's call returns the
   caller can seal it.  Bulk items beside a region
   (idl_compact_call_bulk_region, IDL_CT_SD_BULK | IDL_CT_SD_REGIONS),
   a bound over its maximum refused before the region is touched.  A
   server that dies mid-call: IDL_E_PEER_DIED, the regions still the
   caller's.  Then 400 mixed calls of every path (deadlines that expire
   while the server holds the region among them) in each mixed
   pairing: the descriptor and mapping counts of both processes are the
   same after as before.  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "compact-table.h"

#define SMALL 4096u
#define LARGE (16u << 20)
#define BIG (1u << 20)

IDL_INTERFACE (creg, 0x2b31, 1);

/* SEED 0: the implementation refuses (-1) and touches nothing.
   Otherwise rin returns the region's size if its bytes are
   pattern (SEED), else -2; rout fills it with pattern (SEED); rio
   checks pattern (SEED) (-2 and untouched if not) and rewrites it as
   pattern (SEED + 1).  */
IDL_OP (creg, 1) long rin (idl_binding_t *b,
			   IDL_IN IDL_REGION idl_region_t *r, long seed);
IDL_OP (creg, 2) long rout (idl_binding_t *b, long seed,
			    IDL_OUT IDL_REGION idl_region_t *r);
IDL_OP (creg, 3) long rio (idl_binding_t *b, long seed,
			   IDL_INOUT IDL_REGION idl_region_t *r);
/* WHAT 0: how many implementations of the others ran; 1: the server's
   descriptors; 2: its mappings.  */
IDL_OP (creg, 4) long rstate (idl_binding_t *b, int what);
/* Bulk items and a region in one call (idl_compact_call_bulk_region):
   X[i] += IN[i % N] for every byte of X, then OUT[i] = X[i % size]
   ^ 0x5a for every I below M; returns N + M.  N 0: -1, nothing
   touched.  */
IDL_OP (creg, 6) long rbulk (idl_binding_t *b,
			     IDL_IN IDL_SIZE_IS (n, BIG) const unsigned char *in,
			     unsigned n, IDL_INOUT IDL_REGION idl_region_t *x,
			     IDL_OUT IDL_SIZE_IS (m, BIG) unsigned char *out,
			     unsigned m);
/* Dies in the middle of the call.  */
IDL_OP (creg, 5) int rdie (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *r,
			   IDL_OUT IDL_REGION idl_region_t *o);

IDL_SERVER (creg);

static long ncalls;

/* Byte I of the pattern of SEED: no two pages of a region alike.  */
static inline unsigned char
pattern (size_t i, long seed)
{
  return (unsigned char) ((i ^ (i >> 9) ^ (i >> 17)) * 31 + (size_t) seed);
}

static void
fill (unsigned char *p, size_t n, long seed)
{
  for (size_t i = 0; i < n; i++)
    p[i] = pattern (i, seed);
}

static int
is_pattern (const unsigned char *p, size_t n, long seed)
{
  for (size_t i = 0; i < n; i++)
    if (p[i] != pattern (i, seed))
      return 0;
  return 1;
}

long
rin_impl (idl_call_t *c, idl_region_t *r, long seed)
{
  size_t n = idl_region_size (r);
  (void) c;
  ncalls++;
  if (seed == 0)
    return -1;
  if (seed == 1000)
    usleep (30000);		/* past the caller's deadline */
  return is_pattern (idl_region_data (r), n, seed) ? (long) n : -2;
}

long
rout_impl (idl_call_t *c, long seed, idl_region_t *r)
{
  size_t n = idl_region_size (r);
  (void) c;
  ncalls++;
  if (seed == 0)
    return -1;
  fill (idl_region_data (r), n, seed);
  return (long) n;
}

long
rio_impl (idl_call_t *c, long seed, idl_region_t *r)
{
  unsigned char *p = idl_region_data (r);
  size_t n = idl_region_size (r);
  (void) c;
  ncalls++;
  if (seed == 0)
    return -1;
  if (!is_pattern (p, n, seed))
    return -2;
  fill (p, n, seed + 1);
  return (long) n;
}

long
rstate_impl (idl_call_t *c, int what)
{
  (void) c;
  return what == 0 ? ncalls : what == 1 ? idltest_count_fds ()
	 : idltest_count_maps ();
}

/* What rbulk does, on either side.  */
static void
rbulk_apply (const unsigned char *in, unsigned n, unsigned char *x,
	     size_t size, unsigned char *out, unsigned m)
{
  for (size_t i = 0; i < size; i++)
    x[i] = (unsigned char) (x[i] + in[i % n]);
  for (unsigned i = 0; i < m; i++)
    out[i] = x[i % size] ^ 0x5a;
}

long
rbulk_impl (idl_call_t *c, const unsigned char *in, unsigned n,
	    idl_region_t *x, unsigned char *out, unsigned m)
{
  (void) c;
  ncalls++;
  if (n == 0)
    return -1;
  rbulk_apply (in, n, idl_region_data (x), idl_region_size (x), out, m);
  return (long) n + m;
}

int
rdie_impl (idl_call_t *c, idl_region_t *r, idl_region_t *o)
{
  (void) c;
  ((unsigned char *) idl_region_data (o))[0] = 1;
  (void) r;
  _exit (3);
}

/* The tables (the plugin's, from its compact mode's output: a
   region's slot is a descriptor's, IDL_CT_R_FD, whose value class is
   the region's kind).  Requests: rin, word 1 the descriptor's index
   and word 2 SEED; rout and rio, word 1 SEED and word 2 the index;
   the reply, word 1 the result.  */

#define IFACE 0x2b31
#define R IDL_CT_F_RESULT
#define G IDL_CT_F_GENERAL
#define X IDL_CT_F_XREQ
#define D IDL_CT_F_DIRECT
#define CT_REGION(param, word, kind) \
  CT_SLOT (param, word, 0, IDL_CT_R_FD, kind, 0, 4)
#define CLIENT(num, param, word, kind) \
  CT_HDR (2, R | G | X, CT_MKTAG (IFACE, num, 2), 1, 1, 0, 0, 1, 1), \
  CT_REGION (param, word, kind), CT_RES (8, CT_S)
#define SERVER(num, param, word, kind) \
  CT_SHDR (2, R | G | X | D, CT_MKTAG (IFACE, num, 2), 1, 0, 0, 0, 1, \
	   IDL_CT_SD_REGIONS), \
  CT_REGION (param, word, kind)

static const uint32_t c_rin[] = { CLIENT (1, 0, 1, IDL_REGION_IN_) };
static const uint32_t c_rout[] = { CLIENT (2, 1, 2, IDL_REGION_OUT_) };
static const uint32_t c_rio[] = { CLIENT (3, 1, 2, IDL_REGION_INOUT_) };
static const uint32_t t_rin[] = { SERVER (1, 0, 1, IDL_REGION_IN_) };
static const uint32_t t_rout[] = { SERVER (2, 1, 2, IDL_REGION_OUT_) };
static const uint32_t t_rio[] = { SERVER (3, 1, 2, IDL_REGION_INOUT_) };
/* A client whose tables say another kind than the server's.  */
static const uint32_t c_rin_as_out[] = { CLIENT (1, 0, 1, IDL_REGION_OUT_) };
static const uint32_t c_rout_as_in[] = { CLIENT (2, 1, 2, IDL_REGION_IN_) };
static const uint32_t c_rio_as_in[] = { CLIENT (3, 1, 2, IDL_REGION_IN_) };
/* Two regions in word 1: the in one's index in bytes 0-3, the out
   one's in bytes 4-7.  */
static const uint32_t c_rdie[] = {
  CT_HDR (2, R | G | X, CT_MKTAG (IFACE, 5, 1), 2, 1, 0, 0, 1, 2),
  CT_REGION (0, 1, IDL_REGION_IN_),
  CT_SLOT (1, 1, 4, IDL_CT_R_FD, IDL_REGION_OUT_, 0, 4), CT_RES (4, CT_S)
};
static const uint32_t t_rdie[] = {
  CT_SHDR (2, R | G | X | D, CT_MKTAG (IFACE, 5, 1), 2, 0, 0, 0, 1,
	   IDL_CT_SD_REGIONS),
  CT_REGION (0, 1, IDL_REGION_IN_),
  CT_SLOT (1, 1, 4, IDL_CT_R_FD, IDL_REGION_OUT_, 0, 4)
};
/* Word 1: N (bytes 0-3) and the region's index (4-7); word 2: M.  The
   items are bulk ones (IDL_CT_IF_BULK: byte 2 is the bulk index).  */
#define CT_BULK_BUF(param, flags, k, max, esize, count) \
  CT_BUF0 (param, (flags) | IDL_CT_IF_BULK, k, esize), (max), (count)
#define RBULK_ITEMS \
  CT_BULK_BUF (0, 0, 0, BIG, 1, CT_VAL (1, 1, 0, 4, CT_U)), \
  CT_BULK_BUF (3, 0, 1, BIG, 1, CT_VAL (4, 2, 0, 4, CT_U))
#define RBULK_CLIENT(kind) \
  CT_HDR (5, R | G | X, CT_MKTAG (IFACE, 6, 2), 1, 1, 1, 1, 1, 1), \
  CT_SLOT (2, 1, 4, IDL_CT_R_FD, kind, 0, 4), CT_RES (8, CT_S), RBULK_ITEMS
static const uint32_t c_rbulk[] = { RBULK_CLIENT (IDL_REGION_INOUT_) };
static const uint32_t c_rbulk_as_in[] = { RBULK_CLIENT (IDL_REGION_IN_) };
static const uint32_t t_rbulk[] = {
  CT_SHDR (5, R | G | X | D, CT_MKTAG (IFACE, 6, 2), 1, 0, 1, 1, 1,
	   IDL_CT_SD_BULK | IDL_CT_SD_REGIONS),
  CT_SLOT (2, 1, 4, IDL_CT_R_FD, IDL_REGION_INOUT_, 0, 4), RBULK_ITEMS
};
/* Values only, the same table both sides.  */
static const uint32_t t_rstate[] = {
  CT_HDR (1, R, CT_MKTAG (IFACE, 4, 1), 1, 1, 0, 0, 1, 0),
  CT_VAL (0, 1, 0, 4, CT_S), CT_RES (8, CT_S)
};

/* Direct thunks (IDL_CT_F_DIRECT): the request's words in MSG, the
   accepted regions in ARGV; the reply's word in MSG.  */
static void
th_rin (idl_call_t *c, void *const *m, void *av)
{
  uint64_t *msg = (uint64_t *) m;
  void **a = av;
  msg[1] = (uint64_t) rin_impl (c, a[0], (long) msg[2]);
}

static void
th_rout (idl_call_t *c, void *const *m, void *av)
{
  uint64_t *msg = (uint64_t *) m;
  void **a = av;
  msg[1] = (uint64_t) rout_impl (c, (long) msg[1], a[1]);
}

static void
th_rio (idl_call_t *c, void *const *m, void *av)
{
  uint64_t *msg = (uint64_t *) m;
  void **a = av;
  msg[1] = (uint64_t) rio_impl (c, (long) msg[1], a[1]);
}

CT_TH (rstate) { *(long *) r = rstate_impl (c, *(int *) a[0]); }

static void
th_rbulk (idl_call_t *c, void *const *m, void *av)
{
  uint64_t *msg = (uint64_t *) m;
  void **a = av;
  msg[1] = (uint64_t) rbulk_impl (c, a[0], (uint32_t) msg[1], a[2], a[3],
				  (uint32_t) msg[2]);
}

static void
th_rdie (idl_call_t *c, void *const *m, void *av)
{
  uint64_t *msg = (uint64_t *) m;
  void **a = av;
  msg[1] = (uint32_t) rdie_impl (c, a[0], a[1]);
}

static const void *const cr_ops[] = {
  CT_OPS_DENSE (IFACE, 1, 6),
  CT_OP (1, rin), CT_OP (2, rout), CT_OP (3, rio), CT_OP (4, rstate),
  CT_OP (5, rdie), CT_OP (6, rbulk)
};

static uint64_t
cr_compact_dispatch (idl_call_t *c, uint64_t *msg)
{
  return idl_compact_dispatch (c, msg, ct_ops (cr_ops, sizeof cr_ops
						/ sizeof *cr_ops));
}

/* The compact client: what a compact stub does (plugin/compact-client.cc):
   the request's values in W1 and W2 (zero where the descriptor's index
   goes), the region in ARGV, the engine's region entry.  */
static long
c_call (idl_binding_t *b, const uint32_t *t, idl_region_t *r, int param,
	uint64_t w1, uint64_t w2)
{
  uint64_t w[2] = { w1, w2 };
  void *argv[2] = { NULL, NULL };
  argv[param] = r;
  uint64_t res = idl_compact_call_region (b, t, argv, w);
  if (idl_error (b) != IDL_OK)
    CHECK (res == 0);
  return (long) res;
}

static long
do_rin (idl_binding_t *b, idl_region_t *r, long seed)
{
  return ct_compact_client ? c_call (b, c_rin, r, 0, 0, (uint64_t) seed)
	 : rin (b, r, seed);
}

static long
do_rout (idl_binding_t *b, long seed, idl_region_t *r)
{
  return ct_compact_client ? c_call (b, c_rout, r, 1, (uint64_t) seed, 0)
	 : rout (b, seed, r);
}

static long
do_rio (idl_binding_t *b, long seed, idl_region_t *r)
{
  return ct_compact_client ? c_call (b, c_rio, r, 1, (uint64_t) seed, 0)
	 : rio (b, seed, r);
}

static long
do_rbulk (idl_binding_t *b, const uint32_t *t, const unsigned char *in,
	  unsigned n, idl_region_t *x, unsigned char *out, unsigned m)
{
  void *argv[5] = { (void *) in, NULL, x, out, NULL };
  uint64_t w[2] = { n, m };
  if (!ct_compact_client && t == c_rbulk)
    return rbulk (b, in, n, x, out, m);
  uint64_t res = idl_compact_call_bulk_region (b, t, argv, w);
  CHECK (idl_error (b) == IDL_OK || res == 0);
  return (long) res;
}

static int
do_rdie (idl_binding_t *b, idl_region_t *r, idl_region_t *o)
{
  void *argv[2] = { r, o };
  uint64_t w[1] = { 0 };
  if (!ct_compact_client)
    return rdie (b, r, o);
  uint64_t res = idl_compact_call_region (b, c_rdie, argv, w);
  CHECK (idl_error (b) == IDL_OK || res == 0);
  return (int) res;
}

static long
do_rstate (idl_binding_t *b, int what)
{
  CT_CALL (long, rstate (b, what), t_rstate, &what);
}

static idl_region_t *
new_region (size_t n)
{
  int err;
  idl_region_t *r = idl_region_new (n, &err);
  CHECK (r && err == IDL_OK);
  return r;
}

static int
seals_of (int fd)
{
  int seals = fcntl (fd, F_GET_SEALS);
  CHECK (seals >= 0);
  return seals;
}

static int
write_sealed (const idl_region_t *r)
{
  return (seals_of (idl_region_fd (r)) & F_SEAL_WRITE) != 0;
}

/* A memory file of N bytes with SEALS, not a region of ours.  */
static int
memfd_of (off_t n, int seals)
{
  int fd = memfd_create ("creg", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  CHECK (fd >= 0 && ftruncate (fd, n) == 0);
  CHECK (!seals || fcntl (fd, F_ADD_SEALS, seals) == 0);
  return fd;
}

/* A request made by hand for operation NUM, the descriptor's index at
   word IDXW (1 or 2), SEED in the other, NFDS of FD sent: the server
   must refuse it before the implementation runs.  */
static void
hostile (idl_binding_t *b, unsigned num, unsigned idxw, uint64_t idx,
	 int fd, unsigned nfds)
{
  uint64_t tag = CT_MKTAG (IFACE, num, 2);
  uint64_t w[2] = { 5, 5 };
  w[idxw - 1] = idx;
  uint64_t r = idl_call_x (b, tag, w, 0, &fd, nfds);
  CHECK (r == (IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT));
  CHECK (idl_error (b) == IDL_E_BADMSG);
}

/* Descriptors a server must refuse as regions.  */
static int h_pipe[2], h_unsealed, h_grow, h_sealed, h_empty_in, h_empty_out,
  h_huge;

static void
hostile_make (void)
{
  const int all = F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW;
  CHECK (pipe (h_pipe) == 0);
  h_unsealed = memfd_of (SMALL, 0);
  h_grow = memfd_of (SMALL, F_SEAL_SHRINK);	/* can still grow */
  h_sealed = memfd_of (SMALL, all);
  h_empty_in = memfd_of (0, all);
  h_empty_out = memfd_of (0, F_SEAL_SHRINK | F_SEAL_GROW);
  h_huge = memfd_of ((off_t) IDL_REGION_MAX + 1, all);	/* sparse */
}

/* Every refusal, on either side of B, with the implementation's
   calls counted: none of them runs it.  */
static void
refusals (idl_binding_t *b)
{
  long calls0 = do_rstate (b, 0);

  /* The client side: IDL_E_INVAL, nothing sent, the region as it
     was.  */
  CHECK (do_rin (b, NULL, 1) == 0 && idl_error (b) == IDL_E_INVAL);
  CHECK (do_rout (b, 1, NULL) == 0 && idl_error (b) == IDL_E_INVAL);
  CHECK (do_rio (b, 1, NULL) == 0 && idl_error (b) == IDL_E_INVAL);
  idl_region_t *u = new_region (SMALL);
  fill (idl_region_data (u), SMALL, 9);
  void *other = mmap (NULL, SMALL, PROT_READ | PROT_WRITE, MAP_SHARED,
		      idl_region_fd (u), 0);
  CHECK (other != MAP_FAILED);
  CHECK (do_rin (b, u, 9) == 0 && idl_error (b) == IDL_E_INVAL);
  CHECK (!write_sealed (u) && is_pattern (idl_region_data (u), SMALL, 9));
  ((unsigned char *) idl_region_data (u))[1] = 7;	/* still writable */
  munmap (other, SMALL);
  idl_region_t *s = new_region (SMALL);
  fill (idl_region_data (s), SMALL, 4);
  CHECK (idl_region_seal (s) == IDL_OK);
  CHECK (do_rout (b, 1, s) == 0 && idl_error (b) == IDL_E_INVAL);
  CHECK (do_rio (b, 4, s) == 0 && idl_error (b) == IDL_E_INVAL);
  CHECK (is_pattern (idl_region_data (s), SMALL, 4));
  CHECK (do_rstate (b, 0) == calls0);

  /* The server side: IDL_E_BADMSG, the implementation not run.  */
  hostile (b, 1, 1, 0, h_pipe[0], 1);
  hostile (b, 1, 1, 0, h_unsealed, 1);
  hostile (b, 1, 1, 0, h_grow, 1);
  hostile (b, 1, 1, 0, h_empty_in, 1);
  hostile (b, 1, 1, 0, h_huge, 1);
  hostile (b, 1, 1, IDL_FD_NONE, -1, 0);
  hostile (b, 1, 1, 1, h_sealed, 1);	/* an index past those sent */
  for (unsigned num = 2; num <= 3; num++)
    {
      hostile (b, num, 2, 0, h_pipe[1], 1);
      hostile (b, num, 2, 0, h_sealed, 1);
      hostile (b, num, 2, 0, h_unsealed, 1);
      hostile (b, num, 2, 0, h_grow, 1);
      hostile (b, num, 2, 0, h_empty_out, 1);
      hostile (b, num, 2, IDL_FD_NONE, -1, 0);
    }
  /* A compact client whose table has another kind than the server's:
     its engine prepares the region as its table says (an out one
     sealed against resizing, an in one sealed), the server refuses
     it, and the region is the caller's as prepared, its bytes as they
     were.  */
  idl_region_t *k = new_region (SMALL);
  fill (idl_region_data (k), SMALL, 6);
  CHECK (c_call (b, c_rin_as_out, k, 0, 0, 6) == 0
	 && idl_error (b) == IDL_E_BADMSG);
  CHECK (!write_sealed (k) && is_pattern (idl_region_data (k), SMALL, 6));
  CHECK (do_rio (b, 6, k) == SMALL && is_pattern (idl_region_data (k),
						  SMALL, 7));
  CHECK (c_call (b, c_rio_as_in, k, 1, 7, 0) == 0
	 && idl_error (b) == IDL_E_BADMSG);
  CHECK (write_sealed (k) && is_pattern (idl_region_data (k), SMALL, 7));
  idl_region_t *k2 = new_region (SMALL);
  fill (idl_region_data (k2), SMALL, 2);
  CHECK (c_call (b, c_rout_as_in, k2, 1, 3, 0) == 0
	 && idl_error (b) == IDL_E_BADMSG);
  CHECK (write_sealed (k2) && is_pattern (idl_region_data (k2), SMALL, 2));
  /* ...and it can still be sent in.  */
  CHECK (do_rin (b, k, 7) == SMALL);
  CHECK (do_rstate (b, 0) == calls0 + 2);

  /* The implementation's own refusal: a good reply; an in region
     stays sealed, an out or inout one writable, unchanged and then
     filled by the next call.  */
  CHECK (do_rin (b, k, 0) == -1 && idl_error (b) == IDL_OK);
  CHECK (write_sealed (k) && is_pattern (idl_region_data (k), SMALL, 7));
  idl_region_t *o = new_region (SMALL);
  fill (idl_region_data (o), SMALL, 8);
  CHECK (do_rout (b, 0, o) == -1 && idl_error (b) == IDL_OK);
  CHECK (do_rio (b, 0, o) == -1 && idl_error (b) == IDL_OK);
  CHECK (!write_sealed (o) && is_pattern (idl_region_data (o), SMALL, 8));
  fill (idl_region_data (o), SMALL, 2);
  CHECK (do_rio (b, 2, o) == SMALL && is_pattern (idl_region_data (o),
						  SMALL, 3));
  CHECK (do_rstate (b, 0) == calls0 + 6);

  /* The server lives on: every kind once more.  */
  CHECK (do_rin (b, k, 7) == SMALL);
  CHECK (do_rout (b, 5, o) == SMALL && is_pattern (idl_region_data (o),
						   SMALL, 5));
  CHECK (fcntl (idl_region_fd (o), F_GETFD) >= 0
	 && fcntl (idl_region_fd (k), F_GETFD) >= 0);
  idl_region_free (u);
  idl_region_free (s);
  idl_region_free (k);
  idl_region_free (k2);
  idl_region_free (o);
}

/* Bulk items beside an inout region: every byte of the region and of
   the out buffer checked; a compact client whose table has the region
   in is refused by the server (IDL_E_BADMSG) with the region sealed as
   its table said and its bytes as they were.  */
static void
bulk_and_region (idl_binding_t *b)
{
  static unsigned char in[BIG], out[BIG], want_x[4 * SMALL + 3],
    want_out[BIG];
  const size_t xn = sizeof want_x;
  const unsigned n = BIG - 3, m = BIG;
  idl_region_t *x = new_region (xn);
  long calls0 = do_rstate (b, 0);

  for (unsigned i = 0; i < BIG; i++)
    in[i] = pattern (i, 77);
  fill (idl_region_data (x), xn, 78);
  fill (want_x, xn, 78);
  memset (out, 0, m);
  rbulk_apply (in, n, want_x, xn, want_out, m);
  CHECK (do_rbulk (b, c_rbulk, in, n, x, out, m) == (long) n + m);
  CHECK (idl_error (b) == IDL_OK && !write_sealed (x));
  CHECK (memcmp (idl_region_data (x), want_x, xn) == 0);
  CHECK (memcmp (out, want_out, m) == 0);
  /* The implementation's refusal: nothing touched.  */
  CHECK (do_rbulk (b, c_rbulk, in, 0, x, out, 5) == -1);
  CHECK (memcmp (idl_region_data (x), want_x, xn) == 0);
  /* Over a bound: refused by the client before the region is
     prepared (no seal added).  */
  idl_region_t *y = new_region (SMALL);
  int seals = seals_of (idl_region_fd (y));
  CHECK (do_rbulk (b, c_rbulk, in, BIG + 1, y, out, 5) == 0
	 && idl_error (b) == IDL_E_BOUNDS);
  CHECK (do_rbulk (b, c_rbulk, in, 5, y, out, BIG + 1) == 0
	 && idl_error (b) == IDL_E_BOUNDS);
  CHECK (seals_of (idl_region_fd (y)) == seals);
  idl_region_free (y);
  CHECK (do_rbulk (b, c_rbulk_as_in, in, n, x, out, m) == 0
	 && idl_error (b) == IDL_E_BADMSG);
  CHECK (write_sealed (x) && memcmp (idl_region_data (x), want_x, xn) == 0);
  CHECK (do_rstate (b, 0) == calls0 + 2);
  idl_region_free (x);
}

static void
checks (idl_binding_t *b)
{
  static const size_t sizes[] = { SMALL, LARGE };
  for (unsigned k = 0; k < 2; k++)
    {
      size_t n = sizes[k];
      long seed = 3 + (long) k;

      /* In: the server sees every byte; the region is sealed by the
	 call, the caller's bytes as they were; a second call (the
	 server's cached mapping) sees them too.  */
      idl_region_t *r = new_region (n);
      fill (idl_region_data (r), n, seed);
      CHECK (do_rin (b, r, seed) == (long) n && idl_error (b) == IDL_OK);
      CHECK (write_sealed (r) && is_pattern (idl_region_data (r), n, seed));
      CHECK (do_rin (b, r, seed) == (long) n && idl_error (b) == IDL_OK);
      idl_region_free (r);

      /* Out: every byte the server's; once the call has returned the
	 server holds no writable mapping, so the caller seals it at
	 once and sends it in.  */
      idl_region_t *o = new_region (n);
      memset (idl_region_data (o), 0xa5, n);
      CHECK (do_rout (b, seed, o) == (long) n && idl_error (b) == IDL_OK);
      CHECK (!write_sealed (o) && is_pattern (idl_region_data (o), n, seed));
      CHECK (idl_region_seal (o) == IDL_OK);
      CHECK (do_rin (b, o, seed) == (long) n);
      idl_region_free (o);

      /* Inout: the server checks every byte it got, the caller every
	 byte it got back; twice, the second on the first's answer.  */
      idl_region_t *x = new_region (n);
      fill (idl_region_data (x), n, seed + 10);
      CHECK (do_rio (b, seed + 10, x) == (long) n && idl_error (b) == IDL_OK);
      CHECK (!write_sealed (x) && is_pattern (idl_region_data (x), n,
					       seed + 11));
      CHECK (do_rio (b, seed + 11, x) == (long) n);
      CHECK (is_pattern (idl_region_data (x), n, seed + 12));
      /* Bytes that are not what it was told: its -2, untouched.  */
      CHECK (do_rio (b, seed, x) == -2);
      CHECK (is_pattern (idl_region_data (x), n, seed + 12));
      idl_region_free (x);
    }
  bulk_and_region (b);
  refusals (b);
}

static void
reset (void)
{
  ncalls = 0;
}

/* Call I of the loop on B, with the regions of KIT: its path is I's
   to say.  Returns whether the implementation ran.  */
struct kit
{
  idl_region_t *in, *out, *io, *u, *s;
  void *u_map;
};

static int
one_call (idl_binding_t *b, struct kit *k, int i, long *timeouts)
{
  long seed = 1 + i % 200;
  if (i % 100 == 99)
    {
      /* The deadline expires while the server holds the region (or
	 before the request is sent).  */
      idl_region_t *r = new_region (SMALL);
      fill (idl_region_data (r), SMALL, 1000);
      idl_set_next_timeout (b, 3000);
      long got = do_rin (b, r, 1000);
      CHECK (got == SMALL || idl_error (b) == IDL_E_TIMEOUT);
      *timeouts += idl_error (b) == IDL_E_TIMEOUT;
      CHECK (write_sealed (r) && is_pattern (idl_region_data (r), SMALL,
					     1000));
      idl_region_free (r);
      return 1;
    }
  switch (i % 10)
    {
    case 0:
      CHECK (do_rin (b, k->in, 11) == SMALL);
      return 1;
    case 1:
      CHECK (do_rout (b, seed, k->out) == SMALL);
      CHECK (is_pattern (idl_region_data (k->out), SMALL, seed));
      return 1;
    case 2:
      fill (idl_region_data (k->io), SMALL, seed);
      CHECK (do_rio (b, seed, k->io) == SMALL);
      CHECK (is_pattern (idl_region_data (k->io), SMALL, seed + 1));
      return 1;
    case 3:
      CHECK (do_rin (b, k->in, 0) == -1 && idl_error (b) == IDL_OK);
      return 1;
    case 4:
      CHECK (do_rout (b, 0, k->out) == -1 && idl_error (b) == IDL_OK);
      return 1;
    case 5:
      CHECK (do_rin (b, k->u, 1) == 0 && idl_error (b) == IDL_E_INVAL);
      CHECK (do_rout (b, 1, k->s) == 0 && idl_error (b) == IDL_E_INVAL);
      return 0;
    case 6:
      hostile (b, 1, 1, 0, h_unsealed, 1);
      hostile (b, 3, 2, 0, h_sealed, 1);
      return 0;
    case 7:
      CHECK (c_call (b, c_rin_as_out, k->io, 0, 0, 1) == 0
	     && idl_error (b) == IDL_E_BADMSG);
      return 0;
    case 8:
      hostile (b, 2, 2, 0, h_empty_out, 1);
      hostile (b, 1, 1, 0, h_huge, 1);
      return 0;
    default:
      {
	/* A new in region each time: the server's cache (at most 8
	   mappings) evicts.  */
	idl_region_t *r = new_region (SMALL);
	fill (idl_region_data (r), SMALL, seed);
	CHECK (do_rin (b, r, seed) == SMALL);
	idl_region_free (r);
	return 1;
      }
    }
}

/* NCALLS calls of every path, CLIENT_COMPACT's client against a server
   forked with DISPATCH: nothing accumulates on either side.  */
static void
leak_loop (int client_compact, idl_dispatch_fn dispatch, int ncalls)
{
  const char *name = idltest_name ("compact-region-leaks");
  pid_t srv = idltest_fork_server (name, &creg, dispatch);
  idl_binding_t *b = idltest_connect (name, &creg);
  struct kit k;
  long ran = 0, timeouts = 0;

  ct_compact_client = client_compact;
  k.in = new_region (SMALL);
  fill (idl_region_data (k.in), SMALL, 11);
  k.out = new_region (SMALL);
  k.io = new_region (SMALL);
  k.u = new_region (SMALL);
  k.u_map = mmap (NULL, SMALL, PROT_READ | PROT_WRITE, MAP_SHARED,
		  idl_region_fd (k.u), 0);
  CHECK (k.u_map != MAP_FAILED);
  k.s = new_region (SMALL);
  CHECK (idl_region_seal (k.s) == IDL_OK);

  /* Every path, and the server's region cache full, before the counts
     are taken.  */
  for (int i = 0; i < 100; i++)
    one_call (b, &k, i, &timeouts);
  long f0 = do_rstate (b, 1), m0 = do_rstate (b, 2), n0 = do_rstate (b, 0);
  long cf = idltest_count_fds (), cm = idltest_count_maps ();

  timeouts = 0;
  for (int i = 0; i < ncalls; i++)
    ran += one_call (b, &k, i, &timeouts);
  /* The last timed-out call's implementation done, its region
     released, before the counts.  */
  usleep (50000);

  long f1 = do_rstate (b, 1), m1 = do_rstate (b, 2), n1 = do_rstate (b, 0);
  long cf1 = idltest_count_fds (), cm1 = idltest_count_maps ();
  printf ("%s client, %s server, %d calls: %ld ran, %ld timed out; "
	  "server fds %ld -> %ld,"
	  " maps %ld -> %ld; client fds %ld -> %ld, maps %ld -> %ld\n",
	  client_compact ? "compact" : "fast",
	  dispatch == creg_dispatch ? "fast" : "compact", ncalls, n1 - n0,
	  timeouts, f0, f1, m0, m1, cf, cf1, cm, cm1);
  /* (A call whose deadline expired may not have been sent at all.)  */
  CHECK (n1 - n0 <= ran && n1 - n0 >= ran - timeouts);
  CHECK (f1 == f0 && m1 == m0);
  CHECK (cf1 == cf && cm1 == cm);
  CHECK (!write_sealed (k.u) && !write_sealed (k.out));

  idl_close (b);
  idltest_stop_server (srv);
  munmap (k.u_map, SMALL);
  idl_region_free (k.in);
  idl_region_free (k.out);
  idl_region_free (k.io);
  idl_region_free (k.u);
  idl_region_free (k.s);
}

/* A server that dies mid-call, CLIENT_COMPACT's client against one
   forked with DISPATCH: IDL_E_PEER_DIED, and the regions are still the
   caller's (the in one sealed, the out one writable).  */
static void
peer_dies (int client_compact, idl_dispatch_fn dispatch)
{
  long cf = idltest_count_fds (), cm = idltest_count_maps ();
  const char *name = idltest_name ("compact-region-die");
  pid_t srv = idltest_fork_server (name, &creg, dispatch);
  idl_binding_t *b = idltest_connect (name, &creg);
  idl_region_t *r = new_region (SMALL), *o = new_region (SMALL);

  ct_compact_client = client_compact;
  fill (idl_region_data (r), SMALL, 5);
  CHECK (do_rin (b, r, 5) == SMALL);
  CHECK (do_rdie (b, r, o) == 0 && idl_error (b) == IDL_E_PEER_DIED);
  CHECK (write_sealed (r) && is_pattern (idl_region_data (r), SMALL, 5));
  CHECK (!write_sealed (o) && fcntl (idl_region_fd (o), F_GETFD) >= 0);
  ((unsigned char *) idl_region_data (o))[7] = 9;
  idl_close (b);
  idltest_stop_server (srv);
  idl_region_free (r);
  idl_region_free (o);
  CHECK (idltest_count_fds () == cf && idltest_count_maps () == cm);
}

/* Co-located on a server with workers, the mixed pairings: direct
   calls where the client's stubs make them (the implementation gets
   the caller's own region), the message path where they do not.  */
static void
colocated_workers (void)
{
  for (int pairing = 1; pairing <= 2; pairing++)
    {
      const char *name = idltest_name ("compact-region-w");
      int err;
      idl_server_t *srv
	= idl_server_create (name, &creg, pairing == 1 ? creg_dispatch
			     : cr_compact_dispatch, &err);
      CHECK (srv);
      CHECK (idl_server_set_workers (srv, 2) == 0);
      ct_compact_client = pairing == 1;
      reset ();
      idl_binding_t *b = idltest_connect (name, &creg);
      checks (b);
      idl_close (b);
      idl_server_stop (srv);
      idl_server_destroy (srv);
    }
}

int
main (void)
{
  hostile_make ();
  ct_run ("compact-region", &creg, creg_dispatch, cr_compact_dispatch,
	  checks, reset);
  colocated_workers ();
  leak_loop (1, creg_dispatch, 400);
  leak_loop (0, cr_compact_dispatch, 400);
  peer_dies (1, creg_dispatch);
  peer_dies (0, cr_compact_dispatch);
  return 0;
}
