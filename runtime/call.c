/* call.c -- the client's call path: idl_call_*, idl_send_*.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Everything a generated client stub reaches between its call into the
   runtime and the runtime's return.  Only compiler built-ins and the
   trampolines of syscall.h are used here: no libc, no errno, no locks.
   A stray call into libc (including one the compiler invents, such as
   memcpy for a copy loop) would show up as an undefined symbol of
   call.o; "make check" in runtime/ fails if there is any.

   The protocol on the shared page is described in page.h.  */

#include "internal.h"

/* The value a failed call returns: the error flag and the code where a
   reply has its operation number (idlrt-abi.h).  */
static inline uint64_t
error_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* Record CODE for idl_error and return its tag.  Kept out of line and
   cold so the success path stays short.  */
static uint64_t __attribute__ ((__noinline__, __cold__))
call_failed (idl_binding_t *b, int code)
{
  if (code == IDL_E_PEER_DIED)
    b->dead = 1;
  b->error = code;
  return error_tag (code);
}

/* Wait until the page is ours to write (normally at once; after a
   one-way send the server may not have taken that request yet).
   Returns IDL_OK or IDL_E_PEER_DIED.  */
static inline int
acquire_page (idl_binding_t *b)
{
  struct idl_page *pg = b->page;

  if (__builtin_expect (b->dead, 0))
    return IDL_E_PEER_DIED;
  if (__builtin_expect (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE)
			!= IDL_PAGE_REQUEST, 1))
    return IDL_OK;
  if (idl_page_wait (pg, &pg->client_sleeping, 0, b->spin, b->sock, NULL,
		     IDL_CLIENT_SLICE_NS) < 0)
    return IDL_E_PEER_DIED;
  return IDL_OK;
}

/* Store the request's tag and hand the page to the server.  The words
   are already in mr[1..].  */
static inline void
post_request (idl_binding_t *b, uint64_t tag)
{
  struct idl_page *pg = b->page;

  __atomic_store_n (&pg->mr[0], tag, __ATOMIC_RELAXED);
  idl_page_publish (pg, IDL_PAGE_REQUEST, &pg->server_sleeping);
}

/* Wait for the reply to the request just posted; return its tag.  */
static inline uint64_t
await_reply (idl_binding_t *b)
{
  struct idl_page *pg = b->page;
  int s = idl_page_wait (pg, &pg->client_sleeping, 0, b->spin, b->sock,
			 NULL, IDL_CLIENT_SLICE_NS);

  if (__builtin_expect (s != IDL_PAGE_REPLY, 0))
    /* Dead, or the server released the page without a reply (the
       request carried IDL_TAG_ONEWAY, or the server misbehaves).  */
    return call_failed (b, s < 0 ? IDL_E_PEER_DIED : IDL_E_PROTO);

  uint64_t tag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
  /* The stub reads mr[1..] after we return; the server writes nothing
     until the next REQUEST, so no wake-up is needed here.  */
  __atomic_store_n (&pg->state, IDL_PAGE_IDLE, __ATOMIC_RELEASE);

  if (__builtin_expect (tag & IDL_TAG_ERROR, 0))
    {
      /* The server refused the request: pass its code on, unless it is
	 not one we know, which makes the reply itself malformed.  */
      unsigned code = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
      if (code == IDL_OK || code > IDL_E_INVAL)
	code = IDL_E_PROTO;
      return call_failed (b, (int) code);
    }
  if (__builtin_expect ((tag & IDL_TAG_COUNT_MASK) > IDL_MR_WORDS - 1, 0))
    return call_failed (b, IDL_E_PROTO);

  b->error = IDL_OK;
  return tag;
}

/* Copy the register words of a request.  All four are stored whatever
   the count: it costs less than the branches, and TAG's count (checked
   by the server) says which the server uses.  */
static inline void
put_r4 (uint64_t *mr, uint64_t w1, uint64_t w2, uint64_t w3, uint64_t w4)
{
  __atomic_store_n (&mr[1], w1, __ATOMIC_RELAXED);
  __atomic_store_n (&mr[2], w2, __ATOMIC_RELAXED);
  __atomic_store_n (&mr[3], w3, __ATOMIC_RELAXED);
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

uint64_t
idl_call_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	     uint64_t w3, uint64_t w4)
{
  int err = acquire_page (b);
  if (__builtin_expect (err != IDL_OK, 0))
    return call_failed (b, err);
  put_r4 (b->page->mr, w1, w2, w3, w4);
  post_request (b, tag);
  return await_reply (b);
}

uint64_t
idl_call_m (idl_binding_t *b, uint64_t tag, const uint64_t *words)
{
  int err = acquire_page (b);
  if (__builtin_expect (err != IDL_OK, 0))
    return call_failed (b, err);
  put_words (b->page->mr, tag, words);
  post_request (b, tag);
  return await_reply (b);
}

/* One-way requests always carry IDL_TAG_ONEWAY on the page, so the
   server never writes a reply that nobody reads.  */

uint64_t
idl_send_r4 (idl_binding_t *b, uint64_t tag, uint64_t w1, uint64_t w2,
	     uint64_t w3, uint64_t w4)
{
  int err = acquire_page (b);
  if (__builtin_expect (err != IDL_OK, 0))
    return call_failed (b, err);
  put_r4 (b->page->mr, w1, w2, w3, w4);
  post_request (b, tag | IDL_TAG_ONEWAY);
  b->error = IDL_OK;
  return 0;
}

uint64_t
idl_send_m (idl_binding_t *b, uint64_t tag, const uint64_t *words)
{
  int err = acquire_page (b);
  if (__builtin_expect (err != IDL_OK, 0))
    return call_failed (b, err);
  put_words (b->page->mr, tag, words);
  post_request (b, tag | IDL_TAG_ONEWAY);
  b->error = IDL_OK;
  return 0;
}

void
idl_stub_failed (idl_binding_t *b, uint64_t reply_tag)
{
  if (reply_tag & IDL_TAG_ERROR)
    {
      /* The runtime recorded why when it returned this tag; keep that,
	 unless the tag did not come from us.  */
      if (b->error == IDL_OK)
	{
	  unsigned code = (reply_tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
	  b->error = (code == IDL_OK || code > IDL_E_INVAL)
		     ? IDL_E_PROTO : (int) code;
	}
    }
  else
    /* A well-formed reply, but not the one the stub expected (wrong
       operation, interface or size).  */
    b->error = IDL_E_PROTO;
}

int
idl_error (const idl_binding_t *b)
{
  return b->error;
}
