/* page.h -- the shared message page of one connection, and its protocol.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Internal to libidlrt.  Each connection has one page: a memfd that the
   server creates, seals against shrinking and passes to the client
   (SCM_RIGHTS) when it accepts the connection; both map it MAP_SHARED.

   Layout (offsets checked below with _Static_assert):

     0      state            32-bit futex word
     4      seq              the request's sequence number (client)
     8      payload_len      payload bytes of the message last published
     12     nfds             descriptors sent with it (fdpass.h)
     16     mr[IDL_MR_WORDS] message registers: mr[0] tag, mr[1..] words
     640    client_sleeping  nonzero while the client sleeps on state
     644    server_sleeping  the same for the server (IDL_SLEEP_*)
     648    client_cpu       the one CPU the client may run on, or -1
     652    server_cpu       the same for the server's thread
     656    client_on        the CPU the client last spun on, or -1
     660    server_on        the same for the server's thread
     1024   bulk             a bulk request's announcement and its
                             reply's lengths (struct idl_page_bulk;
                             bulk.c, bulk-server.c)
     4096   payload          IDL_PAGE_PAYLOAD_SIZE bytes: the byte
                             regions (strings, buffers) of the message
                             last published (idlrt-abi.h)
     69632  end              (IDL_PAGE_SIZE, 17 pages of 4 KiB)

   The state word, the header and the tag with the first five words
   share the first cache line: a message of up to five words moves one
   line per direction, and the waiter, which spins on that line, finds
   the message in it when it sees the state change.  This is the least
   a round trip through memory can move, what bench/floor.h's spin
   floor moves too.  With the state in a line of its own and the header
   and tag in the next (wire version 4) a message moved two lines, one
   after the other: on a 2-vCPU Xeon virtual machine (issue 22) raw went
   from 567-620 to 221-239 ns a round trip and null from 553-668 to
   291-321 ns when they came together (bench/rpc-bench compare, other
   jobs stopped).  The sleep flags and CPUs, read by the publisher on
   every publish but written only when a side goes to sleep (or at
   set-up), live at 640, in a line of their own and in another aligned
   pair of lines than the registers' last (Intel's spatial prefetcher
   fetches lines in pairs), so that a waiter going to sleep steals no
   line the publisher writes.

   Protocol.  STATE says who owns mr[]:

     IDLE     a one-way request was taken; the client owns mr[];
     REQUEST  the client has published a request; the server owns mr[];
     REPLY    the server has published the reply; the client owns mr[].

   A new page reads as zeros: IDLE.  The client never stores IDLE: after
   a call the page stays REPLY until its next request, so that the only
   stores to the first line are the two messages (one more would take
   the line from the spinning server and back for nothing).

     client call:  wait until state != REQUEST (a one-way request may
                   still be pending); write the payload, mr[1..n], then
                   mr[0]; send the descriptors, if any, on the socket;
                   write seq, payload_len and nfds; store REQUEST
                   (release); wake the server if it sleeps; wait until
                   state != REQUEST; expect REPLY; read mr[0] and nfds;
                   receive that many descriptors.  The stub reads the
                   reply words mr[1..] and the payload after that:
                   nothing writes them until its next call.
     client send:  the same up to the wake; then return at once.
     server:       wait until state == REQUEST; read mr[0], payload_len
                   and nfds once; check them; copy mr[0..n] and the
                   payload once into private memory, receive the
                   descriptors, and never look at the page's request
                   again (a client may change it under us: double
                   fetch).  One-way: store IDLE and wake the client
                   first, then dispatch.  Otherwise dispatch, write the
                   reply's payload and words, send its descriptors, write
                   payload_len, nfds and the reply tag, store REPLY
                   (release), wake the client if it sleeps.

   Descriptors go on the socket before the state that announces them is
   published, so the receiver finds them queued when it looks (without
   blocking: MSG_DONTWAIT).  fdpass.h says how a receiver tells the
   message it expects from stale or forged ones.

   Waiting: spin for up to IDL_SPIN_NS on the state word (not at all
   when the waiter and its peer are both confined to the same single
   CPU, where the peer cannot run while we spin: see idl_spin_for;
   yielding the CPU to a peer that last spun on it: see struct
   idl_spin), then sleep on it with FUTEX_WAIT.  A sleep without a deadline has no
   timer: arming one and cancelling it at the wake-up cost some 450 ns
   a round trip on one CPU, where both sides sleep on every call (issue
   22).  What wakes a sleeper whose peer will not:
     - a client: its process's watcher (watch.c), which sees the
       server's socket hang up, stores HANGUP in place of REQUEST and
       wakes it; a call with a deadline sleeps with a timer until the
       deadline (and a binding the watcher could not take sleeps in
       slices of IDL_CLIENT_SLICE_NS, looking at the socket after
       each);
     - a server's connection thread: the server's accepting thread
       (server-threads.c), at once when the client hangs up and at
       stop, and all of them once every IDL_SERVER_SLICE_NS in a
       sweep, which bounds what a lost or withheld wake-up costs and
       lets the connection's housekeeping run;
     - a server's worker sleeps in epoll_wait on its connections'
       sockets, which report hang-ups, with a timeout of a slice.
   After a sleep that did not end the wait, the waiter ppolls the
   connection socket to learn whether the peer died, and returns to its
   caller, which decides whether to wait again.  So no side waits for
   ever on a dead peer.

   Wake-ups: a waiter sets its *_sleeping flag around FUTEX_WAIT and a
   publisher only calls FUTEX_WAKE when the peer's flag is set, which
   keeps both syscalls off the path when spinning was enough.  A server
   worker thread that serves many connections (server-workers.c)
   cannot sleep on all their state words at once; it sleeps in
   epoll_wait on their sockets instead and says so with IDL_SLEEP_POLL
   in server_sleeping (page-server.h, idl_page_sleep), and a client
   that sees that value rings a doorbell (a small socket message,
   fdpass.h) instead of calling FUTEX_WAKE.  The
   state store and the flag load are sequentially consistent, and so is
   the waiter's flag store before the kernel rechecks the state word:
   either the publisher sees the flag or the kernel sees the new state
   (Dekker), so no wake-up is lost.  Each flag has one writer (a binding
   is used by one thread at a time; a connection has one server thread),
   so plain stores do, and no read-modify-write is needed (on AArch64
   those would become calls to libgcc's outline atomics).  A hostile
   client can corrupt the flags; that only delays its own replies or
   adds wake-ups, and the server's sweep bounds its own wait.  (The
   watcher's compare-and-swap of the state word is off the call path.)

   Every access to the page by the runtime's call path is an __atomic
   builtin (relaxed for words): the other process may write it
   concurrently, which would otherwise be a data race; it also stops the
   compiler from turning copy loops into calls to memcpy, which is in
   libc.  The server copies payloads with memcpy (server.c and
   page-server.h say why).  */

