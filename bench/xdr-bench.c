/* xdr-bench.c -- the XDR path of a call, idlstub's against rpcgen's
   (bench/callgrind-xdr).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Usage: xdr-bench WARM N

   IDL4's six calls (paper 000, section 6.4; testsuite/idlstub.gen/
   idl4.h), with bench/rpcs.h's argument sizes.  Each call's XDR path
   is its four conversions, every one over an xdrmem stream:

     client   request -> XDR arguments      (the stub's message)
     server   XDR arguments -> request      (its private message)
     server   reply -> XDR result           (the dispatcher's reply)
     client   XDR result -> reply           (what the stub reads)

   ours_call does them as the transport does (onc.c, onc-server.c:
   the operation's xdrproc_t's, each fast mode's codec of its message,
   called with the descriptor the transport keeps), rpcgen_call
   (xdr-bench-rpcgen.c) with the xdr_ routines rpcgen -N made from
   the .x file the plugin exported, into and out of rpcgen's C types,
   decoding into zeroed objects and freeing what the decoders
   allocated (strings, variable arrays), as rpcgen's server stub
   (svc_getargs, svc_freeargs) and client (clnt_freeres) do.  The
   messages are the real ones: the stubs' requests and the dispatcher's
   replies, captured through a co-located binding whose server is a
   relay; at set-up the bytes of both sides are compared, so that both
   convert the same values to the same wire.

   Both are handed the call's four streams, made by the caller (the
   transport's part: see streams ()), and their results and the
   streams' positions are checked by the caller after each call, so
   that what ours_call and rpcgen_call count is the conversions alone
   (bench/callgrind-xdr's header lists the steps).  Under callgrind
   each phase is dumped (CALLGRIND_DUMP_STATS_AT): "warm", then "ours
   OP" and "rpcgen OP" with N calls each; the script takes the
   inclusive cost of ours_call and rpcgen_call.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>
#include "../testsuite/idlstub.gen/idl4.h"
#include "onc-xdr.h"

IDL_SERVER (idl4bench);

#define STRXFER_LEN 64
#define ARRAY_LEN 4096

long tiny_impl (idl_call_t *call, long a) { (void) call; return a + 1; }

long
small_impl (idl_call_t *call, short a, long b, short c)
{
  (void) call;
  return a * 3 + b - c;
}

long
large_impl (idl_call_t *call, long a, long b, long c, long d, long e, long f)
{
  (void) call;
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f;
}

void
strxfer_impl (idl_call_t *call, const char *a, long *b, long *c)
{
  (void) call;
  *b = (long) strlen (a);
  *c = a[0];
}

long
structxfer_impl (idl_call_t *call, struct large_t a, long *b)
{
  (void) call;
  *b = a.a[3] + a.g[7];
  return a.h;
}

void
arrayxfer_impl (idl_call_t *call, const char *str1, const char *str2,
		long l1, long l2)
{
  (void) call;
  (void) str1;
  (void) str2;
  (void) l1;
  (void) l2;
}

/* rpcgen's side.  */
int rpcgen_setup (int k, const void *req, unsigned nreq, const void *rep,
		  unsigned nrep);
int rpcgen_call (int k, XDR *xs);
extern unsigned char rpcgen_wire_req[1 << 18], rpcgen_wire_rep[1 << 18];

#define NOPS 6
static const char *const names[NOPS] = {
  "tiny", "small", "large", "strxfer", "structxfer", "arrayxfer"
};

/* The captured messages: a request as its stub built it (tag and words,
   payload at IDL_MSG_REQ_PAYLOAD, length at IDL_MSG_REQ_LEN), its
   reply as the dispatcher left it.  */
static uint64_t req_msg[NOPS][IDL_MSG_BYTES / 8] __attribute__ ((aligned (64)));
static uint64_t rep_msg[NOPS][IDL_MSG_BYTES / 8] __attribute__ ((aligned (64)));
static const uint32_t *entry[NOPS];
static size_t index_of[NOPS];
static int capture_k;

static uint64_t
relay (idl_call_t *call, uint64_t *msg)
{
  memcpy (req_msg[capture_k], msg, IDL_MSG_BYTES);
  uint64_t rtag = idl4bench_dispatch (call, msg);
  memcpy (rep_msg[capture_k], msg, IDL_MSG_BYTES);
  return rtag;
}

static unsigned char wire_req[1 << 18], wire_rep[1 << 18];
static uint64_t srv_msg[IDL_MSG_BYTES / 8] __attribute__ ((aligned (64)));
static uint64_t srv_req[IDL_MR_WORDS];
static uint64_t cli_words[IDL_MR_WORDS];
static uint8_t cli_payload[IDL_PAYLOAD_MAX];
static unsigned nreq[NOPS], nrep[NOPS];

/* The four streams of a call, as the transport hands them to the
   conversions: memory streams over its record buffers, positioned
   after the RPC header (here, at their start).  Made outside the
   counted region, on both sides: in a real call the header is
   converted through the same stream first, so that making it is the
   transport's cost and not the arguments' (and libtirpc's own client
   and server make none per call: clnt_vc, svc_vc keep one).  The
   decoders' streams hold exactly the bytes the encoders of the same
   call write (their lengths known from set-up and checked after
   every call, outside the counted region).  */
