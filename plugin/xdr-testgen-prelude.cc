/* xdr-testgen-prelude.cc -- the fixed parts of the XDR test program.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   xdr-testgen.cc writes these around its per-operation code: the
   values' generator (both sides), the checks and helpers the generated
   implementations and clients use (idlstub's side), and the relay,
   the hostile inputs and main (after the tables of operations).  Every
   identifier starts with xdrt_ (XDRT_ for macros).  C, kept in raw
   strings so that the plugin carries it.  */

#include "gcc-compat.h"

extern const char idl_xdr_testgen_prelude[] = R"XDRT(
#ifndef XDRT_ITERATIONS
# define XDRT_ITERATIONS 50
#endif
/* Seeds each operation's hostile inputs are made from.  */
#ifndef XDRT_HOSTILE_SEEDS
# define XDRT_HOSTILE_SEEDS 3
#endif

/* Values, on both sides: splitmix64, a quarter of the draws an edge
   value (zero, all ones, the sign bits, all but them).  */
typedef struct { uint64_t s; } xdrt_rng_t;

static __attribute__ ((__unused__)) uint64_t
xdrt_mix (xdrt_rng_t *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static __attribute__ ((__unused__)) uint64_t
xdrt_next (xdrt_rng_t *r)
{
  static const uint64_t edge[] = {
    0, ~0ULL, 0x8080808080808080ULL, 0x7f7f7f7f7f7f7f7fULL,
    0x8000000000000000ULL, 0x7fffffffffffffffULL, 1, 0x0000000080008080ULL
  };
  uint64_t v = xdrt_mix (r);
  return (v & 3) == 0 ? edge[(v >> 2) & 7] : xdrt_mix (r);
}

static __attribute__ ((__unused__)) void
xdrt_seed (xdrt_rng_t *r, uint64_t seed, unsigned phase)
{
  r->s = seed;
  r->s = xdrt_mix (r) ^ phase;
}

static __attribute__ ((__unused__)) uint64_t
xdrt_min (uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

/* The network run (xdr-testgen-net.cc): each operation is called
   XDRT_NET_ITERATIONS times over TCP, then as many over UDP (the
   iterations from XDRT_NET_ITERATIONS on), where a variable item holds
   at most XDRT_UDP_CAP elements: rpcgen's UDP peers (libtirpc's
   svcudp_create, clnt_create) take datagrams of 8800 bytes at most
   (UDPMSGSIZE).  Both sides of a call draw from its seed with the same
   cap.  */
#ifndef XDRT_NET_ITERATIONS
# define XDRT_NET_ITERATIONS 20
#endif
#ifndef XDRT_UDP_CAP
# define XDRT_UDP_CAP 16
#endif
static uint64_t xdrt_cap = UINT64_MAX;

static __attribute__ ((__unused__)) void
xdrt_net_iter (unsigned iter)
{
  xdrt_cap = iter >= XDRT_NET_ITERATIONS ? XDRT_UDP_CAP : UINT64_MAX;
}

/* The seed of call ITER of operation NUMBER of interface ID.  */
static __attribute__ ((__unused__)) uint64_t
xdrt_call_seed (uint64_t id, unsigned number, unsigned iter)
{
  xdrt_rng_t r;
  xdrt_seed (&r, (id << 32) ^ number, iter);
  return xdrt_mix (&r);
}

/* A server of the network run: how often each operation was called
   (which call a request is, and so its seed).  */
static __attribute__ ((__unused__)) unsigned xdrt_served[XDRT_NPLANS];

/* A count or length in 0..BOUND, often one of the ends.  */
static __attribute__ ((__unused__)) uint64_t
xdrt_count (xdrt_rng_t *r, uint64_t bound)
{
  if (bound > xdrt_cap)
    bound = xdrt_cap;
  switch (xdrt_mix (r) & 7)
    {
    case 0:
      return 0;
    case 1:
      return bound;
    default:
      return bound == UINT64_MAX ? xdrt_mix (r) : xdrt_mix (r) % (bound + 1);
    }
}

/* A string's char: any but NUL (rpcgen's encoder stops at one).  */
static __attribute__ ((__unused__)) char
xdrt_char (xdrt_rng_t *r)
{
  return (char) (1 + xdrt_mix (r) % 255);
}
)XDRT";

extern const char idl_xdr_testgen_main[] = R"XDRT(
#include <unistd.h>
#include <arpa/inet.h>

/* The call under way: which operation, drawn from which seed; whether
   its values are hostile (the implementations then check nothing).  */
static unsigned xdrt_cur_op;
static uint64_t xdrt_cur_seed;
static int xdrt_lenient;
/* Failures of the current call, messages printed for it; of all.  */
static unsigned xdrt_call_failures;
static unsigned long xdrt_total_failures;
static const char *xdrt_cur_name = "";

static void __attribute__ ((__format__ (__printf__, 1, 2)))
xdrt_fail (const char *fmt, ...)
{
  va_list ap;
  xdrt_total_failures++;
  if (xdrt_call_failures++ < 8)
    {
      printf ("FAIL: %s (seed 0x%llx): ", xdrt_cur_name,
	      (unsigned long long) xdrt_cur_seed);
      va_start (ap, fmt);
      vprintf (fmt, ap);
      va_end (ap);
      putchar ('\n');
    }
}

#define xdrt_expect(cond, what) \
  ((cond) ? (void) 0 : xdrt_fail ("%s: %s differs", __func__, (what)))

static void *
xdrt_alloc (size_t n)
{
  void *p = calloc (1, n);
  if (!p)
    {
      perror ("xdrt");
      exit (2);
    }
  return p;
}

/* A server of the network run (xdr-testgen-net.cc), rather than the
   relay's dispatcher.  */
static int xdrt_net_server_mode;

/* Implementation K (operation NUMBER of interface ID) begins: in the
   relay, it must be the operation called; in a network server, which
   call it is says what its values are.  */
static void
xdrt_impl_begin (unsigned k, uint64_t id, unsigned number, const char *name)
{
  if (xdrt_net_server_mode)
    {
      unsigned iter = xdrt_served[k]++;
      xdrt_net_iter (iter);
      xdrt_cur_op = k;
      xdrt_cur_name = name;
      xdrt_cur_seed = xdrt_call_seed (id, number, iter);
      xdrt_call_failures = 0;
      return;
    }
  if (k != xdrt_cur_op && !xdrt_lenient)
    xdrt_fail ("the dispatcher ran operation %u's implementation", k);
}

static void __attribute__ ((__unused__))
xdrt_never (const char *name)
{
  xdrt_fail ("%s_impl ran: it is not expressible in XDR", name);
}

/* A string argument as received, at most SIZE bytes with its NUL.  */
static void __attribute__ ((__unused__))
xdrt_copy_string (char *to, const char *from, size_t size)
{
  size_t n = from ? strnlen (from, size) : 0;
  if (n == size)
    {
      if (!xdrt_lenient)
	xdrt_fail ("a string argument is not terminated within its bound");
      n = size - 1;
    }
  memcpy (to, from, n);
  to[n] = 0;
}

/* N elements of ESIZE bytes of a buffer argument, into SIZE bytes.  */
static void __attribute__ ((__unused__))
xdrt_copy_buffer (void *to, const void *from, size_t n, size_t esize,
		  size_t size)
{
  if (n > size / esize)
    {
      if (!xdrt_lenient)
	xdrt_fail ("a buffer argument holds %zu elements, more than its "
		   "bound", n);
      n = size / esize;
    }
  if (n)
    memcpy (to, from, n * esize);
}

static int
xdrt_expect_ok (idl_binding_t *b)
{
  if (idl_error (b) == IDL_OK)
    return 1;
  xdrt_fail ("the call failed: %s", idl_strerror (idl_error (b)));
  return 0;
}

struct xdrt_iface
{
  const char *name;
  const idl_interface_t *iface;
  idl_dispatch_fn dispatch;
};

struct xdrt_op
{
  const char *name;
  unsigned iface, number;
  void (*call) (idl_binding_t *, uint64_t);
  int (*rpc_args) (uint64_t, XDR *);
  int (*rpc_res) (uint64_t, XDR *);
};
)XDRT";

