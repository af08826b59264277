/* harness-bulk.c -- libFuzzer's entry point for bulk items and regions:
   a hostile client on a real connection to a real server.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   harness.c hands the dispatchers requests as the runtime would have
   prepared them; bulk items and regions cannot be fuzzed that way, as
   the runtime's own checks are the point: a bulk request's announcement
   against the declared bounds, the bulk memfd's and the ring's seals,
   file system and size, the private copy (bulk-server.c, ring.h), and
   a region descriptor's seals, size and file system before it is mapped
   (region.c).  So here each input is one connection, made by the
   runtime itself: the harness connects a socket to a server made with
   idl_server_create (bulk.h's interface, server-bulk.c), which accepts
   it (idl_conn_accept) and opens it (idl_page_open: the real handshake,
   the real page); then the input's steps play the client, writing
   requests on that page, sending descriptors on the socket (fdpass.h)
   and writing its memfd and ring, and for each request the harness
   runs the server's request path, idl_serve_page (runtime/server.c,
   page-server.h, bulk-server.c, region.c, all compiled in fuzz/ with
   the sanitizers and coverage instrumentation); in the end the
   connection ends as the server ends one (idl_conn_end).

   The input (fuzz-bulk.h): byte 0, bit 0 a thread of its own for the
   connection (then the ring may be taken, and a request on it waits
   for its client), bits 1-2 the server's cap on private bulk memory
   (default, 64 KiB, 1 MiB, 0), bit 3 (FZB_CONF_WORKER, over bit 0)
   the connection a worker's, or a program loop's (server-workers.c):
   the ring is taken too, and a request on it is driven as a worker
   drives it, without ever waiting (below); then steps, each a byte S
   and what S's low two bits want:

     FZB_SETUP    the runtime's setup request: IDL_PAGE_BULK_SETUP, with
                  IDL_PAGE_BULK_RING if S has bit 2; (S >> 4) % 3
                  descriptors (1 is what a client sends), each an fd spec
     FZB_WRITE    the client writes into its memfd (bit 2 of S: its
                  ring): 4 bytes offset (mod 16 MiB), 2 bytes length,
                  the bytes
     FZB_REQUEST  8 bytes tag (an unknown interface id becomes the
                  server's; IDL_PAGE_TAG_BULK added if S has bit 2), its
                  words; if S has bit 3, 1 byte of page bulk flags; a
                  byte N (mod 10) of items, each a direction byte (bit 2:
                  lengths of 8 bytes, else 4), its length and room; 2
                  bytes payload length (mod IDL_PAYLOAD_MAX + 2) and the
                  payload; a byte of descriptor count announced (mod 9),
                  and if S has bit 4 another for the count sent, each an
                  fd spec; a byte of ring counters: bit 0, 4 bytes
                  IN_FILLED (else all filled), bit 1, 4 bytes
                  OUT_DRAINED (else all drained)
     FZB_OTHER    bit 2: the server's housekeeping a second later (the
                  private buffer given back); else 4 bytes, the client
                  truncates its memfd to that many bytes (mod 16 MiB)

   On a worker's connection a request on the ring whose client is
   behind is not finished when its step is: the worker keeps it
   (C->bulk_call) and looks at it again whenever it looks at its
   connections.  The harness plays that worker's turns
   (server-workers.c, loop_turn_with: the doorbells and junk on the
   socket to idl_page_idle, idl_serve_page or idl_bulk_resume, then
   idl_bulk_sleep before it would sleep in epoll_wait, again while the
   client has moved meanwhile), and the steps that come while such a
   request is pending are the client's moves on the ring, each
   followed by a turn:

     FZB_WRITE    as above (ring bytes the server's words aside: the
                  client may scribble on them, the server never reads
                  them, and the harness's view of its progress is
                  IN_DRAINED)
     FZB_OTHER    bit 2: the worker's timers IDL_RING_STALL_NS later
                  (idl_bulk_resume, stalled: the client is dropped if
                  it has not moved), then its housekeeping; else as
                  above (the memfd truncated), and a turn
     FZB_SETUP, FZB_REQUEST (S even): a ring move, (S >> 1) & 7:
                  0, 1 IN_FILLED (OUT_DRAINED) advanced by (S >> 4) + 1
                  as the client publishes it (idl_ring_publish_server:
                  a doorbell if the worker sleeps); 2, 3 set to 4 bytes
                  of the input; 4 the request cancelled
                  (idl_ring_cancel); 5 the cancel word set to 4 bytes
                  of the input; 6 nothing (a turn of the worker's
                  anyway); 7 a byte of the page's announcement
                  rewritten (1 byte offset, 1 byte value: the server
                  must have read it once)

   An fd spec: a kind byte (FZB_FD_*, mod FZB_FD_KINDS), then for the
   memfd kinds 4 bytes of size (bit 31: near IDL_REGION_MAX instead;
   a memfd the client makes has its first and last 64 bytes written,
   fzb_pattern) and, for FZB_FD_SEALS, a byte of seals.

   After each request the harness checks, besides what the sanitizers
   see:
   - the server answered (REPLY; IDLE for a one-way request) with no
     descriptor (no operation of bulk.h sends one);
   - an implementation ran at most once, its own operation's, and only
     for a request the runtime should have let through: a bulk request
     whose announcement matches the interface's BULK table, on a
     connection with a bulk memfd or a ring; a region the client sealed
     as its kind needs, of a size within IDL_REGION_MAX, on tmpfs; a
     plain request naming a bulk operation saw no bulk bytes;
   - each in item's bytes are the client's (the memfd's at the item's
     offset, or the ring's slots), in memory the client cannot change
     (the harness overwrites the memfd there and reads them again: the
     private copy), and no out item's room exceeds what was announced;
   - its reply is its operation's, or IDL_E_BOUNDS exactly when it
     returned something over its bound on purpose; a refusal is
     IDL_E_BADMSG, IDL_E_NOMEM (the cap, or a memfd that cannot be
     mapped) or, on the ring, IDL_E_TIMEOUT; an accepted setup was a
     memfd sealed and sized as the runtime demands (and not sealed
     against writing), and one as the runtime's client makes is taken;
   - the reply's out lengths are within their rooms, an out region's
     bytes are what its implementation wrote;
   - no region stays mapped after its reply;
   - on a worker's connection: the page unanswered while the request
     streams, the server's private memory within its cap at every turn;
     each ring chunk the server drained
     (IN_DRAINED) is what the slot held when it did, and the
     implementation gets those bytes, however many turns the stream
     took; the server never says it drained more chunks than the
     announcement has; an IDL_E_TIMEOUT with the connection kept
     follows the client's cancel of that very request, one with the
     client dropped a stall (the timers' step); a client that moves
     while the worker sleeps (IDL_SLEEP_POLL) leaves its socket
     readable, so that the worker's epoll_wait would wake;
   and after the connection ends: no descriptor, no mapping of a memfd
   (page, bulk memfd, ring, region) and no byte of the server's cap is
   left over.

   A ring wait that finds the client has not filled (or drained) enough
   would wait IDL_RING_STALL_NS; the harness has the server stopping
   while it serves (srv->stopping), so that such a wait ends after one
   slice as it would at stop, and the connection is dropped.  A
   worker's connection never waits: everything above is single-threaded
   and, but for the clock's readings, deterministic.  The worker's
   connections are a second server's, made with one worker
   (idl_server_set_workers, never run: implementations without the
   dispatch lock, as a worker runs them).  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>
#include "idlrt.h"
#include "server-internal.h"
#include "handshake.h"
#include "fdpass.h"
#include "ring.h"
#include "fuzz-bulk.h"

/* coverage.c */
void idl_fuzz_new_input (void);
/* page-server.h (its inline functions are not for this file).  */
int idl_page_open (struct idl_conn *c, int wait);
int64_t idl_page_idle (struct idl_conn *c, int64_t now);

