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

   That is the sequential path: the two copies run one after the
   other, so a large transfer costs about two memcpys each way.  It is
   what workers and the program's own loop get, which must not wait for
   a client.  To a server with a thread per connection the first bulk
   call offers a ring instead (ring.h; offer_ring), which the server
   takes or declines in its answer; on the ring the request is posted
   at once and the items stream through its slots, the client's copy
   and the server's overlapped (stream, ring_call).  Setup requests
   keep a one-off timeout for the user's call (set_up).

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
#include "ring.h"

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
  if (bc->ring)
    munmap (bc->ring, IDL_RING_BYTES);
  free (bc);
  b->bulk = NULL;
}

/* B's bulk state, made on its first bulk call; NULL if out of
   memory.  */
static struct idl_bulk_client *
bulk_state (idl_binding_t *b)
{
  if (!b->bulk)
    {
      struct idl_bulk_client *bc = calloc (1, sizeof *bc);
      if (!bc)
	return NULL;
      bc->memfd = -1;
      b->bulk = bc;
    }
  return b->bulk;
}

/* Hand memfd FD to the server: a setup request for TAG's interface,
   with FLAGS besides IDL_PAGE_BULK_SETUP.  IDL_OK or the error to fail
   with.  The setup is the runtime's request, not the user's: a one-off
   timeout (idl_set_next_timeout) is kept for the call it was given for,
   which follows (unless the setup fails, which fails that call).  */
static int
set_up (idl_binding_t *b, uint64_t tag, uint32_t flags, int fd)
{
  struct idl_page_bulk *pb = &b->page->bulk;
  uint64_t stag = (tag & ~(uint64_t) 0xffffffff) | IDL_PAGE_TAG_BULK;
  int next = (b->flags & IDL_BF_NEXT) != 0;

  if (next)
    idl_set_flags (b, b->flags & ~IDL_BF_NEXT);
  __atomic_store_n (&pb->flags, IDL_PAGE_BULK_SETUP | flags,
		    __ATOMIC_RELAXED);
  __atomic_store_n (&pb->n, 0, __ATOMIC_RELAXED);
  idl_reply_t r = idl_callv_x (b, stag, NULL, 0, &fd, 1);
  if (r.tag & IDL_TAG_ERROR)
    return b->error;
  if (next)
    idl_set_flags (b, b->flags | IDL_BF_NEXT);
  return IDL_OK;
}

/* Offer B's server a ring (ring.h) on B's first bulk call (TAG's).
   IDL_OK whether it took it or not (BC->RING_OK says), or the error to
   fail the call with.  */
