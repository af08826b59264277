/* bulk-seeds.c -- the bulk and region fuzzer's seed corpus: real calls
   of bulk.h's operations, written as harness-bulk.c's inputs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compiled by GCC with the plugin (client stubs and a server of bulk.h)
   and run at build time (fuzz/Makefile.am) with the seed directory as
   its argument.  It serves bulk.h in a thread, twice: with a thread per
   connection, where the client's first bulk call offers a ring, which
   the server takes, and the seeds are written for the ring; and with
   one worker, whose seeds are written for the memfd (the harness's
   plain connections, which refuse the ring).  Each call of the
   program's client crosses a real connection
   (IDL_COLOCATE=0); the server's dispatcher first records what the
   runtime handed it (the tag, words and payload, each bulk item's
   bytes, the descriptors), and the call's own arguments say what the
   client announced (each item's direction, length and room).  From
   those it writes one input per call: the setup the client made (a
   sealed memfd, or a ring), the client's writes of the in items' bytes
   into it, and the request.  So the seeds' words are the plugin's
   layout of today, whatever it is.

   Each call on the ring is written once more for a worker's connection
   (FZB_CONF_WORKER), where the client streams as a real one does: the
   first in chunk, the request with one chunk filled and none drained,
   then each further chunk written and IN_FILLED advanced, then
   OUT_DRAINED advanced for each out chunk past the ring's slots, so
   that the request stays pending across steps and the worker resumes
   it at each (partial progress, the doorbell, the out stream waiting
   for room); and, for each such call, the same cancelled after its
   first step (then made again, all filled: the connection serves
   on), stalled (the timers drop the client), and with a descriptor
   sent along and the client hanging up while it is pending (the
   descriptor must not stay in the server).  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stddef.h>
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

/* The call being recorded, before its dispatch (which writes its reply
   over it): the message, and the in items' bytes (INB, at each item's
   offset in the private buffer).  */
static uint64_t saved[IDL_MSG_BYTES / 8];
static uint8_t *inb;
#define INB ((size_t) 4 << 20)

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

/* Open the seed at PATH.  */
static void
open_seed (const char *path)
{
  out = fopen (path, "wb");
  if (!out)
    {
      perror (path);
      exit (1);
    }
}

static void
close_seed (const char *path)
{
  if (fclose (out) != 0)
    {
      perror (path);
      exit (1);
    }
}

/* The setup the call needs: a memfd large enough (sealed against
   shrinking and growing), or the ring.  */
static void
put_setup (void)
{
  put (FZB_SETUP | (ann.ring ? 4 : 0) | 1 << 4, 1);
  put (FZB_FD_SEALED, 1);
  put (ann.ring ? IDL_RING_BYTES : 4u << 20, 4);
}

/* In item I's offset in the memfd (and the private buffer).  */
static uint64_t
item_off (unsigned i)
{
  uint64_t off = 0;
  for (unsigned j = 0; j < i; j++)
    off += ((ann.dir[j] == IDL_BULK_IN ? ann.len[j] : ann.max[j]) + 63)
	   & ~(uint64_t) 63;
  return off;
}

/* The in stream's chunks of the call being recorded (ring.h): the
   write of each whose number is in [FROM, TO), into its slot, with
   STEP after each (a step byte, or -1 for none).  How many there are
   in all.  */
static uint32_t
put_chunks (uint32_t from, uint32_t to, int step)
{
  uint32_t chunk_no = 0;
  for (unsigned i = 0; i < ann.n; i++)
    {
      uint64_t len = ann.len[i];
      const uint8_t *p = inb + item_off (i);
      if (ann.dir[i] == IDL_BULK_OUT)
	continue;
      for (uint64_t o = 0, c = idl_ring_chunk (len); o < len;
	   o += c, chunk_no++)
	if (chunk_no >= from && chunk_no < to)
	  {
	    put_write (IDL_RING_HEADER
		       + (uint64_t) (chunk_no % IDL_RING_SLOTS) * IDL_RING_SLOT,
		       p + o, len - o < c ? len - o : c);
	    if (step >= 0)
	      put ((uint64_t) step, 1);
	  }
    }
  return chunk_no;
}

/* The request of the saved call.  A pipe sent along if PIPE; the ring's
   counters all filled and drained if IN_FILLED is -1, else IN_FILLED
   and none drained.  */
static void
put_request (int pipe_fd, int64_t in_filled)
{
  uint64_t tag = saved[0];
  unsigned nw = tag & IDL_TAG_COUNT_MASK;

  put (FZB_REQUEST | (ann.n > 0 ? 4 : 0), 1);
  put (tag, 8);
  for (unsigned i = 0; i < nw; i++)
    put (saved[1 + i], 8);
  put (ann.n, 1);
  for (unsigned i = 0; i < ann.n; i++)
    {
      put (ann.dir[i], 1);
      put (ann.len[i], 4);
      put (ann.max[i], 4);
    }
  put (saved[IDL_MSG_REQ_LEN], 2);
  fwrite ((uint8_t *) saved + IDL_MSG_REQ_PAYLOAD, 1, saved[IDL_MSG_REQ_LEN],
	  out);
  put (saved[IDL_MSG_REQ_NFDS] + (pipe_fd != 0), 1);
  for (unsigned i = 0; i < saved[IDL_MSG_REQ_NFDS]; i++)
    put_fd ((int) saved[IDL_MSG_REQ_FDS + i]);
  if (pipe_fd)
    put (FZB_FD_PIPE, 1);
  if (in_filled < 0)
    put (0, 1);			/* the ring all filled, all drained */
  else
    {
      put (3, 1);
      put ((uint64_t) in_filled, 4);
      put (0, 4);
    }
}

