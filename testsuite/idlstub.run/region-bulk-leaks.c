/* { dg-do run } */
/* Area: run
   Purpose: issue 20's "no descriptor or mapping leaks over 10k calls"
   for bulk items and regions in one operation: an in bulk buffer and
   an out one of more than 64 KiB beside an in, an inout and an out
   region.  10,000 calls (and 2,000 more on a server with workers) mix
   successes with every error path a caller can provoke: the server's
   own error result, a region the client stub refuses (unsealable, a
   sealed one passed out), a bound over its maximum (the region left
   unsealed: bounds come first, in both modes), regions the server
   refuses (a memfd truncated to 0 bytes, passed in and inout:
   IDL_E_BADMSG), and a deadline that expires while the server holds
   the regions and the bulk items (or before the request is sent).  The descriptor and mapping counts
   of both processes are the same after the loop as before it.  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <idlstub.h>
#include "idlregion.h"

#define BIG (1u << 20)

IDL_INTERFACE (rbl, 0x2b45, 1);

/* HOW 0: return a hash of IN and R, add 1 to the first and last bytes
   of X, write SEED's low byte at the first and last bytes of O and over
   OUT; 1: return -1 (the server's own refusal) and touch nothing; 2:
   the same as 0 after 30 ms.  */
IDL_OP (rbl, 1) long work (idl_binding_t *b, long how, long seed,
			   IDL_IN IDL_SIZE_IS (n, BIG) const unsigned char *in,
			   size_t n,
			   IDL_IN IDL_REGION idl_region_t *r,
			   IDL_INOUT IDL_REGION idl_region_t *x,
			   IDL_OUT IDL_REGION idl_region_t *o,
			   IDL_OUT IDL_SIZE_IS (m, BIG) unsigned char *out,
			   size_t m);
/* The server's descriptors and mappings, and how many calls of work
   ran.  */
IDL_OP (rbl, 2) int rstate (idl_binding_t *b, IDL_OUT long *nfds,
			    IDL_OUT long *nmaps, IDL_OUT long *calls);

IDL_SERVER (rbl);

static long calls;

static long
hash_of (const unsigned char *in, size_t n, const idl_region_t *r)
{
  const unsigned char *p = idl_region_data ((idl_region_t *) r);
  size_t rn = idl_region_size (r);
  return (long) in[0] + in[n / 2] * 3 + in[n - 1] * 7 + p[0] * 11
	 + p[rn - 1] * 13 + (long) n;
}

long
work_impl (idl_call_t *call, long how, long seed, const unsigned char *in,
	   size_t n, idl_region_t *r, idl_region_t *x, idl_region_t *o,
	   unsigned char *out, size_t m)
{
  calls++;
  if (how == 1)
    return -1;
  if (how == 2)
    usleep (30000);
  unsigned char *xp = idl_region_data (x), *op = idl_region_data (o);
  xp[0]++;
  xp[idl_region_size (x) - 1]++;
  op[0] = op[idl_region_size (o) - 1] = (unsigned char) seed;
  memset (out, (unsigned char) seed, m);
  return hash_of (in, n, r);
}

int
rstate_impl (idl_call_t *call, long *nfds, long *nmaps, long *ncalls)
{
  *nfds = idltest_count_fds ();
  *nmaps = idltest_count_maps ();
  *ncalls = calls;
  return 0;
}

static int
write_sealed (const idl_region_t *r)
{
  return (idltest_region_seals (r) & F_SEAL_WRITE) != 0;
}

/* The regions and buffers of one client.  */
struct kit
{
  unsigned char *in, *out;
  idl_region_t *r, *x, *o;	/* good ones */
  idl_region_t *xd;		/* the deadline's inout one: its late
				   write must not meet X's checks */
  idl_region_t *u;		/* unsealable: another writable mapping */
  void *u_map;
  idl_region_t *v;		/* sealable, but only ever sent over a
				   bound */
  idl_region_t *zi, *zx;	/* truncated to 0 bytes: the server
				   refuses them */
  idl_region_t *s;		/* sealed, passed out: the client refuses */
};

static void
kit_make (struct kit *k)
{
  k->in = malloc (BIG + 1);
  k->out = malloc (BIG);
  CHECK (k->in && k->out);
  for (size_t i = 0; i <= BIG; i++)
    k->in[i] = (unsigned char) (i * 7 + (i >> 9));
  k->r = idltest_region_new (3 * 4096 + 5);
  memset (idl_region_data (k->r), 0x21, idl_region_size (k->r));
  k->x = idltest_region_new (2 * 4096);
  k->xd = idltest_region_new (2 * 4096);
  k->o = idltest_region_new (4096 + 1);
  k->u = idltest_region_new (4096);
  k->u_map = idltest_region_map_writable (k->u, 4096);
  k->v = idltest_region_new (4096);
  k->zi = idltest_region_new (4096);
  k->zx = idltest_region_new (4096);
  CHECK (ftruncate (idl_region_fd (k->zi), 0) == 0);
  CHECK (ftruncate (idl_region_fd (k->zx), 0) == 0);
  k->s = idltest_region_sealed (4096);
}

static void
kit_free (struct kit *k)
{
  munmap (k->u_map, 4096);
  idl_region_t *all[] = { k->r, k->x, k->xd, k->o, k->u, k->v, k->zi,
			  k->zx, k->s };
  for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++)
    idl_region_free (all[i]);
  free (k->in);
  free (k->out);
}

