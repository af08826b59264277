/* compact-server-general.c -- compact mode's server engine: the general
   path.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   An operation whose messages carry more than compact-server.c's short
   paths handle: strings and buffers both ways, blocks, descriptors.
   Two variants, in numbered steps, as fast mode's server stubs do them
   (plugin/server-stub.cc, emit_server_stub):

   - serve: the thunk takes every argument from ARGV.  By-value
     arguments are pointers into MSG, where each value already sits in
     its own bytes: register packing puts a value of SIZE bytes at a
     multiple of SIZE in a little-endian word (plugin/layout.cc), so
     the bytes at word * 8 + offset are its object representation.  The
     out and inout scalars and the blocks that return in words point
     into a scratch copy of the reply words, laid out like them, so
     that after the call the reply's words are one copy of that
     scratch;
   - serve_direct (IDL_CT_F_DIRECT and IDL_CT_F_GENERAL): the thunk
     reads the words in MSG and writes the reply's itself; the engine
     does only what it cannot do from the layout alone: lengths,
     descriptors, _Bools, every payload item; and, for an operation
     with bulk items (serve_bulk), each bulk item's checks before the
     thunk and its length after it.

   Everything works on the server's private copy of the request (MSG)
   only, so nothing is fetched twice.  compact-server.c's dispatcher
   comes here through idl_ct_serve_table and idl_ct_serve_direct_table.  */

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

/* serve, step 1: the request's words, in place (direct stack transfer,
   paper 000, 4.3.1): each argument points at its value's bytes.  A
   _Bool is rewritten as 0 or 1, a descriptor index becomes the
   descriptor (IDL_FD_NONE: -1; others below the count received), a
   block's _Bools are rewritten where it is (an inout one is copied in
   step 3, fixed), a string's length is kept for step 2.  Returns the
   reply's first slot, or NULL if malformed.  */
static inline __attribute__ ((__always_inline__)) const uint32_t *
serve_words (uint64_t *msg, const uint32_t *t, void **argv, uint64_t *len)
{
  unsigned char *bytes = (unsigned char *) msg;
  const uint32_t *s = t + IDL_CT_HDR_WORDS;

  for (unsigned k = 0; k < CT_NRQ (t); k++, s = ct_next_slot (s))
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
		  return NULL;
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
  return s;
}

/* One payload item M of the request (serve step 2, serve_direct step
   2), the previous item ending at *OFF: within the payload received, its
   count or length within its bound, before anything uses it (in blocks
   and elements the _Bools rewritten).  Lengths are compared, never
   pointers.  ARGV and LEN get the item's place and count, *OFF its end;
   with GENERAL (serve's thunk takes every argument from ARGV) an
   implied count's place too.  Returns 0 if malformed.  */
static inline __attribute__ ((__always_inline__)) int
request_item (const uint32_t *t, const struct ct_item *m,
	      unsigned char *bytes, uint64_t plen, uint64_t *off,
	      void **argv, uint64_t *len, const int general)
{
  unsigned char *req_pay = bytes + IDL_MSG_REQ_PAYLOAD;
  uint32_t p = I_PARAM (m->head);
  uint64_t start, n;

  if (I_KIND (m->head) == IDL_CT_K_FIXED)
    {
      start = m->offset;
      *off = start + m->max;
      if (__builtin_expect (*off > plen, 0))
	return 0;
      if (m->bools)
	fix_bools (req_pay + start, t, m->bools, 1, 0);
      argv[p] = req_pay + start;
      return 1;
    }
  start = align_up (*off, I_ALIGN (m->head));
  if (I_KIND (m->head) == IDL_CT_K_STRING)
    {
      if (I_FLAGS (m->head) & IDL_CT_IF_IMPLIED)
	{
	  /* No length slot: the payload ends with the NUL.  */
	  if (__builtin_expect (start >= plen
				|| plen - start - 1 > m->max, 0))
	    return 0;
	  n = plen - start - 1;
	}
      else if (__builtin_expect ((n = len[p]) > m->max, 0))
	return 0;
      *off = start + n + 1;
      /* The NUL must be where the length says; the string is never
	 scanned (paper 000, 4.5.4).  */
      if (__builtin_expect (*off > plen || req_pay[*off - 1] != 0, 0))
	return 0;
    }
  else
    {
      if (__builtin_expect (!sent_count (m, bytes, start, plen, &n), 0))
	return 0;
      *off = start + n * m->esize;
      if (__builtin_expect (*off > plen, 0))
	return 0;
      if (m->bools)
	fix_bools (req_pay + start, t, m->bools, n, m->esize);
      if (general && (I_FLAGS (m->head) & IDL_CT_IF_IMPLIED))
	/* The count, where sent_count put it.  */
	argv[S_PARAM (m->count)] = bytes + S_BYTE (m->count);
    }
  len[p] = n;
  argv[p] = req_pay + start;
  return 1;
}

