/* compact-client.c -- compact mode's client engine: idl_compact_call.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What fast mode's generated client stub does (plugin/client-stub.cc,
   emit_client_stub), read from an operation's table (idlrt-abi.h,
   "Compact mode") at run time; the wire format, the checks, the errors
   and who owns what are fast mode's exactly, so a compact client talks
   to a fast server.  The stub has packed the request's words already
   (the layout is a compile-time constant there), so an operation whose
   messages hold values only (no IDL_CT_F_GENERAL) costs the engine one
   call of the transport and one pass over the reply's slots; strings,
   buffers, blocks and descriptors take the general path, out of line.

   Lean by construction: no allocation, no division, no table
   preprocessing, no array sized at run time on the common path.

   Here: idl_compact_call, the values-only entry points the plugin's
   stubs call directly (idl_compact_call_r4 and friends), and the
   general path, which idl_compact_call_bulk also takes for a bulk
   operation (idlrt-abi.h, "Bulk items"): its items go to
   idl_callv_bulk, and their returned lengths are checked as a fast
   stub checks them.  Operations whose payload items go one way only have
   shorter paths of their own: compact-client-in.c (IDL_CT_F_SIMPLE,
   items in the request) and compact-client-out.c (IDL_CT_F_OUT, items
   in the reply).  */

#include "compact-client-general.h"

static uint64_t __attribute__ ((__noinline__))
call_general_many (idl_binding_t *b, const uint32_t *t, void *const *argv,
		   uint64_t *w)
{
  uint64_t len[256];
  return general (b, t, argv, w, len, NULL, NULL);
}

static uint64_t __attribute__ ((__noinline__))
call_general (idl_binding_t *b, const uint32_t *t, void *const *argv,
	      uint64_t *w)
{
  uint64_t len[CT_ARGS];
  if (__builtin_expect (CT_NP (t) > CT_ARGS, 0))
    return call_general_many (b, t, argv, w);
  return general (b, t, argv, w, len, NULL, NULL);
}

/* One-way requests and everything but values: out of line.  */
static uint64_t __attribute__ ((__noinline__))
call_other (idl_binding_t *b, const uint32_t *t, void *const *argv,
	    uint64_t *w)
{
  if (CT_FLAGS (t) & IDL_CT_F_GENERAL)
    return call_general (b, t, argv, w);
  uint64_t rtag = ct_send (b, t, w, 0, NULL, 0).tag;
  return __builtin_expect (rtag != 0, 0) ? client_failed (b, rtag) : 0;
}

uint64_t
idl_compact_call (idl_binding_t *b, const uint32_t *t, void *const *argv,
		  void *words)
{
  const uint64_t *w = words;
  if (CT_FLAGS (t) & IDL_CT_F_SIMPLE)
    return idl_ct_call_simple (b, t, argv, words);
  if (__builtin_expect (CT_FLAGS (t) & (IDL_CT_F_GENERAL | IDL_CT_F_ONEWAY),
			0))
    return call_other (b, t, argv, words);

  /* Values only: the words as the stub packed them, in registers or in
     memory as a fast stub sends them.  */
  uint64_t tag = *(const u64_any *) (t + 1);
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  idl_reply_t rp = call_nw (b, tag, n, w);
  if (__builtin_expect (rp.tag != ((tag & ~(uint64_t) 0xff) | CT_RWORDS (t)),
			0))
    return client_failed (rp.view, rp.tag);

  /* The reply's slots once each; nothing can fail now.  */
  const uint64_t *mr = rp.view->mr;
  const uint32_t *s = t + IDL_CT_HDR_WORDS + CT_NRQ (t);
  const uint32_t *end = s + CT_NRP (t);
  uint64_t r = 0;
  if (CT_FLAGS (t) & IDL_CT_F_RESULT)
    {
      r = result_bits (*s, mr[S_WORD (*s)] >> (S_OFF (*s) * 8));
      s++;
    }
  for (; s < end; s++)
    store_out (argv[S_PARAM (*s)], *s, mr[S_WORD (*s)] >> (S_OFF (*s) * 8));
  return r;
}

/* The plugin's stubs of operations with values only pack the request's
   words and check the reply through these (idlrt.h): a call
   through the transport with the entry point a fast stub would use,
   and the one comparison of the reply's tag.  TAGX is the request's tag
   with the reply's word count in bits 9-15 (free in a request tag).
   Returns the reply's words (B's message registers, word 0 the tag) or,
   when the call failed, NULL, the binding's error set as
   idl_stub_failed sets it.  */
static inline const uint64_t *
checked (idl_binding_t *b, uint64_t tagx, uint64_t rtag)
{
  uint64_t expect = 0;
  if (!(tagx & IDL_TAG_ONEWAY))
    expect = (tagx & ~(uint64_t) 0xffff) | ((tagx >> 9) & IDL_TAG_COUNT_MASK);
  if (__builtin_expect (rtag != expect, 0))
    {
      idl_stub_failed (b, rtag);
      return NULL;
    }
  return b->mr;
}

const uint64_t *
idl_compact_call_r4 (idl_binding_t *b, uint64_t tagx, uint64_t w1,
		     uint64_t w2, uint64_t w3, uint64_t w4)
{
  uint64_t tag = tagx & ~(uint64_t) 0xfe00;
  idl_reply_t r = { 0, b };
  if (tag & IDL_TAG_ONEWAY)
    r.tag = idl_send_r4 (b, tag, w1, w2, w3, w4);
  else
    r = idl_callv_r4 (b, tag, w1, w2, w3, w4);
  return checked (r.view, tagx, r.tag);
}

const uint64_t *
idl_compact_call_m (idl_binding_t *b, uint64_t tagx, const uint64_t *words)
{
  uint64_t tag = tagx & ~(uint64_t) 0xfe00;
  idl_reply_t r = { 0, b };
  if (tag & IDL_TAG_ONEWAY)
    r.tag = idl_send_m (b, tag, words);
  else
    r = idl_callv_m (b, tag, words);
  return checked (r.view, tagx, r.tag);
}

/* The same for an operation whose reply is its result in word 1 and
   nothing else: that word, or 0 when the call failed (the result a
   fast stub returns then).  Called for every such call: the expected
   tag is computed while the transport runs, the failure is out of
   line.  */
static uint64_t __attribute__ ((__noinline__, __cold__))
failed_w1 (idl_binding_t *b, uint64_t rtag)
{
  idl_stub_failed (b, rtag);
  return 0;
}

uint64_t
idl_compact_call_r4_w1 (idl_binding_t *b, uint64_t tagx, uint64_t w1,
			uint64_t w2, uint64_t w3, uint64_t w4)
{
  idl_reply_t r = idl_callv_r4 (b, tagx & ~(uint64_t) 0xfe00, w1, w2, w3,
				w4);
  if (__builtin_expect (r.tag != ((tagx & ~(uint64_t) 0xffff)
				  | ((tagx >> 9) & IDL_TAG_COUNT_MASK)), 0))
    return failed_w1 (r.view, r.tag);
  return r.view->mr[1];
}

uint64_t
idl_compact_call_m_w1 (idl_binding_t *b, uint64_t tagx,
		       const uint64_t *words)
{
  idl_reply_t r = idl_callv_m (b, tagx & ~(uint64_t) 0xfe00, words);
  if (__builtin_expect (r.tag != ((tagx & ~(uint64_t) 0xffff)
				  | ((tagx >> 9) & IDL_TAG_COUNT_MASK)), 0))
    return failed_w1 (r.view, r.tag);
  return r.view->mr[1];
}
