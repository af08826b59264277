/* bulk-server.c -- bulk items, the server's side: checks, one copy in,
   one copy out.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A bulk request (idlrt-abi.h, "Bulk items"; page.h, struct
   idl_page_bulk) announces its items on the page; their bytes are in
   the connection's bulk memfd, which the client made, sealed against
   shrinking and handed over once in a setup request (bulk.c).  Here,
   in this order (HACKING, "Large buffers", steps 3 and 4):

     1. the announcement is read once into private memory, like the
        page's header, and only that copy counts;
     2. it is checked against the interface's BULK table (count,
        directions, lengths and rooms within the declared bounds):
        IDL_E_BADMSG; then against the server's cap on private bulk
        memory, all connections together (idl_server_set_bulk_max):
        IDL_E_NOMEM; both before anything is allocated or mapped;
     3. the memfd is mapped as far as the items reach (once per
        connection, again only when a call needs more), after fstat
        says it is that large: it is sealed against shrinking, so no
        access of ours can fault;
     4. the in and inout items are copied once into the connection's
        private buffer, which the dispatcher gets (MSG[IDL_MSG_BULK +
        2 I]); a client that rewrites the memfd meanwhile spoils only
        its own request, and the dispatcher never reads the memfd
        (the no-double-fetch rule, DESIGN.md);
     5. after the dispatch the out and inout items' lengths are
        checked against their rooms (over: a dispatcher bug,
        IDL_E_PROTO, nothing copied) and their bytes copied once into
        the memfd, their lengths onto the page.

   That is the sequential path, where nothing waits for the client:
   everything the request needs is in place when it is published.  So
   it serves workers and the program's own loop; a large request only
   keeps that worker's other connections waiting for the time its
   copies take.  A connection with a thread of its own takes the
   client's ring instead (ring.h; take_ring): steps 1-3 alike, then
   step 4 streams the items from the ring as the client fills it
   (ring_in) and step 5 streams them back (ring_out), waiting for the
   client at most IDL_RING_STALL_NS a chunk before it drops the
   connection, and giving the request up, the connection kept, when
   the client cancels it (ring.h).

   The private buffer is kept between calls (a large buffer faulted in
   afresh each call would cost more than its copy) and counted against
   the cap until the connection ends or it has been idle for
   IDL_BULK_IDLE_NS (idl_bulk_idle); a call that needs more than it has
   gives it back first.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>
#include "server-internal.h"
#include "ring.h"

/* A connection's bulk state.  */
struct idl_bulk_conn
{
  int memfd;			/* the client's, -1 until its setup */
  uint8_t *shm;			/* its mapping, SHM_SIZE bytes, or NULL */
  struct idl_ring *ring;	/* the ring's mapping (ring.h), or NULL */
  size_t shm_size;
  uint8_t *priv;		/* the private buffer, PRIV_SIZE bytes
				   counted against the server's cap */
  size_t priv_size;
  int64_t used_at;		/* when PRIV last served a call (ns) */
  /* The request being served, as checked: N items { dir, len, max }
     and where each starts (in the memfd and the private buffer
     alike).  */
  unsigned n;
  uint64_t item[IDL_BULK_ITEMS][3];
  uint64_t off[IDL_BULK_ITEMS];
  /* Its sequence number, as read once from the page: the value of the
     ring's cancel word that gives it up (ring.h).  */
  uint32_t seq;
};

int
idl_server_set_bulk_max (idl_server_t *srv, size_t bytes)
{
  __atomic_store_n (&srv->bulk_max, bytes, __ATOMIC_RELAXED);
  return 0;
}

int
idl_bulk_reserve (idl_server_t *srv, uint64_t bytes)
{
  size_t used = __atomic_load_n (&srv->bulk_used, __ATOMIC_RELAXED);
  size_t max = __atomic_load_n (&srv->bulk_max, __ATOMIC_RELAXED);

  do
    if (bytes > max || used > max - bytes)
      return -1;
  while (!__atomic_compare_exchange_n (&srv->bulk_used, &used, used + bytes,
				       1, __ATOMIC_RELAXED,
				       __ATOMIC_RELAXED));
  return 0;
}

void
idl_bulk_unreserve (idl_server_t *srv, uint64_t bytes)
{
  __atomic_sub_fetch (&srv->bulk_used, bytes, __ATOMIC_RELAXED);
}

