/* compact-server.c -- compact mode's server engine: idl_compact_dispatch.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What fast mode's generated dispatcher and server stubs do
   (plugin/dispatcher.cc and server-stub.cc), read from the
   operations' tables (idlrt-abi.h, "Compact mode") at run time: the
   same checks (every malformed request is IDL_E_BADMSG), the same
   reply, byte for byte.  The engine works on the server's private copy
   of the request (MSG) only, so nothing is fetched twice.

   Here: the dispatcher, which finds an operation's entry in its table
   of operations (by index, or by binary search when sparse) and checks
   the request's tag; an operation whose messages hold values only has
   a thunk of its own that reads its arguments from MSG and writes the
   reply's words (IDL_CT_F_DIRECT), which the dispatcher calls at once;
   and the short paths of operations whose payload items go one way
   (IDL_CT_F_SIMPLE: in the request; IDL_CT_F_OUT: in the reply).
   Anything else takes the general path, compact-server-general.c.  */

#include "compact-internal.h"

/* A direct thunk (IDL_CT_F_DIRECT), an idl_thunk_fn called as
   (CALL, MSG, ARGV): reads the request's words in MSG, the payload's
   items through ARGV, writes the reply's words.  */
typedef idl_thunk_fn direct_fn;

/* serve_simple_one for a string (the request's last item, no length
   slot): the payload ends with its NUL, never scanned (paper 000,
   4.5.4).  Little to keep across the call, so a small frame.  */
static uint64_t __attribute__ ((__noinline__))
serve_string_one (idl_call_t *call, uint64_t *msg, const uint32_t *t,
		  direct_fn thunk)
{
  unsigned char *req_pay = (unsigned char *) msg + IDL_MSG_REQ_PAYLOAD;
  uint64_t plen = msg[IDL_MSG_REQ_LEN];
  uint32_t h = t[IDL_CT_SHDR_WORDS];
  void *argv[CT_ARGS];
  if (__builtin_expect (plen == 0 || plen - 1 > t[IDL_CT_SHDR_WORDS + 1]
			|| req_pay[plen - 1] != 0, 0))
    return idl_error_tag (IDL_E_BADMSG);
  argv[I_PARAM (h)] = req_pay;
  uint64_t rtag = CT_FLAGS (t) & IDL_CT_F_ONEWAY ? IDL_TAG_ONEWAY
		  : SD_REPLY_TAG (msg, t);
  thunk (call, (void *const *) msg, argv);
  return rtag;
}

static uint64_t serve_simple_one_bools (idl_call_t *, uint64_t *,
					const uint32_t *, direct_fn);

/* serve_simple's single item, the common case (at offset 0, or its
   own when fixed), in a frame of its own.  Without BOOLS, an item with
   _Bools is left to serve_simple_one_bools, so that the common case
   makes no call but the thunk's and keeps only the reply's tag across
   it: a frame of one register.  */
static inline __attribute__ ((__always_inline__)) uint64_t
simple_one (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	    direct_fn thunk, const int bools)
{
  unsigned char *req_pay = (unsigned char *) msg + IDL_MSG_REQ_PAYLOAD;
  const uint32_t *it = t + IDL_CT_SHDR_WORDS;
  uint64_t plen = msg[IDL_MSG_REQ_LEN];
  uint32_t h = it[0], max = it[1];
  unsigned fl = I_FLAGS (h);
  uint64_t start = 0, n = 1, esize = max;
  void *argv[CT_ARGS];
  it += 2;
  if (fl & IDL_CT_IF_OFFSET)
    start = *it++;
  if (I_KIND (h) == IDL_CT_K_STRING)
    {
      /* No length slot: the payload ends with the NUL, never scanned
	 (paper 000, 4.5.4).  */
      if (__builtin_expect (plen == 0 || plen - 1 > max
			    || req_pay[plen - 1] != 0, 0))
	return idl_error_tag (IDL_E_BADMSG);
    }
  else if (I_KIND (h) == IDL_CT_K_BUFFER)
    {
      uint32_t e, count;
      it = ct_buffer (h, it, &e, &count);
      esize = e;
      if (fl & IDL_CT_IF_IMPLIED)
	{
	  if (__builtin_expect (!implied_count (count, (unsigned char *) msg,
						0, plen, esize, max, &n), 0))
	    return idl_error_tag (IDL_E_BADMSG);
	}
      else
	{
	  n = slot_count (count, (const unsigned char *) msg);
	  if (__builtin_expect (n > max || n * esize > plen, 0))
	    return idl_error_tag (IDL_E_BADMSG);
	}
    }
  else if (__builtin_expect (start + max > plen, 0))
    return idl_error_tag (IDL_E_BADMSG);
  if (__builtin_expect (fl & IDL_CT_IF_BOOLS, 0))
    {
      if (!bools)
	return serve_simple_one_bools (call, msg, t, thunk);
      fix_bools (req_pay + start, t, *it, n, esize);
    }
  argv[I_PARAM (h)] = req_pay + start;
  /* (The reply's tag first: only it lives across the call.)  */
  uint64_t rtag = CT_FLAGS (t) & IDL_CT_F_ONEWAY ? IDL_TAG_ONEWAY
		  : SD_REPLY_TAG (msg, t);
  thunk (call, (void *const *) msg, argv);
  return rtag;
}

