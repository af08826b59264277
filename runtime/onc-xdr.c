/* onc-xdr.c -- the XDR codecs of calls between machines: an interpreter
   of the plugin's XDR programs (idlrt-xdr.h).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Table-driven, as compact mode's engines are (paper 002: interpreted
   marshalling at a fraction of the code), and the reference fast
   mode's generated codecs (plugin/xdr-codec.cc) are checked against
   (fuzz/xdr-harness.c): on a memory stream (the transport's record
   buffers are) a message with a codec of its own is that codec alone
   (msg_codec), handed the stream's bytes and room; otherwise, where a
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
   reply's items packed.  */

#include <string.h>
#include "internal.h"
#include "onc-xdr.h"
#include "server-internal.h"

_Static_assert (IDL_XT_OP_WORDS == 3, "msg_codec multiplies by 3's inverse");

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
# error "the XDR interpreter reads values in place in little-endian words"
#endif

/* A conversion in progress.  */
struct xc
{
  XDR *xdrs;
  int decode;
  int reply;
  uint8_t *w;			/* the message's words, as bytes */
  uint8_t *pay;			/* its payload */
  uint64_t len;			/* encode: the payload's length */
  const uint8_t *req;		/* reply conversions: the request's words */
  int32_t *buf;			/* inside an IDL_X_RUN: the stream's bytes */
  const void *const *codecs;	/* fast mode's codecs of the runs, or
				   NULL */
  int bad;			/* encode: the message contradicts its
				   bounds (not the stream's fault) */
  uint64_t icount;		/* encode: the implied item's count */
  /* Decode: the buffers seen, for their checks at the end.  */
  unsigned nchk;
  struct
  {
    const uint32_t *ins;
    uint64_t n;
  } chk[256];
};

static inline uint64_t
align_up (uint64_t v, uint64_t a)
{
  return (v + a - 1) & ~(a - 1);
}

static inline int
put32 (struct xc *c, uint32_t v)
{
  if (c->buf)
    {
      IXDR_PUT_U_INT32 (c->buf, v);
      return 1;
    }
  int32_t x = (int32_t) v;
  return XDR_PUTINT32 (c->xdrs, &x);
}

static inline int
get32 (struct xc *c, uint32_t *v)
{
  if (c->buf)
    {
      *v = IXDR_GET_U_INT32 (c->buf);
      return 1;
    }
  int32_t x;
  if (!XDR_GETINT32 (c->xdrs, &x))
    return 0;
  *v = (uint32_t) x;
  return 1;
}

/* N opaque bytes at P through the stream, padded to a multiple of 4
   with zeroes (XDR's fixed opaque), as xdr_opaque does; not xdr_opaque
   itself, which reads a decoded item's padding into a static buffer
   that every thread shares (libtirpc 1.3.3, xdr.c: crud): a data race,
   harmless as nobody reads it, but one ThreadSanitizer sees in every
   program whose threads decode at once (testsuite/idlstub.tsan).  */
static int
stream_opaque (XDR *xdrs, int decode, uint8_t *p, uint64_t n)
{
  char pad[4] = { 0, 0, 0, 0 };
  u_int rest = (u_int) (align_up (n, 4) - n);

  if (decode)
    return XDR_GETBYTES (xdrs, (char *) p, (u_int) n)
	   && (rest == 0 || XDR_GETBYTES (xdrs, pad, rest));
  return XDR_PUTBYTES (xdrs, (char *) p, (u_int) n)
	 && (rest == 0 || XDR_PUTBYTES (xdrs, pad, rest));
}

/* Opaque bytes, padded to a multiple of 4 with zeroes (XDR's fixed
   opaque).  */
static int
opaque (struct xc *c, uint8_t *p, uint64_t n)
{
  if (!c->buf)
    return stream_opaque (c->xdrs, c->decode, p, n);
  uint64_t padded = align_up (n, 4);
  uint8_t *b = (uint8_t *) c->buf;
  if (c->decode)
    memcpy (p, b, n);
  else
    {
      memcpy (b, p, n);
      memset (b + n, 0, padded - n);
    }
  c->buf += padded / 4;
  return 1;
}

