/* compact-client-in.c -- compact mode's client engine: payload items in
   the request only.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   An IDL_CT_F_SIMPLE operation (idlrt-abi.h, "Compact mode"): its
   request carries payload items (strings, buffers, blocks), its reply
   values only.  The general path's steps (compact-client.c), with
   nothing to decide that the flag has decided; the one-item cases,
   the commonest, in frames of their own.  idl_compact_call comes here
   for such tables (idl_ct_call_simple); the plugin's stubs call
   idl_compact_call_simple, _simple_one and _string directly.  */

#include "compact-internal.h"

/* An IDL_CT_F_SIMPLE operation (the request's payload items, the
   reply's values): the general path's steps, with nothing to decide
   that the flag has decided.  Returns the reply's words, or NULL when
   the call was refused or failed (the binding's error set).  */
static inline __attribute__ ((__always_inline__)) const uint64_t *
send_simple (idl_binding_t *b, const uint32_t *t, void *const *argv,
	     uint64_t *w)
{
  const unsigned char *wb = (const unsigned char *) w - 8;
  const uint32_t *items = t + IDL_CT_HDR_WORDS + CT_NRQ (t) + CT_NRP (t);
  const uint32_t *it = items;
  uint64_t len[8];
  unsigned n = CT_NIQ (t), k;
  uint64_t plen;


  /* 1. Every bound before anything is sent.  */
  for (k = 0; k < n; k++)
    {
      uint32_t h = *it, p = I_PARAM (h), max = it[1];
      unsigned fl = I_FLAGS (h);
      it += 2 + ((fl & IDL_CT_IF_OFFSET) != 0);
      if (I_KIND (h) == IDL_CT_K_STRING)
	{
	  if (__builtin_expect (argv[p] == NULL, 0))
	    {
	      idl_stub_error (b, IDL_E_INVAL);
	      return NULL;
	    }
	  len[k] = strnlen ((const char *) argv[p], (size_t) max + 1) + 1;
	  if (__builtin_expect (len[k] > (uint64_t) max + 1, 0))
	    {
	      idl_stub_error (b, IDL_E_BOUNDS);
	      return NULL;
	    }
	}
      else if (I_KIND (h) == IDL_CT_K_BUFFER)
	{
	  uint32_t esize, count;
	  it = ct_buffer (h, it, &esize, &count);
	  uint64_t c = slot_count (count, wb);
	  if (__builtin_expect (c > max, 0))
	    {
	      idl_stub_error (b, IDL_E_BOUNDS);
	      return NULL;
	    }
	  len[k] = c * esize;
	}
      else
	len[k] = max;
      it += (fl & IDL_CT_IF_BOOLS) != 0;
    }

  /* 2. The payload, straight into the shared page.  */
  unsigned char *pay = idl_request_payload (b);
  if (__builtin_expect (pay == NULL, 0))
    return NULL;
  plen = 0;
  for (it = items, k = 0; k < n; k++)
    {
      uint32_t h = *it;
      unsigned fl = I_FLAGS (h);
      if (I_KIND (h) == IDL_CT_K_FIXED)
	plen = fl & IDL_CT_IF_OFFSET ? it[2] : 0;
      else
	plen = align_up (plen, I_ALIGN (h));
      memcpy (pay + plen, argv[I_PARAM (h)], len[k]);
      plen += len[k];
      it += 2 + ((fl & IDL_CT_IF_OFFSET) != 0)
	    + (I_KIND (h) == IDL_CT_K_BUFFER ? 1 + !(h >> 24) : 0)
	    + ((fl & IDL_CT_IF_BOOLS) != 0);
    }

  /* 3. The call.  */
  uint64_t tag = table_tag (t), rtag, expect = 0;
  const uint64_t *words = (tag & IDL_TAG_COUNT_MASK) ? w : NULL;
  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    rtag = idl_send_x (b, tag, words, plen, NULL, 0);
  else
    {
      idl_reply_t r = idl_callv_x (b, tag, words, plen, NULL, 0);
      rtag = r.tag;
      b = r.view;
      expect = reply_tag (t);
    }
  if (__builtin_expect (rtag != expect, 0))
    {
      idl_stub_failed (b, rtag);
      return NULL;
    }
  return b->mr;
}

