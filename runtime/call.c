/* call.c -- the client's call path: idl_call_*, idl_send_*.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Everything a generated client stub reaches between its call into the
   runtime and the runtime's return.  Only compiler built-ins and the
   trampolines of syscall.h are used here: no libc, no errno, no locks.
   A stray call into libc (including one the compiler invents, such as
   memcpy for a copy loop) would show up as an undefined symbol of
   call.o; "make check" in runtime/ fails if there is any.

   The protocol on the shared page is described in page.h, descriptor
   passing in fdpass.h.

   Deadlines (idl_set_timeout).  A call's clock starts only once it has
   spun without an answer and is about to sleep: reading the clock is a
   system call here (syscall.h), which a call answered while spinning
   never pays.  A call that times out leaves its request with the
   server and sets IDL_BF_LATE; the binding's next call waits for that
   request's reply (within its own deadline) and throws it away, with
   any descriptors it brought, before it writes its own request.  The
   page has one slot, so a late reply can never be taken for a later
   call's.

   The page is one transport of two (transport.h): a binding of any
   other (co-located, colocate.c) has IDL_BF_TABLE set, and the entry
   points' slow paths hand its calls to its transport's table; the
   page's own entries in that table are these entry points.

   Threads.  A connection carries one call at a time, so each thread
   calls through a channel of its own (internal.h, channel.c): the
   binding itself for the thread that owns it, which is what the fast
   path checks (one more compare), and for any other thread the
   channel the slow path finds or has channel.c make, on which the
   entry point starts again.  The entry points return the channel they
   used (idl_reply_t's view): the stub reads the reply there.  */

#include "internal.h"
#include "fdpass.h"
#include "transport.h"

/* page.h: every wait's spin budget, in ticks.  Here because call.o may
   name nothing outside itself; util.c sets it.  */
uint64_t idl_spin_ticks = 3ULL * IDL_SPIN_NS;

/* page.h: where the thread's rseq area says which CPU it runs on, or 0
   while unknown; util.c sets it with idl_spin_ticks.  */
long idl_rseq_cpu = 0;

/* watch.c: the process's watcher generation, which a binding's
   watch_gen matches while a watcher in this process watches it (a
   forked child starts a new one).  Here for the same reason.  */
uint32_t idl_watch_gen = 1;

/* Record CODE for idl_error and return its tag.  Kept out of line and
   cold so the success path stays short.  */
static uint64_t __attribute__ ((__noinline__, __cold__))
call_failed (idl_binding_t *b, int code)
{
  if (code == IDL_E_PEER_DIED)
    idl_set_flags (b, b->flags | IDL_BF_DEAD);
  b->error = code;
  return idl_error_tag (code);
}

/* The same, as a call's answer with B as its view: await_reply
   tail-calls these, and stays a function without a frame.  */
static idl_reply_t __attribute__ ((__noinline__, __cold__))
call_failed_v (idl_binding_t *b, int code)
{
  return (idl_reply_t) { call_failed (b, code), b };
}

/* Record CODE from the server's error reply and return its tag.  Unlike
   call_failed, never marks the binding dead: a server that answers
   IDL_E_PEER_DIED (its own server died, say) is alive.  */
static idl_reply_t __attribute__ ((__noinline__, __cold__))
reply_failed (idl_binding_t *b, int code)
{
  b->error = code;
  return (idl_reply_t) { idl_error_tag (code), b };
}

/* One call's deadline: its timeout (0: none) and, once its clock has
   started, the CLOCK_MONOTONIC time it expires (0 before).  */
struct deadline
{
  int64_t timeout;
  int64_t at;
};

/* A call's answer: the reply's TAG, in the registers of VIEW.  */
static inline idl_reply_t
reply (uint64_t tag, idl_binding_t *view)
{
  return (idl_reply_t) { tag, view };
}

/* B's default timeout: idl_set_timeout may change it from another
   thread (channel.c).  */
static inline int64_t
default_timeout (const idl_binding_t *b)
{
  return __atomic_load_n (&b->timeout_ns, __ATOMIC_RELAXED);
}

/* What idl_page_wait does not return: the deadline passed.  */
#define WAIT_TIMEOUT (-10)