static uint64_t
align_up (uint64_t x, uint64_t a)
{
  return (x + a - 1) & ~(a - 1);
}

/* The entry of operation OP in table T (idlrt-abi.h), or NULL.  */
static const uint64_t *
find_op (const uint64_t *t, unsigned op)
{
  if (!t)
    return NULL;
  for (; *t != 0; t += 1 + (*t & 0xffff))
    if ((*t >> IDL_BULK_OP_SHIFT & IDL_TAG_OP_MASK) == op)
      return t;
  return NULL;
}

int
idl_bulk_check (const idl_server_t *srv, uint64_t tag, unsigned n,
		const uint64_t (*item)[3], uint64_t *bytes)
{
  const uint64_t *e = find_op (srv->iface.bulk,
			       (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK);
  uint64_t total = 0;

  if (!e || (*e & 0xffff) != n || n > IDL_BULK_ITEMS)
    return IDL_E_BADMSG;
  for (unsigned i = 0; i < n; i++)
    {
      uint64_t dir = e[1 + i] >> IDL_BULK_DIR_SHIFT;
      uint64_t bound = e[1 + i] & IDL_BULK_BOUND_MASK;
      uint64_t len = item[i][1], max = item[i][2], size;

      if (bound > IDL_BULK_MAX)
	bound = IDL_BULK_MAX;
      if (item[i][0] != dir)
	return IDL_E_BADMSG;
      if (dir == IDL_BULK_IN && len <= bound)
	size = len;
      else if (dir == IDL_BULK_OUT && max <= bound)
	size = max;
      else if (dir == IDL_BULK_INOUT && max <= bound && len <= max)
	size = max;
      else
	return IDL_E_BADMSG;
      total += align_up (size, IDL_BULK_ALIGN);
    }
  *bytes = total;
  return IDL_OK;
}

#ifndef F_SEAL_FUTURE_WRITE
# define F_SEAL_FUTURE_WRITE 0x0010	/* Linux 5.1 */
#endif
/* Seals that forbid the writable shared mapping the server copies the
   out items into: a memfd or ring with one could be taken but never
   mapped, and every bulk call on the connection would then fail with
   IDL_E_NOMEM, the server's word for a shortage of its own, for what
   is the client's doing.  */
#define IDL_SEALS_NO_WRITE (F_SEAL_WRITE | F_SEAL_FUTURE_WRITE)

/* Take the memfd of a setup request (FD, the request's, which the
   reply closes): a copy of our own, once it is a memfd of ordinary
   shared memory sealed against shrinking (a hugetlb one could fault
   when its pool runs out; a tmpfs file without seals could be cut
   short under our mapping) and not against writing.  */
static int
take_memfd (struct idl_bulk_conn *bc, int fd)
{
  struct statfs sfs;
  int seals = fcntl (fd, F_GET_SEALS);

  if (seals < 0 || !(seals & F_SEAL_SHRINK) || (seals & IDL_SEALS_NO_WRITE)
      || fstatfs (fd, &sfs) != 0 || sfs.f_type != TMPFS_MAGIC)
    return IDL_E_BADMSG;
  int own = fcntl (fd, F_DUPFD_CLOEXEC, 0);
  if (own < 0)
    return IDL_E_NOMEM;
  if (bc->shm)
    munmap (bc->shm, bc->shm_size);
  bc->shm = NULL;
  bc->shm_size = 0;
  if (bc->memfd >= 0)
    close (bc->memfd);
  bc->memfd = own;
  return IDL_BULK_SET_UP;
}

/* Take the ring of a setup request with IDL_PAGE_BULK_RING (FD): only
   on a connection with a thread of its own, which may wait for its
   client (elsewhere IDL_E_BADMSG, and the client uses the memfd);
   only a memfd of ordinary shared memory sealed against shrinking and
   growing, of IDL_RING_BYTES exactly, so that no access of ours can
   fault, and not against writing.  Mapped once for the connection.  */
static int
take_ring (struct idl_conn *c, struct idl_bulk_conn *bc, int fd)
{
  struct statfs sfs;
  struct stat st;
  int seals = fcntl (fd, F_GET_SEALS);

  if (!c->threaded)
    return IDL_E_BADMSG;
  if (seals < 0 || (seals & (F_SEAL_SHRINK | F_SEAL_GROW))
		   != (F_SEAL_SHRINK | F_SEAL_GROW)
      || (seals & IDL_SEALS_NO_WRITE)
      || fstatfs (fd, &sfs) != 0 || sfs.f_type != TMPFS_MAGIC
      || fstat (fd, &st) != 0 || (uint64_t) st.st_size != IDL_RING_BYTES)
    return IDL_E_BADMSG;
  void *p = mmap (NULL, IDL_RING_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
		  fd, 0);
  if (p == MAP_FAILED)
    return IDL_E_NOMEM;
  if (bc->ring)
    munmap (bc->ring, IDL_RING_BYTES);
  bc->ring = p;
  return IDL_BULK_SET_UP;
}

/* Wait for ring word W >= TARGET, the client given IDL_RING_STALL_NS:
   IDL_OK; IDL_BULK_CANCEL if the client gave the request up; else
   IDL_BULK_DROP, to drop the connection (it stalled or went, or we
   stop).  */
static int
ring_wait (struct idl_conn *c, const uint32_t *w, uint32_t target)
{
  struct idl_bulk_conn *bc = c->bulk;
  struct idl_ring *r = bc->ring;
  if (__atomic_load_n (w, __ATOMIC_ACQUIRE) >= target)
    return IDL_OK;
  int e = idl_ring_wait (w, target, &r->server_sleeping, c->fd, NULL, NULL,
			 &c->srv->stopping, &r->cancel, bc->seq,
			 idl_clock_ns () + IDL_RING_STALL_NS,
			 idl_spin_for (c->cpu, &c->page->client_cpu));
  if (e == 0)
    return IDL_OK;
  return e == IDL_RING_CANCELLED ? IDL_BULK_CANCEL : IDL_BULK_DROP;
}

/* Whether BC's client gave its request up (ring.h): the word is read
   for what it says of this request, nothing more.  */
static int
cancelled (const struct idl_bulk_conn *bc)
{
  return __atomic_load_n (&bc->ring->cancel, __ATOMIC_ACQUIRE) == bc->seq;
}

/* The in and inout items of BC's checked request, streamed from the
   ring into the private buffer, every ring byte read once (ring.h).
   IDL_OK, IDL_BULK_CANCEL (not to be dispatched) or IDL_BULK_DROP.  */
static int
ring_in (struct idl_conn *c, struct idl_bulk_conn *bc)
{
  struct idl_ring *r = bc->ring;
  uint32_t k = 0;
  int e;

  for (unsigned i = 0; i < bc->n; i++)
    {
      uint64_t len = bc->item[i][1];
      if (bc->item[i][0] == IDL_BULK_OUT)
	continue;
      for (uint64_t off = 0, step = idl_ring_chunk (len); off < len;
	     off += step)
	{
	  uint64_t chunk = len - off < step ? len - off : step;
	  if ((e = ring_wait (c, &r->in_filled, k + 1)) != IDL_OK)
	    return e;
	  memcpy (bc->priv + bc->off[i] + off, idl_ring_slot (r, k), chunk);
	  k++;
	  idl_ring_publish (&r->in_drained, k, &r->client_sleeping);
	}
    }
  /* Given up while the last chunks came (or before the first): the
     implementation need not run.  */
  return cancelled (bc) ? IDL_BULK_CANCEL : IDL_OK;
}

/* The out and inout items' reply bytes, LEN[i] each (checked), streamed
   through the ring to the client once their lengths are on the page.
   IDL_OK, IDL_BULK_CANCEL (the client gave up before or while they
   streamed: the rest is not sent) or IDL_BULK_DROP.  */
static int
ring_out (struct idl_conn *c, struct idl_bulk_conn *bc, const uint64_t *len)
{
  struct idl_ring *r = bc->ring;
  uint32_t k = 0;
  int e;

  if (cancelled (bc))
    return IDL_BULK_CANCEL;
  idl_ring_publish (&r->out_ready, 1, &r->client_sleeping);
  for (unsigned i = 0; i < bc->n; i++)
    {
      if (bc->item[i][0] == IDL_BULK_IN)
	continue;
      for (uint64_t off = 0, step = idl_ring_chunk (len[i]); off < len[i];
	     off += step)
	{
	  uint64_t chunk = len[i] - off < step ? len[i] - off : step;
	  if (k >= IDL_RING_SLOTS
	      && (e = ring_wait (c, &r->out_drained,
				 k + 1 - IDL_RING_SLOTS)) != IDL_OK)
	    return e;
	  memcpy (idl_ring_slot (r, k), bc->priv + bc->off[i] + off, chunk);
	  k++;
	  idl_ring_publish (&r->out_filled, k, &r->client_sleeping);
	}
    }
  return IDL_OK;
}

/* Map BYTES of the memfd, if it is that large.  */
static int
map_shared (struct idl_bulk_conn *bc, uint64_t bytes)
{
  struct stat st;
  uint64_t len = align_up (bytes, 4096);

  if (bc->memfd < 0 || fstat (bc->memfd, &st) != 0
      || (uint64_t) st.st_size < len)
    return IDL_E_BADMSG;
  void *p = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED,
		  bc->memfd, 0);
  if (p == MAP_FAILED)
    return IDL_E_NOMEM;
  if (bc->shm)
    munmap (bc->shm, bc->shm_size);
  bc->shm = p;
  bc->shm_size = len;
  return IDL_OK;
}

