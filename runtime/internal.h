/* internal.h -- libidlrt's private types: the binding, shared helpers.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Not installed.  The binding is shared by the call path (call.c),
   the generic client (client.c) and the transports (page.c,
   colocate.c); the helpers (util.c) by both sides.  The handshake's
   messages are in handshake.h, which white-box tests read through
   this header.  */

#ifndef IDL_INTERNAL_H
#define IDL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "idlrt.h"
#include "page.h"

/* A client's connection.  The first three members are the stub ABI
   (idlrt-abi.h): generated client stubs read reply words as
   ((uint64_t **) b)[0][i], the payload through the pointer at
   IDL_BINDING_PAYLOAD_OFFSET and a reply's descriptors in the array
   at IDL_BINDING_FDS_OFFSET.

   One connection carries one call at a time: the reply words, payload
   and descriptors stay where they are until the connection's next
   call, and the stub takes them after idl_callv_* returns.  So that a
   binding can be shared between threads, each thread calls through a
   connection of its own (a channel, channel.c): the binding the user
   holds is the first, owned by the first thread that calls through it;
   every other thread that calls gets another, made on its first call,
   and the entry points return the one they used (idl_reply_t's view)
   for the stub to read the reply from.  A channel is itself a struct
   idl_binding, so the stub ABI's offsets hold for it.  */
struct idl_binding
{
  uint64_t *mr;			/* page->mr, or the transport's */
  uint8_t *payload;		/* page->payload, or the transport's */
  int fds[IDL_MAX_FDS];		/* the last reply's descriptors, -1 where
				   none or claimed by the stub */
  /* Co-located with a server that has workers: its table of
     implementations and the context to call them with; else NULL.  */
  const void *const *direct;
  struct idl_call *direct_call;
  /* Of the binding the user holds, for co-located bindings: how many
     of its channels hold an error status (idl_record_error keeps it),
     which a direct call reads (idlrt-abi.h).  */
  uint32_t nerr;
  struct idl_page *page;	/* the shared page, IDL_PAGE_SIZE bytes */
  int sock;			/* the connection; its hang-up = peer death */
  int error;			/* IDL_E_* of the last call, for idl_error */
  unsigned flags;		/* IDL_BF_*: nonzero sends a call down the
				   slow path, one test for all of them */
  int cpu;			/* idl_sole_cpu () at connect time */
  uint32_t seq;			/* the last request's sequence number */
  int64_t timeout_ns;		/* default deadline of a call, 0: none */
  int64_t next_timeout_ns;	/* the next call's, with IDL_BF_NEXT */
  /* The transport (transport.h).  PAGE, SOCK, CPU and SEQ above are the
     shared-page transport's state, kept inline because call.c's fast
     path reads them; any other transport hangs its own state here, and
     sets IDL_BF_TABLE so that every call reaches its table (through
     the slow path: call.o names no symbol outside itself).  */
  const struct idl_transport *transport;
  void *tstate;
  /* Sharing between threads (channel.c).  OWNER is the thread that
     calls through this connection (idl_thread_id), 0 while none does;
     only that thread changes anything above.  CHANS is the binding's
     list of channels, shared by the binding and every channel of it;
     NEXT_CHANNEL links that list.  */
  uintptr_t owner;
  struct idl_channels *chans;
  struct idl_binding *next_channel;
  /* The page's watcher (watch.c).  WATCH_GEN is idl_watch_gen while
     this process's watcher watches the connection, else 0 or an older
     generation's; HUP is set by the watcher once the server has hung
     up; WATCH_ID names the connection in the watcher's epoll set, and
     WATCH_NEXT and WATCH_PREV link the watcher's list.  */
  uint32_t watch_gen;
  uint32_t nowatch_gen;		/* the generation that could not watch */
  uint32_t hup;
  uint64_t watch_id;
  struct idl_binding *watch_next, *watch_prev;
  /* The fast path's one test (call.c, ready): OWNER while FLAGS is 0,
     OWNER | 1 when it is not (a thread pointer is even), so that a call
     by the owner with nothing to do first compares one word with its
     thread pointer.  FLAGS and OWNER change only through the helpers
     below, which keep it so.  */
  uintptr_t gate;
  /* While the transport's connect runs: what the client requires of
     the server (idl_connect_ex), or NULL (transport.h, connect).  Last:
     off the call path.  */
  const idl_connect_opts_t *require;
  /* The page's bulk memfd for this connection (bulk.c), or NULL.  */
  struct idl_bulk_client *bulk;
};

/* A connection's bulk memfd and its mapping, SIZE bytes (the
   sequential path; MEMFD -1 until needed), and its ring (ring.h):
   RING_OK 1 once the server took it, -1 if it would not, 0 before it
   was offered.  bulk.c's; here so that the white-box tests
   (testsuite/idlstub.runtime) read the one definition.  */
struct idl_bulk_client
{
  int memfd;
  uint8_t *map;
  size_t size;
  int ring_ok;
  struct idl_ring *ring;
};

