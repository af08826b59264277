/* harness.c -- libFuzzer's entry point: one request to a generated
   dispatcher, prepared as the server's runtime prepares it.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   An input is what a client puts on its connection's shared page:

     bytes 0-7    the request tag (little-endian; idlrt-abi.h); an
                  interface id none of the fuzzed servers has is
                  replaced by one of theirs
     byte  8      how many descriptors come with it, modulo 9 (a
                  count over IDL_MAX_FDS the runtime refuses, and
                  reaches no dispatcher: no input is spent on it)
     bytes 9-     the tag's count of message words, 8 bytes each
                  (missing bytes are zero), then the payload: all the
                  bytes that follow

   LLVMFuzzerTestOneInput does what serve_request_with (runtime/server.c)
   does with such a request -- the same checks before dispatch, the
   same private message (idlrt-abi.h, "Server side"), filled by the
   same function of libidlrt (idl_msg_request), real descriptors
   -- calls the dispatcher of the interface the tag names (one of the
   four in server.c), and then checks the outcome against the contract
   (idlrt.h, idl_dispatch_fn; doc/idlstub.texi, "Bounds" and
   "Descriptors"), aborting on anything else:

   - a request the runtime rejects never reaches a dispatcher;
   - a dispatcher returns a reply tag for the request's operation and
     interface, without flags, after exactly that operation's
     implementation ran; or IDL_TAG_ONEWAY after a one-way request ran
     its one-way operation; or IDL_TAG_ERROR with IDL_E_BADMSG, and then
     no implementation ran; or with IDL_E_BOUNDS, only when the
     implementation returned something over its bound on purpose;
   - the reply's payload and descriptor counts are within the ABI's
     limits, and it lists exactly the descriptors the implementation
     created; once the runtime's closing is done, no descriptor is left
     open (no leak), and none was closed early;
   - and, through the sanitizers, no byte is read or written out of
     place: the private message is a heap block (redzones on both
     sides), and the request payload's bytes past its length, and the
     words no one uses, are poisoned, so a stub that reads more than
     was received is an ASan report.

   The private message is refilled with a fixed "stale" pattern before
   each request (the runtime reuses one per connection), so that a
   finding depends on its input alone and reproduces.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sanitizer/asan_interface.h>
#include "idlrt.h"
#include "internal.h"		/* idl_msg_request, idl_close_distinct */
#include "fuzz.h"

/* coverage.c */
void idl_fuzz_new_input (void);

/* The call context.  The runtime's (struct idl_call, server-internal.h)
   says who called; a dispatcher only passes it on to the
   implementation, which checks it got this one.  */
struct idl_call
{
  int unused;
};
static struct idl_call the_call;

#define HEADER_BYTES 9
#define STALE 0xa5

/* The first word no part of the message uses, and the payload's start:
   the words between are poisoned.  */
#define UNUSED_WORDS (IDL_MSG_REPLY_FDS + IDL_MAX_FDS)

static uint64_t *msg;
static int spare_fd = -1;

void
fuzz_fail (const char *what, const char *func, int line)
{
  fprintf (stderr, "idlstub-fuzz: FAIL: %s (%s, line %d)\n", what, func,
	   line);
  abort ();
}

static uint64_t
error_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

static void
fail_reply (const char *what, uint64_t tag, uint64_t rtag)
{
  fprintf (stderr, "idlstub-fuzz: FAIL: %s: request tag %#llx, reply "
	   "tag %#llx; implementation calls %u (op %u, one-way %d, too "
	   "long %d)\n", what, (unsigned long long) tag,
	   (unsigned long long) rtag, fuzz_rec.calls, fuzz_rec.op,
	   fuzz_rec.oneway, fuzz_rec.too_long);
  abort ();
}

/* IDLSTUB_FUZZ_STATS=1: at exit, say how the requests fared and how
   many operations ran their implementation, to see what a run
   reached.  */
static struct
{
  unsigned long long rejected;	/* by the runtime, before dispatch */
  unsigned long long badmsg, bounds, oneway, replies;
} outcomes;
#define MAX_SERVERS 8
static unsigned char ran[MAX_SERVERS][IDL_MAX_OPNUM + 1];

static void
count (const struct fuzz_server *srv, uint64_t rtag)
{
  if (rtag == error_tag (IDL_E_BADMSG))
    outcomes.badmsg++;
  else if (rtag == error_tag (IDL_E_BOUNDS))
    outcomes.bounds++;
  else if (rtag == IDL_TAG_ONEWAY)
    outcomes.oneway++;
  else
    outcomes.replies++;
  if (fuzz_rec.calls && srv - fuzz_servers < MAX_SERVERS)
    ran[srv - fuzz_servers][fuzz_rec.op] = 1;
}

