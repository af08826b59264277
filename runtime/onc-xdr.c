/* onc-xdr.c -- the XDR codecs of calls between machines: an interpreter
   of the plugin's XDR programs (idlrt-xdr.h).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Table-driven, as compact mode's engines are (paper 002: interpreted
   marshalling at a fraction of the code), and the reference fast
   mode's generated codecs (plugin/xdr-codec.cc) are checked against
   (fuzz/xdr-harness.c): on a memory stream (the transport's record
   buffers are) a message with a codec of its own is that codec alone
   (msg_codec), which moves the stream's position itself (the
   transport calls it without these entry points: idl_onc_proc);
   otherwise, where a
   run has one and the stream gives the run's bytes at once, the
   interpreter calls it instead of interpreting the run, and a message
   of one such run is its codec alone (codec_only).  One pass
   over a message's program converts between the message (words and
   payload, idlrt-abi.h) and a libtirpc XDR stream.  Runs of fixed-size
   elements take one XDR_INLINE and are converted in place in the
   stream's buffer, with the stream's primitives only where it cannot
   give that many bytes at once (a record stream at a fragment's end):
   the "straight into the stream's buffer" of Flick's network stubs
   (paper 000, 6.1) without specializing code per operation.

   Decoders trust the program (compiled into this process) and nothing
   they read: every length is checked against its bound before a byte
   is stored, every store lands within the message's words or within
   IDL_PAYLOAD_MAX bytes of payload, and each buffer's element count is
   checked against its count and length parameters once the whole
   message is in (XDR may send the count after the array).  What they
   leave is what the generated code expects from a local peer: zeroes
   in every byte no element fills (padding, gaps), a request's strings
   NUL-terminated and aligned items where the layout aligns them, a
   reply's items packed.

   Here: the entry points and the whole-message codecs' path; the
   interpreter is onc-xdr-interp.c.  */

#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "onc-xdr.h"
#include "server-internal.h"

_Static_assert (IDL_XT_OP_WORDS == 3, "msg_codec multiplies by 3's inverse");

/* A message of one compiled run (most are, but those with strings
   and buffers): its codec alone, straight into the stream's buffer,
   before any of the interpreter's set-up.  False when the message is
   not one, or the stream cannot give the run's bytes at once: then
   the interpreter converts it, as it would have.  */
static inline int
codec_only (XDR *xdrs, const struct idl_onc_msg *m, const uint32_t *p,
	    int decode, uint8_t *w, uint8_t *pay)
{
  const uint32_t *ip = p + IDL_XP_HDR_WORDS;
  if (!m->codecs || p[2] < 3 || (ip[0] & IDL_X_OP_MASK) != IDL_X_RUN
      || p[2] != 3 + ip[1] || ip[2] == IDL_XR_NONE)
    return 0;
  int32_t *b = XDR_INLINE (xdrs, ip[0] >> IDL_X_ARG_SHIFT);
  if (__builtin_expect (b == NULL, 0))
    return 0;
  ((idl_onc_codec_fn *) m->codecs[2 * ip[2] + decode]) ((uint32_t *) b, w,
							  pay);
  return 1;
}

/* The operations of libtirpc's memory streams (xdrmem_create picks
   one of two by the buffer's alignment), for is_mem ().  */
static const struct xdr_ops *mem_ops[2];

static void __attribute__ ((__constructor__))
find_mem_ops (void)
{
  static int32_t b[2];
  XDR x;
  xdrmem_create (&x, (char *) b, 4, XDR_DECODE);
  mem_ops[0] = x.x_ops;
  xdrmem_create (&x, (char *) b + 1, 3, XDR_DECODE);
  mem_ops[1] = x.x_ops;
}

/* Whether XDRS is a memory stream (the runtime's are: it owns every
   record buffer, onc.c and onc-server.c): then its unread or unwritten
   bytes are X_HANDY bytes at X_PRIVATE, as xdr_mem.c keeps them (and
   glibc's sunrpc did), and a whole message's codec converts straight
   between them and the message, with one check of the room per item
   and no call through the stream's operations (XDR_INLINE).  */
static inline int
is_mem (const XDR *xdrs)
{
  return xdrs->x_ops == mem_ops[0] || xdrs->x_ops == mem_ops[1];
}

/* Fast mode's codec of the whole message (idlrt-xdr.h) of M's
   operation, the request's or REPLY's, for DECODE; NULL if it has
   none or XDRS is not a memory stream.  An operation has one only if
   it has that message's program: the codec checks M as the entry
   points do, and a decoder zeroes the message's words and fixed
   payload itself (the words it fills whole, not at all).  */
static inline idl_onc_msg_fn *
msg_codec (XDR *xdrs, const struct idl_onc_msg *m, int reply, int decode)
{
  const uint32_t *table = m->table, *op = m->op;
  if (!m->codecs || !op || !table || !is_mem (xdrs))
    return NULL;
  /* OP's index: an entry's offset is a multiple of 3 words, so that
     multiplying by 3's inverse modulo 2^64 divides it exactly; an
     offset that is no entry's gives an index over the table's count
     of entries, and then the interpreter's side converts.  */
  size_t k = ((size_t) (op - table) - IDL_XT_HDR_WORDS)
	     * (size_t) 0xaaaaaaaaaaaaaaabull;
  if (__builtin_expect (k >= table[4], 0))
    return NULL;
  return (idl_onc_msg_fn *) m->codecs[4 * k + 2 * reply + decode];
}

