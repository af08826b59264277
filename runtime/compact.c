/* compact.c -- compact mode's engine: marshalling driven by tables.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   In compact mode (-fplugin-arg-idlstub-mode=compact) the plugin emits,
   per operation, a constant table (idlrt-abi.h, "Compact mode") and a
   little glue; the two functions here do what fast mode's generated
   client stub, server stub and dispatcher do, by reading the table at
   run time: TAO's interpretive stubs (paper 002), traded for speed
   where footprint matters.  The wire format, the checks, the errors
   and who owns what are fast mode's exactly (plugin/emit.cc), so a
   compact client talks to a fast server and the other way round; each
   step below names the part of emit.cc it mirrors.

   Lean by construction: no allocation, no division, no table
   preprocessing.  An operation whose messages are words only (no
   payload) takes a specialized copy of each engine (the GENERAL
   argument of the always-inline workers is a constant) that walks the
   slots once each way; strings, buffers and payload blocks take the
   general copy.

   The server engine passes by-value arguments as pointers into the
   server's private copy of the request (MSG), where each value already
   sits in its own bytes: register packing puts a value of SIZE bytes
   at a multiple of SIZE in a little-endian word (plugin/layout.cc), so
   the bytes at word * 8 + offset are its object representation.  The
   out and inout scalars and the blocks that return in words point
   into a scratch copy of the reply words, laid out like them, so that
   after the call the reply's words are one copy of that scratch.  */

#include <string.h>
#include "internal.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
# error "compact.c reads values in place in little-endian message words"
#endif

/* Accesses to the caller's objects, to message words and to payload
   bytes, whatever their C type: alias set 0, and no alignment assumed
   for the caller's objects (one may be a member of a packed struct).  */
typedef uint16_t u16_any __attribute__ ((__may_alias__, __aligned__ (1)));
typedef uint32_t u32_any __attribute__ ((__may_alias__, __aligned__ (1)));
typedef uint64_t u64_any __attribute__ ((__may_alias__, __aligned__ (1)));
typedef int int_any __attribute__ ((__may_alias__, __aligned__ (1)));

/* Parameter I's record and a message record's slots and items.  */
#define CT_PARAM(op, i) ((op) + IDL_CT_HDR_WORDS + (i) * IDL_CT_PARAM_WORDS)
#define CT_SLOTS(m) ((m) + IDL_CT_M_HDR_WORDS)
#define CT_ITEMS(m) \
  ((m) + IDL_CT_M_HDR_WORDS + (m)[IDL_CT_M_NSLOTS] * IDL_CT_SLOT_WORDS)

/* An IDL_CT_VALUE's class and size.  */
#define CT_CLASS(v) ((v) & 0xff)
#define CT_SIZE(v) (((v) >> 8) & 0xff)

/* The SIZE bytes at P as a zero-extended word.  */
static inline uint64_t
load_bits (const void *p, unsigned size)
{
  switch (size)
    {
    case 8:
      return *(const u64_any *) p;
    case 4:
      return *(const u32_any *) p;
    case 2:
      return *(const u16_any *) p;
    default:
      return *(const unsigned char *) p;
    }
}

/* Store the low SIZE bytes of V at P.  */
static inline void
store_bits (void *p, unsigned size, uint64_t v)
{
  switch (size)
    {
    case 8:
      *(u64_any *) p = v;
      break;
    case 4:
      *(u32_any *) p = (uint32_t) v;
      break;
    case 2:
      *(u16_any *) p = (uint16_t) v;
      break;
    default:
      *(unsigned char *) p = (unsigned char) v;
    }
}

/* BITS (a value's representation, zero-extended) converted to a size_t
   as C converts a value of its type: a signed one is sign-extended.
   Counts and lengths are compared as such (emit.cc, count_value).  */
static inline uint64_t
value_of (uint64_t bits, uint32_t value)
{
  unsigned size = CT_SIZE (value);
  if (CT_CLASS (value) == IDL_CT_V_SIGNED && size < 8)
    {
      unsigned sh = 64 - 8 * size;
      return (uint64_t) ((int64_t) (bits << sh) >> sh);
    }
  return bits;
}

/* The value of parameter I of OP read through P (its argument), as a
   count.  */
static inline uint64_t
count_at (const uint32_t *op, uint32_t i, const void *p)
{
  uint32_t v = CT_PARAM (op, i)[IDL_CT_P_VALUE];
  return value_of (load_bits (p, CT_SIZE (v)), v);
}

/* Rewrite each _Bool of N objects of ESIZE bytes at P as 0 or 1; LIST
   (in OP) is their byte offsets in one object, its first word their
   number (emit.cc, fix_bools: a _Bool holding anything else is
   undefined behaviour in the receiver).  */