/* Whether B's waits may sleep without a timer: a watcher wakes them
   when the server hangs up (watch.c).  B is watched from its connect;
   in a child forked since, which has a watcher of its own, from its
   first sleep there.  If no watcher can be had (out of threads or
   descriptors), B sleeps in slices, as every wait did before.  */
static inline int
watched (idl_binding_t *b)
{
  uint32_t gen = __atomic_load_n (&idl_watch_gen, __ATOMIC_RELAXED);
  if (__builtin_expect (b->watch_gen == gen, 1))
    return 1;
  return b->nowatch_gen != gen && b->transport->watch (b) == 0;
}

/* Wait until the page's state is not REQUEST, within DL, spinning for
   SPIN ticks first.  Returns that state, IDL_WAIT_PEER_GONE or
   WAIT_TIMEOUT.  */
static inline __attribute__ ((__always_inline__)) int
wait_answer (idl_binding_t *b, struct deadline *dl, uint64_t spin)
{
  struct idl_page *pg = b->page;

  for (;;)
    {
      int untimed = watched (b);
      long slice = untimed ? IDL_SLICE_UNTIMED : IDL_CLIENT_SLICE_NS;
      int expired = 0;

      if (dl->timeout != 0)
	{
	  if (dl->at == 0)
	    /* Spin first; start the clock if that was not enough.  */
	    slice = 0;
	  else
	    {
	      int64_t left = dl->at - idl_clock_ns ();
	      if (left <= 0)
		{
		  /* One last look at the state, then give up.  */
		  slice = 0;
		  expired = 1;
		}
	      else if (slice < 0 || left < slice)
		slice = left;
	    }
	}
      int s = idl_page_wait (pg, &pg->client_sleeping, 0, spin, b->sock,
			     0, untimed ? &b->hup : 0, slice);
      if (s != IDL_WAIT_SLICE)
	return s;
      if (expired)
	return WAIT_TIMEOUT;
      spin = 0;
      if (dl->timeout != 0 && dl->at == 0)
	dl->at = idl_clock_ns () + dl->timeout;
    }
}

/* Close the descriptors the last reply brought that its stub did not
   take (a stub takes one by storing -1 in its place).  */
static void
drop_fds (idl_binding_t *b)
{
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    {
      if (b->fds[i] >= 0)
	idl_sys_close (b->fds[i]);
      b->fds[i] = -1;
    }
  idl_set_flags (b, b->flags & ~IDL_BF_FDS);
}

/* The page holds an abandoned call's reply (state S, after the wait):
   throw it away, with its descriptors.  */
static void
discard_late_reply (idl_binding_t *b, int s)
{
  struct idl_page *pg = b->page;

  if (s == IDL_PAGE_REPLY)
    {
      uint32_t n = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);
      int fds[IDL_MAX_FDS];
      if (n > 0 && n <= IDL_MAX_FDS
	  && idl_fd_recv (b->sock, b->seq, fds, n) == IDL_FDRECV_OK)
	idl_fd_close_all (fds, n);
    }
  idl_set_flags (b, b->flags & ~IDL_BF_LATE);
}

/* Wait until the page is ours to write: normally at once; after a
   one-way send the server may not have taken that request yet, after a
   timed-out call not answered it.  Returns IDL_OK, IDL_E_PEER_DIED or
   IDL_E_TIMEOUT.  */
static int
acquire_page (idl_binding_t *b, struct deadline *dl)
{
  if (b->flags & IDL_BF_DEAD)
    return IDL_E_PEER_DIED;
  int s = idl_page_wait_result (__atomic_load_n (&b->page->state,
						 __ATOMIC_ACQUIRE), &b->hup);
  if (s == IDL_WAIT_PEER_GONE)
    return IDL_E_PEER_DIED;
  if (s == IDL_PAGE_REQUEST)
    {
      s = wait_answer (b, dl, idl_spin_for (b->cpu, &b->page->server_cpu));
      if (s == WAIT_TIMEOUT)
	return IDL_E_TIMEOUT;
      if (s < 0)
	return IDL_E_PEER_DIED;
    }
  if (b->flags & IDL_BF_LATE)
    discard_late_reply (b, s);
  return IDL_OK;
}

