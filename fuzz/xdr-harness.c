/* xdr-harness.c -- libFuzzer's entry point for the XDR decoders of calls
   between machines.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What a hostile ONC RPC peer controls is the XDR it sends: a server
   decodes a call's arguments into its private message
   (idl_onc_decode_request, runtime/onc-xdr.c), a client a call's result
   into the reply its stub reads (idl_onc_decode_reply).  This harness
   feeds both arbitrary bytes, for the operations of the four interfaces
   in server.c that XDR can express (their dispatchers and
   implementations, instrumented by GCC as for harness.c; onc-xdr.c
   itself is compiled here by clang with libFuzzer's instrumentation).
   Fast mode compiles each message, strings and buffers with their
   bounds included, into a codec of its own (plugin/xdr-msg-codec.cc;
   the runtime calls it on a memory stream, as every one here is) and
   each run of fixed-size elements into one (plugin/xdr-codec.cc);
   compact mode interprets them: the servers here are fast, so every
   conversion is done twice, with the generated codecs and with the
   interpreter alone (as compact mode and a stream that cannot give a
   run's bytes at once do it), and the two must agree byte for byte:
   the same verdict, the same message, the same XDR.  The generated decoders are thus fuzzed, under the
   sanitizers GCC instruments server.c with, and checked against the
   reference.  The codecs decode from an aligned copy of the bytes (a
   stream gives a run's bytes at once, XDR_INLINE, only from a 4-byte
   aligned buffer, as the runtime's are); the interpreter from the
   input where it lies, unaligned, so that it reads with the stream's
   primitives (as from a record stream at a fragment's end).

   An input is

     bytes 0-3   an interface id (little-endian): one none of the
		 servers has picks one of them, modulo their number
     bytes 4-5   an operation number: one the interface cannot send
		 across machines picks one it can, modulo their number
     bytes 6-9   A, how many of the bytes that follow are the call's
		 arguments (at most what there is)
     then        A bytes of XDR arguments, then the XDR result

   For each input it checks what the contract allows and aborts on
   anything else:

   - the arguments decode, or are refused with IDL_E_BADMSG;
   - decoded arguments are a request the dispatcher accepts: its
     implementation (server.c, which checks where its pointers point
     and reads every byte) runs once and the reply is the operation's,
     or IDL_E_BOUNDS when the implementation overran a bound on purpose;
     never IDL_E_BADMSG;
   - those arguments, as a client's request, encode (or are refused)
     the same with the generated encoder as with the interpreter;
   - that reply encodes (idl_onc_encode_reply), and what it encodes
     decodes back (idl_onc_decode_reply) into a reply of the same tag
     and payload length;
   - the result bytes, answering those arguments, decode or are refused
     with IDL_E_PROTO, within IDL_PAYLOAD_MAX;
   - and, through the sanitizers, no byte is read or written out of
     place: the request payload's bytes past its length and the unused
     words of the private message are poisoned, as in harness.c.

   The seeds (xdr-seeds/) are the arguments and results rpcgen encodes
   in the XDR test programs of the fuzzed headers (XDRT_SEEDS,
   plugin/xdr-testgen-prelude.cc).  */

#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sanitizer/asan_interface.h>
#include "idlrt.h"
#include "onc-xdr.h"
#include "fuzz.h"

/* coverage.c */
void idl_fuzz_new_input (void);

struct idl_call
{
  int unused;
};
static struct idl_call the_call;

#define HEADER_BYTES 10
#define STALE 0xa5
#define UNUSED_WORDS (IDL_MSG_REPLY_FDS + IDL_MAX_FDS)

static uint64_t *msg, *msg2;
static uint8_t *wire, *wire2, *payload, *payload2, *aligned;
#define WIRE_BYTES (3 * IDL_PAYLOAD_MAX)

void
fuzz_fail (const char *what, const char *func, int line)
{
  fprintf (stderr, "idlstub-xdr-fuzz: FAIL: %s (%s, line %d)\n", what, func,
	   line);
  abort ();
}

