/* { dg-do run } */
/* Area: run
   Purpose: IDL_INOUT IDL_REGION parameters (issue 20) between two
   processes and co-located.  The implementation reads exactly what the
   caller put in the region and writes its answer in place: every byte
   checked both ways, for 4 KiB and for 256 MiB, beside an in and an
   out region in the same call.  The client stub seals the region
   against shrinking and growing, never against writing: a region
   sealed against writing is IDL_E_INVAL, nothing sent.  Hostile
   requests (a memfd not sealed against shrinking, one of 0 bytes, one
   past IDL_REGION_MAX, a write-sealed one, a pipe, a regular file, a
   tmpfs file that is no memfd) are IDL_E_BADMSG, the implementation
   not run, and the server lives on.  A client that truncates, grows,
   punches holes in and writes the region while the implementation
   reads and writes it cannot truncate or grow it (the seals) and does
   not crash the server.  The cost of a call does not grow with the
   region.  Ownership: 2,000 calls mixing every path leave both
   processes' descriptor and mapping counts unchanged; after a server
   killed mid-call the region is still the caller's.  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <idlstub.h>
#include "idlregion.h"

IDL_INTERFACE (ri, 0x2a44, 1);

/* Count the bytes of R that differ from pattern IN (IN 0: none
   checked), then write pattern OUT over R (OUT 0: nothing written);
   *SIZE the size the server saw.  -1 without writing if IN is negative
   (the server's own refusal).  */
IDL_OP (ri, 1) long rio (idl_binding_t *b, long in, long out,
			 IDL_INOUT IDL_REGION idl_region_t *r,
			 IDL_OUT long *size);
/* The server's descriptors and mappings, and how many implementations
   ran.  */
IDL_OP (ri, 2) int rstate (idl_binding_t *b, IDL_OUT long *nfds,
			   IDL_OUT long *nmaps, IDL_OUT long *calls);
/* One inout region alone (the request is one word: its descriptor's
   index), for the hostile requests.  */
IDL_OP (ri, 3) int rprobe (idl_binding_t *b,
			   IDL_INOUT IDL_REGION idl_region_t *r);
/* Read and rewrite every byte of R for MS milliseconds; returns the
   passes made.  */
IDL_OP (ri, 4) long rbusy (idl_binding_t *b, long ms,
			   IDL_INOUT IDL_REGION idl_region_t *r);
/* All three kinds: check A against pattern 3 and X against pattern 5,
   write pattern 7 over X and pattern 9 over O; the bytes that
   differed.  */
IDL_OP (ri, 5) long rmix (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *a,
			  IDL_INOUT IDL_REGION idl_region_t *x,
			  IDL_OUT IDL_REGION idl_region_t *o);
/* Dies in the middle of a call.  */
IDL_OP (ri, 6) int rdie (idl_binding_t *b,
			 IDL_INOUT IDL_REGION idl_region_t *r);

IDL_SERVER (ri);

static long calls;

/* Pattern SEED's byte I; the page number in it, so that a page seen
   at the wrong place differs.  */
static unsigned char
pat (size_t i, long seed)
{
  return (unsigned char) (i * (size_t) seed + (i >> 12) + 1);
}

static long
differ (const unsigned char *p, size_t n, long seed)
{
  long bad = 0;
  for (size_t i = 0; i < n; i++)
    bad += p[i] != pat (i, seed);
  return bad;
}

static void
fill (unsigned char *p, size_t n, long seed)
{
  for (size_t i = 0; i < n; i++)
    p[i] = pat (i, seed);
}

