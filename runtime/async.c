/* async.c -- calls that wait in the program's event loop, not in it.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idl_call_start, idl_binding_fd and idl_call_finish (idlrt.h).
   Generated stubs are synchronous, and stay so: the program puts its
   calls in a function, which runs as a coroutine on a stack of its own
   (ucontext), and where a call would wait for its reply the coroutine
   gives the thread back to the loop instead (the technique of QEMU's
   coroutines, which run synchronous block-layer code in its main
   loop).  The stubs, the stub ABI and call.c's fast path do not change.

   How a call waits.  idl_call_start gives the calling thread's
   connection of the binding (its channel, internal.h) another table,
   idl_page_async_transport below, and IDL_BF_TABLE, so that the entry
   points' slow path brings every call and send to it (transport.h).
   Inside the coroutine, this file runs the page protocol itself (page.h:
   the same steps as call.c), but waits by saying IDL_SLEEP_POLL in the
   page's client_sleeping and switching back to the loop: a server that
   publishes a reply or frees the page then rings the connection's
   socket (page-server.h, idl_page_publish_client) instead of the futex,
   which makes the socket readable for the loop; the flag store and the
   state load after it are sequentially consistent against the server's
   state store and flag load (Dekker, as in page.h), so either we see
   the reply before we switch or the server rings.  A server that dies
   hangs up the socket, which is readable too.  idl_call_finish clears
   the doorbells and switches back into the coroutine, which looks at
   the page again.

   Outside the coroutine (a call made by the loop itself, or by another
   coroutine), a call on such a connection is an ordinary one: the
   table lends it to call.c with IDL_BF_TABLE cleared for the time of
   the call.

   Off the call path of synchronous calls: libc freely.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <ucontext.h>
#include <unistd.h>
#include "internal.h"
#include "fdpass.h"
#include "transport.h"

/* A coroutine's stack: address space, committed as it is touched; the
   lowest page is a guard.  */
#define IDL_ASYNC_STACK (1024 * 1024)
#define IDL_ASYNC_GUARD 4096

/* A connection's coroutine (its channel's tstate).  */
struct idl_async
{
  ucontext_t loop;		/* where idl_call_start or _finish was */
  ucontext_t fn_ctx;		/* the function, while it waits */
  void *stack;
  idl_call_fn fn;
  void *arg;
  idl_binding_t *user;		/* the binding the function was given */
  int active;			/* started and not returned */
  int waiting;			/* switched out, waiting for the page */
};

/* The coroutine running on this thread now, or NULL.  */
static __thread struct idl_async *running;

static const struct idl_transport idl_page_async_transport;

/* Failing and recording, as call.c's call_failed.  */
static uint64_t
fail (idl_binding_t *c, int code)
{
  if (code == IDL_E_PEER_DIED)
    idl_set_flags (c, c->flags | IDL_BF_DEAD);
  c->error = code;
  return idl_error_tag (code);
}

/* Switch from the coroutine back to the loop, until idl_call_finish
   switches back.  */
static void
yield (struct idl_async *a)
{
  a->waiting = 1;
  swapcontext (&a->fn_ctx, &a->loop);
  a->waiting = 0;
}

/* Switch from the loop into A's coroutine until it waits or returns:
   1 if it waits, 0 if it returned.  */
static int
resume (struct idl_async *a)
{
  struct idl_async *outer = running;

  running = a;
  swapcontext (&a->loop, &a->fn_ctx);
  running = outer;
  return a->active;
}

static void
trampoline (void)
{
  struct idl_async *a = running;

  a->fn (a->user, a->arg);
  a->active = 0;
  /* Returning switches to uc_link, the loop.  */
}

/* Wait in the loop until C's page state is not REQUEST: that state, or
   IDL_WAIT_PEER_GONE.  */