/* Call I of the loop on B: which path it takes is I's to say.  *RAN
   counts the calls that reach the implementation, *TIMEOUTS those
   whose deadline expired.  */
static void
one_call (idl_binding_t *b, struct kit *k, int i, long *ran,
	  long *timeouts)
{
  size_t n = 65537 + (size_t) (i * 4099) % (BIG - 65536);
  size_t m = 65537 + (size_t) (i * 7919) % (BIG - 65536);
  long seed = i & 0xff;
  unsigned char *xp = idl_region_data (k->x);
  unsigned char x0 = xp[0];
  long want = hash_of (k->in, n, k->r);
  long got;

  if (i % 100 == 99)
    {
      /* The deadline expires while the server holds it all.  */
      idl_set_next_timeout (b, 3000);
      got = work (b, 2, seed, k->in, n, k->r, k->xd, k->o, k->out, m);
      CHECK (got == want || idl_error (b) == IDL_E_TIMEOUT);
      *timeouts += idl_error (b) == IDL_E_TIMEOUT;
      ++*ran;
      return;
    }
  switch (i % 10)
    {
    case 0: case 1: case 2: case 3:
      got = work (b, 0, seed, k->in, n, k->r, k->x, k->o, k->out, m);
      CHECK (got == want && idl_error (b) == IDL_OK);
      CHECK (xp[0] == (unsigned char) (x0 + 1));
      CHECK (((unsigned char *) idl_region_data (k->o))[4096]
	     == (unsigned char) seed);
      CHECK (k->out[0] == (unsigned char) seed
	     && k->out[m - 1] == (unsigned char) seed);
      ++*ran;
      break;
    case 4:
      CHECK (work (b, 1, seed, k->in, n, k->r, k->x, k->o, k->out, m) == -1);
      CHECK (idl_error (b) == IDL_OK && xp[0] == x0);
      ++*ran;
      break;
    case 5:
      CHECK (work (b, 0, seed, k->in, n, k->u, k->x, k->o, k->out, m) == 0);
      CHECK (idl_error (b) == IDL_E_INVAL);
      break;
    case 6:
      CHECK (work (b, 0, seed, k->in, BIG + 1, k->v, k->x, k->o, k->out, m)
	     == 0);
      CHECK (idl_error (b) == IDL_E_BOUNDS && !write_sealed (k->v));
      break;
    case 7:
      CHECK (work (b, 0, seed, k->in, n, k->zi, k->x, k->o, k->out, m) == 0);
      CHECK (idl_error (b) == IDL_E_BADMSG && xp[0] == x0);
      break;
    case 8:
      CHECK (work (b, 0, seed, k->in, n, k->r, k->zx, k->o, k->out, m) == 0);
      CHECK (idl_error (b) == IDL_E_BADMSG);
      break;
    case 9:
      CHECK (work (b, 0, seed, k->in, n, k->r, k->x, k->s, k->out, m) == 0);
      CHECK (idl_error (b) == IDL_E_INVAL);
      break;
    }
}

/* CALLS calls of every kind against a server at NAME forked with
   WORKERS: nothing accumulates on either side.  */
static void
leak_loop (const char *name, unsigned workers, int ncalls)
{
  pid_t srv = idltest_fork_server_workers (name, &rbl, rbl_dispatch,
					   workers);
  idl_binding_t *b = idltest_connect (name, &rbl);
  struct kit k;
  long f0, m0, n0, f1, m1, n1, ran = 0, timeouts = 0;

  kit_make (&k);
  /* Every path once, so that what a connection keeps for good (its
     bulk memory, the in region's cached mapping) exists before the
     counts are taken.  */
  for (int i = 0; i < 10; i++)
    one_call (b, &k, i, &ran, &timeouts);
  one_call (b, &k, 99, &ran, &timeouts);
  /* Each count right after a call with bulk items: a connection gives
     its bulk buffer back after a second idle (doc/idlstub.texi,
     idl_server_set_bulk_max), which a loaded machine can make happen
     at one count and not the other.  */
  one_call (b, &k, 0, &ran, &timeouts);
  CHECK (rstate (b, &f0, &m0, &n0) == 0);
  ran = timeouts = 0;
  long cf = idltest_count_fds (), cm = idltest_count_maps ();

  for (int i = 0; i < ncalls; i++)
    one_call (b, &k, i, &ran, &timeouts);
  one_call (b, &k, 0, &ran, &timeouts);

  CHECK (rstate (b, &f1, &m1, &n1) == 0);
  long cf1 = idltest_count_fds (), cm1 = idltest_count_maps ();
  printf ("%d calls, workers %u: %ld ran, %ld timed out; server fds %ld -> "
	  "%ld, maps %ld -> %ld; client fds %ld -> %ld, maps %ld -> %ld\n",
	  ncalls, workers, n1 - n0, timeouts, f0, f1, m0, m1, cf, cf1, cm,
	  cm1);
  /* (A call whose deadline expired may not have been sent at all.)  */
  CHECK (n1 - n0 <= ran && n1 - n0 >= ran - timeouts && timeouts > 0);
  CHECK (f1 == f0 && m1 == m0);
  CHECK (cf1 == cf && cm1 == cm);
  CHECK (!write_sealed (k.v) && !write_sealed (k.u));

  idl_close (b);
  idltest_stop_server (srv);
  kit_free (&k);
}

int
main (void)
{
  leak_loop (idltest_name ("region-bulk-leaks"), 0, 10000);
  leak_loop (idltest_name ("region-bulk-leaks-w"), 2, 2000);
  return 0;
}
