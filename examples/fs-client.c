/* fs-client.c -- a program using the example file system (vfs.h), and
   what its calls cost.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Usage: fs-client VFS-NAME [ROUNDS [CALLS [CPUS]]]
     CPUS  "C,V,P": the CPUs the client (which pins itself), the VFS and
           the PFS run on; without it nothing is pinned

   First it uses the file system and prints each call and its result:
   creates and writes files, looks them up, lists the directory, reads
   them back, gets a descriptor for a file from the VFS and reads it
   directly, removes a file.  Every result is checked; the program
   exits 1 at the first one that is wrong.

   Then it measures.  Each of ROUNDS rounds (default 21) times CALLS
   calls (default 2000) of every kind back to back: the floor, a round
   trip with a child process that owes nothing to idlstub
   (bench/floor.h: a plain cache-line ping-pong between two CPUs, a
   spin-then-futex one on one CPU), vfs_null (one hop, to the VFS),
   vfs_stat and a 4 KiB vfs_pread (two hops, through the VFS to the
   PFS), and pread(2) on the descriptor from vfs_open_fd (no hop at
   all).  It prints the median time per call of each kind, and the
   median of its per-round ratio to the floor's round trips for the
   hops it makes: a shared machine's load drifts, and measuring every
   kind in the same rounds lets the drift weigh on all of them alike
   (DESIGN.md: wall-clock figures are ratios measured in the same run).
   A hop between two CPUs and a hop within one differ by an order of
   magnitude, so with CPUS each hop is set against a floor of its own
   kind (see start_yardsticks).  */

#define _GNU_SOURCE 1		/* strerrorname_np; floor.h */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "floor.h"
#include "vfs.h"

static idl_binding_t *b;

static void
fail (const char *what)
{
  fprintf (stderr, "fs-client: %s", what);
  if (b && idl_error (b) != IDL_OK)
    fprintf (stderr, " (transport: %s)", idl_strerror (idl_error (b)));
  fprintf (stderr, "\n");
  exit (1);
}

/* Every call's transport status is checked: a 0 from a stub whose call
   never reached the server must not pass for success.  */
static int
ok (int r)
{
  if (idl_error (b) != IDL_OK)
    fail ("a call did not get through");
  return r;
}

/* "= 0" or "= -ENOENT (No such file or directory)".  */
static const char *
result (int r)
{
  static char buf[128];
  if (r >= 0)
    snprintf (buf, sizeof buf, "= %d", r);
  else
    snprintf (buf, sizeof buf, "= -%s (%s)", strerrorname_np (-r),
	      strerror (-r));
  return buf;
}

#define BLOCK 4096
#define BLOCKS 4

/* The bytes of block.bin: recognisable at every offset.  */
static unsigned char
pattern (long off)
{
  return (unsigned char) (off * 7 + off / BLOCK);
}

static double
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int
cmp_double (const void *x, const void *y)
{
  double p = *(const double *) x, q = *(const double *) y;
  return p < q ? -1 : p > q;
}

static double
median (double *v, int n)
{
  qsort (v, n, sizeof *v, cmp_double);
  return v[n / 2];
}

/* Where the three processes run: CPU numbers, or -1 where nobody
   pinned them.  */
static int cpu_client = -1, cpu_vfs = -1, cpu_pfs = -1;

/* The yardsticks, the floors of bench/floor.h: between two CPUs a
   plain cache-line ping-pong (nothing sleeps), on one CPU a
   spin-then-futex one (it cannot spin there: two context switches).
   They differ by an order of magnitude.  A hop of the file system is
   timed against the yardstick of its own kind.  When the processes are
   not pinned there is one, RAW, the spin-then-futex ping-pong with the
   partner wherever the scheduler puts it.  */
enum { RAW, RAW_SAME, NUL, STAT, PREAD, FDREAD, NKINDS };

static struct floor_pingpong raw[2];	/* RAW, RAW_SAME */
static int have_raw[2];

