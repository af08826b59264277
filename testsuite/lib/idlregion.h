/* idlregion.h -- shared helpers for the run tests of regions
   (idl_region_*, IDL_REGION parameters; issue 20).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What every region test did for itself: make a region or fail the
   test (with its first byte, or sealed, or made unsealable by a second
   writable mapping), make a raw memfd with chosen seals (what a
   hostile client passes instead of a region), read a region's seals,
   fill a buffer with a checked pattern, send a hand-made request whose
   one word is a descriptor's index and expect IDL_E_BADMSG, time calls
   and take medians, and run a test's basics against a co-located
   server without and with workers.  The differences between the tests
   (sizes, seals, patterns, operation numbers) are the callers'
   arguments.  */

#ifndef IDLREGION_H
#define IDLREGION_H

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "idltest.h"

/* A new region of N bytes (idl_region_new: zeroed, unsealed), or the
   test fails.  */
static inline idl_region_t *
idltest_region_new (size_t n)
{
  int err = -1;
  idl_region_t *r = idl_region_new (n, &err);
  CHECK (r && err == IDL_OK);
  return r;
}

/* The same with FIRST as its first byte: what the tests whose server
   returns or rewrites that byte pass.  */
static inline idl_region_t *
idltest_region_first (size_t n, unsigned char first)
{
  idl_region_t *r = idltest_region_new (n);
  ((unsigned char *) idl_region_data (r))[0] = first;
  return r;
}

/* A new region of N bytes sealed at once (idl_region_seal): one the
   client stub must refuse as an out or inout region.  */
static inline idl_region_t *
idltest_region_sealed (size_t n)
{
  idl_region_t *r = idltest_region_new (n);
  CHECK (idl_region_seal (r) == IDL_OK);
  return r;
}

/* A second writable shared mapping of R's first N bytes: while it
   exists R cannot be sealed (F_SEAL_WRITE is refused), so a call with
   R as an in region must fail before anything is sent.  munmap it to
   make R sealable again.  */
static inline void *
idltest_region_map_writable (const idl_region_t *r, size_t n)
{
  void *p = mmap (NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED,
		  idl_region_fd (r), 0);
  CHECK (p != MAP_FAILED);
  return p;
}

/* R's seals (F_GET_SEALS), or the test fails.  */
static inline int
idltest_region_seals (const idl_region_t *r)
{
  int seals = fcntl (idl_region_fd (r), F_GET_SEALS);
  CHECK (seals >= 0);
  return seals;
}

/* A raw memfd named NAME of SIZE bytes with SEALS added (0: none): a
   descriptor a hostile client passes where a region is expected.  */
static inline int
idltest_memfd_sealed (const char *name, off_t size, int seals)
{
  int fd = memfd_create (name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
  CHECK (fd >= 0);
  CHECK (ftruncate (fd, size) == 0);
  if (seals)
    CHECK (fcntl (fd, F_ADD_SEALS, seals) == 0);
  return fd;
}

/* A request made by hand for operation NUMBER of interface ID, whose
   one region parameter is descriptor FD (the request is one word: the
   descriptor's index).  The server must refuse it as malformed, its
   implementation not run, and serve the next call.  */
static inline void
idltest_region_badmsg (idl_binding_t *b, uint64_t id, unsigned number,
		       int fd)
{
  uint64_t tag = id << IDL_TAG_IFACE_SHIFT
		 | (uint64_t) number << IDL_TAG_OP_SHIFT | 1;
  uint64_t w[1] = { 0 };
  uint64_t r = idl_call_x (b, tag, w, 0, &fd, 1);
  CHECK (r & IDL_TAG_ERROR);
  CHECK (idl_error (b) == IDL_E_BADMSG);
}

/* Fill P[0..N-1] with byte I = I * MUL + ADD (mod 256); the bytes'
   sum.  */
static inline long
idltest_fill_linear (unsigned char *p, size_t n, unsigned mul, unsigned add)
{
  long sum = 0;
  for (size_t i = 0; i < n; i++)
    {
      p[i] = (unsigned char) (i * mul + add);
      sum += p[i];
    }
  return sum;
}

/* Fill P[0..N-1] with byte I = I ^ (I >> 13): a pattern that differs
   from one 8 KiB block to the next, so that a page seen at the wrong
   place changes the sum; the bytes' sum.  */
static inline long
idltest_fill_pages (unsigned char *p, size_t n)
{
  long sum = 0;
  for (size_t i = 0; i < n; i++)
    {
      p[i] = (unsigned char) (i ^ (i >> 13));
      sum += p[i];
    }
  return sum;
}

/* Microseconds on the monotonic clock.  */
static inline double
idltest_now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static inline int
idltest_cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The median of S[0..N-1] (sorted in place).  The region tests compare
   medians of calls alternated between a small and a large region, so
   that a load on the machine weighs on both alike.  */
static inline double
idltest_median (double *s, size_t n)
{
  qsort (s, n, sizeof s[0], idltest_cmp_double);
  return s[n / 2];
}

/* BASICS (B, DIRECT) against a server for IFACE created in this
   process under NAME: first without workers (DIRECT 0: the message
   path), then with two (DIRECT 1: direct calls, the implementation
   given the caller's own region).  */
static inline void
idltest_colocated (const char *name, const idl_interface_t *iface,
		   idl_dispatch_fn dispatch,
		   void (*basics) (idl_binding_t *b, int direct))
{
  int err = 0;
  idl_server_t *srv = idl_server_create (name, iface, dispatch, &err);
  CHECK (srv);
  idl_binding_t *b = idl_connect (name, iface, &err);
  CHECK (b);
  basics (b, 0);
  CHECK (idl_server_set_workers (srv, 2) == 0);
  basics (b, 1);
  idl_close (b);
  idl_server_stop (srv);
  idl_server_destroy (srv);
}

#endif /* IDLREGION_H */
