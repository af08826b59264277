/* hand-client.c -- bench/callgrind-rpcs: hand-written client stubs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The client half of the hand-written pair (layouts in hand-msg.h),
   with the semantics the plugin's stubs document (doc/idlstub.texi,
   "Bounds"): arguments over their bound fail with IDL_E_BOUNDS and a
   null string with IDL_E_INVAL before anything is sent; a reply whose
   tag is not the expected one, or whose length is over the caller's
   capacity, fails through idl_stub_failed; on failure the result is 0
   and out parameters are untouched.  Each reply word is read once:
   the server may be hostile.  Like the plugin's stubs, each stub of
   an operation that can take co-location's direct path checks for it
   after its argument checks (hand-msg.h, HAND_DIRECT), and reads its
   reply from the view the call returns (idlrt.h, idl_reply_t), so
   that it is as safe with threads sharing a binding.  Compiled
   without the plugin.  */

#include <string.h>
#include "hand-msg.h"

#define CALL_SITE __attribute__ ((__noinline__))

static const idl_interface_t hand_idl4 =
  { .name = "idl4bench", .id = HAND_IDL4_ID, .version = 1,
    .signature = HAND_IDL4_SIGNATURE };
static const idl_interface_t hand_pfs =
  { .name = "pfs", .id = HAND_PFS_ID, .version = 2,
    .signature = HAND_PFS_SIGNATURE };
const idl_interface_t *const rpcs_client_iface[2] = { &hand_idl4,
						      &hand_pfs };

/* The message registers of B (a call's view), where the reply words
   are after the call.  */
static inline const uint64_t *
reply_words (idl_binding_t *b)
{
  return *(const uint64_t *const *) ((char *) b + IDL_BINDING_MR_OFFSET);
}

/* Where the reply's payload is after a call.  */
static inline const uint8_t *
reply_payload (idl_binding_t *b)
{
  return *(const uint8_t *const *) ((char *) b + IDL_BINDING_PAYLOAD_OFFSET);
}

CALL_SITE long
rpcs_tiny (idl_binding_t *b, long a)
{
  HAND_DIRECT (b, 0, __typeof__ (&tiny_impl), a);
  idl_reply_t r = idl_callv_r4 (b, TINY_REQ, (uint64_t) a, 0, 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != TINY_REP)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  return (long) reply_words (b)[1];
}

CALL_SITE long
rpcs_small (idl_binding_t *b, short a, long c, short d)
{
  HAND_DIRECT (b, 1, __typeof__ (&small_impl), a, c, d);
  uint64_t w1 = (uint16_t) a | (uint64_t) (uint16_t) d << 16;
  idl_reply_t r = idl_callv_r4 (b, SMALL_REQ, w1, (uint64_t) c, 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != SMALL_REP)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  return (long) reply_words (b)[1];
}

CALL_SITE long
rpcs_large (idl_binding_t *b, long a, long c, long d, long e, long f, long g)
{
  HAND_DIRECT (b, 2, __typeof__ (&large_impl), a, c, d, e, f, g);
  const uint64_t w[6] = { (uint64_t) a, (uint64_t) c, (uint64_t) d,
			  (uint64_t) e, (uint64_t) f, (uint64_t) g };
  idl_reply_t r = idl_callv_m (b, LARGE_REQ, w);
  uint64_t t = r.tag;
  b = r.view;
  if (t != LARGE_REP)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  return (long) reply_words (b)[1];
}

/* strnlen, not strlen: a string far over its bound is refused after
   STRXFER_MAX + 1 bytes, not read to its end.  */
CALL_SITE void
rpcs_strxfer (idl_binding_t *b, const char *a, long *x, long *y)
{
  if (!a)
    {
      idl_stub_error (b, IDL_E_INVAL);
      return;
    }
  size_t n = strnlen (a, STRXFER_MAX + 1);
  if (n > STRXFER_MAX)
    {
      idl_stub_error (b, IDL_E_BOUNDS);
      return;
    }
  HAND_DIRECT_VOID (b, 3, __typeof__ (&strxfer_impl), a, x, y);
  char *p = idl_request_payload (b);
  if (!p)
    return;
  memcpy (p, a, n + 1);
  idl_reply_t r = idl_callv_x (b, STRXFER_REQ, 0, n + 1, 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != STRXFER_REP)
    {
      idl_stub_failed (b, t);
      return;
    }
  const uint64_t *mr = reply_words (b);
  *x = (long) mr[1];
  *y = (long) mr[2];
}

CALL_SITE long
rpcs_structxfer (idl_binding_t *b, struct large_t a, long *x)
{
  HAND_DIRECT (b, 4, __typeof__ (&structxfer_impl), a, x);
  void *p = idl_request_payload (b);
  if (!p)
    return 0;
  memcpy (p, &a, sizeof a);
  idl_reply_t r = idl_callv_x (b, STRUCTXFER_REQ, 0, sizeof a, 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != STRUCTXFER_REP)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  const uint64_t *mr = reply_words (b);
  *x = (long) mr[2];
  return (long) mr[1];
}

