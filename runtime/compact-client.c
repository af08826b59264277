/* compact-client.c -- compact mode's client engine, idl_compact_call.

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
   preprocessing, no array sized at run time on the common path.  */

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

/* The bits V of slot S (shifted down, not masked) as the result: its
   size's bytes, a _Bool rebuilt as bits != 0 (marshal.cc, unpack_value).  */
static inline uint64_t
result_bits (uint32_t s, uint64_t v)
{
  v &= ~(uint64_t) 0 >> (64 - 8 * S_SIZE (s));
  if (__builtin_expect (S_CLASS (s) == IDL_CT_V_BOOL, 0))
    v = v != 0;
  return v;
}

/* Store the bits V of reply slot S (shifted down) at the caller's out
   or inout scalar P: the bytes as they came (fast stubs read and write
   pointees as raw bytes: marshal.cc, pointee_bytes), but a _Bool 0 or
   1 whatever a hostile server sent.  */
static inline void
store_out (void *p, uint32_t s, uint64_t v)
{
  if (__builtin_expect (S_CLASS (s) == IDL_CT_V_BOOL, 0))
    v = result_bits (s, v);
  store_bits (p, S_SIZE (s), v);
}

/* Send the request of operation T, words W, with the entry point a
   fast stub would use; the reply tag.  */
static inline __attribute__ ((__always_inline__)) uint64_t
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
	return idl_send_x (b, tag, words ? w : NULL, plen, nfds ? fds : NULL,
			   nfds);
      return idl_call_x (b, tag, words ? w : NULL, plen, nfds ? fds : NULL,
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
	return idl_send_r4 (b, tag, w1, w2, w3, w4);
      return idl_call_r4 (b, tag, w1, w2, w3, w4);
    }
  if (oneway)
    return idl_send_m (b, tag, w);
  return idl_call_m (b, tag, w);
}

/* The general path: strings, buffers, blocks, descriptors.  W is the
   stub's words, which lengths and descriptor indices are or-ed into;
   LEN, per parameter, the element count of each string or buffer, and
   after the call what each reply slot held.  */