/* serve, step 2: the payload's items, the NIQ from IT on, each checked
   by request_item.  Returns the word after the items, or NULL if
   malformed.  */
static inline __attribute__ ((__always_inline__)) const uint32_t *
serve_items (uint64_t *msg, const uint32_t *t, const uint32_t *it,
	     void **argv, uint64_t *len)
{
  unsigned char *bytes = (unsigned char *) msg;
  uint64_t plen = msg[IDL_MSG_REQ_LEN];
  uint64_t off = 0;
  struct ct_item m;

  for (unsigned k = 0; k < CT_NIQ (t); k++)
    {
      it = ct_item (it, &m);
      if (!request_item (t, &m, bytes, plen, &off, argv, len, 1))
	return NULL;
    }
  return it;
}

/* serve, step 3: where what comes back goes: out and inout scalars and
   blocks that return in words (the slots from RS) into the scratch
   words SB (an out value starts as zero, an out descriptor as -1),
   payload items (from IT) into the reply area (an out block zeroed, an
   out string ""; an inout item copied there once, paper 000 4.4.1).
   An out buffer's count is checked against its bound too.  Returns -1
   if malformed, else whether a descriptor comes back; *RESULT is the
   result's place.  */
static inline __attribute__ ((__always_inline__)) int
serve_places (uint64_t *msg, const uint32_t *t, const uint32_t *rs,
	      const uint32_t *it, unsigned char *sb, void **argv,
	      const uint64_t *len, void **result)
{
  unsigned char *bytes = (unsigned char *) msg;
  unsigned char *rep_pay = bytes + IDL_MSG_REPLY_PAYLOAD;
  const uint32_t *s;
  struct ct_item m;
  unsigned k;
  int fds = 0;

  for (s = rs, k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
    {
      uint32_t x = *s, p = S_PARAM (x);
      unsigned char *at = sb + S_BYTE (x);
      if (p == IDL_CT_RESULT)
	{
	  *result = at;
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
	return -1;
      argv[p] = to;
    }
  return fds;
}

/* Step 6 of serve and serve_direct for one variable item M of the
   reply, the previous item ending at *OFF: what the implementation put
   there checked (a string must end within its bound, a buffer's length
   be within the caller's capacity) and packed without gaps.  Its count
   is in LEN (serve_direct) or, with GENERAL, in the request's words;
   its length word, if any, is in LB.  Returns 0, or the error tag to
   reply with.  */
static inline __attribute__ ((__always_inline__)) uint64_t
reply_item (const struct ct_item *m, unsigned char *bytes,
	    const unsigned char *lb, void **argv, uint64_t *len,
	    uint64_t *off, const int general)
{
  unsigned char *rep_pay = bytes + IDL_MSG_REPLY_PAYLOAD;
  uint32_t p = I_PARAM (m->head);
  uint64_t n;

  if (I_KIND (m->head) == IDL_CT_K_FIXED)
    {
      *off = (uint64_t) m->offset + m->max;
      return 0;
    }
  if (I_KIND (m->head) == IDL_CT_K_STRING)
    {
      n = strnlen ((const char *) argv[p], (size_t) m->max + 1);
      if (__builtin_expect (n > m->max, 0))
	return idl_error_tag (IDL_E_BOUNDS);
    }
  else
    {
      n = general ? slot_count (m->count, bytes) : len[p];
      if (I_FLAGS (m->head) & IDL_CT_IF_LENGTH)
	{
	  uint64_t l = slot_count (m->length, lb);
	  if (__builtin_expect (l > n, 0))
	    return idl_error_tag (IDL_E_BOUNDS);
	  n = l;
	}
    }
  len[p] = n;
  uint64_t nb = n * m->esize;
  if (*off != m->offset)
    memmove (rep_pay + *off, argv[p], nb);
  *off += nb;
  return 0;
}

/* serve, steps 5 and 6, after the implementation: the reply's
   descriptors (from the scratch words SB), then what it put in the
   variable items: a string must end within its bound, a buffer's
   length be within the caller's capacity; then they are packed without
   gaps, and the strings' lengths go into their words.  Returns 0, or
   the error tag to reply with.  */
static inline __attribute__ ((__always_inline__)) uint64_t
serve_reply (uint64_t *msg, const uint32_t *t, const uint32_t *rs,
	     const uint32_t *ip, unsigned char *sb, void **argv,
	     uint64_t *len, int fds)
{
  unsigned char *bytes = (unsigned char *) msg;
  const uint32_t *s, *it;
  struct ct_item m;
  unsigned k;

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

  /* 6.  */
  if (CT_NIP (t))
    {
      uint64_t off = 0, err;
      for (it = ip, k = 0; k < CT_NIQ (t); k++)
	it = ct_item (it, &m);
      for (k = 0; k < CT_NIP (t); k++)
	{
	  it = ct_item (it, &m);
	  if ((err = reply_item (&m, bytes, sb, argv, len, &off, 1)))
	    return err;
	}
      msg[IDL_MSG_REPLY_LEN] = off;
      for (s = rs, k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
	if (S_ROLE (*s) == IDL_CT_R_LENGTH)
	  *(u32_any *) (sb + S_BYTE (*s)) = (uint32_t) len[S_PARAM (*s)];
    }
  return 0;
}

/* Run the operation of table T on the request in MSG, whose tag has
   been checked, with THUNK.  ARGV and LEN have a place per
   parameter.  */
static inline __attribute__ ((__always_inline__)) uint64_t
serve (idl_call_t *call, uint64_t *msg, const uint32_t *t,
       idl_thunk_fn thunk, void **argv, uint64_t *len)
{
  /* The reply's words, 1-based, as the implementation fills them.  */
  uint64_t scratch[IDL_MR_WORDS];
  unsigned char *sb = (unsigned char *) scratch;
  const uint32_t *rs, *ip, *it;

  /* 1, 2. The request.  */
  rs = serve_words (msg, t, argv, len);
  if (!rs)
    goto bad;
  ip = it = ct_skip_slots (t, rs, CT_NRP (t));
  if (CT_NIQ (t) && !(it = serve_items (msg, t, ip, argv, len)))
    goto bad;

  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    {
      thunk (call, argv, NULL);
      return IDL_TAG_ONEWAY;
    }

  /* 3. Where what comes back goes.  */
  const unsigned rwords = CT_RWORDS (t);
  for (unsigned w = 1; w <= rwords; w++)
    {
      scratch[w] = 0;
      /* A word or two: a loop, not a call to memset.  */
      __asm__ ("" : "+r" (w));
    }
  void *result = NULL;
  int fds = serve_places (msg, t, rs, it, sb, argv, len, &result);
  if (fds < 0)
    goto bad;

  /* 4. The implementation.  */
  thunk (call, argv, result);

  /* 5, 6.  */
  uint64_t err = serve_reply (msg, t, rs, ip, sb, argv, len, fds);
  if (err)
    return err;

  /* 7. The reply's words.  */
  for (unsigned w = 1; w <= rwords; w++)
    {
      msg[w] = scratch[w];
      __asm__ ("" : "+r" (w));
    }
  return reply_tag (t);

 bad:
  return idl_error_tag (IDL_E_BADMSG);
}

/* A direct thunk (IDL_CT_F_DIRECT), an idl_thunk_fn called as
   (CALL, MSG, ARGV): reads the request's words in MSG, the payload's
   items through ARGV, writes the reply's words.  */
typedef idl_thunk_fn direct_fn;

/* Bulk items (idlrt-abi.h, "Bulk items"): the runtime has copied
   every in byte once into private memory (or, co-located, gives the
   caller's own) and puts item I's buffer and length at
   MSG[IDL_MSG_BULK + 2 I].  The three functions below check and
   place them as fast mode's server stubs do (plugin/bulk.cc,
   bulk_server_request and bulk_server_reply), in serve_direct's
   steps 2, 3 and 6.  */

/* Step 2, request item M that is a bulk item: a string's NUL last,
   within the bound (an inout string: its whole room, the string ending
   within it); a buffer exactly the elements its count allows (within
   the bound), which an inout one's IDL_LENGTH_IS length is within.
   Its element count sent to LEN, its buffer to ARGV.  False if
   malformed.  */
static inline __attribute__ ((__always_inline__)) int
bulk_request_item (uint64_t *msg, const uint32_t *t, const struct ct_item *m,
		   void **argv, uint64_t *len)
{
  unsigned char *bytes = (unsigned char *) msg;
  unsigned i = I_BULK_INDEX (m->head);
  unsigned char *buf = (unsigned char *) (uintptr_t) msg[IDL_MSG_BULK + 2 * i];
  uint64_t blen = msg[IDL_MSG_BULK + 2 * i + 1], n;
  int inout = I_FLAGS (m->head) & IDL_CT_IF_INOUT;

  if (I_KIND (m->head) == IDL_CT_K_STRING)
    {
      if (inout)
	{
	  if (blen != (uint64_t) m->max + 1)
	    return 0;
	  n = strnlen ((const char *) buf, (size_t) m->max + 1);
	  if (n > m->max)
	    return 0;
	}
      else if ((n = blen - 1) > m->max || buf[n] != 0)
	/* (A length of 0 wraps round.)  */
	return 0;
    }
  else
    {
      uint64_t c = slot_count (m->count, bytes);
      if (c > m->max || blen != c * m->esize)
	return 0;
      n = c;
      if (inout && (I_FLAGS (m->head) & IDL_CT_IF_LENGTH))
	{
	  n = slot_count (m->length, bytes);
	  if (n > c)
	    return 0;
	}
      if (m->bools)
	fix_bools_invalid (buf, t, m->bools, n, m->esize);
    }
  len[I_PARAM (m->head)] = n;
  argv[I_PARAM (m->head)] = buf;
  return 1;
}

/* Step 3, reply item M that is a bulk item: an out one's room must
   hold what its count allows (a string's bound and NUL), the count
   within its bound; an out string starts as "".  Each buffer's count
   is kept in LEN (the thunk overwrites the request's words).  False if
   malformed.  */
static inline __attribute__ ((__always_inline__)) int
bulk_reply_place (uint64_t *msg, const struct ct_item *m, void **argv,
		  uint64_t *len)
{
  unsigned i = I_BULK_INDEX (m->head);
  uint32_t p = I_PARAM (m->head);
  unsigned char *buf = (unsigned char *) (uintptr_t) msg[IDL_MSG_BULK + 2 * i];
  uint64_t blen = msg[IDL_MSG_BULK + 2 * i + 1];
  int inout = I_FLAGS (m->head) & IDL_CT_IF_INOUT;

  if (I_KIND (m->head) == IDL_CT_K_STRING)
    {
      if (!inout)
	{
	  if (blen < (uint64_t) m->max + 1)
	    return 0;
	  buf[0] = 0;
	}
    }
  else
    {
      uint64_t c = slot_count (m->count, (const unsigned char *) msg);
      if (c > m->max || (!inout && blen < c * m->esize))
	return 0;
      len[p] = c;
    }
  if (!inout)
    argv[p] = buf;
  return 1;
}

/* Step 6, reply item M that is a bulk item, after the thunk: a string
   ends within its bound, a buffer's IDL_LENGTH_IS length (in the
   reply's words) is within the caller's count; its length in bytes
   goes to MSG[IDL_MSG_BULK + 2 I + 1] for the runtime.  0, or the error
   tag to reply with.  */
static inline __attribute__ ((__always_inline__)) uint64_t
bulk_reply_length (uint64_t *msg, const struct ct_item *m, void **argv,
		   const uint64_t *len)
{
  uint32_t p = I_PARAM (m->head);
  uint64_t n;

  if (I_KIND (m->head) == IDL_CT_K_STRING)
    {
      n = strnlen ((const char *) argv[p], (size_t) m->max + 1);
      if (n > m->max)
	return idl_error_tag (IDL_E_BOUNDS);
      n++;
    }
  else
    {
      n = len[p];
      if (I_FLAGS (m->head) & IDL_CT_IF_LENGTH)
	{
	  uint64_t l = slot_count (m->length, (const unsigned char *) msg);
	  if (l > n)
	    return idl_error_tag (IDL_E_BOUNDS);
	  n = l;
	}
      n *= m->esize;
    }
  msg[IDL_MSG_BULK + 2 * I_BULK_INDEX (m->head) + 1] = n;
  return 0;
}

/* serve_direct, steps 1 and 2: the request's lengths, descriptors (an
   index becomes the descriptor: IDL_FD_NONE -1, others below the count
   received) and blocks' _Bools, in place; then the request's items, as
   serve checks them.  Returns the reply's first slot, or NULL if
   malformed; *IP the reply's first item.  */
static inline __attribute__ ((__always_inline__)) const uint32_t *
direct_request (uint64_t *msg, const uint32_t *t, void **argv,
		uint64_t *len, const uint32_t **ip, const int bulk)
{
  unsigned char *bytes = (unsigned char *) msg;
  const uint32_t *s = t + IDL_CT_SHDR_WORDS, *rs, *it;
  struct ct_item m;
  unsigned k;

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
		return NULL;
	      fd = (int) msg[IDL_MSG_REQ_FDS + idx];
	    }
	  *(int_any *) at = fd;
	}
      else if (S_HAS_BOOLS (x))
	fix_bools (at, t, s[1], 1, 0);
    }
  rs = s;
  it = ct_skip_slots (t, rs, CT_NRP (t));

  if (SD_NIQ (t))
    {
      uint64_t plen = msg[IDL_MSG_REQ_LEN], off = 0;
      for (k = SD_NIQ (t); k; k--)
	{
	  it = ct_item (it, &m);
	  if (bulk && I_IS_BULK (m.head))
	    {
	      if (!bulk_request_item (msg, t, &m, argv, len))
		return NULL;
	      continue;
	    }
	  if (!request_item (t, &m, bytes, plen, &off, argv, len, 0))
	    return NULL;
	}
    }
  *ip = it;
  return rs;
}