/* Whether a call can go straight to writing its request: the calling
   thread owns B's connection and no flag is set (nothing to close from
   the last reply, no late reply, no one-off timeout, the server alive)
   -- one compare of B's gate (internal.h) -- and the page is free.  The entry points below test this first and leave
   everything else to an out-of-line slow path that they tail-call, so
   that their common case saves no registers for work it does not do.  */
static inline int
ready (idl_binding_t *b)
{
  return __atomic_load_n (&b->gate, __ATOMIC_RELAXED) == idl_thread_id ()
	 && __atomic_load_n (&b->page->state, __ATOMIC_ACQUIRE)
	    != IDL_PAGE_REQUEST;
}

/* The calling thread's channel of B: B itself once the thread owns it,
   else the one channel.c finds, claims or makes.  That one is the
   caller's (its owner) unless none could be made: then it fails every
   call.  */
static idl_binding_t * __attribute__ ((__noinline__, __cold__))
thread_channel (idl_binding_t *b)
{
  if (!b->chans)
    return b;			/* channel.c's answer when out of memory */
  idl_binding_t *c = idl_channel_find (b, idl_thread_id ());
  return c ? c : b->chans->open (b);
}

/* Whether the calling thread owns C.  Another thread may be claiming C
   meanwhile (channel.c), hence the atomic load; the answer is only ever
   about the caller, whose own id no other thread stores.  */
static inline int
owned (const idl_binding_t *c)
{
  return __atomic_load_n (&c->owner, __ATOMIC_RELAXED) == idl_thread_id ();
}

/* The answer of a channel that could not be made (out of memory).  */
static idl_reply_t __attribute__ ((__noinline__, __cold__))
refused (idl_binding_t *c)
{
  return reply (idl_error_tag (c->error), c);
}

/* The deadline of the call starting now; consumes a one-off timeout.  */
static inline void
start_deadline (idl_binding_t *b, struct deadline *dl)
{
  dl->at = 0;
  dl->timeout = default_timeout (b);
  if (b->flags & IDL_BF_NEXT)
    {
      dl->timeout = b->next_timeout_ns;
      idl_set_flags (b, b->flags & ~IDL_BF_NEXT);
    }
}

/* What every call and send does before writing its request when it is
   not READY: start its deadline, close the last reply's leftover
   descriptors, take the page.  Returns IDL_OK or the error to fail
   with.  */
static int __attribute__ ((__noinline__))
prepare (idl_binding_t *b, struct deadline *dl)
{
  start_deadline (b, dl);
  if (b->flags & IDL_BF_FDS)
    drop_fds (b);
  return acquire_page (b, dl);
}

/* Send descriptors FDS[0..N-1] for request SEQ; returns IDL_OK or why
   not.  Nothing is published yet, so a failure leaves the page as it
   was.  */
static int __attribute__ ((__noinline__))
send_fds (idl_binding_t *b, uint32_t seq, const int *fds, unsigned n)
{
  long r = idl_fd_send (b->sock, seq, fds, n);

  if (r == 0)
    return IDL_OK;
  if (r == -IDL_EBADF || r == -IDL_EINVAL)
    /* A descriptor argument that is not open (or not one at all).  */
    return IDL_E_INVAL;
  if (r == -IDL_EPIPE || r == -IDL_ECONNRESET || r == -IDL_ENOTCONN)
    return IDL_E_PEER_DIED;
  /* EAGAIN (the server's queue is full), ENOBUFS, ENOMEM, ETOOMANYREFS
     (too many descriptors in flight for this user).  */
  return IDL_E_NOMEM;
}

/* Wake a server that sleeps (SLEEPING, its flag): on the state word, or
   on the socket (page.h).  */
static void __attribute__ ((__noinline__))
wake_server (idl_binding_t *b, uint32_t sleeping)
{
  if (sleeping == IDL_SLEEP_POLL)
    idl_doorbell (b->sock, b->seq);
  else
    idl_futex_wake (&b->page->state, 0x7fffffff);
}

