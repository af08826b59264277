/* compact-client-general.h -- compact mode's client engine: the
   general path, shared by compact-client.c (idl_compact_call) and
   compact-client-bulk.c (idl_compact_call_bulk).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Everything here is static and inlined where it is used: general ()
   with BULK NULL folds away all that concerns bulk items, so
   compact-client.o names no bulk entry point, and a program whose
   interfaces have no bulk operation links neither the bulk engine nor
   idl_callv_bulk from libidlrt.a.  Only a program whose compact stubs
   call idl_compact_call_bulk pulls in compact-client-bulk.o.  */

#ifndef IDL_COMPACT_CLIENT_GENERAL_H
#define IDL_COMPACT_CLIENT_GENERAL_H

#include "compact-internal.h"

/* Refuse the call with CODE (IDL_E_BOUNDS, IDL_E_INVAL): nothing was
   sent.  */
static uint64_t __attribute__ ((__noinline__, __cold__))
client_refuses (idl_binding_t *b, int code)
{
  idl_stub_error (b, code);
  return 0;
}

/* The call failed or its reply RTAG is not the one expected: record
   why as a fast stub does.  A well-formed reply of the wrong shape
   counts as IDL_E_PROTO.  */
static uint64_t __attribute__ ((__noinline__, __cold__))
client_failed (idl_binding_t *b, uint64_t rtag)
{
  idl_stub_failed (b, rtag);
  return 0;
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

/* Send the request of operation T, words W, with the entry point a
   fast stub would use; the reply tag and the view that holds the
   reply (B for a one-way request).  */
static inline __attribute__ ((__always_inline__)) idl_reply_t
ct_send (idl_binding_t *b, const uint32_t *t, const uint64_t *w, uint64_t plen,
	 const int *fds, uint64_t nfds)
{
  uint64_t tag = table_tag (t);
  unsigned flags = CT_FLAGS (t);
  unsigned words = tag & IDL_TAG_COUNT_MASK;
  int oneway = flags & IDL_CT_F_ONEWAY;
  if (flags & IDL_CT_F_XREQ)
    {
      if (oneway)
	return (idl_reply_t) { idl_send_x (b, tag, words ? w : NULL, plen,
					   nfds ? fds : NULL, nfds), b };
      return idl_callv_x (b, tag, words ? w : NULL, plen, nfds ? fds : NULL,
			  nfds);
    }
  if (words <= IDL_REG_WORDS)
    {
      uint64_t w1 = 0, w2 = 0, w3 = 0, w4 = 0;
      switch (words)
	{
	case 4:
	  w4 = w[3];
	  /* Fall through.  */
	case 3:
	  w3 = w[2];
	  /* Fall through.  */
	case 2:
	  w2 = w[1];
	  /* Fall through.  */
	case 1:
	  w1 = w[0];
	  /* Fall through.  */
	default:
	  break;
	}
      if (oneway)
	return (idl_reply_t) { idl_send_r4 (b, tag, w1, w2, w3, w4), b };
      return idl_callv_r4 (b, tag, w1, w2, w3, w4);
    }
  if (oneway)
    return (idl_reply_t) { idl_send_m (b, tag, w), b };
  return idl_callv_m (b, tag, w);
}

/* The general path: strings, buffers, blocks, descriptors, in five
   steps.  W is the stub's words, which lengths and descriptor indices
   are or-ed into, WB the same as bytes, word 1 first, as slots address
   them; LEN, per parameter, the element count of each string or
   buffer, and after the call what each reply slot held.  */

/* 1. Every bound before anything is sent, never truncating: strings
   (NULL: IDL_E_INVAL; over the bound: IDL_E_BOUNDS), buffer counts,
   inout lengths, from the request's items IQ on; then the reply's
   buffer counts.  A count is its C value; an inout length is read as
   raw bits, as fast stubs read a pointee.  Returns IDL_OK or the code
   to refuse the call with; *IP is the reply's first item.  */
static inline __attribute__ ((__always_inline__)) int
general_bounds (const uint32_t *t, void *const *argv,
		const unsigned char *wb, uint64_t *len, const uint32_t *iq,
		const uint32_t **ip)
{
  const uint32_t *it = iq;
  struct ct_item m;
  unsigned k;

  for (k = 0; k < CT_NIQ (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head);
      if (I_KIND (m.head) == IDL_CT_K_STRING)
	{
	  if (__builtin_expect (argv[p] == NULL, 0))
	    return IDL_E_INVAL;
	  size_t n = strnlen ((const char *) argv[p], (size_t) m.max + 1);
	  if (__builtin_expect (n > m.max, 0))
	    return IDL_E_BOUNDS;
	  len[p] = n;
	}
      else if (I_KIND (m.head) == IDL_CT_K_BUFFER)
	{
	  uint64_t c = slot_count (m.count, wb);
	  if (__builtin_expect (c > m.max, 0))
	    return IDL_E_BOUNDS;
	  len[p] = c;
	  if (I_FLAGS (m.head) & IDL_CT_IF_LENGTH)
	    {
	      uint64_t l = load_bits (wb + S_BYTE (m.length),
				      S_SIZE (m.length));
	      if (__builtin_expect (l > c, 0))
		return IDL_E_BOUNDS;
	      len[p] = l;
	    }
	}
    }
  *ip = it;
  for (k = 0; k < CT_NIP (t); k++)
    {
      it = ct_item (it, &m);
      if (I_KIND (m.head) == IDL_CT_K_BUFFER
	  && __builtin_expect (slot_count (m.count, wb) > m.max, 0))
	return IDL_E_BOUNDS;
    }
  return IDL_OK;
}

/* 2. The payload, straight into the shared page: fixed items at their
   offsets, each variable item at the next multiple of its alignment.
   Its length, or -1 when there is no place for it (the runtime
   recorded why).  */
static inline __attribute__ ((__always_inline__)) int64_t
general_payload (idl_binding_t *b, const uint32_t *t, void *const *argv,
		 const uint64_t *len, const uint32_t *iq, const int bulk)
{
  const uint32_t *it = iq;
  struct ct_item m;
  uint64_t plen = 0;

  /* (Bulk items come last: one first means no payload.)  */
  if (!CT_NIQ (t) || (bulk && I_IS_BULK (*iq)))
    return 0;
  unsigned char *pay = idl_request_payload (b);
  if (__builtin_expect (pay == NULL, 0))
    return -1;
  for (unsigned k = 0; k < CT_NIQ (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head);
      if (bulk && I_IS_BULK (m.head))
	break;
      if (I_KIND (m.head) == IDL_CT_K_FIXED)
	{
	  memcpy (pay + m.offset, argv[p], m.max);
	  plen = m.offset + m.max;
	  continue;
	}
      uint64_t n = I_KIND (m.head) == IDL_CT_K_STRING ? len[p] + 1
		   : len[p] * m.esize;
      plen = align_up (plen, I_ALIGN (m.head));
      memcpy (pay + plen, argv[p], n);
      plen += n;
    }
  return (int64_t) plen;
}

/* 3. String lengths and descriptor indices into the words,
   descriptors into FDS in the order they are listed; a negative one is
   "none" and not listed.  Returns how many.  */
static inline __attribute__ ((__always_inline__)) uint64_t
general_words (const uint32_t *t, void *const *argv, unsigned char *wb,
	       const uint64_t *len, int *fds)
{
  const uint32_t *s = t + IDL_CT_HDR_WORDS;
  uint64_t nfds = 0;

  for (unsigned k = 0; k < CT_NRQE (t); k++, s++)
    {
      uint32_t x = *s, p = S_PARAM (x);
      uint64_t v;
      if (S_ROLE (x) == IDL_CT_R_LENGTH)
	v = (uint32_t) len[p];
      else
	{
	  int fd = (int) (intptr_t) argv[p];
	  v = IDL_FD_NONE;
	  if (fd >= 0)
	    {
	      fds[nfds] = fd;
	      v = nfds++;
	    }
	}
      *(u64_any *) (wb + S_WORD (x) * 8) |= v << (S_OFF (x) * 8);
    }
  return nfds;
}

/* 3a. An operation with regions (IDL_REGION): ARGV copied to RARGV,
   in which each region slot's (S_REGION) idl_region_t * becomes the
   descriptor it travels as, once prepared (idl_region_prepare: an in
   region sealed, an out or inout one sealed against resizing), as a
   fast stub prepares it (plugin/client-stub.cc, step 1): after every
   bound check, so that a call refused for a bound leaves its regions
   as they were.  0 when one cannot be (NULL, unsealable, sealed passed
   out or inout): the call is refused with IDL_E_INVAL, nothing sent.
   A copy rather than a test in step 3, which would cost the operations
   without regions instructions: general () with RARGV NULL is the
   code it was.  */
static inline __attribute__ ((__always_inline__)) int
prepare_regions (const uint32_t *t, void *const *argv, void **rargv)
{
  const uint32_t *s = t + IDL_CT_HDR_WORDS;
  memcpy (rargv, argv, CT_NP (t) * sizeof *argv);
  for (unsigned k = 0; k < CT_NRQE (t); k++, s++)
    if (S_REGION (*s))
      {
	int fd = idl_region_prepare ((idl_region_t *) argv[S_PARAM (*s)],
				     (int) S_REGION (*s));
	if (fd < 0)
	  return 0;
	rargv[S_PARAM (*s)] = (void *) (intptr_t) fd;
      }
  return 1;
}

/* 3b. A bulk operation's items (idlrt-abi.h, "Bulk items"), from the
   request's items IQ on (those of the reply follow them), into BULK
   by their index, as a fast stub lists them (plugin/bulk.cc): the
   caller's own memory, in bytes; a string's length counts its NUL, an
   out or inout item's room is its count's elements or its bound's
   chars and NUL, and an inout item sends its whole room.  The bounds
   were checked in step 1.  Returns how many.  */
static inline __attribute__ ((__always_inline__)) unsigned
bulk_items (const uint32_t *t, void *const *argv, const unsigned char *wb,
	    const uint64_t *len, const uint32_t *iq,
	    struct idl_bulk_item *bulk)
{
  const uint32_t *it = iq;
  struct ct_item m;
  unsigned n = 0, niq = CT_NIQ (t);

  for (unsigned k = 0; k < niq + CT_NIP (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head), inout = I_FLAGS (m.head) & IDL_CT_IF_INOUT;
      if (!I_IS_BULK (m.head) || (k >= niq && inout))
	continue;
      struct idl_bulk_item *bi = &bulk[I_BULK_INDEX (m.head)];
      int string = I_KIND (m.head) == IDL_CT_K_STRING;
      uint64_t room = string ? (uint64_t) m.max + 1
		      : slot_count (m.count, wb) * m.esize;
      bi->ptr = argv[p];
      if (k >= niq)
	{
	  bi->dir = IDL_BULK_OUT;
	  bi->len = 0;
	  bi->max = room;
	}
      else if (inout)
	{
	  bi->dir = IDL_BULK_INOUT;
	  bi->len = bi->max = room;
	}
      else
	{
	  bi->dir = IDL_BULK_IN;
	  bi->len = bi->max = string ? len[p] + 1 : len[p] * m.esize;
	}
      if (I_BULK_INDEX (m.head) >= n)
	n = I_BULK_INDEX (m.head) + 1;
    }
  return n;
}

/* 5, a bulk item M of the reply (BULK its entry, its length set by
   the runtime): checked as a fast stub checks it (plugin/bulk.cc,
   bulk_client_check): a string's NUL last, within the bound; a
   buffer's whole elements, exactly its IDL_LENGTH_IS count (the
   reply's, in LEN) or else its count.  Its element count goes to
   LEN[its parameter].  False if the reply is malformed.  */
static inline __attribute__ ((__always_inline__)) int
bulk_reply_ok (const struct ct_item *m, const unsigned char *wb,
	       uint64_t *len, const struct idl_bulk_item *bi)
{
  uint64_t got = bi->len;
  if (I_KIND (m->head) == IDL_CT_K_STRING)
    /* (A length of 0 wraps round.)  */
    return got - 1 <= m->max && ((const char *) bi->ptr)[got - 1] == 0;
  uint64_t n = slot_count (m->count, wb);
  if (I_FLAGS (m->head) & IDL_CT_IF_LENGTH)
    {
      uint64_t l = len[S_PARAM (m->length)];
      unsigned size = S_SIZE (m->length);
      if (S_CLASS (m->length) == IDL_CT_V_SIGNED && size < 8)
	l = (uint64_t) ((int64_t) (l << (64 - 8 * size)) >> (64 - 8 * size));
      if (l > n)
	return 0;
      n = l;
    }
  /* (N is within the count, itself within the bound: no overflow.)  */
  if (got != n * m->esize)
    return 0;
  len[I_PARAM (m->head)] = n;
  return 1;
}

/* 5, a reply of words only (its slots from RS on): nothing can fail
   now; deliver at once.  Returns the result's bits.  */
static inline __attribute__ ((__always_inline__)) uint64_t
general_reply_words (idl_binding_t *b, const uint32_t *t, void *const *argv,
		     const uint32_t *rs)
{
  const uint64_t *mr = b->mr;
  const uint32_t *s = rs;
  uint64_t r = 0;

  for (unsigned k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
    {
      uint32_t x = *s, p = S_PARAM (x);
      if (S_ROLE (x) == IDL_CT_R_BLOCK)
	{
	  memcpy (argv[p], &mr[S_WORD (x)], S_SIZE (x));
	  if (S_HAS_BOOLS (x))
	    fix_bools (argv[p], t, s[1], 1, 0);
	  continue;
	}
      uint64_t v = mr[S_WORD (x)] >> (S_OFF (x) * 8);
      if (p == IDL_CT_RESULT)
	r = result_bits (x, v);
      else if (S_ROLE (x) == IDL_CT_R_VALUE)
	store_out (argv[p], x, v);
      else
	*(int_any *) argv[p] = take_fd (b, (uint32_t) v);
    }
  return r;
}

/* 5, a reply with payload items (from IP on): every slot is read once
   from the shared page (a hostile server may change it meanwhile),
   into LEN, the result's bits into *R; then each variable item's
   length is checked against its bound or the caller's capacity, all
   of them within the largest payload.  False if the reply is
   malformed: nothing has been written.  */
static inline __attribute__ ((__always_inline__)) int
general_reply_check (idl_binding_t *b, const uint32_t *t,
		     const unsigned char *wb, uint64_t *len,
		     const uint32_t *rs, const uint32_t *ip, uint64_t *r,
		     const struct idl_bulk_item *bulk)
{
  const uint64_t *mr = b->mr;
  const uint32_t *s = rs, *it = ip;
  struct ct_item m;
  unsigned k;

  for (k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
    {
      uint32_t x = *s;
      if (S_ROLE (x) == IDL_CT_R_BLOCK)
	continue;
      uint64_t v = mr[S_WORD (x)] >> (S_OFF (x) * 8);
      if (S_SIZE (x) < 8)
	v &= (1ULL << (S_SIZE (x) * 8)) - 1;
      if (S_PARAM (x) == IDL_CT_RESULT)
	*r = result_bits (x, v);
      else
	len[S_PARAM (x)] = v;
    }

  uint64_t off = 0;
  for (k = 0; k < CT_NIP (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head);
      uint64_t n;
      if (bulk && I_IS_BULK (m.head))
	{
	  if (!bulk_reply_ok (&m, wb, len, &bulk[I_BULK_INDEX (m.head)]))
	    return 0;
	  continue;
	}
      if (I_KIND (m.head) == IDL_CT_K_FIXED)
	{
	  off = m.offset + m.max;
	  continue;
	}
      if (I_KIND (m.head) == IDL_CT_K_STRING)
	{
	  n = len[p];
	  if (__builtin_expect (n > m.max, 0))
	    return 0;
	}
      else
	{
	  n = slot_count (m.count, wb);
	  if (I_FLAGS (m.head) & IDL_CT_IF_LENGTH)
	    {
	      /* The length came back as raw bits; as a count it is the
		 value of its C type.  */
	      uint64_t l = len[S_PARAM (m.length)];
	      unsigned size = S_SIZE (m.length);
	      if (S_CLASS (m.length) == IDL_CT_V_SIGNED && size < 8)
		l = (uint64_t) ((int64_t) (l << (64 - 8 * size))
				>> (64 - 8 * size));
	      if (__builtin_expect (l > n, 0))
		return 0;
	      n = l;
	    }
	  len[p] = n;
	  n *= m.esize;
	}
      off += n;
    }
  return __builtin_expect (off <= IDL_PAYLOAD_MAX, 1);
}

/* 5, once everything checks: deliver the words as read into LEN, then
   the payload's items.  */
static inline __attribute__ ((__always_inline__)) void
general_reply_deliver (idl_binding_t *b, const uint32_t *t,
		       void *const *argv, const uint64_t *len,
		       const uint32_t *rs, const uint32_t *ip, const int bulk)
{
  const uint64_t *mr = b->mr;
  const uint32_t *s = rs, *it = ip;
  struct ct_item m;
  unsigned k;

  for (k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
    {
      uint32_t x = *s, p = S_PARAM (x);
      if (p == IDL_CT_RESULT)
	continue;
      switch (S_ROLE (x))
	{
	case IDL_CT_R_VALUE:
	  store_out (argv[p], x, len[p]);
	  break;
	case IDL_CT_R_BLOCK:
	  memcpy (argv[p], &mr[S_WORD (x)], S_SIZE (x));
	  if (S_HAS_BOOLS (x))
	    fix_bools (argv[p], t, s[1], 1, 0);
	  break;
	case IDL_CT_R_FD:
	  *(int_any *) argv[p] = take_fd (b, len[p]);
	  break;
	default:
	  break;
	}
    }
  const unsigned char *pay = b->payload;
  uint64_t off = 0;
  for (k = 0; k < CT_NIP (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head);
      if (bulk && I_IS_BULK (m.head))
	{
	  /* The runtime copied it to the caller's buffer.  */
	  if (m.bools)
	    fix_bools (argv[p], t, m.bools, len[p], m.esize);
	  continue;
	}
      if (I_KIND (m.head) == IDL_CT_K_FIXED)
	{
	  memcpy (argv[p], pay + m.offset, m.max);
	  if (m.bools)
	    fix_bools (argv[p], t, m.bools, 1, 0);
	  off = m.offset + m.max;
	  continue;
	}
      uint64_t nb = len[p] * m.esize;
      memcpy (argv[p], pay + off, nb);
      off += nb;
      if (I_KIND (m.head) == IDL_CT_K_STRING)
	/* The terminator is the stub's, not the server's.  */
	((char *) argv[p])[len[p]] = 0;
      else if (m.bools)
	fix_bools (argv[p], t, m.bools, len[p], m.esize);
    }
}

/* The general path; BULK is the bulk items' array of a bulk
   operation (idl_compact_call_bulk), else NULL, and then all that
   concerns bulk items folds away; RARGV, for an operation with regions
   (idl_compact_call_region), room for a copy of ARGV (step 3a), else
   NULL, and then so does all that concerns regions.  */
static inline __attribute__ ((__always_inline__)) uint64_t
general (idl_binding_t *b, const uint32_t *t, void *const *argv,
	 uint64_t *w, uint64_t *len, struct idl_bulk_item *bulk,
	 void **rargv)
{
  unsigned char *wb = (unsigned char *) w - 8;
  const uint32_t *rs = ct_skip_slots (t, t + IDL_CT_HDR_WORDS, CT_NRQ (t));
  const uint32_t *iq = ct_skip_slots (t, rs, CT_NRP (t)), *ip;

  int code = general_bounds (t, argv, wb, len, iq, &ip);
  if (__builtin_expect (code != IDL_OK, 0))
    return client_refuses (b, code);
  int64_t plen = general_payload (b, t, argv, len, iq, bulk != NULL);
  if (__builtin_expect (plen < 0, 0))
    return 0;
  if (rargv && __builtin_expect (!prepare_regions (t, argv, rargv), 0))
    return client_refuses (b, IDL_E_INVAL);
  int fds[IDL_MAX_FDS];
  uint64_t nfds = general_words (t, rargv ? rargv : argv, wb, len, fds);

  /* 4. The call.  */
  idl_reply_t sent;
  if (bulk)
    {
      unsigned nb = bulk_items (t, argv, wb, len, iq, bulk);
      sent = idl_callv_bulk (b, table_tag (t),
			     table_tag (t) & IDL_TAG_COUNT_MASK ? w : NULL,
			     (uint64_t) plen, nfds ? fds : NULL, nfds, bulk,
			     nb);
    }
  else
    sent = ct_send (b, t, w, (uint64_t) plen, fds, nfds);
  uint64_t rtag = sent.tag;
  b = sent.view;
  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    return __builtin_expect (rtag != 0, 0) ? client_failed (b, rtag) : 0;
  if (__builtin_expect (rtag != reply_tag (t), 0))
    return client_failed (b, rtag);

  /* 5. The reply.  With payload items every length is checked before
     anything is written: a bad reply leaves every out parameter as it
     was, and the result is kept until all checks pass.  */
  if (CT_NIP (t) == 0)
    return general_reply_words (b, t, argv, rs);
  uint64_t r = 0;
  if (__builtin_expect (!general_reply_check (b, t, wb, len, rs, ip, &r,
					     bulk), 0))
    return client_failed (b, rtag);
  general_reply_deliver (b, t, argv, len, rs, ip, bulk != NULL);
  return r;
}

#endif /* IDL_COMPACT_CLIENT_GENERAL_H */