extern const char idl_xdr_testgen_tail[] = R"XDRT(
#define XDRT_NOPS (sizeof xdrt_ops / sizeof xdrt_ops[0])
#define XDRT_NIFACES (sizeof xdrt_ifaces / sizeof xdrt_ifaces[0])
#define XDRT_BUF (1 << 18)

static unsigned char xdrt_b1[XDRT_BUF], xdrt_b2[XDRT_BUF], xdrt_b3[XDRT_BUF];
/* A server's private message, as the ONC transport will give the
   dispatcher one.  */
static uint64_t xdrt_msg2[IDL_MSG_BYTES / 8] __attribute__ ((__aligned__ (64)));
static unsigned long xdrt_hostile_cases;

static const uint32_t *
xdrt_entry (const struct xdrt_op *op)
{
  const uint32_t *e = idl_onc_op (xdrt_ifaces[op->iface].iface->onc,
				  op->number);
  if (!e || (e[0] & IDL_XT_OP_UNSUPPORTED))
    {
      xdrt_fail ("no XDR programs for it in the interface's table");
      return NULL;
    }
  return e;
}

/* Our bytes A (LA of them) against rpcgen's B (LB) for WHAT.  */
static int
xdrt_same (const char *what, const unsigned char *a, unsigned la,
	   const unsigned char *b, unsigned lb)
{
  unsigned i = 0;
  while (i < la && i < lb && a[i] == b[i])
    i++;
  if (la == lb && i == la)
    return 1;
  xdrt_fail ("%s: idlstub's XDR (%u bytes) and rpcgen's (%u bytes) differ "
	     "from byte %u:", what, la, lb, i);
  if (xdrt_call_failures <= 8)
    {
      unsigned from = i & ~15u;
      for (int side = 0; side < 2; side++)
	{
	  const unsigned char *p = side ? b : a;
	  unsigned n = side ? lb : la;
	  printf ("  %-7s @%u:", side ? "rpcgen" : "idlstub", from);
	  for (unsigned k = from; k < n && k < from + 32; k++)
	    printf ("%s%02x", k % 4 ? "" : " ", p[k]);
	  putchar ('\n');
	}
    }
  return 0;
}

