/* compact-internal.h -- what compact mode's two engines share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compact mode (-fplugin-arg-idlstub-mode=compact) marshals from a
   constant table per operation (idlrt-abi.h, "Compact mode"): TAO's
   interpretive stubs (paper 002), traded for speed where footprint
   matters.  compact-client.c is the client side (idl_compact_call),
   compact-server.c the server side (idl_compact_dispatch), in objects
   of their own so that a client links no server engine.  Here: reading
   the table's fields and the message's bytes.  */

#ifndef IDLRT_COMPACT_INTERNAL_H
#define IDLRT_COMPACT_INTERNAL_H

#include <string.h>
#include "internal.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
# error "the compact engine reads values in place in little-endian words"
#endif

/* Accesses to the caller's objects, to message words and to payload
   bytes, whatever their C type: alias set 0, and no alignment assumed
   for the caller's objects (one may be a member of a packed struct).  */
typedef uint16_t u16_any __attribute__ ((__may_alias__, __aligned__ (1)));
typedef uint32_t u32_any __attribute__ ((__may_alias__, __aligned__ (1)));
typedef uint64_t u64_any __attribute__ ((__may_alias__, __aligned__ (1)));
typedef int int_any __attribute__ ((__may_alias__, __aligned__ (1)));

/* Header fields (idlrt-abi.h): bytes of its words.  */
#define CT_NP(t) (((const uint8_t *) (t))[0])
#define CT_FLAGS(t) (((const uint8_t *) (t))[1])
#define CT_NRQ(t) (((const uint8_t *) (t))[2])
#define CT_NRP(t) (((const uint8_t *) (t))[3])
#define CT_NIQ(t) (((const uint8_t *) (t))[12])
#define CT_NIP(t) (((const uint8_t *) (t))[13])
#define CT_RWORDS(t) (((const uint8_t *) (t))[14])
#define CT_NRQE(t) (((const uint8_t *) (t))[15])

/* A server's table (IDL_CT_F_DIRECT) has a header of
   IDL_CT_SHDR_WORDS: no interface id (the dispatcher's table of
   operations has it), its counts in word 2.  */
#define SD_NIQ(t) (((const uint8_t *) (t))[8])
#define SD_NIP(t) (((const uint8_t *) (t))[9])
#define SD_RWORDS(t) (((const uint8_t *) (t))[10])
/* Whether its operation has bulk items (IDL_CT_IF_BULK), regions
   (IDL_REGION).  */
#define SD_BULK(t) (((const uint8_t *) (t))[11] & IDL_CT_SD_BULK)
#define SD_REGIONS(t) (((const uint8_t *) (t))[11] & IDL_CT_SD_REGIONS)
/* Its reply tag, once MSG's request tag (interface, number) checked.  */
#define SD_REPLY_TAG(msg, t) \
  (((msg)[0] & ~(uint64_t) (IDL_TAG_COUNT_MASK | IDL_TAG_ONEWAY)) \
   | SD_RWORDS (t))

/* Slot fields, from a slot word S.  */
#define S_PARAM(s) ((s) & 0xff)
#define S_WORD(s) (((s) >> 8) & 0xff)
#define S_OFF(s) (((s) >> 16) & 7)
#define S_ROLE(s) (((s) >> (16 + IDL_CT_S_ROLE_SHIFT)) & 3)
#define S_CLASS(s) (((s) >> (16 + IDL_CT_S_CLASS_SHIFT)) & 3)
#define S_HAS_BOOLS(s) (((s) >> 16) & IDL_CT_S_BOOLS)
#define S_INOUT(s) (((s) >> 16) & IDL_CT_S_INOUT)
#define S_SIZE(s) ((s) >> 24)
/* A descriptor slot's region kind (IDL_REGION_IN_, _OUT_, _INOUT_), 0
   for a plain descriptor and any other slot.  */
#define S_REGION(s) (S_ROLE (s) == IDL_CT_R_FD ? S_CLASS (s) : 0)
/* The bits of a slot word of SIZE bytes and value class CLS.  */
#define S_SIZE_CLASS(size, cls) \
  ((uint32_t) (size) << 24 | (uint32_t) (cls) << (16 + IDL_CT_S_CLASS_SHIFT))
/* The byte of a message (or of a scratch copy of its words) where slot
   S's value starts.  */