static void
fix_bools (unsigned char *p, const uint32_t *op, uint32_t list, uint64_t n,
	   uint64_t esize)
{
  const uint32_t *l = op + list;
  for (uint64_t e = 0; e < n; e++, p += esize)
    for (uint32_t k = 1; k <= l[0]; k++)
      p[l[k]] = p[l[k]] != 0;
}

/* Fix the _Bools of parameter record PR's N objects at P, if it has
   any.  */
static inline void
fix_param_bools (const uint32_t *op, const uint32_t *pr, void *p,
		 uint64_t n)
{
  if (__builtin_expect (pr[IDL_CT_P_BOOLS] != 0, 0))
    fix_bools ((unsigned char *) p, op, pr[IDL_CT_P_BOOLS], n,
	       pr[IDL_CT_P_SIZE]);
}

/* Bytes of a variable item of parameter record PR holding N elements
   (chars of a string, without its NUL).  */
static inline uint64_t
item_bytes (const uint32_t *pr, uint64_t n)
{
  return pr[IDL_CT_P_KIND] == IDL_CT_K_STRING ? n : n * pr[IDL_CT_P_SIZE];
}

static inline uint64_t
align_up (uint64_t v, uint32_t a)
{
  return (v + a - 1) & ~(uint64_t) (a - 1);
}

static inline uint64_t
table_tag (const uint32_t *t)
{
  return t[0] | (uint64_t) t[1] << 32;
}

static inline uint64_t
error_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}


/* The client side (emit.cc, emit_client_stub).  */

/* Refuse the call with CODE (IDL_E_BOUNDS, IDL_E_INVAL): nothing was
   sent.  */
static uint64_t __attribute__ ((__noinline__, __cold__))
client_refuses (idl_binding_t *b, int code)
{
  idl_stub_error (b, code);
  return error_tag (code);
}

/* The call failed or its reply RTAG is not the one expected: record
   why as a fast stub does, and return an error tag.  A well-formed
   reply of the wrong shape counts as IDL_E_PROTO.  */
static uint64_t __attribute__ ((__noinline__, __cold__))
client_failed (idl_binding_t *b, uint64_t rtag)
{
  idl_stub_failed (b, rtag);
  return rtag & IDL_TAG_ERROR ? rtag : error_tag (idl_error (b));
}

/* Take descriptor index IDX of the last reply from B: the stub owns it
   now, and -1 in B's array keeps the runtime from closing it.  */
static inline int
take_fd (idl_binding_t *b, uint64_t idx)
{
  if (idx < IDL_MAX_FDS)
    {
      int fd = b->fds[idx];
      b->fds[idx] = -1;
      return fd;
    }
  return -1;
}

/* The result's value from its slot's BITS: a _Bool is rebuilt as
   bits != 0 (emit.cc, unpack_value), anything else is stored as it
   came.  */
static inline void
store_result (const uint32_t *op, void *result, uint64_t bits)
{
  uint32_t v = op[IDL_CT_RESULT];
  unsigned size = CT_SIZE (v);
  if (CT_CLASS (v) == IDL_CT_V_BOOL)
    bits = size < 8 ? (bits & ((1ULL << (size * 8)) - 1)) != 0 : bits != 0;
  store_bits (result, size, bits);
}

/* The client side of a call of OP; GENERAL is a constant: false when
   neither message has payload items (strings, buffers, large
   blocks).  */