/* XDRT_SEEDS=DIR: write each call's arguments and result, as rpcgen
   encoded them, to a file in DIR, a seed of the XDR decoders' fuzzer
   (fuzz/xdr-harness.c): the interface id, the operation number and the
   arguments' length, little-endian, then the bytes.  */
static unsigned char xdrt_args_copy[XDRT_BUF];
static unsigned xdrt_nargs;

static void
xdrt_seed_file (const struct xdrt_op *op, const unsigned char *res,
		unsigned nres)
{
  static unsigned serial;
  const char *dir = getenv ("XDRT_SEEDS");
  char path[512];
  unsigned char head[10];
  uint32_t id = xdrt_ifaces[op->iface].iface->id;

  if (!dir)
    return;
  snprintf (path, sizeof path, "%s/%s-%u", dir, op->name, serial++);
  FILE *f = fopen (path, "wb");
  if (!f)
    return;
  for (int i = 0; i < 4; i++)
    {
      head[i] = (unsigned char) (id >> 8 * i);
      head[6 + i] = (unsigned char) (xdrt_nargs >> 8 * i);
    }
  head[4] = (unsigned char) op->number;
  head[5] = (unsigned char) (op->number >> 8);
  fwrite (head, 1, sizeof head, f);
  fwrite (xdrt_args_copy, 1, xdrt_nargs, f);
  fwrite (res, 1, nres, f);
  fclose (f);
}