#ifndef IDL_PAGE_H
#define IDL_PAGE_H

#include <stddef.h>
#include <stdint.h>
#include "idlrt-abi.h"
#include "syscall.h"

#define IDL_PAGE_STATE_OFFSET 0
#define IDL_PAGE_HEADER_OFFSET 4
#define IDL_PAGE_MR_OFFSET 16
#define IDL_PAGE_SLEEPING_OFFSET 640
#define IDL_PAGE_PAYLOAD_OFFSET 4096
#define IDL_PAGE_PAYLOAD_SIZE 65536
#define IDL_PAGE_SIZE (IDL_PAGE_PAYLOAD_OFFSET + IDL_PAGE_PAYLOAD_SIZE)

enum idl_page_state
{
  IDL_PAGE_IDLE = 0,
  IDL_PAGE_REQUEST = 1,
  IDL_PAGE_REPLY = 2,
  /* Never stored: what idl_page_wait reports when the peer left any
     other value in the state word.  */
  IDL_PAGE_JUNK = 3,
  /* Stored by a client's watcher (watch.c) in place of REQUEST once the
     server has hung up, so that a call asleep on the word wakes and
     none goes to sleep on it any more.  */
  IDL_PAGE_HANGUP = 4
};

/* Bulk items (idlrt-abi.h, "Bulk items"; bulk.c and bulk-server.c
   say how they travel).  A request whose tag has IDL_PAGE_TAG_BULK (a
   bit the stubs never set: the runtime sets it on the page and the
   server clears it before the dispatcher sees the tag) announces its
   items here: N items, each its direction, the bytes sent (LEN) and
   its room (MAX), read once by the server into private memory like
   the header.  The bytes themselves are in the connection's bulk
   memfd, item after item, each at a 64-byte boundary, in bytes LEN
   (in) or MAX (out, inout).  The reply's lengths of out and inout
   items are in OUT_LEN.  FLAGS has IDL_PAGE_BULK_SETUP for the request
   that hands the server a new memfd (its one descriptor), which no
   dispatcher sees.  */