static int
async_wait (struct idl_async *a, idl_binding_t *c)
{
  struct idl_page *pg = c->page;
  int woken = 0;

  for (;;)
    {
      uint32_t s = __atomic_load_n (&pg->state, __ATOMIC_ACQUIRE);
      if (s != IDL_PAGE_REQUEST)
	/* HANGUP, if the process's watcher saw the server hang up
	   before we did (watch.c), is the peer's death.  */
	return idl_page_wait_result (s, &c->hup);
      __atomic_store_n (&pg->client_sleeping, IDL_SLEEP_POLL,
			__ATOMIC_SEQ_CST);
      s = __atomic_load_n (&pg->state, __ATOMIC_SEQ_CST);
      if (s == IDL_PAGE_REQUEST && woken && idl_peer_gone (c->sock))
	s = (uint32_t) -1;
      if (s == IDL_PAGE_REQUEST)
	yield (a);
      __atomic_store_n (&pg->client_sleeping, 0, __ATOMIC_RELAXED);
      if (s == (uint32_t) -1)
	return IDL_WAIT_PEER_GONE;
      woken = 1;
    }
}

/* call.c's drop_fds and discard_late_reply, for the coroutine.  */
static void
drop_fds (idl_binding_t *c)
{
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    {
      if (c->fds[i] >= 0)
	close (c->fds[i]);
      c->fds[i] = -1;
    }
  idl_set_flags (c, c->flags & ~IDL_BF_FDS);
}

static void
discard_late_reply (idl_binding_t *c, int s)
{
  struct idl_page *pg = c->page;

  if (s == IDL_PAGE_REPLY)
    {
      uint32_t n = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);
      int fds[IDL_MAX_FDS];
      if (n > 0 && n <= IDL_MAX_FDS
	  && idl_fd_recv (c->sock, c->seq, fds, n) == IDL_FDRECV_OK)
	idl_fd_close_all (fds, n);
      __atomic_store_n (&pg->state, IDL_PAGE_IDLE, __ATOMIC_RELEASE);
    }
  idl_set_flags (c, c->flags & ~IDL_BF_LATE);
}

/* The page is ours to write once the server has taken an earlier
   one-way request (or answered a call that timed out before).  */
static int
acquire (struct idl_async *a, idl_binding_t *c)
{
  if (c->flags & IDL_BF_DEAD)
    return IDL_E_PEER_DIED;
  int s = idl_page_wait_result (__atomic_load_n (&c->page->state,
						 __ATOMIC_ACQUIRE), &c->hup);
  if (s < 0 || (s == IDL_PAGE_REQUEST && (s = async_wait (a, c)) < 0))
    return IDL_E_PEER_DIED;
  if (c->flags & IDL_BF_LATE)
    discard_late_reply (c, s);
  return IDL_OK;
}

/* Post the request (page.h, client call), as call.c's post_x and
   post_request do.  */
static int
post (idl_binding_t *c, uint64_t tag, const uint64_t *words,
      uint32_t payload_len, const int *fds, unsigned nfds)
{
  struct idl_page *pg = c->page;
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  uint32_t seq = c->seq + 1;

  if (n > IDL_MR_WORDS - 1)
    n = IDL_MR_WORDS - 1;
  for (unsigned i = 0; i < n; i++)
    __atomic_store_n (&pg->mr[1 + i], words[i], __ATOMIC_RELAXED);
  if (nfds != 0)
    {
      long r = idl_fd_send (c->sock, seq, fds, nfds);
      if (r == -EBADF || r == -EINVAL)
	return IDL_E_INVAL;
      if (r == -EPIPE || r == -ECONNRESET || r == -ENOTCONN)
	return IDL_E_PEER_DIED;
      if (r != 0)
	return IDL_E_NOMEM;
    }
  __atomic_store_n (&pg->mr[0], tag, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->seq, seq, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->payload_len, payload_len, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->nfds, nfds, __ATOMIC_RELAXED);
  c->seq = seq;
  __atomic_store_n (&pg->state, IDL_PAGE_REQUEST, __ATOMIC_SEQ_CST);
  uint32_t sleeping = __atomic_load_n (&pg->server_sleeping,
				       __ATOMIC_SEQ_CST);
  if (sleeping == IDL_SLEEP_POLL)
    idl_doorbell (c->sock, seq);
  else if (sleeping != 0)
    idl_futex_wake (&pg->state, 0x7fffffff);
  return IDL_OK;
}

/* Take the reply to the request just posted (call.c's await_reply,
   after its wait).  */
