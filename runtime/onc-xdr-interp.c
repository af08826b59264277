/* onc-xdr-interp.c -- the interpreter of the plugin's XDR programs
   (idlrt-xdr.h): the conversions onc-xdr.c's entry points fall back
   on when a message has no codec of its own or the stream is not a
   memory one.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   One pass over a message's program converts between the message
   (words and payload, idlrt-abi.h) and a libtirpc XDR stream; what it
   checks and what it leaves are onc-xdr.c's header's.  */

#include <string.h>
#include "internal.h"
#include "onc-xdr.h"

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

/* The interpreter's conversion of the message at W and PAY (encode:
   LEN payload bytes; replies: the request's words at REQ) with program
   P; the payload's end into *END.  1 done, 0 the stream failed or (a
   decoder) the bytes are refused, -1 (an encoder) the message
   contradicts its bounds.  Out of line, called from onc-xdr.c's
   entry points, so that a message its codec alone converts does not
   set up the interpreter's state (its buffers' checks take a page of
   stack).  */
int
idl_onc_interpret (XDR *xdrs, const struct idl_onc_msg *m, const uint32_t *p,
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
