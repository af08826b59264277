/* { dg-do run } */
/* Area: run
   Purpose: regions (idl_region_*) handed over as IDL_FD arguments.  The
   server maps only a sealed region (an unsealed memfd, a pipe: refused);
   once sealed, nobody can write it (a new writable mapping, write(2)
   and mprotect fail in the client and in the server), and a region
   with another writable mapping cannot be sealed (it stays writable,
   unchanged); the server sees exactly the caller's bytes (all 256 MiB
   checked once); a call with a 256 MiB region costs about what one
   with a 4 KiB region costs (medians of 200 calls each, alternated,
   within a factor of 3 and 50 us, the machine being shared; a copy
   would take tens of ms); ownership: the caller's region and descriptor
   stay open and usable after success and after a call refused by the
   client's own bound check, and 10,000 calls leave the descriptor and
   mapping counts of both processes where they were.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <time.h>
#include <idlstub.h>
#include "idlregion.h"

IDL_INTERFACE (region, 0x2a40, 1);

/* Map FD as a region and sum the bytes at 0, STRIDE, 2 STRIDE...;
   returns the sum, or -(IDL_E_* code) if it is not a sealed region.
   *SIZE: the size the server saw.  */
IDL_OP (region, 1) long rsum (idl_binding_t *b, IDL_FD int fd, long stride,
			      IDL_OUT long *size);
/* The server's open descriptors and mappings.  */
IDL_OP (region, 2) int rstate (idl_binding_t *b, IDL_OUT long *nfds,
			       IDL_OUT long *nmaps);
/* Try every way to change region FD from the server: returns how many
   of them the kernel refused (3 of 3), or -1 if not a region.  */
IDL_OP (region, 3) int rwrite (idl_binding_t *b, IDL_FD int fd);
/* A region beside a string with a small bound: the client refuses an
   overlong one (IDL_E_BOUNDS) before anything is sent.  */
IDL_OP (region, 4) int rtag (idl_binding_t *b, IDL_FD int fd,
			     IDL_IN IDL_STRING (4) const char *s);

IDL_SERVER (region);

long
rsum_impl (idl_call_t *call, int fd, long stride, long *size)
{
  size_t n;
  int err;
  const unsigned char *p = idl_region_map (fd, &n, &err);
  long sum = 0;

  if (!p)
    return -err;
  for (size_t i = 0; i < n; i += (size_t) stride)
    sum += p[i];
  *size = (long) n;
  idl_region_unmap (p, n);
  return sum;
}

int
rstate_impl (idl_call_t *call, long *nfds, long *nmaps)
{
  *nfds = idltest_count_fds ();
  *nmaps = idltest_count_maps ();
  return 0;
}

