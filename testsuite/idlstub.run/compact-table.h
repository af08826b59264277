/* compact-table.h -- hand-written compact-mode tables, and a harness
   that runs one set of checks in every pairing of fast and compact
   clients and servers.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Included by the compact-*.c run tests only; they are the unit tests
   of libidlrt's compact engine (runtime/compact-client.c and
   compact-server.c), which the plugin's compact stubs do not reach in
   every way (its values-only operations bypass the client engine, and
   its thunks of those are direct ones).  A test declares its
   operations normally, so the plugin generates stubs and a dispatcher
   of the mode under test (fast, or compact in the compact option set),
   and writes the engine's side by hand: a table per operation (the
   macros below follow idlrt-abi.h, "Compact mode"; the layouts are
   those of the plugin's dump), a wrapper per operation that calls the
   plugin's stub or, through ct_call, idl_compact_call as
   CT_COMPACT_CLIENT says, and a thunk per operation for
   idl_compact_dispatch.

   ct_run then runs the test's checks:
   1. co-located, through a recording dispatcher, for each of the four
      pairings (fast or compact client, fast or compact server): every
      request and every reply that crossed (tag, words, payload bytes,
      descriptor count) must be the same, byte for byte, in all four;
   2. across processes (a forked server), for compact client and fast
      server, fast client and compact server, and compact on both
      sides.  */

#ifndef COMPACT_TABLE_H
#define COMPACT_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <idlstub.h>
#include "idltest.h"

/* Tags.  */
#define CT_TAG32(t) (uint32_t) (t), (uint32_t) ((uint64_t) (t) >> 32)
#define CT_MKTAG(iface, num, words) \
  ((uint64_t) (iface) << IDL_TAG_IFACE_SHIFT \
   | (uint64_t) (num) << IDL_TAG_OP_SHIFT | (words))

/* Value classes.  */
#define CT_S IDL_CT_V_SIGNED
#define CT_U IDL_CT_V_UNSIGNED
#define CT_B IDL_CT_V_BOOL
#define CT_F IDL_CT_V_FLOAT

/* The header: NP parameters, FLAGS, the request tag, NRQ request slots
   and NRP reply slots, NIQ request items and NIP reply items, the
   reply's words, and NRQE, how many request slots (listed first) the
   client engine fills in (lengths and descriptors).  */
#define CT_HDR(np, flags, rqtag, nrq, nrp, niq, nip, rwords, nrqe) \
  (uint32_t) ((np) | (flags) << 8 | (nrq) << 16 | (nrp) << 24), \
  CT_TAG32 (rqtag), \
  (uint32_t) ((niq) | (nip) << 8 | (rwords) << 16 | (nrqe) << 24)

/* The header of a server's table (IDL_CT_F_DIRECT): no interface id,
   only the request tag's low 32 bits.  */
#define CT_SHDR(np, flags, rqtag, nrq, nrp, niq, nip, rwords, nrqe) \
  (uint32_t) ((np) | (flags) << 8 | (nrq) << 16 | (nrp) << 24), \
  (uint32_t) (rqtag), \
  (uint32_t) ((niq) | (nip) << 8 | (rwords) << 16 | (nrqe) << 24)

/* Slots: PARAM (IDL_CT_RESULT for the result), 1-based WORD, byte
   offset OFF, ROLE, value class CLS, FLAGS (IDL_CT_S_INOUT,
   IDL_CT_S_BOOLS), SIZE in bytes.  */
#define CT_SLOT(param, word, off, role, cls, flags, size) \
  (uint32_t) ((param) | (word) << 8 \
	      | ((off) | (role) << IDL_CT_S_ROLE_SHIFT \
		 | (cls) << IDL_CT_S_CLASS_SHIFT | (flags)) << 16 \
	      | (uint32_t) (size) << 24)
#define CT_VAL(param, word, off, size, cls) \
  CT_SLOT (param, word, off, IDL_CT_R_VALUE, cls, 0, size)
/* A reply's value of an inout parameter.  */
#define CT_IOVAL(param, word, off, size, cls) \
  CT_SLOT (param, word, off, IDL_CT_R_VALUE, cls, IDL_CT_S_INOUT, size)
#define CT_RES(size, cls) CT_VAL (IDL_CT_RESULT, 1, 0, size, cls)
#define CT_LEN(param, word, off) \
  CT_SLOT (param, word, off, IDL_CT_R_LENGTH, CT_U, 0, 4)
