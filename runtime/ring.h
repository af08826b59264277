/* ring.h -- the bulk ring: a connection's fixed ring of slots through
   which bulk items stream, the client's copy and the server's
   overlapped (HACKING, "Large buffers", step 3).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The client makes the ring (a memfd of IDL_RING_BYTES, sealed
   F_SEAL_SHRINK | F_SEAL_GROW, so that no access of the server's can
   fault) on its first bulk call and offers it in a setup request with
   IDL_PAGE_BULK_RING; the server takes it (bulk-server.c), whether a
   thread of its own, a worker or the program's loop serves the
   connection; one that answers IDL_E_BADMSG leaves the client the
   memfd of the sequential path instead (bulk.c).

   A call on the ring: the announcement is on the page as for the
   sequential path; the client zeroes the four counters below and posts
   the request, then streams the in and inout items' bytes, item after
   item, in chunks of at most IDL_RING_SLOT bytes, chunk K in slot
   K % IDL_RING_SLOTS: it waits until the server has drained chunk
   K - IDL_RING_SLOTS (IN_DRAINED), fills the slot and publishes
   IN_FILLED = K + 1, while the server, which waits for IN_FILLED > K,
   copies chunk K into its private buffer and publishes IN_DRAINED.  So
   the client fills slot K while the server drains slot K - 1.  After
   the dispatch the server writes the out lengths on the page, sets
   OUT_READY and streams the out and inout items back the same way
   (OUT_FILLED, OUT_DRAINED), then posts the reply.

   A call the client gives up on (its deadline passed, or the server's
   out lengths were over their rooms) is cancelled: the client stores
   the request's sequence number in CANCEL and wakes the server if it
   sleeps.  The server looks at CANCEL whenever it waits for the
   client, once the in items are in (before the dispatch) and before
   it streams the out items: if it holds the sequence number of the
   request it serves (its own copy, from the page's header), it stops
   streaming, does not dispatch (or throws the out data away) and
   answers IDL_E_TIMEOUT, and the connection goes on.  An honest
   client does not read that answer: it marked the call late (call.c),
   and its next call waits for the page and throws the answer away
   before it posts, so the page's one slot is never an answer to the
   wrong call.  A
   cancel that comes after the reply is posted changes nothing, and at
   its next call the client stores the last sequence number it used,
   which is not the new request's, before it posts.  CANCEL means only
   "give up the request of this number": a hostile client that writes
   it spoils only its own request, as with the counters.

   A client that neither streams nor cancels for IDL_RING_STALL_NS is
   dropped (server.c, end_bulk; a worker's timers, server-workers.c).

   Each side trusts only its own count: a counter the peer writes says
   at most that a slot may be read or written, and the slot index and
   length come from the reader's own copy of the announcement.  So a
   hostile client that rewrites the ring or its counters only spoils
   its own bytes: the server reads every ring byte once, into private
   memory, which is all the dispatcher sees.

   Waits: spin (a slot's copy takes tens of microseconds), then sleep on
   the counter's futex in short slices, setting the waiter's sleeping
   flag, which the peer looks at after each store (page.h's protocol in
   small).  After each slice the waiter looks at the socket (a dead
   peer), the page (a client: a server that answered without streaming,
   an error) and its deadline.  A worker never waits for one client: it
   serves its other connections meanwhile, and sleeps in epoll_wait
   with SERVER_SLEEPING = IDL_SLEEP_POLL, which the client answers
   with a doorbell on the socket instead of a futex wake, as for the
   page (idl_ring_publish_server).  */

#ifndef IDL_RING_H
#define IDL_RING_H

#include <stdint.h>
#include "page.h"
#include "fdpass.h"

/* Sizes: four slots of 1 MiB, a core's L2 here (4 MiB; L3 105 MiB
   shared).  bench/bulk measured 4 x 256 KiB against 4 x 1 MiB on a
   loaded machine (HACKING, "Large buffers", step 3): the larger slots
   won at 16 and 256 MiB (0.30-0.46 of memcpy against 0.21-0.32),
   because each hand-over that finds the peer descheduled costs a
   wake-up, and a 1 MiB slot needs a quarter as many.  */
