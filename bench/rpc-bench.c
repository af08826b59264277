/* rpc-bench.c -- round-trip latencies for bench/latency.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Usage: rpc-bench KIND PLACEMENT N
          rpc-bench compare PLACEMENT N CHUNKS
     KIND       raw     futex ping-pong over a shared page, with the
                        runtime's own wait and publish (page.h): the
                        transport with nothing on top (raw-pingpong.h)
                null    an RPC with no arguments and no result, through
                        libidlrt (hand-written dispatcher)
                tiny    IDL4's tiny (long -> long) through the stubs the
                        plugin generates (examples/calc.h)
                socket  an 8-byte SOCK_SEQPACKET ping-pong, for
                        reference
                coloc   tiny through a co-located binding (a server with
                        workers: a direct call)
                indirect  tiny's implementation through a function
                        pointer
                spin    the plain cache-line ping-pong of floor.h, no
                        idlstub code (split only)
                futex   floor.h's spin-then-futex ping-pong, written
                        from scratch, no idlstub code
     PLACEMENT  split (client on CPU 0, server on CPU 1) or same (both
                on CPU 0); ignored by coloc and indirect, which run in
                one thread
     N          round trips to time (after N/10 to warm up)
   Prints nanoseconds per round trip.

   compare sets up every kind at once and times CHUNKS rounds, each of
   N round trips of every kind back to back (N/10 for socket; for coloc
   and indirect, 10N), so that the load of a shared machine, which
   drifts, weighs on all of them alike.  It prints the median time of
   each kind (raw null tiny socket coloc indirect spin futex; spin is 0
   on one CPU, where it is not run) and the medians of the per-round
   ratios null/raw, tiny/raw, coloc/indirect, null/spin, tiny/spin,
   null/futex and tiny/futex (nan where spin is not run).  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../examples/calc.h"
#include "raw-pingpong.h"
#include "floor.h"

IDL_SERVER (calc);

long tiny_impl (idl_call_t *call, long x) { return x + 1; }
long small_impl (idl_call_t *call, short a, long c, short d)
{ return a + c + d; }
long large_impl (idl_call_t *call, long a, long c, long d, long e, long f,
		 long g) { return a + c + d + e + f + g; }
double divide_impl (idl_call_t *call, double n, double d, long *q, int *k)
{ *q = n / d; ++*k; return n / d; }
int whoami_impl (idl_call_t *call) { return 0; }
void log_value_impl (idl_call_t *call, long v) { }
long last_logged_impl (idl_call_t *call) { return 0; }

/* The null RPC: operation 1 of interface NULL_ID, no words either
   way.  */
#define NULL_ID 0x4e554c4cu
static const idl_interface_t null_iface = { "null", NULL_ID, 1, 1 };
#define NULL_TAG ((uint64_t) NULL_ID << IDL_TAG_IFACE_SHIFT \
		  | (uint64_t) 1 << IDL_TAG_OP_SHIFT)

static uint64_t
null_dispatch (idl_call_t *call, uint64_t *msg)
{
  (void) call;
  return msg[0] == NULL_TAG ? NULL_TAG
	 : IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
}

static double
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void
pin (int cpu)
{
  cpu_set_t set;
  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  if (sched_setaffinity (0, sizeof set, &set) != 0)
    {
      perror ("sched_setaffinity");
      exit (2);
    }
}

static void
die (const char *what)
{
  fprintf (stderr, "rpc-bench: %s\n", what);
  exit (1);
}

/* Fork a child pinned to SERVER_CPU that runs FN (ARG) and dies with
   us.  */
static pid_t
fork_server (int server_cpu, void (*fn) (void *), void *arg)
{
  pid_t pid = fork ();
  if (pid < 0)
    die ("fork");
  if (pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      pin (server_cpu);
      fn (arg);
      _exit (0);
    }
  return pid;
}

static void
reap (pid_t pid)
{
  kill (pid, SIGKILL);
  waitpid (pid, NULL, 0);
}