static uint64_t __attribute__ ((__noinline__))
serve_simple_one (idl_call_t *call, uint64_t *msg, const uint32_t *t,
		  direct_fn thunk)
{
  return simple_one (call, msg, t, thunk, 0);
}

static uint64_t __attribute__ ((__noinline__, __cold__))
serve_simple_one_bools (idl_call_t *call, uint64_t *msg, const uint32_t *t,
			direct_fn thunk)
{
  return simple_one (call, msg, t, thunk, 1);
}

/* An IDL_CT_F_SIMPLE operation with a direct thunk (the request's
   payload items, the reply's values, which the thunk writes): the
   checks of serve_direct's steps 1 and 2, with nothing to decide that
   the flag has decided.  */
static uint64_t __attribute__ ((__noinline__))
serve_simple (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	      direct_fn thunk)
{
  unsigned char *bytes = (unsigned char *) msg;
  unsigned char *req_pay = bytes + IDL_MSG_REQ_PAYLOAD;
  void *argv[CT_ARGS];
  const uint32_t *s = t + IDL_CT_SHDR_WORDS, *it;
  uint64_t plen = msg[IDL_MSG_REQ_LEN], off = 0;
  unsigned k;

  /* Blocks in words with _Bools: rewritten in place.  */
  for (k = CT_NRQ (t); k; k--, s = ct_next_slot (s))
    if (S_HAS_BOOLS (*s))
      fix_bools (bytes + S_BYTE (*s), t, s[1], 1, 0);
  it = s;
  for (k = SD_NIQ (t); k; k--)
    {
      uint32_t h = *it, p = I_PARAM (h), max = it[1];
      unsigned fl = I_FLAGS (h);
      uint64_t start = 0, n = 1, esize = 1;
      if (fl & IDL_CT_IF_OFFSET)
	start = *(it++ + 2);
      it += 2;
      switch (I_KIND (h))
	{
	case IDL_CT_K_FIXED:
	  off = start + max;
	  if (__builtin_expect (off > plen, 0))
	    goto bad;
	  esize = max;
	  break;
	case IDL_CT_K_STRING:
	  /* The request's last item, with no length slot: the payload
	     ends with its NUL, never scanned (paper 000, 4.5.4).  */
	  start = align_up (off, I_ALIGN (h));
	  if (__builtin_expect (start >= plen || plen - start - 1 > max
				|| req_pay[plen - 1] != 0, 0))
	    goto bad;
	  off = plen;
	  n = 0;
	  break;
	default:
	  {
	    uint32_t e, count;
	    it = ct_buffer (h, it, &e, &count);
	    esize = e;
	    start = align_up (off, I_ALIGN (h));
	    if (fl & IDL_CT_IF_IMPLIED)
	      {
		if (__builtin_expect (!implied_count (count, bytes, start, plen,
						      esize, max, &n), 0))
		  goto bad;
	      }
	    else
	      n = slot_count (count, bytes);
	  }
	  if (__builtin_expect (n > max, 0))
	    goto bad;
	  off = start + n * esize;
	  if (__builtin_expect (off > plen, 0))
	    goto bad;
	}
      argv[p] = req_pay + start;
      if (fl & IDL_CT_IF_BOOLS)
	fix_bools (req_pay + start, t, *it++, n, esize);
    }
  thunk (call, (void *const *) msg, argv);
  return CT_FLAGS (t) & IDL_CT_F_ONEWAY ? IDL_TAG_ONEWAY : SD_REPLY_TAG (msg, t);

 bad:
  return idl_error_tag (IDL_E_BADMSG);
}

/* serve_out's single item (a fixed block at its offset, or a string or
   buffer at 0), in a frame of its own.  */