CALL_SITE void
rpcs_arrayxfer (idl_binding_t *b, const char *str1, const char *str2,
		long l1, long l2)
{
  if ((unsigned long) l1 > ARRAYXFER_MAX
      || (unsigned long) l2 > ARRAYXFER_MAX)
    {
      idl_stub_error (b, IDL_E_BOUNDS);
      return;
    }
  HAND_DIRECT_VOID (b, 5, __typeof__ (&arrayxfer_impl), str1, str2, l1, l2);
  char *p = idl_request_payload (b);
  if (!p)
    return;
  memcpy (p, str1, (size_t) l1);
  memcpy (p + l1, str2, (size_t) l2);
  const uint64_t w = (uint64_t) l1;
  idl_reply_t r = idl_callv_x (b, ARRAYXFER_REQ, &w, (uint64_t) (l1 + l2), 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != ARRAYXFER_REP)
    idl_stub_failed (b, t);
}

CALL_SITE int
rpcs_pfs_open (idl_binding_t *b, int client, int fobj, int flags, int mode,
	       int *handle)
{
  HAND_DIRECT (b, 0, __typeof__ (&pfs_open_impl), client, fobj, flags, mode,
	       handle);
  idl_reply_t r = idl_callv_r4 (b, PFS_OPEN_REQ, hand_pack (client, fobj),
			    hand_pack (flags, mode), 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != PFS_OPEN_REP)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  uint64_t w1 = reply_words (b)[1];
  *handle = (int) (w1 >> 32);
  return (int) w1;
}

CALL_SITE int
rpcs_pfs_write (idl_binding_t *b, int handle, int *pos, int len,
		int data_size, const int *data)
{
  if ((unsigned) data_size > PFS_WRITE_MAX)
    {
      idl_stub_error (b, IDL_E_BOUNDS);
      return 0;
    }
  HAND_DIRECT (b, 1, __typeof__ (&pfs_write_impl), handle, pos, len,
	       data_size, data);
  size_t bytes = (size_t) (unsigned) data_size * sizeof *data;
  void *p = idl_request_payload (b);
  if (!p)
    return 0;
  memcpy (p, data, bytes);
  const uint64_t w[2] = { hand_pack (handle, *pos), (uint32_t) len };
  idl_reply_t r = idl_callv_x (b, PFS_WRITE_REQ, w, bytes, 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != PFS_WRITE_REP)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  uint64_t w1 = reply_words (b)[1];
  *pos = (int) (w1 >> 32);
  return (int) w1;
}

CALL_SITE int
rpcs_pfs_get_direntries (idl_binding_t *b, int handle, int *pos, int count,
			 int *data_size, struct pfs_dirent *data)
{
  if ((unsigned) count > PFS_DIRENT_MAX)
    {
      idl_stub_error (b, IDL_E_BOUNDS);
      return 0;
    }
  idl_reply_t r = idl_callv_r4 (b, PFS_DIRENT_REQ, hand_pack (handle, *pos),
			    (uint32_t) count, 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != PFS_DIRENT_REP)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  const uint64_t *mr = reply_words (b);
  uint64_t w1 = mr[1];
  uint32_t n = (uint32_t) mr[2];
  if (n > (unsigned) count)
    {
      /* A reply tag that is well formed but not what we expected:
	 idl_stub_failed records IDL_E_PROTO.  */
      idl_stub_failed (b, t);
      return 0;
    }
  memcpy (data, reply_payload (b), n * sizeof *data);
  *pos = (int) (w1 >> 32);
  *data_size = (int) n;
  return (int) w1;
}

CALL_SITE int
rpcs_pfs_lookup (idl_binding_t *b, int dir, const char *name, int *fobj,
		 char *canonical)
{
  if (!name || !canonical)
    {
      idl_stub_error (b, IDL_E_INVAL);
      return 0;
    }
  size_t n = strnlen (name, PFS_NAME_MAX + 1);
  if (n > PFS_NAME_MAX)
    {
      idl_stub_error (b, IDL_E_BOUNDS);
      return 0;
    }
  char *p = idl_request_payload (b);
  if (!p)
    return 0;
  memcpy (p, name, n + 1);
  const uint64_t w = (uint32_t) dir;
  idl_reply_t r = idl_callv_x (b, PFS_LOOKUP_REQ, &w, n + 1, 0, 0);
  uint64_t t = r.tag;
  b = r.view;
  if (t != PFS_LOOKUP_REP)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  const uint64_t *mr = reply_words (b);
  uint64_t w1 = mr[1];
  uint64_t len = mr[2];
  if (len > PFS_CANONICAL_MAX)
    {
      idl_stub_failed (b, t);
      return 0;
    }
  memcpy (canonical, reply_payload (b), len);
  canonical[len] = 0;
  *fobj = (int) (w1 >> 32);
  return (int) w1;
}