/* One leaf of opcode OP at P (an implied count's value is C->icount
   when encoding).  */
static int
leaf (struct xc *c, uint32_t op, uint8_t *p, int icount)
{
  uint32_t v = 0, lo;
  uint64_t q = 0;

  if (c->decode)
    {
      if (!get32 (c, &v))
	return 0;
      switch (op)
	{
	case IDL_X_I8:
	case IDL_X_U8:
	  /* Truncated, as xdr_char and xdr_u_char do.  */
	  *p = (uint8_t) v;
	  return 1;
	case IDL_X_BOOL:
	  *p = v != 0;
	  return 1;
	case IDL_X_I16:
	case IDL_X_U16:
	  {
	    uint16_t h = (uint16_t) v;
	    memcpy (p, &h, 2);
	    return 1;
	  }
	case IDL_X_I64:
	case IDL_X_U64:
	case IDL_X_F64:
	  if (!get32 (c, &lo))
	    return 0;
	  q = (uint64_t) v << 32 | lo;
	  memcpy (p, &q, 8);
	  return 1;
	default:
	  memcpy (p, &v, 4);
	  return 1;
	}
    }

  switch (op)
    {
    case IDL_X_I8:
      return put32 (c, (uint32_t) (int32_t) (int8_t) (icount ? c->icount
						       : *p));
    case IDL_X_U8:
      return put32 (c, icount ? (uint8_t) c->icount : *p);
    case IDL_X_BOOL:
      return put32 (c, *p != 0);
    case IDL_X_I16:
    case IDL_X_U16:
      {
	uint16_t h;
	memcpy (&h, p, 2);
	if (icount)
	  h = (uint16_t) c->icount;
	return put32 (c, op == IDL_X_I16 ? (uint32_t) (int32_t) (int16_t) h
			 : h);
      }
    case IDL_X_I64:
    case IDL_X_U64:
    case IDL_X_F64:
      memcpy (&q, p, 8);
      if (icount)
	q = c->icount;
      return put32 (c, (uint32_t) (q >> 32)) && put32 (c, (uint32_t) q);
    default:
      memcpy (&v, p, 4);
      if (icount)
	v = (uint32_t) c->icount;
      return put32 (c, v);
    }
}

/* Run the fixed-size instructions from IP to END with base BASE
   (leaves, opaques, loops, runs).  */
static int
run (struct xc *c, const uint32_t *ip, const uint32_t *end, uint64_t base)
{
  while (ip < end)
    {
      uint32_t i = *ip++;
      uint32_t op = i & IDL_X_OP_MASK, arg = i >> IDL_X_ARG_SHIFT;
      switch (op)
	{
	case IDL_X_OPAQUE:
	  if (!opaque (c, (i & IDL_X_PAYLOAD ? c->pay : c->w) + base + arg,
		       *ip++))
	    return 0;
	  break;
	case IDL_X_LOOP:
	  {
	    uint32_t stride = ip[0], w = ip[1];
	    ip += 2;
	    for (uint32_t k = 0; k < arg; k++)
	      if (!run (c, ip, ip + w, base + (uint64_t) k * stride))
		return 0;
	    ip += w;
	    break;
	  }
	case IDL_X_RUN:
	  {
	    uint32_t w = ip[0], codec = ip[1];
	    ip += 2;
	    int32_t *outer = c->buf;
	    if (!outer)
	      c->buf = XDR_INLINE (c->xdrs, arg);
	    if (c->buf && !outer && codec != IDL_XR_NONE && c->codecs)
	      {
		/* The run's own code (idlrt-xdr.h): top level, base 0.  */
		idl_onc_codec_fn *fn
		  = (idl_onc_codec_fn *) c->codecs[2 * codec + c->decode];
		fn ((uint32_t *) c->buf, c->w, c->pay);
		c->buf = NULL;
		ip += w;
		break;
	      }
	    int ok = run (c, ip, ip + w, base);
	    c->buf = outer;
	    if (!ok)
	      return 0;
	    ip += w;
	    break;
	  }
	default:
	  if (op < IDL_X_I8 || op > IDL_X_F64
	      || !leaf (c, op, (i & IDL_X_PAYLOAD ? c->pay : c->w) + base + arg,
			(i & IDL_X_ICOUNT) != 0))
	    return 0;
	}
    }
  return 1;
}

