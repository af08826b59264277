/* onc-bench.c -- round trips over ONC RPC: idlstub's against libtirpc's
   own, on the loopback (bench/onc-latency).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Usage: onc-bench compare split|same N ROUNDS

   Forks two servers on 127.0.0.1 (free ports), then times ROUNDS
   rounds of N calls of each kind, back to back, and prints the median
   nanoseconds per round trip of each and the median of the per-round
   ratios:

     raw    libtirpc alone: clnt_call of NULLPROC (xdr_void both ways)
	    on a clnt_vc client, against a libtirpc server (svc_vc_create,
	    svc_reg, svc_run) that answers it with svc_sendreply
     null   idl_null against an idlstub server (onc+tcp): NULLPROC
     tiny   IDL4's tiny (long -> long) through the plugin's stubs and
	    dispatcher, its argument and result XDR hypers

   split: the client on CPU 0, the servers on CPU 1; same: all on CPU 0.
   Each client call is answered before the next is made (one
   connection each, TCP_NODELAY on idlstub's; libtirpc's writes each
   call in one write, so Nagle's algorithm never holds it back).  */

#define _GNU_SOURCE 1
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <rpc/rpc.h>
#include "calc.h"

IDL_SERVER (calc);

long tiny_impl (idl_call_t *call, long x) { (void) call; return x + 1; }
long small_impl (idl_call_t *call, short a, long c, short d)
{ (void) call; return a + c + d; }
long large_impl (idl_call_t *call, long a, long c, long d, long e, long f,
		 long g)
{ (void) call; return a + c + d + e + f + g; }
double divide_impl (idl_call_t *call, double num, double den, long *q,
		    int *calls)
{ (void) call; *q = (long) (num / den); ++*calls; return num / den; }
int whoami_impl (idl_call_t *call) { (void) call; return 0; }
void log_value_impl (idl_call_t *call, long v) { (void) call; (void) v; }
long last_logged_impl (idl_call_t *call) { (void) call; return 0; }

#define RAW_PROG 0x20000099u
#define RAW_VERS 1u

static void
die (const char *what)
{
  perror (what);
  exit (2);
}

static void
pin (int cpu)
{
  cpu_set_t set;
  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  if (sched_setaffinity (0, sizeof set, &set) != 0)
    die ("sched_setaffinity");
}

static double
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int
free_port (void)
{
  struct sockaddr_in sa = { .sin_family = AF_INET,
			    .sin_addr = { htonl (INADDR_LOOPBACK) } };
  socklen_t len = sizeof sa;
  int fd = socket (AF_INET, SOCK_STREAM, 0);
  if (fd < 0 || bind (fd, (struct sockaddr *) &sa, sizeof sa) != 0
      || getsockname (fd, (struct sockaddr *) &sa, &len) != 0)
    die ("free port");
  close (fd);
  return ntohs (sa.sin_port);
}

/* libtirpc's server: NULLPROC, answered.  */
static void
raw_dispatch (struct svc_req *rq, SVCXPRT *t)
{
  if (rq->rq_proc == NULLPROC)
    svc_sendreply (t, (xdrproc_t) xdr_void, NULL);
  else
    svcerr_noproc (t);
}