static uint64_t
xdrt_error_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* The co-located server of the client's binding: the call goes through
   idlstub's XDR and rpcgen's and back (xdr-testgen.cc, step 1).  */
static uint64_t
xdrt_relay (idl_call_t *call, uint64_t *msg)
{
  const struct xdrt_op *op = &xdrt_ops[xdrt_cur_op];
  const struct xdrt_iface *fi = &xdrt_ifaces[op->iface];
  const uint32_t *table = fi->iface->onc, *e = xdrt_entry (op);
  uint64_t seed = xdrt_cur_seed, req[IDL_MR_WORDS], words[IDL_MR_WORDS];
  int oneway = (msg[0] & IDL_TAG_ONEWAY) != 0, err;
  unsigned n1, n2;
  XDR x;

  if (!e)
    return xdrt_error_tag (IDL_E_PROTO);
  /* 1. The stub's request, in idlstub's XDR and in rpcgen's.  */
  xdrmem_create (&x, (char *) xdrt_b1, XDRT_BUF, XDR_ENCODE);
  struct idl_onc_msg m = { .table = table, .op = e, .words = msg,
			   .payload = (uint8_t *) msg + IDL_MSG_REQ_PAYLOAD,
			   .len = (uint32_t) msg[IDL_MSG_REQ_LEN] };
  err = idl_onc_encode_request (&x, &m);
  n1 = xdr_getpos (&x);
  xdr_destroy (&x);
  if (err != IDL_OK)
    {
      xdrt_fail ("encoding the request: %s", idl_strerror (err));
      return xdrt_error_tag (IDL_E_PROTO);
    }
  xdrmem_create (&x, (char *) xdrt_b2, XDRT_BUF, XDR_ENCODE);
  if (!op->rpc_args (seed, &x))
    xdrt_fail ("rpcgen could not encode the arguments");
  n2 = xdr_getpos (&x);
  xdr_destroy (&x);
  if (!xdrt_same ("the arguments", xdrt_b1, n1, xdrt_b2, n2))
    return xdrt_error_tag (IDL_E_PROTO);
  memcpy (xdrt_args_copy, xdrt_b2, n2);
  xdrt_nargs = n2;

  /* 2. rpcgen's arguments, decoded into a server's private message: the
     request the stub made, to the tag and the payload's length.  */
  xdrmem_create (&x, (char *) xdrt_b2, n2, XDR_DECODE);
  struct idl_onc_msg s = { .table = table, .op = e, .words = xdrt_msg2 };
  err = idl_onc_decode_request (&x, &s);
  if (err == IDL_OK && xdr_getpos (&x) != n2)
    xdrt_fail ("the arguments' decoder left %u bytes", n2 - xdr_getpos (&x));
  xdr_destroy (&x);
  if (err != IDL_OK)
    {
      xdrt_fail ("decoding rpcgen's arguments: %s", idl_strerror (err));
      return xdrt_error_tag (IDL_E_PROTO);
    }
  if (xdrt_msg2[0] != msg[0]
      || xdrt_msg2[IDL_MSG_REQ_LEN] != msg[IDL_MSG_REQ_LEN])
    xdrt_fail ("decoded request: tag 0x%llx, %llu payload bytes; the stub "
	       "sent 0x%llx, %llu", (unsigned long long) xdrt_msg2[0],
	       (unsigned long long) xdrt_msg2[IDL_MSG_REQ_LEN],
	       (unsigned long long) msg[0],
	       (unsigned long long) msg[IDL_MSG_REQ_LEN]);
  memcpy (req, xdrt_msg2, sizeof req);

  /* 3. The real dispatcher; its implementation checks the values.  */
  uint64_t rtag = fi->dispatch (call, xdrt_msg2);
  if (oneway)
    {
      if (rtag != IDL_TAG_ONEWAY)
	xdrt_fail ("the dispatcher answered a one-way request");
      xdrt_seed_file (op, NULL, 0);
      return IDL_TAG_ONEWAY;
    }
  if (rtag & IDL_TAG_ERROR)
    {
      xdrt_fail ("the dispatcher refused the decoded request: %s",
		 idl_strerror ((int) (rtag >> IDL_TAG_OP_SHIFT) & 0xffff));
      return rtag;
    }

  /* 4. Its reply, in idlstub's XDR and in rpcgen's.  */
  xdrmem_create (&x, (char *) xdrt_b1, XDRT_BUF, XDR_ENCODE);
  struct idl_onc_msg r = { .table = table, .op = e, .words = xdrt_msg2,
			   .req = req };
  err = idl_onc_encode_reply (&x, &r);
  n1 = xdr_getpos (&x);
  xdr_destroy (&x);
  if (err != IDL_OK)
    {
      xdrt_fail ("encoding the reply: %s", idl_strerror (err));
      return xdrt_error_tag (IDL_E_PROTO);
    }
  xdrmem_create (&x, (char *) xdrt_b2, XDRT_BUF, XDR_ENCODE);
  if (!op->rpc_res (seed, &x))
    xdrt_fail ("rpcgen could not encode the result");
  n2 = xdr_getpos (&x);
  xdr_destroy (&x);
  if (!xdrt_same ("the result", xdrt_b1, n1, xdrt_b2, n2))
    return xdrt_error_tag (IDL_E_PROTO);
  xdrt_seed_file (op, xdrt_b2, n2);

  /* 5. rpcgen's result, decoded into the reply the stub reads.  */
  xdrmem_create (&x, (char *) xdrt_b2, n2, XDR_DECODE);
  struct idl_onc_msg d = { .table = table, .op = e, .words = words,
			   .payload = (uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD,
			   .req = req };
  err = idl_onc_decode_reply (&x, &d);
  if (err == IDL_OK && xdr_getpos (&x) != n2)
    xdrt_fail ("the result's decoder left %u bytes", n2 - xdr_getpos (&x));
  xdr_destroy (&x);
  if (err != IDL_OK)
    {
      xdrt_fail ("decoding rpcgen's result: %s", idl_strerror (err));
      return xdrt_error_tag (IDL_E_PROTO);
    }
  if (words[0] != rtag || d.len != xdrt_msg2[IDL_MSG_REPLY_LEN])
    xdrt_fail ("decoded reply: tag 0x%llx, %u payload bytes; the "
	       "dispatcher's 0x%llx, %llu", (unsigned long long) words[0],
	       d.len, (unsigned long long) rtag,
	       (unsigned long long) xdrt_msg2[IDL_MSG_REPLY_LEN]);
  memcpy (msg + 1, words + 1, (words[0] & IDL_TAG_COUNT_MASK) * 8);
  msg[IDL_MSG_REPLY_LEN] = d.len;
  return words[0];
}

/* Hostile arguments B (N bytes) for OP: an error, or a message the
   dispatcher accepts and whose reply encodes.  */
static void
xdrt_try_request (const struct xdrt_op *op, const uint32_t *e,
		  const unsigned char *b, unsigned n, int must_fail)
{
  const struct xdrt_iface *fi = &xdrt_ifaces[op->iface];
  uint64_t req[IDL_MR_WORDS];
  XDR x;

  xdrt_hostile_cases++;
  xdrmem_create (&x, (char *) b, n, XDR_DECODE);
  struct idl_onc_msg s = { .table = fi->iface->onc, .op = e,
			   .words = xdrt_msg2 };
  int err = idl_onc_decode_request (&x, &s);
  xdr_destroy (&x);
  if (err != IDL_OK)
    {
      if (err != IDL_E_BADMSG)
	xdrt_fail ("hostile arguments: %s, not IDL_E_BADMSG",
		   idl_strerror (err));
      return;
    }
  if (must_fail)
    {
      xdrt_fail ("the decoder accepted %u bytes of truncated arguments", n);
      return;
    }
  memcpy (req, xdrt_msg2, sizeof req);
  xdrt_lenient = 1;
  uint64_t rtag = fi->dispatch (NULL, xdrt_msg2);
  xdrt_lenient = 0;
  if (rtag == IDL_TAG_ONEWAY)
    return;
  if (rtag & IDL_TAG_ERROR)
    {
      xdrt_fail ("the decoder accepted arguments the dispatcher refuses "
		 "(%s)", idl_strerror ((int) (rtag >> IDL_TAG_OP_SHIFT)
				       & 0xffff));
      return;
    }
  xdrmem_create (&x, (char *) xdrt_b3, XDRT_BUF, XDR_ENCODE);
  struct idl_onc_msg r = { .table = fi->iface->onc, .op = e,
			   .words = xdrt_msg2, .req = req };
  err = idl_onc_encode_reply (&x, &r);
  xdr_destroy (&x);
  if (err != IDL_OK)
    xdrt_fail ("the reply to accepted hostile arguments: %s",
	       idl_strerror (err));
}

/* Hostile result B (N bytes) for OP's request REQ.  */
static void
xdrt_try_reply (const struct xdrt_op *op, const uint32_t *e,
		const uint64_t *req, const unsigned char *b, unsigned n,
		int must_fail)
{
  static unsigned char payload[IDL_PAYLOAD_MAX];
  uint64_t words[IDL_MR_WORDS];
  XDR x;

  xdrt_hostile_cases++;
  xdrmem_create (&x, (char *) b, n, XDR_DECODE);
  struct idl_onc_msg d = { .table = xdrt_ifaces[op->iface].iface->onc,
			   .op = e, .words = words, .payload = payload,
			   .req = req };
  int err = idl_onc_decode_reply (&x, &d);
  xdr_destroy (&x);
  if (err != IDL_OK && err != IDL_E_PROTO)
    xdrt_fail ("a hostile result: %s, not IDL_E_PROTO", idl_strerror (err));
  else if (err == IDL_OK && must_fail)
    xdrt_fail ("the decoder accepted %u bytes of a truncated result", n);
  else if (err == IDL_OK && d.len > IDL_PAYLOAD_MAX)
    xdrt_fail ("a decoded reply of %u payload bytes", d.len);
}

static const uint32_t xdrt_edges[] = {
  0, 1, 2, 3, 4, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000, 0x10001,
  0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff
};

/* Hostile variants of B (N bytes) through TRY (B, LEN, MUST_FAIL):
   truncations, words replaced by edge values and their neighbours,
   random tails.  Every truncation and word of a short message; of a
   long one (a large payload) the first and last 64 and 128 more, at
   random: its lengths and counts are near its ends or among those, and
   a test of every byte would take minutes.  */
static void
xdrt_mutate (const unsigned char *b, unsigned n, xdrt_rng_t *rr,
	     void (*try_) (const unsigned char *, unsigned, int))
{
  unsigned words = n / 4;
  for (unsigned t = 0; t < n; t++)
    if (n <= 1024 || t < 256 || t + 256 >= n || (xdrt_mix (rr) & 63) == 0)
      try_ (b, t, 1);
  for (unsigned k = 0; k < (words <= 256 ? words : 256); k++)
    {
      unsigned w = words <= 256 || k < 64 ? k
		   : k < 128 ? words - 128 + k
		   : (unsigned) (xdrt_mix (rr) % words);
      uint32_t orig;
      memcpy (&orig, b + 4 * w, 4);
      orig = ntohl (orig);
      for (unsigned v = 0; v < sizeof xdrt_edges / 4 + 2; v++)
	{
	  uint32_t val = v < sizeof xdrt_edges / 4 ? xdrt_edges[v]
			 : v == sizeof xdrt_edges / 4 ? orig + 1 : orig - 1;
	  memcpy (xdrt_b1, b, n);
	  val = htonl (val);
	  memcpy (xdrt_b1 + 4 * w, &val, 4);
	  try_ (xdrt_b1, n, 0);
	}
    }
  for (unsigned k = 0; k < 64; k++)
    {
      unsigned len = (unsigned) (xdrt_mix (rr) % (n + 64));
      unsigned keep = len ? (unsigned) (xdrt_mix (rr) % len) : 0;
      memcpy (xdrt_b1, b, keep < n ? keep : n);
      for (unsigned i = keep; i < len; i++)
	xdrt_b1[i] = (unsigned char) xdrt_mix (rr);
      try_ (xdrt_b1, len, 0);
    }
}

/* The operation and request the hostile results answer.  */
static const struct xdrt_op *xdrt_h_op;
static const uint32_t *xdrt_h_entry;
static uint64_t xdrt_h_req[IDL_MR_WORDS];

static void
xdrt_try_req (const unsigned char *b, unsigned n, int must_fail)
{
  xdrt_try_request (xdrt_h_op, xdrt_h_entry, b, n, must_fail);
}

static void
xdrt_try_rep (const unsigned char *b, unsigned n, int must_fail)
{
  xdrt_try_reply (xdrt_h_op, xdrt_h_entry, xdrt_h_req, b, n, must_fail);
}

static void
xdrt_hostile (const struct xdrt_op *op, uint64_t seed)
{
  const uint32_t *e = xdrt_entry (op);
  xdrt_rng_t rr;
  unsigned n;
  XDR x;

  if (!e)
    return;
  xdrt_h_op = op;
  xdrt_h_entry = e;
  xdrt_seed (&rr, seed, 7);
  xdrmem_create (&x, (char *) xdrt_b2, XDRT_BUF, XDR_ENCODE);
  op->rpc_args (seed, &x);
  n = xdr_getpos (&x);
  xdr_destroy (&x);
  xdrt_mutate (xdrt_b2, n, &rr, xdrt_try_req);
  if (e[0] & IDL_XT_OP_ONEWAY)
    return;

  /* The request the result answers.  */
  xdrmem_create (&x, (char *) xdrt_b2, XDRT_BUF, XDR_ENCODE);
  op->rpc_args (seed, &x);
  n = xdr_getpos (&x);
  xdr_destroy (&x);
  xdrmem_create (&x, (char *) xdrt_b2, n, XDR_DECODE);
  struct idl_onc_msg s = { .table = xdrt_ifaces[op->iface].iface->onc,
			   .op = e, .words = xdrt_msg2 };
  int err = idl_onc_decode_request (&x, &s);
  xdr_destroy (&x);
  if (err != IDL_OK)
    {
      xdrt_fail ("decoding rpcgen's arguments: %s", idl_strerror (err));
      return;
    }
  memcpy (xdrt_h_req, xdrt_msg2, sizeof xdrt_h_req);
  xdrmem_create (&x, (char *) xdrt_b2, XDRT_BUF, XDR_ENCODE);
  op->rpc_res (seed, &x);
  n = xdr_getpos (&x);
  xdr_destroy (&x);
  xdrt_mutate (xdrt_b2, n, &rr, xdrt_try_rep);
}

)XDRT";

