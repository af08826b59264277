/* bulk-common.h -- bulk items (idlrt-abi.h) for the runtime tests: a
   dispatcher for rt-common.h's bulk operations, a byte pattern every
   byte of which is checked, and the client's calls made by hand as a
   bulk operation's stub would make them.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.  */

#ifndef BULK_COMMON_H
#define BULK_COMMON_H

#include "rt-common.h"

/* The pattern's helpers read or write every byte of up to 256 MiB
   several times a test: optimized in every option set, so that the
   -O0 runs take seconds, not minutes (what they test is the runtime,
   built once).  */
#define BK_FAST __attribute__ ((__optimize__ ("O2")))

/* The pattern of seed SEED: byte I is byte I % 8 of a mix of SEED and
   I / 8, so that a byte moved, lost or doubled anywhere shows.  */
static inline BK_FAST uint64_t
bk_word (uint64_t seed, uint64_t k)
{
  uint64_t z = seed * 0x9e3779b97f4a7c15ULL + k + 1;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static inline BK_FAST void
bk_fill (void *buf, uint64_t len, uint64_t seed)
{
  uint8_t *p = buf;
  uint64_t k = 0;
  for (; (k + 1) * 8 <= len; k++)
    {
      uint64_t w = bk_word (seed, k);
      memcpy (p + k * 8, &w, 8);
    }
  uint64_t w = bk_word (seed, k);
  for (uint64_t i = k * 8; i < len; i++)
    p[i] = (uint8_t) (w >> (8 * (i % 8)));
}

/* How many bytes of BUF[0..LEN-1] differ from the pattern.  */
static inline BK_FAST uint64_t
bk_mismatches (const void *buf, uint64_t len, uint64_t seed)
{
  const uint8_t *p = buf;
  uint64_t k = 0, bad = 0;
  for (; (k + 1) * 8 <= len; k++)
    {
      uint64_t w, x = bk_word (seed, k);
      memcpy (&w, p + k * 8, 8);
      if (w != x)
	for (unsigned i = 0; i < 8; i++)
	  bad += (uint8_t) (w >> (8 * i)) != (uint8_t) (x >> (8 * i));
    }
  uint64_t w = bk_word (seed, k);
  for (uint64_t i = k * 8; i < len; i++)
    bad += p[i] != (uint8_t) (w >> (8 * (i % 8)));
  return bad;
}

static inline BK_FAST uint64_t
bk_sum (const uint8_t *p, uint64_t len)
{
  uint64_t h = 1469598103934665603ULL;
  for (uint64_t i = 0; i < len; i++)
    h = (h ^ p[i]) * 1099511628211ULL;
  return h;
}

static inline uint64_t
bk_err (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* rt_dispatch, and the bulk operations.  */
static uint64_t __attribute__ ((unused))
bk_dispatch (idl_call_t *call, uint64_t *msg)
{
  uint64_t tag = msg[0];
  unsigned op = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  uint8_t *p0 = (uint8_t *) (uintptr_t) msg[IDL_MSG_BULK];
  uint64_t l0 = msg[IDL_MSG_BULK + 1];

  switch (op)
    {
    case RT_BULK_IN:
      if (n != 1)
	return bk_err (IDL_E_BADMSG);
      msg[2] = bk_mismatches (p0, l0, msg[1]);
      msg[1] = l0;
      return rt_tag (op, 2);
    case RT_BULK_OUT:
      if (n != 2)
	return bk_err (IDL_E_BADMSG);
      bk_fill (p0, msg[1] < l0 ? msg[1] : l0, msg[2]);
      msg[IDL_MSG_BULK + 1] = msg[1];
      return rt_tag (op, 0);
    case RT_BULK_INOUT:
      if (n != 2 || msg[2] > RT_BULK_BIG)
	return bk_err (IDL_E_BADMSG);
      {
	uint64_t seed = msg[1], newlen = msg[2];
	msg[1] = l0;
	msg[2] = bk_mismatches (p0, l0, seed);
	bk_fill (p0, newlen, seed + 1);
	msg[IDL_MSG_BULK + 1] = newlen;
      }
      return rt_tag (op, 2);
    case RT_BULK_MIX:
      {
	uint8_t *in = p0, *out = (uint8_t *) (uintptr_t) msg[IDL_MSG_BULK + 2];
	uint8_t *io = (uint8_t *) (uintptr_t) msg[IDL_MSG_BULK + 4];
	uint64_t lin = l0, room = msg[IDL_MSG_BULK + 3];
	uint64_t lio = msg[IDL_MSG_BULK + 5];
	if (lin > room)
	  return bk_err (IDL_E_BOUNDS);
	for (uint64_t i = 0; i < lin; i++)
	  out[i] = in[i] ^ 0x5a;
	msg[IDL_MSG_BULK + 3] = lin;
	for (uint64_t i = 0; i < lio / 2; i++)
	  {
	    uint8_t t = io[i];
	    io[i] = io[lio - 1 - i];
	    io[lio - 1 - i] = t;
	  }
	msg[1] = msg[IDL_MSG_REQ_LEN];
	return rt_tag (op, 1);
      }
    case RT_BULK_HOLD:
      {
	char ch = 's';
	if (msg[IDL_MSG_REQ_NFDS] != 2)
	  return bk_err (IDL_E_BADMSG);
	msg[1] = bk_sum (p0, l0);
	if (write ((int) msg[IDL_MSG_REQ_FDS], &ch, 1) != 1
	    || read ((int) msg[IDL_MSG_REQ_FDS + 1], &ch, 1) != 1)
	  return bk_err (IDL_E_BADMSG);
	msg[2] = bk_sum (p0, l0);
	return rt_tag (op, 2);
      }
    case RT_BULK_HOLD_OUT:
      {
	char ch = 's';
	if (n != 2 || msg[IDL_MSG_REQ_NFDS] != 2)
	  return bk_err (IDL_E_BADMSG);
	if (write ((int) msg[IDL_MSG_REQ_FDS], &ch, 1) != 1
	    || read ((int) msg[IDL_MSG_REQ_FDS + 1], &ch, 1) != 1)
	  return bk_err (IDL_E_BADMSG);
	bk_fill (p0, msg[1] < l0 ? msg[1] : l0, msg[2]);
	msg[IDL_MSG_BULK + 1] = msg[1] < l0 ? msg[1] : l0;
	return rt_tag (op, 0);
      }
    default:
      return rt_dispatch (call, msg);
    }
}

/* One bulk item.  */
static inline struct idl_bulk_item
bk_item (void *ptr, size_t len, size_t max, unsigned long dir)
{
  struct idl_bulk_item it = { ptr, len, max, dir };
  return it;
}

/* RT_BULK_IN with LEN bytes of seed SEED at BUF: the reply's tag;
   *BAD the mismatches the server saw.  */
static inline uint64_t __attribute__ ((unused))
bk_call_in (idl_binding_t *b, void *buf, size_t len, uint64_t seed,
	    uint64_t *bad)
{
  struct idl_bulk_item it = bk_item (buf, len, len, IDL_BULK_IN);
  uint64_t w[1] = { seed };
  idl_reply_t r = idl_callv_bulk (b, rt_tag (RT_BULK_IN, 1), w, 0, NULL, 0,
				  &it, 1);
  if (r.tag == rt_tag (RT_BULK_IN, 2))
    {
      CHECK (rt_mr (r.view)[1] == len);
      *bad = rt_mr (r.view)[2];
    }
  return r.tag;
}

/* RT_BULK_OUT: WANT bytes of seed SEED into BUF (room ROOM); *GOT
   the length that came back.  */
static inline uint64_t __attribute__ ((unused))
bk_call_out (idl_binding_t *b, void *buf, size_t room, uint64_t want,
	     uint64_t seed, size_t *got)
{
  struct idl_bulk_item it = bk_item (buf, 0, room, IDL_BULK_OUT);
  uint64_t w[2] = { want, seed };
  idl_reply_t r = idl_callv_bulk (b, rt_tag (RT_BULK_OUT, 2), w, 0, NULL, 0,
				  &it, 1);
  *got = it.len;
  return r.tag;
}

/* RT_BULK_INOUT: LEN bytes of seed SEED at BUF (room ROOM) go, NEWLEN
   of seed SEED + 1 come back; *BAD the server's mismatches, *GOT the
   length that came back.  */
static inline uint64_t __attribute__ ((unused))
bk_call_inout (idl_binding_t *b, void *buf, size_t len, size_t room,
	       uint64_t seed, uint64_t newlen, uint64_t *bad, size_t *got)
{
  struct idl_bulk_item it = bk_item (buf, len, room, IDL_BULK_INOUT);
  uint64_t w[2] = { seed, newlen };
  idl_reply_t r = idl_callv_bulk (b, rt_tag (RT_BULK_INOUT, 2), w, 0, NULL,
				  0, &it, 1);
  if (r.tag == rt_tag (RT_BULK_INOUT, 2))
    {
      CHECK (rt_mr (r.view)[1] == len);
      *bad = rt_mr (r.view)[2];
    }
  *got = it.len;
  return r.tag;
}

/* The bulk tests' setup for rt_fork_server_setup: the server's cap on
   private bulk memory (idl_server_set_bulk_max), 40 MiB, so that a
   call over it fits the operations' 256 MiB bounds.  */
#define BK_CAP ((size_t) 40 << 20)
static void __attribute__ ((unused))
bk_set_cap (idl_server_t *srv, void *arg)
{
  (void) arg;
  CHECK (idl_server_set_bulk_max (srv, BK_CAP) == 0);
}

/* An RT_BULK_IN call of LEN bytes of seed SEED at BUF that must
   succeed with every byte as sent.  */
static inline void __attribute__ ((unused))
bk_expect_in (idl_binding_t *b, uint8_t *buf, size_t len, uint64_t seed)
{
  uint64_t bad = 99;
  bk_fill (buf, len, seed);
  CHECK (bk_call_in (b, buf, len, seed, &bad) == rt_tag (RT_BULK_IN, 2));
  CHECK (bad == 0);
}

/* An RT_BULK_OUT call of WANT bytes of seed SEED into BUF (room ROOM)
   that must succeed with WANT as the length and every byte as the
   server wrote it.  */
static inline void __attribute__ ((unused))
bk_expect_out (idl_binding_t *b, uint8_t *buf, size_t room, size_t want,
	       uint64_t seed)
{
  size_t got = 0;
  CHECK (bk_call_out (b, buf, room, want, seed, &got)
	 == rt_tag (RT_BULK_OUT, 0));
  CHECK (got == want);
  CHECK (bk_mismatches (buf, want, seed) == 0);
}

/* An RT_BULK_INOUT call that must succeed: LEN bytes of seed SEED at
   BUF (room ROOM) go and arrive as sent, NEWLEN bytes of seed SEED + 1
   come back, every one of them as the server wrote it.  */
static inline void __attribute__ ((unused))
bk_expect_inout (idl_binding_t *b, uint8_t *buf, size_t len, size_t room,
		 uint64_t seed, size_t newlen)
{
  uint64_t bad = 99;
  size_t got = 0;
  bk_fill (buf, len, seed);
  CHECK (bk_call_inout (b, buf, len, room, seed, newlen, &bad, &got)
	 == rt_tag (RT_BULK_INOUT, 2));
  CHECK (bad == 0 && got == newlen);
  CHECK (bk_mismatches (buf, newlen, seed + 1) == 0);
}

/* Lines of /proc/self/maps: this process's mappings.  */
static inline int __attribute__ ((unused))
bk_map_count (pid_t pid)
{
  char path[64];
  int n = 0, ch;
  if (pid)
    snprintf (path, sizeof path, "/proc/%ld/maps", (long) pid);
  else
    snprintf (path, sizeof path, "/proc/self/maps");
  FILE *f = fopen (path, "r");
  CHECK (f != NULL);
  while ((ch = getc (f)) != EOF)
    n += ch == '\n';
  fclose (f);
  return n;
}

#endif /* BULK_COMMON_H */