/* The integer at ref R (idlrt-xdr.h), as C converts it to a size_t.  */
static uint64_t
ref_value (const struct xc *c, uint32_t r)
{
  const uint8_t *p = (r & IDL_XR_REQUEST ? c->req : c->w)
		     + (r & IDL_XR_OFFSET_MASK);
  unsigned size = (r >> IDL_XR_SIZE_SHIFT) & IDL_XR_SIZE_MASK;
  uint64_t v = 0;
  memcpy (&v, p, size);
  if ((r & IDL_XR_SIGNED) && size < 8)
    {
      unsigned sh = 64 - 8 * size;
      v = (uint64_t) ((int64_t) (v << sh) >> sh);
    }
  return v;
}

/* The fields of an IDL_X_BUFFER instruction at IP.  */
struct buffer_ins
{
  uint64_t max, esize, align, count, length, wire, body;
  uint32_t flags;
  const uint32_t *prog, *next;
};

static void
buffer_ins (const uint32_t *ip, struct buffer_ins *b)
{
  b->max = ip[0] >> IDL_X_ARG_SHIFT;
  b->esize = ip[1];
  b->flags = ip[2];
  b->align = (uint64_t) 1 << (ip[2] & IDL_XB_ALIGN_MASK);
  b->count = ip[3];
  b->length = ip[4];
  b->wire = ip[5];
  b->body = ip[6];
  b->prog = ip + 7;
  b->next = b->prog + b->body;
}

/* The elements of buffer B as the message at C says: its length's
   value, else its count's; the implied one's from the payload's
   length, its start START.  ~0 when the message contradicts itself.  */
static uint64_t
buffer_count (struct xc *c, const struct buffer_ins *b, uint64_t start)
{
  uint64_t n;
  if (b->flags & IDL_XB_IMPLIED)
    {
      if (start > c->len || (c->len - start) % b->esize != 0)
	return ~(uint64_t) 0;
      n = (c->len - start) / b->esize;
    }
  else if (b->length != IDL_XR_NONE)
    n = ref_value (c, b->length);
  else
    n = ref_value (c, b->count);
  return n > b->max ? ~(uint64_t) 0 : n;
}

/* Encode: find the implied item's count (IDL_XP_ICOUNT: its count is
   sent before it) by walking the items of program P.  */
static int
implied_count (struct xc *c, const uint32_t *p)
{
  const uint32_t *ip = p + IDL_XP_HDR_WORDS, *end = ip + p[2];
  uint64_t off = p[1];
  while (ip < end)
    {
      uint32_t op = *ip & IDL_X_OP_MASK;
      if (op == IDL_X_STRING)
	{
	  uint64_t n = ref_value (c, ip[1]);
	  off += n + 1;
	  ip += 2;
	}
      else if (op == IDL_X_BUFFER)
	{
	  struct buffer_ins b;
	  buffer_ins (ip, &b);
	  uint64_t start = align_up (off, b.align);
	  uint64_t n = buffer_count (c, &b, start);
	  if (n == ~(uint64_t) 0)
	    return !(c->bad = 1);
	  if (b.flags & IDL_XB_IMPLIED)
	    {
	      c->icount = n;
	      return 1;
	    }
	  off = start + n * b.esize;
	  ip = b.next;
	}
      else
	/* A run or a bound: skip it.  */
	ip += op == IDL_X_RUN ? 3 + ip[1] : 2;
    }
  return 1;
}