static int
offer_ring (idl_binding_t *b, struct idl_bulk_client *bc, uint64_t tag)
{
  int fd = memfd_create ("idl-ring", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0)
    return IDL_E_NOMEM;
  void *p = MAP_FAILED;
  if (ftruncate (fd, (off_t) IDL_RING_BYTES) != 0
      || fcntl (fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW) != 0
      || (p = mmap (NULL, IDL_RING_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
		    fd, 0)) == MAP_FAILED)
    {
      close (fd);
      return IDL_E_NOMEM;
    }
  int err = set_up (b, tag, IDL_PAGE_BULK_RING, fd);
  /* The server has its own copy, or none: the mapping is what we
     keep.  */
  close (fd);
  if (err == IDL_OK)
    {
      bc->ring = p;
      bc->ring_ok = 1;
      return IDL_OK;
    }
  munmap (p, IDL_RING_BYTES);
  if (err == IDL_E_PEER_DIED || err == IDL_E_TIMEOUT)
    return err;
  /* A server without a thread for us refuses it (IDL_E_BADMSG): the
     sequential path.  */
  bc->ring_ok = -1;
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

  if (bc->memfd >= 0 && bc->size >= len)
    return IDL_OK;
  if (bc->memfd < 0)
    {
      int fd = memfd_create ("idl-bulk", MFD_CLOEXEC | MFD_ALLOW_SEALING);
      if (fd < 0)
	return IDL_E_NOMEM;
      if (ftruncate (fd, (off_t) len) != 0
	  || fcntl (fd, F_ADD_SEALS, F_SEAL_SHRINK) != 0)
	{
	  close (fd);
	  return IDL_E_NOMEM;
	}
      int err = set_up (b, tag, 0, fd);
      if (err != IDL_OK)
	{
	  close (fd);
	  return err;
	}
      bc->memfd = fd;
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
   into MAP (the memfd's mapping) unless it is NULL (the ring's
   path).  */
static void
announce (idl_binding_t *b, const struct idl_bulk_item *items, unsigned n,
	  uint8_t *map)
{
  struct idl_page_bulk *pb = &b->page->bulk;
  uint64_t off = 0;

  __atomic_store_n (&pb->flags, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&pb->n, n, __ATOMIC_RELAXED);
  for (unsigned i = 0; i < n; i++)
    {
      const struct idl_bulk_item *it = &items[i];
      uint64_t len = it->dir == IDL_BULK_OUT ? 0 : it->len;
      uint64_t max = it->dir == IDL_BULK_IN ? it->len : it->max;

      if (len > 0 && map)
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

/* A call on the ring: its items, and whether the server answered
   before it said its out lengths were there.  */
struct ring_call
{
  struct idl_bulk_item *items;
  unsigned n;
  int early;
};

/* An ending of idl_ring_wait as the call's error; IDL_OK for an answer
   on the page (the server refused the request, or misbehaves: the
   reply says).  */
static int
ring_error (int w)
{
  if (w == IDL_RING_GONE)
    return IDL_E_PEER_DIED;
  if (w == IDL_RING_LATE)
    return IDL_E_TIMEOUT;
  return IDL_OK;
}

/* stream's work: the in and inout items into the ring, chunk K into
   slot K % IDL_RING_SLOTS once the server has drained what was there;
   then, once the server says the out lengths are on the page, each
   read once and checked against its room, the out and inout items'
   bytes from the ring into the caller's buffers.  AT is the call's
   deadline.  */
static int
stream_items (idl_binding_t *b, struct ring_call *rc, int64_t at)
{
  struct idl_ring *r = b->bulk->ring;
  const uint32_t *state = &b->page->state;
  uint32_t k = 0;
  int any_out = 0, w;
  uint64_t spin = idl_spin_for (b->cpu, &b->page->server_cpu);

  for (unsigned i = 0; i < rc->n; i++)
    {
      const struct idl_bulk_item *it = &rc->items[i];
      if (it->dir == IDL_BULK_OUT)
	{
	  any_out = 1;
	  continue;
	}
      any_out |= it->dir == IDL_BULK_INOUT;
      for (uint64_t off = 0, step = idl_ring_chunk (it->len); off < it->len;
	     off += step)
	{
	  uint64_t chunk = it->len - off < step ? it->len - off : step;
	  if (k >= IDL_RING_SLOTS
	      && (w = idl_ring_wait (&r->in_drained, k + 1 - IDL_RING_SLOTS,
				     &r->client_sleeping, b->sock, state,
				     &b->hup, NULL, NULL, 0, at, spin)) != 0)
	    return ring_error (w);
	  memcpy (idl_ring_slot (r, k), (const uint8_t *) it->ptr + off,
		  chunk);
	  k++;
	  idl_ring_publish_server (r, &r->in_filled, k, b->sock,
				   b->seq);
	}
    }
  if (!any_out)
    return IDL_OK;

  w = idl_ring_wait (&r->out_ready, 1, &r->client_sleeping, b->sock, state,
		     &b->hup, NULL, NULL, 0, at, spin);
  if (w != 0)
    {
      rc->early = w == IDL_RING_ANSWERED;
      return ring_error (w);
    }
  struct idl_page_bulk *pb = &b->page->bulk;
  uint64_t len[IDL_BULK_ITEMS];
  for (unsigned i = 0; i < rc->n; i++)
    {
      len[i] = __atomic_load_n (&pb->out_len[i], __ATOMIC_RELAXED);
      if (rc->items[i].dir != IDL_BULK_IN && len[i] > rc->items[i].max)
	return IDL_E_PROTO;
    }
  k = 0;
  for (unsigned i = 0; i < rc->n; i++)
    {
      struct idl_bulk_item *it = &rc->items[i];
      if (it->dir == IDL_BULK_IN)
	continue;
      for (uint64_t off = 0, step = idl_ring_chunk (len[i]); off < len[i];
	     off += step)
	{
	  uint64_t chunk = len[i] - off < step ? len[i] - off : step;
	  /* The server posts its reply once the last chunk is in, so a
	     reply before it (a request we cancelled, or a server that
	     misbehaves) has no out data to take.  */
	  if ((w = idl_ring_wait (&r->out_filled, k + 1, &r->client_sleeping,
				  b->sock, state, &b->hup, NULL, NULL, 0, at,
				  spin)) != 0)
	    {
	      rc->early = w == IDL_RING_ANSWERED;
	      return ring_error (w);
	    }
	  memcpy ((uint8_t *) it->ptr + off, idl_ring_slot (r, k), chunk);
	  k++;
	  idl_ring_publish_server (r, &r->out_drained, k, b->sock,
				   b->seq);
	}
      it->len = len[i];
    }
  return IDL_OK;
}

/* idl_callv_stream's part (ring.h): stream_items; a call that fails
   with the request still the server's (IDL_E_TIMEOUT, IDL_E_PROTO:
   idl_callv_stream leaves it late) is cancelled, so that the server
   answers it at once and the connection serves the binding's next
   call.  */
static int
stream (idl_binding_t *b, void *arg, int64_t at)
{
  int err = stream_items (b, arg, at);

  if (err == IDL_E_TIMEOUT || err == IDL_E_PROTO)
    idl_ring_cancel (b->bulk->ring, b->seq, b->sock);
  return err;
}

/* The call on B's ring.  */
static idl_reply_t
ring_call (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	   uint64_t payload_len, const int *fds, uint64_t nfds,
	   struct idl_bulk_item *items, unsigned n)
{
  struct idl_ring *r = b->bulk->ring;
  struct ring_call rc = { items, n, 0 };

  /* The server is done with the ring: its last reply came (or it was
     thrown away) before the page was ours.  */
  __atomic_store_n (&r->in_filled, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&r->in_drained, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&r->out_ready, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&r->out_filled, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&r->out_drained, 0, __ATOMIC_RELAXED);
  /* Not the number the request will have (b->seq + 1, call.c): a
     cancel of an earlier call must not give this one up.  */
  __atomic_store_n (&r->cancel, b->seq, __ATOMIC_RELAXED);
  announce (b, items, n, NULL);
  idl_reply_t rp = idl_callv_stream (b, tag | IDL_PAGE_TAG_BULK, words,
				     payload_len, fds, nfds, stream, &rc);
  if (!(rp.tag & IDL_TAG_ERROR) && rc.early)
    /* A success without the out data: not a reply we can take.  */
    return bulk_failed (b, IDL_E_PROTO);
  return rp;
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
  struct idl_bulk_client *bc = bulk_state (b);
  if (!bc)
    return bulk_failed (b, IDL_E_NOMEM);
  if (bc->ring_ok == 0)
    {
      int err = offer_ring (b, bc, tag);
      if (err != IDL_OK)
	return bulk_failed (b, err);
    }
  if (bc->ring_ok > 0)
    return ring_call (b, tag, words, payload_len, fds, nfds, items,
		      (unsigned) n);
  int err = memfd_for (b, tag, bytes);
  if (err != IDL_OK)
    return bulk_failed (b, err);
  announce (b, items, (unsigned) n, bc->map);
  idl_reply_t r = idl_callv_x (b, tag | IDL_PAGE_TAG_BULK, words,
			       payload_len, fds, nfds);
  if (r.tag & IDL_TAG_ERROR)
    return r;
  err = take_reply (b, items, (unsigned) n);
  if (err != IDL_OK)
    return bulk_failed (b, err);
  return r;
}