long
rio_impl (idl_call_t *call, long in, long out, idl_region_t *r, long *size)
{
  unsigned char *p = idl_region_data (r);
  size_t n = idl_region_size (r);
  long bad = 0;
  calls++;
  if (in < 0)
    return -1;
  if (in)
    bad = differ (p, n, in);
  if (out)
    fill (p, n, out);
  *size = (long) n;
  return bad;
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
rprobe_impl (idl_call_t *call, idl_region_t *r)
{
  calls++;
  return 1;
}

long
rbusy_impl (idl_call_t *call, long ms, idl_region_t *r)
{
  volatile unsigned char *p = idl_region_data (r);
  size_t n = idl_region_size (r);
  double end = idltest_now_us () + ms * 1e3;
  long passes = 0;
  calls++;
  while (idltest_now_us () < end)
    {
      for (size_t i = 0; i < n; i++)
	p[i] = (unsigned char) (p[i] + 1);
      passes++;
    }
  return passes;
}

long
rmix_impl (idl_call_t *call, idl_region_t *a, idl_region_t *x,
	   idl_region_t *o)
{
  long bad = differ (idl_region_data (a), idl_region_size (a), 3)
	     + differ (idl_region_data (x), idl_region_size (x), 5);
  calls++;
  fill (idl_region_data (x), idl_region_size (x), 7);
  fill (idl_region_data (o), idl_region_size (o), 9);
  return bad;
}

int
rdie_impl (idl_call_t *call, idl_region_t *r)
{
  _exit (3);
}

/* A request made by hand for rprobe (operation 3), its region
   descriptor FD: refused, rprobe not run.  */
static void
hostile (idl_binding_t *b, int fd)
{
  idltest_region_badmsg (b, 0x2a44, 3, fd);
}

/* Small, on binding B (a server in another process or in this one):
   values both ways, the client's own refusals, all three kinds.  */
static void
basics (idl_binding_t *b, int direct)
{
  long size;
  idl_region_t *r = idltest_region_new (4096 * 3 + 100);
  size_t n = idl_region_size (r);
  fill (idl_region_data (r), n, 11);
  CHECK (rio (b, 11, 13, r, &size) == 0 && size == (long) n);
  CHECK (idl_error (b) == IDL_OK);
  /* The answer in place, and the region still the caller's, writable
     and not sealed against writing; sealed against resizing.  */
  unsigned char *w = idl_region_data (r);
  CHECK (differ (w, n, 13) == 0);
  int seals = idltest_region_seals (r);
  CHECK (!(seals & F_SEAL_WRITE));
  CHECK ((seals & (F_SEAL_SHRINK | F_SEAL_GROW))
	 == (F_SEAL_SHRINK | F_SEAL_GROW));
  CHECK (ftruncate (idl_region_fd (r), 0) != 0);
  /* Again with the answer as the question: the same region calls
     after calls.  */
  CHECK (rio (b, 13, 17, r, &size) == 0 && differ (w, n, 17) == 0);
  /* A byte the caller changed is what the server sees.  */
  w[4097] ^= 0xff;
  CHECK (rio (b, 17, 0, r, &size) == 1);
  CHECK (w[4097] == (unsigned char) (pat (4097, 17) ^ 0xff));
  /* The server's own refusal writes nothing.  */
  fill (w, n, 19);
  CHECK (rio (b, -1, 23, r, &size) == -1 && differ (w, n, 19) == 0);

  /* Refused by the client stub, nothing sent: NULL, and a region
     sealed against writing (it could not be written in place).  */
  long c0 = calls;
  CHECK (rio (b, 1, 1, NULL, &size) == 0 && idl_error (b) == IDL_E_INVAL);
  idl_region_t *s = idltest_region_new (4096);
  fill (idl_region_data (s), 4096, 3);
  CHECK (idl_region_seal (s) == IDL_OK);
  CHECK (rio (b, 3, 5, s, &size) == 0 && idl_error (b) == IDL_E_INVAL);
  CHECK (differ (idl_region_data (s), 4096, 3) == 0);
  if (direct >= 0)
    CHECK (calls == c0);

  /* In, inout and out in one call.  */
  idl_region_t *x = idltest_region_new (8192), *o = idltest_region_new (5000);
  fill (idl_region_data (x), 8192, 5);
  CHECK (rmix (b, s, x, o) == 0 && idl_error (b) == IDL_OK);
  CHECK (differ (idl_region_data (x), 8192, 7) == 0);
  CHECK (differ (idl_region_data (o), 5000, 9) == 0);
  CHECK (differ (idl_region_data (s), 4096, 3) == 0);
  idl_region_free (o);
  idl_region_free (x);
  idl_region_free (s);
  idl_region_free (r);
}

/* What a client does to its region during rbusy: try to truncate and
   grow it (the seals refuse), punch holes in it and write it.  */
struct meddler
{
  int fd;
  unsigned char *p;
  size_t n;
  volatile int stop;
  long resized, tries;
};

static void *
meddle (void *arg)
{
  struct meddler *m = arg;
  while (!m->stop)
    {
      m->resized += ftruncate (m->fd, 0) == 0;
      m->resized += ftruncate (m->fd, (off_t) m->n / 2) == 0;
      m->resized += ftruncate (m->fd, (off_t) m->n * 2) == 0;
      fallocate (m->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		 4096, (off_t) m->n - 8192);
      memset (m->p, 0x5a, m->n / 3);
      m->tries++;
    }
  return NULL;
}

int
main (void)
{
  const char *name = idltest_name ("region-inout");
  pid_t srv = idltest_fork_server (name, &ri, ri_dispatch);
  idl_binding_t *b = idltest_connect (name, &ri);
  long size, f0, m0, n0, f1, m1, n1;

  basics (b, -1);

  /* Hostile requests: refused before any implementation runs.  */
  CHECK (rstate (b, &f0, &m0, &n0) == 0);
  const int grow = F_SEAL_SHRINK | F_SEAL_GROW;
  const char *mn = "ri-hostile";
  int bad[8], nbad = 0;
  bad[nbad++] = idltest_memfd_sealed (mn, 4096, 0);
  bad[nbad++] = idltest_memfd_sealed (mn, 4096, F_SEAL_GROW);
  bad[nbad++] = idltest_memfd_sealed (mn, 0, grow);
  bad[nbad++] = idltest_memfd_sealed (mn, (off_t) IDL_REGION_MAX + 4096,
				      grow);
  bad[nbad++] = idltest_memfd_sealed (mn, 4096, grow | F_SEAL_WRITE);
  int pfd[2];
  CHECK (pipe (pfd) == 0);
  bad[nbad++] = pfd[0];
  bad[nbad++] = open ("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  CHECK (bad[nbad - 1] >= 0);
  char shm[64];
  snprintf (shm, sizeof shm, "/dev/shm/region-inout-%ld", (long) getpid ());
  int sfd = open (shm, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (sfd >= 0)
    {
      unlink (shm);
      CHECK (ftruncate (sfd, 4096) == 0);
      bad[nbad++] = sfd;
    }
  for (int i = 0; i < nbad; i++)
    {
      hostile (b, bad[i]);
      CHECK (rstate (b, &f1, &m1, &n1) == 0 && n1 == n0);
    }
  idl_region_t *one = idltest_region_new (4096);
  CHECK (rprobe (b, one) == 1);
  CHECK (rstate (b, &f1, &m1, &n1) == 0 && n1 == n0 + 1);

  /* 256 MiB, every byte both ways.  */
  size_t big_n = (size_t) 256 << 20;
  idl_region_t *big = idltest_region_new (big_n);
  unsigned char *bw = idl_region_data (big);
  fill (bw, big_n, 29);
  CHECK (rio (b, 29, 31, big, &size) == 0 && (size_t) size == big_n);
  CHECK (differ (bw, big_n, 31) == 0);

  /* The cost of a call does not grow with the region (medians of 200
     calls each, alternated, writing nothing).  */
  static double s[2][200];
  double t[2];
  for (int i = 0; i < 400; i++)
    {
      double t0 = idltest_now_us ();
      CHECK (rio (b, 0, 0, i % 2 ? big : one, &size) == 0);
      s[i % 2][i / 2] = idltest_now_us () - t0;
    }
  for (int k = 0; k < 2; k++)
    t[k] = idltest_median (s[k], 200);
  printf ("inout region, median of 200 calls: 4 KiB %.1f us, 256 MiB "
	  "%.1f us\n", t[0], t[1]);
  CHECK (t[1] < 3 * t[0] + 50);
  idl_region_free (big);

  /* A client that meddles with its region during the call: it cannot
     resize it, and the server survives whatever it writes.  */
  idl_region_t *mr = idltest_region_new (1 << 20);
  /* (Its first call seals it against resizing, for good.)  */
  CHECK (rio (b, 0, 0, mr, &size) == 0);
  struct meddler m = { idl_region_fd (mr), idl_region_data (mr), 1 << 20,
		       0, 0, 0 };
  pthread_t th;
  CHECK (pthread_create (&th, NULL, meddle, &m) == 0);
  long passes = rbusy (b, 200, mr);
  m.stop = 1;
  CHECK (pthread_join (th, NULL) == 0);
  printf ("meddling: %ld server passes, %ld client tries, %ld resized\n",
	  passes, m.tries, m.resized);
  CHECK (passes > 0 && idl_error (b) == IDL_OK);
  CHECK (m.tries > 0 && m.resized == 0);
  CHECK (idl_region_size (mr) == 1 << 20);
  fill (idl_region_data (mr), 1 << 20, 37);
  CHECK (rio (b, 37, 41, mr, &size) == 0 && size == 1 << 20);
  CHECK (differ (idl_region_data (mr), 1 << 20, 41) == 0);

  /* 2,000 calls, every path among them: nothing accumulates.  */
  idl_region_t *r = idltest_region_new (4096);
  idl_region_t *sealed = idltest_region_sealed (4096);
  idl_region_t *o = idltest_region_new (4096);
  long sealed_bad = differ (idl_region_data (sealed), 4096, 3);
  CHECK (rio (b, 0, 0, r, &size) == 0);
  long r_bad = differ (idl_region_data (r), 4096, 5);
  CHECK (rmix (b, sealed, r, o) == sealed_bad + r_bad);
  CHECK (rstate (b, &f0, &m0, &n0) == 0);
  long cf = idltest_count_fds (), cm = idltest_count_maps ();
  for (int i = 0; i < 2000; i++)
    switch (i % 5)
      {
      case 0:
	fill (idl_region_data (r), 4096, i | 1);
	CHECK (rio (b, i | 1, i + 2, r, &size) == 0);
	CHECK (differ (idl_region_data (r), 4096, i + 2) == 0);
	break;
      case 1:
	CHECK (rio (b, -1, 1, r, &size) == -1);
	break;
      case 2:
	CHECK (rio (b, 1, 1, sealed, &size) == 0
	       && idl_error (b) == IDL_E_INVAL);
	break;
      case 3:
	hostile (b, bad[i % nbad]);
	break;
      case 4:
	fill (idl_region_data (r), 4096, 5);
	CHECK (rmix (b, sealed, r, o) == sealed_bad);
	CHECK (differ (idl_region_data (r), 4096, 7) == 0);
	CHECK (differ (idl_region_data (o), 4096, 9) == 0);
	break;
      }
  CHECK (rstate (b, &f1, &m1, &n1) == 0);
  CHECK (f1 == f0 && m1 == m0);
  CHECK (idltest_count_fds () == cf && idltest_count_maps () == cm);

  /* A server that dies mid-call: the region is still the caller's.  */
  idl_close (b);
  idltest_stop_server (srv);
  srv = idltest_fork_server (name, &ri, ri_dispatch);
  b = idltest_connect (name, &ri);
  CHECK (rdie (b, r) == 0 && idl_error (b) == IDL_E_PEER_DIED);
  CHECK (fcntl (idl_region_fd (r), F_GETFD) >= 0);
  ((unsigned char *) idl_region_data (r))[7] = 9;
  CHECK (((unsigned char *) idl_region_data (r))[7] == 9);
  idl_close (b);
  idltest_stop_server (srv);

  for (int i = 0; i < nbad; i++)
    close (bad[i]);
  close (pfd[1]);
  idl_region_free (mr);
  idl_region_free (r);
  idl_region_free (o);
  idl_region_free (sealed);
  idl_region_free (one);

  idltest_colocated (idltest_name ("region-inout-co"), &ri, ri_dispatch,
		     basics);
  return 0;
}