#define CT_FDX(param, word, off) \
  CT_SLOT (param, word, off, IDL_CT_R_FD, CT_S, 0, 4)
/* Blocks in words; with _Bools, the index of their list follows.  */
#define CT_BLK(param, word, size, inout) \
  CT_SLOT (param, word, 0, IDL_CT_R_BLOCK, 0, (inout) ? IDL_CT_S_INOUT : 0, \
	   size)
#define CT_BLKB(param, word, size, inout, list) \
  CT_SLOT (param, word, 0, IDL_CT_R_BLOCK, 0, \
	   IDL_CT_S_BOOLS | ((inout) ? IDL_CT_S_INOUT : 0), size), (list)

/* Items.  FLAGS are IDL_CT_IF_*; A is log2 of the alignment.  A fixed
   block of BYTES at offset OFF; a string (byte aligned) of at most MAX
   chars (in a
   reply, its region at OFF); a buffer of MAX elements of ESIZE bytes
   whose count is slot COUNT, its length slot LEN, its _Bool list LIST.
   Each macro adds the IDL_CT_IF_OFFSET, _LENGTH or _BOOLS its
   arguments call for.  */
#define CT_ITEM0(param, kind, flags, a) \
  (uint32_t) ((param) | ((kind) | (flags)) << 8 | (a) << 16)
#define CT_FIXED(param, flags, a, bytes) \
  CT_ITEM0 (param, IDL_CT_K_FIXED, flags, a), (bytes)
#define CT_FIXED_AT(param, flags, a, bytes, off) \
  CT_ITEM0 (param, IDL_CT_K_FIXED, (flags) | IDL_CT_IF_OFFSET, a), (bytes), \
  (off)
#define CT_STR(param, flags, max) \
  CT_ITEM0 (param, IDL_CT_K_STRING, flags, 0), (max)
#define CT_STR_AT(param, flags, max, off) \
  CT_ITEM0 (param, IDL_CT_K_STRING, (flags) | IDL_CT_IF_OFFSET, 0), (max), \
  (off)
/* (ESIZE below 256: it goes in the first word's byte 3.)  */
#define CT_BUF0(param, flags, a, esize) \
  CT_ITEM0 (param, IDL_CT_K_BUFFER, flags, a) | (uint32_t) (esize) << 24
#define CT_BUF(param, flags, a, max, esize, count) \
  CT_BUF0 (param, flags, a, esize), (max), (count)
#define CT_BUF_AT(param, flags, a, max, off, esize, count) \
  CT_BUF0 (param, (flags) | IDL_CT_IF_OFFSET, a, esize), (max), (off), \
  (count)
#define CT_BUF_LEN(param, flags, a, max, esize, count, len) \
  CT_BUF0 (param, (flags) | IDL_CT_IF_LENGTH, a, esize), (max), (count), \
  (len)

#define CT_IN 0
#define CT_INOUT IDL_CT_IF_INOUT
#define CT_IMPLIED IDL_CT_IF_IMPLIED
#define CT_BOOLS IDL_CT_IF_BOOLS

/* The pairing being run: whose client stubs the checks call.  */
static int ct_compact_client;

/* The compact client: what a compact stub does around the engine.  ARGV
   is, per parameter, its address (by value) or itself (a pointer); the
   request's words are packed from it as the plugin's stub packs them,
   descriptors by value are handed over as values, and the result's
   bits are stored at R (as many bytes as its slot says).  Returns the
   engine's return.  */