static inline __attribute__ ((__always_inline__)) uint64_t
compact_call (idl_binding_t *b, const uint32_t *op, void *const *argv,
	      void *result, uint64_t *len, const int general)
{
  const uint32_t *rq = op + op[IDL_CT_REQ];
  const uint32_t *rp = op + op[IDL_CT_REPLY];
  const uint32_t nparams = op[IDL_CT_NPARAMS];

  /* 1. Check every bound before anything is sent, never truncating:
     strings (NULL: IDL_E_INVAL; over the bound: IDL_E_BOUNDS), buffer
     counts, inout lengths.  A buffer's count is its C value; an inout
     length is read as raw bits, as fast stubs read a pointee.  */
  if (general)
    for (uint32_t i = 0; i < nparams; i++)
      {
	const uint32_t *pr = CT_PARAM (op, i);
	uint32_t kind = pr[IDL_CT_P_KIND], dir = pr[IDL_CT_P_DIR];
	if (kind == IDL_CT_K_STRING && dir != IDL_CT_D_OUT)
	  {
	    if (__builtin_expect (argv[i] == NULL, 0))
	      return client_refuses (b, IDL_E_INVAL);
	    size_t n = strnlen ((const char *) argv[i],
				(size_t) pr[IDL_CT_P_MAX] + 1);
	    if (__builtin_expect (n > pr[IDL_CT_P_MAX], 0))
	      return client_refuses (b, IDL_E_BOUNDS);
	    len[i] = n;
	  }
	else if (kind == IDL_CT_K_BUFFER)
	  {
	    uint32_t ci = pr[IDL_CT_P_COUNT], li = pr[IDL_CT_P_LENGTH];
	    uint64_t c = count_at (op, ci, argv[ci]);
	    if (__builtin_expect (c > pr[IDL_CT_P_MAX], 0))
	      return client_refuses (b, IDL_E_BOUNDS);
	    if (dir == IDL_CT_D_INOUT && li != IDL_CT_NONE)
	      {
		uint64_t l = load_bits (argv[li], CT_SIZE (CT_PARAM (op, li)
							   [IDL_CT_P_VALUE]));
		if (__builtin_expect (l > c, 0))
		  return client_refuses (b, IDL_E_BOUNDS);
		len[i] = l;
	      }
	    else
	      len[i] = c;
	  }
      }

  /* 2. The payload, straight into the shared page: fixed items at
     their offsets, each variable item at the next multiple of its
     alignment.  */
  uint64_t payload_len = 0;
  if (general && rq[IDL_CT_M_NITEMS])
    {
      unsigned char *pay = idl_request_payload (b);
      if (__builtin_expect (pay == NULL, 0))
	/* The runtime recorded why.  */
	return error_tag (idl_error (b));
      const uint32_t *it = CT_ITEMS (rq);
      uint64_t off = rq[IDL_CT_M_FIXED];
      for (uint32_t k = 0; k < rq[IDL_CT_M_NITEMS];
	   k++, it += IDL_CT_ITEM_WORDS)
	{
	  uint32_t i = it[IDL_CT_I_PARAM];
	  if (it[IDL_CT_I_FIXED] == 1)
	    {
	      memcpy (pay + it[IDL_CT_I_OFFSET], argv[i],
		      it[IDL_CT_I_MAXBYTES]);
	      continue;
	    }
	  const uint32_t *pr = CT_PARAM (op, i);
	  uint64_t n = item_bytes (pr, len[i])
		       + (pr[IDL_CT_P_KIND] == IDL_CT_K_STRING);
	  off = align_up (off, it[IDL_CT_I_ALIGN]);
	  memcpy (pay + off, argv[i], n);
	  off += n;
	}
      payload_len = off;
    }

  /* 3. The request's words: each value's bytes at its offset in its
     word, zero-extended (emit.cc, pack_message), string lengths,
     descriptor indices in the order the descriptors are listed, blocks
     over the zeroed words they occupy.  W[0] stands for the tag.  */
  uint64_t w[IDL_MR_WORDS];
  int fds[IDL_MAX_FDS];
  uint64_t nfds = 0;
  const uint32_t words = rq[IDL_CT_M_WORDS];
  int blocks = 0;
  w[1] = w[2] = w[3] = w[4] = 0;
  for (uint32_t i = 5; i <= words; i++)
    w[i] = 0;
  const uint32_t *s = CT_SLOTS (rq);
  for (uint32_t k = 0; k < rq[IDL_CT_M_NSLOTS]; k++, s += IDL_CT_SLOT_WORDS)
    {
      uint32_t i = s[IDL_CT_S_PARAM], role = s[IDL_CT_S_ROLE];
      uint64_t v;
      if (__builtin_expect (role == IDL_CT_R_VALUE, 1))
	v = load_bits (argv[i], s[IDL_CT_S_SIZE]);
      else if (role == IDL_CT_R_BLOCK)
	{
	  memcpy (&w[s[IDL_CT_S_WORD]], argv[i], s[IDL_CT_S_SIZE]);
	  blocks = 1;
	  continue;
	}
      else if (general && role == IDL_CT_R_LENGTH)
	/* (Strings only come with payload items.)  */
	v = (uint32_t) len[i];
      else
	{
	  /* A descriptor: a negative one is "none" and not listed.  */
	  int fd = *(const int_any *) argv[i];
	  if (fd >= 0)
	    {
	      fds[nfds] = fd;
	      v = nfds++;
	    }
	  else
	    v = IDL_FD_NONE;
	}
      w[s[IDL_CT_S_WORD]] |= v << (s[IDL_CT_S_OFFSET] * 8);
    }

  /* 4. Call, with the entry point a fast stub would use.  */
  const int oneway = op[IDL_CT_FLAGS] & IDL_CT_F_ONEWAY;
  const uint64_t tag = table_tag (op + IDL_CT_REQ_TAG);
  const uint64_t *wp = words ? &w[1] : NULL;
  uint64_t rtag;
  if ((general && rq[IDL_CT_M_NITEMS]) || rq[IDL_CT_M_NFDS])
    rtag = (oneway ? idl_send_x : idl_call_x)
	     (b, tag, wp, payload_len, rq[IDL_CT_M_NFDS] ? fds : NULL, nfds);
  else if (!blocks && words <= IDL_REG_WORDS)
    rtag = (oneway ? idl_send_r4 : idl_call_r4) (b, tag, w[1], w[2], w[3],
						 w[4]);
  else
    rtag = (oneway ? idl_send_m : idl_call_m) (b, tag, wp);

  const uint64_t expect = oneway ? 0 : table_tag (op + IDL_CT_REPLY_TAG);
  if (__builtin_expect (rtag != expect, 0))
    return client_failed (b, rtag);
  if (oneway)
    return rtag;

  /* 5. The reply.  Every word is read once from the shared page
     (a hostile server may change it meanwhile), and with payload items
     every length is checked before anything is written: a bad reply
     leaves every out parameter as it was.  */
  const uint64_t *mr = b->mr;
  const uint32_t *rs = CT_SLOTS (rp);
  const uint32_t nslots = rp[IDL_CT_M_NSLOTS];
  if (!general || rp[IDL_CT_M_NITEMS] == 0)
    {
      /* Words only: nothing can fail now; deliver at once.  */
      for (uint32_t k = 0; k < nslots; k++, rs += IDL_CT_SLOT_WORDS)
	{
	  uint32_t i = rs[IDL_CT_S_PARAM], role = rs[IDL_CT_S_ROLE];
	  if (__builtin_expect (role == IDL_CT_R_BLOCK, 0))
	    {
	      memcpy (argv[i], &mr[rs[IDL_CT_S_WORD]], rs[IDL_CT_S_SIZE]);
	      fix_param_bools (op, CT_PARAM (op, i), argv[i], 1);
	      continue;
	    }
	  uint64_t v = mr[rs[IDL_CT_S_WORD]] >> (rs[IDL_CT_S_OFFSET] * 8);
	  if (i == IDL_CT_NONE)
	    store_result (op, result, v);
	  else if (__builtin_expect (role == IDL_CT_R_VALUE, 1))
	    /* An out scalar gets the bytes as they came (emit.cc reads
	       and writes pointees as raw bytes).  */
	    store_bits (argv[i], rs[IDL_CT_S_SIZE], v);
	  else
	    *(int_any *) argv[i] = take_fd (b, (uint32_t) v);
	}
      return rtag;
    }

  /* 5a. Read every slot once; the result is kept until all checks
     pass.  */
  uint64_t rbits = 0;
  for (uint32_t k = 0; k < nslots; k++, rs += IDL_CT_SLOT_WORDS)
    {
      uint32_t i = rs[IDL_CT_S_PARAM];
      if (rs[IDL_CT_S_ROLE] == IDL_CT_R_BLOCK)
	continue;
      uint64_t v = mr[rs[IDL_CT_S_WORD]] >> (rs[IDL_CT_S_OFFSET] * 8);
      unsigned size = rs[IDL_CT_S_SIZE];
      if (size < 8)
	v &= (1ULL << (size * 8)) - 1;
      if (i == IDL_CT_NONE)
	rbits = v;
      else
	len[i] = v;
    }

  /* 5b. Each variable item's length against its bound or the caller's
     capacity; all of them within the largest payload.  */
  const uint32_t *ri = CT_ITEMS (rp);
  const uint32_t nitems = rp[IDL_CT_M_NITEMS];
  uint64_t off = rp[IDL_CT_M_FIXED];
  for (uint32_t k = 0; k < nitems; k++, ri += IDL_CT_ITEM_WORDS)
    {
      if (ri[IDL_CT_I_FIXED])
	continue;
      uint32_t i = ri[IDL_CT_I_PARAM];
      const uint32_t *pr = CT_PARAM (op, i);
      uint64_t n;
      if (pr[IDL_CT_P_KIND] == IDL_CT_K_STRING)
	{
	  n = len[i];
	  if (__builtin_expect (n > pr[IDL_CT_P_MAX], 0))
	    return client_failed (b, rtag);
	}
      else
	{
	  uint32_t ci = pr[IDL_CT_P_COUNT], li = pr[IDL_CT_P_LENGTH];
	  uint64_t cap = count_at (op, ci, argv[ci]);
	  if (li != IDL_CT_NONE)
	    {
	      /* The length came back as raw bits; as a count it is the
		 value of its C type.  */
	      n = value_of (len[li], CT_PARAM (op, li)[IDL_CT_P_VALUE]);
	      if (__builtin_expect (n > cap, 0))
		return client_failed (b, rtag);
	    }
	  else
	    n = cap;
	  len[i] = n;
	}
      off += item_bytes (pr, n);
    }
  if (__builtin_expect (off > IDL_PAYLOAD_MAX, 0))
    return client_failed (b, rtag);

  /* 5c. Everything checks: deliver the words, then the payload.  */
  rs = CT_SLOTS (rp);
  for (uint32_t k = 0; k < nslots; k++, rs += IDL_CT_SLOT_WORDS)
    {
      uint32_t i = rs[IDL_CT_S_PARAM], role = rs[IDL_CT_S_ROLE];
      if (i == IDL_CT_NONE)
	store_result (op, result, rbits);
      else if (role == IDL_CT_R_VALUE)
	store_bits (argv[i], rs[IDL_CT_S_SIZE], len[i]);
      else if (role == IDL_CT_R_BLOCK)
	{
	  memcpy (argv[i], &mr[rs[IDL_CT_S_WORD]], rs[IDL_CT_S_SIZE]);
	  fix_param_bools (op, CT_PARAM (op, i), argv[i], 1);
	}
      else if (role == IDL_CT_R_FD)
	*(int_any *) argv[i] = take_fd (b, len[i]);
    }
  const unsigned char *pay = b->payload;
  ri = CT_ITEMS (rp);
  off = rp[IDL_CT_M_FIXED];
  for (uint32_t k = 0; k < nitems; k++, ri += IDL_CT_ITEM_WORDS)
    {
      uint32_t i = ri[IDL_CT_I_PARAM];
      const uint32_t *pr = CT_PARAM (op, i);
      if (ri[IDL_CT_I_FIXED])
	{
	  memcpy (argv[i], pay + ri[IDL_CT_I_OFFSET], ri[IDL_CT_I_MAXBYTES]);
	  fix_param_bools (op, pr, argv[i], 1);
	  continue;
	}
      uint64_t nb = item_bytes (pr, len[i]);
      memcpy (argv[i], pay + off, nb);
      off += nb;
      if (pr[IDL_CT_P_KIND] == IDL_CT_K_STRING)
	/* The terminator is the stub's, not the server's.  */
	((char *) argv[i])[len[i]] = 0;
      else
	fix_param_bools (op, pr, argv[i], len[i]);
    }
  return rtag;
}

