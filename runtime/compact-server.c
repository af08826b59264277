/* compact-server.c -- compact mode's server engine, idl_compact_dispatch.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What fast mode's generated dispatcher and server stubs do
   (plugin/dispatcher.cc and server-stub.cc), read from the
   operations' tables (idlrt-abi.h, "Compact mode") at run time: the
   same checks (every malformed request is IDL_E_BADMSG), the same
   reply, byte for byte.  The engine works on the server's private copy
   of the request (MSG) only, so nothing is fetched twice.

   An operation whose messages hold values only has a thunk of its own
   that reads its arguments from MSG and writes the reply's words
   (IDL_CT_F_DIRECT): the engine finds it, checks the tag and returns
   the reply's.  Any other runs through serve below, which passes
   by-value arguments as pointers into MSG, where each value already
   sits in its own bytes: register packing puts a value of SIZE bytes at
   a multiple of SIZE in a little-endian word (plugin/layout.cc), so the
   bytes at word * 8 + offset are its object representation.  The out
   and inout scalars and the blocks that return in words point into a
   scratch copy of the reply words, laid out like them, so that after
   the call the reply's words are one copy of that scratch.  */

#include "compact-internal.h"

/* The out descriptor the implementation left at AT: list it as the
   reply's descriptor *N (and count it) unless it is negative, and put
   its index, or IDL_FD_NONE, where it was.  */
static inline __attribute__ ((__always_inline__)) void
list_reply_fd (uint64_t *msg, unsigned char *at, uint64_t *n)
{
  int fd = *(int_any *) at;
  uint32_t idx = IDL_FD_NONE;
  if (fd >= 0)
    {
      msg[IDL_MSG_REPLY_FDS + *n] = (uint64_t) fd;
      idx = (uint32_t) (*n)++;
    }
  *(u32_any *) at = idx;
}

/* The element count of request buffer M, which starts at START in a
   payload of PLEN bytes, from the words at BYTES: its count, or its
   length when it has one, into *N.  False when the count is over the
   buffer's bound or the length over the count.  */
static inline __attribute__ ((__always_inline__)) int
sent_count (const struct ct_item *m, unsigned char *bytes, uint64_t start,
	    uint64_t plen, uint64_t *n)
{
  if (I_FLAGS (m->head) & IDL_CT_IF_IMPLIED)
    return implied_count (m->count, bytes, start, plen, m->esize, m->max, n);
  uint64_t c = slot_count (m->count, bytes);
  if (c > m->max)
    return 0;
  if (I_FLAGS (m->head) & IDL_CT_IF_LENGTH)
    {
      uint64_t l = slot_count (m->length, bytes);
      if (l > c)
	return 0;
      c = l;
    }
  *n = c;
  return 1;
}

/* Run the operation of table T on the request in MSG, whose tag has
   been checked, with THUNK.  ARGV and LEN have a place per
   parameter.  */