static uint64_t
ct_call (idl_binding_t *b, const uint32_t *t, void *const *argv, void *r)
{
  uint64_t words[IDL_MR_WORDS] = { 0 };
  void *e[64];
  const uint32_t *s = t + IDL_CT_HDR_WORDS;
  unsigned np = t[0] & 0xff, nrq = (t[0] >> 16) & 0xff;
  for (unsigned i = 0; i < np && i < 64; i++)
    e[i] = argv[i];
  for (unsigned k = 0; k < nrq; k++)
    {
      uint32_t x = *s, p = x & 0xff, word = (x >> 8) & 0xff;
      uint32_t off = (x >> 16) & 7, role = (x >> 19) & 3, size = x >> 24;
      if (role == IDL_CT_R_VALUE)
	{
	  uint64_t v = 0;
	  memcpy (&v, argv[p], size);
	  words[word - 1] |= v << (off * 8);
	}
      else if (role == IDL_CT_R_BLOCK)
	memcpy (&words[word - 1], argv[p], size);
      else if (role == IDL_CT_R_FD)
	e[p] = (void *) (intptr_t) *(int *) argv[p];
      s += 1 + (role == IDL_CT_R_BLOCK && ((x >> 16) & IDL_CT_S_BOOLS));
    }
  /* An implied count (a buffer ending the payload) is packed as the
     plugin's stub packs it: in the word its item's count slot names,
     past the message's.  */
  const uint32_t *it = s;
  unsigned nrp = (t[0] >> 24) & 0xff, niq = t[3] & 0xff;
  for (unsigned k = 0; k < nrp; k++)
    it += 1 + (((*it >> 19) & 3) == IDL_CT_R_BLOCK
	       && ((*it >> 16) & IDL_CT_S_BOOLS));
  for (unsigned k = 0; k < niq; k++)
    {
      uint32_t h = *it, kind = (h >> 8) & 3, fl = (h >> 8) & 0xfc;
      it += 2 + !!(fl & IDL_CT_IF_OFFSET);
      if (kind == IDL_CT_K_STRING)
	it += !!(fl & IDL_CT_IF_LENGTH);
      else if (kind == IDL_CT_K_BUFFER)
	{
	  it += (h >> 24) == 0;
	  uint32_t c = *it++, p = c & 0xff, word = (c >> 8) & 0xff;
	  if (fl & IDL_CT_IF_IMPLIED)
	    memcpy (&words[word - 1], argv[p], c >> 24);
	  it += !!(fl & IDL_CT_IF_LENGTH);
	}
      it += !!(fl & IDL_CT_IF_BOOLS);
    }
  uint64_t res = idl_compact_call (b, t, e, words);
  if (r && (t[0] >> 8) & IDL_CT_F_RESULT)
    memcpy (r, &res, s[0] >> 24);
  if (idl_error (b) != IDL_OK)
    CHECK (res == 0);
  return res;
}

#define CT_CALL(T, fast, table, ...)					\
  do									\
    {									\
      if (!ct_compact_client)						\
	return fast;							\
      T r_;								\
      memset (&r_, 0, sizeof r_);					\
      void *argv_[] = { __VA_ARGS__ };					\
      ct_call (b, table, argv_, &r_);					\
      return r_;							\
    }									\
  while (0)

#define CT_TH(name) \
  static void th_##name (idl_call_t *c, void *const *a, void *r)

/* A table of operations, described: the header of a dense one (N
   operations numbered from BASE) or of a sparse one, then per
   operation its thunk, its table and the table's length in words.
   ct_ops packs it for idl_compact_dispatch (idlrt-abi.h: the thunks,
   a word per operation, the tables).  */
#define CT_OPS_DENSE(iface, base, n) \
  (const void *) (uintptr_t) ((uint64_t) (iface) << 32 | (base) << 16 | (n))
#define CT_OPS_SPARSE(iface, n) \
  (const void *) (uintptr_t) ((uint64_t) (iface) << 32 | (n) << 16 \
			      | IDL_CT_OPS_SPARSE)
#define CT_ENTRY(th, t) \
  (const void *) (th), (t), (const void *) (uintptr_t) (sizeof (t) / 4)
#define CT_OP(num, name) CT_ENTRY (th_##name, t_##name)

/* The packed table of operations of description DESC, of N pointers
   (built once, by the first of the server's threads to get here: a
   test has one).  */
static const void *const *
ct_ops (const void *const *desc, size_t n)
{
  static uint64_t packed[2048];
  static int state;		/* 0, 1 while being built, 2 */
  int none = 0;
  if (__atomic_load_n (&state, __ATOMIC_ACQUIRE) == 2)
    return (const void *const *) packed;
  if (!__atomic_compare_exchange_n (&state, &none, 1, 0, __ATOMIC_ACQUIRE,
				    __ATOMIC_ACQUIRE))
    {
      while (__atomic_load_n (&state, __ATOMIC_ACQUIRE) != 2)
	;
      return (const void *const *) packed;
    }
  size_t nent = (n - 1) / 3, off = nent;
  uint32_t *w = (uint32_t *) (packed + 1 + nent);
  packed[0] = (uintptr_t) desc[0] | IDL_CT_OPS_PACKED;
  for (size_t k = 0; k < nent; k++)
    {
      const void *const *e = desc + 1 + 3 * k;
      size_t len = (uintptr_t) e[2];
      CHECK ((uint32_t *) (packed + 2048) - w >= (ptrdiff_t) (off + len));
      packed[1 + k] = (uintptr_t) e[0];
      w[k] = (uint32_t) off << IDL_CT_W_SHIFT;
      memcpy (w + off, e[1], len * 4);
      off += len;
    }
  __atomic_store_n (&state, 2, __ATOMIC_RELEASE);
  return (const void *const *) packed;
}