static void
streams (XDR *xs, unsigned char *req, unsigned char *rep, unsigned nq,
	 unsigned np)
{
  xdrmem_create (&xs[0], (char *) req, 1 << 18, XDR_ENCODE);
  xdrmem_create (&xs[1], (char *) req, nq, XDR_DECODE);
  xdrmem_create (&xs[2], (char *) rep, 1 << 18, XDR_ENCODE);
  xdrmem_create (&xs[3], (char *) rep, np, XDR_DECODE);
}

/* The conversions' messages (onc-xdr.h) and every operation's
   xdrproc_t's (idl_onc_procs), made once as the transport makes them
   (onc.c at connect, onc-server.c at accept, onc-listen.c at listen),
   each call setting what the transport's call sets.  */
static struct idl_onc_msg cli_req, cli_rep, srv_req_m, srv_rep_m;
static xdrproc_t *procs;
static const xdrproc_t *cli_pr, *srv_pr;

static void
messages (void)
{
  const uint32_t *table = idl4bench.onc;
  const void *const *codecs = idl4bench.onc_codecs;
  procs = idl_onc_procs (table, codecs);
  if (!procs)
    abort ();
  cli_req = (struct idl_onc_msg) { .table = table, .codecs = codecs };
  cli_rep = (struct idl_onc_msg) { .words = cli_words, .payload = cli_payload,
				   .table = table, .codecs = codecs };
  srv_req_m = (struct idl_onc_msg) { .req = srv_req, .table = table,
				     .codecs = codecs };
  srv_rep_m = srv_req_m;
}

/* The client's request for op K: the binding's words and payload,
   which onc_call fills from the stub's before the counted part (here,
   the captured request's); the server's reply: the connection's
   message after the dispatcher (here, the captured reply; in
   onc-server.c the same message as the request's, with the OP its
   decode_call set).  */
static void
bind_op (int k)
{
  cli_req.words = req_msg[k];
  cli_req.payload = (uint8_t *) req_msg[k] + IDL_MSG_REQ_PAYLOAD;
  cli_rep.req = req_msg[k];
  srv_rep_m.words = rep_msg[k];
  srv_rep_m.op = entry[k];
}

typedef bool_t conv_fn (XDR *, void *);

/* One call's four conversions, idlstub's, as onc.c and onc-server.c
   make them once the procedure is found (idl_onc_lookup, as rpcgen's
   switch: not counted): onc_call's choice of the operation's four
   xdrproc_t's and what it sets in the binding's two messages (the
   operation, the request's length), then encode_call's call of the
   request's xdrproc_t (fast mode's codec of the message);
   decode_call's choice and stores and its call of the arguments'
   xdrproc_t into the server's message, and its copy of the request's
   tag and words when the reply's program reads them
   (IDL_XT_OP_REQREF: none of these six); the reply's xdrproc_t as
   xdr_replymsg calls it, for onc-server.c's encode_answer and for
   onc.c's decode_reply.  */
static int __attribute__ ((__noinline__))
ours_call (int k, XDR *xs)
{
  const uint32_t *e = entry[k];
  size_t i = index_of[k];

  /* Client: onc_call, encode_call.  */
  cli_pr = procs + 4 * i;
  cli_req.op = cli_rep.op = e;
  cli_req.len = (uint32_t) req_msg[k][IDL_MSG_REQ_LEN];
  int e1 = !((conv_fn *) cli_pr[0]) (&xs[0], &cli_req);

  /* Server: decode_call.  */
  srv_pr = procs + 4 * i;
  srv_req_m.words = srv_msg;
  srv_req_m.op = e;
  int e2 = !((conv_fn *) srv_pr[1]) (&xs[1], &srv_req_m);
  if (e[0] & IDL_XT_OP_REQREF)
    memcpy (srv_req, srv_msg,
	    (1 + (srv_msg[0] & IDL_TAG_COUNT_MASK)) * sizeof (uint64_t));

  /* Server: onc_conn_reply, encode_answer.  */
  int e3 = !((conv_fn *) srv_pr[2]) (&xs[2], &srv_rep_m);

  /* Client: decode_reply.  */
  int e4 = !((conv_fn *) cli_pr[3]) (&xs[3], &cli_rep);
  return e1 | e2 | e3 | e4;
}

/* Whether a call through XS converted exactly NQ and NP bytes.  */
static int
positions_ok (XDR *xs, unsigned nq, unsigned np)
{
  return xdr_getpos (&xs[0]) == nq && xdr_getpos (&xs[1]) == nq
	 && xdr_getpos (&xs[2]) == np && xdr_getpos (&xs[3]) == np;
}