/* A ring move's step byte (fuzz-bulk.h).  */
#define RING_STEP(move, arg) ((FZB_RING_##move) << 1 | (arg) << 4)

/* The worker's connection's seeds of the saved call, at PATH-worker*
   (above): OUT_CHUNKS chunks of out items come back.  */
static void
worker_seeds (const char *path, uint32_t out_chunks)
{
  char wpath[4200];
  uint32_t in_chunks = put_chunks (0, 0, -1);
  /* Pending after its step: chunk 0 is all the client filled, and the
     out stream needs more room than the slots give.  */
  int pending = in_chunks > 1 || out_chunks > IDL_RING_SLOTS;
  static const char *const kinds[] = { "", "-cancel", "-stall", "-hangup" };

  for (unsigned v = 0; v < 4; v++)
    {
      if (v > 0 && !pending)
	break;
      snprintf (wpath, sizeof wpath, "%s-worker%s", path, kinds[v]);
      open_seed (wpath);
      put (FZB_CONF_WORKER, 1);
      put_setup ();
      put_chunks (0, 1, -1);
      put_request (v == 3, in_chunks > 0);
      switch (v)
	{
	case 0:
	  {
	    put_chunks (1, in_chunks, RING_STEP (IN_ADD, 0));
	    unsigned steps = 3 + 2 * (in_chunks > 1 ? in_chunks - 1 : 0);
	    uint32_t drained = 0;
	    for (uint32_t k = IDL_RING_SLOTS; k < out_chunks; k++, steps++)
	      put (RING_STEP (OUT_ADD, 0), 1), drained++;
	    /* The out items' lengths are the harness's implementations',
	       not these: room for a few chunks more, written as plain
	       ring bytes (FZB_WRITE, odd: never a ring move, so harmless
	       once the request is done).  */
	    for (; steps < FZB_MAX_STEPS && drained < 12; steps++)
	      {
		uint32_t v = ++drained;
		put_write (offsetof (struct idl_ring, out_drained),
			   (const uint8_t *) &v, sizeof v);
	      }
	  }
	  break;
	case 1:
	  /* Made again with whatever the slots hold (the seed stays
	     short; the harness checks the bytes against the slots).  */
	  put (RING_STEP (CANCEL, 0), 1);
	  put_request (0, -1);
	  break;
	case 2:
	  put (FZB_OTHER | 4, 1);
	  break;
	default:
	  break;
	}
      close_seed (wpath);
    }
}

static uint64_t
record (idl_call_t *call, uint64_t *msg)
{
  uint64_t tag = msg[0];
  char path[4096];

  snprintf (path, sizeof path, "%s/%s-op%u-%u", dir,
	    ann.ring ? "ring" : "memfd",
	    (unsigned) (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK, nseeds++);
  memcpy (saved, msg, sizeof saved);
  for (unsigned i = 0; i < ann.n; i++)
    {
      uint64_t got = msg[IDL_MSG_BULK + 2 * i + 1];
      ann.len[i] = ann.dir[i] == IDL_BULK_OUT ? 0 : got;
      if (ann.dir[i] != IDL_BULK_INOUT)
	ann.max[i] = got;
      if (item_off (i) + ann.len[i] > INB)
	{
	  fprintf (stderr, "bulk-seeds: %s: items too large\n", path);
	  exit (1);
	}
      memcpy (inb + item_off (i),
	      (const uint8_t *) (uintptr_t) msg[IDL_MSG_BULK + 2 * i],
	      ann.len[i]);
    }

  open_seed (path);
  put (ann.ring ? 1 : 0, 1);	/* a thread of its own; the default cap */
  if (ann.n > 0)
    put_setup ();
  /* The in items' bytes where the client puts them.  */
  if (ann.ring)
    put_chunks (0, UINT32_MAX, -1);
  else
    for (unsigned i = 0; i < ann.n; i++)
      put_write (item_off (i), inb + item_off (i), ann.len[i]);
  put_request (0, -1);
  close_seed (path);
  if (ann.ring && ann.n > 0)
    stalled (path);

  uint64_t rtag = fzbulk_dispatch (call, msg);
  if (ann.ring && ann.n > 0 && !(rtag & IDL_TAG_ERROR))
    {
      /* The out items' chunks, now that their lengths are known.  */
      uint32_t out_chunks = 0;
      for (unsigned i = 0; i < ann.n; i++)
	if (ann.dir[i] != IDL_BULK_IN)
	  {
	    uint64_t len = msg[IDL_MSG_BULK + 2 * i + 1];
	    uint64_t c = idl_ring_chunk (len);
	    out_chunks += (uint32_t) ((len + c - 1) / c);
	  }
      worker_seeds (path, out_chunks);
    }
  return rtag;
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
  /* More chunks than the ring has slots (ring.h): 6 of 16 KiB.  */
  static uint8_t big[90000];
  memset (big, 'y', sizeof big);
  announce (1, (const uint64_t[][3]) { { IDL_BULK_IN, sizeof big,
					 sizeof big } });
  bin (b, big, sizeof big);
  CHECK (idl_error (b) == IDL_OK);
  announce (1, (const uint64_t[][3]) { { IDL_BULK_OUT, 0, 200 } });
  CHECK (bout (b, 10, w32, 50, &len) == 0 && len == 10
	 && idl_error (b) == IDL_OK);
  /* And back: 5 chunks.  */
  static uint32_t w32big[20000];
  announce (1, (const uint64_t[][3]) { { IDL_BULK_OUT, 0,
					 sizeof w32big } });
  CHECK (bout (b, 20000, w32big, 20000, &len) == 0 && len == 20000
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
  inb = malloc (INB);
  CHECK (inb != NULL);
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