#define IDL_PAGE_TAG_BULK 0x200
#define IDL_PAGE_BULK_SETUP 1
#define IDL_PAGE_BULK_RING 2
#define IDL_PAGE_BULK_OFFSET 1024

struct idl_page_bulk
{
  uint32_t flags;
  uint32_t n;
  uint64_t pad;
  struct
  {
    uint64_t dir, len, max;
  } item[IDL_BULK_ITEMS];
  uint64_t out_len[IDL_BULK_ITEMS];
};

struct idl_page
{
  uint32_t state;
  uint32_t seq;
  uint32_t payload_len;
  uint32_t nfds;
  uint64_t mr[IDL_MR_WORDS];
  uint8_t pad_mr[IDL_PAGE_SLEEPING_OFFSET - IDL_PAGE_MR_OFFSET
		 - IDL_MR_WORDS * 8];
  uint32_t client_sleeping;
  uint32_t server_sleeping;
  int32_t client_cpu;
  int32_t server_cpu;
  int32_t client_on;
  int32_t server_on;
  uint8_t pad_sleeping[IDL_PAGE_BULK_OFFSET - IDL_PAGE_SLEEPING_OFFSET
		       - 24];
  struct idl_page_bulk bulk;
  uint8_t pad_bulk[IDL_PAGE_PAYLOAD_OFFSET - IDL_PAGE_BULK_OFFSET
		   - sizeof (struct idl_page_bulk)];
  uint8_t payload[IDL_PAGE_PAYLOAD_SIZE];
};

_Static_assert (offsetof (struct idl_page, state) == IDL_PAGE_STATE_OFFSET,
		"state word");
_Static_assert (offsetof (struct idl_page, seq) == IDL_PAGE_HEADER_OFFSET
		&& offsetof (struct idl_page, payload_len)
		   == IDL_PAGE_HEADER_OFFSET + 4
		&& offsetof (struct idl_page, nfds) == IDL_PAGE_HEADER_OFFSET + 8
		&& IDL_PAGE_MR_OFFSET == IDL_PAGE_HEADER_OFFSET + 12,
		"the header between the state and the tag");
_Static_assert (offsetof (struct idl_page, client_sleeping)
		== IDL_PAGE_SLEEPING_OFFSET, "sleep counts");
_Static_assert (offsetof (struct idl_page, server_sleeping)
		== IDL_PAGE_SLEEPING_OFFSET + 4, "sleep counts");
_Static_assert (offsetof (struct idl_page, client_cpu)
		== IDL_PAGE_SLEEPING_OFFSET + 8
		&& offsetof (struct idl_page, server_cpu)
		   == IDL_PAGE_SLEEPING_OFFSET + 12
		&& offsetof (struct idl_page, client_on)
		   == IDL_PAGE_SLEEPING_OFFSET + 16
		&& offsetof (struct idl_page, server_on)
		   == IDL_PAGE_SLEEPING_OFFSET + 20, "CPUs");
_Static_assert (offsetof (struct idl_page, mr) == IDL_PAGE_MR_OFFSET,
		"message registers");
_Static_assert (IDL_PAGE_SLEEPING_OFFSET % 128 == 0
		&& IDL_PAGE_MR_OFFSET + IDL_MR_WORDS * 8
		   <= IDL_PAGE_SLEEPING_OFFSET - 64,
		"the sleep flags away from the registers' last line");
_Static_assert (offsetof (struct idl_page, payload)
		== IDL_PAGE_PAYLOAD_OFFSET, "payload");
_Static_assert (offsetof (struct idl_page, bulk) == IDL_PAGE_BULK_OFFSET,
		"bulk announcement");
_Static_assert ((IDL_PAGE_TAG_BULK & (IDL_TAG_COUNT_MASK | IDL_TAG_ONEWAY
				      | IDL_TAG_ERROR
				      | (IDL_TAG_OP_MASK << IDL_TAG_OP_SHIFT)))
		== 0, "the bulk bit is free in a tag");
_Static_assert (sizeof (struct idl_page) == IDL_PAGE_SIZE, "page size");
_Static_assert (IDL_PAGE_PAYLOAD_SIZE >= IDL_PAYLOAD_MAX,
		"the page holds the largest payload");