static inline __attribute__ ((__always_inline__)) uint64_t
serve (idl_call_t *call, uint64_t *msg, const uint32_t *t,
       idl_thunk_fn thunk, void **argv, uint64_t *len)
{
  unsigned char *bytes = (unsigned char *) msg;
  unsigned char *req_pay = bytes + IDL_MSG_REQ_PAYLOAD;
  unsigned char *rep_pay = bytes + IDL_MSG_REPLY_PAYLOAD;
  /* The reply's words, 1-based, as the implementation fills them.  */
  uint64_t scratch[IDL_MR_WORDS];
  unsigned char *sb = (unsigned char *) scratch;
  const uint32_t *s, *rs, *ip, *it;
  struct ct_item m;
  unsigned k;

  /* 1. The request's words, in place (direct stack transfer, paper
     000, 4.3.1): each argument points at its value's bytes.  A _Bool
     is rewritten as 0 or 1, a descriptor index becomes the descriptor
     (IDL_FD_NONE: -1; others below the count received), a block's
     _Bools are rewritten where it is (an inout one is copied in step
     3, fixed), a string's length is kept for step 2.  */
  s = t + IDL_CT_HDR_WORDS;
  for (k = 0; k < CT_NRQ (t); k++, s = ct_next_slot (s))
    {
      uint32_t x = *s, p = S_PARAM (x);
      unsigned char *at = bytes + S_BYTE (x);
      argv[p] = at;
      switch (S_ROLE (x))
	{
	case IDL_CT_R_VALUE:
	  if (__builtin_expect (S_CLASS (x) == IDL_CT_V_BOOL, 0))
	    store_bits (at, S_SIZE (x), load_bits (at, S_SIZE (x)) != 0);
	  break;
	case IDL_CT_R_FD:
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
	    break;
	  }
	case IDL_CT_R_BLOCK:
	  if (S_HAS_BOOLS (x))
	    fix_bools (at, t, s[1], 1, 0);
	  break;
	default:
	  len[p] = *(u32_any *) at;
	}
    }
  rs = s;
  ip = ct_skip_slots (t, rs, CT_NRP (t));

  /* 2. The payload's items: each within the payload received, its
     count or length within its bound, before anything uses it (in
     blocks and elements the _Bools rewritten).  Lengths are compared,
     never pointers.  */
  it = ip;
  if (CT_NIQ (t))
    {
      uint64_t plen = msg[IDL_MSG_REQ_LEN];
      uint64_t off = 0;
      for (k = 0; k < CT_NIQ (t); k++)
	{
	  it = ct_item (it, &m);
	  uint32_t p = I_PARAM (m.head);
	  if (I_KIND (m.head) == IDL_CT_K_FIXED)
	    {
	      off = (uint64_t) m.offset + m.max;
	      if (__builtin_expect (off > plen, 0))
		goto bad;
	      argv[p] = req_pay + m.offset;
	      if (m.bools)
		fix_bools (argv[p], t, m.bools, 1, 0);
	      continue;
	    }
	  uint64_t start = align_up (off, I_ALIGN (m.head)), n;
	  if (I_KIND (m.head) == IDL_CT_K_STRING)
	    {
	      if (I_FLAGS (m.head) & IDL_CT_IF_IMPLIED)
		{
		  /* No length slot: the payload ends with the NUL.  */
		  if (__builtin_expect (start >= plen
					|| plen - start - 1 > m.max, 0))
		    goto bad;
		  n = plen - start - 1;
		}
	      else
		{
		  n = len[p];
		  if (__builtin_expect (n > m.max, 0))
		    goto bad;
		}
	      off = start + n + 1;
	      if (__builtin_expect (off > plen, 0))
		goto bad;
	      /* The NUL must be where the length says; the string is
		 never scanned (paper 000, 4.5.4).  */
	      if (__builtin_expect (req_pay[start + n] != 0, 0))
		goto bad;
	    }
	  else
	    {
	      if (__builtin_expect (!sent_count (&m, bytes, start, plen, &n), 0))
		goto bad;
	      off = start + n * m.esize;
	      if (__builtin_expect (off > plen, 0))
		goto bad;
	      if (m.bools)
		fix_bools (req_pay + start, t, m.bools, n, m.esize);
	      if (I_FLAGS (m.head) & IDL_CT_IF_IMPLIED)
		/* The count, where sent_count put it.  */
		argv[S_PARAM (m.count)] = bytes + S_BYTE (m.count);
	    }
	  len[p] = n;
	  argv[p] = req_pay + start;
	}
    }

  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    {
      thunk (call, argv, NULL);
      return IDL_TAG_ONEWAY;
    }

  /* 3. Where what comes back goes: out and inout scalars and blocks
     that return in words into the scratch words (an out value starts
     as zero, an out descriptor as -1), payload items into the reply
     area (an out block zeroed, an out string ""; an inout item copied
     there once, paper 000 4.4.1).  An out buffer's count is checked
     against its bound too.  */
  const unsigned rwords = CT_RWORDS (t);
  for (unsigned w = 1; w <= rwords; w++)
    {
      scratch[w] = 0;
      /* A word or two: a loop, not a call to memset.  */
      __asm__ ("" : "+r" (w));
    }
  void *result = NULL;
  int fds = 0;
  for (s = rs, k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
    {
      uint32_t x = *s, p = S_PARAM (x);
      unsigned char *at = sb + S_BYTE (x);
      if (p == IDL_CT_RESULT)
	{
	  result = at;
	  continue;
	}
      if (S_ROLE (x) == IDL_CT_R_LENGTH)
	continue;
      if (S_INOUT (x))
	memcpy (at, argv[p], S_SIZE (x));
      else if (S_ROLE (x) == IDL_CT_R_FD)
	*(int_any *) at = -1;
      fds |= S_ROLE (x) == IDL_CT_R_FD;
      argv[p] = at;
    }
  for (k = 0; k < CT_NIP (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head), kind = I_KIND (m.head);
      unsigned char *to = rep_pay + m.offset;
      if (I_FLAGS (m.head) & IDL_CT_IF_INOUT)
	memcpy (to, argv[p], kind == IDL_CT_K_FIXED ? m.max
			     : kind == IDL_CT_K_STRING ? len[p] + 1
			     : len[p] * m.esize);
      else if (kind == IDL_CT_K_FIXED)
	memset (to, 0, m.max);
      else if (kind == IDL_CT_K_STRING)
	to[0] = 0;
      else if (__builtin_expect (slot_count (m.count, bytes) > m.max, 0))
	goto bad;
      argv[p] = to;
    }

  /* 4. The implementation.  */
  thunk (call, argv, result);

  /* 5. Descriptors first: once listed, the runtime closes them even if
     the reply turns into an error below.  */
  if (fds)
    {
      uint64_t n = 0;
      for (s = rs, k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
	if (S_ROLE (*s) == IDL_CT_R_FD)
	  list_reply_fd (msg, sb + S_BYTE (*s), &n);
      msg[IDL_MSG_REPLY_NFDS] = n;
    }

  /* 6. What the implementation put in the variable items: a string
     must end within its bound, a buffer's length be within the
     caller's capacity; then they are packed without gaps, and the
     strings' lengths go into their words.  */
  if (CT_NIP (t))
    {
      uint64_t off = 0;
      for (it = ip, k = 0; k < CT_NIQ (t); k++)
	it = ct_item (it, &m);
      for (k = 0; k < CT_NIP (t); k++)
	{
	  it = ct_item (it, &m);
	  uint32_t p = I_PARAM (m.head);
	  uint64_t n;
	  if (I_KIND (m.head) == IDL_CT_K_FIXED)
	    {
	      off = (uint64_t) m.offset + m.max;
	      continue;
	    }
	  if (I_KIND (m.head) == IDL_CT_K_STRING)
	    {
	      n = strnlen ((const char *) argv[p], (size_t) m.max + 1);
	      if (__builtin_expect (n > m.max, 0))
		return error_tag (IDL_E_BOUNDS);
	    }
	  else
	    {
	      n = slot_count (m.count, bytes);
	      if (I_FLAGS (m.head) & IDL_CT_IF_LENGTH)
		{
		  uint64_t l = slot_count (m.length, sb);
		  if (__builtin_expect (l > n, 0))
		    return error_tag (IDL_E_BOUNDS);
		  n = l;
		}
	    }
	  len[p] = n;
	  uint64_t nb = n * m.esize;
	  if (off != m.offset)
	    memmove (rep_pay + off, argv[p], nb);
	  off += nb;
	}
      msg[IDL_MSG_REPLY_LEN] = off;
      for (s = rs, k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
	if (S_ROLE (*s) == IDL_CT_R_LENGTH)
	  *(u32_any *) (sb + S_BYTE (*s)) = (uint32_t) len[S_PARAM (*s)];
    }

  /* 7. The reply's words.  */
  for (unsigned w = 1; w <= rwords; w++)
    {
      msg[w] = scratch[w];
      __asm__ ("" : "+r" (w));
    }
  return reply_tag (t);

 bad:
  return error_tag (IDL_E_BADMSG);
}

/* A direct thunk (IDL_CT_F_DIRECT), an idl_thunk_fn called as
   (CALL, MSG, ARGV): reads the request's words in MSG, the payload's
   items through ARGV, writes the reply's words.  */
typedef idl_thunk_fn direct_fn;

/* Run the operation of table T, IDL_CT_F_DIRECT and IDL_CT_F_GENERAL, on
   the request in MSG, whose tag has been checked, with THUNK: what the
   thunk cannot do from the layout alone.  The table lists the request's
   lengths, descriptors and blocks with _Bools, the reply's lengths and
   descriptors, and every item.  ARGV and LEN have a place per
   parameter.  */
static inline __attribute__ ((__always_inline__)) uint64_t
serve_direct (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	      direct_fn thunk, void **argv, uint64_t *len)
{
  unsigned char *bytes = (unsigned char *) msg;
  unsigned char *req_pay = bytes + IDL_MSG_REQ_PAYLOAD;
  unsigned char *rep_pay = bytes + IDL_MSG_REPLY_PAYLOAD;
  const uint32_t *s = t + IDL_CT_SHDR_WORDS, *rs, *it, *ip;
  struct ct_item m;
  unsigned k;

  /* 1. The request's lengths, descriptors (an index becomes the
     descriptor: IDL_FD_NONE -1, others below the count received) and
     blocks' _Bools, in place.  */
  for (k = CT_NRQ (t); k; k--, s = ct_next_slot (s))
    {
      uint32_t x = *s;
      unsigned char *at = bytes + S_BYTE (x);
      argv[S_PARAM (x)] = at;
      if (S_ROLE (x) == IDL_CT_R_LENGTH)
	len[S_PARAM (x)] = *(u32_any *) at;
      else if (S_ROLE (x) == IDL_CT_R_FD)
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
      else if (S_HAS_BOOLS (x))
	fix_bools (at, t, s[1], 1, 0);
    }
  rs = s;
  it = ct_skip_slots (t, rs, CT_NRP (t));

  /* 2. The request's items, as serve checks them.  */
  if (SD_NIQ (t))
    {
      uint64_t plen = msg[IDL_MSG_REQ_LEN], off = 0;
      for (k = SD_NIQ (t); k; k--)
	{
	  it = ct_item (it, &m);
	  uint32_t p = I_PARAM (m.head), kind = I_KIND (m.head);
	  uint64_t start, n;
	  if (kind == IDL_CT_K_FIXED)
	    {
	      start = m.offset;
	      off = start + m.max;
	      if (__builtin_expect (off > plen, 0))
		goto bad;
	      if (m.bools)
		fix_bools (req_pay + start, t, m.bools, 1, 0);
	      argv[p] = req_pay + start;
	      continue;
	    }
	  start = align_up (off, I_ALIGN (m.head));
	  if (kind == IDL_CT_K_STRING)
	    {
	      if (I_FLAGS (m.head) & IDL_CT_IF_IMPLIED)
		{
		  /* No length slot: the payload ends with the NUL.  */
		  if (__builtin_expect (start >= plen
					|| plen - start - 1 > m.max, 0))
		    goto bad;
		  n = plen - start - 1;
		}
	      else if (__builtin_expect ((n = len[p]) > m.max, 0))
		goto bad;
	      off = start + n + 1;
	      /* The NUL must be where the length says; the string is
		 never scanned (paper 000, 4.5.4).  */
	      if (__builtin_expect (off > plen || req_pay[off - 1] != 0, 0))
		goto bad;
	    }
	  else
	    {
	      if (__builtin_expect (!sent_count (&m, bytes, start, plen, &n), 0))
		goto bad;
	      off = start + n * m.esize;
	      if (__builtin_expect (off > plen, 0))
		goto bad;
	      if (m.bools)
		fix_bools (req_pay + start, t, m.bools, n, m.esize);
	    }
	  len[p] = n;
	  argv[p] = req_pay + start;
	}
    }

  /* 3. The reply's items in the reply area (an out block zeroed, an out
     string "", an inout item copied there once, paper 000 4.4.1); a
     buffer's count checked against its bound, and kept, for the thunk
     overwrites the request's words.  */
  ip = it;
  for (k = SD_NIP (t); k; k--)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head), kind = I_KIND (m.head);
      unsigned char *to = rep_pay + m.offset;
      if (I_FLAGS (m.head) & IDL_CT_IF_INOUT)
	memcpy (to, argv[p], kind == IDL_CT_K_FIXED ? m.max
			     : kind == IDL_CT_K_STRING ? len[p] + 1
			     : len[p] * m.esize);
      else if (kind == IDL_CT_K_FIXED)
	memset (to, 0, m.max);
      else if (kind == IDL_CT_K_STRING)
	to[0] = 0;
      if (kind == IDL_CT_K_BUFFER)
	{
	  len[p] = slot_count (m.count, bytes);
	  if (__builtin_expect (len[p] > m.max, 0))
	    goto bad;
	}
      argv[p] = to;
    }

  /* 4. The thunk: the implementation, the reply's words.  */
  thunk (call, (void *const *) msg, argv);
  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    return IDL_TAG_ONEWAY;

  /* 5. Descriptors first: once listed, the runtime closes them even if
     the reply turns into an error below.  */
  uint64_t nfds = 0;
  for (s = rs, k = CT_NRP (t); k; k--, s = ct_next_slot (s))
    if (S_ROLE (*s) == IDL_CT_R_FD)
      {
	list_reply_fd (msg, bytes + S_BYTE (*s), &nfds);
	msg[IDL_MSG_REPLY_NFDS] = nfds;
      }

  /* 6. What the implementation put in the variable items: a string
     must end within its bound, a buffer's length be within the
     caller's capacity; then they are packed without gaps, and the
     strings' lengths go into their words.  */
  if (SD_NIP (t))
    {
      uint64_t off = 0;
      for (it = ip, k = SD_NIP (t); k; k--)
	{
	  it = ct_item (it, &m);
	  uint32_t p = I_PARAM (m.head);
	  uint64_t n;
	  if (I_KIND (m.head) == IDL_CT_K_FIXED)
	    {
	      off = (uint64_t) m.offset + m.max;
	      continue;
	    }
	  if (I_KIND (m.head) == IDL_CT_K_STRING)
	    {
	      n = strnlen ((const char *) argv[p], (size_t) m.max + 1);
	      if (__builtin_expect (n > m.max, 0))
		return error_tag (IDL_E_BOUNDS);
	    }
	  else
	    {
	      n = len[p];
	      if (I_FLAGS (m.head) & IDL_CT_IF_LENGTH)
		{
		  uint64_t l = slot_count (m.length, bytes);
		  if (__builtin_expect (l > n, 0))
		    return error_tag (IDL_E_BOUNDS);
		  n = l;
		}
	    }
	  len[p] = n;
	  uint64_t nb = n * m.esize;
	  if (off != m.offset)
	    memmove (rep_pay + off, argv[p], nb);
	  off += nb;
	}
      msg[IDL_MSG_REPLY_LEN] = off;
      for (s = rs, k = CT_NRP (t); k; k--, s = ct_next_slot (s))
	if (S_ROLE (*s) == IDL_CT_R_LENGTH)
	  *(u32_any *) (bytes + S_BYTE (*s)) = (uint32_t) len[S_PARAM (*s)];
    }
  return SD_REPLY_TAG (msg, t);

 bad:
  return error_tag (IDL_E_BADMSG);
}

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
    return error_tag (IDL_E_BADMSG);
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
	return error_tag (IDL_E_BADMSG);
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
	    return error_tag (IDL_E_BADMSG);
	}
      else
	{
	  n = slot_count (count, (const unsigned char *) msg);
	  if (__builtin_expect (n > max || n * esize > plen, 0))
	    return error_tag (IDL_E_BADMSG);
	}
    }
  else if (__builtin_expect (start + max > plen, 0))
    return error_tag (IDL_E_BADMSG);
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
  return error_tag (IDL_E_BADMSG);
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
	return error_tag (IDL_E_BADMSG);
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
	return error_tag (IDL_E_BOUNDS);
      *(u32_any *) (bytes + S_BYTE (lslot)) = (uint32_t) nb;
    }
  else
    {
      nb = cap;
      if (lslot)
	{
	  uint64_t l = slot_count (lslot, bytes);
	  if (__builtin_expect (l > cap, 0))
	    return error_tag (IDL_E_BOUNDS);
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
    return error_tag (IDL_E_BADMSG);
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
	return error_tag (IDL_E_BOUNDS);
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
	    return error_tag (IDL_E_BADMSG);
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
	    return error_tag (IDL_E_BOUNDS);
	  *(u32_any *) (bytes + S_BYTE (m.length)) = (uint32_t) nb;
	}
      else
	{
	  nb = cap[k];
	  if (I_FLAGS (m.head) & IDL_CT_IF_LENGTH)
	    {
	      uint64_t l = slot_count (m.length, bytes);
	      if (__builtin_expect (l > nb, 0))
		return error_tag (IDL_E_BOUNDS);
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

static uint64_t __attribute__ ((__noinline__))
serve_direct_many (idl_call_t *call, uint64_t *msg, const uint32_t *t,
		   direct_fn thunk)
{
  void *argv[256];
  uint64_t len[256];
  return serve_direct (call, msg, t, thunk, argv, len);
}

static uint64_t __attribute__ ((__noinline__))
serve_direct_table (idl_call_t *call, uint64_t *msg, const uint32_t *t,
		    direct_fn thunk)
{
  void *argv[CT_ARGS];
  uint64_t len[CT_ARGS];
  if (__builtin_expect (CT_NP (t) > CT_ARGS, 0))
    return serve_direct_many (call, msg, t, thunk);
  return serve_direct (call, msg, t, thunk, argv, len);
}

static uint64_t __attribute__ ((__noinline__))
serve_many (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	    idl_thunk_fn thunk)
{
  void *argv[256];
  uint64_t len[256];
  return serve (call, msg, t, thunk, argv, len);
}

static uint64_t __attribute__ ((__noinline__))
serve_table (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	     idl_thunk_fn thunk)
{
  void *argv[CT_ARGS];
  uint64_t len[CT_ARGS];
  if (__builtin_expect (CT_NP (t) > CT_ARGS, 0))
    return serve_many (call, msg, t, thunk);
  return serve (call, msg, t, thunk, argv, len);
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
	return error_tag (IDL_E_BADMSG);
      if (CT_FLAGS (t) & IDL_CT_F_SIMPLE && CT_NP (t) <= CT_ARGS)
	return SD_NIQ (t) == 1 && CT_NRQ (t) == 0
	       ? serve_simple_one (call, msg, t, thunk)
	       : serve_simple (call, msg, t, thunk);
      if (CT_FLAGS (t) & IDL_CT_F_OUT && CT_NP (t) <= CT_ARGS)
	return serve_out (call, msg, t, thunk);
      if (CT_FLAGS (t) & IDL_CT_F_GENERAL)
	return serve_direct_table (call, msg, t, thunk);
      thunk (call, (void *const *) msg, NULL);
      return CT_FLAGS (t) & IDL_CT_F_ONEWAY ? IDL_TAG_ONEWAY
	     : SD_REPLY_TAG (msg, t);
    }
  /* The whole tag at once: interface, number, flags, count.  */
  if (__builtin_expect (msg[0] != table_tag (t), 0))
    return error_tag (IDL_E_BADMSG);
  return serve_table (call, msg, t, thunk);
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
	return error_tag (IDL_E_BADMSG);
      return ((values_fn) (uintptr_t) thunk) (call, (void *const *) msg,
					      NULL);
    }
  const uint32_t *t = wv + (w >> IDL_CT_W_SHIFT);
  if (w & IDL_CT_OP_ONE)
    {
      if (__builtin_expect ((uint32_t) msg[0] != t[1]
			    || (msg[0] ^ h) >> 32, 0))
	return error_tag (IDL_E_BADMSG);
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
    return error_tag (IDL_E_BADMSG);
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
  return error_tag (IDL_E_BADMSG);
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
