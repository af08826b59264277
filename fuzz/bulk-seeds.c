/* bulk-seeds.c -- the bulk and region fuzzer's seed corpus: real calls
   of bulk.h's operations, written as harness-bulk.c's inputs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compiled by GCC with the plugin (client stubs and a server of bulk.h)
   and run at build time (fuzz/Makefile.am) with the seed directory as
   its argument.  It serves bulk.h in a thread, twice: with a thread per
   connection (the client's first bulk call offers a ring, which the
   server takes) and with one worker (it refuses the ring: the client's
   memfd).  Each call of the program's client crosses a real connection
   (IDL_COLOCATE=0); the server's dispatcher first records what the
   runtime handed it (the tag, words and payload, each bulk item's
   bytes, the descriptors), and the call's own arguments say what the
   client announced (each item's direction, length and room).  From
   those it writes one input per call: the setup the client made (a
   sealed memfd, or a ring), the client's writes of the in items' bytes
   into it, and the request.  So the seeds' words are the plugin's
   layout of today, whatever it is.  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bulk.h"
#include "fuzz-bulk.h"
#include "page.h"
#include "ring.h"

IDL_SERVER (fzbulk);

/* The hooks of server-bulk.c's implementations are the harness's; the
   implementations here need none.  */

uint64_t
bin_impl (idl_call_t *call, const uint8_t *in, size_t n)
{
  (void) call;
  return n ? in[0] + n : 0;
}

int
bout_impl (idl_call_t *call, size_t want, uint32_t *out, size_t cap,
	   size_t *len)
{
  (void) call;
  for (size_t i = 0; i < cap; i++)
    out[i] = (uint32_t) i;
  *len = want <= cap ? want : cap;
  return 0;
}

uint64_t
bstr_impl (idl_call_t *call, char *s, const uint8_t *small, size_t n,
	   char *o)
{
  (void) call;
  (void) small;
  strcpy (o, s);
  return n;
}

int
bmix_impl (idl_call_t *call, const char *t, uint16_t *w, size_t cap,
	   size_t *len, _Bool *f, size_t m)
{
  (void) call;
  (void) t;
  (void) w;
  *len = cap / 2;
  for (size_t i = 0; i < m; i++)
    f[i] = i & 1;
  return 0;
}

uint64_t
rin_impl (idl_call_t *call, idl_region_t *r, long x)
{
  (void) call;
  return idl_region_size (r) + (uint64_t) x;
}

long
rout_impl (idl_call_t *call, long seed, idl_region_t *r)
{
  (void) call;
  ((unsigned char *) idl_region_data (r))[0] = (unsigned char) seed;
  return seed;
}

long
rboth_impl (idl_call_t *call, idl_region_t *a, int fd, idl_region_t *o)
{
  (void) call;
  (void) fd;
  ((unsigned char *) idl_region_data (o))[0] = 1;
  return (long) idl_region_size (a);
}

/* What the client announces for the call under way (set before it:
   the directions, and the rooms of inout items, which the server does
   not see; the rest is what the dispatcher gets), and where the seeds
   go.  */
static struct
{
  unsigned n;
  uint64_t dir[IDL_BULK_ITEMS], len[IDL_BULK_ITEMS], max[IDL_BULK_ITEMS];
  int ring;
} ann;
static const char *dir;
static unsigned nseeds;

/* The seed being written.  */
static FILE *out;

static void
put (uint64_t v, unsigned bytes)
{
  for (unsigned i = 0; i < bytes; i++)
    fputc ((int) (v >> (8 * i)) & 0xff, out);
}

/* FZB_WRITE steps: LEN bytes at P into the memfd (or ring) at OFF.  */
static void
put_write (uint64_t off, const uint8_t *p, uint64_t len)
{
  for (uint64_t o = 0; o < len; o += 65535)
    {
      uint64_t n = len - o < 65535 ? len - o : 65535;
      put (FZB_WRITE | (ann.ring ? 4 : 0), 1);
      put (off + o, 4);
      put (n, 2);
      fwrite (p + o, 1, n, out);
    }
}

/* A memfd-like descriptor's fd spec: which kind, by what the client
   sent it as (an in region is sealed against writing).  */