static const uint64_t *send_simple_one (idl_binding_t *, const uint32_t *,
					const void *, void *, uint64_t);

/* The pointer in ARGV of the request's first item of table T (a
   simple operation's).  */
static inline const void *
first_item (const uint32_t *t, void *const *argv)
{
  return argv[I_PARAM (t[IDL_CT_HDR_WORDS + CT_NRQ (t) + CT_NRP (t)])];
}

/* Its count, if it is a buffer, from its slot in the words W.  */
static inline uint64_t
first_count (const uint32_t *t, const void *w)
{
  const uint32_t *it = t + IDL_CT_HDR_WORDS + CT_NRQ (t) + CT_NRP (t);
  uint32_t h = it[0], esize, count;
  if (I_KIND (h) != IDL_CT_K_BUFFER)
    return 0;
  ct_buffer (h, it + 2 + ((I_FLAGS (h) & IDL_CT_IF_OFFSET) != 0), &esize,
	     &count);
  return slot_count (count, (const unsigned char *) w - 8);
}
static const uint64_t *send_simple_many (idl_binding_t *, const uint32_t *,
					 void *const *, uint64_t *);

uint64_t
idl_ct_call_simple (idl_binding_t *b, const uint32_t *t, void *const *argv,
		    uint64_t *w)
{
  const uint64_t *mr = CT_NIQ (t) == 1
			? send_simple_one (b, t, first_item (t, argv), w,
					   first_count (t, w))
			: send_simple_many (b, t, argv, w);
  if (!mr)
    return 0;
  const uint32_t *rs = t + IDL_CT_HDR_WORDS + CT_NRQ (t);
  uint64_t r = 0;
  for (unsigned k = CT_NRP (t); k; k--, rs++)
    {
      uint32_t x = *rs;
      uint64_t v = mr[S_WORD (x)] >> (S_OFF (x) * 8);
      if (S_PARAM (x) == IDL_CT_RESULT)
	r = result_bits (x, v);
      else
	store_out (argv[S_PARAM (x)], x, v);
    }
  return r;
}

/* send_simple_one for a string SRC, the request's last item (no length
   slot): checked against NULL and its bound, copied with its NUL.  */
static const uint64_t * __attribute__ ((__noinline__))
send_string_one (idl_binding_t *b, const uint32_t *t, const void *item_ptr,
		 void *w)
{
  const char *src = item_ptr;
  const uint32_t *item = t + IDL_CT_HDR_WORDS + CT_NRQ (t) + CT_NRP (t);
  uint32_t max = item[1];
  if (__builtin_expect (src == NULL, 0))
    {
      idl_stub_error (b, IDL_E_INVAL);
      return NULL;
    }
  size_t n = strnlen (src, (size_t) max + 1);
  if (__builtin_expect (n > max, 0))
    {
      idl_stub_error (b, IDL_E_BOUNDS);
      return NULL;
    }
  unsigned char *pay = idl_request_payload (b);
  if (__builtin_expect (pay == NULL, 0))
    return NULL;
  memcpy (pay, src, n + 1);
  uint64_t tag = table_tag (t), rtag;
  uint64_t expect = CT_FLAGS (t) & IDL_CT_F_ONEWAY ? 0 : reply_tag (t);
  const uint64_t *words = (tag & IDL_TAG_COUNT_MASK) ? w : NULL;
  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    rtag = idl_send_x (b, tag, words, n + 1, NULL, 0);
  else
    {
      idl_reply_t r = idl_callv_x (b, tag, words, n + 1, NULL, 0);
      rtag = r.tag;
      b = r.view;
    }
  if (__builtin_expect (rtag != expect, 0))
    {
      idl_stub_failed (b, rtag);
      return NULL;
    }
  return b->mr;
}

