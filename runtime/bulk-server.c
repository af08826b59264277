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
   everything the request needs is in place when it is published.  A
   client that offers a ring (ring.h; take_ring) gets its copies and
   ours overlapped instead: steps 1-3 alike, then step 4 streams the
   items from the ring as the client fills it and step 5 streams them
   back, and the request is given up, the connection kept, when the
   client cancels it (ring.h).  The streams are a state machine
   (ring_step: which phase, item, offset, chunk), which never waits:
   it copies what the client has made ready and says what it waits
   for next.  A connection's own thread then waits for that
   (idl_bulk_stream_wait, at most IDL_RING_STALL_NS a chunk before it
   drops the client); a worker, or the program's loop, goes and serves
   its other connections, comes back to this one each time it looks
   at them, and before it sleeps in epoll_wait tells the client to
   ring the connection's socket (idl_bulk_sleep); its timers drop a
   client that has not moved for IDL_RING_STALL_NS
   (server-workers.c).  So one client's pace, or its stall, keeps no
   other client of the worker waiting (server.c, bulk_drive, drives
   the machine through the dispatch and the reply).

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
  /* A request on the ring, where its streaming stands (ring_step):
     PHASE, which item, how far into it, the chunk counter K, and the
     out items' lengths (checked) for RING_OUT; what the server waits
     for when the client is behind, WAIT_WORD >= WAIT_TARGET; and by
     when the client must have moved (STALL_AT, idl_now_ns), or it
     is dropped.  */
  int phase;
  unsigned i;
  uint64_t ioff;
  uint32_t k;
  uint64_t lens[IDL_BULK_ITEMS];
  const uint32_t *wait_word;
  uint32_t wait_target;
  int64_t stall_at;
  /* server.c's part of the request, kept while it streams.  */
  struct idl_bulk_call call;
};

/* Phases of a request on the ring.  */
#define RING_NONE 0
#define RING_IN 1		/* the in and inout items come */
#define RING_OUT 2		/* the out and inout items go */

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

/* Take the ring of a setup request with IDL_PAGE_BULK_RING (FD): on a
   connection with a thread of its own, which may wait for its client,
   or a worker's (a program's loop's too), which streams as far as the
   client lets it and comes back when the client rings (ring_step,
   idl_bulk_sleep); elsewhere (the fuzz harness's bare connections)
   IDL_E_BADMSG, and the client uses the memfd.  Only a memfd of ordinary shared memory sealed against shrinking and
   growing, of IDL_RING_BYTES exactly, so that no access of ours can
   fault, and not against writing.  Mapped once for the connection.  */
