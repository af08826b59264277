/* { dg-do run } */
/* Area: run
   Purpose: IDL_REGION parameters (issue 20, HACKING "Large buffers" 5
   and 6) between two processes and co-located.  In: the stub seals
   the region at the call, the implementation reads exactly the
   caller's bytes (256 MiB, every byte) through a read-only mapping; a
   region somebody else still maps writable cannot be sealed, so the
   call fails with IDL_E_INVAL before anything is sent (the server
   never ran) and the region stays writable.  Out: the implementation
   writes in place (256 MiB, every byte checked by the caller); a
   sealed region passed out is IDL_E_INVAL.  idl_region_keep keeps an
   in region past the call.  A hostile request (a pipe, an unsealed
   memfd as an in region, a write-sealed one as an out region) is
   IDL_E_BADMSG, the implementation not run.  A call's cost does not
   grow with the region (medians of 200 calls at 4 KiB and 256 MiB,
   alternated).  Ownership: 10,000 calls mixing successes and every
   error path (unsealable, sealed out, refused by the server's own
   result, hostile) leave the descriptor and mapping counts of both
   processes unchanged; after a server killed mid-call
   (IDL_E_PEER_DIED) the region is still the caller's.  Co-located,
   with workers (direct calls: the implementation gets the caller's
   own region) and without (the message path), the same results.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <idlstub.h>
#include "idlregion.h"

IDL_INTERFACE (rp, 0x2a41, 1);

/* The sum of the bytes at 0, STRIDE, 2 STRIDE...; *SIZE the size the
   server saw; -1 if STRIDE is 0 (the server's own refusal).  */
IDL_OP (rp, 1) long rin (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *r,
			 long stride, IDL_OUT long *size);
/* Fill R with (i * SEED + 1) mod 256 (SEED 0: its first byte only);
   returns its size.  */
IDL_OP (rp, 2) long rout (idl_binding_t *b, long seed,
			  IDL_OUT IDL_REGION idl_region_t *r);
/* The server's descriptors and mappings, and how many implementations
   ran.  */
IDL_OP (rp, 3) int rstate (idl_binding_t *b, IDL_OUT long *nfds,
			   IDL_OUT long *nmaps, IDL_OUT long *calls);
/* Keep R (idl_region_keep), then sum the kept one in a later call and
   close it.  */
IDL_OP (rp, 4) int rkeep (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *r);
IDL_OP (rp, 5) long rkept (idl_binding_t *b);
/* How many ways of writing an in region the kernel refused (of 3).  */
IDL_OP (rp, 6) int rwrite (idl_binding_t *b,
			   IDL_IN IDL_REGION idl_region_t *r);
/* One in region alone (the request is one word: its descriptor's
   index), for the hostile requests.  */
IDL_OP (rp, 7) int rprobe (idl_binding_t *b,
			   IDL_IN IDL_REGION idl_region_t *r);
IDL_OP (rp, 8) int rprobe_out (idl_binding_t *b,
			       IDL_OUT IDL_REGION idl_region_t *r);
/* Dies in the middle of a call.  */
IDL_OP (rp, 9) int rdie (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *r,
			 IDL_OUT IDL_REGION idl_region_t *o);

IDL_SERVER (rp);

static long calls;
static int kept = -1;

long
rin_impl (idl_call_t *call, idl_region_t *r, long stride, long *size)
{
  const unsigned char *p = idl_region_data (r);
  size_t n = idl_region_size (r);
  long sum = 0;
  calls++;
  if (stride <= 0)
    return -1;
  for (size_t i = 0; i < n; i += (size_t) stride)
    sum += p[i];
  *size = (long) n;
  return sum;
}

long
rout_impl (idl_call_t *call, long seed, idl_region_t *r)
{
  unsigned char *p = idl_region_data (r);
  size_t n = idl_region_size (r);
  calls++;
  if (seed == 0)
    p[0] = 1;
  else
    idltest_fill_linear (p, n, (unsigned) seed, 1);
  return (long) n;
}

int
rstate_impl (idl_call_t *call, long *nfds, long *nmaps, long *ncalls)
{
  *nfds = idltest_count_fds ();
  *nmaps = idltest_count_maps ();
  *ncalls = calls;
  return 0;
}

int
rkeep_impl (idl_call_t *call, idl_region_t *r)
{
  calls++;
  kept = idl_region_keep (r);
  return kept >= 0 ? 0 : -1;
}

long
rkept_impl (idl_call_t *call)
{
  size_t n;
  int err;
  const unsigned char *p = idl_region_map (kept, &n, &err);
  long sum = 0;
  calls++;
  if (!p)
    return -err;
  for (size_t i = 0; i < n; i++)
    sum += p[i];
  idl_region_unmap (p, n);
  close (kept);
  kept = -1;
  return sum;
}