static struct
{
  const char *label;
  int hops;			/* 0: no call; 1: to the VFS; 2: to the PFS */
} kinds[NKINDS] = {
  [RAW] = { "floor round trip", 1 },
  [RAW_SAME] = { "floor round trip, one CPU", 1 },
  [NUL] = { "vfs_null ()", 1 },
  [STAT] = { "vfs_stat (\"/pfs/block.bin\")", 2 },
  [PREAD] = { "vfs_pread (fd, 0, 4 KiB)", 2 },
  [FDREAD] = { "pread (descriptor, 4 KiB)", 0 },
};

/* The yardstick for the hop between CPUs A and B.  */
static int
yardstick (int a, int b)
{
  return a >= 0 && a == b ? RAW_SAME : RAW;
}

static int block_fd;		/* the VFS's number for block.bin */
static int block_desc;		/* a kernel descriptor for it */
static unsigned char buf[VFS_IO_MAX];

/* CALLS calls of KIND, each result checked; ns per call.  */
static double
timed (int kind, long calls)
{
  struct vfs_stat st;
  int got;
  double t0 = now_ns ();
  switch (kind)
    {
    case RAW:
    case RAW_SAME:
      if (floor_run (&raw[kind - RAW], calls) != 0)
	fail ("floor: bad reply");
      break;
    case NUL:
      for (long i = 0; i < calls; i++)
	if (ok (vfs_null (b)) != 0)
	  fail ("vfs_null");
      break;
    case STAT:
      for (long i = 0; i < calls; i++)
	if (ok (vfs_stat (b, "/pfs/block.bin", &st)) != 0
	    || st.size != (BLOCKS + 1) * BLOCK)
	  fail ("vfs_stat");
      break;
    case PREAD:
      for (long i = 0; i < calls; i++)
	if (ok (vfs_pread (b, block_fd, 0, buf, BLOCK, &got)) != 0
	    || got != BLOCK || buf[BLOCK - 1] != pattern (BLOCK - 1))
	  fail ("vfs_pread");
      break;
    case FDREAD:
      for (long i = 0; i < calls; i++)
	if (pread (block_desc, buf, BLOCK, 0) != BLOCK
	    || buf[BLOCK - 1] != pattern (BLOCK - 1))
	  fail ("pread");
      break;
    }
  return (now_ns () - t0) / calls;
}

/* Start the yardsticks the placement needs, before we connect (so
   that the partners hold no copy of our connection).  */
static void
start_yardsticks (void)
{
  int hop1 = yardstick (cpu_client, cpu_vfs);
  int hop2 = yardstick (cpu_vfs, cpu_pfs);
  for (int k = RAW; k <= RAW_SAME; k++)
    if (hop1 == k || hop2 == k)
      {
	/* Across CPUs: the partner where the hop's far end is, or at
	   least not on our CPU.  On one CPU: on ours.  */
	int cpu = k == RAW_SAME ? cpu_client
		  : cpu_vfs != cpu_client ? cpu_vfs : cpu_pfs;
	enum floor_kind fk = k == RAW && cpu_client >= 0 ? FLOOR_SPIN
							 : FLOOR_FUTEX;
	if (floor_start (&raw[k - RAW], fk, cpu, cpu_client) != 0)
	  fail ("cannot start the floor's partner");
	have_raw[k - RAW] = 1;
      }
  if (cpu_client >= 0)
    {
      kinds[RAW].label = have_raw[RAW_SAME - RAW]
			 ? "floor round trip, two CPUs" : "floor round trip";
      if (cpu_client == cpu_vfs && cpu_vfs == cpu_pfs)
	kinds[RAW_SAME].label = "floor round trip";
    }
}