/* Store WORD at *P unless it holds it already.  Between two CPUs,
   every store before the one that publishes a message costs: it must
   reach the cache first (x86's total store order), and each store to
   the line the peer spins on gives the peer a chance to take the line
   back before the state is written, another transfer (issue 22: five
   more stores there cost 5-10% of a round trip, measured with a
   ping-pong that alternated with and without them in the same
   processes).  A load of a line we hold costs nothing like it.  */
static inline void
put_if_new_32 (uint32_t *p, uint32_t word)
{
  if (__atomic_load_n (p, __ATOMIC_RELAXED) != word)
    __atomic_store_n (p, word, __ATOMIC_RELAXED);
}

static inline void
put_if_new_64 (uint64_t *p, uint64_t word)
{
  if (__atomic_load_n (p, __ATOMIC_RELAXED) != word)
    __atomic_store_n (p, word, __ATOMIC_RELAXED);
}

/* Store the request's tag, sequence number, payload length and
   descriptor count and hand the page to the server.  The words and
   payload are already on the page, the descriptors on the socket.
   What the page holds already is not stored again: the last reply's
   tag is often the next request's, and a call without payload or
   descriptors follows one without.  The state store and the flag load
   are sequentially consistent, as in idl_page_publish.  */
static inline void
post_request (idl_binding_t *b, uint64_t tag, uint32_t seq,
	      uint32_t payload_len, uint32_t nfds)
{
  struct idl_page *pg = b->page;

  put_if_new_64 (&pg->mr[0], tag);
  __atomic_store_n (&pg->seq, seq, __ATOMIC_RELAXED);
  put_if_new_32 (&pg->payload_len, payload_len);
  put_if_new_32 (&pg->nfds, nfds);
  __atomic_store_n (&pg->state, IDL_PAGE_REQUEST, __ATOMIC_SEQ_CST);
  /* After the state: a store before it would have to reach the cache
     before the request could (page-server.h, idl_page_serve).  */
  b->seq = seq;
  uint32_t sleeping = __atomic_load_n (&pg->server_sleeping,
				       __ATOMIC_SEQ_CST);
  if (__builtin_expect (sleeping != 0, 0))
    wake_server (b, sleeping);
}

/* Receive the N descriptors the reply to the last request announced.  */
static idl_reply_t __attribute__ ((__noinline__))
receive_fds (idl_binding_t *b, uint64_t tag, uint32_t n)
{
  if (n > IDL_MAX_FDS
      || idl_fd_recv (b->sock, b->seq, b->fds, n) != IDL_FDRECV_OK)
    return call_failed_v (b, IDL_E_PROTO);
  idl_set_flags (b, b->flags | IDL_BF_FDS);
  b->error = IDL_OK;
  return reply (tag, b);
}

/* Wait for the reply to the request just posted, within deadline
   *DL0, or if DL0 is NULL (the common case) the binding's default, its
   clock not started, and take it.  S is what the caller's spin
   (answer) saw: the state, or IDL_WAIT_SLICE if the spin ended without
   one.  Returns the reply's tag, and B as the view (so that the entry
   points can tail-call this).  */
static idl_reply_t __attribute__ ((__noinline__))
await_reply (idl_binding_t *b, const struct deadline *dl0, int s)
{
  struct idl_page *pg = b->page;
  struct deadline dl = { default_timeout (b), 0 };
  if (dl0)
    dl = *dl0;
  if (s == IDL_WAIT_SLICE)
    s = wait_answer (b, &dl, 0);

  if (__builtin_expect (s != IDL_PAGE_REPLY, 0))
    {
      if (s == WAIT_TIMEOUT)
	{
	  idl_set_flags (b, b->flags | IDL_BF_LATE);
	  return call_failed_v (b, IDL_E_TIMEOUT);
	}
      /* Dead, or the server released the page without a reply (the
	 request carried IDL_TAG_ONEWAY, or the server misbehaves).  */
      return call_failed_v (b, s < 0 ? IDL_E_PEER_DIED : IDL_E_PROTO);
    }

  /* Read each once: the server may be hostile and change them.  The
     page stays as it is, REPLY, until our next request: the stub reads
     mr[1..] after we return, and the server writes nothing meanwhile
     (page.h).  */
  uint64_t tag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
  uint32_t nfds = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);

  if (__builtin_expect (tag & IDL_TAG_ERROR, 0))
    {
      /* The server refused the request: pass its code on, unless it is
	 not one we know, which makes the reply itself malformed.  An
	 error reply has no descriptors; any the server sent anyway stay
	 queued until a later receive discards them (fdpass.h).  */
      unsigned code = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
      if (!idl_known_error (code))
	code = IDL_E_PROTO;
      return reply_failed (b, (int) code);
    }
  if (__builtin_expect ((tag & IDL_TAG_COUNT_MASK) > IDL_MR_WORDS - 1, 0))
    return call_failed_v (b, IDL_E_PROTO);
  if (__builtin_expect (nfds != 0, 0))
    return receive_fds (b, tag, nfds);

  b->error = IDL_OK;
  return reply (tag, b);
}

