/* bulk.c -- bulk items' bandwidth against memcpy (bench/bulk).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A server forked from the client (a thread per connection) with two
   bulk operations: one in item, one out item, each up to 256 MiB,
   whose implementations touch nothing (what is measured is the
   transport: the client's copy into the connection's memfd, the
   server's into its private buffer, and back).  The calls are made by
   hand through idl_callv_bulk, as a bulk operation's stub makes them
   (idlrt-abi.h, "Bulk items").  For each size the client times
   enough calls to move about 1 GiB (at least 4), and memcpy of the
   same size between two buffers of its own, warmed the same way, in
   the same run.  Prints one line per size: MB/s in, out, memcpy, and
   the ratios.  With an argument N > 0 the server has N workers; with
   "loop" it is served from a poll loop of its own (idl_server_fd,
   idl_server_serve_ready).  Every mode takes the client's ring
   (ring.h).  */

#define _GNU_SOURCE 1
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "idlrt.h"

#define IFACE_ID 0x42554c4bu
#define MAXB ((uint64_t) 256 << 20)
#define OP_IN 1
#define OP_OUT 2

static const uint64_t bulk_table[] = {
  (uint64_t) OP_IN << IDL_BULK_OP_SHIFT | 1,
  (uint64_t) IDL_BULK_IN << IDL_BULK_DIR_SHIFT | MAXB,
  (uint64_t) OP_OUT << IDL_BULK_OP_SHIFT | 1,
  (uint64_t) IDL_BULK_OUT << IDL_BULK_DIR_SHIFT | MAXB,
  0
};

static const idl_interface_t iface
  = { .name = "bulkbench", .id = IFACE_ID, .version = 1,
      .bulk = bulk_table };

static uint64_t
tag (unsigned op)
{
  return (uint64_t) IFACE_ID << IDL_TAG_IFACE_SHIFT
	 | (uint64_t) op << IDL_TAG_OP_SHIFT;
}

static uint64_t
dispatch (idl_call_t *call, uint64_t *msg)
{
  unsigned op = (msg[0] >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  (void) call;
  if (op == OP_IN)
    return tag (OP_IN);
  if (op == OP_OUT)
    /* The whole room, as it is: its bytes are whatever the buffer
       holds.  */
    return tag (OP_OUT);
  return IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
}

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
die (const char *what)
{
  fprintf (stderr, "bulk: %s\n", what);
  exit (1);
}

/* MB/s of ITERS bulk calls of OP moving LEN bytes of BUF.  */
static double
calls (idl_binding_t *b, unsigned op, uint8_t *buf, size_t len,
       unsigned iters)
{
  struct idl_bulk_item it = { buf, op == OP_IN ? len : 0, len,
			      op == OP_IN ? IDL_BULK_IN : IDL_BULK_OUT };
  double best = 0;
  for (unsigned round = 0; round < 2; round++)
    {
      /* The first round warms the memfd and the server's buffer.  */
      double t0 = now ();
      for (unsigned i = 0; i < iters; i++)
	{
	  it.len = op == OP_IN ? len : 0;
	  if (idl_callv_bulk (b, tag (op), NULL, 0, NULL, 0, &it, 1).tag
	      != tag (op))
	    die (idl_strerror (idl_error (b)));
	}
      double mbs = (double) len * iters / (now () - t0) / 1e6;
      if (mbs > best)
	best = mbs;
    }
  return best;
}

static double
copies (uint8_t *dst, const uint8_t *src, size_t len, unsigned iters)
{
  double best = 0;
  for (unsigned round = 0; round < 2; round++)
    {
      double t0 = now ();
      for (unsigned i = 0; i < iters; i++)
	{
	  memcpy (dst, src, len);
	  __asm__ volatile ("" : : "r" (dst) : "memory");
	}
      double mbs = (double) len * iters / (now () - t0) / 1e6;
      if (mbs > best)
	best = mbs;
    }
  return best;
}

int
main (int argc, char **argv)
{
  static const size_t sizes[] = { 64 << 10, 1 << 20, 16 << 20, 256 << 20 };
  char name[64];
  int err;

  int loop = argc > 1 && strcmp (argv[1], "loop") == 0;
  unsigned workers = argc > 1 && !loop ? (unsigned) atoi (argv[1]) : 0;
  snprintf (name, sizeof name, "@idlstub-bulk-bench-%ld", (long) getpid ());
  pid_t pid = fork ();
  if (pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      idl_server_t *srv = idl_server_create (name, &iface, dispatch, &err);
      if (!srv)
	die ("idl_server_create");
      if (loop)
	{
	  int fd = idl_server_fd (srv), timeout = -1;
	  if (fd < 0)
	    die ("idl_server_fd");
	  for (;;)
	    {
	      struct pollfd p = { fd, POLLIN, 0 };
	      poll (&p, 1, timeout);
	      if (idl_server_serve_ready (srv, &timeout) < 0)
		break;
	    }
	  _exit (0);
	}
      if (workers > 0)
	idl_server_set_workers (srv, workers);
      idl_server_run (srv);
      _exit (0);
    }
  idl_binding_t *b = NULL;
  for (int tries = 0; !b && tries < 200; tries++)
    if (!(b = idl_connect (name, &iface, &err)))
      usleep (10000);
  if (!b)
    die ("idl_connect");
  uint8_t *buf = malloc (MAXB), *buf2 = malloc (MAXB);
  if (!buf || !buf2)
    die ("malloc");
  memset (buf, 1, MAXB);
  memset (buf2, 2, MAXB);

  printf ("%-8s %10s %10s %10s %8s %8s\n", "size", "in MB/s", "out MB/s",
	  "memcpy", "in/mc", "out/mc");
  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    {
      size_t len = sizes[i];
      unsigned iters = (unsigned) ((1ULL << 30) / len);
      if (iters < 4)
	iters = 4;
      double in = calls (b, OP_IN, buf, len, iters);
      double out = calls (b, OP_OUT, buf, len, iters);
      double mc = copies (buf2, buf, len, iters);
      char label[16];
      if (len >= (1 << 20))
	snprintf (label, sizeof label, "%zu MiB", len >> 20);
      else
	snprintf (label, sizeof label, "%zu KiB", len >> 10);
      printf ("%-8s %10.0f %10.0f %10.0f %8.2f %8.2f\n", label, in, out, mc,
	      in / mc, out / mc);
      fflush (stdout);
    }
  idl_close (b);
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  return 0;
}