/* A benchmark kind: set up once, then run N round trips at a time.  */
struct kind
{
  const char *name;
  pid_t pid;			/* the server child, or 0 */
  struct raw_pingpong raw;	/* raw */
  struct floor_pingpong floor;	/* spin, futex */
  int sock;			/* socket: our end */
  idl_binding_t *b;		/* null, tiny, coloc */
  idl_server_t *srv;		/* coloc */
  long next;			/* the next argument (checks the results) */
};

/* raw: the page protocol alone (raw-pingpong.h).  */

static void
raw_setup (struct kind *k, int server_cpu)
{
  if (raw_pingpong_start (&k->raw, server_cpu) != 0)
    die ("raw: set-up");
}

static void
raw_run (struct kind *k, long n)
{
  if (raw_pingpong_run (&k->raw, n) != 0)
    die ("raw: bad reply");
}

/* socket: an 8-byte ping-pong.  */

static void
socket_server (void *arg)
{
  int fd = *(int *) arg;
  uint64_t x;
  while (read (fd, &x, sizeof x) == sizeof x)
    {
      x++;
      if (write (fd, &x, sizeof x) != sizeof x)
	return;
    }
}

static void
socket_setup (struct kind *k, int server_cpu)
{
  int sv[2];
  if (socketpair (AF_UNIX, SOCK_SEQPACKET, 0, sv) != 0)
    die ("socketpair");
  k->pid = fork_server (server_cpu, socket_server, &sv[1]);
  close (sv[1]);
  k->sock = sv[0];
}

static void
socket_run (struct kind *k, long n)
{
  for (long i = k->next; i < k->next + n; i++)
    {
      uint64_t x = (uint64_t) i;
      if (write (k->sock, &x, sizeof x) != sizeof x
	  || read (k->sock, &x, sizeof x) != sizeof x || x != (uint64_t) i + 1)
	die ("socket: bad reply");
    }
  k->next += n;
}

/* null and tiny: a real server in the child.  */

struct srv
{
  const char *name;
  const idl_interface_t *iface;
  idl_dispatch_fn dispatch;
  int ready;			/* pipe: the server is listening */
};

static void
rpc_server (void *arg)
{
  struct srv *s = arg;
  int err;
  idl_server_t *srv = idl_server_create (s->name, s->iface, s->dispatch,
					 &err);
  if (!srv)
    die ("idl_server_create");
  const char *w = getenv ("RPC_BENCH_WORKERS");
  if (w && idl_server_set_workers (srv, (unsigned) atoi (w)) != 0)
    die ("idl_server_set_workers");
  char c = 1;
  if (write (s->ready, &c, 1) != 1)
    die ("ready");
  idl_server_run (srv);
}

static void
rpc_setup (struct kind *k, int server_cpu, const idl_interface_t *iface,
	   idl_dispatch_fn dispatch)
{
  char name[64];
  int p[2], err;
  char c;
  snprintf (name, sizeof name, "@rpc-bench-%ld-%s", (long) getpid (),
	    k->name);
  if (pipe (p) != 0)
    die ("pipe");
  struct srv s = { name, iface, dispatch, p[1] };
  k->pid = fork_server (server_cpu, rpc_server, &s);
  close (p[1]);
  if (read (p[0], &c, 1) != 1)
    die ("server did not start");
  close (p[0]);
  k->b = idl_connect (name, iface, &err);
  if (!k->b)
    die (idl_strerror (err));
}

static void
null_setup (struct kind *k, int server_cpu)
{
  rpc_setup (k, server_cpu, &null_iface, null_dispatch);
}

static void
null_run (struct kind *k, long n)
{
  for (long i = 0; i < n; i++)
    if (idl_call_r4 (k->b, NULL_TAG, 0, 0, 0, 0) != NULL_TAG)
      die ("null: bad reply");
}

static void
tiny_setup (struct kind *k, int server_cpu)
{
  rpc_setup (k, server_cpu, &calc, calc_dispatch);
}