static uint64_t __attribute__ ((__noinline__))
serve_out_fixed (idl_call_t *call, uint64_t *msg, const uint32_t *t,
		 direct_fn thunk)
{
  unsigned char *bytes = (unsigned char *) msg;
  unsigned char *rep_pay = bytes + IDL_MSG_REPLY_PAYLOAD;
  void *argv[CT_ARGS];
  const uint32_t *x = t + IDL_CT_SHDR_WORDS;
  uint32_t h = x[0], max = x[1];
  unsigned fl = I_FLAGS (h), kind = I_KIND (h);
  uint64_t off = 0, cap = 0, esize = 1, nb;
  x += 2;
  if (fl & IDL_CT_IF_OFFSET)
    off = *x++;
  unsigned char *to = rep_pay + off;
  if (kind == IDL_CT_K_BUFFER)
    {
      uint32_t e, count;
      x = ct_buffer (h, x, &e, &count);
      esize = e;
      cap = slot_count (count, bytes);
      if (__builtin_expect (cap > max, 0))
	return idl_error_tag (IDL_E_BADMSG);
    }
  else if (kind == IDL_CT_K_FIXED)
    memset (to, 0, max);
  else
    to[0] = 0;
  uint32_t lslot = fl & IDL_CT_IF_LENGTH ? *x : 0;
  argv[I_PARAM (h)] = to;
  thunk (call, (void *const *) msg, argv);
  if (kind == IDL_CT_K_FIXED)
    nb = off + max;
  else if (kind == IDL_CT_K_STRING)
    {
      nb = strnlen ((const char *) to, (size_t) max + 1);
      if (__builtin_expect (nb > max, 0))
	return idl_error_tag (IDL_E_BOUNDS);
      *(u32_any *) (bytes + S_BYTE (lslot)) = (uint32_t) nb;
    }
  else
    {
      nb = cap;
      if (lslot)
	{
	  uint64_t l = slot_count (lslot, bytes);
	  if (__builtin_expect (l > cap, 0))
	    return idl_error_tag (IDL_E_BOUNDS);
	  nb = l;
	}
      nb *= esize;
    }
  msg[IDL_MSG_REPLY_LEN] = nb;
  return SD_REPLY_TAG (msg, t);
}

/* The same, the commonest case first: a buffer (an out array the
   caller sized, SawMill's pfs_get_direntries), the reply's only item,
   so at 0 in the reply area, where the implementation fills it and
   the runtime sends it from.  Only MSG, the table and the capacity are
   kept across the call.  */
static uint64_t __attribute__ ((__noinline__))
serve_out_one (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	       direct_fn thunk)
{
  const uint32_t *x = t + IDL_CT_SHDR_WORDS;
  uint32_t h = x[0], esize, count;
  if (__builtin_expect ((I_FLAGS (h) & (3 | IDL_CT_IF_OFFSET))
			!= IDL_CT_K_BUFFER, 0))
    return serve_out_fixed (call, msg, t, thunk);
  void *argv[CT_ARGS];
  ct_buffer (h, x + 2, &esize, &count);
  /* The caller's capacity, within the bound before the implementation
     writes anything.  */
  uint64_t cap = slot_count (count, (const unsigned char *) msg);
  if (__builtin_expect (cap > x[1], 0))
    return idl_error_tag (IDL_E_BADMSG);
  argv[I_PARAM (h)] = (unsigned char *) msg + IDL_MSG_REPLY_PAYLOAD;
  thunk (call, (void *const *) msg, argv);

  /* The length the implementation set, within the capacity (read in
     MSG, the server's own).  */
  h = x[0];
  x = ct_buffer (h, x + 2, &esize, &count);
  uint64_t n = cap;
  if (I_FLAGS (h) & IDL_CT_IF_LENGTH)
    {
      n = slot_count (*x, (const unsigned char *) msg);
      if (__builtin_expect (n > cap, 0))
	return idl_error_tag (IDL_E_BOUNDS);
    }
  msg[IDL_MSG_REPLY_LEN] = n * esize;
  return SD_REPLY_TAG (msg, t);
}

/* An IDL_CT_F_OUT operation with a direct thunk (values in the request,
   payload items in the reply; its table lists no slots, a string item
   carries its length slot): serve_direct's steps 3, 4 and 6.  */