int
rwrite_impl (idl_call_t *call, int fd)
{
  size_t n;
  int refused = 0;
  const void *p = idl_region_map (fd, &n, NULL);

  if (!p)
    return -1;
  refused += mmap (NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
	     == MAP_FAILED;
  refused += pwrite (fd, "x", 1, 0) < 0;
  refused += mprotect ((void *) p, n, PROT_READ | PROT_WRITE) != 0;
  idl_region_unmap (p, n);
  return refused;
}

int
rtag_impl (idl_call_t *call, int fd, const char *s)
{
  return 1;
}

/* Median times of 200 calls handing over A and 200 handing over B,
   alternately, so that a load on the machine weighs on both alike.  */
static void
median_call_us (idl_binding_t *b, idl_region_t *ra, idl_region_t *rb,
		double *ta, double *tb)
{
  double t[2][200];
  long size;
  for (int i = 0; i < 400; i++)
    {
      idl_region_t *r = i % 2 ? rb : ra;
      double t0 = idltest_now_us ();
      CHECK (rsum (b, idl_region_fd (r), 1L << 40, &size) >= 0);
      t[i % 2][i / 2] = idltest_now_us () - t0;
      CHECK ((size_t) size == idl_region_size (r));
    }
  *ta = idltest_median (t[0], 200);
  *tb = idltest_median (t[1], 200);
}

int
main (void)
{
  const char *name = idltest_name ("region");
  pid_t srv = idltest_fork_server (name, &region, region_dispatch);
  idl_binding_t *b = idltest_connect (name, &region);
  long size, srv_fds, srv_maps, fds0, maps0;

  /* Refused: an unsealed region, and a descriptor that is no memfd.  */
  idl_region_t *small = idltest_region_new (4096);
  unsigned char *w = idl_region_data (small);
  long expect = idltest_fill_linear (w, 4096, 7, 0);
  CHECK (rsum (b, idl_region_fd (small), 1, &size) == -IDL_E_INVAL);
  int pfd[2];
  CHECK (pipe (pfd) == 0);
  CHECK (rsum (b, pfd[0], 1, &size) == -IDL_E_INVAL);
  close (pfd[0]);
  close (pfd[1]);

  /* Another writable mapping: the seal is refused, nothing changes.  */
  void *other = idltest_region_map_writable (small, 4096);
  CHECK (idl_region_seal (small) == IDL_E_INVAL);
  w = idl_region_data (small);
  CHECK (w != NULL && w[5] == 35);
  w[5] = 35;			/* still writable */
  munmap (other, 4096);

  /* Sealed: read-only for everybody.  */
  CHECK (idl_region_seal (small) == IDL_OK);
  CHECK (idl_region_seal (small) == IDL_OK);
  const unsigned char *ro = idl_region_data (small);
  CHECK (ro[5] == 35);
  CHECK (mmap (NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
	       idl_region_fd (small), 0) == MAP_FAILED);
  CHECK (pwrite (idl_region_fd (small), "x", 1, 0) < 0);
  CHECK (mprotect ((void *) ro, 4096, PROT_READ | PROT_WRITE) != 0);
  CHECK (rwrite (b, idl_region_fd (small)) == 3);
  CHECK (rsum (b, idl_region_fd (small), 1, &size) == expect);
  CHECK (size == 4096);

  /* Ownership on a call the client refuses: the region is intact.  */
  CHECK (rtag (b, idl_region_fd (small), "toolong") == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (fcntl (idl_region_fd (small), F_GETFD) >= 0 && ro[5] == 35);
  CHECK (rtag (b, idl_region_fd (small), "ok") == 1);

  /* 256 MiB: every byte as the caller wrote it.  */
  size_t big_n = (size_t) 256 << 20;
  idl_region_t *big = idltest_region_new (big_n);
  long big_sum = idltest_fill_pages (idl_region_data (big), big_n);
  CHECK (idl_region_seal (big) == IDL_OK);
  CHECK (rsum (b, idl_region_fd (big), 1, &size) == big_sum);
  CHECK ((size_t) size == big_n);

  /* The cost of a call does not grow with the region.  */
  double t_small, t_big;
  median_call_us (b, small, big, &t_small, &t_big);
  printf ("handover, median of 200 calls: 4 KiB %.1f us, 256 MiB %.1f us\n",
	  t_small, t_big);
  /* Copying 256 MiB would take tens of milliseconds.  */
  CHECK (t_big < 3 * t_small + 50);
  idl_region_free (big);

  /* 10,000 calls: nothing accumulates on either side.  */
  CHECK (rstate (b, &srv_fds, &srv_maps) == 0);
  fds0 = idltest_count_fds ();
  maps0 = idltest_count_maps ();
  for (int i = 0; i < 10000; i++)
    CHECK (rsum (b, idl_region_fd (small), 4096, &size) == 0 && size == 4096);
  long f1, m1;
  CHECK (rstate (b, &f1, &m1) == 0);
  CHECK (f1 == srv_fds && m1 == srv_maps);
  CHECK (idltest_count_fds () == fds0 && idltest_count_maps () == maps0);

  idl_region_free (small);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
