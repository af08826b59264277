/* bulk.c -- bulk items, the client's side: idl_callv_bulk.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A bulk operation's stub (idlrt-abi.h, "Bulk items") calls
   idl_callv_bulk with the page part of its request and its bulk items.
   On the page transport (HACKING, "Large buffers", step 3, as built):

     - each connection (channel) gets a bulk memfd on its first bulk
       call, sized to that call's items and sealed against shrinking
       (F_SEAL_SHRINK: the server maps it after one fstat and no access
       of its can fault), handed to the server once in a setup request
       (the memfd its one descriptor, IDL_PAGE_BULK_SETUP in the page's
       announcement: no dispatcher sees it); a later call that needs
       more grows it (ftruncate), and the server maps it anew when an
       announcement reaches past its mapping;
     - the in and inout items' bytes are copied once from the caller's
       buffers into the memfd, item after item at 64-byte boundaries,
       the announcement (count, directions, lengths, rooms) written on
       the page, and the request posted as any other, with
       IDL_PAGE_TAG_BULK in its tag on the page;
     - the server copies them once into private memory, dispatches,
       and copies the out and inout items' reply bytes once into the
       memfd, their lengths onto the page (bulk-server.c); here they
       are checked against their rooms (IDL_E_PROTO if over, nothing
       copied) and copied once into the caller's buffers.

   So every byte is copied once on each side, and the memory either
   side holds is bounded by the declared bounds: the memfd by the
   largest call this connection made, the server's private buffer also
   by its cap.  The page's call path (call.c) does the rest: deadlines,
   peer death, a late reply discarded.  The memfd goes with the
   connection (page.c, at close).

   This is the first increment of HACKING's design: the two copies run
   one after the other, not overlapped through a ring of slots, so a
   large transfer costs about two memcpys each way.

   A co-located binding (colocate.c) hands the server's dispatcher the
   caller's own buffers (as a direct call would): no copy at all.  ONC
   bindings cannot carry bulk items: IDL_E_UNSUPPORTED, nothing
   sent.  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "internal.h"
#include "transport.h"

/* A connection's bulk memfd and its mapping, SIZE bytes.  */
struct idl_bulk_client
{
  int memfd;
  uint8_t *map;
  size_t size;
};

static uint64_t
align_up (uint64_t x, uint64_t a)
{
  return (x + a - 1) & ~(a - 1);
}

/* Fail the call on B with CODE.  */
static idl_reply_t
bulk_failed (idl_binding_t *b, int code)
{
  idl_record_error (b, code);
  return (idl_reply_t) { idl_error_tag (code), b };
}

/* Whether ITEMS[0..N-1] are well formed; their memfd bytes in
   *BYTES.  */
static int
items_ok (const struct idl_bulk_item *items, uint64_t n, uint64_t *bytes)
{
  uint64_t total = 0;

  if (n > IDL_BULK_ITEMS || (n > 0 && !items))
    return 0;
  for (uint64_t i = 0; i < n; i++)
    {
      const struct idl_bulk_item *it = &items[i];
      uint64_t size;

      if (it->dir == IDL_BULK_IN)
	size = it->len;
      else if (it->dir == IDL_BULK_OUT)
	size = it->max;
      else if (it->dir == IDL_BULK_INOUT && it->len <= it->max)
	size = it->max;
      else
	return 0;
      if (size > IDL_BULK_MAX || (size > 0 && !it->ptr))
	return 0;
      total += align_up (size, 64);
    }
  *bytes = total;
  return 1;
}

void
idl_bulk_client_free (idl_binding_t *b)
{
  struct idl_bulk_client *bc = b->bulk;

  if (bc->map)
    munmap (bc->map, bc->size);
  if (bc->memfd >= 0)
    close (bc->memfd);
  free (bc);
  b->bulk = NULL;
}

/* Hand B's new memfd to the server: a setup request for TAG's
   interface.  IDL_OK or the error to fail with.  */
static int
set_up (idl_binding_t *b, uint64_t tag)
{
  struct idl_page_bulk *pb = &b->page->bulk;
  uint64_t stag = (tag & ~(uint64_t) 0xffffffff) | IDL_PAGE_TAG_BULK;

  __atomic_store_n (&pb->flags, IDL_PAGE_BULK_SETUP, __ATOMIC_RELAXED);
  __atomic_store_n (&pb->n, 0, __ATOMIC_RELAXED);
  idl_reply_t r = idl_callv_x (b, stag, NULL, 0, &b->bulk->memfd, 1);
  if (r.tag & IDL_TAG_ERROR)
    return b->error;
  return IDL_OK;
}

/* Make B's memfd BYTES large at least (a page multiple): made and
   handed over on the first call, grown later.  IDL_OK or the error to
   fail with.  TAG is the call's, for its interface.  */