_Static_assert (IDL_PAGE_SIZE % 4096 == 0, "whole pages");
/* The tag's count field must be able to say "too many" for the server
   to reject, and every legal count must fit the registers.  */
_Static_assert (IDL_MR_WORDS - 1 <= IDL_TAG_COUNT_MASK, "count field");

/* How long a waiter spins before it sleeps, by default: past what a
   short call takes on another CPU, round trip included (well under a
   microsecond on idle hardware, tens of microseconds for a call that
   does a little work), and about what waking a sleeper costs on a
   virtual machine, so that spinning longer cannot win.  Time, not a
   count of "pause" instructions: those cost from about 1 ns to over 40
   ns depending on the processor (issue 22 found 400 of them, tuned on
   one host, gave up before a round trip was done on another).  The
   environment variable IDL_SPIN_US overrides it (0: never spin); the
   budget is read once, by idl_spin_calibrate.  */
#define IDL_SPIN_NS 20000

/* The spin budget in ticks of idl_ticks (syscall.h), set once per
   process by idl_spin_calibrate (util.c) when the first binding
   connects or server is made; before that, 20 us at 3 GHz.  Defined in
   call.c, whose object may reference nothing outside itself.  */
extern uint64_t idl_spin_ticks __attribute__ ((__visibility__ ("hidden")));
void idl_spin_calibrate (void) __attribute__ ((__visibility__ ("hidden")));

/* The CPU the calling thread runs on, or -1 if unknown: the cpu_id
   field of the thread's rseq area, which the kernel keeps current
   whenever the thread is scheduled, so reading it is one load.  The C
   library registers the area (glibc from 2.35; __rseq_offset says
   where it is from the thread pointer); util.c stores that offset plus
   cpu_id's, or 0 when there is none (an older glibc, musl, rseq turned
   off with GLIBC_TUNABLES=glibc.pthread.rseq=0).  Defined in call.c,
   like idl_spin_ticks.  */
extern long idl_rseq_cpu __attribute__ ((__visibility__ ("hidden")));

static inline int
idl_cpu_now (void)
{
  long off = __atomic_load_n (&idl_rseq_cpu, __ATOMIC_RELAXED);
  if (off == 0)
    return -1;
  return __atomic_load_n ((const int32_t *)
			  ((const char *) __builtin_thread_pointer () + off),
			  __ATOMIC_RELAXED);
}

/* A spin in progress: polls until BUDGET ticks have passed since its
   first look at the clock.  The clock is read every eighth poll, so
   that a spin answered at once reads it never, and a long one pays a
   few nanoseconds a poll for it.

   Spinning pays only while the peer runs on another CPU.  Two pairs
   of spinning threads on two CPUs (two clients, each with its own
   server thread or worker) showed what happens otherwise: when a
   client and its server thread share a CPU, each waits out its whole
   budget while the other, runnable behind it, cannot answer, then
   sleeps; every call cost a budget and a wake-up, and two clients got
   45 thousand calls a second between them where one alone got 4
   million (bench/throughput).  So a spin that knows its peer (ME and
   PEER, the two sides' *_on fields of the page: idl_spin_watch) says
   at each look at the clock which CPU it runs on, and when the peer
   last spun on that same CPU, yields it (sched_yield): the peer is
   then runnable behind us, or was just woken here, and runs at once,
   for the price of a context switch instead of a budget.  If the
   thread's CPU cannot be known (idl_cpu_now), any spin yields at each
   look at the clock once a quarter of its budget has passed, which
   lets a peer that shares our CPU run as well, later.  A yield with
   nothing else to run returns at once (about 300 ns on a virtual
   machine), and a spin answered within eight polls, a call on an
   otherwise idle machine, never reaches it.  */
struct idl_spin
{
  uint64_t budget;		/* ticks; 0: do not spin (any more) */
  uint64_t until;		/* when it ends, once the clock was read */
  unsigned polls;
  int32_t *me;			/* our *_on field, or NULL */
  const int32_t *peer;		/* the peer's */
};

static inline void
idl_spin_start (struct idl_spin *sp, uint64_t budget)
{
  sp->budget = budget;
  sp->until = 0;
  sp->polls = 0;
  sp->me = NULL;
  sp->peer = NULL;
}

/* Say where we spin in *ME, and look at where the peer spun, *PEER.  */
static inline void
idl_spin_watch (struct idl_spin *sp, int32_t *me, const int32_t *peer)
{
  sp->me = me;
  sp->peer = peer;
}

