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

   ours_call does them with the runtime's entry points (onc-xdr.c;
   here, fast mode's codec of each message alone), rpcgen_call
   (xdr-bench-rpcgen.c) with the xdr_ routines rpcgen -N made from
   the .x file the plugin exported, into and out of rpcgen's C types,
   decoding into zeroed objects and freeing what the decoders
   allocated (strings, variable arrays), as rpcgen's server stub
   (svc_getargs, svc_freeargs) and client (clnt_freeres) do.  The
   messages are the real ones: the stubs' requests and the dispatcher's
   replies, captured through a co-located binding whose server is a
   relay; at set-up the bytes of both sides are compared, so that both
   convert the same values to the same wire.

   Under callgrind each phase is dumped (CALLGRIND_DUMP_STATS_AT):
   "warm", then "ours OP" and "rpcgen OP" with N calls each; the
   script takes the inclusive cost of ours_call and rpcgen_call.  */

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
void rpcgen_call (int k);

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
static uint64_t cli_words[IDL_MR_WORDS];
static uint8_t cli_payload[IDL_PAYLOAD_MAX];
static unsigned nreq[NOPS], nrep[NOPS];

/* One call's four conversions, idlstub's.  */
static void __attribute__ ((__noinline__))
ours_call (int k)
{
  const uint32_t *table = idl4bench.onc;
  const void *const *codecs = idl4bench.onc_codecs;
  XDR x;

  xdrmem_create (&x, (char *) wire_req, sizeof wire_req, XDR_ENCODE);
  struct idl_onc_msg m = { table, entry[k], req_msg[k],
			   (uint8_t *) req_msg[k] + IDL_MSG_REQ_PAYLOAD,
			   (uint32_t) req_msg[k][IDL_MSG_REQ_LEN], NULL, 0,
			   codecs };
  int e1 = idl_onc_encode_request (&x, &m);
  nreq[k] = xdr_getpos (&x);

  xdrmem_create (&x, (char *) wire_req, nreq[k], XDR_DECODE);
  struct idl_onc_msg s = { table, entry[k], srv_msg, NULL, 0, NULL, 0,
			   codecs };
  int e2 = idl_onc_decode_request (&x, &s);

  xdrmem_create (&x, (char *) wire_rep, sizeof wire_rep, XDR_ENCODE);
  struct idl_onc_msg r = { table, entry[k], rep_msg[k], NULL, 0, req_msg[k],
			   0, codecs };
  int e3 = idl_onc_encode_reply (&x, &r);
  nrep[k] = xdr_getpos (&x);

  xdrmem_create (&x, (char *) wire_rep, nrep[k], XDR_DECODE);
  struct idl_onc_msg d = { table, entry[k], cli_words, cli_payload, 0,
			   req_msg[k], 0, codecs };
  int e4 = idl_onc_decode_reply (&x, &d);
  if (e1 | e2 | e3 | e4)
    {
      fprintf (stderr, "xdr-bench: %s: a conversion failed\n", names[k]);
      exit (1);
    }
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
  for (int k = 0; k < NOPS; k++)
    {
      entry[k] = idl_onc_op (idl4bench.onc, (uint32_t) k + 1);
      ours_call (k);
      if (rpcgen_setup (k, wire_req, nreq[k], wire_rep, nrep[k]) != 0)
	{
	  fprintf (stderr, "xdr-bench: %s: rpcgen's bytes are not ours\n",
		   names[k]);
	  return 1;
	}
      printf ("%-12s arguments %5u bytes, result %3u bytes\n", names[k],
	      nreq[k], nrep[k]);
    }

  char label[64];
  for (int k = 0; k < NOPS; k++)
    {
      for (long i = 0; i < warm; i++)
	{
	  ours_call (k);
	  rpcgen_call (k);
	}
      CALLGRIND_DUMP_STATS_AT ("warm");
      for (long i = 0; i < n; i++)
	ours_call (k);
      snprintf (label, sizeof label, "ours %s", names[k]);
      CALLGRIND_DUMP_STATS_AT (label);
      for (long i = 0; i < n; i++)
	rpcgen_call (k);
      snprintf (label, sizeof label, "rpcgen %s", names[k]);
      CALLGRIND_DUMP_STATS_AT (label);
    }
  idl_close (b);
  idl_server_destroy (srv);
  return 0;
}