static void
measure (int rounds, long calls)
{
  double t[NKINDS][rounds], ratio[NKINDS][rounds];
  int run[NKINDS];

  for (int k = 0; k < NKINDS; k++)
    run[k] = k > RAW_SAME || have_raw[k - RAW];
  for (int k = 0; k < NKINDS; k++)
    if (run[k])
      timed (k, calls / 10 + 1);	/* warm up */
  for (int r = 0; r < rounds; r++)
    {
      /* Each round starts with another kind: the first batch after a
	 long one wakes partners that went to sleep meanwhile.  */
      for (int i = 0; i < NKINDS; i++)
	{
	  int k = (r + i) % NKINDS;
	  if (run[k])
	    t[k][r] = timed (k, calls);
	}
      /* A call's time over the floor's round trips for the hops it
	 makes, measured in this round.  */
      double hop1 = t[yardstick (cpu_client, cpu_vfs)][r];
      double hop2 = t[yardstick (cpu_vfs, cpu_pfs)][r];
      for (int k = 0; k < NKINDS; k++)
	if (run[k])
	  ratio[k][r] = t[k][r] / (k <= RAW_SAME ? t[k][r]
				   : kinds[k].hops == 2 ? hop1 + hop2 : hop1);
    }

  if (cpu_client < 0)
    printf ("latency, processes where the scheduler puts them:\n");
  else if (cpu_vfs == cpu_pfs && cpu_client != cpu_vfs)
    printf ("latency, client on CPU %d, VFS and PFS on CPU %d:\n",
	    cpu_client, cpu_vfs);
  else
    printf ("latency, client on CPU %d, VFS on CPU %d, PFS on CPU %d:\n",
	    cpu_client, cpu_vfs, cpu_pfs);
  printf ("median of %d rounds of %ld calls each (times vary from run to run;"
	  "\nx floor: over the floor's round trips for the same hops, same"
	  " rounds)\n", rounds, calls);
  printf ("  %-30s %5s %9s %7s\n", "operation", "hops", "ns/call",
	  "x floor");
  for (int k = 0; k < NKINDS; k++)
    if (run[k])
      {
	printf ("  %-30s %5d %9.0f", kinds[k].label, kinds[k].hops,
		median (t[k], rounds));
	if (kinds[k].hops)
	  printf (" %7.2f\n", median (ratio[k], rounds));
	else
	  printf (" %7s\n", "-");
      }
}

/* "C,V,P": the CPUs run-example pinned the client, the VFS and the PFS
   to.  The client pins itself.  */
static void
placement (const char *arg)
{
  cpu_set_t set;
  if (sscanf (arg, "%d,%d,%d", &cpu_client, &cpu_vfs, &cpu_pfs) != 3
      || cpu_client < 0 || cpu_vfs < 0 || cpu_pfs < 0
      || cpu_client >= CPU_SETSIZE || cpu_vfs >= CPU_SETSIZE
      || cpu_pfs >= CPU_SETSIZE)
    fail ("CPUS: three CPU numbers, client,vfs,pfs");
  CPU_ZERO (&set);
  CPU_SET (cpu_client, &set);
  if (sched_setaffinity (0, sizeof set, &set) != 0)
    fail ("cannot run on the client's CPU");
}

/* One line of the transcript: the call, then what came of it.  */
static void __attribute__ ((format (printf, 2, 3)))
show (const char *call, const char *fmt, ...)
{
  char rest[200];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (rest, sizeof rest, fmt, ap);
  va_end (ap);
  printf ("  %-47s %s\n", call, rest);
}