/* At a look at the clock, T, of a spin that has not yet run out:
   yield the CPU if the comment before struct idl_spin says so.  Out of
   line: the spin loops it is called from stay small, and a spin that
   reaches it has already waited a while.  */
static void __attribute__ ((__noinline__, __unused__))
idl_spin_look (struct idl_spin *sp, uint64_t t)
{
  int cpu = idl_cpu_now ();
  int yield;

  if (cpu < 0)
    yield = t - (sp->until - sp->budget) >= sp->budget / 4;
  else if (!sp->peer)
    yield = 0;
  else
    {
      if (__atomic_load_n (sp->me, __ATOMIC_RELAXED) != cpu)
	__atomic_store_n (sp->me, cpu, __ATOMIC_RELAXED);
      yield = __atomic_load_n (sp->peer, __ATOMIC_RELAXED) == cpu;
    }
  if (yield)
    idl_sched_yield ();
}

/* Whether to poll once more: pauses the CPU first.  */
static inline int
idl_spin_more (struct idl_spin *sp)
{
  if (sp->budget == 0)
    return 0;
  idl_cpu_relax ();
  if ((++sp->polls & 7) != 0)
    return 1;
  uint64_t t = idl_ticks ();
  if (sp->until == 0)
    sp->until = t + sp->budget;
  else if (t >= sp->until)
    {
      sp->budget = 0;
      return 0;
    }
  idl_spin_look (sp, t);
  return 1;
}

/* What is left of SP's budget, for a wait that goes on spinning.  */
static inline uint64_t
idl_spin_left (const struct idl_spin *sp)
{
  if (sp->budget == 0 || sp->until == 0)
    return sp->budget;
  uint64_t t = idl_ticks ();
  return t < sp->until ? sp->until - t : 0;
}

/* The one CPU the calling thread's affinity allows, or -1 if it allows
   several (util.c).  Asked once at set-up time, not on the call path;
   each side stores it in its *_cpu field of the page.  */
int idl_sole_cpu (void) __attribute__ ((__visibility__ ("hidden")));

/* How long (ticks) a waiter confined to CPU MY_CPU (-1: not confined)
   should spin before sleeping, given the CPU its peer stored at
   PEER_CPU: not at all when both are confined to the same CPU (two
   processes under taskset -c 0, a one-CPU container), which take
   turns, so spinning there only burns the time the peer needs; else
   the process's budget.  Two processes pinned to two different CPUs do
   spin: the peer's answer comes while we spin, without the tens of
   microseconds a cross-CPU wake-up costs.  A peer that lies about its
   CPU only changes how we wait for it.  */
static inline uint64_t
idl_spin_for (int my_cpu, const int32_t *peer_cpu)
{
  if (my_cpu >= 0 && __atomic_load_n (peer_cpu, __ATOMIC_RELAXED) == my_cpu)
    return 0;
  return idl_spin_ticks;
}

/* Sleep slices.  A wait that may sleep without a timer (page.h's
   header says when) does; else it sleeps a slice at a time and then
   looks at the socket.  The client's slice bounds how late it notices a
   dead server when it has no watcher; the server's is how often a
   server's sweep (server-threads.c) wakes a sleeping connection whose
   socket has something to say.  */
#define IDL_CLIENT_SLICE_NS (20L * 1000 * 1000)
#define IDL_SERVER_SLICE_NS (100L * 1000 * 1000)
/* A slice that never ends: sleep until woken.  */
#define IDL_SLICE_UNTIMED (-1L)

/* What a *_sleeping flag holds: 0 while the side is awake (spinning or
   working), IDL_SLEEP_FUTEX while it sleeps on the state word,
   IDL_SLEEP_POLL (server only) while it sleeps on the socket.  */
#define IDL_SLEEP_FUTEX 1
#define IDL_SLEEP_POLL 2

/* idl_page_wait's results besides a state.  */
#define IDL_WAIT_PEER_GONE (-1)
#define IDL_WAIT_STOPPED (-2)
#define IDL_WAIT_SLICE (-3)	/* a sleep slice ended, nothing changed */

/* The state word as idl_page_wait returns it: the peer may have
   written anything there, and a negative int would read as an error.  */
static inline int
idl_page_state_value (uint32_t s)
{
  return s <= IDL_PAGE_REPLY ? (int) s : IDL_PAGE_JUNK;
}

