/* server-bulk.c -- the bulk and region fuzzer's server: bulk.h's
   implementations.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compiled by GCC with the plugin, the sanitizers and coverage
   instrumentation, as server.c (fuzz/Makefile.am).  Every
   implementation records its run (fzb_rec), shows the harness each bulk
   item and region its stub gave it (fuzz-bulk.h's hooks: the harness
   checks the bytes are the client's, copied into private memory, and
   the region the client's, as sealed as it must be), reads every byte
   of its in items and writes every byte of its out items' rooms, so
   that ASan sees a stub or a runtime that hands over less than it
   says; and now and then returns a length or a string over its bound
   on purpose (fzb_rec.too_long: the reply must be IDL_E_BOUNDS).  */

#include <string.h>
#include "bulk.h"
#include "fuzz-bulk.h"

IDL_SERVER (fzbulk);

const struct idl_interface *const fzb_iface = &fzbulk;
uint64_t (*const fzb_dispatch) (struct idl_call *, uint64_t *)
  = fzbulk_dispatch;

struct fzb_record fzb_rec;

static void
begin (idl_call_t *call, unsigned op)
{
  if (call != fzb_rec.call || fzb_rec.calls != 0)
    __builtin_trap ();
  fzb_rec.calls++;
  fzb_rec.op = op;
}

/* A hash of N bytes at P, every one read.  */
static uint64_t
hash (uint64_t h, const void *p, size_t n)
{
  const unsigned char *c = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ c[i]) * 0x100000001b3ULL;
  return h;
}

uint64_t
bin_impl (idl_call_t *call, const uint8_t *in, size_t n)
{
  begin (call, 1);
  fzb_in_item (0, in, n);
  return hash (1, in, n);
}

int
bout_impl (idl_call_t *call, size_t want, uint32_t *out, size_t cap,
	   size_t *len)
{
  begin (call, 2);
  fzb_out_item (0, out, (uint64_t) cap * sizeof *out);
  for (size_t i = 0; i < cap; i++)
    out[i] = (uint32_t) (i * 2654435761u + want);
  if (want <= cap)
    *len = want;
  else if (want & 1)
    {
      *len = want;
      fzb_rec.too_long = 1;
    }
  else
    *len = cap;
  return (int) (want & 0x7f);
}

uint64_t
bstr_impl (idl_call_t *call, char *s, const uint8_t *small, size_t n,
	   char *o)
{
  size_t sl = strlen (s);
  uint64_t h;

  begin (call, 3);
  fzb_in_item (0, s, sl + 1);
  fzb_out_item (0, s, FZ_BIG + 1);
  fzb_out_item (1, o, FZ_BIG + 1);
  h = hash (hash (3, s, sl + 1), small, n);
  /* The inout string comes back one byte shorter (or as it was when
     empty); the out string as long as the hash says, or, now and then,
     with no NUL within its bound.  */
  if (sl > 0)
    s[sl - 1] = 0;
  memset (o, 'a' + (int) (h % 26), FZ_BIG + 1);
  if (n > 0 && small[0] == 0xee)
    fzb_rec.too_long = 1;
  else
    o[h % (FZ_BIG + 1)] = 0;
  return h;
}

int
bmix_impl (idl_call_t *call, const char *t, uint16_t *w, size_t cap,
	   size_t *len, _Bool *f, size_t m)
{
  size_t tl = strlen (t);
  uint64_t h;

  begin (call, 4);
  fzb_in_item (0, t, tl + 1);
  fzb_in_item (1, w, (uint64_t) *len * sizeof *w);
  fzb_out_item (1, w, (uint64_t) cap * sizeof *w);
  fzb_out_item (2, f, m);
  h = hash (hash (4, t, tl + 1), w, *len * sizeof *w);
  for (size_t i = 0; i < cap; i++)
    w[i] = (uint16_t) (h + i);
  for (size_t i = 0; i < m; i++)
    f[i] = (h >> (i % 64)) & 1;
  if (tl > 0 && t[0] == '!')
    {
      *len = cap + 1;
      fzb_rec.too_long = 1;
    }
  else
    *len = cap > 0 ? h % (cap + 1) : 0;
  return (int) (h & 0xff);
}

/* An in region's bytes: its first and last 64 (the client wrote those,
   fzb_pattern), all read.  */
static uint64_t
read_region (idl_region_t *r)
{
  const unsigned char *d = idl_region_data (r);
  size_t n = idl_region_size (r);
  uint64_t h = n;

  for (size_t i = 0; i < n && i < 64; i++)
    h = (h ^ d[i]) * 0x100000001b3ULL;
  for (size_t i = n > 64 ? n - 64 : 0; i < n; i++)
    h = (h ^ d[i]) * 0x100000001b3ULL;
  return h;
}

/* An out region's first and last bytes, written from SEED (before
   fzb_region: the harness reads them back after the reply).  */
static void
write_region (idl_region_t *r, long seed)
{
  unsigned char *d = idl_region_data (r);
  size_t n = idl_region_size (r);

  d[0] = (unsigned char) seed;
  d[n - 1] = (unsigned char) (seed >> 8);
}

uint64_t
rin_impl (idl_call_t *call, idl_region_t *r, long x)
{
  begin (call, 5);
  fzb_region (r, IDL_REGION_IN_);
  return read_region (r) + (uint64_t) x;
}

long
rout_impl (idl_call_t *call, long seed, idl_region_t *r)
{
  begin (call, 6);
  write_region (r, seed);
  fzb_region (r, IDL_REGION_OUT_);
  return seed;
}

long
rboth_impl (idl_call_t *call, idl_region_t *a, int fd, idl_region_t *o)
{
  begin (call, 7);
  fzb_region (a, IDL_REGION_IN_);
  fzb_fd (fd);
  long h = (long) read_region (a);
  write_region (o, h);
  fzb_region (o, IDL_REGION_OUT_);
  return h;
}