/* Regions (IDL_REGION; idlrt-abi.h, "Compact mode"), as a fast
   server stub takes them (plugin/region.cc): release the regions of
   the first N request slots of T, whose idl_region_t * are in ARGV
   (NULL is fine).  */
static void
release_regions (const uint32_t *t, void **argv, unsigned n)
{
  const uint32_t *s = t + IDL_CT_SHDR_WORDS;
  for (unsigned k = 0; k < n; k++, s = ct_next_slot (s))
    if (S_REGION (*s))
      idl_region_release (argv[S_PARAM (*s)]);
}

/* serve_direct, step 3b, just before the thunk: each region's
   descriptor, which direct_request put in its slot of MSG, accepted as
   its kind (idl_region_accept: the seals, the size and the file system
   checked, then mapped) and the region put in ARGV, where the thunk
   takes it.  One refused releases those accepted before it, and the
   request is malformed: returns 0.  */
static int __attribute__ ((__noinline__))
accept_regions (uint64_t *msg, const uint32_t *t, void **argv)
{
  const uint32_t *s = t + IDL_CT_SHDR_WORDS;
  for (unsigned k = 0; k < CT_NRQ (t); k++, s = ct_next_slot (s))
    if (S_REGION (*s))
      {
	int fd = *(int_any *) ((unsigned char *) msg + S_BYTE (*s));
	argv[S_PARAM (*s)] = idl_region_accept (fd, (int) S_REGION (*s));
	if (!argv[S_PARAM (*s)])
	  {
	    release_regions (t, argv, k);
	    return 0;
	  }
      }
  return 1;
}