/* Per-call fingerprints of what crossed, in the co-located runs.  */
#define CT_LOG_MAX 4096
static uint64_t ct_log[CT_LOG_MAX];
static unsigned ct_nlog;
static int ct_server_compact;
static idl_dispatch_fn ct_fast_dispatch, ct_compact_dispatch;

static uint64_t
ct_hash (uint64_t h, const void *p, size_t n)
{
  const unsigned char *c = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ c[i]) * 0x100000001b3ULL;
  return h;
}

/* Dispatch with the server of the pairing; log a fingerprint of the
   request and of the reply as the runtime will send them.  */
static uint64_t
ct_recording_dispatch (idl_call_t *call, uint64_t *msg)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  unsigned n = msg[0] & IDL_TAG_COUNT_MASK;
  h = ct_hash (h, msg, (n + 1) * 8);
  uint64_t plen = msg[IDL_MSG_REQ_LEN];
  h = ct_hash (h, &plen, 8);
  h = ct_hash (h, (unsigned char *) msg + IDL_MSG_REQ_PAYLOAD, plen);
  h = ct_hash (h, &msg[IDL_MSG_REQ_NFDS], 8);
  uint64_t rtag = (ct_server_compact ? ct_compact_dispatch
		   : ct_fast_dispatch) (call, msg);
  h = ct_hash (h, &rtag, 8);
  if (!(rtag & IDL_TAG_ERROR) && rtag != IDL_TAG_ONEWAY)
    {
      n = rtag & IDL_TAG_COUNT_MASK;
      h = ct_hash (h, msg + 1, n * 8);
      plen = msg[IDL_MSG_REPLY_LEN];
      h = ct_hash (h, &plen, 8);
      h = ct_hash (h, (unsigned char *) msg + IDL_MSG_REPLY_PAYLOAD, plen);
      h = ct_hash (h, &msg[IDL_MSG_REPLY_NFDS], 8);
    }
  CHECK (ct_nlog < CT_LOG_MAX);
  ct_log[ct_nlog++] = h;
  return rtag;
}

/* Run CHECKS (B) for every pairing, RESET () before each (the
   server's state lives in this process for the co-located runs, and
   is inherited by each forked server).  */
static void
ct_run (const char *tag, const idl_interface_t *iface,
	idl_dispatch_fn fast, idl_dispatch_fn compact,
	void (*checks) (idl_binding_t *), void (*reset) (void))
{
  static uint64_t first[CT_LOG_MAX];
  unsigned nfirst = 0;
  int err;

  /* 1. Co-located, every pairing, fingerprints compared.  */
  ct_fast_dispatch = fast;
  ct_compact_dispatch = compact;
  const char *name = idltest_name (tag);
  idl_server_t *srv = idl_server_create (name, iface, ct_recording_dispatch,
					 &err);
  CHECK (srv != NULL);
  for (int pairing = 0; pairing < 4; pairing++)
    {
      ct_compact_client = pairing & 1;
      ct_server_compact = pairing >> 1;
      ct_nlog = 0;
      reset ();
      idl_binding_t *b = idltest_connect (name, iface);
      checks (b);
      idl_close (b);
      if (pairing == 0)
	{
	  CHECK (ct_nlog > 0);
	  memcpy (first, ct_log, sizeof ct_log);
	  nfirst = ct_nlog;
	  continue;
	}
      for (unsigned i = 0; i < nfirst && i < ct_nlog; i++)
	if (ct_log[i] != first[i])
	  {
	    fprintf (stderr, "%s client, %s server: message %u differs "
		     "from fast mode's\n", ct_compact_client ? "compact"
		     : "fast", ct_server_compact ? "compact" : "fast", i);
	    abort ();
	  }
      CHECK (ct_nlog == nfirst);
    }
  idl_server_destroy (srv);

  /* 2. Across processes.  */
  for (int pairing = 1; pairing < 4; pairing++)
    {
      ct_compact_client = pairing & 1;
      reset ();
      name = idltest_name (tag);
      pid_t pid = idltest_fork_server (name, iface,
				       pairing >> 1 ? compact : fast);
      idl_binding_t *b = idltest_connect (name, iface);
      checks (b);
      idl_close (b);
      idltest_stop_server (pid);
    }
}

#endif /* COMPACT_TABLE_H */