/* IDLSTUB_FUZZ_STATS=1: how the inputs fared.  */
static struct
{
  unsigned long long args_refused, args_decoded, bounds, replies;
  unsigned long long result_refused, result_decoded;
} stats;

static void
print_stats (void)
{
  fprintf (stderr, "idlstub-xdr-fuzz: arguments %llu refused, %llu decoded "
	   "(%llu IDL_E_BOUNDS, %llu replies); results %llu refused, %llu "
	   "decoded\n", stats.args_refused, stats.args_decoded, stats.bounds,
	   stats.replies, stats.result_refused, stats.result_decoded);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  msg = aligned_alloc (64, IDL_MSG_BYTES);
  msg2 = aligned_alloc (64, IDL_MSG_BYTES);
  wire = malloc (WIRE_BYTES);
  wire2 = malloc (WIRE_BYTES);
  payload = malloc (IDL_PAYLOAD_MAX);
  payload2 = malloc (IDL_PAYLOAD_MAX);
  aligned = malloc (WIRE_BYTES);
  if (!msg || !msg2 || !wire || !wire2 || !payload || !payload2 || !aligned)
    {
      perror ("idlstub-xdr-fuzz");
      exit (1);
    }
  if (getenv ("IDLSTUB_FUZZ_STATS"))
    atexit (print_stats);
  return 0;
}

static uint32_t
le (const uint8_t *p, unsigned n)
{
  uint32_t v = 0;
  while (n--)
    v = v << 8 | p[n];
  return v;
}

/* The operation the input names: an entry of a server's ONC table that
   XDR can express, or NULL (the server has none).  */
static const uint32_t *
pick (const uint8_t *data, const struct fuzz_server **srvp)
{
  uint32_t id = le (data, 4), number = le (data + 4, 2);
  const struct fuzz_server *srv = NULL;
  for (unsigned i = 0; i < fuzz_nservers; i++)
    if (fuzz_servers[i].iface->id == id)
      srv = &fuzz_servers[i];
  if (!srv)
    srv = &fuzz_servers[id % fuzz_nservers];
  *srvp = srv;
  const uint32_t *t = srv->iface->onc, *e = idl_onc_op (t, number);
  if (e && !(e[0] & IDL_XT_OP_UNSUPPORTED))
    return e;
  unsigned n = 0;
  for (unsigned k = 0; k < t[4]; k++)
    n += !(t[IDL_XT_HDR_WORDS + k * IDL_XT_OP_WORDS] & IDL_XT_OP_UNSUPPORTED);
  if (n == 0)
    return NULL;
  n = number % n;
  for (unsigned k = 0; k < t[4]; k++)
    {
      e = t + IDL_XT_HDR_WORDS + k * IDL_XT_OP_WORDS;
      if (!(e[0] & IDL_XT_OP_UNSUPPORTED) && n-- == 0)
	return e;
    }
  return NULL;
}

/* Decode N bytes at P as a result of entry E of table T answering the
   request REQ, with CODECS (NULL: the interpreter alone), into WORDS
   and PAY; IDL_OK or IDL_E_PROTO.  */
static int
decode_result_with (const uint32_t *t, const void *const *codecs,
		    const uint32_t *e, const uint64_t *req, const uint8_t *p,
		    size_t n, uint64_t *words, uint8_t *pay, uint32_t *len,
		    u_int *pos)
{
  XDR x;
  xdrmem_create (&x, (char *) p, (u_int) n, XDR_DECODE);
  struct idl_onc_msg d = { .table = t, .op = e, .words = words, .payload = pay,
			   .req = req, .codecs = codecs };
  int err = idl_onc_decode_reply (&x, &d);
  *pos = xdr_getpos (&x);
  xdr_destroy (&x);
  FUZZ_CHECK (err == IDL_OK || err == IDL_E_PROTO);
  FUZZ_CHECK (err != IDL_OK || d.len <= IDL_PAYLOAD_MAX);
  *len = d.len;
  return err;
}

/* The same with SRV's generated codecs (from an aligned copy of the
   bytes), checked against the interpreter (from P): the same verdict,
   reply words and payload, and as many bytes read.  */