static int
take_ring (struct idl_conn *c, struct idl_bulk_conn *bc, int fd)
{
  struct statfs sfs;
  struct stat st;
  int seals = fcntl (fd, F_GET_SEALS);

  if (!c->threaded && !c->worker)
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

/* Whether BC's client gave its request up (ring.h): the word is read
   for what it says of this request, nothing more.  */
static int
cancelled (const struct idl_bulk_conn *bc)
{
  return __atomic_load_n (&bc->ring->cancel, __ATOMIC_ACQUIRE) == bc->seq;
}

/* Begin streaming PHASE of BC's request.  */
static void
ring_begin (struct idl_bulk_conn *bc, int phase)
{
  bc->phase = phase;
  bc->i = 0;
  bc->ioff = 0;
  bc->k = 0;
  bc->stall_at = idl_now_ns () + IDL_RING_STALL_NS;
}

/* Stream BC's current phase as far as the client lets it, every ring
   byte read once (ring.h): in, chunk K from the ring into the private
   buffer once the client has filled it; out, chunk K from the private
   buffer into slot K % IDL_RING_SLOTS once the client has drained
   what was there.  Nothing here waits.  Returns IDL_OK when the phase
   is done (in: IDL_BULK_CANCEL instead if the client gave up while
   the last chunks came, and the implementation need not run);
   IDL_BULK_AGAIN when the client is behind, BC->WAIT_WORD and
   WAIT_TARGET saying what for; IDL_BULK_CANCEL when it gave the
   request up meanwhile (out: the rest is not sent).  *MOVED is set
   when a chunk was copied.  At most BUDGET chunks are copied (then
   IDL_BULK_AGAIN, with a wait that may be over already): a client
   that keeps up holds a worker for that long at a time, not for the
   whole item.  */
static int
ring_step (struct idl_bulk_conn *bc, int *moved, unsigned budget)
{
  struct idl_ring *r = bc->ring;
  int in = bc->phase == RING_IN;
  unsigned any = 0;

  for (; bc->i < bc->n; bc->i++, bc->ioff = 0)
    {
      uint64_t dir = bc->item[bc->i][0];
      if (dir == (in ? IDL_BULK_OUT : IDL_BULK_IN))
	continue;
      uint64_t len = in ? bc->item[bc->i][1] : bc->lens[bc->i];
      uint64_t step = idl_ring_chunk (len);
      uint8_t *priv = bc->priv + bc->off[bc->i];
      while (bc->ioff < len)
	{
	  uint64_t chunk = len - bc->ioff < step ? len - bc->ioff : step;
	  uint32_t k = bc->k;
	  const uint32_t *w = in ? &r->in_filled : &r->out_drained;
	  uint32_t target = in ? k + 1 : k + 1 - IDL_RING_SLOTS;
	  if (any == budget
	      || ((in || k >= IDL_RING_SLOTS)
		  && __atomic_load_n (w, __ATOMIC_ACQUIRE) < target))
	    {
	      if (!in && k < IDL_RING_SLOTS)
		/* Out of budget before the ring was full: nothing to
		   wait for (a word of ours that is always >= 0).  */
		w = &r->out_filled, target = 0;
	      bc->wait_word = w;
	      bc->wait_target = target;
	      if (any)
		{
		  *moved = 1;
		  bc->stall_at = idl_now_ns () + IDL_RING_STALL_NS;
		}
	      return cancelled (bc) ? IDL_BULK_CANCEL : IDL_BULK_AGAIN;
	    }
	  if (in)
	    memcpy (priv + bc->ioff, idl_ring_slot (r, k), chunk);
	  else
	    memcpy (idl_ring_slot (r, k), priv + bc->ioff, chunk);
	  bc->k = k + 1;
	  bc->ioff += chunk;
	  any++;
	  idl_ring_publish (in ? &r->in_drained : &r->out_filled, k + 1,
			    &r->client_sleeping);
	}
    }
  *moved |= any != 0;
  bc->phase = RING_NONE;
  /* Given up while the last chunks came (or before the first): the
     implementation need not run.  */
  return in && cancelled (bc) ? IDL_BULK_CANCEL : IDL_OK;
}

/* Chunks a worker copies for one connection before it looks at its
   others: a ring's worth.  */
#define IDL_RING_BUDGET IDL_RING_SLOTS

int
idl_bulk_stream (struct idl_conn *c, int *moved)
{
  return ring_step (c->bulk, moved,
		    c->threaded ? ~0u : (unsigned) IDL_RING_BUDGET);
}

int
idl_bulk_stream_wait (struct idl_conn *c)
{
  struct idl_bulk_conn *bc = c->bulk;
  struct idl_ring *r = bc->ring;
  int e = idl_ring_wait (bc->wait_word, bc->wait_target,
			 &r->server_sleeping, c->fd, NULL, NULL,
			 &c->srv->stopping, &r->cancel, bc->seq,
			 idl_clock_ns () + IDL_RING_STALL_NS,
			 idl_spin_for (c->cpu, &c->page->client_cpu));
  if (e == 0)
    return IDL_OK;
  return e == IDL_RING_CANCELLED ? IDL_BULK_CANCEL : IDL_BULK_DROP;
}

int
idl_bulk_sleep (struct idl_conn *c, int on)
{
  struct idl_bulk_conn *bc = c->bulk;
  struct idl_ring *r = bc->ring;

  if (!on)
    {
      __atomic_store_n (&r->server_sleeping, 0, __ATOMIC_RELAXED);
      return 0;
    }
  /* Dekker, as idl_page_sleep: the client stores its counter or the
     cancel word, then reads the flag (idl_ring_publish_server,
     idl_ring_cancel); we store the flag, then read them.  */
  __atomic_store_n (&r->server_sleeping, IDL_SLEEP_POLL, __ATOMIC_SEQ_CST);
  return __atomic_load_n (bc->wait_word, __ATOMIC_SEQ_CST) >= bc->wait_target
	 || __atomic_load_n (&r->cancel, __ATOMIC_SEQ_CST) == bc->seq;
}

int64_t
idl_bulk_stall_at (struct idl_conn *c)
{
  return c->bulk->stall_at;
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
    {
      ring_begin (bc, RING_IN);
      c->bulk_call = &bc->call;
      return IDL_BULK_STREAM;
    }
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
	{
	  if (cancelled (bc))
	    return IDL_BULK_CANCEL;
	  memcpy (bc->lens, lens, sizeof lens);
	  ring_begin (bc, RING_OUT);
	  idl_ring_publish (&bc->ring->out_ready, 1,
			    &bc->ring->client_sleeping);
	  return IDL_BULK_STREAM;
	}
    }
  return IDL_OK;
}

int64_t
idl_bulk_idle (struct idl_conn *c, int64_t now)
{
  struct idl_bulk_conn *bc = c->bulk;

  /* Not while a request streams (a worker's connection: its doorbells
     bring it here): the buffer is the request's.  */
  if (c->bulk_call)
    return now + IDL_BULK_IDLE_NS;
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