/* The measured loops are not inlined, and use every result.  */
static __attribute__ ((noinline)) long
tiny_loop (idl_binding_t *b, long from, long n)
{
  long sum = 0;
  for (long i = from; i < from + n; i++)
    sum += tiny (b, i);
  return sum;
}

/* Sum of I + 1 for I in [FROM, FROM + N).  */
static long
expected (long from, long n)
{
  return n * from + n * (n + 1) / 2;
}

static void
tiny_run (struct kind *k, long n)
{
  if (tiny_loop (k->b, k->next, n) != expected (k->next, n)
      || idl_error (k->b) != IDL_OK)
    die ("tiny: bad reply");
  k->next += n;
}

/* coloc: tiny through a co-located binding.  */

static void
coloc_setup (struct kind *k, int server_cpu)
{
  int err;
  char name[64];
  (void) server_cpu;
  snprintf (name, sizeof name, "@rpc-bench-coloc-%ld", (long) getpid ());
  k->srv = idl_server_create (name, &calc, calc_dispatch, &err);
  if (!k->srv)
    die ("idl_server_create");
  /* A server with workers: its co-located calls go straight to the
     implementation (idlrt-abi.h); without, through the message path,
     serialized.  */
  if (idl_server_set_workers (k->srv, 1) != 0)
    die ("idl_server_set_workers");
  k->b = idl_connect (name, &calc, &err);
  if (!k->b)
    die (idl_strerror (err));
}

/* indirect: tiny's implementation through a function pointer.  */

static long (*volatile tiny_fn) (idl_call_t *, long) = tiny_impl;

static __attribute__ ((noinline)) long
indirect_loop (long from, long n)
{
  long sum = 0;
  for (long i = from; i < from + n; i++)
    sum += tiny_fn (0, i);
  return sum;
}

static void
indirect_setup (struct kind *k, int server_cpu)
{
  (void) k;
  (void) server_cpu;
}

static void
indirect_run (struct kind *k, long n)
{
  if (indirect_loop (k->next, n) != expected (k->next, n))
    die ("indirect: bad sum");
  k->next += n;
}

/* spin and futex: the independent floors (floor.h).  We run on CPU 0
   (main pins us there).  */

static void
floor_setup (struct kind *k, enum floor_kind kind, int server_cpu)
{
  if (floor_start (&k->floor, kind, server_cpu, 0) != 0)
    die ("floor: set-up");
}

static void
spin_setup (struct kind *k, int server_cpu)
{
  floor_setup (k, FLOOR_SPIN, server_cpu);
}

static void
futex_setup (struct kind *k, int server_cpu)
{
  floor_setup (k, FLOOR_FUTEX, server_cpu);
}

static void
floor_kind_run (struct kind *k, long n)
{
  if (floor_run (&k->floor, n) != 0)
    die ("floor: bad reply");
}

static void
teardown (struct kind *k)
{
  if (k->b)
    idl_close (k->b);
  if (k->srv)
    idl_server_destroy (k->srv);
  if (k->raw.pg)
    raw_pingpong_stop (&k->raw);
  if (k->floor.sh)
    floor_stop (&k->floor);
  if (k->pid > 0)
    reap (k->pid);
}

enum { RAW, NUL, TINY, SOCK, COLOC, INDIRECT, SPIN, FUTEX, NKINDS };

static const struct
{
  const char *name;
  void (*setup) (struct kind *, int);
  void (*run) (struct kind *, long);
  int scale;			/* round trips per N: /10 (-10) or *10 */
} kinds[NKINDS] = {
  [RAW] = { "raw", raw_setup, raw_run, 1 },
  [NUL] = { "null", null_setup, null_run, 1 },
  [TINY] = { "tiny", tiny_setup, tiny_run, 1 },
  [SOCK] = { "socket", socket_setup, socket_run, -10 },
  [COLOC] = { "coloc", coloc_setup, tiny_run, 10 },
  [INDIRECT] = { "indirect", indirect_setup, indirect_run, 10 },
  [SPIN] = { "spin", spin_setup, floor_kind_run, 1 },
  [FUTEX] = { "futex", futex_setup, floor_kind_run, 1 },
};