/* The same for a state that ends a wait, HUP being the waiter's flag
   that its peer hung up (or NULL): HANGUP is the peer's death if our own
   watcher stored it, which set HUP first; else junk like any other.  */
static inline int
idl_page_wait_result (uint32_t s, const uint32_t *hup)
{
  if (s == IDL_PAGE_HANGUP && hup && __atomic_load_n (hup, __ATOMIC_ACQUIRE))
    return IDL_WAIT_PEER_GONE;
  return idl_page_state_value (s);
}

/* Wait until (STATE == REQUEST) == FOR_REQUEST; return that state with
   acquire ordering (IDL_PAGE_JUNK for a value the protocol never
   stores).  MY_SLEEPING is the caller's own sleep flag.  SPIN is how
   long (ticks) to poll the state word before sleeping.  SOCK is the
   connection socket, polled for the peer's death after a sleep.  STOP,
   if not NULL, is a flag that ends the wait with IDL_WAIT_STOPPED
   before sleeping; HUP, if not NULL, one that a watcher sets when the
   peer hangs up (watch.c), which ends it with IDL_WAIT_PEER_GONE.
   Sleeps at most one slice of SLICE_NS, or until woken if SLICE_NS is
   IDL_SLICE_UNTIMED: if that ends the wait with nothing changed and the
   peer alive, returns IDL_WAIT_SLICE, and the caller calls again (with
   no spin) or gives up.  A SLICE_NS of 0 returns IDL_WAIT_SLICE after
   the spin, without sleeping (for a caller that only starts its clock
   then).  */
static inline __attribute__ ((__always_inline__)) int
idl_page_wait (struct idl_page *pg, uint32_t *my_sleeping, int for_request,
	       uint64_t spin, int sock, const int *stop, const uint32_t *hup,
	       long slice_ns)
{
  struct idl_spin sp;
  idl_spin_start (&sp, spin);
  if (for_request)
    idl_spin_watch (&sp, &pg->server_on, &pg->client_on);
  else
    idl_spin_watch (&sp, &pg->client_on, &pg->server_on);

  for (;;)
    {
      uint32_t s = __atomic_load_n (&pg->state, __ATOMIC_ACQUIRE);
      if ((s == IDL_PAGE_REQUEST) == (for_request != 0))
	return idl_page_wait_result (s, hup);
      if (idl_spin_more (&sp))
	continue;
      if (stop && __atomic_load_n (stop, __ATOMIC_ACQUIRE))
	return IDL_WAIT_STOPPED;
      if (slice_ns == 0)
	return IDL_WAIT_SLICE;

      __atomic_store_n (my_sleeping, IDL_SLEEP_FUTEX, __ATOMIC_SEQ_CST);
      /* Against the watcher, which sets HUP and then changes the state
	 word (watch.c): either we see HUP here, or the word has changed
	 by the time the kernel looks at it, or the watcher's wake-up
	 finds us asleep.  */
      if (hup && __atomic_load_n (hup, __ATOMIC_SEQ_CST))
	{
	  __atomic_store_n (my_sleeping, 0, __ATOMIC_RELAXED);
	  return IDL_WAIT_PEER_GONE;
	}
      idl_futex_wait (&pg->state, s, slice_ns);
      __atomic_store_n (my_sleeping, 0, __ATOMIC_RELAXED);

      s = __atomic_load_n (&pg->state, __ATOMIC_ACQUIRE);
      if ((s == IDL_PAGE_REQUEST) == (for_request != 0))
	return idl_page_wait_result (s, hup);
      /* Woken for nothing, or the slice ran out: is the peer still
	 there?  If it published and then died, the state check above
	 has already taken its last message.  */
      if (idl_peer_gone (sock))
	return IDL_WAIT_PEER_GONE;
      return IDL_WAIT_SLICE;
    }
}

/* Store STATE (what the peer waits for) and wake the peer if it
   sleeps.  Release ordering for everything written to the page before;
   sequential consistency against the peer's sleep flag.  */
static inline void
idl_page_publish (struct idl_page *pg, uint32_t state,
		  const uint32_t *peer_sleeping)
{
  __atomic_store_n (&pg->state, state, __ATOMIC_SEQ_CST);
  if (__atomic_load_n (peer_sleeping, __ATOMIC_SEQ_CST) != 0)
    idl_futex_wake (&pg->state, 0x7fffffff);
}

#endif /* IDL_PAGE_H */