/* A string item at IP; OFF the payload's end so far, updated.  */
static int
string_item (struct xc *c, const uint32_t *ip, uint64_t *off)
{
  uint64_t max = ip[0] >> IDL_X_ARG_SHIFT, start = *off, n;
  uint32_t lref = ip[1];
  int nul = !c->reply;

  if (c->decode)
    {
      uint32_t l;
      if (!get32 (c, &l) || l > max
	  || start + l + nul > IDL_PAYLOAD_MAX)
	return 0;
      if (!stream_opaque (c->xdrs, 1, c->pay + start, l))
	return 0;
      if (nul)
	c->pay[start + l] = 0;
      if (lref != IDL_XR_NONE)
	{
	  uint32_t v = l;
	  memcpy (c->w + (lref & IDL_XR_OFFSET_MASK), &v, 4);
	}
      *off = start + l + nul;
      return 1;
    }

  if (lref != IDL_XR_NONE)
    n = ref_value (c, lref);
  else if (start < c->len)
    n = c->len - start - 1;
  else
    return !(c->bad = 1);
  if (n > max || start + n + nul > c->len)
    return !(c->bad = 1);
  *off = start + n + nul;
  return put32 (c, (uint32_t) n) && opaque (c, c->pay + start, n);
}

/* A buffer item at IP; OFF as for string_item.  */
static int
buffer_item (struct xc *c, const uint32_t *ip, uint64_t *off)
{
  struct buffer_ins b;
  buffer_ins (ip, &b);
  uint64_t start = c->reply ? *off : align_up (*off, b.align), n;

  if (c->decode)
    {
      uint32_t l;
      if (!get32 (c, &l) || l > b.max
	  || start + (uint64_t) l * b.esize > IDL_PAYLOAD_MAX
	  || c->nchk >= sizeof c->chk / sizeof c->chk[0])
	return 0;
      n = l;
      /* The alignment's gap, zero as a stub leaves it.  */
      memset (c->pay + *off, 0, start - *off);
      c->chk[c->nchk].ins = ip;
      c->chk[c->nchk++].n = n;
    }
  else
    {
      n = buffer_count (c, &b, start);
      if (n == ~(uint64_t) 0 || start + n * b.esize > c->len)
	return !(c->bad = 1);
      if (!put32 (c, (uint32_t) n))
	return 0;
    }
  *off = start + n * b.esize;

  uint8_t *p = c->pay + start;
  if (b.flags & IDL_XB_OPAQUE)
    return opaque (c, p, n * b.esize);
  if (c->decode)
    /* Padding within the elements.  */
    memset (p, 0, n * b.esize);
  /* Every element at once when the stream has room for them.  */
  int32_t *inl = n * b.wire <= 0xffffffffu
		 ? XDR_INLINE (c->xdrs, (u_int) (n * b.wire)) : NULL;
  c->buf = inl;
  for (uint64_t k = 0; k < n; k++)
    if (!run (c, b.prog, b.next, start + k * b.esize))
      {
	c->buf = NULL;
	return 0;
      }
  c->buf = NULL;
  return 1;
}

/* The buffers' element counts against their counts and lengths, once
   every element of the message is in.  */
static int
check_buffers (struct xc *c)
{
  for (unsigned k = 0; k < c->nchk; k++)
    {
      struct buffer_ins b;
      buffer_ins (c->chk[k].ins, &b);
      uint64_t n = c->chk[k].n, count = ref_value (c, b.count);
      /* A request's count within the bound, as the local server checks
	 it even when a length says how many are sent.  */
      if (!c->reply && count > b.max)
	return 0;
      if (b.length != IDL_XR_NONE)
	{
	  uint64_t l = ref_value (c, b.length);
	  if (l != n || l > count)
	    return 0;
	}
      else if (n != count)
	return 0;
    }
  return 1;
}

