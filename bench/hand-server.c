/* hand-server.c -- bench/callgrind-rpcs: hand-written dispatchers.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The server half of the hand-written pair (layouts in hand-msg.h): one
   idl_dispatch_fn per interface, a switch on the operation number, and
   in each case the whole server stub.  MSG is the server's private copy
   of the request (idlrt-abi.h), so it is read without care for double
   fetches; every length in it is checked against its bound and against
   the payload's length before the implementation runs (a bad request
   gets IDL_E_BADMSG and nothing else happens).  In-data are passed as
   pointers into MSG's request payload, out-data as pointers into the
   reply words and reply payload: nothing is copied here except what
   the C calling convention copies itself (structxfer's by-value
   record).  As the plugin's server stubs do (doc/idlstub.texi,
   "Argument types"), an out scalar starts as zero and an out string
   as empty: an implementation that does not set one sends that, not
   the request's bytes.  Compiled without the plugin.  */

#include <string.h>
#include "hand-msg.h"

static const idl_interface_t hand_idl4 =
  { .name = "idl4bench", .id = HAND_IDL4_ID, .version = 1,
    .signature = HAND_IDL4_SIGNATURE };
static const idl_interface_t hand_pfs =
  { .name = "pfs", .id = HAND_PFS_ID, .version = 2,
    .signature = HAND_PFS_SIGNATURE };

static inline char *
req_payload (uint64_t *msg)
{
  return (char *) msg + IDL_MSG_REQ_PAYLOAD;
}

static inline char *
reply_payload (uint64_t *msg)
{
  return (char *) msg + IDL_MSG_REPLY_PAYLOAD;
}

/* The length of the request's payload.  */
static inline uint64_t
req_len (const uint64_t *msg)
{
  return msg[IDL_MSG_REQ_LEN];
}

/* Each server stub takes the request tag the dispatcher has read and
   returns the reply tag.  They are inlined into the switch (one
   function, no second call), except structxfer's: its by-value record
   needs a 616-byte frame and rep movs's registers, which inlined into
   the dispatcher made every operation pay a register move for it.
   A request that fails a check is the unlikely case.  */
#define SERVER_STUB static inline __attribute__ ((__always_inline__)) uint64_t
#define BAD(cond) __builtin_expect ((cond), 0)

SERVER_STUB
serve_tiny (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  if (BAD (tag != TINY_REQ))
    return HAND_BADMSG;
  msg[1] = (uint64_t) tiny_impl (call, (long) msg[1]);
  return TINY_REP;
}

SERVER_STUB
serve_small (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  if (BAD (tag != SMALL_REQ))
    return HAND_BADMSG;
  msg[1] = (uint64_t) small_impl (call, (short) msg[1], (long) msg[2],
				  (short) (msg[1] >> 16));
  return SMALL_REP;
}

SERVER_STUB
serve_large (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  if (BAD (tag != LARGE_REQ))
    return HAND_BADMSG;
  msg[1] = (uint64_t) large_impl (call, (long) msg[1], (long) msg[2],
				  (long) msg[3], (long) msg[4], (long) msg[5],
				  (long) msg[6]);
  return LARGE_REP;
}

SERVER_STUB
serve_strxfer (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  /* LEN counts the NUL: 1 .. STRXFER_MAX + 1.  */
  uint64_t len = req_len (msg);
  if (BAD (tag != STRXFER_REQ || len - 1 > STRXFER_MAX
	   || req_payload (msg)[len - 1] != 0))
    return HAND_BADMSG;
  msg[1] = 0;
  msg[2] = 0;
  strxfer_impl (call, req_payload (msg), (long *) &msg[1], (long *) &msg[2]);
  return STRXFER_REP;
}

static __attribute__ ((__noinline__)) uint64_t
serve_structxfer (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  if (BAD (tag != STRUCTXFER_REQ || req_len (msg) != sizeof (struct large_t)))
    return HAND_BADMSG;
  msg[2] = 0;
  msg[1] = (uint64_t) structxfer_impl
    (call, *(const struct large_t *) req_payload (msg), (long *) &msg[2]);
  return STRUCTXFER_REP;
}

SERVER_STUB
serve_arrayxfer (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  /* L2 wraps round to a huge value if the payload is shorter than L1.  */
  uint64_t l1 = msg[1], l2 = req_len (msg) - l1;
  if (BAD (tag != ARRAYXFER_REQ || l1 > ARRAYXFER_MAX || l2 > ARRAYXFER_MAX))
    return HAND_BADMSG;
  arrayxfer_impl (call, req_payload (msg), req_payload (msg) + l1, (long) l1,
		  (long) l2);
  return ARRAYXFER_REP;
}