#define S_BYTE(s) (S_WORD (s) * 8 + S_OFF (s))

/* Item fields, from an item's first word I.  */
#define I_PARAM(i) ((i) & 0xff)
#define I_KIND(i) (((i) >> 8) & 3)
#define I_FLAGS(i) (((i) >> 8) & 0xff)
#define I_ALIGN(i) ((uint64_t) 1 << (((i) >> 16) & 0xff))
/* A bulk item's index (IDL_CT_IF_BULK: byte 2 is not an alignment):
   its slots are MSG[IDL_MSG_BULK + 2 * index].  */
#define I_BULK_INDEX(i) (((i) >> 16) & 0xff)
#define I_IS_BULK(i) (I_FLAGS (i) & IDL_CT_IF_BULK)

/* An item, decoded: its first word, bound, offset, element size (1 for
   a string), count slot, length slot, _Bool list (0: none).  */
struct ct_item
{
  uint32_t head, max, offset, esize, count, length, bools;
};

/* A buffer item H's element size (byte 3 of its first word, or the
   word at X when that is 0) and count slot, from X on (after its bound
   and offset); returns the word after them.  */
static inline const uint32_t *
ct_buffer (uint32_t h, const uint32_t *x, uint32_t *esize, uint32_t *count)
{
  *esize = h >> 24;
  if (__builtin_expect (*esize == 0, 0))
    *esize = *x++;
  *count = *x++;
  return x;
}

/* Decode the item at IT into *R; return the word after it.  */
static inline const uint32_t *
ct_item (const uint32_t *it, struct ct_item *r)
{
  uint32_t h = *it++;
  r->head = h;
  r->max = *it++;
  r->offset = I_FLAGS (h) & IDL_CT_IF_OFFSET ? *it++ : 0;
  r->esize = 1;
  r->count = r->length = 0;
  if (I_KIND (h) == IDL_CT_K_BUFFER)
    {
      it = ct_buffer (h, it, &r->esize, &r->count);
      if (I_FLAGS (h) & IDL_CT_IF_LENGTH)
	r->length = *it++;
    }
  else if (I_FLAGS (h) & IDL_CT_IF_LENGTH)
    /* A reply's string of an IDL_CT_F_OUT operation: its length slot.  */
    r->length = *it++;
  r->bools = I_FLAGS (h) & IDL_CT_IF_BOOLS ? *it++ : 0;
  return it;
}

/* The word after the slot at S.  */
static inline const uint32_t *
ct_next_slot (const uint32_t *s)
{
  return s + 1 + (S_ROLE (*s) == IDL_CT_R_BLOCK && S_HAS_BOOLS (*s) != 0);
}

/* The word after the N slots from S in table T: without
   IDL_CT_F_WIDE, every slot is one word.  */
static inline const uint32_t *
ct_skip_slots (const uint32_t *t, const uint32_t *s, unsigned n)
{
  if (__builtin_expect (!(CT_FLAGS (t) & IDL_CT_F_WIDE), 1))
    return s + n;
  for (; n; n--)
    s = ct_next_slot (s);
  return s;
}

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

/* The value of slot S in the little-endian words at BASE (word 0
   first), converted to a size_t as C converts a value of its type: a
   signed one is sign-extended.  Counts and lengths are compared as such
   (plugin/client-stub.cc, count_value).  */
static inline uint64_t
slot_count (uint32_t s, const unsigned char *base)
{
  /* The commonest counts first: an int, then any 8-byte type.  */
  const unsigned char *p = base + S_BYTE (s);
  if (__builtin_expect ((s & S_SIZE_CLASS (0xff, 3))
			== S_SIZE_CLASS (4, IDL_CT_V_SIGNED), 1))
    return (uint64_t) (int64_t) *(const int_any *) p;
  if (S_SIZE (s) == 8)
    return *(const u64_any *) p;
  unsigned size = S_SIZE (s);
  uint64_t bits = load_bits (p, size);
  if (S_CLASS (s) == IDL_CT_V_SIGNED)
    {
      unsigned sh = 64 - 8 * size;
      return (uint64_t) ((int64_t) (bits << sh) >> sh);
    }
  return bits;
}