/* Wait for the reply to the request just posted and take it: the
   common case, a reply that comes while we spin with no error and no
   descriptor, inline in the entry point, without a frame; anything else
   (the spin ran out, an error, descriptors) in await_reply, whose
   checks this makes in one test.  */
static inline __attribute__ ((__always_inline__)) idl_reply_t
answer (idl_binding_t *b, const struct deadline *dl)
{
  struct idl_page *pg = b->page;
  struct idl_spin sp;
  int s;

  idl_spin_start (&sp, idl_spin_for (b->cpu, &pg->server_cpu));
  idl_spin_watch (&sp, &pg->client_on, &pg->server_on);
  do
    {
      s = __atomic_load_n (&pg->state, __ATOMIC_ACQUIRE);
      if (s != IDL_PAGE_REQUEST)
	break;
    }
  while (idl_spin_more (&sp));
  if (s == IDL_PAGE_REPLY)
    {
      uint64_t tag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
      uint32_t nfds = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);
      if (__builtin_expect ((tag & IDL_TAG_ERROR) == 0
			    && (tag & IDL_TAG_COUNT_MASK) <= IDL_MR_WORDS - 1
			    && nfds == 0, 1))
	{
	  /* Not stored when it holds already: the next request follows
	     at once, and waits for every store before it.  */
	  if (__builtin_expect (b->error != IDL_OK, 0))
	    b->error = IDL_OK;
	  return reply (tag, b);
	}
    }
  else if (s == IDL_PAGE_REQUEST)
    s = IDL_WAIT_SLICE;
  else
    s = idl_page_wait_result ((uint32_t) s, &b->hup);
  return await_reply (b, dl, s);
}

/* Copy the register words of a request, as many as TAG's count says
   (the server uses no more): a store costs more than the branches
   (post_request).  A count over four is the server's to reject.  */
static inline void
put_r4 (uint64_t *mr, uint64_t tag, uint64_t w1, uint64_t w2, uint64_t w3,
	uint64_t w4)
{
  unsigned n = tag & IDL_TAG_COUNT_MASK;

  if (n == 0)
    return;
  __atomic_store_n (&mr[1], w1, __ATOMIC_RELAXED);
  if (n == 1)
    return;
  __atomic_store_n (&mr[2], w2, __ATOMIC_RELAXED);
  if (n == 2)
    return;
  __atomic_store_n (&mr[3], w3, __ATOMIC_RELAXED);
  if (n == 3)
    return;
  __atomic_store_n (&mr[4], w4, __ATOMIC_RELAXED);
}

/* Copy TAG's count of WORDS into the registers, at most as many as fit:
   a count too large is the server's to reject (IDL_E_BADMSG), but the
   client must not write past the registers meanwhile.  */
static inline void
put_words (uint64_t *mr, uint64_t tag, const uint64_t *words)
{
  unsigned n = tag & IDL_TAG_COUNT_MASK;

  if (n > IDL_MR_WORDS - 1)
    n = IDL_MR_WORDS - 1;
  for (unsigned i = 0; i < n; i++)
    __atomic_store_n (&mr[1 + i], words[i], __ATOMIC_RELAXED);
}

/* Each entry point: the common case inline, the rest in a *_slow
   function that starts from prepare ().  */

static inline __attribute__ ((__always_inline__)) idl_reply_t
call_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	 uint64_t w3, uint64_t w4, const struct deadline *dl)
{
  put_r4 (b->page->mr, tag, w1, w2, w3, w4);
  post_request (b, tag, b->seq + 1, 0, 0);
  return answer (b, dl);
}