int
main (int argc, char **argv)
{
  int err, fd = -1, dir = -1, n = 0, got = 0, r;
  struct vfs_stat st = { 0 };
  struct vfs_dirent ents[32];
  static const char greeting[] = "Hello from the client!\n";

  if (argc < 2 || argc > 5)
    {
      fprintf (stderr, "usage: fs-client VFS-NAME [ROUNDS [CALLS [CPUS]]]\n");
      return 2;
    }
  int rounds = argc > 2 ? atoi (argv[2]) : 21;
  long calls = argc > 3 ? atol (argv[3]) : 2000;
  if (rounds < 1 || rounds > 1000 || calls < 1)
    fail ("ROUNDS: 1 to 1000; CALLS: 1 or more");

  /* A line at a time: our lines and the servers' stay in order, and
     whoever runs us sees how far we got if we are stopped.  */
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (argc > 4)
    placement (argv[4]);
  start_yardsticks ();

  b = idl_connect (argv[1], &vfs, &err);
  if (!b)
    {
      fprintf (stderr, "fs-client: %s: %s\n", argv[1], idl_strerror (err));
      return 1;
    }
  /* A client never hangs on a server that does not answer: no call
     here takes a second; past 10 s something is wrong.  */
  idl_set_timeout (b, 10 * 1000 * 1000);
  printf ("fs-client: pid %d, connected to the VFS at %s\n", (int) getpid (),
	  argv[1]);

  /* Create and write: a string in, an out parameter back; bytes in.  */
  r = ok (vfs_open (b, "/pfs/hello.txt", O_CREAT | O_RDWR, 0644, &fd));
  show ("vfs_open (\"/pfs/hello.txt\", O_CREAT | O_RDWR)", "%s, fd %d",
	result (r), fd);
  if (r != 0)
    fail ("vfs_open");
  r = ok (vfs_write (b, fd, greeting, sizeof greeting - 1));
  show ("vfs_write (fd 0, \"Hello from the client!\\n\", 23)", "%s",
	result (r));
  if (fd != 0 || r != sizeof greeting - 1)
    fail ("vfs_write");

  r = ok (vfs_open (b, "/pfs/block.bin", O_CREAT | O_RDWR, 0600, &block_fd));
  show ("vfs_open (\"/pfs/block.bin\", O_CREAT | O_RDWR)", "%s, fd %d",
	result (r), block_fd);
  if (r != 0)
    fail ("vfs_open");
  for (int i = 0; i < BLOCKS; i++)
    {
      for (int j = 0; j < BLOCK; j++)
	buf[j] = pattern ((long) i * BLOCK + j);
      if (ok (vfs_write (b, block_fd, buf, BLOCK)) != BLOCK)
	fail ("vfs_write");
    }
  show ("vfs_write (fd 1, 4096 bytes) x 4", "= 4096 each");
  if (block_fd != 1)
    fail ("vfs_open: expected fd 1");

  /* Look up: a struct comes back, or the file system's own error.  */
  r = ok (vfs_stat (b, "/pfs/block.bin", &st));
  show ("vfs_stat (\"/pfs/block.bin\")", "%s: inode %llu, %s, %llu bytes",
	result (r), (unsigned long long) st.ino,
	S_ISREG (st.mode) ? "a file" : "not a file",
	(unsigned long long) st.size);
  if (r != 0 || !S_ISREG (st.mode) || st.size != BLOCKS * BLOCK)
    fail ("vfs_stat");
  r = vfs_stat (b, "/pfs/missing.txt", &st);
  show ("vfs_stat (\"/pfs/missing.txt\")", "%s", result (r));
  printf ("      the file system's answer: the call itself went through "
	  "(idl_error: %s)\n", idl_error (b) == IDL_OK ? "IDL_OK" : "not OK");
  if (r != -ENOENT || idl_error (b) != IDL_OK)
    fail ("vfs_stat of a missing file");

  /* List the directory: fixed-size records, and only the filled ones
     come back (IDL_LENGTH_IS).  */
  r = ok (vfs_open (b, "/pfs", O_RDONLY | O_DIRECTORY, 0, &dir));
  show ("vfs_open (\"/pfs\", O_RDONLY | O_DIRECTORY)", "%s, fd %d",
	result (r), dir);
  if (r != 0 || dir != 2)
    fail ("vfs_open of the directory");
  int listed = 0;
  do
    {
      r = ok (vfs_readdir (b, dir, ents, 32, &n));
      show ("vfs_readdir (fd 2, 32 entries)", "%s, %d entries%s", result (r),
	    n, n ? ":" : " (the end)");
      if (r != 0 || n < 0 || n > 32)
	fail ("vfs_readdir");
      for (int i = 0; i < n; i++)
	printf ("      inode %llu  %s\n", (unsigned long long) ents[i].ino,
		ents[i].name);
      listed += n;
    }
  while (n > 0);
  if (listed != 2)
    fail ("vfs_readdir: expected two files");
  r = ok (vfs_close (b, dir));
  show ("vfs_close (fd 2)", "%s", result (r));

  /* Read back: only the bytes there are come back.  */
  memset (buf, 0, sizeof buf);
  r = ok (vfs_pread (b, fd, 0, buf, 100, &got));
  show ("vfs_pread (fd 0, 0, 100 bytes)", "%s, %d bytes: \"%.*s\\n\"",
	result (r), got, got > 0 ? got - 1 : 0, buf);
  if (r != 0 || got != sizeof greeting - 1 || memcmp (buf, greeting, got))
    fail ("vfs_pread");
  r = ok (vfs_pread (b, block_fd, BLOCK, buf, BLOCK, &got));
  int same = got == BLOCK;
  for (int j = 0; same && j < BLOCK; j++)
    same = buf[j] == pattern (BLOCK + j);
  show ("vfs_pread (fd 1, 4096, 4096 bytes)", "%s, %d bytes, %s", result (r),
	got, same ? "as written" : "WRONG");
  if (r != 0 || !same)
    fail ("vfs_pread");

  /* A kernel descriptor, passed PFS -> VFS -> client: read it with no
     further call.  It is the PFS's storage itself: it sees a write made
     through the VFS afterwards.  */
  r = ok (vfs_open_fd (b, "/pfs/block.bin", &block_desc));
  show ("vfs_open_fd (\"/pfs/block.bin\")", "%s, a descriptor", result (r));
  if (r != 0 || block_desc < 0)
    fail ("vfs_open_fd");
  long total = 0;
  ssize_t k;
  same = 1;
  while ((k = read (block_desc, buf, sizeof buf)) > 0)
    {
      for (ssize_t j = 0; j < k; j++)
	same &= buf[j] == pattern (total + j);
      total += k;
    }
  printf ("      read (descriptor), no call: %ld bytes, %s\n", total,
	  same ? "as written" : "WRONG");
  if (k < 0 || total != BLOCKS * BLOCK || !same)
    fail ("read");
  errno = 0;
  k = write (block_desc, "x", 1);
  printf ("      write (descriptor): %s\n",
	  k < 0 && errno == EBADF ? "Bad file descriptor (read-only)"
	  : "succeeded");
  if (k >= 0 || errno != EBADF)
    fail ("the descriptor should be read-only");
  for (int j = 0; j < BLOCK; j++)
    buf[j] = pattern ((long) BLOCKS * BLOCK + j);
  r = ok (vfs_write (b, block_fd, buf, BLOCK));
  struct stat kst;
  if (fstat (block_desc, &kst) != 0)
    fail ("fstat");
  printf ("      vfs_write (fd 1, 4096 bytes) %s; fstat (descriptor): "
	  "%lld bytes\n", result (r), (long long) kst.st_size);
  if (r != BLOCK || kst.st_size != (BLOCKS + 1) * BLOCK)
    fail ("the descriptor should see the write");

  /* Remove a file.  */
  r = ok (vfs_close (b, fd));
  show ("vfs_close (fd 0)", "%s", result (r));
  if (r != 0)
    fail ("vfs_close");
  r = ok (vfs_unlink (b, "/pfs/hello.txt"));
  show ("vfs_unlink (\"/pfs/hello.txt\")", "%s", result (r));
  if (r != 0)
    fail ("vfs_unlink");
  r = ok (vfs_stat (b, "/pfs/hello.txt", &st));
  show ("vfs_stat (\"/pfs/hello.txt\")", "%s", result (r));
  if (r != -ENOENT)
    fail ("vfs_stat after vfs_unlink");

  measure (rounds, calls);

  close (block_desc);
  r = ok (vfs_close (b, block_fd));
  show ("vfs_close (fd 1)", "%s", result (r));
  if (r != 0)
    fail ("vfs_close");
  idl_close (b);
  for (int i = 0; i < 2; i++)
    if (have_raw[i])
      floor_stop (&raw[i]);
  return 0;
}
