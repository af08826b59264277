/* hand-msg.h -- bench/callgrind-rpcs: the hand-written pair's messages.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What an expert would write against libidlrt's stub ABI (idlrt.h,
   idlrt-abi.h) without the plugin, for the interfaces of idl4.h and
   sawmill.h, to compare the plugin's stubs with.  One fixed layout per
   operation, chosen for the fewest instructions on both sides:

     - scalars in message words, two ints or two shorts to a word
       (paper 000, 4.2.1), so that up to four words go to the runtime
       in registers (idl_call_r4);
     - byte regions in the payload, copied once with memcpy, only the
       used prefix; a length the server can take from the payload's
       length (msg[IDL_MSG_REQ_LEN]) is not sent again;
     - on the server, in-data reach the implementation as pointers into
       the private request (zero copy), and out and inout scalars as
       pointers into the reply words, an inout one sitting at the same
       place in the request and the reply so that it needs no move at
       all (paper 000, 4.4.1; paper 003, section 3);
     - one 64-bit comparison of the request tag checks operation,
       interface, word count and flags at once, as the reply tag check
       does on the client.

   Word layouts (x86-64 is little-endian: "lo" is bytes 0-3 of a word,
   "hi" bytes 4-7):

     op                  request words / payload        reply words / payload
     1 tiny              a                               result
     2 small             a | c << 16, b                  result
     3 large             a, b, c, d, e, f (idl_call_m)   result
     4 strxfer           - / a and its NUL               b, c
     5 structxfer        - / a, 616 bytes                result, b
     6 arrayxfer         l1 / str1, str2                 -
     1 pfs_open          client|fobj, flags|mode         result|handle
     2 pfs_write         handle|pos, len / data          result|pos
     3 pfs_get_direntries handle|pos, count              result|pos, data_size
                                                         / data
     4 pfs_lookup        dir / name and its NUL          result|fobj, length
                                                         / canonical and NUL

   The interface ids and operation numbers are idl4.h's and sawmill.h's;
   the signatures are this file's own (no plugin computes one).  */

#ifndef HAND_MSG_H
#define HAND_MSG_H

#include "rpcs.h"

#define HAND_IDL4_ID 0x4d4u
#define HAND_PFS_ID 0x5a3u
/* Any value both sides share: the server compares them on connect.  */
#define HAND_IDL4_SIGNATURE 0x68616e6431303031ull
#define HAND_PFS_SIGNATURE 0x68616e6432303032ull

/* A tag: interface, operation, word count.  */
#define HAND_TAG(iface, op, count)					\
  ((uint64_t) (iface) << IDL_TAG_IFACE_SHIFT				\
   | (uint64_t) (op) << IDL_TAG_OP_SHIFT | (uint64_t) (count))

#define TINY_REQ HAND_TAG (HAND_IDL4_ID, 1, 1)
#define TINY_REP HAND_TAG (HAND_IDL4_ID, 1, 1)
#define SMALL_REQ HAND_TAG (HAND_IDL4_ID, 2, 2)
#define SMALL_REP HAND_TAG (HAND_IDL4_ID, 2, 1)
#define LARGE_REQ HAND_TAG (HAND_IDL4_ID, 3, 6)
#define LARGE_REP HAND_TAG (HAND_IDL4_ID, 3, 1)
#define STRXFER_REQ HAND_TAG (HAND_IDL4_ID, 4, 0)
#define STRXFER_REP HAND_TAG (HAND_IDL4_ID, 4, 2)
#define STRUCTXFER_REQ HAND_TAG (HAND_IDL4_ID, 5, 0)
#define STRUCTXFER_REP HAND_TAG (HAND_IDL4_ID, 5, 2)
#define ARRAYXFER_REQ HAND_TAG (HAND_IDL4_ID, 6, 1)
#define ARRAYXFER_REP HAND_TAG (HAND_IDL4_ID, 6, 0)

#define PFS_OPEN_REQ HAND_TAG (HAND_PFS_ID, 1, 2)
#define PFS_OPEN_REP HAND_TAG (HAND_PFS_ID, 1, 1)
#define PFS_WRITE_REQ HAND_TAG (HAND_PFS_ID, 2, 2)
#define PFS_WRITE_REP HAND_TAG (HAND_PFS_ID, 2, 1)
#define PFS_DIRENT_REQ HAND_TAG (HAND_PFS_ID, 3, 2)
#define PFS_DIRENT_REP HAND_TAG (HAND_PFS_ID, 3, 2)
#define PFS_LOOKUP_REQ HAND_TAG (HAND_PFS_ID, 4, 1)
#define PFS_LOOKUP_REP HAND_TAG (HAND_PFS_ID, 4, 2)

/* The bounds of idl4.h and sawmill.h.  */
#define STRXFER_MAX 119
#define ARRAYXFER_MAX 16384
#define PFS_WRITE_MAX 1024
#define PFS_DIRENT_MAX 64
#define PFS_NAME_MAX 255
#define PFS_CANONICAL_MAX 1023

/* An error reply, and the one for a malformed request.  */
#define HAND_ERROR(code) \
  (IDL_TAG_ERROR | (uint64_t) (code) << IDL_TAG_OP_SHIFT)
#define HAND_BADMSG HAND_ERROR (IDL_E_BADMSG)

/* Two 32-bit halves of a word, through which the server hands out
   pointers into the message; may_alias because the message is an
   array of uint64_t.  */
typedef int hand_int __attribute__ ((__may_alias__));

static inline uint64_t
hand_pack (int lo, int hi)
{
  return (uint32_t) lo | (uint64_t) (uint32_t) hi << 32;
}

/* Co-located direct calls (idlrt-abi.h, IDL_BINDING_DIRECT_OFFSET):
   the plugin's client stubs, after their argument checks, call the
   implementation of a co-located server directly when the binding has
   a table with an entry for the operation (position POS), and so does
   the hand-written pair: the same contract, and the same cost on a
   remote call, one compare with memory and a branch (the table is
   loaded again, atomically, so that the first load has a single use;
   plugin/direct-call.cc, emit_direct_call).  FN_TYPE is the implementation's
   type; HAND_DIRECT returns its value, HAND_DIRECT_VOID returns.  */
#define HAND_DIRECT_TABLE(b) \
  ((void *const **) ((char *) (b) + IDL_BINDING_DIRECT_OFFSET))
#define HAND_DIRECT_CALL(b) \
  (*(idl_call_t **) ((char *) (b) + IDL_BINDING_CALL_OFFSET))
#define HAND_DIRECT_ENTRY(b, pos, fn_type) \
  ((fn_type) __atomic_load_n (HAND_DIRECT_TABLE (b), __ATOMIC_RELAXED)[pos])
#define HAND_DIRECT(b, pos, fn_type, ...)				\
  do									\
    if (*HAND_DIRECT_TABLE (b))						\
      {									\
	fn_type f_ = HAND_DIRECT_ENTRY (b, pos, fn_type);		\
	if (f_)								\
	  return f_ (HAND_DIRECT_CALL (b), __VA_ARGS__);		\
      }									\
  while (0)
#define HAND_DIRECT_VOID(b, pos, fn_type, ...)				\
  do									\
    if (*HAND_DIRECT_TABLE (b))						\
      {									\
	fn_type f_ = HAND_DIRECT_ENTRY (b, pos, fn_type);		\
	if (f_)								\
	  {								\
	    f_ (HAND_DIRECT_CALL (b), __VA_ARGS__);			\
	    return;							\
	  }								\
      }									\
  while (0)

#endif /* HAND_MSG_H */