/* A call through the binding's transport table, for the register
   entry points; and a one-way request.  */
static uint64_t __attribute__ ((__noinline__))
table_call_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	       uint64_t w3, uint64_t w4)
{
  uint64_t w[4] = { w1, w2, w3, w4 };
  return b->transport->call (b, tag, w, 0, 0, 0);
}

static uint64_t __attribute__ ((__noinline__))
table_send_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	       uint64_t w3, uint64_t w4)
{
  uint64_t w[4] = { w1, w2, w3, w4 };
  return b->transport->send (b, tag | IDL_TAG_ONEWAY, w, 0, 0, 0);
}

static idl_reply_t __attribute__ ((__noinline__))
callv_r4_slow (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	       uint64_t w3, uint64_t w4)
{
  struct deadline dl;
  if (!owned (b))
    {
      idl_binding_t *c = thread_channel (b);
      return owned (c) ? idl_callv_r4 (c, tag, w1, w2, w3, w4) : refused (c);
    }
  if (b->flags & IDL_BF_TABLE)
    return reply (table_call_r4 (b, tag, w1, w2, w3, w4), b);
  int err = prepare (b, &dl);
  if (err != IDL_OK)
    return reply (call_failed (b, err), b);
  return call_r4 (b, tag, w1, w2, w3, w4, &dl);
}

idl_reply_t
idl_callv_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	      uint64_t w3, uint64_t w4)
{
  if (__builtin_expect (!ready (b), 0))
    return callv_r4_slow (b, tag, w1, w2, w3, w4);
  return call_r4 (b, tag, w1, w2, w3, w4, 0);
}

uint64_t
idl_call_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	     uint64_t w3, uint64_t w4)
{
  return idl_callv_r4 (b, tag, w1, w2, w3, w4).tag;
}

static inline __attribute__ ((__always_inline__)) idl_reply_t
call_m (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	const struct deadline *dl)
{
  put_words (b->page->mr, tag, words);
  post_request (b, tag, b->seq + 1, 0, 0);
  return answer (b, dl);
}

static idl_reply_t __attribute__ ((__noinline__))
callv_m_slow (idl_binding_t *b, uint64_t tag, const uint64_t *words)
{
  struct deadline dl;
  if (!owned (b))
    {
      idl_binding_t *c = thread_channel (b);
      return owned (c) ? idl_callv_m (c, tag, words) : refused (c);
    }
  if (b->flags & IDL_BF_TABLE)
    return reply (b->transport->call (b, tag, words, 0, 0, 0), b);
  int err = prepare (b, &dl);
  if (err != IDL_OK)
    return reply (call_failed (b, err), b);
  return call_m (b, tag, words, &dl);
}

idl_reply_t
idl_callv_m (idl_binding_t *b, uint64_t tag, const uint64_t *words)
{
  if (__builtin_expect (!ready (b), 0))
    return callv_m_slow (b, tag, words);
  return call_m (b, tag, words, 0);
}

uint64_t
idl_call_m (idl_binding_t *b, uint64_t tag, const uint64_t *words)
{
  return idl_callv_m (b, tag, words).tag;
}

void *
idl_request_payload (idl_binding_t *b)
{
  if (__builtin_expect (!owned (b), 0))
    {
      b = thread_channel (b);
      if (!owned (b))
	return 0;
    }
  if (b->flags & IDL_BF_TABLE)
    return b->transport->request_payload (b);
  /* The page may still be busy; wait within the deadline the call
     about to be made will have, without starting it (the call's own
     clock starts when it does).  */
  struct deadline dl = { b->flags & IDL_BF_NEXT ? b->next_timeout_ns
						: default_timeout (b), 0 };
  int err = acquire_page (b, &dl);
  if (__builtin_expect (err != IDL_OK, 0))
    {
      /* The stub gives up: this was the call a one-off timeout was
	 for.  */
      idl_set_flags (b, b->flags & ~IDL_BF_NEXT);
      call_failed (b, err);
      return 0;
    }
  return b->payload;
}