/* The general copy, out of line: only it needs LEN, per parameter the
   element count of each string or buffer sent and, after the call,
   what each reply slot held.  */
static uint64_t __attribute__ ((__noinline__))
compact_call_general (idl_binding_t *b, const uint32_t *op,
		      void *const *argv, void *result)
{
  uint64_t len[op[IDL_CT_NPARAMS] + 1];
  return compact_call (b, op, argv, result, len, 1);
}

uint64_t
idl_compact_call (idl_binding_t *b, const uint32_t *op, void *const *argv,
		  void *result)
{
  if (__builtin_expect ((op[op[IDL_CT_REQ] + IDL_CT_M_NITEMS]
			 | op[op[IDL_CT_REPLY] + IDL_CT_M_NITEMS]) != 0, 0))
    return compact_call_general (b, op, argv, result);
  return compact_call (b, op, argv, result, NULL, 0);
}


/* The server side (emit.cc, emit_server_stub and emit_dispatcher).  */

/* Run operation OP on the request in MSG, whose tag has been checked,
   with THUNK; GENERAL as for compact_call.  */
static inline __attribute__ ((__always_inline__)) uint64_t
serve (idl_call_t *call, uint64_t *msg, const uint32_t *op,
       idl_thunk_fn thunk, void **argv, uint64_t *len, const int general)
{
  const uint32_t *rq = op + op[IDL_CT_REQ];
  const uint32_t *rp = op + op[IDL_CT_REPLY];
  const uint32_t nparams = op[IDL_CT_NPARAMS];
  unsigned char *bytes = (unsigned char *) msg;
  unsigned char *req_pay = bytes + IDL_MSG_REQ_PAYLOAD;
  unsigned char *rep_pay = bytes + IDL_MSG_REPLY_PAYLOAD;
  /* The reply's words, 1-based, as the implementation fills them.  */
  uint64_t scratch[IDL_MR_WORDS];
  unsigned char *sbytes = (unsigned char *) scratch;
  const int oneway = op[IDL_CT_FLAGS] & IDL_CT_F_ONEWAY;

  /* 1. The request's words, in place (direct stack transfer, paper
     000, 4.3.1): each argument points at its value's bytes.  A _Bool
     is rewritten as 0 or 1, a descriptor index becomes the descriptor
     (IDL_FD_NONE: -1; others below the count received), a string's
     length is kept there for step 2.  */
  const uint32_t *s = CT_SLOTS (rq);
  for (uint32_t k = 0; k < rq[IDL_CT_M_NSLOTS]; k++, s += IDL_CT_SLOT_WORDS)
    {
      uint32_t i = s[IDL_CT_S_PARAM], role = s[IDL_CT_S_ROLE];
      unsigned char *at = bytes + s[IDL_CT_S_WORD] * 8 + s[IDL_CT_S_OFFSET];
      argv[i] = at;
      if (__builtin_expect (role == IDL_CT_R_VALUE, 1))
	{
	  if (__builtin_expect (CT_CLASS (CT_PARAM (op, i)[IDL_CT_P_VALUE])
				== IDL_CT_V_BOOL, 0))
	    {
	      unsigned size = s[IDL_CT_S_SIZE];
	      store_bits (at, size, load_bits (at, size) != 0);
	    }
	}
      else if (role == IDL_CT_R_FD)
	{
	  uint64_t idx = *(u32_any *) at;
	  int fd = -1;
	  if (idx != IDL_FD_NONE)
	    {
	      if (__builtin_expect (idx >= msg[IDL_MSG_REQ_NFDS], 0))
		goto bad;
	      fd = (int) msg[IDL_MSG_REQ_FDS + idx];
	    }
	  *(int_any *) at = fd;
	}
      else if (role == IDL_CT_R_BLOCK)
	{
	  const uint32_t *pr = CT_PARAM (op, i);
	  /* A block sent in (by value or through an in pointer) is used
	     where it is; an inout one is copied in step 3.  */
	  if (pr[IDL_CT_P_DIR] == IDL_CT_D_IN)
	    fix_param_bools (op, pr, at, 1);
	}
    }

  if (general)
    {
      /* 2. Counts and lengths against their bounds, before anything
	 uses them, whichever way a buffer goes; then every item sent
	 must lie within the payload received.  Lengths are compared,
	 never pointers.  */
      for (uint32_t i = 0; i < nparams; i++)
	{
	  const uint32_t *pr = CT_PARAM (op, i);
	  uint32_t kind = pr[IDL_CT_P_KIND], dir = pr[IDL_CT_P_DIR];
	  if (kind == IDL_CT_K_BUFFER)
	    {
	      uint32_t ci = pr[IDL_CT_P_COUNT], li = pr[IDL_CT_P_LENGTH];
	      uint64_t c = count_at (op, ci, argv[ci]);
	      if (__builtin_expect (c > pr[IDL_CT_P_MAX], 0))
		goto bad;
	      if (dir == IDL_CT_D_INOUT && li != IDL_CT_NONE)
		{
		  uint64_t l = count_at (op, li, argv[li]);
		  if (__builtin_expect (l > c, 0))
		    goto bad;
		  len[i] = l;
		}
	      else
		len[i] = c;
	    }
	  else if (kind == IDL_CT_K_STRING && dir != IDL_CT_D_OUT
		   && !(pr[IDL_CT_P_FLAGS] & IDL_CT_PF_IMPLIED))
	    {
	      uint64_t n = *(u32_any *) argv[i];
	      if (__builtin_expect (n > pr[IDL_CT_P_MAX], 0))
		goto bad;
	      len[i] = n;
	    }
	}

      const uint32_t *it = CT_ITEMS (rq);
      if (rq[IDL_CT_M_NITEMS])
	{
	  uint64_t plen = msg[IDL_MSG_REQ_LEN];
	  uint64_t off = rq[IDL_CT_M_FIXED];
	  if (__builtin_expect (off > plen, 0))
	    goto bad;
	  for (uint32_t k = 0; k < rq[IDL_CT_M_NITEMS];
	       k++, it += IDL_CT_ITEM_WORDS)
	    {
	      uint32_t i = it[IDL_CT_I_PARAM];
	      const uint32_t *pr = CT_PARAM (op, i);
	      if (it[IDL_CT_I_FIXED] == 1)
		{
		  argv[i] = req_pay + it[IDL_CT_I_OFFSET];
		  if (pr[IDL_CT_P_DIR] == IDL_CT_D_IN)
		    fix_param_bools (op, pr, argv[i], 1);
		  continue;
		}
	      int str = pr[IDL_CT_P_KIND] == IDL_CT_K_STRING;
	      uint64_t start = align_up (off, it[IDL_CT_I_ALIGN]);
	      if (it[IDL_CT_I_FIXED] == IDL_CT_I_IMPLIED)
		{
		  /* No length slot: the payload ends with the NUL.  */
		  if (__builtin_expect (start >= plen
					|| plen - start - 1
					   > pr[IDL_CT_P_MAX], 0))
		    goto bad;
		  len[i] = plen - start - 1;
		}
	      off = start + item_bytes (pr, len[i]) + str;
	      if (__builtin_expect (off > plen, 0))
		goto bad;
	      /* A string's NUL must be where its length says; it is never
		 scanned (paper 000, 4.5.4).  */
	      if (str && __builtin_expect (req_pay[start + len[i]] != 0, 0))
		goto bad;
	      argv[i] = req_pay + start;
	      if (!str && pr[IDL_CT_P_DIR] == IDL_CT_D_IN)
		fix_param_bools (op, pr, argv[i], len[i]);
	    }
	}
    }

  if (oneway)
    {
      thunk (call, argv, NULL);
      return IDL_TAG_ONEWAY;
    }

  /* 3. Where what comes back goes: out and inout scalars and blocks
     that return in words into the scratch words (an out value starts
     as zero, an out descriptor as -1), payload items into the reply
     area (an out block zeroed, an out string ""; an inout item copied
     there once, paper 000 4.4.1).  */
  const uint32_t rwords = rp[IDL_CT_M_WORDS];
  for (uint32_t w = 1; w <= rwords; w++)
    {
      scratch[w] = 0;
      /* A word or two: a loop, not a call to memset.  */
      __asm__ ("" : "+r" (w));
    }
  void *result = NULL;
  s = CT_SLOTS (rp);
  for (uint32_t k = 0; k < rp[IDL_CT_M_NSLOTS]; k++, s += IDL_CT_SLOT_WORDS)
    {
      uint32_t i = s[IDL_CT_S_PARAM], role = s[IDL_CT_S_ROLE];
      unsigned char *at = sbytes + s[IDL_CT_S_WORD] * 8 + s[IDL_CT_S_OFFSET];
      if (i == IDL_CT_NONE)
	{
	  result = at;
	  continue;
	}
      if (role == IDL_CT_R_LENGTH)
	continue;
      const uint32_t *pr = CT_PARAM (op, i);
      if (pr[IDL_CT_P_DIR] == IDL_CT_D_INOUT)
	{
	  memcpy (at, argv[i], s[IDL_CT_S_SIZE]);
	  if (role == IDL_CT_R_BLOCK)
	    fix_param_bools (op, pr, at, 1);
	}
      else if (role == IDL_CT_R_FD)
	*(int_any *) at = -1;
      argv[i] = at;
    }
  if (general)
    {
      const uint32_t *it = CT_ITEMS (rp);
      for (uint32_t k = 0; k < rp[IDL_CT_M_NITEMS];
	   k++, it += IDL_CT_ITEM_WORDS)
	{
	  uint32_t i = it[IDL_CT_I_PARAM];
	  const uint32_t *pr = CT_PARAM (op, i);
	  unsigned char *to = rep_pay + it[IDL_CT_I_OFFSET];
	  uint32_t kind = pr[IDL_CT_P_KIND];
	  if (pr[IDL_CT_P_DIR] == IDL_CT_D_INOUT)
	    {
	      if (it[IDL_CT_I_FIXED])
		{
		  memcpy (to, argv[i], it[IDL_CT_I_MAXBYTES]);
		  fix_param_bools (op, pr, to, 1);
		}
	      else
		{
		  memcpy (to, argv[i], item_bytes (pr, len[i])
			  + (kind == IDL_CT_K_STRING));
		  if (kind == IDL_CT_K_BUFFER)
		    fix_param_bools (op, pr, to, len[i]);
		}
	    }
	  else if (it[IDL_CT_I_FIXED])
	    memset (to, 0, it[IDL_CT_I_MAXBYTES]);
	  else if (kind == IDL_CT_K_STRING)
	    to[0] = 0;
	  argv[i] = to;
	}
    }

  /* 4. The implementation.  */
  thunk (call, argv, result);

  /* 5. Descriptors first: once listed, the runtime closes them even if
     the reply turns into an error below.  */
  s = CT_SLOTS (rp);
  if (rp[IDL_CT_M_NFDS])
    {
      uint64_t n = 0;
      for (uint32_t k = 0; k < rp[IDL_CT_M_NSLOTS];
	   k++, s += IDL_CT_SLOT_WORDS)
	if (s[IDL_CT_S_ROLE] == IDL_CT_R_FD)
	  {
	    int_any *at = (int_any *) (sbytes + s[IDL_CT_S_WORD] * 8
				       + s[IDL_CT_S_OFFSET]);
	    int fd = *at;
	    uint32_t idx = IDL_FD_NONE;
	    if (fd >= 0)
	      {
		msg[IDL_MSG_REPLY_FDS + n] = (uint64_t) fd;
		idx = (uint32_t) n++;
	      }
	    *(u32_any *) at = idx;
	  }
      msg[IDL_MSG_REPLY_NFDS] = n;
    }

  /* 6. What the implementation put in the variable items: a string
     must end within its bound, a buffer's length be within the
     caller's capacity; then they are packed without gaps.  */
  if (general && rp[IDL_CT_M_NITEMS])
    {
      const uint32_t *it = CT_ITEMS (rp);
      uint64_t off = rp[IDL_CT_M_FIXED];
      for (uint32_t k = 0; k < rp[IDL_CT_M_NITEMS];
	   k++, it += IDL_CT_ITEM_WORDS)
	{
	  if (it[IDL_CT_I_FIXED])
	    continue;
	  uint32_t i = it[IDL_CT_I_PARAM];
	  const uint32_t *pr = CT_PARAM (op, i);
	  uint64_t n;
	  if (pr[IDL_CT_P_KIND] == IDL_CT_K_STRING)
	    {
	      n = strnlen ((const char *) argv[i],
			   (size_t) pr[IDL_CT_P_MAX] + 1);
	      if (__builtin_expect (n > pr[IDL_CT_P_MAX], 0))
		return error_tag (IDL_E_BOUNDS);
	    }
	  else
	    {
	      uint32_t ci = pr[IDL_CT_P_COUNT], li = pr[IDL_CT_P_LENGTH];
	      n = count_at (op, ci, argv[ci]);
	      if (li != IDL_CT_NONE)
		{
		  uint64_t l = count_at (op, li, argv[li]);
		  if (__builtin_expect (l > n, 0))
		    return error_tag (IDL_E_BOUNDS);
		  n = l;
		}
	    }
	  len[i] = n;
	  uint64_t nb = item_bytes (pr, n);
	  if (off != it[IDL_CT_I_OFFSET])
	    memmove (rep_pay + off, argv[i], nb);
	  off += nb;
	}
      msg[IDL_MSG_REPLY_LEN] = off;

      /* The strings' lengths into their words.  */
      s = CT_SLOTS (rp);
      for (uint32_t k = 0; k < rp[IDL_CT_M_NSLOTS];
	   k++, s += IDL_CT_SLOT_WORDS)
	if (s[IDL_CT_S_ROLE] == IDL_CT_R_LENGTH)
	  *(u32_any *) (sbytes + s[IDL_CT_S_WORD] * 8 + s[IDL_CT_S_OFFSET])
	    = (uint32_t) len[s[IDL_CT_S_PARAM]];
    }

  /* 7. The reply's words.  */
  for (uint32_t w = 1; w <= rwords; w++)
    {
      msg[w] = scratch[w];
      __asm__ ("" : "+r" (w));
    }
  return table_tag (op + IDL_CT_REPLY_TAG);

 bad:
  return error_tag (IDL_E_BADMSG);
}