#ifndef IDL_RING_SLOTS
#define IDL_RING_SLOTS 4
#endif
#ifndef IDL_RING_SLOT
#define IDL_RING_SLOT ((uint64_t) 1 << 20)
#endif
#define IDL_RING_HEADER 4096
#define IDL_RING_BYTES (IDL_RING_HEADER + IDL_RING_SLOTS * IDL_RING_SLOT)

/* How long a server waits for a client that stopped filling or
   draining before it drops the connection.  */
#define IDL_RING_STALL_NS (2000L * 1000 * 1000)
/* A sleep slice in a ring wait.  */
#define IDL_RING_SLICE_NS (2L * 1000 * 1000)

/* The ring's header, each word on its own cache line.  */
struct idl_ring
{
  uint32_t in_filled;		/* the client's */
  uint8_t pad0[60];
  uint32_t in_drained;		/* the server's */
  uint8_t pad1[60];
  uint32_t out_ready;		/* the server's: out lengths on the page */
  uint8_t pad2[60];
  uint32_t out_filled;		/* the server's */
  uint8_t pad3[60];
  uint32_t out_drained;		/* the client's */
  uint8_t pad4[60];
  uint32_t client_sleeping;
  uint8_t pad5[60];
  uint32_t server_sleeping;
  uint8_t pad6[60];
  uint32_t cancel;		/* the client's: a request's sequence
				   number */
};

/* The chunk an item of LEN bytes streams in: an eighth of it, so that
   even a small item's copies overlap, within [16 KiB, a slot] (a
   smaller chunk costs more in hand-overs than it gains).  Both sides
   compute it from the item's length, the server from its own checked
   copy.  */
static inline uint64_t
idl_ring_chunk (uint64_t len)
{
  uint64_t c = (len / 8 + 4095) & ~(uint64_t) 4095;
  if (c < (16 << 10))
    c = 16 << 10;
  return c < IDL_RING_SLOT ? c : IDL_RING_SLOT;
}

static inline uint8_t *
idl_ring_slot (void *ring, uint32_t k)
{
  return (uint8_t *) ring + IDL_RING_HEADER
	 + (uint64_t) (k % IDL_RING_SLOTS) * IDL_RING_SLOT;
}

/* Store V in *WORD and wake its waiter if PEER_SLEEPING says one
   sleeps (release for the slot's bytes; sequential consistency
   against the sleeping flag, as idl_page_publish).  */
static inline void
idl_ring_publish (uint32_t *word, uint32_t v, const uint32_t *peer_sleeping)
{
  __atomic_store_n (word, v, __ATOMIC_SEQ_CST);
  if (__atomic_load_n (peer_sleeping, __ATOMIC_SEQ_CST) != 0)
    idl_futex_wake (word, 1);
}

/* What a ring wait can end with besides success (0).  */
#define IDL_RING_ANSWERED 1	/* client: the page's state left REQUEST */
#define IDL_RING_GONE 2		/* the peer hung up */
#define IDL_RING_LATE 3		/* the deadline passed */
#define IDL_RING_STOP 4		/* server: it stops */
#define IDL_RING_CANCELLED 5	/* server: the client gave up */

/* Wait until *WORD >= TARGET (acquire).  MY_SLEEPING is the waiter's
   flag; SOCK the connection's socket; STATE, if not NULL, the page's
   state word, which must stay REQUEST (a client's wait); HUP, if not
   NULL, the client watcher's hang-up flag; STOP, if not NULL, the
   server's stopping flag; CANCEL, if not NULL, the ring's cancel word
   (a server's wait), which ends it when it holds SEQ; AT the deadline
   (idl_clock_ns), 0 for none.  SPIN is the page's budget for this
   pair (idl_spin_for: none when both sides share one CPU); a ring wait
   spins ten times as long, since a chunk's copy takes tens of
   microseconds.  */