static uint64_t
hand_idl4_dispatch (idl_call_t *call, uint64_t *msg)
{
  uint64_t tag = msg[0];

  switch ((tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK)
    {
    case 1:
      return serve_tiny (call, msg, tag);
    case 2:
      return serve_small (call, msg, tag);
    case 3:
      return serve_large (call, msg, tag);
    case 4:
      return serve_strxfer (call, msg, tag);
    case 5:
      return serve_structxfer (call, msg, tag);
    case 6:
      return serve_arrayxfer (call, msg, tag);
    default:
      return HAND_BADMSG;
    }
}

/* pfs: reply word 1 has the result in its low half and the out or
   inout int in its high half, where the request had it (hand-msg.h).  */

SERVER_STUB
serve_pfs_open (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  hand_int *w1 = (hand_int *) &msg[1];
  if (BAD (tag != PFS_OPEN_REQ))
    return HAND_BADMSG;
  int fobj = w1[1];
  w1[1] = 0;
  w1[0] = pfs_open_impl (call, w1[0], fobj, (int) msg[2],
			 (int) (msg[2] >> 32), (int *) &w1[1]);
  return PFS_OPEN_REP;
}

SERVER_STUB
serve_pfs_write (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  hand_int *w1 = (hand_int *) &msg[1];
  /* The payload: DATA_SIZE ints, at most PFS_WRITE_MAX.  */
  uint64_t len = req_len (msg);
  if (BAD (tag != PFS_WRITE_REQ || len > PFS_WRITE_MAX * sizeof (int)
	   || len % sizeof (int) != 0))
    return HAND_BADMSG;
  w1[0] = pfs_write_impl (call, w1[0], (int *) &w1[1], (int) msg[2],
			  (int) (len / sizeof (int)),
			  (const int *) req_payload (msg));
  return PFS_WRITE_REP;
}

SERVER_STUB
serve_pfs_get_direntries (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  hand_int *w1 = (hand_int *) &msg[1];
  /* DATA_SIZE goes back in the low half of word 2; its high half is
     the request's, which the client ignores.  */
  hand_int *w2 = (hand_int *) &msg[2];
  unsigned count = (uint32_t) msg[2];
  if (BAD (tag != PFS_DIRENT_REQ || count > PFS_DIRENT_MAX))
    return HAND_BADMSG;
  w2[0] = 0;
  w1[0] = pfs_get_direntries_impl (call, w1[0], (int *) &w1[1], (int) count,
				   (int *) &w2[0],
				   (struct pfs_dirent *) reply_payload (msg));
  unsigned n = (unsigned) w2[0];
  if (BAD (n > count))
    return HAND_ERROR (IDL_E_BOUNDS);
  msg[IDL_MSG_REPLY_LEN] = n * sizeof (struct pfs_dirent);
  return PFS_DIRENT_REP;
}

SERVER_STUB
serve_pfs_lookup (idl_call_t *call, uint64_t *msg, uint64_t tag)
{
  hand_int *w1 = (hand_int *) &msg[1];
  const char *name = req_payload (msg);
  char *canonical = reply_payload (msg);
  uint64_t len = req_len (msg);
  if (BAD (tag != PFS_LOOKUP_REQ || len - 1 > PFS_NAME_MAX
	   || name[len - 1] != 0))
    return HAND_BADMSG;
  w1[1] = 0;
  canonical[0] = 0;
  w1[0] = pfs_lookup_impl (call, w1[0], name, (int *) &w1[1], canonical);
  size_t n = strnlen (canonical, PFS_CANONICAL_MAX + 1);
  if (BAD (n > PFS_CANONICAL_MAX))
    return HAND_ERROR (IDL_E_BOUNDS);
  msg[2] = n;
  msg[IDL_MSG_REPLY_LEN] = n;
  return PFS_LOOKUP_REP;
}

static uint64_t
hand_pfs_dispatch (idl_call_t *call, uint64_t *msg)
{
  uint64_t tag = msg[0];

  switch ((tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK)
    {
    case 1:
      return serve_pfs_open (call, msg, tag);
    case 2:
      return serve_pfs_write (call, msg, tag);
    case 3:
      return serve_pfs_get_direntries (call, msg, tag);
    case 4:
      return serve_pfs_lookup (call, msg, tag);
    default:
      return HAND_BADMSG;
    }
}

const idl_interface_t *const rpcs_server_iface[2] = { &hand_idl4,
						      &hand_pfs };
const idl_dispatch_fn rpcs_server_dispatch[2] = { hand_idl4_dispatch,
						  hand_pfs_dispatch };