static uint64_t
take_reply (idl_binding_t *c)
{
  struct idl_page *pg = c->page;
  uint64_t tag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
  uint32_t nfds = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);

  __atomic_store_n (&pg->state, IDL_PAGE_IDLE, __ATOMIC_RELEASE);
  if (tag & IDL_TAG_ERROR)
    {
      unsigned code = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
      c->error = idl_known_error (code) ? (int) code : IDL_E_PROTO;
      return idl_error_tag (c->error);
    }
  if ((tag & IDL_TAG_COUNT_MASK) > IDL_MR_WORDS - 1)
    return fail (c, IDL_E_PROTO);
  if (nfds != 0)
    {
      if (nfds > IDL_MAX_FDS
	  || idl_fd_recv (c->sock, c->seq, c->fds, nfds) != IDL_FDRECV_OK)
	return fail (c, IDL_E_PROTO);
      idl_set_flags (c, c->flags | IDL_BF_FDS);
    }
  c->error = IDL_OK;
  return tag;
}

/* A call or one-way send of the coroutine A on its connection C.  */
static uint64_t
exchange (struct idl_async *a, idl_binding_t *c, uint64_t tag,
	  const uint64_t *words, uint64_t payload_len, const int *fds,
	  uint64_t nfds)
{
  int err;

  if (c->flags & IDL_BF_FDS)
    drop_fds (c);
  /* A one-off timeout is for this call, which has none in the loop:
     it is used up all the same (idlrt.h).  */
  if (c->flags & IDL_BF_NEXT)
    idl_set_flags (c, c->flags & ~IDL_BF_NEXT);
  if (payload_len > IDL_PAYLOAD_MAX || nfds > IDL_MAX_FDS)
    return fail (c, IDL_E_INVAL);
  if ((err = acquire (a, c)) != IDL_OK
      || (err = post (c, tag, words, (uint32_t) payload_len, fds,
		      (unsigned) nfds)) != IDL_OK)
    return fail (c, err);
  if (tag & IDL_TAG_ONEWAY)
    {
      c->error = IDL_OK;
      return 0;
    }
  int s = async_wait (a, c);
  if (s != IDL_PAGE_REPLY)
    return fail (c, s < 0 ? IDL_E_PEER_DIED : IDL_E_PROTO);
  return take_reply (c);
}

/* C's coroutine if it is the one running, else NULL: the call is then
   an ordinary one.  */
static struct idl_async *
mine (idl_binding_t *c)
{
  struct idl_async *a = c->tstate;
  return a && a == running ? a : NULL;
}

/* Lend C to call.c for one ordinary call: IDL_BF_TABLE off meanwhile
   (only C's owner, this thread, reads its flags).  */
static uint64_t
ordinary (idl_binding_t *c, uint64_t tag, const uint64_t *words,
	  uint64_t payload_len, const int *fds, uint64_t nfds)
{
  uint64_t r;

  idl_set_flags (c, c->flags & ~IDL_BF_TABLE);
  if (tag & IDL_TAG_ONEWAY)
    r = idl_send_x (c, tag, words, payload_len, fds, nfds);
  else
    r = idl_call_x (c, tag, words, payload_len, fds, nfds);
  idl_set_flags (c, c->flags | IDL_BF_TABLE);
  return r;
}

static uint64_t
async_call (idl_binding_t *c, uint64_t tag, const uint64_t *words,
	    uint64_t payload_len, const int *fds, uint64_t nfds)
{
  struct idl_async *a = mine (c);
  if (!a)
    return ordinary (c, tag, words, payload_len, fds, nfds);
  return exchange (a, c, tag, words, payload_len, fds, nfds);
}

static void *
async_payload (idl_binding_t *c)
{
  struct idl_async *a = mine (c);
  void *p;

  if (!a)
    {
      idl_set_flags (c, c->flags & ~IDL_BF_TABLE);
      p = idl_request_payload (c);
      idl_set_flags (c, c->flags | IDL_BF_TABLE);
      return p;
    }
  int err = acquire (a, c);
  if (err != IDL_OK)
    {
      fail (c, err);
      return NULL;
    }
  return c->payload;
}

static void
async_close (idl_binding_t *c)
{
  struct idl_async *a = c->tstate;

  if (a)
    {
      /* A coroutine that still waits is abandoned with its stack.  */
      munmap (a->stack, IDL_ASYNC_STACK);
      free (a);
      c->tstate = NULL;
    }
  idl_page_transport.close (c);
}

/* The page's transport, waiting in the loop (the file's comment).  */
static const struct idl_transport idl_page_async_transport = {
  .name = "page, asynchronous",
  .connect = NULL,
  .request_payload = async_payload,
  .call = async_call,
  .send = async_call,
  .close = async_close,
};

