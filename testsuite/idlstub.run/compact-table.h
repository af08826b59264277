/* compact-table.h -- hand-written compact-mode tables, and a harness
   that runs one set of checks in every pairing of fast and compact
   clients and servers.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Included by the compact-*.c run tests only; they are the unit tests
   of libidlrt's compact engine (runtime/compact.c) until the plugin
   emits the tables itself.  A test declares its operations normally,
   so the plugin generates fast client stubs and a fast dispatcher, and
   writes the compact side by hand: a table per operation (the macros
   below follow idlrt-abi.h, "Compact mode"; the layouts are those of
   the plugin's dump), a wrapper per operation that calls the fast stub
   or idl_compact_call as CT_COMPACT_CLIENT says, and a thunk per
   operation for idl_compact_dispatch.

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

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

/* Value encodings.  */
#define CT_V(cls, size) ((cls) | (size) << 8)
#define CT_S(size) CT_V (IDL_CT_V_SIGNED, size)
#define CT_U(size) CT_V (IDL_CT_V_UNSIGNED, size)
#define CT_B CT_V (IDL_CT_V_BOOL, 1)
#define CT_F(size) CT_V (IDL_CT_V_FLOAT, size)

#define CT_TAG32(t) (uint32_t) (t), (uint32_t) ((uint64_t) (t) >> 32)
#define CT_MKTAG(iface, num, words) \
  ((uint64_t) (iface) << IDL_TAG_IFACE_SHIFT \
   | (uint64_t) (num) << IDL_TAG_OP_SHIFT | (words))

/* Where a table with NP parameters has its request record, and its
   reply record after a request of NRS slots and NRI items.  */
#define CT_REQ_AT(np) (IDL_CT_HDR_WORDS + (np) * IDL_CT_PARAM_WORDS)
#define CT_REPLY_AT(np, nrs, nri) \
  (CT_REQ_AT (np) + IDL_CT_M_HDR_WORDS \
   + (nrs) * IDL_CT_SLOT_WORDS + (nri) * IDL_CT_ITEM_WORDS)
/* The first word after a reply record of NPS slots and NPI items.  */
#define CT_END(np, nrs, nri, nps, npi) \
  (CT_REPLY_AT (np, nrs, nri) + IDL_CT_M_HDR_WORDS \
   + (nps) * IDL_CT_SLOT_WORDS + (npi) * IDL_CT_ITEM_WORDS)

/* The header: NP parameters, FLAGS, the RESULT's value, the tags, and
   the request's number of slots and items (to place the reply's
   record).  */
#define CT_HDR(np, flags, result, rqtag, rptag, nrs, nri) \
  (np), (flags), (result), CT_TAG32 (rqtag), CT_TAG32 (rptag), \
  CT_REQ_AT (np), CT_REPLY_AT (np, nrs, nri)

/* Parameter records.  PTR is IDL_CT_PF_POINTER or 0.  */
#define CT_P(kind, dir, flags, value, size, align, max, count, length, \
	     bools) \
  (kind), (dir), (flags), (value), (size), (align), (max), (count), \
  (length), (bools)
#define CT_SCALAR(dir, ptr, value) \
  CT_P (IDL_CT_K_SCALAR, dir, ptr, value, 0, 0, 0, 0, IDL_CT_NONE, 0)
#define CT_BLOCK(dir, ptr, size, align, bools) \
  CT_P (IDL_CT_K_BLOCK, dir, ptr, 0, size, align, 0, 0, IDL_CT_NONE, bools)
#define CT_STRING(dir, max) \
  CT_P (IDL_CT_K_STRING, dir, 0, CT_U (4), 0, 0, max, 0, IDL_CT_NONE, 0)
/* A request's last string: no length slot (IDL_CT_I_IMPLIED).  */
#define CT_STRING_LAST(dir, max) \
  CT_P (IDL_CT_K_STRING, dir, IDL_CT_PF_IMPLIED, CT_U (4), 0, 0, max, 0, \
	IDL_CT_NONE, 0)
#define CT_BUFFER(dir, esize, ealign, max, count, length, bools) \
  CT_P (IDL_CT_K_BUFFER, dir, 0, 0, esize, ealign, max, count, length, \
	bools)
#define CT_FD(dir, ptr) \
  CT_P (IDL_CT_K_FD, dir, ptr, CT_S (4), 0, 0, 0, 0, IDL_CT_NONE, 0)

#define CT_IN IDL_CT_D_IN
#define CT_OUT IDL_CT_D_OUT
#define CT_INOUT IDL_CT_D_INOUT
#define CT_PTR IDL_CT_PF_POINTER

/* A message record, its slots and its items.  */
#define CT_MSG(words, nslots, nitems, fixed, maxpay, nfds) \
  (words), (nslots), (nitems), (fixed), (maxpay), (nfds)
#define CT_RESULT IDL_CT_NONE
#define CT_SLOT(param, word, offset, size, role) \
  (param), (word), (offset), (size), (role)
#define CT_VAL(param, word, offset, size) \
  CT_SLOT (param, word, offset, size, IDL_CT_R_VALUE)
#define CT_LEN(param, word, offset) \
  CT_SLOT (param, word, offset, 4, IDL_CT_R_LENGTH)
#define CT_FDX(param, word, offset) \
  CT_SLOT (param, word, offset, 4, IDL_CT_R_FD)
#define CT_BLK(param, word, size) \
  CT_SLOT (param, word, 0, size, IDL_CT_R_BLOCK)
#define CT_ITEM(param, fixed, offset, align, maxbytes) \
  (param), (fixed), (offset), (align), (maxbytes)

/* The pairing being run: whose client stubs the checks call.  */
static int ct_compact_client;

/* The compact client: the fast stub, or the engine with a table.  The
   engine's return says what idl_error says.  */
static uint64_t
ct_call (idl_binding_t *b, const uint32_t *t, void *const *argv, void *r)
{
  uint64_t tag = idl_compact_call (b, t, argv, r);
  CHECK ((tag & IDL_TAG_ERROR) ? idl_error (b) != IDL_OK
	 : idl_error (b) == IDL_OK);
  return tag;
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

/* An entry of a table of operations for idl_compact_dispatch.  */
#define CT_OP(num, name) \
  (const void *) (uintptr_t) (num), t_##name, (const void *) th_##name

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