/* A request buffer's implied count (IDL_CT_IF_IMPLIED: it is the
   request's last item and its count is not sent): the payload from
   START to its end PLEN must be a whole number of elements of ESIZE
   bytes, at most MAX.  Their number goes to *N and, for the thunk, to
   the count's slot S in the private request at BYTES (a word past every
   message's, which no peer sends).  False when the payload is not
   such.  */
static inline int
implied_count (uint32_t s, unsigned char *bytes, uint64_t start,
	       uint64_t plen, uint64_t esize, uint64_t max, uint64_t *n)
{
  uint64_t nb = plen - start;
  if (start > plen || nb > max * esize || nb % esize != 0)
    return 0;
  *n = nb / esize;
  store_bits (bytes + S_BYTE (s), S_SIZE (s), *n);
  return 1;
}

/* Rewrite each _Bool of N objects of ESIZE bytes at P as 0 or 1; LIST
   (an index in table T) is their byte offsets in one object, its first
   word their number (marshal.cc, fix_bools: a _Bool holding anything else
   is undefined behaviour in the receiver).  */
static inline void
fix_bools (void *at, const uint32_t *t, uint32_t list, uint64_t n,
	   uint64_t esize)
{
  unsigned char *p = at;
  const uint32_t *l = t + list;
  for (uint64_t e = 0; e < n; e++, p += esize)
    for (uint32_t k = 1; k <= l[0]; k++)
      p[l[k]] = p[l[k]] != 0;
}

/* The same for a bulk item's buffer, which may be a co-located
   caller's own, even read-only, memory (colocate.c): only a _Bool
   that is neither 0 nor 1 is written (as fast mode's server stubs do,
   plugin/server-stub.cc).  */
static inline void
fix_bools_invalid (void *at, const uint32_t *t, uint32_t list, uint64_t n,
		   uint64_t esize)
{
  unsigned char *p = at;
  const uint32_t *l = t + list;
  for (uint64_t e = 0; e < n; e++, p += esize)
    for (uint32_t k = 1; k <= l[0]; k++)
      if (p[l[k]] > 1)
	p[l[k]] = 1;
}

static inline uint64_t
align_up (uint64_t v, uint64_t a)
{
  return (v + a - 1) & ~(a - 1);
}

/* The request tag of operation T.  */
static inline uint64_t
table_tag (const uint32_t *t)
{
  return t[1] | (uint64_t) t[2] << 32;
}

/* Its reply tag: the request's interface and number, the reply's
   word count.  */
static inline uint64_t
reply_tag (const uint32_t *t)
{
  return (table_tag (t) & ~(uint64_t) (IDL_TAG_COUNT_MASK | IDL_TAG_ONEWAY))
	 | CT_RWORDS (t);
}

/* Client side (compact-client*.c).  */

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

/* Call B with request TAG and its NW words WORDS as a fast stub does:
   in registers (idl_callv_r4) when they fit, else in memory.  Returns
   the reply tag and the view that holds the reply (idlrt.h).  */
static inline __attribute__ ((__always_inline__)) idl_reply_t
call_nw (idl_binding_t *b, uint64_t tag, unsigned nw,
	 const uint64_t *words)
{
  if (nw > IDL_REG_WORDS)
    return idl_callv_m (b, tag, words);
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
  return idl_callv_r4 (b, tag, w1, w2, w3, w4);
}

/* The engine's paths that its entry points share across objects:
   compact-client-in.c's for idl_compact_call (compact-client.c), and
   compact-server-general.c's for the dispatcher (compact-server.c).  */
uint64_t idl_ct_call_simple (idl_binding_t *b, const uint32_t *t,
			     void *const *argv, uint64_t *w)
  __attribute__ ((__visibility__ ("hidden")));
uint64_t idl_ct_serve_table (idl_call_t *call, uint64_t *msg,
			     const uint32_t *t, idl_thunk_fn thunk)
  __attribute__ ((__visibility__ ("hidden")));
uint64_t idl_ct_serve_direct_table (idl_call_t *call, uint64_t *msg,
				    const uint32_t *t, idl_thunk_fn thunk)
  __attribute__ ((__visibility__ ("hidden")));

/* Operations of at most this many parameters keep their per-parameter
   arrays on the engine's frame; more take a copy of the engine with
   arrays for 255, off the hot path.  */
#define CT_ARGS 16	/* (the plugin's IDL_CT_OP_ONE needs as much) */

#endif /* IDLRT_COMPACT_INTERNAL_H */