/* Everything idl_call_x and idl_send_x do before they part: check the
   sizes, take the page, write the words, send the descriptors, post.
   Returns IDL_OK or the error to fail with, nothing published.  */
static int
post_x (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	uint64_t payload_len, const int *fds, uint64_t nfds,
	struct deadline *dl)
{
  start_deadline (b, dl);
  if (b->flags & IDL_BF_FDS)
    drop_fds (b);
  /* Before anything reaches the server: it would reject the sizes too,
     but only after the descriptors were in its queue.  */
  if (__builtin_expect (payload_len > IDL_PAYLOAD_MAX || nfds > IDL_MAX_FDS,
			0))
    return IDL_E_INVAL;
  int err = acquire_page (b, dl);
  if (__builtin_expect (err != IDL_OK, 0))
    return err;
  put_words (b->page->mr, tag, words);
  uint32_t seq = b->seq + 1;
  if (nfds != 0)
    {
      err = send_fds (b, seq, fds, (unsigned) nfds);
      if (err != IDL_OK)
	return err;
    }
  post_request (b, tag, seq, (uint32_t) payload_len, (uint32_t) nfds);
  return IDL_OK;
}

idl_reply_t
idl_callv_x (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	     uint64_t payload_len, const int *fds, uint64_t nfds)
{
  struct deadline dl;
  if (__builtin_expect (!owned (b), 0))
    {
      idl_binding_t *c = thread_channel (b);
      return owned (c) ? idl_callv_x (c, tag, words, payload_len, fds, nfds)
		       : refused (c);
    }
  if (b->flags & IDL_BF_TABLE)
    return reply (b->transport->call (b, tag, words, payload_len, fds,
				      nfds), b);
  int err = post_x (b, tag, words, payload_len, fds, nfds, &dl);
  if (__builtin_expect (err != IDL_OK, 0))
    return reply (call_failed (b, err), b);
  return answer (b, &dl);
}

/* idl_callv_x for the bulk ring (bulk.c, ring.h): post the request,
   then STREAM (B, ARG, AT), AT the call's deadline (idl_clock_ns, 0 for
   none), which moves the items through the ring while the server
   serves the request, then wait for the reply within the same
   deadline.  STREAM returns IDL_OK, or IDL_E_TIMEOUT, IDL_E_PEER_DIED
   or IDL_E_PROTO to fail the call with (the first and the last leave
   the request late, as a timed-out call does: STREAM has asked the
   server to give it up, ring.h, and the next call throws its answer
   away).  Not on the fast path: its own entry point, so that
   idl_callv_x stays as it is.  */
idl_reply_t
idl_callv_stream (idl_binding_t *b, uint64_t tag, const uint64_t *words,
		  uint64_t payload_len, const int *fds, uint64_t nfds,
		  int (*stream) (idl_binding_t *, void *, int64_t), void *arg)
{
  struct deadline dl;
  int err = post_x (b, tag, words, payload_len, fds, nfds, &dl);
  if (err != IDL_OK)
    return reply (call_failed (b, err), b);
  if (dl.timeout != 0)
    dl.at = idl_clock_ns () + dl.timeout;
  err = stream (b, arg, dl.at);
  if (err == IDL_E_TIMEOUT || err == IDL_E_PROTO)
    {
      /* The server may still be at the request: its answer, when it
	 comes, is thrown away by the next call.  */
      idl_set_flags (b, b->flags | IDL_BF_LATE);
      return call_failed_v (b, err);
    }
  if (err != IDL_OK)
    return call_failed_v (b, err);
  return await_reply (b, &dl, IDL_WAIT_SLICE);
}

uint64_t
idl_call_x (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	    uint64_t payload_len, const int *fds, uint64_t nfds)
{
  return idl_callv_x (b, tag, words, payload_len, fds, nfds).tag;
}

/* One-way requests always carry IDL_TAG_ONEWAY on the page, so the
   server never writes a reply that nobody reads.  */

static inline uint64_t
send_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	 uint64_t w3, uint64_t w4)
{
  put_r4 (b->page->mr, tag, w1, w2, w3, w4);
  post_request (b, tag | IDL_TAG_ONEWAY, b->seq + 1, 0, 0);
  b->error = IDL_OK;
  return 0;
}