static void
put_fd (int fd)
{
  struct stat st;
  int seals = fcntl (fd, F_GET_SEALS);

  if (fstat (fd, &st) != 0 || seals < 0)
    {
      put (FZB_FD_DEVNULL, 1);
      return;
    }
  put (seals & F_SEAL_WRITE ? FZB_FD_REGION_IN : FZB_FD_SEALED, 1);
  put ((uint64_t) st.st_size, 4);
}

/* A copy of seed PATH whose client stops filling and draining the ring
   at once (both counters 0): the server's ring waits end, and it drops
   the connection (ring.h).  */
static void
stalled (const char *path)
{
  static uint8_t buf[1 << 20];
  char spath[4200];
  FILE *f = fopen (path, "rb");
  size_t n;

  if (!f)
    {
      perror (path);
      exit (1);
    }
  n = fread (buf, 1, sizeof buf, f);
  fclose (f);
  snprintf (spath, sizeof spath, "%s-stalled", path);
  out = fopen (spath, "wb");
  if (!out || n == 0 || n == sizeof buf)
    {
      perror (spath);
      exit (1);
    }
  fwrite (buf, 1, n - 1, out);
  put (3, 1);
  put (0, 8);
  if (fclose (out) != 0)
    {
      perror (spath);
      exit (1);
    }
}

static uint64_t
record (idl_call_t *call, uint64_t *msg)
{
  uint64_t tag = msg[0];
  unsigned nw = tag & IDL_TAG_COUNT_MASK;
  char path[4096];

