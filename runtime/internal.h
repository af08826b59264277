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

   A binding is used by one thread at a time: the reply words, payload
   and descriptors stay where they are until the next call, and the
   stub takes them after idl_call_* returns.  */
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
};

/* struct idl_binding's flags.  */
#define IDL_BF_DEAD 1		/* the server has gone: fail at once */
#define IDL_BF_FDS 2		/* FDS may hold a descriptor */
#define IDL_BF_LATE 4		/* a call timed out: its reply, when it
				   comes, is to be discarded */
#define IDL_BF_NEXT 8		/* next_timeout_ns is the next call's */
#define IDL_BF_TABLE 16		/* not the page: calls go to the
				   transport's table (transport.h) */

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
		== IDL_BINDING_CALL_OFFSET,
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

#endif /* IDL_INTERNAL_H */
