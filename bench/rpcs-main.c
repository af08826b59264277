/* rpcs-main.c -- the driver of bench/callgrind-rpcs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Usage: rpcs server NAME WARM N
          rpcs client NAME WARM N

   Linked with one stub variant (rpcs.h).  The server serves idl4bench
   at NAME-idl4 and pfs at NAME-pfs until SIGTERM.  The client calls each
   operation WARM times, then N times, and checks every result against
   a direct call of the same work function (rpcs-impl.c), and the
   transport status of every call: a stub that loses, swaps or
   truncates anything makes it exit 1 before any figure is printed.

   Under callgrind, both split their costs into one dump per phase
   (CALLGRIND_DUMP_STATS_AT): the client after each phase, the server
   after the WARMth and the (WARM + N)th call of each operation.  A
   measured dump is named after its operation (desc: "Trigger: Client
   Request: tiny"), a warm-up one "warm".  Outside callgrind the
   requests do nothing.

   The server counts a call in rpcs_serve, which the runtime calls as
   the dispatcher and which calls the variant's real dispatcher: the
   inclusive cost of that call is the dispatcher's, server stubs and
   work functions included (callgrind-rpcs then subtracts the work
   functions).  */

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <valgrind/callgrind.h>
#include "rpcs.h"

static const struct
{
  uint32_t iface;		/* index in rpcs_*_iface */
  uint32_t op;
  const char *name;
} ops[] = {
  { 0, 1, "tiny" }, { 0, 2, "small" }, { 0, 3, "large" },
  { 0, 4, "strxfer" }, { 0, 5, "structxfer" }, { 0, 6, "arrayxfer" },
  { 1, 1, "pfs_open" }, { 1, 2, "pfs_write" },
  { 1, 3, "pfs_get_direntries" }, { 1, 4, "pfs_lookup" },
};
#define NOPS (sizeof ops / sizeof ops[0])

static long warm, measured;

/* Server.  */

static idl_server_t *servers[2];
static unsigned long served[NOPS];

static void
count_call (uint32_t iface, uint64_t tag)
{
  uint32_t op = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  for (unsigned i = 0; i < NOPS; i++)
    if (ops[i].iface == iface && ops[i].op == op)
      {
	served[i]++;
	if (served[i] == (unsigned long) warm)
	  CALLGRIND_DUMP_STATS_AT ("warm");
	else if (served[i] == (unsigned long) (warm + measured))
	  CALLGRIND_DUMP_STATS_AT (ops[i].name);
      }
}

/* Not inlined, so that callgrind records its call of the dispatcher as
   an arc of its own.  */
static uint64_t __attribute__ ((__noinline__))
rpcs_serve (uint32_t iface, idl_call_t *call, uint64_t *msg)
{
  uint64_t tag = msg[0];
  uint64_t rtag = rpcs_server_dispatch[iface] (call, msg);
  count_call (iface, tag);
  return rtag;
}

static uint64_t
serve_idl4 (idl_call_t *call, uint64_t *msg)
{
  return rpcs_serve (0, call, msg);
}

static uint64_t
serve_pfs (idl_call_t *call, uint64_t *msg)
{
  return rpcs_serve (1, call, msg);
}

static void
on_term (int sig)
{
  (void) sig;
  idl_server_stop (servers[0]);
  idl_server_stop (servers[1]);
}

static void *
run_pfs (void *arg)
{
  (void) arg;
  idl_server_run (servers[1]);
  return NULL;
}

static int
server (const char *name)
{
  static const idl_dispatch_fn serve[2] = { serve_idl4, serve_pfs };
  static const char *const suffix[2] = { "-idl4", "-pfs" };
  char full[256];
  int err;
  pthread_t t;

  for (int i = 0; i < 2; i++)
    {
      snprintf (full, sizeof full, "%s%s", name, suffix[i]);
      servers[i] = idl_server_create (full, rpcs_server_iface[i], serve[i],
				      &err);
      if (!servers[i])
	{
	  fprintf (stderr, "rpcs: server %s: %s\n", full, idl_strerror (err));
	  return 1;
	}
    }
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_term;
  sigaction (SIGTERM, &sa, NULL);
  if (pthread_create (&t, NULL, run_pfs, NULL) != 0)
    return 1;
  int r = idl_server_run (servers[0]);
  pthread_join (t, NULL);
  return r == 0 ? 0 : 1;
}

/* Client.  */

static void
fail (const char *op, long i, const char *what)
{
  fprintf (stderr, "rpcs: %s, call %ld: %s\n", op, i, what);
  exit (1);
}