static uint64_t __attribute__ ((__noinline__))
send_r4_slow (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	      uint64_t w3, uint64_t w4)
{
  struct deadline dl;
  if (!owned (b))
    {
      idl_binding_t *c = thread_channel (b);
      return owned (c) ? idl_send_r4 (c, tag, w1, w2, w3, w4)
		       : refused (c).tag;
    }
  if (b->flags & IDL_BF_TABLE)
    return table_send_r4 (b, tag, w1, w2, w3, w4);
  int err = prepare (b, &dl);
  if (err != IDL_OK)
    return call_failed (b, err);
  return send_r4 (b, tag, w1, w2, w3, w4);
}

uint64_t
idl_send_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	     uint64_t w3, uint64_t w4)
{
  if (__builtin_expect (!ready (b), 0))
    return send_r4_slow (b, tag, w1, w2, w3, w4);
  return send_r4 (b, tag, w1, w2, w3, w4);
}

static inline uint64_t
send_m (idl_binding_t *b, uint64_t tag, const uint64_t *words)
{
  put_words (b->page->mr, tag, words);
  post_request (b, tag | IDL_TAG_ONEWAY, b->seq + 1, 0, 0);
  b->error = IDL_OK;
  return 0;
}

static uint64_t __attribute__ ((__noinline__))
send_m_slow (idl_binding_t *b, uint64_t tag, const uint64_t *words)
{
  struct deadline dl;
  if (!owned (b))
    {
      idl_binding_t *c = thread_channel (b);
      return owned (c) ? idl_send_m (c, tag, words) : refused (c).tag;
    }
  if (b->flags & IDL_BF_TABLE)
    return b->transport->send (b, tag | IDL_TAG_ONEWAY, words, 0, 0, 0);
  int err = prepare (b, &dl);
  if (err != IDL_OK)
    return call_failed (b, err);
  return send_m (b, tag, words);
}

uint64_t
idl_send_m (idl_binding_t *b, uint64_t tag, const uint64_t *words)
{
  if (__builtin_expect (!ready (b), 0))
    return send_m_slow (b, tag, words);
  return send_m (b, tag, words);
}

uint64_t
idl_send_x (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	    uint64_t payload_len, const int *fds, uint64_t nfds)
{
  struct deadline dl;
  if (__builtin_expect (!owned (b), 0))
    {
      idl_binding_t *c = thread_channel (b);
      return owned (c) ? idl_send_x (c, tag, words, payload_len, fds, nfds)
		       : refused (c).tag;
    }
  if (b->flags & IDL_BF_TABLE)
    return b->transport->send (b, tag | IDL_TAG_ONEWAY, words, payload_len,
				   fds, nfds);
  int err = post_x (b, tag | IDL_TAG_ONEWAY, words, payload_len, fds, nfds,
		    &dl);
  if (__builtin_expect (err != IDL_OK, 0))
    return call_failed (b, err);
  b->error = IDL_OK;
  return 0;
}

void
idl_stub_error (idl_binding_t *b, int code)
{
  idl_binding_t *c = thread_channel (b);
  if (owned (c))
    idl_record_error (c, code);
}

void
idl_stub_direct_ok (idl_binding_t *b)
{
  idl_binding_t *c = thread_channel (b);
  if (owned (c))
    idl_record_error (c, IDL_OK);
}

void
idl_stub_failed (idl_binding_t *b, uint64_t reply_tag)
{
  /* A stub gives the view its call returned; after a one-way request,
     or from code that does not know views, the binding: the error is
     the calling thread's, on its own channel.  */
  if (!owned (b))
    {
      b = thread_channel (b);
      if (!owned (b))
	return;
    }
  if (reply_tag & IDL_TAG_ERROR)
    {
      /* The runtime recorded why when it returned this tag; keep that,
	 unless the tag did not come from us.  */
      if (b->error == IDL_OK)
	{
	  unsigned code = (reply_tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
	  idl_record_error (b, idl_known_error (code) ? (int) code
						     : IDL_E_PROTO);
	}
    }
  else
    /* A well-formed reply, but not the one the stub expected (wrong
       operation, interface or size).  */
    idl_record_error (b, IDL_E_PROTO);
}