static int
memfd_for (idl_binding_t *b, uint64_t tag, uint64_t bytes)
{
  struct idl_bulk_client *bc = b->bulk;
  uint64_t len = align_up (bytes == 0 ? 1 : bytes, 4096);

  if (bc && bc->size >= len)
    return IDL_OK;
  if (!bc)
    {
      int fd = memfd_create ("idl-bulk", MFD_CLOEXEC | MFD_ALLOW_SEALING);
      if (fd < 0)
	return IDL_E_NOMEM;
      if (ftruncate (fd, (off_t) len) != 0
	  || fcntl (fd, F_ADD_SEALS, F_SEAL_SHRINK) != 0
	  || !(bc = calloc (1, sizeof *bc)))
	{
	  close (fd);
	  return IDL_E_NOMEM;
	}
      bc->memfd = fd;
      b->bulk = bc;
      int err = set_up (b, tag);
      if (err != IDL_OK)
	{
	  idl_bulk_client_free (b);
	  return err;
	}
    }
  else if (ftruncate (bc->memfd, (off_t) len) != 0)
    return IDL_E_NOMEM;
  void *p = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED,
		  bc->memfd, 0);
  if (p == MAP_FAILED)
    return IDL_E_NOMEM;
  if (bc->map)
    munmap (bc->map, bc->size);
  bc->map = p;
  bc->size = len;
  return IDL_OK;
}

/* Write the announcement of ITEMS[0..N-1] on B's page, their in bytes
   into the memfd.  */
static void
announce (idl_binding_t *b, const struct idl_bulk_item *items, unsigned n)
{
  struct idl_page_bulk *pb = &b->page->bulk;
  uint8_t *map = b->bulk->map;
  uint64_t off = 0;

  __atomic_store_n (&pb->flags, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&pb->n, n, __ATOMIC_RELAXED);
  for (unsigned i = 0; i < n; i++)
    {
      const struct idl_bulk_item *it = &items[i];
      uint64_t len = it->dir == IDL_BULK_OUT ? 0 : it->len;
      uint64_t max = it->dir == IDL_BULK_IN ? it->len : it->max;

      if (len > 0)
	memcpy (map + off, it->ptr, len);
      __atomic_store_n (&pb->item[i].dir, it->dir, __ATOMIC_RELAXED);
      __atomic_store_n (&pb->item[i].len, len, __ATOMIC_RELAXED);
      __atomic_store_n (&pb->item[i].max, max, __ATOMIC_RELAXED);
      off += align_up (max, 64);
    }
}

/* Take the reply's out and inout items: each length read once and
   checked against its room before anything is copied.  IDL_OK or
   IDL_E_PROTO.  */
static int
take_reply (idl_binding_t *b, struct idl_bulk_item *items, unsigned n)
{
  struct idl_page_bulk *pb = &b->page->bulk;
  uint64_t len[IDL_BULK_ITEMS];
  uint64_t off = 0;

  for (unsigned i = 0; i < n; i++)
    {
      len[i] = __atomic_load_n (&pb->out_len[i], __ATOMIC_RELAXED);
      if (items[i].dir != IDL_BULK_IN && len[i] > items[i].max)
	return IDL_E_PROTO;
    }
  for (unsigned i = 0; i < n; i++)
    {
      struct idl_bulk_item *it = &items[i];
      uint64_t size = it->dir == IDL_BULK_IN ? it->len : it->max;

      if (it->dir != IDL_BULK_IN)
	{
	  if (len[i] > 0)
	    memcpy (it->ptr, b->bulk->map + off, len[i]);
	  it->len = len[i];
	}
      off += align_up (size, 64);
    }
  return IDL_OK;
}

idl_reply_t
idl_callv_bulk (idl_binding_t *b, uint64_t tag, const uint64_t *words,
		uint64_t payload_len, const int *fds, uint64_t nfds,
		struct idl_bulk_item *items, uint64_t n)
{
  uint64_t bytes;

  if (__atomic_load_n (&b->owner, __ATOMIC_RELAXED) != idl_thread_id ())
    {
      if (b->chans)
	b = idl_channel_lazy (b);
      if (__atomic_load_n (&b->owner, __ATOMIC_RELAXED) != idl_thread_id ())
	return (idl_reply_t) { idl_error_tag (b->error), b };
    }
  if (!items_ok (items, n, &bytes) || (tag & IDL_TAG_ONEWAY))
    return bulk_failed (b, IDL_E_INVAL);
  /* A thread's channel that could not connect (channel.c) tries again
     here, as in any call; on success it is a page binding.  */
  if ((b->flags & (IDL_BF_TABLE | IDL_BF_DEAD))
      == (IDL_BF_TABLE | IDL_BF_DEAD) && !b->transport->request_payload (b))
    return (idl_reply_t) { idl_error_tag (b->error), b };
  if (b->flags & IDL_BF_TABLE)
    {
      if (b->transport == &idl_colocated_transport)
	return (idl_reply_t) { idl_local_call_bulk (b, tag, words,
						    payload_len, fds, nfds,
						    items, (unsigned) n), b };
      return bulk_failed (b, IDL_E_UNSUPPORTED);
    }

  /* The page is ours once an earlier request is done with it (and with
     the memfd: a late reply's server may still be writing there).  */
  if (!idl_request_payload (b))
    return (idl_reply_t) { idl_error_tag (b->error), b };
  int err = memfd_for (b, tag, bytes);
  if (err != IDL_OK)
    return bulk_failed (b, err);
  announce (b, items, (unsigned) n);
  idl_reply_t r = idl_callv_x (b, tag | IDL_PAGE_TAG_BULK, words,
			       payload_len, fds, nfds);
  if (r.tag & IDL_TAG_ERROR)
    return r;
  err = take_reply (b, items, (unsigned) n);
  if (err != IDL_OK)
    return bulk_failed (b, err);
  return r;
}
