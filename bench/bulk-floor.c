/* bulk-floor.c -- the floor under bench/bulk: what moving a buffer from
   one process's private memory to another's costs on this machine with
   no runtime at all.
   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A child process and its parent share four 1 MiB slots, as a
   connection's ring (runtime/ring.h) does.  For each call the parent
   copies the buffer into the slots in the ring's chunks (an eighth of
   the length, within [16 KiB, 1 MiB]) and publishes each; the child
   copies each chunk into private memory as it comes and publishes that
   it drained it; then it answers with one word.  Both sides spin on
   the counters (no system call, no checks, no announcement), so the
   figure is what the machine's caches and cores allow for two copies
   overlapped across two CPUs: a bound no transport that copies once
   on each side can beat, against which bench/bulk's in column is
   read.  memcpy of the same size in the same run, as in bench/bulk.
   Needs two CPUs free: on one, spinning only burns the peer's time.  */

#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SLOTS 4
#define SLOT ((size_t) 1 << 20)
#define MAXB ((size_t) 16 << 20)

/* The shared header, each word on its own cache line.  */
struct floor_hdr
{
  uint32_t filled;
  char pad0[60];
  uint32_t drained;
  char pad1[60];
  uint32_t req;
  char pad2[60];
  uint32_t rep;
  char pad3[60];
  uint64_t len;
};

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ring.h's idl_ring_chunk.  */
static uint64_t
chunk_for (uint64_t len)
{
  uint64_t c = (len / 8 + 4095) & ~(uint64_t) 4095;
  if (c < (16 << 10))
    c = 16 << 10;
  return c < SLOT ? c : SLOT;
}

static void
wait_for (const uint32_t *w, uint32_t v)
{
  while (__atomic_load_n (w, __ATOMIC_ACQUIRE) < v)
#if defined __x86_64__ || defined __i386__
    __builtin_ia32_pause ();
#else
    ;
#endif
}

static void
publish (uint32_t *w, uint32_t v)
{
  __atomic_store_n (w, v, __ATOMIC_RELEASE);
}

/* The child: each request's chunks into private memory, then the
   answer; a request of length 0 ends it.  */
static void
drain (struct floor_hdr *h, uint8_t *ring)
{
  uint8_t *priv = malloc (MAXB);
  uint32_t seen = 0;

  if (!priv)
    _exit (1);
  memset (priv, 0, MAXB);
  for (;;)
    {
      wait_for (&h->req, seen + 1);
      seen++;
      uint64_t len = h->len;
      if (len == 0)
	_exit (0);
      uint32_t k = 0;
      for (uint64_t off = 0, step = chunk_for (len); off < len;
	   off += step, k++)
	{
	  uint64_t c = len - off < step ? len - off : step;
	  wait_for (&h->filled, k + 1);
	  memcpy (priv + off, ring + (k % SLOTS) * SLOT, c);
	  publish (&h->drained, k + 1);
	}
      publish (&h->rep, seen);
    }
}

/* One call: LEN bytes of SRC to the child.  */
static void
call (struct floor_hdr *h, uint8_t *ring, const uint8_t *src, uint64_t len,
      uint32_t seq)
{
  uint32_t k = 0;

  h->filled = h->drained = 0;
  h->len = len;
  publish (&h->req, seq);
  for (uint64_t off = 0, step = chunk_for (len); off < len; off += step, k++)
    {
      uint64_t c = len - off < step ? len - off : step;
      if (k >= SLOTS)
	wait_for (&h->drained, k + 1 - SLOTS);
      memcpy (ring + (k % SLOTS) * SLOT, src + off, c);
      publish (&h->filled, k + 1);
    }
  wait_for (&h->rep, seq);
}

int
main (void)
{
  static const size_t sizes[] = { 64 << 10, 1 << 20, 16 << 20 };
  size_t shared = 4096 + SLOTS * SLOT;
  struct floor_hdr *h = mmap (NULL, shared, PROT_READ | PROT_WRITE,
			      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (h == MAP_FAILED)
    return 1;
  uint8_t *ring = (uint8_t *) h + 4096;
  memset (h, 0, shared);
  pid_t pid = fork ();
  if (pid < 0)
    return 1;
  if (pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      drain (h, ring);
    }
  uint8_t *src = malloc (MAXB), *dst = malloc (MAXB);
  if (!src || !dst)
    return 1;
  memset (src, 1, MAXB);
  memset (dst, 2, MAXB);

  uint32_t seq = 0;
  printf ("%-8s %10s %10s %8s %8s\n", "size", "floor MB/s", "memcpy",
	  "fl/mc", "us/call");
  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    {
      size_t len = sizes[i];
      unsigned iters = (unsigned) (((size_t) 1 << 30) / len);
      double best = 0, best_mc = 0;
      /* Best of 2 rounds, the first warming the slots and buffers.  */
      for (unsigned round = 0; round < 2; round++)
	{
	  double t0 = now ();
	  for (unsigned n = 0; n < iters; n++)
	    call (h, ring, src, len, ++seq);
	  double mbs = (double) len * iters / (now () - t0) / 1e6;
	  if (mbs > best)
	    best = mbs;
	  t0 = now ();
	  for (unsigned n = 0; n < iters; n++)
	    {
	      memcpy (dst, src, len);
	      __asm__ volatile ("" : : "r" (dst) : "memory");
	    }
	  mbs = (double) len * iters / (now () - t0) / 1e6;
	  if (mbs > best_mc)
	    best_mc = mbs;
	}
      char label[24];
      if (len >= (1 << 20))
	snprintf (label, sizeof label, "%zu MiB", len >> 20);
      else
	snprintf (label, sizeof label, "%zu KiB", len >> 10);
      printf ("%-8s %10.0f %10.0f %8.2f %8.1f\n", label, best, best_mc,
	      best / best_mc, len / best);
      fflush (stdout);
    }
  h->len = 0;
  publish (&h->req, ++seq);
  waitpid (pid, NULL, 0);
  return 0;
}