/* Set B's flags, or its owner, and its gate with them.  */
static inline void
idl_set_flags (struct idl_binding *b, unsigned flags)
{
  b->flags = flags;
  __atomic_store_n (&b->gate,
		    __atomic_load_n (&b->owner, __ATOMIC_RELAXED)
		    | (flags != 0), __ATOMIC_RELAXED);
}

/* The gate first: a thread giving B up must be done with B (its flags
   read) before the release store lets another claim it.  */
static inline void
idl_set_owner (struct idl_binding *b, uintptr_t owner)
{
  __atomic_store_n (&b->gate, owner | (b->flags != 0), __ATOMIC_RELAXED);
  __atomic_store_n (&b->owner, owner, __ATOMIC_RELEASE);
}

/* The channels of one binding (channel.c).  The list only grows while
   the binding is open (a channel whose thread has ended is given to the
   next thread that asks), so call.c walks it without a lock.  */
struct idl_channels
{
  /* The calling thread's channel of PRIMARY, claimed or made now: a
     channel it owns, or, if none could be made, one that fails every
     call with its recorded error (its owner is not the caller).
     Reached through this pointer so that call.o names no symbol
     outside itself.  */
  struct idl_binding *(*open) (struct idl_binding *primary);
  struct idl_binding *primary;	/* the binding the user holds */
  struct idl_binding *head;	/* the other channels, newest first */
};

/* The calling thread, as channels know it: its thread pointer, unique
   among the threads alive, and read with one instruction.  */
static inline uintptr_t
idl_thread_id (void)
{
  return (uintptr_t) __builtin_thread_pointer ();
}

/* B's channel owned by the calling thread ME, or NULL if it has none
   yet (B, the binding the user holds, included).  */
static inline struct idl_binding *
idl_channel_find (struct idl_binding *b, uintptr_t me)
{
  if (__atomic_load_n (&b->owner, __ATOMIC_RELAXED) == me)
    return b;
  for (struct idl_binding *c = __atomic_load_n (&b->chans->head,
						__ATOMIC_ACQUIRE);
       c; c = c->next_channel)
    if (__atomic_load_n (&c->owner, __ATOMIC_RELAXED) == me)
      return c;
  return NULL;
}

/* struct idl_binding's flags.  */
#define IDL_BF_DEAD 1		/* the server has gone: fail at once */
#define IDL_BF_FDS 2		/* FDS may hold a descriptor */
#define IDL_BF_LATE 4		/* a call timed out: its reply, when it
				   comes, is to be discarded */
#define IDL_BF_NEXT 8		/* next_timeout_ns is the next call's */
#define IDL_BF_TABLE 16		/* not the page: calls go to the
				   transport's table (transport.h) */

/* Record CODE as B's status for idl_error, outside the page's fast
   path.  For a co-located binding (IDL_BF_TABLE) also keep its
   primary's count of channels in error (idlrt-abi.h,
   IDL_BINDING_NERR_OFFSET), which its stubs' direct calls read; the
   page's bindings have no direct calls, and their fast path stores
   IDL_OK alone.  */
static inline void
idl_record_error (struct idl_binding *b, int code)
{
  int old = b->error;
  b->error = code;
  if ((b->flags & IDL_BF_TABLE) && b->chans && (old != 0) != (code != 0))
    __atomic_add_fetch (&b->chans->primary->nerr, code != 0 ? 1u : -1u,
			__ATOMIC_RELAXED);
}

_Static_assert (offsetof (struct idl_binding, mr) == IDL_BINDING_MR_OFFSET,
		"stubs read the message registers through the binding");
_Static_assert (offsetof (struct idl_binding, payload)
		== IDL_BINDING_PAYLOAD_OFFSET,
		"stubs read and write the payload through the binding");
_Static_assert (offsetof (struct idl_binding, fds) == IDL_BINDING_FDS_OFFSET,
		"stubs take a reply's descriptors from the binding");
_Static_assert (offsetof (struct idl_binding, direct)
		== IDL_BINDING_DIRECT_OFFSET
		&& offsetof (struct idl_binding, direct_call)
		== IDL_BINDING_CALL_OFFSET
		&& offsetof (struct idl_binding, nerr)
		== IDL_BINDING_NERR_OFFSET,
		"stubs find co-located implementations through the binding");

#include "handshake.h"

/* The value a failed call returns: the error flag and the code where a
   reply has its operation number (idlrt-abi.h).  */
static inline uint64_t
idl_error_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* Whether CODE, from an error reply, is one of ours: anything else
   makes the reply itself malformed.  */
static inline int
idl_known_error (unsigned code)
{
  return code != IDL_OK && code <= IDL_E_BOUNDS;
}

/* Fill the server's private message MSG (idlrt-abi.h, "Server side")
   for a request that passed the server's checks: tag TAG, whose count
   of words is at most IDL_MR_WORDS - 1; its words from WORDS[0..], each
   read once (WORDS may be the shared page), or already in MSG[1..] if
   WORDS is NULL; LEN (at most IDL_PAYLOAD_MAX) payload bytes copied
   once from PAYLOAD, or already in place if PAYLOAD is NULL; and the
   NFDS (at most IDL_MAX_FDS) descriptors FDS received with it.  Also
   zeroes the reply's counts.  (server.c: the request path and
   colocate.c use it, and the fuzzer's harness, fuzz/harness.c, so that
   it prepares exactly what dispatchers get.)  */