static int
decode_result (const struct fuzz_server *srv, const uint32_t *e,
	       const uint64_t *req, const uint8_t *p, size_t n,
	       uint64_t *words, uint32_t *len)
{
  uint64_t words2[IDL_MR_WORDS];
  uint32_t len2;
  u_int pos, pos2;
  memset (words, STALE, IDL_MR_WORDS * sizeof *words);
  memset (words2, STALE, sizeof words2);
  if (n > WIRE_BYTES)
    n = WIRE_BYTES;
  memcpy (aligned, p, n);
  int err = decode_result_with (srv->iface->onc, srv->iface->onc_codecs, e,
				req, aligned, n, words, payload, len, &pos);
  int err2 = decode_result_with (srv->iface->onc, NULL, e, req, p, n,
				 words2, payload2, &len2, &pos2);
  FUZZ_CHECK (err == err2);
  if (err == IDL_OK)
    FUZZ_CHECK (*len == len2 && pos == pos2
		&& memcmp (words, words2, sizeof words2) == 0
		&& memcmp (payload, payload2, *len) == 0);
  return err;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const struct fuzz_server *srv;
  uint64_t req[IDL_MR_WORDS], words[IDL_MR_WORDS];
  uint32_t len;
  XDR x;

  idl_fuzz_new_input ();
  if (size < HEADER_BYTES)
    return 0;
  const uint32_t *e = pick (data, &srv), *t = srv->iface->onc;
  if (!e)
    return 0;
  size_t rest = size - HEADER_BYTES;
  size_t a = le (data + 6, 4);
  if (a > rest)
    a = rest;
  const uint8_t *args = data + HEADER_BYTES, *result = args + a;

  /* 1. The arguments, into a private message full of stale bytes.  */
  ASAN_UNPOISON_MEMORY_REGION (msg, IDL_MSG_BYTES);
  memset (msg, STALE, IDL_MSG_BYTES);
  memset (msg2, STALE, IDL_MSG_BYTES);
  const void *const *codecs = srv->iface->onc_codecs;
  if (a > WIRE_BYTES)
    a = WIRE_BYTES;
  memcpy (aligned, args, a);
  xdrmem_create (&x, (char *) aligned, (u_int) a, XDR_DECODE);
  struct idl_onc_msg s = { .table = t, .op = e, .words = msg,
			   .codecs = codecs };
  int err = idl_onc_decode_request (&x, &s);
  u_int pos = xdr_getpos (&x);
  xdr_destroy (&x);
  /* The interpreter's verdict, message and bytes read are the
     same.  */
  xdrmem_create (&x, (char *) args, (u_int) a, XDR_DECODE);
  struct idl_onc_msg s2 = { .table = t, .op = e, .words = msg2 };
  FUZZ_CHECK (idl_onc_decode_request (&x, &s2) == err);
  if (err == IDL_OK)
    FUZZ_CHECK (xdr_getpos (&x) == pos);
  xdr_destroy (&x);
  if (err == IDL_OK)
    FUZZ_CHECK (msg[IDL_MSG_REQ_LEN] <= IDL_PAYLOAD_MAX
		&& memcmp (msg, msg2, IDL_MSG_REQ_PAYLOAD
			   + msg[IDL_MSG_REQ_LEN]) == 0);
  if (err != IDL_OK)
    {
      FUZZ_CHECK (err == IDL_E_BADMSG);
      stats.args_refused++;
      return 0;
    }
  stats.args_decoded++;
  uint64_t tag = msg[0], plen = msg[IDL_MSG_REQ_LEN];
  FUZZ_CHECK (plen <= IDL_PAYLOAD_MAX);
  FUZZ_CHECK ((tag >> IDL_TAG_OP_SHIFT & IDL_TAG_OP_MASK) == (e[0] & 0xffff));
  memcpy (req, msg, sizeof req);
  /* Those arguments, as a client's request (its words, its payload),
     encode the same with the generated encoder as with the
     interpreter: the same verdict and XDR.  */
  {
    uint8_t *rp = (uint8_t *) msg + IDL_MSG_REQ_PAYLOAD;
    xdrmem_create (&x, (char *) wire, WIRE_BYTES, XDR_ENCODE);
    struct idl_onc_msg q = { .table = t, .op = e, .words = msg, .payload = rp,
			     .len = (uint32_t) plen, .codecs = codecs };
    int qe = idl_onc_encode_request (&x, &q);
    u_int qn = xdr_getpos (&x);
    xdr_destroy (&x);
    xdrmem_create (&x, (char *) wire2, WIRE_BYTES, XDR_ENCODE);
    struct idl_onc_msg q2 = { .table = t, .op = e, .words = msg, .payload = rp,
			      .len = (uint32_t) plen };
    FUZZ_CHECK (idl_onc_encode_request (&x, &q2) == qe);
    if (qe == IDL_OK)
      FUZZ_CHECK (xdr_getpos (&x) == qn && memcmp (wire, wire2, qn) == 0);
    xdr_destroy (&x);
  }
  ASAN_POISON_MEMORY_REGION ((uint8_t *) msg + IDL_MSG_REQ_PAYLOAD + plen,
			     IDL_PAYLOAD_MAX - plen);
  ASAN_POISON_MEMORY_REGION (msg + UNUSED_WORDS,
			     IDL_MSG_REQ_PAYLOAD - UNUSED_WORDS * 8);

  /* 2. The real dispatcher accepts what the decoder accepted.  */
  memset (&fuzz_rec, 0, sizeof fuzz_rec);
  fuzz_rec.call = &the_call;
  fuzz_rec.msg = msg;
  fuzz_rec.req_len = plen;
  fuzz_rec.spare_fd = -1;
  uint64_t rtag = srv->dispatch (&the_call, msg);
  FUZZ_CHECK (rtag != (IDL_TAG_ERROR
		       | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT));
  FUZZ_CHECK (fuzz_rec.calls == 1);
  if (e[0] & IDL_XT_OP_ONEWAY)
    {
      FUZZ_CHECK (rtag == IDL_TAG_ONEWAY);
      return 0;
    }
  if (rtag & IDL_TAG_ERROR)
    {
      FUZZ_CHECK (rtag == (IDL_TAG_ERROR
			   | (uint64_t) IDL_E_BOUNDS << IDL_TAG_OP_SHIFT)
		  && fuzz_rec.too_long);
      stats.bounds++;
    }
  else
    {
      /* 3. Its reply encodes, and decodes back as itself.  */
      stats.replies++;
      FUZZ_CHECK (!fuzz_rec.too_long);
      xdrmem_create (&x, (char *) wire, WIRE_BYTES, XDR_ENCODE);
      struct idl_onc_msg r = { .table = t, .op = e, .words = msg, .req = req,
			       .codecs = codecs };
      FUZZ_CHECK (idl_onc_encode_reply (&x, &r) == IDL_OK);
      u_int n = xdr_getpos (&x);
      xdr_destroy (&x);
      /* The same XDR as the interpreter's.  */
      xdrmem_create (&x, (char *) wire2, WIRE_BYTES, XDR_ENCODE);
      struct idl_onc_msg r2 = { .table = t, .op = e, .words = msg,
				.req = req };
      FUZZ_CHECK (idl_onc_encode_reply (&x, &r2) == IDL_OK);
      FUZZ_CHECK (xdr_getpos (&x) == n && memcmp (wire, wire2, n) == 0);
      xdr_destroy (&x);
      FUZZ_CHECK (decode_result (srv, e, req, wire, n, words, &len)
		  == IDL_OK);
      FUZZ_CHECK (words[0] == rtag && len == msg[IDL_MSG_REPLY_LEN]);
    }

  /* 4. A hostile result for these arguments.  */
  if (decode_result (srv, e, req, result, size - HEADER_BYTES - a, words,
		     &len) == IDL_OK)
    stats.result_decoded++;
  else
    stats.result_refused++;
  return 0;
}
