/* fuzz.h -- what the fuzzing harness and the fuzzed server share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   server.c (compiled by GCC with the plugin) holds the dispatchers and
   the implementations; harness.c (compiled by clang, linked with
   libFuzzer) prepares each request as the runtime's server loop does
   and judges the outcome.  The implementations tell the harness, in
   FUZZ_REC, what they were given and what they did, so that the harness
   can tell a correct rejection from a wrong one: a request that reached
   an implementation must have been well formed, and a reply must be the
   one that implementation's operation sends.

   Plain C, no idlstub annotations: harness.c is compiled without the
   plugin.  */

#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

struct idl_call;
struct idl_interface;

/* Most descriptors one operation of the fuzzed interfaces hands back
   (fd_both: two), with room to spare.  */
#define FUZZ_MAX_MADE 8

/* One request's record.  The harness fills the first part before it
   calls the dispatcher; implementations fill the rest.  */
struct fuzz_record
{
  /* Set by the harness.  */
  struct idl_call *call;	/* the call context it passed */
  const uint64_t *msg;		/* the private message */
  uint64_t req_len;		/* request payload bytes */
  const int *rfds;		/* the request's descriptors */
  unsigned nrfds;
  int spare_fd;			/* what an implementation dup()s to make
				   an out descriptor */

  /* Set by the implementations.  */
  unsigned calls;		/* implementations run (0 or 1) */
  uint32_t iface;		/* the interface id of the one that ran */
  unsigned op;			/* its operation number */
  int oneway;			/* it is a one-way operation */
  int too_long;			/* it wrote an out string or length over
				   its bound on purpose: the reply must
				   be IDL_E_BOUNDS */
  unsigned nmade;		/* descriptors it created as out values */
  int made[FUZZ_MAX_MADE];
};

extern struct fuzz_record fuzz_rec;

/* A server the harness can feed: a descriptor and its dispatcher.  */
struct fuzz_server
{
  const struct idl_interface *iface;
  uint64_t (*dispatch) (struct idl_call *, uint64_t *);
};

/* server.c's servers, FUZZ_NSERVERS of them.  */
extern const struct fuzz_server fuzz_servers[];
extern const unsigned fuzz_nservers;

/* Report a broken invariant (what, where) and abort: libFuzzer saves
   the input that did it.  */
void fuzz_fail (const char *what, const char *func, int line)
  __attribute__ ((__noreturn__));

#define FUZZ_CHECK(cond)					\
  ((cond) ? (void) 0 : fuzz_fail (#cond, __func__, __LINE__))

#endif /* FUZZ_H */