static void
print_stats (void)
{
  unsigned ops = 0, nran = 0;

  for (unsigned i = 0; i < fuzz_nservers && i < MAX_SERVERS; i++)
    {
      ops += fuzz_servers[i].iface->nops;
      for (unsigned op = 0; op <= IDL_MAX_OPNUM; op++)
	nran += ran[i][op];
    }
  fprintf (stderr, "idlstub-fuzz: %llu rejected before dispatch, %llu "
	   "IDL_E_BADMSG, %llu IDL_E_BOUNDS, %llu one-way, %llu replies; "
	   "%u of %u operations ran\n", outcomes.rejected, outcomes.badmsg,
	   outcomes.bounds, outcomes.oneway, outcomes.replies, nran, ops);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  /* 64-byte aligned, as the ABI asks; from the heap rather than mmap
     (the runtime's choice) so that ASan puts redzones around it.  */
  msg = aligned_alloc (64, IDL_MSG_BYTES);
  spare_fd = open ("/dev/null", O_RDWR | O_CLOEXEC);
  if (!msg || spare_fd < 0)
    {
      perror ("idlstub-fuzz");
      exit (1);
    }
  if (getenv ("IDLSTUB_FUZZ_STATS"))
    atexit (print_stats);
  return 0;
}

/* Judge the dispatcher's answer RTAG to request TAG.  */
static void
judge (uint64_t tag, uint64_t rtag)
{
  const struct fuzz_record *r = &fuzz_rec;

  if (r->calls > 1)
    fail_reply ("more than one implementation ran", tag, rtag);
  if (r->calls
      && (r->iface != (uint32_t) (tag >> IDL_TAG_IFACE_SHIFT)
	  || r->op != ((tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK)))
    fail_reply ("the implementation of another operation ran", tag, rtag);

  if (rtag & IDL_TAG_ERROR)
    {
      if (rtag == error_tag (IDL_E_BADMSG))
	{
	  if (r->calls)
	    fail_reply ("IDL_E_BADMSG after the implementation ran", tag,
			rtag);
	}
      else if (rtag == error_tag (IDL_E_BOUNDS))
	{
	  if (!r->calls || !r->too_long || r->oneway)
	    fail_reply ("IDL_E_BOUNDS without an over-long out value", tag,
			rtag);
	}
      else
	fail_reply ("not a documented error reply", tag, rtag);
    }
  else if (rtag == IDL_TAG_ONEWAY)
    {
      if (!(tag & IDL_TAG_ONEWAY) || !r->calls || !r->oneway)
	fail_reply ("IDL_TAG_ONEWAY for a request that is not one-way", tag,
		    rtag);
    }
  else
    {
      if (!r->calls || r->oneway || (tag & IDL_TAG_ONEWAY))
	fail_reply ("a reply without a two-way implementation run", tag,
		    rtag);
      if (r->too_long)
	fail_reply ("an over-long out value was not refused", tag, rtag);
      if ((rtag >> IDL_TAG_OP_SHIFT) != (tag >> IDL_TAG_OP_SHIFT)
	  || (rtag & ((1u << IDL_TAG_OP_SHIFT) - 1) & ~IDL_TAG_COUNT_MASK))
	fail_reply ("the reply tag is not this request's", tag, rtag);
      if ((rtag & IDL_TAG_COUNT_MASK) > IDL_MR_WORDS - 1)
	fail_reply ("more reply words than message registers", tag, rtag);
      if (msg[IDL_MSG_REPLY_LEN] > IDL_PAYLOAD_MAX)
	fail_reply ("a reply payload over IDL_PAYLOAD_MAX", tag, rtag);
    }

  /* The descriptors listed for the reply: exactly those created, each
     once (the runtime closes them all, whatever the reply).  */
  uint64_t nout = msg[IDL_MSG_REPLY_NFDS];
  if (nout > IDL_MAX_FDS || nout != r->nmade)
    fail_reply ("the reply lists other descriptors than were made", tag,
		rtag);
  for (unsigned i = 0; i < nout; i++)
    {
      int fd = (int) msg[IDL_MSG_REPLY_FDS + i];
      unsigned j, k;
      for (j = 0; j < r->nmade && r->made[j] != fd; j++)
	;
      for (k = 0; k < i && (int) msg[IDL_MSG_REPLY_FDS + k] != fd; k++)
	;
      if (j == r->nmade || k < i)
	fail_reply ("the reply lists other descriptors than were made", tag,
		    rtag);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  uint64_t tag = 0;
  unsigned nfds, n;
  int rfds[IDL_MAX_FDS], out[IDL_MAX_FDS];
  const struct fuzz_server *srv = NULL;

  idl_fuzz_new_input ();
  if (size < HEADER_BYTES)
    return 0;
  for (int i = 7; i >= 0; i--)
    tag = tag << 8 | data[i];
  nfds = data[8] % (IDL_MAX_FDS + 1);
  n = tag & IDL_TAG_COUNT_MASK;
  size_t words_bytes = (size_t) n * 8;
  size_t rest = size - HEADER_BYTES;
  size_t len = rest > words_bytes ? rest - words_bytes : 0;

  /* The server: the one whose interface the tag names.  A server
     refuses a tag naming another interface before dispatch, so such an
     input would test nothing; most mutations of the tag's top four
     bytes make one.  Instead, an id that is none of the four picks one
     of them (modulo four) and takes its id.  */
  uint32_t id = (uint32_t) (tag >> IDL_TAG_IFACE_SHIFT);
  for (unsigned i = 0; i < fuzz_nservers; i++)
    if (fuzz_servers[i].iface->id == id)
      srv = &fuzz_servers[i];
  if (!srv)
    {
      srv = &fuzz_servers[id % fuzz_nservers];
      tag = (tag & 0xffffffffu) | (uint64_t) srv->iface->id
				   << IDL_TAG_IFACE_SHIFT;
    }

  /* serve_request_with's checks before dispatch: such a request gets
     IDL_E_BADMSG from the runtime and reaches no dispatcher.  */
  if (len > IDL_PAYLOAD_MAX || n > IDL_MR_WORDS - 1
      || (tag & IDL_TAG_ERROR)
      || (uint32_t) (tag >> IDL_TAG_IFACE_SHIFT) != srv->iface->id)
    {
      outcomes.rejected++;
      return 0;
    }

  /* The lowest free descriptor number: the same afterwards, or one
     leaked.  (Not taken once at start: libFuzzer opens files of its
     own.)  */
  int lowest_free = dup (spare_fd);
  close (lowest_free);

  /* The descriptors received with it: new ones, as SCM_RIGHTS makes.  */
  for (unsigned i = 0; i < nfds; i++)
    {
      rfds[i] = fcntl (spare_fd, F_DUPFD_CLOEXEC, 0);
      if (rfds[i] < 0)
	fuzz_fail ("out of descriptors", __func__, __LINE__);
    }

  /* The private message, prepared by the runtime's own code
     (idl_msg_request, the copy serve_request_with makes).  The words
     are put in place first: the input holds them unaligned, and maybe
     not all.  */
  ASAN_UNPOISON_MEMORY_REGION (msg, IDL_MSG_BYTES);
  memset (msg, STALE, IDL_MSG_BYTES);
  memset (msg + 1, 0, words_bytes);
  memcpy (msg + 1, data + HEADER_BYTES, rest < words_bytes ? rest
	  : words_bytes);
  idl_msg_request (msg, tag, NULL, data + HEADER_BYTES + words_bytes,
		   (uint32_t) len, rfds, nfds);
  /* What a dispatcher has no business reading.  */
  ASAN_POISON_MEMORY_REGION ((uint8_t *) msg + IDL_MSG_REQ_PAYLOAD + len,
			     IDL_PAYLOAD_MAX - len);
  ASAN_POISON_MEMORY_REGION (msg + UNUSED_WORDS,
			     IDL_MSG_REQ_PAYLOAD - UNUSED_WORDS * 8);

  memset (&fuzz_rec, 0, sizeof fuzz_rec);
  fuzz_rec.call = &the_call;
  fuzz_rec.msg = msg;
  fuzz_rec.req_len = len;
  fuzz_rec.rfds = rfds;
  fuzz_rec.nrfds = nfds;
  fuzz_rec.spare_fd = spare_fd;

  uint64_t rtag = srv->dispatch (&the_call, msg);

  judge (tag, rtag);
  count (srv, rtag);

  /* The request's descriptors were lent, not given: still open.  */
  for (unsigned i = 0; i < nfds; i++)
    if (fcntl (rfds[i], F_GETFD) < 0)
      fail_reply ("a request descriptor was closed during dispatch", tag,
		  rtag);
  /* Then the runtime closes them and the reply's (judge checked the
     count).  */
  unsigned nout = (unsigned) msg[IDL_MSG_REPLY_NFDS];
  for (unsigned i = 0; i < nout; i++)
    out[i] = (int) msg[IDL_MSG_REPLY_FDS + i];
  idl_close_distinct (rfds, nfds, out, nout);
  int probe = dup (spare_fd);
  if (probe != lowest_free)
    fail_reply ("a descriptor leaked", tag, rtag);
  close (probe);
  return 0;
}