static void
raw_server (int port)
{
  struct sockaddr_in sa = { .sin_family = AF_INET,
			    .sin_port = htons ((uint16_t) port),
			    .sin_addr = { htonl (INADDR_LOOPBACK) } };
  int one = 1, fd = socket (AF_INET, SOCK_STREAM, 0);
  setsockopt (fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (fd < 0 || bind (fd, (struct sockaddr *) &sa, sizeof sa) != 0
      || listen (fd, 16) != 0)
    die ("raw server");
  SVCXPRT *t = svc_vc_create (fd, 0, 0);
  /* No netconfig: not registered with rpcbind.  */
  if (!t || !svc_reg (t, RAW_PROG, RAW_VERS, raw_dispatch, NULL))
    die ("svc_reg");
  svc_run ();
}

static void
idl_server (int port)
{
  char name[64];
  int err;
  snprintf (name, sizeof name, "onc+tcp://127.0.0.1:%d", port);
  idl_server_t *srv = idl_server_create (name, &calc, calc_dispatch, &err);
  if (!srv)
    {
      fprintf (stderr, "%s: %s\n", name, idl_strerror (err));
      exit (2);
    }
  idl_server_run (srv);
}

/* Fork SERVE (PORT) on CPU, once its port answers.  */
static pid_t
fork_server (void (*serve) (int), int port, int cpu)
{
  pid_t pid = fork ();
  if (pid < 0)
    die ("fork");
  if (pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      pin (cpu);
      serve (port);
      _exit (0);
    }
  struct sockaddr_in sa = { .sin_family = AF_INET,
			    .sin_port = htons ((uint16_t) port),
			    .sin_addr = { htonl (INADDR_LOOPBACK) } };
  for (int i = 0; i < 500; i++)
    {
      int fd = socket (AF_INET, SOCK_STREAM, 0);
      int ok = connect (fd, (struct sockaddr *) &sa, sizeof sa) == 0;
      close (fd);
      if (ok)
	return pid;
      usleep (10000);
    }
  fprintf (stderr, "a server did not start\n");
  exit (2);
}

static CLIENT *
raw_client (int port)
{
  struct sockaddr_in sa = { .sin_family = AF_INET,
			    .sin_port = htons ((uint16_t) port),
			    .sin_addr = { htonl (INADDR_LOOPBACK) } };
  int fd = socket (AF_INET, SOCK_STREAM, 0);
  if (fd < 0 || connect (fd, (struct sockaddr *) &sa, sizeof sa) != 0)
    die ("raw client");
  struct netbuf nb = { sizeof sa, sizeof sa, &sa };
  CLIENT *cl = clnt_vc_create (fd, &nb, RAW_PROG, RAW_VERS, 0, 0);
  if (!cl)
    die ("clnt_vc_create");
  return cl;
}

static int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (double *v, int n)
{
  qsort (v, (size_t) n, sizeof *v, cmp);
  return v[n / 2];
}

int
main (int argc, char **argv)
{
  if (argc != 5 || strcmp (argv[1], "compare") != 0)
    {
      fprintf (stderr, "usage: %s compare split|same N ROUNDS\n", argv[0]);
      return 2;
    }
  int split = strcmp (argv[2], "split") == 0;
  long n = atol (argv[3]);
  int rounds = atoi (argv[4]), err;
  int rport = free_port (), iport = free_port ();
  pid_t rs = fork_server (raw_server, rport, split ? 1 : 0);
  pid_t is = fork_server (idl_server, iport, split ? 1 : 0);
  pin (0);

  CLIENT *cl = raw_client (rport);
  char name[64];
  snprintf (name, sizeof name, "onc+tcp://127.0.0.1:%d", iport);
  idl_binding_t *b = idl_connect (name, &calc, &err);
  if (!b)
    {
      fprintf (stderr, "%s: %s\n", name, idl_strerror (err));
      return 2;
    }

  static const struct timeval tv = { 25, 0 };
  double raw[64], null[64], tiny_t[64], rn[64], rt[64];
  if (rounds > 64)
    rounds = 64;
  for (int r = -1; r < rounds; r++)
    {
      /* Round -1 warms everything up.  */
      double t0 = now_ns ();
      for (long i = 0; i < n; i++)
	if (clnt_call (cl, NULLPROC, (xdrproc_t) xdr_void, NULL,
		       (xdrproc_t) xdr_void, NULL, tv) != RPC_SUCCESS)
	  {
	    clnt_perror (cl, "raw");
	    return 1;
	  }
      double t1 = now_ns ();
      for (long i = 0; i < n; i++)
	if (idl_null (b) != IDL_OK)
	  {
	    fprintf (stderr, "null: %s\n", idl_strerror (idl_error (b)));
	    return 1;
	  }
      double t2 = now_ns ();
      long sum = 0;
      for (long i = 0; i < n; i++)
	sum += tiny (b, i);
      double t3 = now_ns ();
      if (idl_error (b) != IDL_OK || sum != n * (n + 1) / 2)
	{
	  fprintf (stderr, "tiny: %s\n", idl_strerror (idl_error (b)));
	  return 1;
	}
      if (r < 0)
	continue;
      raw[r] = (t1 - t0) / n;
      null[r] = (t2 - t1) / n;
      tiny_t[r] = (t3 - t2) / n;
      rn[r] = null[r] / raw[r];
      rt[r] = tiny_t[r] / raw[r];
    }
  printf ("%.0f %.0f %.0f %.3f %.3f\n", median (raw, rounds),
	  median (null, rounds), median (tiny_t, rounds), median (rn, rounds),
	  median (rt, rounds));
  clnt_destroy (cl);
  idl_close (b);
  kill (rs, SIGKILL);
  kill (is, SIGKILL);
  waitpid (rs, NULL, 0);
  waitpid (is, NULL, 0);
  return 0;
}