/* Convert the message at C with program P; the payload's end into
   *END.  */
static int
convert (struct xc *c, const uint32_t *p, uint64_t *end)
{
  const uint32_t *ip = p + IDL_XP_HDR_WORDS, *stop = ip + p[2];
  uint64_t off = p[1];

  c->buf = NULL;
  c->bad = 0;
  c->nchk = 0;
  if (!c->decode && (p[0] & IDL_XP_ICOUNT) && !implied_count (c, p))
    return 0;
  while (ip < stop)
    {
      uint32_t op = *ip & IDL_X_OP_MASK;
      if (op == IDL_X_STRING)
	{
	  if (!string_item (c, ip, &off))
	    return 0;
	  ip += 2;
	}
      else if (op == IDL_X_BUFFER)
	{
	  if (!buffer_item (c, ip, &off))
	    return 0;
	  ip += 7 + ip[6];
	}
      else if (op == IDL_X_BOUND)
	{
	  if (ref_value (c, ip[1]) > ip[0] >> IDL_X_ARG_SHIFT)
	    return !(c->bad = 1);
	  ip += 2;
	}
      else
	{
	  const uint32_t *next = ip + (op == IDL_X_RUN ? 3 + ip[1]
				       : op == IDL_X_OPAQUE ? 2 : 1);
	  if (op == IDL_X_LOOP)
	    next = ip + 3 + ip[2];
	  if (!run (c, ip, next, 0))
	    return 0;
	  ip = next;
	}
    }
  *end = off;
  return !c->decode || check_buffers (c);
}

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
   it has that message's program: the entry points then skip their
   other checks of M, and a decoder zeroes the message's words and
   fixed payload itself (the words it fills whole, not at all).  */
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

/* Run codec FN over XDRS's room (a memory stream's); LEN as for
   idl_onc_msg_fn.  1 done, 0 refused (a decoder) or no room (an
   encoder), -1 (an encoder) the message contradicts its bounds.  */
static inline int
msg_convert (XDR *xdrs, idl_onc_msg_fn *fn, uint8_t *w, uint8_t *pay,
	     const uint64_t *req, uint64_t *len)
{
  long r = fn ((uint8_t *) xdrs->x_private, xdrs->x_handy, w, pay,
	       (const uint8_t *) req, len);
  if (r < 0)
    return r == -1 ? -1 : 0;
  xdrs->x_private = (char *) xdrs->x_private + r;
  xdrs->x_handy -= (u_int) r;
  return 1;
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

/* The interpreter's conversion of the message at W and PAY (encode:
   LEN payload bytes; replies: the request's words at REQ) with program
   P; the payload's end into *END.  1 done, 0 the stream failed or (a
   decoder) the bytes are refused, -1 (an encoder) the message
   contradicts its bounds.  Apart from the entry points, so that a
   message its codec alone converts does not set up the interpreter's
   state (its buffers' checks take a page of stack).  */
static int __attribute__ ((__noinline__))
interpret (XDR *xdrs, const struct idl_onc_msg *m, const uint32_t *p,
	   int decode, int reply, uint8_t *w, uint8_t *pay, uint64_t len,
	   const uint64_t *req, uint64_t *end)
{
  struct xc c;
  c.xdrs = xdrs;
  c.codecs = m->codecs;
  c.decode = decode;
  c.reply = reply;
  c.w = w;
  c.pay = pay;
  c.len = len;
  c.req = (const uint8_t *) req;
  if (convert (&c, p, end))
    return 1;
  return c.bad ? -1 : 0;
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
  int r = interpret (xdrs, m, p, 0, 0, w, m->payload, m->len, NULL, &end);
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
      && interpret (xdrs, m, p, 1, 0, w, pay, 0, NULL, &end) <= 0)
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
  int r = interpret (xdrs, m, p, 0, 1, w, pay, len, m->req, &end);
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
      && interpret (xdrs, m, p, 1, 1, w, m->payload, 0, m->req, &end) <= 0)
    return fail (m, IDL_E_PROTO);
  m->words[0] = reply_tag (m, p);
  m->len = (uint32_t) end;
  return m->err = IDL_OK;
}