static inline int
idl_ring_wait (const uint32_t *word, uint32_t target, uint32_t *my_sleeping,
	       int sock, const uint32_t *state, const uint32_t *hup,
	       const int *stop, const uint32_t *cancel, uint32_t seq,
	       int64_t at, uint64_t spin)
{
  struct idl_spin sp;

  idl_spin_start (&sp, spin * 10);
  for (;;)
    {
      uint32_t v = __atomic_load_n (word, __ATOMIC_ACQUIRE);
      if (v >= target)
	return 0;
      if (cancel && __atomic_load_n (cancel, __ATOMIC_ACQUIRE) == seq)
	return IDL_RING_CANCELLED;
      /* The server stores the word before it posts its reply: look
	 at the word again once the state has changed.  */
      if (state && __atomic_load_n (state, __ATOMIC_ACQUIRE)
		   != IDL_PAGE_REQUEST)
	return __atomic_load_n (word, __ATOMIC_ACQUIRE) >= target
	       ? 0 : IDL_RING_ANSWERED;
      if (idl_spin_more (&sp))
	continue;
      /* Sequentially consistent against the client's cancel, which
	 stores the word and then looks at the flag (idl_ring_cancel).  */
      __atomic_store_n (my_sleeping, 1, __ATOMIC_SEQ_CST);
      if (__atomic_load_n (word, __ATOMIC_SEQ_CST) == v
	  && !(cancel && __atomic_load_n (cancel, __ATOMIC_SEQ_CST) == seq))
	idl_futex_wait (word, v, IDL_RING_SLICE_NS);
      __atomic_store_n (my_sleeping, 0, __ATOMIC_RELAXED);
      if (__atomic_load_n (word, __ATOMIC_ACQUIRE) >= target)
	return 0;
      if (state && __atomic_load_n (state, __ATOMIC_ACQUIRE)
		   != IDL_PAGE_REQUEST)
	return __atomic_load_n (word, __ATOMIC_ACQUIRE) >= target
	       ? 0 : IDL_RING_ANSWERED;
      if (hup && __atomic_load_n (hup, __ATOMIC_ACQUIRE))
	return IDL_RING_GONE;
      if (stop && __atomic_load_n (stop, __ATOMIC_ACQUIRE))
	return IDL_RING_STOP;
      if (idl_peer_gone (sock))
	return IDL_RING_GONE;
      if (at != 0 && idl_clock_ns () >= at)
	return IDL_RING_LATE;
    }
}

/* The client: wake ring R's server after a store to *WORD, if it
   sleeps (SLEEPING, its flag as read after the store): a thread of
   the connection's own sleeps on the word's futex (1); a worker or a
   program's loop sleeps in epoll_wait with the connection's other
   peers and says IDL_SLEEP_POLL (bulk-server.c, idl_bulk_sleep), and
   is woken like a page's worker, by a doorbell on SOCK (page.h, SEQ
   the request's).  */
static inline void
idl_ring_wake_server (uint32_t *word, uint32_t sleeping, int sock,
		      uint32_t seq)
{
  if (sleeping == IDL_SLEEP_POLL)
    idl_doorbell (sock, seq);
  else if (sleeping != 0)
    idl_futex_wake (word, 1);
}

/* The client: store V in *WORD of ring R and wake its server as
   above (sequential consistency against the server's flag, as
   idl_ring_publish).  */
static inline void
idl_ring_publish_server (struct idl_ring *r, uint32_t *word, uint32_t v,
			 int sock, uint32_t seq)
{
  __atomic_store_n (word, v, __ATOMIC_SEQ_CST);
  uint32_t sleeping = __atomic_load_n (&r->server_sleeping,
				       __ATOMIC_SEQ_CST);
  if (__builtin_expect (sleeping != 0, 0))
    idl_ring_wake_server (word, sleeping, sock, seq);
}

/* The client: give up request SEQ on ring R (see above) and wake its
   server, which sleeps on IN_FILLED or OUT_DRAINED, or in epoll_wait
   (then on SOCK), if at all.  */
static inline void
idl_ring_cancel (struct idl_ring *r, uint32_t seq, int sock)
{
  __atomic_store_n (&r->cancel, seq, __ATOMIC_SEQ_CST);
  uint32_t sleeping = __atomic_load_n (&r->server_sleeping,
				       __ATOMIC_SEQ_CST);
  if (sleeping == IDL_SLEEP_POLL)
    idl_doorbell (sock, seq);
  else if (sleeping != 0)
    {
      idl_futex_wake (&r->in_filled, 1);
      idl_futex_wake (&r->out_drained, 1);
    }
}

#endif /* IDL_RING_H */