/* The program of entry OP for the request (REPLY false) or the reply,
   or NULL: unsupported (or no reply).  */
static const uint32_t *
program (const struct idl_onc_msg *m, int reply)
{
  if (!m->table || !m->op || (m->op[0] & IDL_XT_OP_UNSUPPORTED)
      || !m->op[1 + reply])
    return NULL;
  return m->table + m->op[1 + reply];
}

static int
fail (struct idl_onc_msg *m, int code)
{
  m->err = code;
  return code;
}

/* The interpreter's side of each conversion: M's operation has no
   codec of that message, or XDRS is not a memory stream.  */
static int __attribute__ ((__noinline__))
encode_request (XDR *xdrs, struct idl_onc_msg *m)
{
  const uint32_t *p = program (m, 0);
  if (!p)
    return fail (m, IDL_E_UNSUPPORTED);
  uint8_t *w = (uint8_t *) m->words;
  uint64_t end;
  if (m->len > IDL_PAYLOAD_MAX
      || (m->words[0] & IDL_TAG_COUNT_MASK) != (p[0] & IDL_XP_WORDS_MASK))
    return fail (m, IDL_E_BOUNDS);
  if (codec_only (xdrs, m, p, 0, w, m->payload))
    return m->err = IDL_OK;
  int r = idl_onc_interpret (xdrs, m, p, 0, 0, w, m->payload, m->len, NULL,
			     &end);
  if (r <= 0)
    return fail (m, r < 0 ? IDL_E_BOUNDS : IDL_E_NOMEM);
  return m->err = IDL_OK;
}

/* The private request's tag, P the request's program.  */
static inline uint64_t
request_tag (const struct idl_onc_msg *m, const uint32_t *p)
{
  return ((uint64_t) m->table[3] << IDL_TAG_IFACE_SHIFT
	  | (uint64_t) (m->op[0] & 0xffff) << IDL_TAG_OP_SHIFT
	  | (m->op[0] & IDL_XT_OP_ONEWAY ? IDL_TAG_ONEWAY : 0)
	  | (p[0] & IDL_XP_WORDS_MASK));
}

static int __attribute__ ((__noinline__))
decode_request (XDR *xdrs, struct idl_onc_msg *m)
{
  const uint32_t *p = program (m, 0);
  if (!p)
    return fail (m, IDL_E_UNSUPPORTED);
  uint64_t *msg = m->words;
  unsigned nw = p[0] & IDL_XP_WORDS_MASK;
  uint8_t *w = (uint8_t *) msg, *pay = w + IDL_MSG_REQ_PAYLOAD;
  /* Zeroes where no element writes: packed words' spare bytes,
     padding, the fixed items' gaps.  */
  memset (msg + 1, 0, nw * sizeof (uint64_t));
  if (p[1])
    memset (pay, 0, p[1]);
  uint64_t end = p[1];
  if (!codec_only (xdrs, m, p, 1, w, pay)
      && idl_onc_interpret (xdrs, m, p, 1, 0, w, pay, 0, NULL,
			    &end) <= 0)
    return fail (m, IDL_E_BADMSG);
  idl_msg_request (msg, request_tag (m, p), NULL, NULL, (uint32_t) end,
		   NULL, 0);
  return m->err = IDL_OK;
}

static int __attribute__ ((__noinline__))
encode_reply (XDR *xdrs, struct idl_onc_msg *m)
{
  const uint32_t *p = program (m, 1);
  if (!p)
    return fail (m, IDL_E_UNSUPPORTED);
  uint64_t *msg = m->words;
  uint8_t *w = (uint8_t *) msg, *pay = w + IDL_MSG_REPLY_PAYLOAD;
  uint64_t len = msg[IDL_MSG_REPLY_LEN], end;
  if (len > IDL_PAYLOAD_MAX)
    return fail (m, IDL_E_BOUNDS);
  if (codec_only (xdrs, m, p, 0, w, pay))
    return m->err = IDL_OK;
  int r = idl_onc_interpret (xdrs, m, p, 0, 1, w, pay, len, m->req,
			     &end);
  if (r <= 0)
    return fail (m, r < 0 ? IDL_E_BOUNDS : IDL_E_NOMEM);
  return m->err = IDL_OK;
}

/* The reply's tag, from the request's, P the reply's program.  */
static inline uint64_t
reply_tag (const struct idl_onc_msg *m, const uint32_t *p)
{
  return (m->req[0] & ~(uint64_t) (IDL_TAG_COUNT_MASK | IDL_TAG_ONEWAY))
	 | (p[0] & IDL_XP_WORDS_MASK);
}