/* serve_direct, steps 5 and 6, after the thunk: the reply's
   descriptors, then what the implementation put in the variable items
   (from IP), checked and packed as serve does.  Returns 0, or the error
   tag to reply with.  */
static inline __attribute__ ((__always_inline__)) uint64_t
direct_reply (uint64_t *msg, const uint32_t *t, const uint32_t *rs,
	      const uint32_t *ip, void **argv, uint64_t *len, const int bulk)
{
  unsigned char *bytes = (unsigned char *) msg;
  const uint32_t *s, *it;
  struct ct_item m;
  unsigned k;

  /* 5. Descriptors first: once listed, the runtime closes them even if
     the reply turns into an error below.  */
  uint64_t nfds = 0;
  for (s = rs, k = CT_NRP (t); k; k--, s = ct_next_slot (s))
    if (S_ROLE (*s) == IDL_CT_R_FD)
      {
	list_reply_fd (msg, bytes + S_BYTE (*s), &nfds);
	msg[IDL_MSG_REPLY_NFDS] = nfds;
      }

  /* 6.  */
  if (SD_NIP (t))
    {
      uint64_t off = 0, err;
      for (it = ip, k = SD_NIP (t); k; k--)
	{
	  it = ct_item (it, &m);
	  if (bulk && I_IS_BULK (m.head))
	    err = bulk_reply_length (msg, &m, argv, len);
	  else
	    err = reply_item (&m, bytes, bytes, argv, len, &off, 0);
	  if (err)
	    return err;
	}
      msg[IDL_MSG_REPLY_LEN] = off;
      for (s = rs, k = CT_NRP (t); k; k--, s = ct_next_slot (s))
	if (S_ROLE (*s) == IDL_CT_R_LENGTH)
	  *(u32_any *) (bytes + S_BYTE (*s)) = (uint32_t) len[S_PARAM (*s)];
    }
  return 0;
}