/* send_simple's single item SRC, the common case (at offset 0, or its
   own when fixed), in a frame of its own.  */
static const uint64_t * __attribute__ ((__noinline__))
send_simple_one (idl_binding_t *b, const uint32_t *t, const void *src,
		 void *w, uint64_t count)
{
  const uint32_t *items = t + IDL_CT_HDR_WORDS + CT_NRQ (t) + CT_NRP (t);
  uint32_t h = items[0], max = items[1];
  unsigned fl = I_FLAGS (h);
  const uint32_t *it = items + 2;
  uint64_t off = 0, nb = max;
  if (fl & IDL_CT_IF_OFFSET)
    off = *it++;
  if (I_KIND (h) == IDL_CT_K_STRING)
    {
      if (__builtin_expect (src == NULL, 0))
	{
	  idl_stub_error (b, IDL_E_INVAL);
	  return NULL;
	}
      nb = strnlen ((const char *) src, (size_t) max + 1);
      if (__builtin_expect (nb > max, 0))
	{
	  idl_stub_error (b, IDL_E_BOUNDS);
	  return NULL;
	}
      nb++;
    }
  else if (I_KIND (h) == IDL_CT_K_BUFFER)
    {
      /* COUNT: the stub passed it (its slot may be past the words it
	 packed, for an implied count).  */
      uint32_t esize = h >> 24;
      if (__builtin_expect (esize == 0, 0))
	esize = *it;
      nb = count;
      if (__builtin_expect (nb > max, 0))
	{
	  idl_stub_error (b, IDL_E_BOUNDS);
	  return NULL;
	}
      nb *= esize;
    }
  unsigned char *pay = idl_request_payload (b);
  if (__builtin_expect (pay == NULL, 0))
    return NULL;
  memcpy (pay + off, src, nb);

  /* (The expected reply tag first: fewer values live across calls.
     W even when the request has no words: the transport reads TAG's
     count of them.)  */
  uint64_t tag = table_tag (t), rtag;
  uint64_t expect = CT_FLAGS (t) & IDL_CT_F_ONEWAY ? 0 : reply_tag (t);
  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    rtag = idl_send_x (b, tag, w, off + nb, NULL, 0);
  else
    {
      idl_reply_t r = idl_callv_x (b, tag, w, off + nb, NULL, 0);
      rtag = r.tag;
      b = r.view;
    }
  if (__builtin_expect (rtag != expect, 0))
    {
      idl_stub_failed (b, rtag);
      return NULL;
    }
  return b->mr;
}

static const uint64_t * __attribute__ ((__noinline__))
send_simple_many (idl_binding_t *b, const uint32_t *t, void *const *argv,
		  uint64_t *w)
{
  return send_simple (b, t, argv, w);
}

/* The plugin's stubs of IDL_CT_F_SIMPLE operations (idlrt.h)
   read the reply's values themselves, from the words this returns (or
   NULL on failure); their tables list no reply slots.  */
const uint64_t *
idl_compact_call_simple (idl_binding_t *b, const uint32_t *t,
			 void *const *argv, void *words)
{
  if (CT_NIQ (t) == 1)
    return send_simple_one (b, t, first_item (t, argv), words,
			    first_count (t, words));
  return send_simple_many (b, t, argv, words);
}

/* The same for an operation with one payload item, given as ITEM (the
   plugin knows): send_simple_one itself, and send_string_one for a
   string.  */
extern __typeof (idl_compact_call_simple_one) idl_compact_call_simple_one
  __attribute__ ((__alias__ ("send_simple_one")));
extern __typeof (idl_compact_call_string) idl_compact_call_string
  __attribute__ ((__alias__ ("send_string_one")));