/* Give connection C its coroutine and table: 0, or -1 with errno.  */
static int
make_async (idl_binding_t *c)
{
  struct idl_async *a = calloc (1, sizeof *a);

  if (!a)
    return -1;
  a->stack = mmap (NULL, IDL_ASYNC_STACK, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
		   -1, 0);
  if (a->stack == MAP_FAILED)
    {
      free (a);
      errno = ENOMEM;
      return -1;
    }
  /* Overflow faults instead of writing over whatever lies below.  */
  mprotect (a->stack, IDL_ASYNC_GUARD, PROT_NONE);
  c->tstate = a;
  c->transport = &idl_page_async_transport;
  idl_set_flags (c, c->flags | IDL_BF_TABLE);
  return 0;
}

int
idl_call_start (idl_binding_t *b, idl_call_fn fn, void *arg)
{
  idl_binding_t *c;
  struct idl_async *a;

  if (!b || !fn)
    {
      errno = EINVAL;
      return -1;
    }
  c = idl_channel_of (b);
  if (__atomic_load_n (&c->owner, __ATOMIC_RELAXED) != idl_thread_id ()
      || (c->transport != &idl_page_transport
	  && c->transport != &idl_page_async_transport))
    {
      /* Calls that cannot wait (co-located: they run here), or fail at
	 once (no connection could be made): FN runs to its end.  */
      fn (b, arg);
      return 0;
    }
  if (c->transport == &idl_page_transport && make_async (c) != 0)
    return -1;
  a = c->tstate;
  if (a->active)
    {
      errno = EBUSY;
      return -1;
    }
  a->fn = fn;
  a->arg = arg;
  a->user = b;
  a->active = 1;
  a->waiting = 0;
  getcontext (&a->fn_ctx);
  a->fn_ctx.uc_stack.ss_sp = (char *) a->stack + IDL_ASYNC_GUARD;
  a->fn_ctx.uc_stack.ss_size = IDL_ASYNC_STACK - IDL_ASYNC_GUARD;
  a->fn_ctx.uc_link = &a->loop;
  makecontext (&a->fn_ctx, trampoline, 0);
  return resume (a);
}

int
idl_binding_fd (idl_binding_t *b)
{
  idl_binding_t *c;

  if (!b)
    return -1;
  c = idl_channel_of (b);
  if (__atomic_load_n (&c->owner, __ATOMIC_RELAXED) != idl_thread_id ()
      || (c->transport != &idl_page_transport
	  && c->transport != &idl_page_async_transport))
    return -1;
  return c->sock;
}

/* Take what C's socket holds that the coroutine's call will not claim:
   doorbells, and junk a server left.  The descriptors of the reply the
   coroutine waits for (a message for its request's sequence number)
   stay for it; nothing else is ever ours.  Taken without a control
   buffer, so the kernel drops any descriptors instead of installing
   them here (page-server.c, idl_page_idle, does the same).  */
static void
drain (idl_binding_t *c, const struct idl_async *a)
{
  for (unsigned i = 0; i < IDL_FD_DRAIN_MAX; i++)
    {
      struct idl_fdmsg body;
      struct iovec iov = { &body, sizeof body };
      struct msghdr m = { 0 };
      ssize_t n;

      m.msg_iov = &iov;
      m.msg_iovlen = 1;
      n = recvmsg (c->sock, &m, MSG_PEEK | MSG_DONTWAIT);
      if (n <= 0)
	return;			/* nothing queued, or the server hung up */
      if (a->waiting && n == (ssize_t) sizeof body
	  && !(m.msg_flags & MSG_TRUNC) && body.magic == IDL_FDMSG_MAGIC
	  && body.seq == c->seq)
	return;
      m.msg_flags = 0;
      if (recvmsg (c->sock, &m, MSG_DONTWAIT) < 0)
	return;
    }
}

int
idl_call_finish (idl_binding_t *b)
{
  idl_binding_t *c;
  struct idl_async *a;

  if (!b)
    return 0;
  c = idl_channel_find (b, idl_thread_id ());
  if (!c || c->transport != &idl_page_async_transport)
    return 0;
  a = c->tstate;
  drain (c, a);
  if (!a->active)
    return 0;
  if (!a->waiting)
    return 1;			/* called from inside its own function */
  return resume (a);
}