/* The general copy and the one for many parameters, out of line: only
   they need arrays sized at run time (ARGV for the thunk; LEN, per
   parameter the element count of each string or buffer sent, then of
   each sent back).  */
static uint64_t __attribute__ ((__noinline__))
serve_general (idl_call_t *call, uint64_t *msg, const uint32_t *op,
	       idl_thunk_fn thunk)
{
  void *argv[op[IDL_CT_NPARAMS] + 1];
  uint64_t len[op[IDL_CT_NPARAMS] + 1];
  return serve (call, msg, op, thunk, argv, len, 1);
}

static uint64_t __attribute__ ((__noinline__))
serve_words (idl_call_t *call, uint64_t *msg, const uint32_t *op,
	     idl_thunk_fn thunk)
{
  void *argv[op[IDL_CT_NPARAMS]];
  return serve (call, msg, op, thunk, argv, NULL, 0);
}

/* Operations of at most this many parameters, words only, take the
   inline copy, with ARGV on the dispatcher's frame.  */
#define SERVE_ARGS 8

uint64_t
idl_compact_dispatch (idl_call_t *call, uint64_t *msg,
		      const void *const *ops)
{
  uint64_t tag = msg[0];
  uintptr_t num = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;

  /* The operation, by binary search of the table sorted by number.  */
  const void *const *e = ops + 1;
  uintptr_t lo = 0, hi = (uintptr_t) ops[0];
  while (lo < hi)
    {
      uintptr_t mid = (lo + hi) >> 1;
      const void *const *m = e + mid * IDL_CT_OP_PTRS;
      uintptr_t x = (uintptr_t) m[0];
      if (x == num)
	{
	  const uint32_t *op = m[1];
	  idl_thunk_fn thunk = (idl_thunk_fn) (uintptr_t) m[2];
	  /* The whole tag at once: interface, number, flags, count.  */
	  if (__builtin_expect (tag != table_tag (op + IDL_CT_REQ_TAG), 0))
	    break;
	  if (__builtin_expect ((op[op[IDL_CT_REQ] + IDL_CT_M_NITEMS]
				 | op[op[IDL_CT_REPLY] + IDL_CT_M_NITEMS])
				!= 0, 0))
	    return serve_general (call, msg, op, thunk);
	  if (__builtin_expect (op[IDL_CT_NPARAMS] > SERVE_ARGS, 0))
	    return serve_words (call, msg, op, thunk);
	  void *argv[SERVE_ARGS];
	  return serve (call, msg, op, thunk, argv, NULL, 0);
	}
      if (x < num)
	lo = mid + 1;
      else
	hi = mid;
    }
  return error_tag (IDL_E_BADMSG);
}
