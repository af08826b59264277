/* compact-client-out.c -- compact mode's client engine: payload items in
   the reply only.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   An IDL_CT_F_OUT operation (idlrt-abi.h, "Compact mode"): values in
   the request, payload items (out buffers, blocks, strings) in the
   reply, whose table lists no slots.  The plugin's stubs call
   idl_compact_call_out, or idl_compact_call_out_one for one item, the
   commonest case (SawMill's pfs_get_direntries).  The reply's words
   are copied once out of the shared page, every length is checked in
   that copy, and only then is anything written to the caller.  */

#include "compact-internal.h"

/* The reply's RW words from the shared page MR into WORDS, once: the
   first ones without a loop, for replies are short.  */
static inline __attribute__ ((__always_inline__)) void
copy_reply_words (uint64_t *words, const uint64_t *mr, unsigned rw)
{
  if (rw == 0)
    return;
  words[0] = mr[1];
  if (rw == 1)
    return;
  words[1] = mr[2];
  for (unsigned k = 2; k < rw; k++)
    words[k] = mr[k + 1];
}

/* The out paths' refusals and failures, out of line: NULL, the
   binding's error set.  */
static const uint64_t * __attribute__ ((__noinline__, __cold__))
refuse_out (idl_binding_t *b)
{
  idl_stub_error (b, IDL_E_BOUNDS);
  return NULL;
}

static const uint64_t * __attribute__ ((__noinline__, __cold__))
failed_out (idl_binding_t *b, uint64_t rtag)
{
  idl_stub_failed (b, rtag);
  return NULL;
}

/* Send the request of table T from WORDS as a fast stub would (values
   only); the reply's words copied once into WORDS, or NULL on failure
   (the binding's error set).  */
static inline const uint64_t *
call_words (idl_binding_t *b, const uint32_t *t, uint64_t *words)
{
  uint64_t tag = table_tag (t);
  unsigned nw = tag & IDL_TAG_COUNT_MASK;
  idl_reply_t r = call_nw (b, tag, nw, words);
  if (__builtin_expect (r.tag != reply_tag (t), 0))
    return failed_out (r.view, r.tag);
  b = r.view;
  copy_reply_words (words, b->mr, CT_RWORDS (t));
  return words;
}

/* idl_compact_call_out_one for a fixed block or a string: at its
   offset, or at 0.  */
static const uint64_t * __attribute__ ((__noinline__))
call_out_fixed (idl_binding_t *b, const uint32_t *t, void *to,
		uint64_t *words)
{
  const uint32_t *x = t + IDL_CT_HDR_WORDS;
  uint32_t h = x[0], max = x[1];
  unsigned fl = I_FLAGS (h), kind = I_KIND (h);
  uint64_t off = 0;
  x += 2;
  if (fl & IDL_CT_IF_OFFSET)
    off = *x++;
  uint32_t lslot = fl & IDL_CT_IF_LENGTH ? *x++ : 0;
  if (!call_words (b, t, words))
    return NULL;

  /* A string's length, read once in the private copy, against its
     bound (client-stub.cc, check_reply_payload).  */
  const unsigned char *rb = (const unsigned char *) words - 8;
  uint64_t n = max;
  if (kind == IDL_CT_K_STRING)
    {
      n = load_bits (rb + S_BYTE (lslot), 4);
      if (__builtin_expect (n > max, 0))
	return failed_out (b, reply_tag (t));
    }
  memcpy (to, b->payload + (kind == IDL_CT_K_FIXED ? off : 0), n);
  if (kind == IDL_CT_K_STRING)
    /* The terminator is the stub's, not the server's.  */
    ((char *) to)[n] = 0;
  else if (__builtin_expect (fl & IDL_CT_IF_BOOLS, 0))
    fix_bools (to, t, *x, 1, 0);
  return words;
}

/* The plugin's stubs of IDL_CT_F_OUT operations (idlrt.h):
   values in the request, payload items in the reply, whose table lists
   no slots.  Every count is checked before anything is sent; the
   reply's words are copied once from the shared page into WORDS (the
   stub's array, as long as both messages' words), every item's length
   is checked there before anything is written, then the items go to
   the caller.  Returns WORDS, from which the stub reads the reply's
   values, or NULL on failure (the binding's error set, nothing
   written).  (One item: idl_compact_call_out_one below.)  */