static uint64_t __attribute__ ((__noinline__))
serve_out (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	   direct_fn thunk)
{
  unsigned char *bytes = (unsigned char *) msg;
  unsigned char *rep_pay = bytes + IDL_MSG_REPLY_PAYLOAD;
  const uint32_t *items = t + IDL_CT_SHDR_WORDS, *it;
  void *argv[CT_ARGS];
  uint64_t cap[8];
  struct ct_item m;
  unsigned n = SD_NIP (t), k;

  if (n == 1)
    return serve_out_one (call, msg, t, thunk);

  /* Where the items go (an out block zeroed, an out string ""), each
     buffer's count within its bound; kept, for the thunk overwrites
     the request's words.  */
  for (it = items, k = 0; k < n; k++)
    {
      it = ct_item (it, &m);
      unsigned char *to = rep_pay + m.offset;
      if (I_KIND (m.head) == IDL_CT_K_FIXED)
	memset (to, 0, m.max);
      else if (I_KIND (m.head) == IDL_CT_K_STRING)
	to[0] = 0;
      else
	{
	  cap[k] = slot_count (m.count, bytes);
	  if (__builtin_expect (cap[k] > m.max, 0))
	    return idl_error_tag (IDL_E_BADMSG);
	}
      argv[I_PARAM (m.head)] = to;
    }

  thunk (call, (void *const *) msg, argv);

  /* What the implementation put there: a string ends within its bound,
     a buffer's length is within the caller's capacity; packed without
     gaps, the strings' lengths into their words.  */
  uint64_t off = 0;
  for (it = items, k = 0; k < n; k++)
    {
      it = ct_item (it, &m);
      void *from = argv[I_PARAM (m.head)];
      uint64_t nb;
      if (I_KIND (m.head) == IDL_CT_K_FIXED)
	{
	  off = (uint64_t) m.offset + m.max;
	  continue;
	}
      if (I_KIND (m.head) == IDL_CT_K_STRING)
	{
	  nb = strnlen ((const char *) from, (size_t) m.max + 1);
	  if (__builtin_expect (nb > m.max, 0))
	    return idl_error_tag (IDL_E_BOUNDS);
	  *(u32_any *) (bytes + S_BYTE (m.length)) = (uint32_t) nb;
	}
      else
	{
	  nb = cap[k];
	  if (I_FLAGS (m.head) & IDL_CT_IF_LENGTH)
	    {
	      uint64_t l = slot_count (m.length, bytes);
	      if (__builtin_expect (l > nb, 0))
		return idl_error_tag (IDL_E_BOUNDS);
	      nb = l;
	    }
	  nb *= m.esize;
	}
      if (off != m.offset)
	memmove (rep_pay + off, from, nb);
      off += nb;
    }
  msg[IDL_MSG_REPLY_LEN] = off;
  return SD_REPLY_TAG (msg, t);
}

/* The thunk of an odd entry of a table of operations (an operation
   with values only, and no table): as a direct thunk, returning the
   reply's tag.  */
typedef uint64_t (*values_fn) (idl_call_t *call, void *const *msg,
			       void *unused);

/* The operation number of word W of a table of operations' words
   WV.  */
static inline uintptr_t
entry_number (uint32_t w, const uint32_t *wv)
{
  if (w & IDL_CT_W_DIRECT)
    return w >> IDL_TAG_OP_SHIFT;
  return wv[(w >> IDL_CT_W_SHIFT) + 1] >> IDL_TAG_OP_SHIFT;
}

/* An operation with a table T, run by THUNK; H is the table of
   operations' first word.  */
static uint64_t __attribute__ ((__noinline__))
dispatch_table (idl_call_t *call, uint64_t *msg, uint64_t h,
		idl_thunk_fn thunk, const uint32_t *t)
{
  if (CT_FLAGS (t) & IDL_CT_F_DIRECT)
    {
      /* The whole tag: interface (the dispatcher's), number, flags,
	 count.  */
      if (__builtin_expect ((uint32_t) msg[0] != t[1]
			    || (msg[0] ^ h) >> 32, 0))
	return idl_error_tag (IDL_E_BADMSG);
      if (CT_FLAGS (t) & IDL_CT_F_SIMPLE && CT_NP (t) <= CT_ARGS)
	return SD_NIQ (t) == 1 && CT_NRQ (t) == 0
	       ? serve_simple_one (call, msg, t, thunk)
	       : serve_simple (call, msg, t, thunk);
      if (CT_FLAGS (t) & IDL_CT_F_OUT && CT_NP (t) <= CT_ARGS)
	return serve_out (call, msg, t, thunk);
      if (CT_FLAGS (t) & IDL_CT_F_GENERAL)
	return idl_ct_serve_direct_table (call, msg, t, thunk);
      thunk (call, (void *const *) msg, NULL);
      return CT_FLAGS (t) & IDL_CT_F_ONEWAY ? IDL_TAG_ONEWAY
	     : SD_REPLY_TAG (msg, t);
    }
  /* The whole tag at once: interface, number, flags, count.  */
  if (__builtin_expect (msg[0] != table_tag (t), 0))
    return idl_error_tag (IDL_E_BADMSG);
  return idl_ct_serve_table (call, msg, t, thunk);
}