static inline __attribute__ ((__always_inline__)) uint64_t
general (idl_binding_t *b, const uint32_t *t, void *const *argv,
	 uint64_t *w, uint64_t *len)
{
  /* The words as bytes, word 1 first, as slots address them.  */
  unsigned char *wb = (unsigned char *) w - 8;
  const uint32_t *s, *rs, *iq, *ip, *it;
  struct ct_item m;
  unsigned k;

  rs = ct_skip_slots (t, t + IDL_CT_HDR_WORDS, CT_NRQ (t));
  iq = ct_skip_slots (t, rs, CT_NRP (t));

  /* 1. Every bound before anything is sent, never truncating: strings
     (NULL: IDL_E_INVAL; over the bound: IDL_E_BOUNDS), buffer counts,
     inout lengths.  A count is its C value; an inout length is read
     as raw bits, as fast stubs read a pointee.  */
  it = iq;
  for (k = 0; k < CT_NIQ (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head);
      if (I_KIND (m.head) == IDL_CT_K_STRING)
	{
	  if (__builtin_expect (argv[p] == NULL, 0))
	    return client_refuses (b, IDL_E_INVAL);
	  size_t n = strnlen ((const char *) argv[p], (size_t) m.max + 1);
	  if (__builtin_expect (n > m.max, 0))
	    return client_refuses (b, IDL_E_BOUNDS);
	  len[p] = n;
	}
      else if (I_KIND (m.head) == IDL_CT_K_BUFFER)
	{
	  uint64_t c = slot_count (m.count, wb);
	  if (__builtin_expect (c > m.max, 0))
	    return client_refuses (b, IDL_E_BOUNDS);
	  len[p] = c;
	  if (I_FLAGS (m.head) & IDL_CT_IF_LENGTH)
	    {
	      uint64_t l = load_bits (wb + S_BYTE (m.length),
				      S_SIZE (m.length));
	      if (__builtin_expect (l > c, 0))
		return client_refuses (b, IDL_E_BOUNDS);
	      len[p] = l;
	    }
	}
    }
  ip = it;
  for (k = 0; k < CT_NIP (t); k++)
    {
      it = ct_item (it, &m);
      if (I_KIND (m.head) == IDL_CT_K_BUFFER
	  && __builtin_expect (slot_count (m.count, wb) > m.max, 0))
	return client_refuses (b, IDL_E_BOUNDS);
    }

  /* 2. The payload, straight into the shared page: fixed items at
     their offsets, each variable item at the next multiple of its
     alignment.  */
  uint64_t plen = 0;
  if (CT_NIQ (t))
    {
      unsigned char *pay = idl_request_payload (b);
      if (__builtin_expect (pay == NULL, 0))
	/* The runtime recorded why.  */
	return 0;
      it = iq;
      for (k = 0; k < CT_NIQ (t); k++)
	{
	  it = ct_item (it, &m);
	  uint32_t p = I_PARAM (m.head);
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
    }

  /* 3. String lengths and descriptor indices into the words,
     descriptors in the order they are listed; a negative one is
     "none" and not listed.  */
  int fds[IDL_MAX_FDS];
  uint64_t nfds = 0;
  s = t + IDL_CT_HDR_WORDS;
  for (k = 0; k < CT_NRQE (t); k++, s++)
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

  /* 4. The call.  */
  uint64_t rtag = ct_send (b, t, w, plen, fds, nfds);
  if (CT_FLAGS (t) & IDL_CT_F_ONEWAY)
    return __builtin_expect (rtag != 0, 0) ? client_failed (b, rtag) : 0;
  if (__builtin_expect (rtag != reply_tag (t), 0))
    return client_failed (b, rtag);

  /* 5. The reply.  Every slot is read once from the shared page (a
     hostile server may change it meanwhile), and with payload items
     every length is checked before anything is written: a bad reply
     leaves every out parameter as it was.  */
  const uint64_t *mr = b->mr;
  uint64_t r = 0;
  if (CT_NIP (t) == 0)
    {
      /* Words only: nothing can fail now; deliver at once.  */
      for (s = rs, k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
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

  /* 5a. Read every slot once; the result is kept until all checks
     pass.  */
  for (s = rs, k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
    {
      uint32_t x = *s;
      if (S_ROLE (x) == IDL_CT_R_BLOCK)
	continue;
      uint64_t v = mr[S_WORD (x)] >> (S_OFF (x) * 8);
      if (S_SIZE (x) < 8)
	v &= (1ULL << (S_SIZE (x) * 8)) - 1;
      if (S_PARAM (x) == IDL_CT_RESULT)
	r = result_bits (x, v);
      else
	len[S_PARAM (x)] = v;
    }

  /* 5b. Each variable item's length against its bound or the caller's
     capacity; all of them within the largest payload.  */
  uint64_t off = 0;
  it = ip;
  for (k = 0; k < CT_NIP (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head);
      uint64_t n;
      if (I_KIND (m.head) == IDL_CT_K_FIXED)
	{
	  off = m.offset + m.max;
	  continue;
	}
      if (I_KIND (m.head) == IDL_CT_K_STRING)
	{
	  n = len[p];
	  if (__builtin_expect (n > m.max, 0))
	    return client_failed (b, rtag);
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
		return client_failed (b, rtag);
	      n = l;
	    }
	  len[p] = n;
	  n *= m.esize;
	}
      off += n;
    }
  if (__builtin_expect (off > IDL_PAYLOAD_MAX, 0))
    return client_failed (b, rtag);

  /* 5c. Everything checks: deliver the words, then the payload.  */
  for (s = rs, k = 0; k < CT_NRP (t); k++, s = ct_next_slot (s))
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
  off = 0;
  it = ip;
  for (k = 0; k < CT_NIP (t); k++)
    {
      it = ct_item (it, &m);
      uint32_t p = I_PARAM (m.head);
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
  return r;
}

static uint64_t __attribute__ ((__noinline__))
call_general_many (idl_binding_t *b, const uint32_t *t, void *const *argv,
		   uint64_t *w)
{
  uint64_t len[256];
  return general (b, t, argv, w, len);
}

static uint64_t __attribute__ ((__noinline__))
call_general (idl_binding_t *b, const uint32_t *t, void *const *argv,
	      uint64_t *w)
{
  uint64_t len[CT_ARGS];
  if (__builtin_expect (CT_NP (t) > CT_ARGS, 0))
    return call_general_many (b, t, argv, w);
  return general (b, t, argv, w, len);
}

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
      rtag = idl_call_x (b, tag, words, plen, NULL, 0);
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

static uint64_t __attribute__ ((__noinline__))
call_simple (idl_binding_t *b, const uint32_t *t, void *const *argv,
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
    rtag = idl_call_x (b, tag, words, n + 1, NULL, 0);
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
    rtag = idl_call_x (b, tag, w, off + nb, NULL, 0);
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

/* One-way requests and everything but values: out of line.  */
static uint64_t __attribute__ ((__noinline__))
call_other (idl_binding_t *b, const uint32_t *t, void *const *argv,
	    uint64_t *w)
{
  if (CT_FLAGS (t) & IDL_CT_F_GENERAL)
    return call_general (b, t, argv, w);
  uint64_t rtag = ct_send (b, t, w, 0, NULL, 0);
  return __builtin_expect (rtag != 0, 0) ? client_failed (b, rtag) : 0;
}

/* Call B with request TAG and its NW words WORDS as a fast stub does:
   in registers (idl_call_r4) when they fit, else in memory.  Returns
   the reply tag.  */
static inline __attribute__ ((__always_inline__)) uint64_t
call_nw (idl_binding_t *b, uint64_t tag, unsigned nw,
	 const uint64_t *words)
{
  if (nw > IDL_REG_WORDS)
    return idl_call_m (b, tag, words);
  uint64_t w1 = 0, w2 = 0, w3 = 0, w4 = 0;
  if (nw)
    {
      w1 = words[0];
      if (nw > 1)
	{
	  w2 = words[1];
	  if (nw > 2)
	    {
	      w3 = words[2];
	      if (nw > 3)
		w4 = words[3];
	    }
	}
    }
  return idl_call_r4 (b, tag, w1, w2, w3, w4);
}

uint64_t
idl_compact_call (idl_binding_t *b, const uint32_t *t, void *const *argv,
		  void *words)
{
  const uint64_t *w = words;
  if (CT_FLAGS (t) & IDL_CT_F_SIMPLE)
    return call_simple (b, t, argv, words);
  if (__builtin_expect (CT_FLAGS (t) & (IDL_CT_F_GENERAL | IDL_CT_F_ONEWAY),
			0))
    return call_other (b, t, argv, words);

  /* Values only: the words as the stub packed them, in registers or in
     memory as a fast stub sends them.  */
  uint64_t tag = *(const u64_any *) (t + 1);
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  uint64_t rtag = call_nw (b, tag, n, w);
  if (__builtin_expect (rtag != ((tag & ~(uint64_t) 0xff) | CT_RWORDS (t)),
			0))
    return client_failed (b, rtag);

  /* The reply's slots once each; nothing can fail now.  */
  const uint64_t *mr = b->mr;
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
  uint64_t rtag = tag & IDL_TAG_ONEWAY ? idl_send_r4 (b, tag, w1, w2, w3, w4)
		  : idl_call_r4 (b, tag, w1, w2, w3, w4);
  return checked (b, tagx, rtag);
}

const uint64_t *
idl_compact_call_m (idl_binding_t *b, uint64_t tagx, const uint64_t *words)
{
  uint64_t tag = tagx & ~(uint64_t) 0xfe00;
  uint64_t rtag = tag & IDL_TAG_ONEWAY ? idl_send_m (b, tag, words)
		  : idl_call_m (b, tag, words);
  return checked (b, tagx, rtag);
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
  uint64_t rtag = idl_call_r4 (b, tagx & ~(uint64_t) 0xfe00, w1, w2, w3,
			       w4);
  if (__builtin_expect (rtag != ((tagx & ~(uint64_t) 0xffff)
				 | ((tagx >> 9) & IDL_TAG_COUNT_MASK)), 0))
    return failed_w1 (b, rtag);
  return b->mr[1];
}

uint64_t
idl_compact_call_m_w1 (idl_binding_t *b, uint64_t tagx,
		       const uint64_t *words)
{
  uint64_t rtag = idl_call_m (b, tagx & ~(uint64_t) 0xfe00, words);
  if (__builtin_expect (rtag != ((tagx & ~(uint64_t) 0xffff)
				 | ((tagx >> 9) & IDL_TAG_COUNT_MASK)), 0))
    return failed_w1 (b, rtag);
  return b->mr[1];
}


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
  uint64_t rtag = call_nw (b, tag, nw, words);
  if (__builtin_expect (rtag != reply_tag (t), 0))
    return failed_out (b, rtag);
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
  uint64_t rtag = call_nw (b, tag, tag & IDL_TAG_COUNT_MASK, words);
  if (__builtin_expect (rtag != reply_tag (t), 0))
    return failed_out (b, rtag);

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