const uint64_t *
idl_compact_call_out (idl_binding_t *b, const uint32_t *t,
		      void *const *argv, void *reply_words)
{
  uint64_t *words = reply_words;
  const uint32_t *items = t + IDL_CT_HDR_WORDS;
  unsigned n = CT_NIP (t), k;
  uint64_t cap[8], len[8];
  struct ct_item m;
  const uint32_t *it;

  /* 1. The counts of out buffers, from the request's words.  */
  for (it = items, k = 0; k < n; k++)
    {
      it = ct_item (it, &m);
      if (I_KIND (m.head) == IDL_CT_K_BUFFER)
	{
	  cap[k] = slot_count (m.count, (const unsigned char *) words - 8);
	  if (__builtin_expect (cap[k] > m.max, 0))
	    {
	      idl_stub_error (b, IDL_E_BOUNDS);
	      return NULL;
	    }
	}
    }

  /* 2. The call, as a fast stub makes it, and the reply's words copied
     once.  */
  if (!call_words (b, t, words))
    return NULL;

  /* 3. Every length against its bound or the caller's capacity, all
     within the largest payload.  */
  const unsigned char *rb = (const unsigned char *) words - 8;
  uint64_t off = 0;
  for (it = items, k = 0; k < n; k++)
    {
      it = ct_item (it, &m);
      uint64_t l;
      switch (I_KIND (m.head))
	{
	case IDL_CT_K_FIXED:
	  off = (uint64_t) m.offset + m.max;
	  continue;
	case IDL_CT_K_STRING:
	  l = load_bits (rb + S_BYTE (m.length), 4);
	  if (__builtin_expect (l > m.max, 0))
	    goto proto;
	  len[k] = l;
	  break;
	default:
	  l = cap[k];
	  if (I_FLAGS (m.head) & IDL_CT_IF_LENGTH)
	    {
	      uint64_t x = slot_count (m.length, rb);
	      if (__builtin_expect (x > l, 0))
		goto proto;
	      l = x;
	    }
	  len[k] = l;
	  l *= m.esize;
	}
      off += l;
    }
  if (__builtin_expect (off > IDL_PAYLOAD_MAX, 0))
    goto proto;

  /* 4. The items to the caller: packed in the reply's payload.  */
  const unsigned char *pay = b->payload;
  off = 0;
  for (it = items, k = 0; k < n; k++)
    {
      it = ct_item (it, &m);
      void *to = argv[I_PARAM (m.head)];
      if (I_KIND (m.head) == IDL_CT_K_FIXED)
	{
	  memcpy (to, pay + m.offset, m.max);
	  if (m.bools)
	    fix_bools (to, t, m.bools, 1, 0);
	  off = (uint64_t) m.offset + m.max;
	  continue;
	}
      uint64_t nb = len[k] * m.esize;
      memcpy (to, pay + off, nb);
      off += nb;
      if (I_KIND (m.head) == IDL_CT_K_STRING)
	/* The terminator is the stub's, not the server's.  */
	((char *) to)[len[k]] = 0;
      else if (m.bools)
	fix_bools (to, t, m.bools, len[k], m.esize);
    }
  return words;

 proto:
  /* A well-formed reply of the wrong shape: as a fast stub.  */
  return failed_out (b, reply_tag (t));
}

/* The same for an operation whose reply has one payload item (at most
   16 parameters): TO is the caller's object, COUNT a buffer's count as
   C converts it to a size_t (the stub has the parameter at hand), 0
   for a block or a string.  The buffer, the commonest case (an out
   array the caller sized, SawMill's pfs_get_direntries), is done here
   with nothing left to decide, in a frame that keeps the binding, the
   table, TO, WORDS and COUNT only.  */
const uint64_t *
idl_compact_call_out_one (idl_binding_t *b, const uint32_t *t, void *to,
			  void *reply_words, uint64_t count)
{
  uint64_t *words = reply_words;
  const uint32_t *x = t + IDL_CT_HDR_WORDS;
  if (I_KIND (x[0]) != IDL_CT_K_BUFFER)
    return call_out_fixed (b, t, to, words);
  if (__builtin_expect (count > x[1], 0))
    return refuse_out (b);
  uint64_t tag = table_tag (t);
  idl_reply_t r = call_nw (b, tag, tag & IDL_TAG_COUNT_MASK, words);
  if (__builtin_expect (r.tag != reply_tag (t), 0))
    return failed_out (r.view, r.tag);
  b = r.view;

  /* The reply's words, once, out of the shared page; the length read
     there, against the caller's capacity (client-stub.cc, step 6:
     so within the bound, and the bytes within IDL_PAYLOAD_MAX, which
     the plugin refuses a bound times the element size to exceed).  */
  copy_reply_words (words, b->mr, CT_RWORDS (t));
  uint32_t h = x[0], fl = I_FLAGS (h), esize = h >> 24;
  x += 2;
  if (__builtin_expect (fl & IDL_CT_IF_OFFSET, 0))
    x++;
  /* (The item has no count slot: COUNT is the count.)  */
  if (__builtin_expect (esize == 0, 0))
    esize = *x++;
  uint64_t n = count;
  if (fl & IDL_CT_IF_LENGTH)
    {
      n = slot_count (*x++, (const unsigned char *) words - 8);
      if (__builtin_expect (n > count, 0))
	return failed_out (b, reply_tag (t));
    }
  memcpy (to, b->payload, n * esize);
  if (__builtin_expect (fl & IDL_CT_IF_BOOLS, 0))
    fix_bools (to, t, *x, n, esize);
  return words;
}