static int __attribute__ ((__noinline__))
decode_reply (XDR *xdrs, struct idl_onc_msg *m)
{
  const uint32_t *p = program (m, 1);
  if (!p)
    return fail (m, IDL_E_UNSUPPORTED);
  unsigned nw = p[0] & IDL_XP_WORDS_MASK;
  uint8_t *w = (uint8_t *) m->words;
  memset (m->words + 1, 0, nw * sizeof (uint64_t));
  if (p[1])
    memset (m->payload, 0, p[1]);
  uint64_t end = p[1];
  if (!codec_only (xdrs, m, p, 1, w, m->payload)
      && idl_onc_interpret (xdrs, m, p, 1, 1, w, m->payload, 0, m->req,
			    &end) <= 0)
    return fail (m, IDL_E_PROTO);
  m->words[0] = reply_tag (m, p);
  m->len = (uint32_t) end;
  return m->err = IDL_OK;
}

/* The fast paths of the entry points: the message's codec alone where
   it has one and the stream is a memory one (msg_codec), else the
   interpreter's side.  The codec does what the transport has it do
   (idlrt-xdr.h), the checks, tag and lengths of the entry points
   included, but for what a transport's messages keep between calls:
   here a server's request gets its descriptor slots and the reply's
   counts as idl_msg_fill leaves them, a client's reply without a
   payload its length 0, as from the interpreter's side, for whatever
   message M names.  */

static inline __attribute__ ((__always_inline__)) int
enc_request (XDR *xdrs, struct idl_onc_msg *m)
{
  idl_onc_msg_fn *fn = msg_codec (xdrs, m, 0, 0);
  if (!fn)
    return encode_request (xdrs, m);
  return fn (xdrs, m) ? (m->err = IDL_OK) : m->err;
}

static inline __attribute__ ((__always_inline__)) int
dec_request (XDR *xdrs, struct idl_onc_msg *m)
{
  idl_onc_msg_fn *fn = msg_codec (xdrs, m, 0, 1);
  if (!fn)
    return decode_request (xdrs, m);
  if (!fn (xdrs, m))
    return m->err;
  uint64_t *msg = m->words;
  msg[IDL_MSG_REQ_NFDS] = 0;
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    msg[IDL_MSG_REQ_FDS + i] = (uint64_t) (int64_t) -1;
  msg[IDL_MSG_REPLY_LEN] = 0;
  msg[IDL_MSG_REPLY_NFDS] = 0;
  return m->err = IDL_OK;
}

static inline __attribute__ ((__always_inline__)) int
enc_reply (XDR *xdrs, struct idl_onc_msg *m)
{
  idl_onc_msg_fn *fn = msg_codec (xdrs, m, 1, 0);
  if (!fn)
    return encode_reply (xdrs, m);
  return fn (xdrs, m) ? (m->err = IDL_OK) : m->err;
}

static inline __attribute__ ((__always_inline__)) int
dec_reply (XDR *xdrs, struct idl_onc_msg *m)
{
  idl_onc_msg_fn *fn = msg_codec (xdrs, m, 1, 1);
  if (!fn)
    return decode_reply (xdrs, m);
  m->len = 0;
  return fn (xdrs, m) ? (m->err = IDL_OK) : m->err;
}

/* The entry points: the four conversions, and the xdrproc_t's for any
   stream, each with the fast path above inline.  (The transport calls
   a message's codec itself where it has one: idl_onc_proc.)  */

int
idl_onc_encode_request (XDR *xdrs, struct idl_onc_msg *m)
{
  return enc_request (xdrs, m);
}

int
idl_onc_decode_request (XDR *xdrs, struct idl_onc_msg *m)
{
  return dec_request (xdrs, m);
}

int
idl_onc_encode_reply (XDR *xdrs, struct idl_onc_msg *m)
{
  return enc_reply (xdrs, m);
}

int
idl_onc_decode_reply (XDR *xdrs, struct idl_onc_msg *m)
{
  return dec_reply (xdrs, m);
}

xdrproc_t *
idl_onc_procs (const uint32_t *table, const void *const *codecs)
{
  size_t n = 4 * (size_t) table[4];
  xdrproc_t *procs = malloc ((n ? n : 1) * sizeof *procs);
  if (!procs)
    return NULL;
  for (size_t i = 0; i < n; i++)
    procs[i] = codecs && codecs[i] ? (xdrproc_t) codecs[i]
	       : i & 2 ? (xdrproc_t) idl_onc_xdr_result
	       : (xdrproc_t) idl_onc_xdr_args;
  return procs;
}

bool_t
idl_onc_xdr_args (XDR *xdrs, void *arg)
{
  struct idl_onc_msg *m = arg;
  switch (xdrs->x_op)
    {
    case XDR_ENCODE:
      return enc_request (xdrs, m) == IDL_OK;
    case XDR_DECODE:
      return dec_request (xdrs, m) == IDL_OK;
    default:
      return TRUE;
    }
}

bool_t
idl_onc_xdr_result (XDR *xdrs, void *arg)
{
  struct idl_onc_msg *m = arg;
  switch (xdrs->x_op)
    {
    case XDR_ENCODE:
      return enc_reply (xdrs, m) == IDL_OK;
    case XDR_DECODE:
      return dec_reply (xdrs, m) == IDL_OK;
    default:
      return TRUE;
    }
}