static long
scaled (int kind, long n)
{
  int s = kinds[kind].scale;
  return s < 0 ? n / -s : n * s;
}

/* Time N round trips of K; ns per round trip.  */
static double
timed (int kind, struct kind *k, long n)
{
  double t0 = now_ns ();
  kinds[kind].run (k, n);
  return (now_ns () - t0) / n;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *v, int n)
{
  qsort (v, n, sizeof *v, cmp_double);
  return v[n / 2];
}

int
main (int argc, char **argv)
{
  int compare = argc == 5 && strcmp (argv[1], "compare") == 0;
  if (argc != 4 && !compare)
    {
      fprintf (stderr, "usage: rpc-bench KIND split|same N\n"
	       "       rpc-bench compare split|same N CHUNKS\n");
      return 2;
    }
  int server_cpu = strcmp (argv[2], "same") == 0 ? 0 : 1;
  long n = atol (argv[3]);
  struct kind k[NKINDS];

  pin (0);
  memset (k, 0, sizeof k);
  for (int i = 0; i < NKINDS; i++)
    k[i].name = kinds[i].name;

  if (!compare)
    {
      int kind = -1;
      for (int i = 0; i < NKINDS; i++)
	if (strcmp (argv[1], kinds[i].name) == 0)
	  kind = i;
      if (kind < 0)
	{
	  fprintf (stderr, "rpc-bench: unknown kind %s\n", argv[1]);
	  return 2;
	}
      kinds[kind].setup (&k[kind], server_cpu);
      kinds[kind].run (&k[kind], n / 10 + 1);
      printf ("%.1f\n", timed (kind, &k[kind], n));
      teardown (&k[kind]);
      return 0;
    }

  int chunks = atoi (argv[4]);
  if (chunks < 1 || chunks > 1000)
    die ("CHUNKS: 1 to 1000");
  /* The spin floor holds its CPU while it runs: on one CPU it would
     only measure the scheduler's time slice.  */
  int run_kind[NKINDS];
  for (int i = 0; i < NKINDS; i++)
    run_kind[i] = i != SPIN || server_cpu != 0;
  enum { R_NULL, R_TINY, R_COLOC, R_NULL_SPIN, R_TINY_SPIN, R_NULL_FUTEX,
	 R_TINY_FUTEX, NRATIOS };
  static double t[NKINDS][1000], r[NRATIOS][1000];
  for (int i = 0; i < NKINDS; i++)
    if (run_kind[i])
      {
	kinds[i].setup (&k[i], server_cpu);
	kinds[i].run (&k[i], scaled (i, n) / 10 + 1);
      }
  for (int c = 0; c < chunks; c++)
    {
      for (int i = 0; i < NKINDS; i++)
	t[i][c] = run_kind[i] ? timed (i, &k[i], scaled (i, n)) : 0;
      r[R_NULL][c] = t[NUL][c] / t[RAW][c];
      r[R_TINY][c] = t[TINY][c] / t[RAW][c];
      r[R_COLOC][c] = t[COLOC][c] / t[INDIRECT][c];
      r[R_NULL_SPIN][c] = run_kind[SPIN] ? t[NUL][c] / t[SPIN][c] : NAN;
      r[R_TINY_SPIN][c] = run_kind[SPIN] ? t[TINY][c] / t[SPIN][c] : NAN;
      r[R_NULL_FUTEX][c] = t[NUL][c] / t[FUTEX][c];
      r[R_TINY_FUTEX][c] = t[TINY][c] / t[FUTEX][c];
    }
  for (int i = 0; i < NKINDS; i++)
    {
      printf ("%s%.1f", i ? " " : "", median (t[i], chunks));
      teardown (&k[i]);
    }
  for (int i = 0; i < NRATIOS; i++)
    printf (" %.3f", median (r[i], chunks));
  printf ("\n");
  return 0;
}