/* Run the operation of table T, IDL_CT_F_DIRECT and IDL_CT_F_GENERAL, on
   the request in MSG, whose tag has been checked, with THUNK: what the
   thunk cannot do from the layout alone.  The table lists the request's
   lengths, descriptors and blocks with _Bools, the reply's lengths and
   descriptors, and every item.  ARGV and LEN have a place per
   parameter.  BULK and REGIONS: whether to look for bulk items and
   regions at all (constants: what they add folds away without).  */
static inline __attribute__ ((__always_inline__)) uint64_t
serve_direct (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	      direct_fn thunk, void **argv, uint64_t *len, const int bulk,
	      const int regions)
{
  unsigned char *bytes = (unsigned char *) msg;
  unsigned char *rep_pay = bytes + IDL_MSG_REPLY_PAYLOAD;
  const uint32_t *rs, *it, *ip;
  struct ct_item m;
  unsigned k;

  /* 1, 2. The request.  */
  rs = direct_request (msg, t, argv, len, &ip, bulk);
  if (!rs)
    goto bad;

  /* 3. The reply's items in the reply area (an out block zeroed, an out
     string "", an inout item copied there once, paper 000 4.4.1); a
     buffer's count checked against its bound, and kept, for the thunk
     overwrites the request's words.  */
  for (it = ip, k = SD_NIP (t); k; k--)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head), kind = I_KIND (m.head);
      unsigned char *to = rep_pay + m.offset;
      if (bulk && I_IS_BULK (m.head))
	{
	  if (!bulk_reply_place (msg, &m, argv, len))
	    goto bad;
	  continue;
	}
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

  /* 3b. Regions, last: nothing after them can refuse the request.  */
  if (regions && SD_REGIONS (t) && !accept_regions (msg, t, argv))
    goto bad;

  /* 4. The thunk: the implementation, the reply's words; then each
     region unmapped before anything can turn the reply into an error
     (an out region's last write is done before the reply is
     published).  */
  thunk (call, (void *const *) msg, argv);
  if (regions && SD_REGIONS (t))
    release_regions (t, argv, CT_NRQ (t));
  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    return IDL_TAG_ONEWAY;

  /* 5, 6.  */
  uint64_t err = direct_reply (msg, t, rs, ip, argv, len, bulk);
  if (err)
    return err;
  return SD_REPLY_TAG (msg, t);

 bad:
  return idl_error_tag (IDL_E_BADMSG);
}