  snprintf (path, sizeof path, "%s/%s-op%u-%u", dir,
	    ann.ring ? "ring" : "memfd",
	    (unsigned) (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK, nseeds++);
  out = fopen (path, "wb");
  if (!out)
    {
      perror (path);
      exit (1);
    }
  put (ann.ring ? 1 : 0, 1);	/* a thread of its own; the default cap */
  if (ann.n > 0)
    {
      /* The setup: a memfd large enough (sealed against shrinking and
	 growing), or the ring.  */
      put (FZB_SETUP | (ann.ring ? 4 : 0) | 1 << 4, 1);
      put (FZB_FD_SEALED, 1);
      put (ann.ring ? IDL_RING_BYTES : 4u << 20, 4);
    }
  /* The in items' bytes where the client puts them.  */
  uint64_t off = 0;
  uint32_t chunk_no = 0;
  for (unsigned i = 0; i < ann.n; i++)
    {
      const uint8_t *p = (const uint8_t *) (uintptr_t) msg[IDL_MSG_BULK
							   + 2 * i];
      uint64_t got = msg[IDL_MSG_BULK + 2 * i + 1];
      ann.len[i] = ann.dir[i] == IDL_BULK_OUT ? 0 : got;
      if (ann.dir[i] != IDL_BULK_INOUT)
	ann.max[i] = got;
      uint64_t len = ann.len[i];
      if (!ann.ring)
	put_write (off, p, len);
      else
	for (uint64_t o = 0, step = idl_ring_chunk (len); o < len;
	     o += step, chunk_no++)
	  put_write (IDL_RING_HEADER
		     + (uint64_t) (chunk_no % IDL_RING_SLOTS) * IDL_RING_SLOT,
		     p + o, len - o < step ? len - o : step);
      off += ((ann.dir[i] == IDL_BULK_IN ? ann.len[i] : ann.max[i]) + 63)
	     & ~(uint64_t) 63;
    }
  /* The request.  */
  put (FZB_REQUEST | (ann.n > 0 ? 4 : 0), 1);
  put (tag, 8);
  for (unsigned i = 0; i < nw; i++)
    put (msg[1 + i], 8);
  put (ann.n, 1);
  for (unsigned i = 0; i < ann.n; i++)
    {
      put (ann.dir[i], 1);
      put (ann.len[i], 4);
      put (ann.max[i], 4);
    }
  put (msg[IDL_MSG_REQ_LEN], 2);
  fwrite ((uint8_t *) msg + IDL_MSG_REQ_PAYLOAD, 1, msg[IDL_MSG_REQ_LEN], out);
  put (msg[IDL_MSG_REQ_NFDS], 1);
  for (unsigned i = 0; i < msg[IDL_MSG_REQ_NFDS]; i++)
    put_fd ((int) msg[IDL_MSG_REQ_FDS + i]);
  put (0, 1);			/* the ring all filled, all drained */
  if (fclose (out) != 0)
    {
      perror (path);
      exit (1);
    }
  if (ann.ring && ann.n > 0)
    stalled (path);
  return fzbulk_dispatch (call, msg);
}

static void *
serve (void *arg)
{
  idl_server_run (arg);
  return NULL;
}

#define CHECK(c)							\
  do									\
    if (!(c))								\
      {									\
	fprintf (stderr, "bulk-seeds: %s failed (line %d)\n", #c,	\
		 __LINE__);						\
	exit (1);							\
      }									\
  while (0)

/* Set the announcement of the next call: N items of DIR, LEN, MAX
   (only an inout item's MAX counts: record takes the rest from what
   the dispatcher gets).  */
static void
announce (unsigned n, const uint64_t (*items)[3])
{
  ann.n = n;
  for (unsigned i = 0; i < n; i++)
    {
      ann.dir[i] = items[i][0];
      ann.len[i] = items[i][1];
      ann.max[i] = items[i][2];
    }
}

static idl_region_t *
region (size_t size, unsigned char fill)
{
  idl_region_t *r = idl_region_new (size, NULL);
  CHECK (r != NULL);
  memset (idl_region_data (r), fill, size);
  return r;
}

/* Every operation, a few sizes, on a new connection to NAME.  */
static void
calls (const char *name)
{
  int err;
  static uint8_t buf[20000];
  static uint32_t w32[100];
  static char s[FZ_BIG + 1], o[FZ_BIG + 1], t[50];
  static uint16_t w16[10];
  static _Bool f[7];
  size_t len;

  idl_binding_t *b = idl_connect (name, &fzbulk, &err);
  CHECK (b != NULL);
  memset (buf, 'x', sizeof buf);
  for (size_t n = 100; n <= sizeof buf; n += 19900)
    {
      announce (1, (const uint64_t[][3]) { { IDL_BULK_IN, n, n } });
      bin (b, buf, n);
      CHECK (idl_error (b) == IDL_OK);
    }
  announce (1, (const uint64_t[][3]) { { IDL_BULK_OUT, 0, 200 } });
  CHECK (bout (b, 10, w32, 50, &len) == 0 && len == 10
	 && idl_error (b) == IDL_OK);
  strcpy (s, "hello");
  announce (2, (const uint64_t[][3]) { { IDL_BULK_INOUT, 0, FZ_BIG + 1 },
				       { IDL_BULK_OUT, 0, FZ_BIG + 1 } });
  bstr (b, s, (const uint8_t *) "abc", 3, o);
  CHECK (idl_error (b) == IDL_OK);
  strcpy (t, "tt");
  len = 3;
  announce (3, (const uint64_t[][3]) { { IDL_BULK_IN, 3, 3 },
				       { IDL_BULK_INOUT, 0, 20 },
				       { IDL_BULK_OUT, 0, 7 } });
  bmix (b, t, w16, 10, &len, f, 7);
  CHECK (idl_error (b) == IDL_OK);

  announce (0, NULL);
  idl_region_t *ri = region (5000, 1), *ro = region (8192, 0);
  CHECK (rin (b, ri, 3) == 5003 && idl_error (b) == IDL_OK);
  CHECK (rout (b, 7, ro) == 7 && idl_error (b) == IDL_OK);
  idl_region_free (ri);
  idl_region_free (ro);
  ri = region (100, 2);
  ro = region (4096, 0);
  int fd = open ("/dev/null", O_RDONLY | O_CLOEXEC);
  CHECK (rboth (b, ri, fd, ro) == 100 && idl_error (b) == IDL_OK);
  close (fd);
  idl_region_free (ri);
  idl_region_free (ro);
  idl_close (b);
}

int
main (int argc, char **argv)
{
  char name[64];
  int err;

  CHECK (argc == 2);
  dir = argv[1];
  setenv ("IDL_COLOCATE", "0", 1);
  for (int ring = 1; ring >= 0; ring--)
    {
      pthread_t t;
      snprintf (name, sizeof name, "@idlstub-bulk-seeds.%d.%d",
		(int) getpid (), ring);
      idl_server_t *srv = idl_server_create (name, &fzbulk, record, &err);
      CHECK (srv != NULL);
      CHECK (idl_server_set_workers (srv, ring ? 0 : 1) == 0);
      CHECK (pthread_create (&t, NULL, serve, srv) == 0);
      ann.ring = ring;
      calls (name);
      idl_server_stop (srv);
      pthread_join (t, NULL);
      idl_server_destroy (srv);
    }
  return 0;
}