#define CHECK(cond) \
  ((cond) ? (void) 0 : fail (#cond, __LINE__))

static void __attribute__ ((__noreturn__))
fail (const char *what, int line)
{
  fprintf (stderr, "idlstub-bulk-fuzz: FAIL: %s (line %d)\n", what, line);
  abort ();
}

#define SEALS_IN (F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW)
#define SEALS_SG (F_SEAL_SHRINK | F_SEAL_GROW)

/* The server of connections with a thread of their own, or none
   (SRV_T), and that of worker's connections (SRV_W); SRV the current
   input's.  */
static idl_server_t *srv, *srv_t, *srv_w;
static char name_t[64], name_w[64];
/* The worker that owns a worker's connection, as far as the runtime
   asks (C->worker: bulk-server.c, take_ring); the harness plays its
   loop.  */
static struct idl_worker worker;
static int spare_fd = -1;
static uint8_t *scratch;	/* an item's expected bytes */
/* On a worker's connection, the in items' bytes as the ring held them
   when the server drained each chunk, at the items' offsets.  */
static uint8_t *snap;
#define SCRATCH ((size_t) 2 << 20)

/* The input, read front to back; zeros past its end.  */
static const uint8_t *in_p;
static size_t in_left;

static uint64_t
take (unsigned bytes)
{
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; i++)
    if (in_left > 0)
      {
	v |= (uint64_t) *in_p++ << (8 * i);
	in_left--;
      }
  return v;
}

/* One descriptor the client sent with the current request.  */
struct sent
{
  int fd;
  int kind;
  dev_t dev;
  ino_t ino;
};

/* The client's side of the connection.  */
static struct
{
  int sock;
  struct idl_page *pg;		/* the client's mapping of the page */
  struct idl_conn *c;		/* the server's end */
  uint32_t seq;
  int threaded;
  int worker;			/* a worker's connection */
  int bulk_fd;			/* the memfd the server took, or -1 */
  int ring_fd;			/* the ring the server took, or -1 */
  struct idl_ring *ring;	/* the client's mapping of it, or NULL */
  int dropped;			/* the server dropped the connection */
  /* A worker's connection: the request on the ring still streaming
     (its tag), or 0; whether the current step is the timers' (a
     drop is then expected).  */
  int pending;
  uint64_t ptag;
  int stall_step;
  /* The ring's in stream of the current request: its chunks, how many
     of them are in SNAP, each item's bytes there (from its start).  */
  uint32_t in_chunks;
  uint32_t snapped;
  uint64_t snap_len[IDL_BULK_ITEMS];
  /* The request being served: bulk or not, its announcement.  */
  int bulk;
  unsigned n;			/* items announced, at most IDL_BULK_ITEMS */
  int too_many;			/* more were */
  uint64_t item[IDL_BULK_ITEMS][3];
  uint64_t off[IDL_BULK_ITEMS];
  struct sent fds[IDL_MAX_FDS];
  unsigned nsent;
  /* Out regions: a copy of each descriptor, its size, its first and
     last bytes as the implementation left them.  */
  unsigned nout_regions;
  struct
  {
    int fd;
    uint64_t size;
    unsigned char first, last;
  } out_region[2];
  uint64_t *mapped_msg;		/* the runtime's private message, put aside */
} cl;

/* IDLSTUB_FUZZ_STATS=1: how requests fared, at exit.  */
static struct
{
  unsigned long long inputs, requests, setups_taken, rings_taken, ran,
    badmsg, nomem, bounds, timeout, replies, oneway, regions;
  /* Worker's connections: inputs, requests left pending by their
     step, turns that resumed one, requests cancelled (the connection
     kept), clients dropped by the timers, doorbells.  */
  unsigned long long w_inputs, w_pending, w_resumes, w_cancelled,
    w_stalled, w_doorbells;
  unsigned char op_ran[8];
} stats;

static void
print_stats (void)
{
  unsigned ran = 0, ops = ((const idl_interface_t *) fzb_iface)->nops;
  for (unsigned i = 1; i < 8; i++)
    ran += stats.op_ran[i];
  fprintf (stderr, "idlstub-bulk-fuzz: %llu inputs, %llu requests: %llu "
	   "setups taken (%llu rings), %llu ran an implementation (%llu "
	   "regions), %llu replies, %llu IDL_E_BADMSG, %llu IDL_E_NOMEM, %llu "
	   "IDL_E_BOUNDS, %llu IDL_E_TIMEOUT, %llu one-way; %u of %u "
	   "operations ran\n", stats.inputs, stats.requests,
	   stats.setups_taken, stats.rings_taken, stats.ran, stats.regions,
	   stats.replies, stats.badmsg, stats.nomem, stats.bounds,
	   stats.timeout, stats.oneway, ran, ops);
  fprintf (stderr, "idlstub-bulk-fuzz: worker's connections: %llu inputs, "
	   "%llu requests left pending (%llu resumed), %llu cancelled, "
	   "%llu clients dropped stalled, %llu doorbells\n", stats.w_inputs,
	   stats.w_pending, stats.w_resumes, stats.w_cancelled,
	   stats.w_stalled, stats.w_doorbells);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  int err;

  (void) argc;
  (void) argv;
  snprintf (name_t, sizeof name_t, "@idlstub-bulk-fuzz.%d", (int) getpid ());
  snprintf (name_w, sizeof name_w, "@idlstub-bulk-fuzz-w.%d",
	    (int) getpid ());
  srv_t = idl_server_create (name_t, (const idl_interface_t *) fzb_iface,
			     fzb_dispatch, &err);
  if (srv_t)
    srv_w = idl_server_create (name_w, (const idl_interface_t *) fzb_iface,
			       fzb_dispatch, &err);
  if (srv_w && idl_server_set_workers (srv_w, 1) != 0)
    srv_w = NULL;
  spare_fd = open ("/dev/null", O_RDWR | O_CLOEXEC);
  scratch = malloc (SCRATCH);
  snap = malloc (SCRATCH);
  if (!srv_t || !srv_w || spare_fd < 0 || !scratch || !snap)
    {
      fprintf (stderr, "idlstub-bulk-fuzz: cannot set up: %s\n",
	       idl_strerror (err));
      exit (1);
    }
  if (getenv ("IDLSTUB_FUZZ_STATS"))
    atexit (print_stats);
  return 0;
}

/* How many mappings of /proc/self/maps (with WRITABLE_ONLY, writable
   ones) name a memfd whose name starts with PREFIX.  */
static unsigned
count_maps_of (const char *prefix, int writable_only)
{
  char line[512], pat[64], perms[8];
  unsigned n = 0;
  FILE *f = fopen ("/proc/self/maps", "re");

  CHECK (f != NULL);
  snprintf (pat, sizeof pat, "/memfd:%s", prefix);
  while (fgets (line, sizeof line, f))
    if (strstr (line, pat)
	&& (!writable_only
	    || (sscanf (line, "%*s %7s", perms) == 1 && perms[1] == 'w')))
      n++;
  fclose (f);
  return n;
}

static unsigned
count_maps (const char *prefix)
{
  return count_maps_of (prefix, 0);
}

/* How many descriptors are open: a leak of one that is not the lowest
   free, which the probe below would miss, changes it.  */
static unsigned
count_fds (void)
{
  DIR *d = opendir ("/proc/self/fd");
  unsigned n = 0;

  CHECK (d != NULL);
  while (readdir (d))
    n++;
  closedir (d);
  return n;
}

/* Write fzb_pattern into the first and last 64 bytes of memfd FD of
   SIZE bytes.  */
static void
write_pattern (int fd, uint64_t size)
{
  unsigned char b[64];
  uint64_t at[2] = { 0, size > 64 ? size - 64 : 0 };

  for (int k = 0; k < 2; k++)
    {
      uint64_t n = size - at[k] < 64 ? size - at[k] : 64;
      for (uint64_t i = 0; i < n; i++)
	b[i] = fzb_pattern (at[k] + i);
      if (n > 0 && pwrite (fd, b, n, (off_t) at[k]) < 0)
	{
	  /* A memfd too large for the file system: as good a test.  */
	}
    }
}

/* A descriptor from an fd spec in the input, named NAME if a memfd.  */
static int
make_fd (const char *nm, int *kind)
{
  int k = (int) (take (1) % FZB_FD_KINDS), fd = -1, sv[2], p[2];
  uint64_t size = 0;
  unsigned seals = 0;

  if (k <= FZB_FD_UNSEALABLE || k == FZB_FD_HUGETLB)
    {
      uint32_t v = (uint32_t) take (4);
      size = v & 0x80000000u ? IDL_REGION_MAX - 8 + (v & 15)
	     : v & 0x7fffffffu;
      if (k == FZB_FD_SEALS)
	seals = (unsigned) take (1);
    }
  *kind = k;
  switch (k)
    {
    case FZB_FD_HUGETLB:
      fd = memfd_create (nm, MFD_CLOEXEC | MFD_ALLOW_SEALING | MFD_HUGETLB);
      if (fd >= 0 && ftruncate (fd, (off_t) size) == 0)
	{
	  fcntl (fd, F_ADD_SEALS, SEALS_SG);
	  break;
	}
      if (fd >= 0)
	close (fd);
      *kind = k = FZB_FD_SEALED;
      /* Fall through.  */
    case FZB_FD_REGION_IN:
    case FZB_FD_SEALED:
    case FZB_FD_SEALS:
    case FZB_FD_UNSEALABLE:
      fd = memfd_create (nm, MFD_CLOEXEC
			 | (k == FZB_FD_UNSEALABLE ? 0 : MFD_ALLOW_SEALING));
      CHECK (fd >= 0);
      if (ftruncate (fd, (off_t) size) != 0)
	break;
      write_pattern (fd, size);
      if (k == FZB_FD_REGION_IN)
	seals = SEALS_IN | F_SEAL_SEAL;
      else if (k == FZB_FD_SEALED)
	seals = SEALS_SG;
      if (k != FZB_FD_UNSEALABLE)
	fcntl (fd, F_ADD_SEALS, seals & (F_SEAL_SEAL | F_SEAL_SHRINK
					 | F_SEAL_GROW | F_SEAL_WRITE
					 | F_SEAL_FUTURE_WRITE));
      break;
    case FZB_FD_PIPE:
      CHECK (pipe2 (p, O_CLOEXEC) == 0);
      close (p[1]);
      fd = p[0];
      break;
    case FZB_FD_DEVNULL:
      fd = open ("/dev/null", O_RDWR | O_CLOEXEC);
      break;
    case FZB_FD_FILE:
      fd = open ("/proc/self/exe", O_RDONLY | O_CLOEXEC);
      break;
    case FZB_FD_SOCKET:
      CHECK (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0);
      close (sv[1]);
      fd = sv[0];
      break;
    default:
      fd = eventfd (0, EFD_CLOEXEC);
      break;
    }
  CHECK (fd >= 0);
  return fd;
}

/* Send the request on the page: TAG, WORDS, PAYLOAD, the descriptors
   FDS (NSENT of them, NFDS announced), and publish it.  */
static void
publish (uint64_t tag, const uint64_t *words, const void *payload,
	 uint32_t len, unsigned nfds, const int *fds, unsigned nsent)
{
  struct idl_page *pg = cl.pg;
  unsigned n = tag & IDL_TAG_COUNT_MASK;

  cl.seq++;
  if (len > 0)
    memcpy (pg->payload, payload, len);
  for (unsigned i = 0; i < n && i < IDL_MR_WORDS - 1; i++)
    pg->mr[1 + i] = words[i];
  pg->mr[0] = tag;
  if (nsent > 0)
    CHECK (idl_fd_send (cl.sock, cl.seq, fds, nsent) == 0);
  pg->seq = cl.seq;
  pg->payload_len = len;
  pg->nfds = nfds;
  __atomic_store_n (&pg->state, IDL_PAGE_REQUEST, __ATOMIC_SEQ_CST);
}

/* Take every message the server left on the client's socket, closing
   every descriptor that came; how many did.  (Not fdpass.h's receive,
   which cannot tell a hang-up's end of file, after the server dropped
   the connection, from a message that is not its own.)  */
static unsigned
drain_socket (void)
{
  unsigned got = 0;
  for (;;)
    {
      char body[64];
      union
      {
	char buf[CMSG_SPACE (IDL_MAX_FDS * sizeof (int))];
	struct cmsghdr align;
      } ctl;
      struct iovec iov = { body, sizeof body };
      struct msghdr m = { 0 };
      m.msg_iov = &iov;
      m.msg_iovlen = 1;
      m.msg_control = ctl.buf;
      m.msg_controllen = sizeof ctl.buf;
      ssize_t n = recvmsg (cl.sock, &m, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
      if (n <= 0)
	return got;
      for (struct cmsghdr *h = CMSG_FIRSTHDR (&m); h; h = CMSG_NXTHDR (&m, h))
	if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_RIGHTS)
	  for (size_t i = 0; i < (h->cmsg_len - CMSG_LEN (0)) / sizeof (int);
	       i++)
	    {
	      int fd;
	      memcpy (&fd, CMSG_DATA (h) + i * sizeof fd, sizeof fd);
	      close (fd);
	      got++;
	    }
    }
}

static uint64_t
align_up (uint64_t x, uint64_t a)
{
  return (x + a - 1) & ~(a - 1);
}

/* Whether the announcement matches the interface's BULK table for TAG
   (idlrt-abi.h, "Bulk items"), independently of bulk-server.c; and
   whether it needs any bytes of the memfd or the ring (a request whose
   items are all empty needs none, and may come before any setup).  */
static int
announcement_ok (uint64_t tag, int *needs_bytes)
{
  const uint64_t *t = ((const idl_interface_t *) fzb_iface)->bulk;
  unsigned op = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;

  for (; t && *t; t += 1 + (*t & 0xffff))
    if ((*t >> IDL_BULK_OP_SHIFT & IDL_TAG_OP_MASK) == op)
      break;
  *needs_bytes = 0;
  if (!t || !*t || (*t & 0xffff) != cl.n || cl.too_many)
    return 0;
  for (unsigned i = 0; i < cl.n; i++)
    {
      uint64_t dir = t[1 + i] >> IDL_BULK_DIR_SHIFT;
      uint64_t bound = t[1 + i] & IDL_BULK_BOUND_MASK;
      uint64_t len = cl.item[i][1], max = cl.item[i][2];
      if (cl.item[i][0] != dir
	  || (dir == IDL_BULK_IN ? len > bound
	      : max > bound || (dir == IDL_BULK_INOUT && len > max)))
	return 0;
      *needs_bytes |= (dir == IDL_BULK_IN ? len : max) != 0;
    }
  return 1;
}

/* Chunk K of the current request's in stream, as ring_step
   (bulk-server.c) numbers them: item *ITEM, *OFF bytes into it, *LEN
   bytes.  Whether there is one.  */
static int
in_chunk (uint32_t k, unsigned *item, uint64_t *off, uint64_t *len)
{
  uint32_t no = 0;

  for (unsigned i = 0; i < cl.n; i++)
    {
      uint64_t ilen = cl.item[i][1];
      if (cl.item[i][0] == IDL_BULK_OUT)
	continue;
      uint64_t step = idl_ring_chunk (ilen);
      uint64_t nch = (ilen + step - 1) / step;
      if (k < no + nch)
	{
	  *item = i;
	  *off = (k - no) * step;
	  *len = ilen - *off < step ? ilen - *off : step;
	  return 1;
	}
      no += (uint32_t) nch;
    }
  return 0;
}

/* A worker's connection: the chunks the server says it drained
   (IN_DRAINED) since the last look, into SNAP as their slots hold
   them now.  Called between the client's moves (after each turn of
   the worker's, and from the implementation's hooks, within one), so
   a slot holds now what it held when the server drained it.  */
static void
ring_snapshot (void)
{
  if (!cl.worker || !cl.ring)
    return;
  uint32_t drained = __atomic_load_n (&cl.ring->in_drained,
				      __ATOMIC_ACQUIRE);
  CHECK (drained <= cl.in_chunks);
  for (; cl.snapped < drained; cl.snapped++)
    {
      unsigned i;
      uint64_t off, len;
      CHECK (in_chunk (cl.snapped, &i, &off, &len));
      CHECK (cl.off[i] + off + len <= SCRATCH && cl.snap_len[i] == off);
      memcpy (snap + cl.off[i] + off, idl_ring_slot (cl.ring, cl.snapped),
	      len);
      cl.snap_len[i] = off + len;
    }
}

/* The expected bytes of in item K, N of them, into SCRATCH: from the
   memfd at the item's offset, or from the ring's slots as ring_in
   (bulk-server.c) takes them; on a worker's connection, whose client
   rewrites slots between the worker's turns, as the slots were when
   the server drained them (SNAP), every one of them drained.  */
static void
expected (unsigned k, uint64_t n)
{
  if (cl.worker && cl.ring_fd >= 0)
    {
      ring_snapshot ();
      CHECK (cl.snap_len[k] >= n);
      memcpy (scratch, snap + cl.off[k], n);
      return;
    }
  if (cl.ring_fd < 0)
    {
      CHECK (pread (cl.bulk_fd, scratch, n, (off_t) cl.off[k])
	     == (ssize_t) n);
      return;
    }
  uint32_t chunk_no = 0;
  for (unsigned i = 0; i < cl.n; i++)
    {
      uint64_t len = cl.item[i][1];
      if (cl.item[i][0] == IDL_BULK_OUT)
	continue;
      for (uint64_t off = 0, step = idl_ring_chunk (len); off < len;
	   off += step, chunk_no++)
	if (i == k && off < n)
	  {
	    uint64_t c = len - off < step ? len - off : step;
	    if (c > n - off)
	      c = n - off;
	    off_t at = IDL_RING_HEADER
		       + (off_t) (chunk_no % IDL_RING_SLOTS) * IDL_RING_SLOT;
	    CHECK (pread (cl.ring_fd, scratch + off, c, at) == (ssize_t) c);
	  }
    }
}

void
fzb_in_item (unsigned k, const void *p, uint64_t n)
{
  if (!cl.bulk)
    {
      CHECK (n == 0);
      return;
    }
  CHECK (k < cl.n && cl.item[k][0] != IDL_BULK_OUT && n <= cl.item[k][1]);
  if (n == 0)
    return;
  CHECK (n <= SCRATCH);
  expected (k, n);
  CHECK (memcmp (p, scratch, n) == 0);
  if (cl.ring_fd < 0)
    {
      /* The client rewrites the memfd: the dispatcher's bytes must not
	 change (the private copy; DESIGN.md, no double fetch).  */
      uint8_t junk[4096];
      memset (junk, 0x5a, sizeof junk);
      for (uint64_t o = 0; o < n; o += sizeof junk)
	if (pwrite (cl.bulk_fd, junk, n - o < sizeof junk ? n - o
		    : sizeof junk, (off_t) (cl.off[k] + o)) < 0)
	  return;	/* sealed against writing: nothing can change */
      CHECK (memcmp (p, scratch, n) == 0);
    }
}

void
fzb_out_item (unsigned k, void *p, uint64_t n)
{
  (void) p;
  if (!cl.bulk)
    {
      CHECK (n == 0);
      return;
    }
  CHECK (k < cl.n && cl.item[k][0] != IDL_BULK_IN && n <= cl.item[k][2]);
}

/* Which descriptor the client sent FD is a copy of, or -1.  */
static int
sent_index (int fd)
{
  struct stat st;
  CHECK (fstat (fd, &st) == 0);
  for (unsigned i = 0; i < cl.nsent; i++)
    if (cl.fds[i].dev == st.st_dev && cl.fds[i].ino == st.st_ino)
      return (int) i;
  return -1;
}

void
fzb_region (void *rp, int how)
{
  idl_region_t *r = rp;
  int fd = idl_region_keep (r);
  struct stat st;
  struct statfs sf;

  stats.regions++;
  CHECK (fd >= 0);
  CHECK (sent_index (fd) >= 0);
  int seals = fcntl (fd, F_GET_SEALS);
  CHECK (seals >= 0);
  if (how == IDL_REGION_IN_)
    CHECK ((seals & SEALS_IN) == SEALS_IN);
  else
    CHECK ((seals & SEALS_SG) == SEALS_SG && !(seals & F_SEAL_WRITE));
  CHECK (fstat (fd, &st) == 0 && fstatfs (fd, &sf) == 0);
  CHECK (sf.f_type == TMPFS_MAGIC);
  uint64_t size = idl_region_size (r);
  CHECK (size > 0 && size <= IDL_REGION_MAX && size == (uint64_t) st.st_size);
  const unsigned char *d = idl_region_data (r);
  if (how == IDL_REGION_IN_)
    CHECK (d[0] == fzb_pattern (0) && d[size - 1] == fzb_pattern (size - 1));
  else
    {
      /* Written by the implementation: remember for after the reply
	 (the harness's copy of the descriptor, closed then).  */
      CHECK (cl.nout_regions < 2);
      cl.out_region[cl.nout_regions].fd = fd;
      cl.out_region[cl.nout_regions].size = size;
      cl.out_region[cl.nout_regions].first = d[0];
      cl.out_region[cl.nout_regions].last = d[size - 1];
      cl.nout_regions++;
      return;
    }
  close (fd);
}

void
fzb_fd (int fd)
{
  CHECK (fd >= 0 && fcntl (fd, F_GETFD) >= 0 && sent_index (fd) >= 0);
}

/* Serve the published request on C, as the serving loop would: with
   idl_serve_page, the general path, which the page's inlined shortest
   path (page-server.h, idl_page_serve) hands every bulk request and
   every request with descriptors.  */
static void
serve (struct idl_conn *c)
{
  memset (&fzb_rec, 0, sizeof fzb_rec);
  fzb_rec.call = &c->call;
  cl.nout_regions = 0;
  __atomic_store_n (&srv->stopping, 1, __ATOMIC_RELEASE);
  idl_serve_page (c);
  __atomic_store_n (&srv->stopping, 0, __ATOMIC_RELEASE);
  /* What a connection's thread does after a request when its client
     shares its CPU (server-threads.c, serve_with): the dispatch lock
     is not kept.  */
  idl_release_dispatch (c);
}

static uint64_t
error_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* Judge the answer to request TAG (SETUP: a setup request); after an
   accepted setup, the client's memfd or ring is the one it sent.  */
static void
judge (uint64_t tag, int setup, int ring)
{
  struct idl_page *pg = cl.pg;
  uint32_t state = __atomic_load_n (&pg->state, __ATOMIC_ACQUIRE);
  uint64_t rtag = pg->mr[0];
  unsigned op = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  int oneway = (tag & IDL_TAG_ONEWAY) != 0;
  unsigned got = drain_socket ();

  stats.requests++;
  if (oneway)
    {
      CHECK (state == IDL_PAGE_IDLE);
      stats.oneway++;
    }
  else
    CHECK (state == IDL_PAGE_REPLY);
  CHECK (got == 0 && (oneway || pg->nfds == 0));
  CHECK (fzb_rec.calls <= 1);
  /* No operation of bulk.h is one-way.  */
  CHECK (!(fzb_rec.calls && oneway));
  if (fzb_rec.calls)
    {
      stats.ran++;
      stats.op_ran[fzb_rec.op & 7] = 1;
      CHECK (!setup && fzb_rec.op == op);
      int needs_bytes;
      if (cl.bulk)
	CHECK (announcement_ok (tag, &needs_bytes)
	       && (!needs_bytes || cl.bulk_fd >= 0 || cl.ring_fd >= 0));
    }
  if (oneway)
    return;

  CHECK (!cl.c->dropped || rtag == error_tag (IDL_E_TIMEOUT));
  if (rtag == error_tag (IDL_E_TIMEOUT))
    {
      /* A ring wait ended (the harness's stop): the connection is
	 dropped.  A worker's: the client stalled (the timers' step),
	 and the connection is dropped, or it cancelled this very
	 request, and the connection serves on.  */
      CHECK (cl.bulk && cl.ring_fd >= 0);
      stats.timeout++;
      if (!cl.worker)
	cl.dropped = 1;
      else if (cl.c->dropped)
	{
	  CHECK (cl.stall_step);
	  stats.w_stalled++;
	  cl.dropped = 1;
	}
      else
	{
	  CHECK (__atomic_load_n (&cl.ring->cancel, __ATOMIC_ACQUIRE)
		 == cl.seq);
	  stats.w_cancelled++;
	}
    }
  else if (fzb_rec.calls)
    {
      if (rtag == error_tag (IDL_E_BOUNDS))
	{
	  CHECK (fzb_rec.too_long);
	  stats.bounds++;
	}
      else
	{
	  CHECK (!(rtag & IDL_TAG_ERROR) && !fzb_rec.too_long);
	  CHECK (((rtag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK) == op
		 && (rtag >> IDL_TAG_IFACE_SHIFT) == (tag >> IDL_TAG_IFACE_SHIFT));
	  stats.replies++;
	  for (unsigned i = 0; cl.bulk && i < cl.n; i++)
	    if (cl.item[i][0] != IDL_BULK_IN)
	      CHECK (pg->bulk.out_len[i] <= cl.item[i][2]);
	  for (unsigned i = 0; i < cl.nout_regions; i++)
	    {
	      unsigned char b[2];
	      uint64_t size = cl.out_region[i].size;
	      CHECK (pread (cl.out_region[i].fd, b, 1, 0) == 1
		     && pread (cl.out_region[i].fd, b + 1, 1,
			       (off_t) (size - 1)) == 1);
	      CHECK (b[0] == cl.out_region[i].first
		     && b[1] == cl.out_region[i].last);
	    }
	}
    }
  else if (setup && !(rtag & IDL_TAG_ERROR))
    {
      /* Taken: a memfd sealed and sized as the runtime demands.  */
      struct statfs sf;
      struct stat st;
      int fd = cl.fds[0].fd, seals = fcntl (fd, F_GET_SEALS);
      CHECK (cl.nsent == 1 && seals >= 0 && fstatfs (fd, &sf) == 0
	     && sf.f_type == TMPFS_MAGIC && fstat (fd, &st) == 0
	     && !(seals & (F_SEAL_WRITE | F_SEAL_FUTURE_WRITE)));
      if (ring)
	{
	  CHECK ((cl.threaded || cl.worker) && (seals & SEALS_SG) == SEALS_SG
		 && (uint64_t) st.st_size == IDL_RING_BYTES);
	  if (cl.ring_fd >= 0)
	    close (cl.ring_fd);
	  if (cl.ring)
	    munmap (cl.ring, IDL_RING_BYTES);
	  cl.ring_fd = fcntl (fd, F_DUPFD_CLOEXEC, 0);
	  cl.ring = mmap (NULL, IDL_RING_BYTES, PROT_READ | PROT_WRITE,
			  MAP_SHARED, cl.ring_fd, 0);
	  CHECK (cl.ring != MAP_FAILED);
	  stats.rings_taken++;
	}
      else
	{
	  CHECK (seals & F_SEAL_SHRINK);
	  if (cl.bulk_fd >= 0)
	    close (cl.bulk_fd);
	  cl.bulk_fd = fcntl (fd, F_DUPFD_CLOEXEC, 0);
	}
      stats.setups_taken++;
    }
  else
    {
      CHECK (rtag == error_tag (IDL_E_BADMSG)
	     || rtag == error_tag (IDL_E_NOMEM));
      /* A setup as the runtime's client makes it is not refused: one
	 memfd sealed against shrinking and growing, and for a ring, of
	 IDL_RING_BYTES on a connection with a thread of its own (its
	 mapping may fail: IDL_E_NOMEM).  */
      struct stat st;
      if (setup && cl.nsent == 1 && cl.fds[0].kind == FZB_FD_SEALED
	  && fstat (cl.fds[0].fd, &st) == 0)
	CHECK (ring ? !(cl.threaded || cl.worker)
		      || (uint64_t) st.st_size != IDL_RING_BYTES
		      || rtag == error_tag (IDL_E_NOMEM)
	       : 0);
      if (rtag == error_tag (IDL_E_BADMSG))
	stats.badmsg++;
      else
	stats.nomem++;
    }
  for (unsigned i = 0; i < cl.nout_regions; i++)
    close (cl.out_region[i].fd);
  cl.nout_regions = 0;
}

/* The request's descriptors: the client's own copies, closed once it
   has its reply (the server must have closed its own: checked at the
   end).  */
static void
close_sent (void)
{
  for (unsigned i = 0; i < cl.nsent; i++)
    close (cl.fds[i].fd);
  cl.nsent = 0;
}

static void
take_fds (unsigned n, const char *nm, int *fds)
{
  struct stat st;
  cl.nsent = n;
  for (unsigned i = 0; i < n; i++)
    {
      fds[i] = cl.fds[i].fd = make_fd (nm, &cl.fds[i].kind);
      CHECK (fstat (fds[i], &st) == 0);
      cl.fds[i].dev = st.st_dev;
      cl.fds[i].ino = st.st_ino;
    }
}

static void
step_setup (struct idl_conn *c, unsigned s)
{
  int ring = (s >> 2) & 1, fds[IDL_MAX_FDS];
  uint64_t tag = (uint64_t) ((const idl_interface_t *) fzb_iface)->id
		 << IDL_TAG_IFACE_SHIFT | IDL_PAGE_TAG_BULK;

  take_fds ((s >> 4) % 3, "fz-bulk", fds);
  cl.pg->bulk.flags = IDL_PAGE_BULK_SETUP | (ring ? IDL_PAGE_BULK_RING : 0);
  cl.pg->bulk.n = 0;
  cl.bulk = 1;
  cl.n = 0;
  cl.too_many = 0;
  publish (tag, NULL, NULL, 0, cl.nsent, fds, cl.nsent);
  serve (c);
  judge (tag, 1, ring);
  close_sent ();
}

static void
step_write (unsigned s)
{
  int fd = (s >> 2) & 1 ? cl.ring_fd : cl.bulk_fd;
  uint64_t off = take (4);
  size_t len = (size_t) take (2);
  static uint8_t buf[65536];

  for (size_t i = 0; i < len; i++)
    buf[i] = (uint8_t) take (1);
  off &= 0xffffff;
  struct idl_ring keep;
  int header = cl.worker && fd >= 0 && fd == cl.ring_fd
	       && off < sizeof (struct idl_ring);
  if (header)
    memcpy (&keep, cl.ring, sizeof keep);
  if (fd >= 0 && pwrite (fd, buf, len, (off_t) off) < 0)
    {
      /* Sealed, or past a sealed size: as any client.  */
    }
  if (header)
    {
      /* The server's words back as the server left them: it only
	 stores them, and IN_DRAINED is the harness's view of what it
	 took (ring_snapshot).  */
      cl.ring->in_drained = keep.in_drained;
      cl.ring->out_ready = keep.out_ready;
      cl.ring->out_filled = keep.out_filled;
      cl.ring->server_sleeping = keep.server_sleeping;
    }
}

/* Whether FD has something to read: what the worker's epoll_wait
   would report for a connection's socket (a doorbell, junk, the next
   request's descriptors).  */
static int
readable (int fd)
{
  struct pollfd p = { fd, POLLIN, 0 };
  return poll (&p, 1, 0) == 1 && (p.revents & POLLIN);
}

/* A turn of the worker's on its connection C (server-workers.c,
   loop_turn_with, worker_scan, worker_sleep): awake, what the socket
   holds to idl_page_idle (worker_event), the published request served
   (FIRST) or the pending one resumed, then asleep, unless the client
   moved meanwhile (idl_bulk_sleep's Dekker look): then once more, at
   most IDL_WORKER_POLL_EVERY (64) times, as a turn serves that many
   requests at most.  */
static void
worker_turn (struct idl_conn *c, int first)
{
  if (!first)
    stats.w_resumes++;
  if (c->bulk_call && !c->dropped)
    idl_bulk_sleep (c, 0);
  for (unsigned i = 0; i < 64; i++)
    {
      if (readable (c->fd))
	c->idle_at = idl_page_idle (c, idl_now_ns ());
      if (first && i == 0)
	serve (c);
      else
	idl_bulk_resume (c, 0);
      ring_snapshot ();
      CHECK (__atomic_load_n (&srv->bulk_used, __ATOMIC_RELAXED)
	     <= __atomic_load_n (&srv->bulk_max, __ATOMIC_RELAXED));
      if (!c->bulk_call || c->dropped)
	return;
      /* Still streaming: not answered yet.  */
      CHECK (__atomic_load_n (&cl.pg->state, __ATOMIC_ACQUIRE)
	     == IDL_PAGE_REQUEST);
      if (!idl_bulk_sleep (c, 1))
	{
	  /* Asleep: a client that moves rings (IDL_SLEEP_POLL).  */
	  CHECK (__atomic_load_n (&cl.ring->server_sleeping,
				  __ATOMIC_ACQUIRE) == IDL_SLEEP_POLL);
	  return;
	}
      idl_bulk_sleep (c, 0);
    }
}

/* The current request (tag TAG) answered: judged, and what it sent
   and mapped accounted for.  */
static void
end_request (uint64_t tag)
{
  judge (tag, 0, 0);
  /* What a request mapped is unmapped by its reply, except the sealed
     in regions region.c keeps for their next call: read-only, at most
     its IDL_REGION_CACHE (8) of them, all gone when the connection
     ends (checked there).  */
  if (cl.nsent > 0)
    {
      CHECK (count_maps_of ("fz-req", 1) == 0);
      CHECK (count_maps ("fz-req") <= 8);
    }
  close_sent ();
  cl.pending = 0;
  cl.ptag = 0;
}

/* After a turn of the worker's on C: the pending request, if it is
   done (or its client dropped).  */
static void
after_turn (struct idl_conn *c)
{
  if (cl.pending && (!c->bulk_call || c->dropped))
    end_request (cl.ptag);
}

/* The client stores V in WORD of its ring (idl_ring_publish_server),
   or cancels request SEQ (CANCEL): while the worker sleeps, its socket
   must be readable after that (a doorbell, or a full queue that is
   readable anyway).  */
static void
client_moves (struct idl_conn *c, uint32_t *word, uint32_t v, int cancel,
	      uint32_t seq)
{
  uint32_t sleeping = __atomic_load_n (&cl.ring->server_sleeping,
				       __ATOMIC_SEQ_CST);
  if (cancel)
    idl_ring_cancel (cl.ring, seq, cl.sock);
  else
    idl_ring_publish_server (cl.ring, word, v, cl.sock, cl.seq);
  if (sleeping == IDL_SLEEP_POLL)
    {
      stats.w_doorbells++;
      CHECK (readable (c->fd));
    }
}

/* A ring move of the client's while its request is pending on a
   worker's connection (the header comment), then a turn of the
   worker's.  */
static void
step_ring (struct idl_conn *c, unsigned s)
{
  struct idl_ring *r = cl.ring;
  unsigned arg = s >> 4;

  switch ((s >> 1) & 7)
    {
    case FZB_RING_IN_ADD:
      client_moves (c, &r->in_filled, r->in_filled + arg + 1, 0, 0);
      break;
    case FZB_RING_OUT_ADD:
      client_moves (c, &r->out_drained, r->out_drained + arg + 1, 0, 0);
      break;
    case FZB_RING_IN_SET:
      client_moves (c, &r->in_filled, (uint32_t) take (4), 0, 0);
      break;
    case FZB_RING_OUT_SET:
      client_moves (c, &r->out_drained, (uint32_t) take (4), 0, 0);
      break;
    case FZB_RING_CANCEL:
      client_moves (c, NULL, 0, 1, cl.seq);
      break;
    case FZB_RING_CANCEL_SET:
      client_moves (c, NULL, 0, 1, (uint32_t) take (4));
      break;
    case FZB_RING_LOOK:
      break;
    default:			/* FZB_RING_PAGE */
      {
	/* Not the out lengths, which the server writes before it
	   streams the out items and the client reads after.  */
	unsigned off = (unsigned) take (1)
		       % offsetof (struct idl_page_bulk, out_len);
	((volatile uint8_t *) &cl.pg->bulk)[off] = (uint8_t) take (1);
      }
      break;
    }
  worker_turn (c, 0);
  after_turn (c);
}

static void
step_request (struct idl_conn *c, unsigned s)
{
  const idl_interface_t *iface = fzb_iface;
  uint64_t tag = take (8), words[IDL_MR_WORDS];
  uint8_t payload[IDL_PAYLOAD_MAX];
  int fds[IDL_MAX_FDS];

  if ((uint32_t) (tag >> IDL_TAG_IFACE_SHIFT) != iface->id
      && ((tag >> IDL_TAG_IFACE_SHIFT) & 1) == 0)
    tag = (tag & 0xffffffffu) | (uint64_t) iface->id << IDL_TAG_IFACE_SHIFT;
  if (s & 4)
    tag |= IDL_PAGE_TAG_BULK;
  unsigned nw = tag & IDL_TAG_COUNT_MASK;
  for (unsigned i = 0; i < nw && i < IDL_MR_WORDS - 1; i++)
    words[i] = take (8);
  uint32_t flags = s & 8 ? (uint32_t) take (1) : 0;
  unsigned n = (unsigned) (take (1) % (IDL_BULK_ITEMS + 2));
  struct idl_page_bulk *pb = &cl.pg->bulk;
  pb->flags = flags;
  pb->n = n;
  cl.bulk = (tag & IDL_PAGE_TAG_BULK) != 0;
  cl.n = n < IDL_BULK_ITEMS ? n : IDL_BULK_ITEMS;
  cl.too_many = n > IDL_BULK_ITEMS;
  uint64_t off = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned d = (unsigned) take (1);
      unsigned w = d & 4 ? 8 : 4;
      uint64_t len = take (w), max = take (w);
      if (i >= IDL_BULK_ITEMS)
	continue;
      pb->item[i].dir = cl.item[i][0] = d & 3;
      pb->item[i].len = cl.item[i][1] = len;
      pb->item[i].max = cl.item[i][2] = max;
      cl.off[i] = off;
      off += align_up ((d & 3) == IDL_BULK_IN ? len : max, IDL_BULK_ALIGN);
    }
  uint32_t len = (uint32_t) (take (2) % (IDL_PAYLOAD_MAX + 2));
  for (uint32_t i = 0; i < len && i < IDL_PAYLOAD_MAX; i++)
    payload[i] = (uint8_t) take (1);
  unsigned nfds = (unsigned) (take (1) % (IDL_MAX_FDS + 1));
  unsigned nsent = s & 16 ? (unsigned) (take (1) % (IDL_MAX_FDS + 1)) : nfds;
  take_fds (nsent, "fz-req", fds);
  unsigned rc = (unsigned) take (1);
  uint32_t filled = rc & 1 ? (uint32_t) take (4) : UINT32_MAX;
  uint32_t drained = rc & 2 ? (uint32_t) take (4) : UINT32_MAX;
  if (cl.ring_fd >= 0)
    {
      /* ring_call's reset (bulk.c), and the counters as a client that
	 filled (drained) that much would have set them.  */
      struct idl_ring r;
      memset (&r, 0, sizeof r);
      r.in_filled = filled;
      r.out_drained = drained;
      CHECK (pwrite (cl.ring_fd, &r, sizeof r, 0) == (ssize_t) sizeof r);
    }
  /* The in stream's chunks, if the server is to stream it.  */
  int needs_bytes;
  cl.in_chunks = 0;
  cl.snapped = 0;
  memset (cl.snap_len, 0, sizeof cl.snap_len);
  if (cl.bulk && announcement_ok (tag & ~(uint64_t) IDL_PAGE_TAG_BULK,
				  &needs_bytes))
    {
      unsigned i;
      uint64_t o, l;
      while (in_chunk (cl.in_chunks, &i, &o, &l))
	cl.in_chunks++;
    }
  publish (tag, words, payload, len < IDL_PAYLOAD_MAX ? len
	   : IDL_PAYLOAD_MAX, nfds, fds, nsent);
  if (len > IDL_PAYLOAD_MAX)
    cl.pg->payload_len = len;
  if (cl.worker)
    {
      worker_turn (c, 1);
      if (c->bulk_call && !c->dropped)
	{
	  /* Pending: the client's next steps move it on.  */
	  stats.w_pending++;
	  cl.pending = 1;
	  cl.ptag = tag;
	  return;
	}
    }
  else
    serve (c);
  end_request (tag);
}

static void
step_other (struct idl_conn *c, unsigned s)
{
  if (s & 4)
    {
      if (cl.pending)
	{
	  /* IDL_RING_STALL_NS later, the client not having moved:
	     what the worker's timers do (server-workers.c,
	     worker_timers).  */
	  cl.stall_step = 1;
	  idl_bulk_resume (c, 1);
	  ring_snapshot ();
	  after_turn (c);
	  cl.stall_step = 0;
	  if (cl.dropped)
	    return;
	}
      /* A second later: idl_page_idle's housekeeping (page-server.c),
	 the private buffer given back (not while a request streams).  */
      idl_page_idle (c, idl_now_ns () + 2 * IDL_BULK_IDLE_NS);
      return;
    }
  uint64_t size = take (4) % (16u << 20);
  if (cl.bulk_fd >= 0 && ftruncate (cl.bulk_fd, (off_t) size) != 0)
    {
      /* Sealed against it: as the runtime demands.  */
    }
  if (cl.pending)
    {
      worker_turn (c, 0);
      after_turn (c);
    }
}

struct hello
{
  int sock, fd, err;
};

static void *
client_hello (void *arg)
{
  struct hello *h = arg;
  h->err = idl_handshake_connect (h->sock, (const idl_interface_t *) fzb_iface,
				  &h->fd);
  return NULL;
}

/* A connection to SRV as the runtime makes one: the client's socket,
   the server's accept and handshake, the client's page.  */
static struct idl_conn *
connect_one (void)
{
  struct sockaddr_un sa;
  socklen_t salen = idl_sockaddr (&sa, srv == srv_w ? name_w : name_t);
  struct hello h = { socket (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0), -1,
		     -1 };
  pthread_t t;

  CHECK (h.sock >= 0 && salen > 0);
  CHECK (connect (h.sock, (struct sockaddr *) &sa, salen) == 0);
  CHECK (pthread_create (&t, NULL, client_hello, &h) == 0);
  struct idl_conn *c = idl_conn_accept (srv);
  CHECK (c != NULL);
  /* As connection_main (server-threads.c): open, then the message.  */
  CHECK (idl_page_open (c, 1) == IDL_OK);
  CHECK (idl_conn_alloc_msg (c) == 0);
  c->open = 1;
  pthread_join (t, NULL);
  CHECK (h.err == IDL_OK);
  cl.pg = mmap (NULL, IDL_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		h.fd, 0);
  CHECK (cl.pg != MAP_FAILED);
  close (h.fd);
  cl.sock = h.sock;
  /* Both sides on CPU 0, as far as the page says: no spinning in a
     wait (page.h, idl_spin_for).  */
  c->cpu = 0;
  cl.pg->client_cpu = 0;
  /* The private message on the heap, for ASan's redzones around it
     (the runtime maps it: idl_map_msg), put back before the end.  */
  cl.mapped_msg = c->msg;
  c->msg = aligned_alloc (64, IDL_MSG_BYTES);
  CHECK (c->msg != NULL);
  memcpy (c->msg, cl.mapped_msg, IDL_MSG_BYTES);
  return c;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const size_t caps[4] = { IDL_DEFAULT_BULK_MAX, 64 << 10, 1 << 20,
				  0 };

  idl_fuzz_new_input ();
  if (size < 1)
    return 0;
  stats.inputs++;
  in_p = data;
  in_left = size;
  unsigned conf = (unsigned) take (1);

  int lowest_free = dup (spare_fd);
  close (lowest_free);
  unsigned nfds_before = count_fds ();

  memset (&cl, 0, sizeof cl);
  cl.bulk_fd = cl.ring_fd = -1;
  cl.worker = (conf & FZB_CONF_WORKER) != 0;
  cl.threaded = !cl.worker && (conf & 1);
  srv = cl.worker ? srv_w : srv_t;
  stats.w_inputs += cl.worker;
  idl_server_set_bulk_max (srv, caps[(conf >> 1) & 3]);
  struct idl_conn *c = connect_one ();
  c->threaded = cl.threaded;
  if (cl.worker)
    c->worker = &worker;
  cl.c = c;

  for (unsigned i = 0; i < FZB_MAX_STEPS && in_left > 0 && !cl.dropped; i++)
    {
      unsigned s = (unsigned) take (1);
      if (cl.pending && !(s & 1))
	{
	  step_ring (c, s);
	  continue;
	}
      switch (s & 3)
	{
	case FZB_SETUP:
	  step_setup (c, s);
	  break;
	case FZB_WRITE:
	  step_write (s);
	  if (cl.pending)
	    {
	      worker_turn (c, 0);
	      after_turn (c);
	    }
	  break;
	case FZB_REQUEST:
	  step_request (c, s);
	  break;
	default:
	  step_other (c, s);
	  break;
	}
    }

  /* The connection ends as the server ends one (a worker's, with its
     request still pending if the client hangs up now); then the
     client.  */
  memcpy (cl.mapped_msg, c->msg, IDL_MSG_BYTES);
  free (c->msg);
  c->msg = cl.mapped_msg;
  idl_conn_end (c);
  if (cl.pending)
    close_sent ();
  if (cl.ring)
    munmap (cl.ring, IDL_RING_BYTES);
  munmap (cl.pg, IDL_PAGE_SIZE);
  close (cl.sock);
  if (cl.bulk_fd >= 0)
    close (cl.bulk_fd);
  if (cl.ring_fd >= 0)
    close (cl.ring_fd);

  /* Nothing of it is left in the server: no descriptor, no mapping, no
     share of the cap.  */
  int probe = dup (spare_fd);
  CHECK (probe == lowest_free);
  close (probe);
  CHECK (count_fds () == nfds_before);
  CHECK (count_maps ("") == 0);
  CHECK (__atomic_load_n (&srv->bulk_used, __ATOMIC_RELAXED) == 0);
  CHECK (srv->nconns == 0);
  return 0;
}