static uint64_t __attribute__ ((__noinline__))
serve_direct_many (idl_call_t *call, uint64_t *msg, const uint32_t *t,
		   direct_fn thunk)
{
  void *argv[256];
  uint64_t len[256];
  return serve_direct (call, msg, t, thunk, argv, len, 0, 0);
}

/* An operation with bulk items (SD_BULK) or regions (SD_REGIONS):
   serve_direct with them, out of the other operations' way (either
   part is a no-op for an operation without it).  */
static uint64_t __attribute__ ((__noinline__))
serve_bulk (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	    direct_fn thunk)
{
  void *argv[256];
  uint64_t len[256];
  return serve_direct (call, msg, t, thunk, argv, len, 1, 1);
}

uint64_t
idl_ct_serve_direct_table (idl_call_t *call, uint64_t *msg, const uint32_t *t,
			   idl_thunk_fn thunk)
{
  void *argv[CT_ARGS];
  uint64_t len[CT_ARGS];
  if (__builtin_expect (CT_NP (t) > CT_ARGS || SD_BULK (t) || SD_REGIONS (t),
			0))
    return SD_BULK (t) || SD_REGIONS (t)
	   ? serve_bulk (call, msg, t, thunk)
	   : serve_direct_many (call, msg, t, thunk);
  return serve_direct (call, msg, t, thunk, argv, len, 0, 0);
}

static uint64_t __attribute__ ((__noinline__))
serve_many (idl_call_t *call, uint64_t *msg, const uint32_t *t,
	    idl_thunk_fn thunk)
{
  void *argv[256];
  uint64_t len[256];
  return serve (call, msg, t, thunk, argv, len);
}

uint64_t
idl_ct_serve_table (idl_call_t *call, uint64_t *msg, const uint32_t *t,
		    idl_thunk_fn thunk)
{
  void *argv[CT_ARGS];
  uint64_t len[CT_ARGS];
  if (__builtin_expect (CT_NP (t) > CT_ARGS, 0))
    return serve_many (call, msg, t, thunk);
  return serve (call, msg, t, thunk, argv, len);
}