/* Entry K of the table of operations OPS, whose words are at WV; H is
   its first word.  */
static inline __attribute__ ((__always_inline__)) uint64_t
dispatch_entry (idl_call_t *call, uint64_t *msg, uint64_t h,
		const void *const *ops, const uint32_t *wv, uintptr_t k)
{
  uint32_t w = wv[k];
  idl_thunk_fn thunk = (idl_thunk_fn) (uintptr_t) ops[1 + k];
  if (w & IDL_CT_W_DIRECT)
    {
      /* Values only (or one buffer out): the whole tag against the
	 one the word holds, then the thunk does the rest and returns
	 the reply's tag.  */
      if (__builtin_expect (msg[0] != ((h >> 32 << 32)
				       | (w ^ IDL_CT_W_DIRECT)), 0))
	return idl_error_tag (IDL_E_BADMSG);
      return ((values_fn) (uintptr_t) thunk) (call, (void *const *) msg,
					      NULL);
    }
  const uint32_t *t = wv + (w >> IDL_CT_W_SHIFT);
  if (w & IDL_CT_OP_ONE)
    {
      if (__builtin_expect ((uint32_t) msg[0] != t[1]
			    || (msg[0] ^ h) >> 32, 0))
	return idl_error_tag (IDL_E_BADMSG);
      if (w & 1)
	/* A simple operation whose one item is a string.  */
	return serve_string_one (call, msg, t, thunk);
      /* A simple or out operation's single item: its shortest path.  */
      if (CT_FLAGS (t) & IDL_CT_F_OUT)
	return serve_out_one (call, msg, t, thunk);
      return serve_simple_one (call, msg, t, thunk);
    }
  /* The short paths straight from here.  */
  if ((uint32_t) msg[0] == t[1] && !((msg[0] ^ h) >> 32)
      && CT_NP (t) <= CT_ARGS)
    switch (CT_FLAGS (t) & (IDL_CT_F_SIMPLE | IDL_CT_F_OUT
			     | IDL_CT_F_DIRECT))
      {
      case IDL_CT_F_SIMPLE | IDL_CT_F_DIRECT:
	if (SD_NIQ (t) == 1 && CT_NRQ (t) == 0)
	  return serve_simple_one (call, msg, t, thunk);
	return serve_simple (call, msg, t, thunk);
      case IDL_CT_F_OUT | IDL_CT_F_DIRECT:
	return serve_out (call, msg, t, thunk);
      default:
	break;
      }
  return dispatch_table (call, msg, h, thunk, t);
}

/* Operations found by binary search, and numbers out of range.  */
static uint64_t __attribute__ ((__noinline__))
dispatch_sparse (idl_call_t *call, uint64_t *msg, const void *const *ops)
{
  uintptr_t num = (msg[0] >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  uint64_t h = (uintptr_t) ops[0];
  uintptr_t n = (h >> 16) & IDL_TAG_OP_MASK, lo = 0, hi = n;
  const uint32_t *wv = (const uint32_t *) (ops + 1 + n);
  if (!(h & IDL_CT_OPS_SPARSE))
    return idl_error_tag (IDL_E_BADMSG);
  while (lo < hi)
    {
      uintptr_t mid = (lo + hi) >> 1;
      uintptr_t x = entry_number (wv[mid], wv);
      if (x == num)
	return dispatch_entry (call, msg, h, ops, wv, mid);
      if (x < num)
	lo = mid + 1;
      else
	hi = mid;
    }
  return idl_error_tag (IDL_E_BADMSG);
}

uint64_t
idl_compact_dispatch (idl_call_t *call, uint64_t *msg,
		      const void *const *ops)
{
  uint64_t h = (uintptr_t) ops[0];
  /* By index (a sparse table's count here is 0, so it always takes the
     out-of-line path).  (The operation number and the table's first
     one are bits 16-31 of 32-bit words: one shift each.)  */
  uint32_t k = ((uint32_t) msg[0] >> IDL_TAG_OP_SHIFT) - ((uint32_t) h >> 16);
  uintptr_t n = h & IDL_CT_OPS_COUNT;
  if (__builtin_expect (k >= n, 0))
    return dispatch_sparse (call, msg, ops);
  return dispatch_entry (call, msg, h, ops, (const uint32_t *) (ops + 1 + n),
			 k);
}