/* Give back BC's private buffer and its share of SRV's cap.  */
static void
drop_private (idl_server_t *srv, struct idl_bulk_conn *bc)
{
  if (bc->priv)
    {
      munmap (bc->priv, bc->priv_size);
      idl_bulk_unreserve (srv, bc->priv_size);
    }
  bc->priv = NULL;
  bc->priv_size = 0;
}

/* A private buffer of BYTES, within the server's cap: the old one is
   given back first, so that a connection never holds two.  */
static int
grow_private (idl_server_t *srv, struct idl_bulk_conn *bc, uint64_t bytes)
{
  uint64_t len = align_up (bytes, 4096);

  drop_private (srv, bc);
  if (idl_bulk_reserve (srv, len) != 0)
    return IDL_E_NOMEM;
  void *p = mmap (NULL, len, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    {
      idl_bulk_unreserve (srv, len);
      return IDL_E_NOMEM;
    }
  bc->priv = p;
  bc->priv_size = len;
  return IDL_OK;
}

/* Read C's announcement once into BC (step 1).  IDL_OK, or
   IDL_E_BADMSG for more items than any operation has.  */
static int
read_announcement (struct idl_conn *c, struct idl_bulk_conn *bc)
{
  struct idl_page_bulk *pb = &c->page->bulk;
  unsigned n = __atomic_load_n (&pb->n, __ATOMIC_RELAXED);

  if (n > IDL_BULK_ITEMS)
    return IDL_E_BADMSG;
  bc->n = n;
  for (unsigned i = 0; i < n; i++)
    {
      bc->item[i][0] = __atomic_load_n (&pb->item[i].dir, __ATOMIC_RELAXED);
      bc->item[i][1] = __atomic_load_n (&pb->item[i].len, __ATOMIC_RELAXED);
      bc->item[i][2] = __atomic_load_n (&pb->item[i].max, __ATOMIC_RELAXED);
    }
  return IDL_OK;
}

int
idl_bulk_receive (struct idl_conn *c, const struct idl_request *rq,
		  const int *rfds)
{
  struct idl_bulk_conn *bc = c->bulk;
  uint64_t bytes;
  int code;

  if (!bc)
    {
      bc = calloc (1, sizeof *bc);
      if (!bc)
	return IDL_E_NOMEM;
      bc->memfd = -1;
      c->bulk = bc;
    }
  uint32_t flags = __atomic_load_n (&c->page->bulk.flags, __ATOMIC_RELAXED);
  if (flags & IDL_PAGE_BULK_SETUP)
    {
      if (rq->nfds != 1 || (rq->tag & IDL_TAG_COUNT_MASK) != 0 || rq->len)
	return IDL_E_BADMSG;
      if (flags & IDL_PAGE_BULK_RING)
	return take_ring (c, bc, rfds[0]);
      return take_memfd (bc, rfds[0]);
    }

  /* Steps 1-3.  */
  if ((code = read_announcement (c, bc)) != IDL_OK
      || (code = idl_bulk_check (c->srv, rq->tag, bc->n,
				 (const uint64_t (*)[3]) bc->item, &bytes))
	 != IDL_OK)
    return code;
  if (!bc->ring && bytes > bc->shm_size
      && (code = map_shared (bc, bytes)) != IDL_OK)
    return code;
  if (bytes > bc->priv_size
      && (code = grow_private (c->srv, bc, bytes)) != IDL_OK)
    return code;

  /* Step 4: the one copy; the dispatcher gets private memory.  */
  uint64_t *msg = c->msg;
  idl_msg_fill (msg, rq->tag, rq->words, rq->payload, rq->len, rfds,
		rq->nfds);
  uint64_t off = 0;
  for (unsigned i = 0; i < bc->n; i++)
    {
      uint64_t dir = bc->item[i][0], len = bc->item[i][1];
      uint64_t size = dir == IDL_BULK_IN ? len : bc->item[i][2];

      bc->off[i] = off;
      if (dir != IDL_BULK_OUT && len > 0 && !bc->ring)
	memcpy (bc->priv + off, bc->shm + off, len);
      msg[IDL_MSG_BULK + 2 * i] = (uint64_t) (uintptr_t) (bc->priv + off);
      msg[IDL_MSG_BULK + 2 * i + 1] = dir == IDL_BULK_OUT ? size : len;
      off += align_up (size, IDL_BULK_ALIGN);
    }
  bc->used_at = idl_now_ns ();
  bc->seq = rq->seq;
  if (bc->ring)
    return ring_in (c, bc);
  return IDL_OK;
}

int
idl_bulk_reply (struct idl_conn *c, uint64_t *rtag)
{
  struct idl_bulk_conn *bc = c->bulk;
  struct idl_page_bulk *pb = &c->page->bulk;
  const uint64_t *msg = c->msg;

  bc->used_at = idl_now_ns ();
  /* A worker calls idle when asked to (server-workers.c); a thread per
     connection after every sleep slice anyway.  */
  int64_t at = bc->used_at + IDL_BULK_IDLE_NS;
  if (c->idle_at == 0 || c->idle_at > at)
    c->idle_at = at;
  if (*rtag & IDL_TAG_ERROR)
    return IDL_OK;
  /* Every length first: a reply is copied whole or not at all.  */
  for (unsigned i = 0; i < bc->n; i++)
    if (bc->item[i][0] != IDL_BULK_IN
	&& msg[IDL_MSG_BULK + 2 * i + 1] > bc->item[i][2])
      {
	*rtag = idl_error_tag (IDL_E_PROTO);
	return IDL_OK;
      }
  uint64_t lens[IDL_BULK_ITEMS];
  for (unsigned i = 0; i < bc->n; i++)
    {
      uint64_t len = 0;
      if (bc->item[i][0] != IDL_BULK_IN)
	{
	  len = msg[IDL_MSG_BULK + 2 * i + 1];
	  if (len > 0 && !bc->ring)
	    memcpy (bc->shm + bc->off[i], bc->priv + bc->off[i], len);
	}
      lens[i] = len;
      __atomic_store_n (&pb->out_len[i], len, __ATOMIC_RELAXED);
    }
  if (bc->ring)
    {
      int any = 0;
      for (unsigned i = 0; i < bc->n; i++)
	any |= bc->item[i][0] != IDL_BULK_IN;
      if (any)
	return ring_out (c, bc, lens);
    }
  return IDL_OK;
}

int64_t
idl_bulk_idle (struct idl_conn *c, int64_t now)
{
  struct idl_bulk_conn *bc = c->bulk;

  if (!bc->priv)
    return 0;
  if (now - bc->used_at < IDL_BULK_IDLE_NS)
    return bc->used_at + IDL_BULK_IDLE_NS;
  /* Idle for a slice: another connection may need its share of the
     cap, and a buffer kept for a client that may never call again
     would hold it until that client goes.  */
  drop_private (c->srv, bc);
  return 0;
}

void
idl_bulk_drop (struct idl_conn *c)
{
  drop_private (c->srv, c->bulk);
  shutdown (c->fd, SHUT_RDWR);
}

void
idl_bulk_conn_free (struct idl_conn *c)
{
  struct idl_bulk_conn *bc = c->bulk;

  drop_private (c->srv, bc);
  if (bc->shm)
    munmap (bc->shm, bc->shm_size);
  if (bc->ring)
    munmap (bc->ring, IDL_RING_BYTES);
  if (bc->memfd >= 0)
    close (bc->memfd);
  free (bc);
  c->bulk = NULL;
}
