/* impl.h -- what every implementation in server.c does.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Included once, by server.c (compiled by GCC with the plugin and the
   sanitizers): static helpers that record an implementation's run in
   fuzz_rec, read what it was given, check where its pointers point,
   write its outs and check at its end that no out overwrote another.
   Apart from server.c only so that neither file does two jobs.  */

#ifndef FUZZ_IMPL_H
#define FUZZ_IMPL_H

#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>
#include "idlstub.h"
#include "fuzz.h"


/* A hash of everything the running implementation read: it decides the
   lengths and bytes of what goes back, so different requests take
   different paths through the reply's packing.  */
static uint64_t h;

/* The out regions the running implementation wrote, to check at its
   end that none was overwritten by writing another.  NUL_AT is where an
   out string's terminator is (SIZE_MAX: none).  */
#define MAX_OUTS 16
static struct
{
  unsigned char *p;
  size_t n, nul_at;
  uint64_t seed;
} outs[MAX_OUTS];
static unsigned nouts;

static void
begin (idl_call_t *call, const idl_interface_t *iface, unsigned op,
       int oneway)
{
  FUZZ_CHECK (call == fuzz_rec.call);
  FUZZ_CHECK (fuzz_rec.calls == 0);
  fuzz_rec.calls++;
  fuzz_rec.iface = iface->id;
  fuzz_rec.op = op;
  fuzz_rec.oneway = oneway;
  h = 0x9e3779b97f4a7c15ULL * (op + 1);
  nouts = 0;
}

/* Pointer argument P is aligned for its type, as the server stub must
   make it (UBSan checks only the accesses made through it).  */
#define ALIGNED(p)							\
  FUZZ_CHECK ((uintptr_t) (p) % _Alignof (__typeof__ (*(p))) == 0)

/* Read N bytes at P, every one of them.  */
static void
mixin (const void *p, size_t n)
{
  const unsigned char *c = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ c[i]) * 0x100000001b3ULL;
}

/* The byte K of the pattern SEED writes; never 0, so an out string
   written with it has no early terminator.  */
static unsigned char
pattern (uint64_t seed, size_t k)
{
  return (unsigned char) ((seed >> (k % 7 * 8)) + k * 7) % 255 + 1;
}

static void
remember (void *p, size_t n, size_t nul_at, uint64_t seed)
{
  FUZZ_CHECK (nouts < MAX_OUTS);
  outs[nouts].p = p;
  outs[nouts].n = n;
  outs[nouts].nul_at = nul_at;
  outs[nouts].seed = seed;
  nouts++;
}

/* Write all N bytes of out object P.  */
static void
fill (void *p, size_t n)
{
  uint64_t seed = h++;
  for (size_t k = 0; k < n; k++)
    ((unsigned char *) p)[k] = pattern (seed, k);
  remember (p, n, SIZE_MAX, seed);
}

/* Every out region still holds what was written there.  */
static void
end (void)
{
  for (unsigned i = 0; i < nouts; i++)
    for (size_t k = 0; k < outs[i].n; k++)
      FUZZ_CHECK (outs[i].p[k] == (k == outs[i].nul_at
				   ? 0 : pattern (outs[i].seed, k)));
}

/* P[0..N-1] lies in the request's payload, as the received bytes of an
   in (or an inout's sent) string or buffer must.  Lengths compared, not
   pointers (P may be anywhere if the stub is wrong).  */
static void
in_payload (const void *p, size_t n)
{
  uintptr_t start = (uintptr_t) fuzz_rec.msg + IDL_MSG_REQ_PAYLOAD;
  uintptr_t a = (uintptr_t) p;
  FUZZ_CHECK (a >= start && a - start <= fuzz_rec.req_len
	      && n <= fuzz_rec.req_len - (a - start));
  mixin (p, n);
}

/* P[0..N-1] lies in the reply area.  */
static void
in_reply_area (const void *p, size_t n)
{
  uintptr_t start = (uintptr_t) fuzz_rec.msg + IDL_MSG_REPLY_PAYLOAD;
  uintptr_t a = (uintptr_t) p;
  FUZZ_CHECK (a >= start && a - start <= IDL_PAYLOAD_MAX
	      && n <= IDL_PAYLOAD_MAX - (a - start));
}

/* N bytes at P are zero: an out scalar or record starts so.  */
static void
zeroed (const void *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    FUZZ_CHECK (((const unsigned char *) p)[i] == 0);
}

/* A length for something that goes back with capacity CAP: mostly at
   most CAP; sometimes, decided by what came in, over it on purpose
   (then the reply must be IDL_E_BOUNDS).  */
static uint64_t
out_length (uint64_t cap)
{
  uint64_t r = h;
  h = h * 0x100000001b3ULL + 1;
  if (r % 13 == 0)
    {
      fuzz_rec.too_long = 1;
      return cap + 1 + (r >> 8) % 3;
    }
  return (r >> 4) % (cap + 1);
}

/* An in string with bound MAX: read up to its NUL.  */
static size_t
in_string (const char *s, size_t max)
{
  size_t n = strlen (s);
  FUZZ_CHECK (n <= max);
  in_payload (s, n + 1);
  return n;
}

/* An out (or, after reading it, inout) string with bound MAX: all
   MAX + 1 bytes written, a NUL within the bound, or none when
   out_length chooses one too long.  */
static void
out_string (char *s, size_t max)
{
  uint64_t seed = h++;
  size_t len = out_length (max);

  in_reply_area (s, max + 1);
  for (size_t k = 0; k <= max; k++)
    s[k] = (char) pattern (seed, k);
  if (len <= max)
    s[len] = 0;
  remember (s, max + 1, len <= max ? len : SIZE_MAX, seed);
}

/* An out buffer of N bytes: in the reply area, all of it written.  */
static void
out_buffer (void *p, size_t n)
{
  in_reply_area (p, n);
  fill (p, n);
}

/* Descriptor FD, received as an in argument: none, or one of the
   request's, open.  */
static void
in_fd (int fd)
{
  unsigned i;

  if (fd == -1)
    return;
  for (i = 0; i < fuzz_rec.nrfds && fuzz_rec.rfds[i] != fd; i++)
    ;
  FUZZ_CHECK (i < fuzz_rec.nrfds);
  FUZZ_CHECK (fcntl (fd, F_GETFD) >= 0);
  h = (h ^ (unsigned) i) * 0x100000001b3ULL;
}

/* An out descriptor: starts as none; becomes a new one or stays none.
   The harness checks that each new one is handed over and closed.  */
static void
out_fd (int *fd)
{
  FUZZ_CHECK (*fd == -1);
  if (h++ % 3 == 0)
    return;
  *fd = dup (fuzz_rec.spare_fd);
  FUZZ_CHECK (*fd >= 0 && fuzz_rec.nmade < FUZZ_MAX_MADE);
  fuzz_rec.made[fuzz_rec.nmade++] = *fd;
}

#endif /* FUZZ_IMPL_H */