/* The fast paths of the entry points: the message's codec alone where
   it has one and the stream is a memory one (msg_codec), else the
   interpreter's side.  The codec's existence says that the operation
   is supported and has that message's program.  */

static inline __attribute__ ((__always_inline__)) int
enc_request (XDR *xdrs, struct idl_onc_msg *m)
{
  idl_onc_msg_fn *fn = msg_codec (xdrs, m, 0, 0);
  if (!fn)
    return encode_request (xdrs, m);
  const uint32_t *p = m->table + m->op[1];
  uint64_t len = m->len;
  if (len > IDL_PAYLOAD_MAX
      || (m->words[0] & IDL_TAG_COUNT_MASK) != (p[0] & IDL_XP_WORDS_MASK))
    return fail (m, IDL_E_BOUNDS);
  int r = msg_convert (xdrs, fn, (uint8_t *) m->words, m->payload, NULL,
		       &len);
  if (r <= 0)
    return fail (m, r < 0 ? IDL_E_BOUNDS : IDL_E_NOMEM);
  return m->err = IDL_OK;
}

static inline __attribute__ ((__always_inline__)) int
dec_request (XDR *xdrs, struct idl_onc_msg *m)
{
  idl_onc_msg_fn *fn = msg_codec (xdrs, m, 0, 1);
  if (!fn)
    return decode_request (xdrs, m);
  const uint32_t *p = m->table + m->op[1];
  uint64_t *msg = m->words, end;
  if (msg_convert (xdrs, fn, (uint8_t *) msg,
		   (uint8_t *) msg + IDL_MSG_REQ_PAYLOAD, NULL, &end) <= 0)
    return fail (m, IDL_E_BADMSG);
  /* idl_msg_request's own code, inline (server-internal.h): with its
     words and payload in place and no descriptors, it is a few stores,
     not a call and the loops for what a local request brings.  */
  idl_msg_fill (msg, request_tag (m, p), NULL, NULL, (uint32_t) end, NULL,
		0);
  return m->err = IDL_OK;
}

static inline __attribute__ ((__always_inline__)) int
enc_reply (XDR *xdrs, struct idl_onc_msg *m)
{
  idl_onc_msg_fn *fn = msg_codec (xdrs, m, 1, 0);
  if (!fn)
    return encode_reply (xdrs, m);
  uint64_t *msg = m->words, len = msg[IDL_MSG_REPLY_LEN];
  if (len > IDL_PAYLOAD_MAX)
    return fail (m, IDL_E_BOUNDS);
  int r = msg_convert (xdrs, fn, (uint8_t *) msg,
		       (uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD, m->req, &len);
  if (r <= 0)
    return fail (m, r < 0 ? IDL_E_BOUNDS : IDL_E_NOMEM);
  return m->err = IDL_OK;
}

static inline __attribute__ ((__always_inline__)) int
dec_reply (XDR *xdrs, struct idl_onc_msg *m)
{
  idl_onc_msg_fn *fn = msg_codec (xdrs, m, 1, 1);
  if (!fn)
    return decode_reply (xdrs, m);
  uint64_t end;
  if (msg_convert (xdrs, fn, (uint8_t *) m->words, m->payload, m->req,
		   &end) <= 0)
    return fail (m, IDL_E_PROTO);
  m->words[0] = reply_tag (m, m->table + m->op[2]);
  m->len = (uint32_t) end;
  return m->err = IDL_OK;
}

/* The entry points: the four conversions, and the xdrproc_t's that
   libtirpc's routines (xdr_replymsg) and the transport call, each with
   the fast path above inline, so that a real call's conversion is one
   call into the runtime, not a call through a switch into another.  */

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