int
rwrite_impl (idl_call_t *call, idl_region_t *r)
{
  int fd = idl_region_keep (r), refused = 0;
  size_t n = idl_region_size (r);
  calls++;
  refused += mmap (NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
	     == MAP_FAILED;
  refused += pwrite (fd, "x", 1, 0) < 0;
  refused += mprotect (idl_region_data (r), n,
		       PROT_READ | PROT_WRITE) != 0;
  close (fd);
  return refused;
}

int
rprobe_impl (idl_call_t *call, idl_region_t *r)
{
  calls++;
  return 1;
}

int
rprobe_out_impl (idl_call_t *call, idl_region_t *r)
{
  calls++;
  return 1;
}

int
rdie_impl (idl_call_t *call, idl_region_t *r, idl_region_t *o)
{
  _exit (3);
}

/* Medians of 200 in calls and 200 out calls with SMALL and BIG each,
   alternated so that a load on the machine weighs on both alike.  */
static void
median_us (idl_binding_t *b, idl_region_t *si, idl_region_t *bi,
	   idl_region_t *so, idl_region_t *bo, double t[4])
{
  static double s[4][200];
  long size;
  for (int i = 0; i < 800; i++)
    {
      int k = i % 4;
      double t0 = idltest_now_us ();
      if (k < 2)
	CHECK (rin (b, k ? bi : si, 1L << 40, &size) >= 0);
      else
	CHECK (rout (b, 0, k == 3 ? bo : so) > 0);
      s[k][i / 4] = idltest_now_us () - t0;
    }
  for (int k = 0; k < 4; k++)
    t[k] = idltest_median (s[k], 200);
}

/* A request made by hand for operation NUMBER (rprobe or rprobe_out),
   its region descriptor FD: refused, the implementation not run.  */
static void
hostile (idl_binding_t *b, unsigned number, int fd)
{
  idltest_region_badmsg (b, 0x2a41, number, fd);
}

/* In and out, small, on binding B (a server in another process or in
   this one): what the implementation sees, and the client's errors.  */
static void
basics (idl_binding_t *b, int direct)
{
  long size, expect = 0;
  idl_region_t *r = idltest_region_new (4096);
  unsigned char *w = idl_region_data (r);
  expect = idltest_fill_linear (w, 4096, 7, 0);

  /* Another writable mapping: the stub cannot seal, nothing is sent,
     the region stays writable.  */
  void *other = idltest_region_map_writable (r, 4096);
  long c0 = calls;
  CHECK (rin (b, r, 1, &size) == 0 && idl_error (b) == IDL_E_INVAL);
  CHECK (rin (b, NULL, 1, &size) == 0 && idl_error (b) == IDL_E_INVAL);
  w = idl_region_data (r);
  CHECK (w && w[5] == 35);
  w[5] = 35;
  munmap (other, 4096);
  if (direct >= 0)
    CHECK (calls == c0);

  CHECK (rin (b, r, 1, &size) == expect && size == 4096);
  CHECK (idl_error (b) == IDL_OK);
  /* Sealed by the call: nobody writes it any more.  */
  const unsigned char *ro = idl_region_data (r);
  CHECK (ro[5] == 35);
  CHECK (mmap (NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
	       idl_region_fd (r), 0) == MAP_FAILED);
  CHECK (mprotect ((void *) ro, 4096, PROT_READ | PROT_WRITE) != 0);
  CHECK (rwrite (b, r) == 3);
  CHECK (rin (b, r, 0, &size) == -1);	/* the server's own refusal */
  /* A sealed region cannot be filled.  */
  CHECK (rout (b, 3, r) == 0 && idl_error (b) == IDL_E_INVAL);

  /* Kept past the call.  */
  CHECK (rkeep (b, r) == 0);
  CHECK (rkept (b) == expect);

  /* Out: written in place.  */
  idl_region_t *o = idltest_region_new (8192);
  CHECK (rout (b, 5, o) == 8192);
  const unsigned char *q = idl_region_data (o);
  for (int i = 0; i < 8192; i++)
    CHECK (q[i] == (unsigned char) (i * 5 + 1));
  /* ...and still the caller's: it can be sealed and sent in.  */
  long osum = 0;
  for (int i = 0; i < 8192; i++)
    osum += q[i];
  CHECK (rin (b, o, 1, &size) == osum && size == 8192);
  idl_region_free (o);
  idl_region_free (r);
}

int
main (void)
{
  const char *name = idltest_name ("region-param");
  pid_t srv = idltest_fork_server (name, &rp, rp_dispatch);
  idl_binding_t *b = idltest_connect (name, &rp);
  long size, f0, m0, n0, f1, m1, n1;

  basics (b, -1);

  /* Hostile requests: refused before any implementation runs.  */
  CHECK (rstate (b, &f0, &m0, &n0) == 0);
  int pfd[2];
  CHECK (pipe (pfd) == 0);
  hostile (b, 7, pfd[0]);
  idl_region_t *unsealed = idltest_region_new (4096);
  hostile (b, 7, idl_region_fd (unsealed));
  idl_region_t *sealed = idltest_region_sealed (4096);
  hostile (b, 8, idl_region_fd (sealed));
  CHECK (rprobe (b, sealed) == 1);
  CHECK (rstate (b, &f1, &m1, &n1) == 0);
  CHECK (n1 == n0 + 1);

  /* 256 MiB each way, every byte.  */
  size_t big_n = (size_t) 256 << 20;
  idl_region_t *bi = idltest_region_new (big_n);
  idl_region_t *bo = idltest_region_new (big_n);
  long big_sum = idltest_fill_pages (idl_region_data (bi), big_n);
  CHECK (rin (b, bi, 1, &size) == big_sum && (size_t) size == big_n);
  CHECK (rout (b, 3, bo) == (long) big_n);
  const unsigned char *bq = idl_region_data (bo);
  for (size_t i = 0; i < big_n; i++)
    if (bq[i] != (unsigned char) (i * 3 + 1))
      CHECK (!"out byte");

  /* The cost of a call does not grow with the region.  */
  idl_region_t *si = idltest_region_new (4096);
  idl_region_t *so = idltest_region_new (4096);
  double t[4];
  median_us (b, si, bi, so, bo, t);
  printf ("region, median of 200 calls: in 4 KiB %.1f us, 256 MiB %.1f us;"
	  " out 4 KiB %.1f us, 256 MiB %.1f us\n", t[0], t[1], t[2], t[3]);
  CHECK (t[1] < 3 * t[0] + 50 && t[3] < 3 * t[2] + 50);
  idl_region_free (bi);
  idl_region_free (bo);

  /* 10,000 calls, every path among them: nothing accumulates.  */
  idl_region_t *o = idltest_region_new (4096);
  CHECK (rstate (b, &f0, &m0, &n0) == 0);
  long cf = idltest_count_fds (), cm = idltest_count_maps ();
  for (int i = 0; i < 10000; i++)
    switch (i % 8)
      {
      case 0:
	CHECK (rin (b, si, 4096, &size) == 0 && size == 4096);
	break;
      case 1:
	CHECK (rout (b, i, o) == 4096);
	break;
      case 2:
	{
	  void *other = idltest_region_map_writable (o, 4096);
	  CHECK (rin (b, o, 1, &size) == 0
		 && idl_error (b) == IDL_E_INVAL);
	  munmap (other, 4096);
	}
	break;
      case 3:
	CHECK (rout (b, 1, si) == 0 && idl_error (b) == IDL_E_INVAL);
	break;
      case 4:
	CHECK (rin (b, si, 0, &size) == -1);
	break;
      case 5:
	hostile (b, 7, idl_region_fd (unsealed));
	break;
      case 6:
	hostile (b, 8, idl_region_fd (sealed));
	break;
      case 7:
	CHECK (rkeep (b, si) == 0 && rkept (b) == 0);
	break;
      }
  CHECK (rstate (b, &f1, &m1, &n1) == 0);
  CHECK (f1 == f0 && m1 == m0);
  CHECK (idltest_count_fds () == cf && idltest_count_maps () == cm);

  /* A server that dies mid-call: the regions are still the caller's.  */
  idl_close (b);
  idltest_stop_server (srv);
  srv = idltest_fork_server (name, &rp, rp_dispatch);
  b = idltest_connect (name, &rp);
  CHECK (rdie (b, si, o) == 0 && idl_error (b) == IDL_E_PEER_DIED);
  CHECK (fcntl (idl_region_fd (si), F_GETFD) >= 0);
  CHECK (fcntl (idl_region_fd (o), F_GETFD) >= 0);
  ((unsigned char *) idl_region_data (o))[7] = 9;
  CHECK (((const unsigned char *) idl_region_data (si))[7] == 0);
  idl_close (b);
  idltest_stop_server (srv);

  idl_region_free (si);
  idl_region_free (so);
  idl_region_free (o);
  idl_region_free (unsealed);
  idl_region_free (sealed);
  close (pfd[0]);
  close (pfd[1]);

  idltest_colocated (idltest_name ("region-param-co"), &rp, rp_dispatch,
		     basics);
  return 0;
}