#define CHECK(cond)							\
  do									\
    if (!(cond))							\
      fail (op, i, "wrong result: " #cond);				\
  while (0)

static void
transport_ok (idl_binding_t *b, const char *op, long i)
{
  int e = idl_error (b);
  if (e != IDL_OK)
    fail (op, i, idl_strerror (e));
}

/* Calls FROM .. TO - 1 of operation K; each call's arguments depend on
   its number I, so no reply can pass for an earlier one.  */
static void
run_op (idl_binding_t **bind, unsigned k, long from, long to)
{
  const char *op = ops[k].name;
  idl_binding_t *b = bind[ops[k].iface];

  for (long i = from; i < to; i++)
    {
      switch (k)
	{
	case 0:
	  {
	    long r = rpcs_tiny (b, i * 7 - 3);
	    transport_ok (b, op, i);
	    CHECK (r == tiny_impl (NULL, i * 7 - 3));
	    break;
	  }
	case 1:
	  {
	    short a = (short) (i * 13 - 1000), d = (short) (30000 - i);
	    long c = i * 100003 - 7;
	    long r = rpcs_small (b, a, c, d);
	    transport_ok (b, op, i);
	    CHECK (r == small_impl (NULL, a, c, d));
	    break;
	  }
	case 2:
	  {
	    long r = rpcs_large (b, i, -i, i << 20, i ^ 0x5555, 7 - i, i * i);
	    transport_ok (b, op, i);
	    CHECK (r == large_impl (NULL, i, -i, i << 20, i ^ 0x5555, 7 - i,
				    i * i));
	    break;
	  }
	case 3:
	  {
	    char s[RPCS_STRXFER_LEN + 1];
	    long x = -1, y = -1, x2, y2;
	    for (int j = 0; j < RPCS_STRXFER_LEN; j++)
	      s[j] = (char) ('!' + (i + j * 5) % 90);
	    s[RPCS_STRXFER_LEN] = 0;
	    rpcs_strxfer (b, s, &x, &y);
	    transport_ok (b, op, i);
	    strxfer_impl (NULL, s, &x2, &y2);
	    CHECK (x == x2 && y == y2);
	    break;
	  }
	case 4:
	  {
	    struct large_t a;
	    long x = -1, x2;
	    memset (&a, 0, sizeof a);
	    for (int j = 0; j < 20; j++)
	      a.a[j] = i * 1000 + j, a.l[j] = (char) (i + j);
	    a.b = (short) i, a.c = (short) -i, a.d = (char) (i * 3);
	    for (int j = 0; j < 200; j++)
	      a.e[j] = (char) (i * 5 + j);
	    a.f = (short) (i * 11);
	    for (int j = 0; j < 80; j++)
	      a.g[j] = (short) (i * 17 + j);
	    a.h = i << 33, a.i = -i, a.j = (char) i, a.k = (char) (i >> 8);
	    for (int j = 0; j < 2; j++)
	      a.m[j].n = (short) (i + j), a.m[j].o = (char) (j - i),
		a.m[j].p = i * 77 + j, a.m[j].q = (short) (i * j),
		a.m[j].r = (short) (j - 2 * i);
	    long r = rpcs_structxfer (b, a, &x);
	    transport_ok (b, op, i);
	    long r2 = structxfer_impl (NULL, a, &x2);
	    CHECK (r == r2 && x == x2);
	    break;
	  }
	case 5:
	  {
	    /* The server checks the bytes (rpcs_array_byte); call I is
	       the server's call I, warm-up included.  */
	    static char s1[RPCS_ARRAY_LEN], s2[RPCS_ARRAY_LEN];
	    for (long j = 0; j < RPCS_ARRAY_LEN; j++)
	      s1[j] = rpcs_array_byte ((unsigned long) i, 1, (unsigned long) j),
		s2[j] = rpcs_array_byte ((unsigned long) i, 2,
					 (unsigned long) j);
	    rpcs_arrayxfer (b, s1, s2, RPCS_ARRAY_LEN, RPCS_ARRAY_LEN);
	    transport_ok (b, op, i);
	    break;
	  }
	case 6:
	  {
	    int h = -1, h2;
	    int r = rpcs_pfs_open (b, (int) i, (int) (i * 3 + 1), (int) (i & 7),
				   0644, &h);
	    transport_ok (b, op, i);
	    int r2 = pfs_open_impl (NULL, (int) i, (int) (i * 3 + 1),
				    (int) (i & 7), 0644, &h2);
	    CHECK (r == r2 && h == h2);
	    break;
	  }
	case 7:
	  {
	    static int data[RPCS_WRITE_INTS];
	    for (int j = 0; j < RPCS_WRITE_INTS; j++)
	      data[j] = (int) (i * 1009 + j * j);
	    int pos = (int) (i * 10), pos2 = pos;
	    int r = rpcs_pfs_write (b, (int) i, &pos, RPCS_WRITE_INTS * 4,
				    RPCS_WRITE_INTS, data);
	    transport_ok (b, op, i);
	    int r2 = pfs_write_impl (NULL, (int) i, &pos2, RPCS_WRITE_INTS * 4,
				     RPCS_WRITE_INTS, data);
	    CHECK (r == r2 && pos == pos2);
	    break;
	  }
	case 8:
	  {
	    static struct pfs_dirent d[64], d2[64];
	    memset (d, 0xa5, sizeof d);
	    int pos = (int) i, pos2 = pos, n = -1, n2;
	    int r = rpcs_pfs_get_direntries (b, (int) i, &pos, RPCS_DIRENTS,
					     &n, d);
	    transport_ok (b, op, i);
	    int r2 = pfs_get_direntries_impl (NULL, (int) i, &pos2,
					      RPCS_DIRENTS, &n2, d2);
	    CHECK (r == r2 && pos == pos2 && n == n2 && n == RPCS_DIRENTS
		   && memcmp (d, d2, n * sizeof d[0]) == 0);
	    break;
	  }
	case 9:
	  {
	    char name[RPCS_LOOKUP_LEN + 1];
	    static char canon[1024], canon2[1024];
	    int fobj = -1, fobj2;
	    for (int j = 0; j < RPCS_LOOKUP_LEN; j++)
	      name[j] = (char) ('a' + (i + j) % 26);
	    name[RPCS_LOOKUP_LEN] = 0;
	    memset (canon, 'X', sizeof canon);
	    int r = rpcs_pfs_lookup (b, (int) i, name, &fobj, canon);
	    transport_ok (b, op, i);
	    int r2 = pfs_lookup_impl (NULL, (int) i, name, &fobj2, canon2);
	    CHECK (r == r2 && fobj == fobj2 && strcmp (canon, canon2) == 0);
	    break;
	  }
	}
    }
}

static idl_binding_t *
connect_retry (const char *name, const idl_interface_t *iface)
{
  /* The server may still be starting (under valgrind, for seconds).  */
  for (int tries = 0; tries < 600; tries++)
    {
      int err;
      idl_binding_t *b = idl_connect (name, iface, &err);
      if (b)
	return b;
      if (err != IDL_E_CONNECT)
	{
	  fprintf (stderr, "rpcs: connect %s: %s\n", name, idl_strerror (err));
	  exit (1);
	}
      nanosleep (&(struct timespec) { 0, 50000000 }, NULL);
    }
  fprintf (stderr, "rpcs: no server at %s\n", name);
  exit (1);
}

static int
client (const char *name)
{
  char full[256];
  idl_binding_t *b[2];

  snprintf (full, sizeof full, "%s-idl4", name);
  b[0] = connect_retry (full, rpcs_client_iface[0]);
  snprintf (full, sizeof full, "%s-pfs", name);
  b[1] = connect_retry (full, rpcs_client_iface[1]);
  CALLGRIND_DUMP_STATS_AT ("setup");
  for (unsigned k = 0; k < NOPS; k++)
    {
      run_op (b, k, 0, warm);
      CALLGRIND_DUMP_STATS_AT ("warm");
      run_op (b, k, warm, warm + measured);
      CALLGRIND_DUMP_STATS_AT (ops[k].name);
    }
  /* The server is still alive: arrayxfer's last check did not kill
     it (both servers are one process).  */
  rpcs_tiny (b[0], 1);
  transport_ok (b[0], "tiny after the last phase", 0);
  idl_close (b[0]);
  idl_close (b[1]);
  printf ("rpcs: %ld + %ld calls of each of %u operations, all results "
	  "checked\n", warm, measured, (unsigned) NOPS);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc != 5 || (strcmp (argv[1], "server") != 0
		    && strcmp (argv[1], "client") != 0))
    {
      fprintf (stderr, "usage: rpcs server|client NAME WARM N\n");
      return 2;
    }
  warm = atol (argv[3]);
  measured = atol (argv[4]);
  if (warm < 1 || measured < 1)
    return 2;
  return strcmp (argv[1], "server") == 0 ? server (argv[2])
					   : client (argv[2]);
}