extern const char idl_xdr_testgen_main_fn[] = R"XDRT(
int
main (int argc, char **argv)
{
  static idl_server_t *servers[XDRT_NIFACES];
  static idl_binding_t *bindings[XDRT_NIFACES];
  unsigned long calls = 0, failed = 0, hostile_failed = 0;
  char name[128];
  int err;

  /* The network run: "server", or "client NAME".  */
  if (argc > 1)
    return xdrt_net_main (argc, argv);
  alarm (600);
  for (unsigned i = 0; i < XDRT_NIFACES; i++)
    {
      snprintf (name, sizeof name, "@xdrt-%d-%s", (int) getpid (),
		xdrt_ifaces[i].name);
      servers[i] = idl_server_create (name, xdrt_ifaces[i].iface, xdrt_relay,
				      &err);
      bindings[i] = servers[i] ? idl_connect (name, xdrt_ifaces[i].iface,
					      &err) : NULL;
      if (!bindings[i])
	{
	  printf ("FAIL: %s: no co-located binding: %s\n", name,
		  idl_strerror (err));
	  return 1;
	}
    }

  printf ("%-28s %8s %8s %8s %8s\n", "operation", "calls", "failed",
	  "hostile", "failed");
  for (unsigned k = 0; k < XDRT_NOPS; k++)
    {
      const struct xdrt_op *op = &xdrt_ops[k];
      unsigned long c = 0, f = 0, h0 = xdrt_hostile_cases, hf = 0;
      xdrt_cur_op = k;
      xdrt_cur_name = op->name;
      for (unsigned iter = 0; iter < XDRT_ITERATIONS; iter++)
	{
	  xdrt_cur_seed = xdrt_call_seed (xdrt_ifaces[op->iface].iface->id,
					  op->number, iter);
	  xdrt_call_failures = 0;
	  op->call (bindings[op->iface], xdrt_cur_seed);
	  c++;
	  f += xdrt_call_failures != 0;
	}
      for (unsigned s = 0; s < XDRT_HOSTILE_SEEDS; s++)
	{
	  xdrt_cur_seed = 0x4057113ULL * (s + 1) + k;
	  xdrt_call_failures = 0;
	  xdrt_hostile (op, xdrt_cur_seed);
	  hf += xdrt_call_failures;
	}
      printf ("%-28s %8lu %8lu %8lu %8lu\n", op->name, c, f,
	      xdrt_hostile_cases - h0, hf);
      calls += c;
      failed += f;
      hostile_failed += hf;
    }

  /* What XDR cannot express is marked so in the table, and an ONC call
     of it fails with IDL_E_UNSUPPORTED.  */
  unsigned unsupported = 0;
  xdrt_cur_name = "(unsupported)";
  xdrt_call_failures = 0;
  for (unsigned k = 0; xdrt_unsupported[k].iface != ~0u; k++, unsupported++)
    {
      const idl_interface_t *iface
	= xdrt_ifaces[xdrt_unsupported[k].iface].iface;
      const uint32_t *e = idl_onc_op (iface->onc, xdrt_unsupported[k].number);
      uint64_t w[IDL_MR_WORDS] = { 0 };
      XDR x;
      xdrmem_create (&x, (char *) xdrt_b1, XDRT_BUF, XDR_ENCODE);
      struct idl_onc_msg m = { .table = iface->onc, .op = e, .words = w,
			       .payload = xdrt_b2 };
      if (!e || !(e[0] & IDL_XT_OP_UNSUPPORTED)
	  || idl_onc_encode_request (&x, &m) != IDL_E_UNSUPPORTED)
	xdrt_fail ("operation %u of %s is not marked unsupported",
		   xdrt_unsupported[k].number, iface->name);
      xdr_destroy (&x);
    }
  failed += xdrt_call_failures;

  for (unsigned i = 0; i < XDRT_NIFACES; i++)
    {
      idl_close (bindings[i]);
      idl_server_destroy (servers[i]);
    }
  printf ("xdrt: %u operations, %lu calls, %lu failed; %lu hostile inputs, "
	  "%lu failures; %u unsupported: %s\n", (unsigned) XDRT_NOPS, calls,
	  failed, xdrt_hostile_cases, hostile_failed, unsupported,
	  failed || hostile_failed ? "FAIL" : "PASS");
  return failed || hostile_failed ? 1 : 0;
}
)XDRT";