/* Make each call once through the stubs, capturing its messages.  */
static void
capture (idl_binding_t *b)
{
  static char s[STRXFER_LEN + 1], s1[ARRAY_LEN], s2[ARRAY_LEN];
  struct large_t a;
  long x, y;

  for (int j = 0; j < STRXFER_LEN; j++)
    s[j] = (char) ('!' + j * 5 % 90);
  for (int j = 0; j < ARRAY_LEN; j++)
    s1[j] = (char) j, s2[j] = (char) (j * 7);
  memset (&a, 0, sizeof a);
  for (int j = 0; j < 20; j++)
    a.a[j] = 1000 + j, a.l[j] = (char) j;
  a.b = 3, a.c = -3, a.d = 9;
  for (int j = 0; j < 200; j++)
    a.e[j] = (char) (5 + j);
  for (int j = 0; j < 80; j++)
    a.g[j] = (short) (17 + j);
  a.f = 11, a.h = 1L << 33, a.i = -1, a.j = 1, a.k = 2;
  for (int j = 0; j < 2; j++)
    a.m[j].n = (short) j, a.m[j].o = (char) -j, a.m[j].p = 77 + j,
      a.m[j].q = (short) j, a.m[j].r = (short) (j - 2);

  capture_k = 0;
  x = tiny (b, 41);
  capture_k = 1;
  y = small (b, -1000, 100003, 30000);
  capture_k = 2;
  y += large (b, 1, -1, 1 << 20, 0x5555, 7, 1);
  capture_k = 3;
  strxfer (b, s, &x, &y);
  capture_k = 4;
  y += structxfer (b, a, &x);
  capture_k = 5;
  arrayxfer (b, s1, s2, ARRAY_LEN, ARRAY_LEN);
  if (idl_error (b) != IDL_OK)
    {
      fprintf (stderr, "xdr-bench: a call failed: %s\n",
	       idl_strerror (idl_error (b)));
      exit (1);
    }
}

int
main (int argc, char **argv)
{
  int err;
  if (argc != 3)
    {
      fprintf (stderr, "usage: %s WARM N\n", argv[0]);
      return 2;
    }
  long warm = atol (argv[1]), n = atol (argv[2]);

  idl_server_t *srv = idl_server_create ("@xdr-bench-relay", &idl4bench, relay,
					 &err);
  idl_binding_t *b = srv ? idl_connect ("@xdr-bench-relay", &idl4bench, &err)
			 : NULL;
  if (!b)
    {
      fprintf (stderr, "xdr-bench: %s\n", idl_strerror (err));
      return 1;
    }
  capture (b);
  messages ();
  XDR xs[4];
  for (int k = 0; k < NOPS; k++)
    {
      entry[k] = idl_onc_lookup (idl4bench.onc, (uint32_t) k + 1,
				 &index_of[k]);
      bind_op (k);
      streams (xs, wire_req, wire_rep, sizeof wire_req, sizeof wire_rep);
      if (ours_call (k, xs) != 0)
	{
	  fprintf (stderr, "xdr-bench: %s: a conversion failed\n", names[k]);
	  return 1;
	}
      nreq[k] = xdr_getpos (&xs[0]);
      nrep[k] = xdr_getpos (&xs[2]);
      if (!positions_ok (xs, nreq[k], nrep[k])
	  || rpcgen_setup (k, wire_req, nreq[k], wire_rep, nrep[k]) != 0)
	{
	  fprintf (stderr, "xdr-bench: %s: rpcgen's bytes are not ours\n",
		   names[k]);
	  return 1;
	}
      printf ("%-12s arguments %5u bytes, result %3u bytes\n", names[k],
	      nreq[k], nrep[k]);
    }

  /* Each call gets fresh streams (uncounted: the transport's), and its
     result and positions are checked after it (uncounted too).  */
  char label[64];
  for (int k = 0; k < NOPS; k++)
    {
      bind_op (k);
      for (long i = 0; i < warm + n; i++)
	{
	  streams (xs, wire_req, wire_rep, nreq[k], nrep[k]);
	  if (ours_call (k, xs) != 0 || !positions_ok (xs, nreq[k], nrep[k]))
	    {
	      fprintf (stderr, "xdr-bench: %s: a conversion failed\n",
		       names[k]);
	      return 1;
	    }
	  if (i == warm - 1)
	    CALLGRIND_DUMP_STATS_AT ("warm");
	}
      snprintf (label, sizeof label, "ours %s", names[k]);
      CALLGRIND_DUMP_STATS_AT (label);
      for (long i = 0; i < warm + n; i++)
	{
	  streams (xs, rpcgen_wire_req, rpcgen_wire_rep, nreq[k], nrep[k]);
	  if (rpcgen_call (k, xs) != 0 || !positions_ok (xs, nreq[k], nrep[k]))
	    {
	      fprintf (stderr, "xdr-bench: %s: rpcgen's conversion failed\n",
		       names[k]);
	      return 1;
	    }
	  if (i == warm - 1)
	    CALLGRIND_DUMP_STATS_AT ("warm");
	}
      snprintf (label, sizeof label, "rpcgen %s", names[k]);
      CALLGRIND_DUMP_STATS_AT (label);
    }
  idl_close (b);
  idl_server_destroy (srv);
  return 0;
}