void idl_msg_request (uint64_t *msg, uint64_t tag, const uint64_t *words,
		      const void *payload, uint32_t len, const int *fds,
		      unsigned nfds)
  __attribute__ ((__visibility__ ("hidden")));

/* Channels (channel.c).  Set up B's list of channels, a binding to
   NAME for IFACE just connected with requirements OPTS (NULL: none),
   which every later channel's connection meets too: IDL_OK or
   IDL_E_NOMEM.  */
int idl_channels_init (idl_binding_t *b, const char *name,
		       const idl_interface_t *iface,
		       const idl_connect_opts_t *opts)
  __attribute__ ((__visibility__ ("hidden")));
/* Close B's channels and B's own connection (idl_close frees B).  */
void idl_channels_close (idl_binding_t *b)
  __attribute__ ((__visibility__ ("hidden")));
/* The calling thread's channel of B, claimed or made if need be (its
   owner is not the caller if none could be made), and connected if it
   was not (a failed attempt leaves it failing, with the reason).  */
idl_binding_t *idl_channel_of (idl_binding_t *b)
  __attribute__ ((__visibility__ ("hidden")));
/* The same, not connected yet if new: for what only sets a flag, and
   for calls, whose transport entry connects it within their deadline
   (channel.c).  */
idl_binding_t *idl_channel_lazy (idl_binding_t *b)
  __attribute__ ((__visibility__ ("hidden")));
/* Give B and all its channels the default timeout TIMEOUT_NS.  */
void idl_channels_set_timeout (idl_binding_t *b, int64_t timeout_ns)
  __attribute__ ((__visibility__ ("hidden")));

/* The client's watcher (watch.c).  Have a waiter on B's page woken
   when B's server hangs up (page.c at connect, call.c in a forked
   child): 0, or -1 if no watcher can be had (then B's nowatch_gen is
   the generation's, and B sleeps in slices).  Then forget B (page.c,
   before its page is unmapped); the last binding forgotten ends the
   watcher's thread.  */
int idl_watch (idl_binding_t *b) __attribute__ ((__visibility__ ("hidden")));
void idl_unwatch (idl_binding_t *b)
  __attribute__ ((__visibility__ ("hidden")));
/* The watcher's generation (call.c; see struct idl_binding).  */
extern uint32_t idl_watch_gen __attribute__ ((__visibility__ ("hidden")));

/* Shared helpers (util.c).  */

/* Close each distinct descriptor of A[0..NA-1] and B[0..NB-1] once, as
   the server does after a dispatch (the fuzzer's harness too).  */
void idl_close_distinct (const int *a, unsigned na, const int *b,
			 unsigned nb)
  __attribute__ ((__visibility__ ("hidden")));

struct sockaddr_un;

/* Fill *SA from NAME ("/path" or "@abstract"); return the address
   length, or 0 if NAME does not fit.  */
unsigned idl_sockaddr (struct sockaddr_un *sa, const char *name)
  __attribute__ ((__visibility__ ("hidden")));

/* CLOCK_MONOTONIC in nanoseconds, through libc (off the call path).  */
int64_t idl_now_ns (void) __attribute__ ((__visibility__ ("hidden")));

/* A private message buffer of IDL_MSG_BYTES (idlrt-abi.h), or NULL;
   and its release.  */
uint64_t *idl_map_msg (void) __attribute__ ((__visibility__ ("hidden")));
void idl_unmap_msg (uint64_t *msg)
  __attribute__ ((__visibility__ ("hidden")));

/* The in-region mapping cache (region.c): drop every cached mapping no
   call is using (server.c, when a connection ends).  */
void idl_region_cache_trim (void)
  __attribute__ ((__visibility__ ("hidden")));

/* The bulk ring's call (call.c): idl_callv_x with STREAM run between
   the request's post and the reply's wait.  */
idl_reply_t idl_callv_stream (idl_binding_t *b, uint64_t tag,
			      const uint64_t *words, uint64_t payload_len,
			      const int *fds, uint64_t nfds,
			      int (*stream) (idl_binding_t *, void *, int64_t),
			      void *arg)
  __attribute__ ((__visibility__ ("hidden")));
/* Bulk items, the client's side (bulk.c): release B's bulk memfd
   (page.c, at close).  */
void idl_bulk_client_free (idl_binding_t *b)
  __attribute__ ((__visibility__ ("hidden")));
/* A bulk call on co-located binding B (colocate.c): the server's
   dispatcher gets the caller's buffers ITEMS[0..N-1], checked against
   the declared bounds; the reply tag, or an error tag.  */
uint64_t idl_local_call_bulk (idl_binding_t *b, uint64_t tag,
			      const uint64_t *words, uint64_t payload_len,
			      const int *fds, uint64_t nfds,
			      struct idl_bulk_item *items, unsigned n)
  __attribute__ ((__visibility__ ("hidden")));

#endif /* IDL_INTERNAL_H */
