/* { dg-do run } */
/* Area: run
   Purpose: the server's in-region mapping cache (runtime/region.c,
   issue 20), by what the server's /proc/self/maps shows between calls,
   not by clocks.  An in region's read-only mapping outlives its call
   (one mapping of 256 MiB after 100 calls with the same region, by
   IDL_REGION and by idl_region_map alike, at one address): a call does
   not map and unmap it again, which is what made a 256 MiB region's
   call dearer than a 4 KiB one's.  An out region is never kept (the
   caller can seal it after the call).  The bound: 10,000 calls, each
   with a new region the caller frees after it, leave at most 8 cached
   mappings, and regions of 300 MiB at most 1 GiB of them; descriptor
   counts unchanged on both sides.  The lifetime: once the client's
   connection ends, none of its regions stays mapped.  The checks stay
   per call: an unsealed memfd is refused after a thousand cached
   calls.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <idlstub.h>
#include "idlregion.h"

IDL_INTERFACE (rc, 0x2a43, 1);

/* The region's first byte; *ADDR where the server sees it.  */
IDL_OP (rc, 1) int rcin (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *r,
			 IDL_OUT long *addr);
/* The same through IDL_FD and idl_region_map; -(IDL_E_*) if refused.  */
IDL_OP (rc, 2) int rcfd (idl_binding_t *b, IDL_FD int fd, IDL_OUT long *addr);
/* Write the first byte.  */
IDL_OP (rc, 3) int rcout (idl_binding_t *b,
			  IDL_OUT IDL_REGION idl_region_t *r);
/* The server's descriptors, and its mappings of regions: how many, and
   their KiB together.  */
IDL_OP (rc, 4) int rcstate (idl_binding_t *b, IDL_OUT long *nfds,
			    IDL_OUT long *nmaps, IDL_OUT long *kib);

IDL_SERVER (rc);

/* Mappings of memfds named "idl-region" (idl_region_new's), and their
   KiB.  */
static void
region_maps (long *n, long *kib)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  char line[512];
  CHECK (f != NULL);
  *n = *kib = 0;
  while (fgets (line, sizeof line, f))
    {
      unsigned long lo, hi;
      if (strstr (line, "memfd:idl-region")
	  && sscanf (line, "%lx-%lx", &lo, &hi) == 2)
	{
	  ++*n;
	  *kib += (long) ((hi - lo) >> 10);
	}
    }
  fclose (f);
}

int
rcin_impl (idl_call_t *call, idl_region_t *r, long *addr)
{
  *addr = (long) (uintptr_t) idl_region_data (r);
  return ((const unsigned char *) idl_region_data (r))[0];
}

int
rcfd_impl (idl_call_t *call, int fd, long *addr)
{
  size_t n;
  int err;
  const unsigned char *p = idl_region_map (fd, &n, &err);
  if (!p)
    return -err;
  *addr = (long) (uintptr_t) p;
  int v = p[0];
  idl_region_unmap (p, n);
  return v;
}

int
rcout_impl (idl_call_t *call, idl_region_t *r)
{
  ((unsigned char *) idl_region_data (r))[0] = 9;
  return 0;
}

int
rcstate_impl (idl_call_t *call, long *nfds, long *nmaps, long *kib)
{
  *nfds = idltest_count_fds ();
  region_maps (nmaps, kib);
  return 0;
}

int
main (void)
{
  const char *name = idltest_name ("region-cache");
  pid_t srv = idltest_fork_server (name, &rc, rc_dispatch);
  idl_binding_t *b = idltest_connect (name, &rc);
  idl_binding_t *watch = idltest_connect (name, &rc);
  long addr, addr0, nfds0, nfds, n, kib;
  const size_t mib = (size_t) 1 << 20;

  /* A call on each connection first: the server has set both up.  */
  CHECK (rcstate (watch, &nfds0, &n, &kib) == 0);
  CHECK (rcstate (b, &nfds0, &n, &kib) == 0 && n == 0);

  /* The same 256 MiB region, 100 calls: mapped once, kept between
     calls, at one address, whichever way it is passed.  */
  idl_region_t *big = idltest_region_first (256 * mib, 7);
  CHECK (rcin (b, big, &addr0) == 7);
  for (int i = 0; i < 100; i++)
    {
      CHECK (rcin (b, big, &addr) == 7 && addr == addr0);
      CHECK (rcfd (b, idl_region_fd (big), &addr) == 7 && addr == addr0);
      CHECK (rcstate (b, &nfds, &n, &kib) == 0);
      if (n != 1 || kib != 256 * 1024 || nfds != nfds0)
	printf ("call %d: %ld mapped, %ld KiB, %ld fds (%ld before)\n", i,
		n, kib, nfds, nfds0);
      CHECK (n == 1 && kib == 256 * 1024 && nfds == nfds0);
    }

  /* An out region is unmapped after its call, and stays the caller's
     to seal.  */
  idl_region_t *out = idltest_region_new (256 * mib);
  CHECK (rcout (b, out) == 0 && idl_error (b) == IDL_OK);
  CHECK (((const unsigned char *) idl_region_data (out))[0] == 9);
  CHECK (rcstate (b, &nfds, &n, &kib) == 0 && n == 1);
  CHECK (idl_region_seal (out) == IDL_OK);
  idl_region_free (out);

  /* The checks are made at every call, cached or not.  */
  for (int i = 0; i < 1000; i++)
    CHECK (rcin (b, big, &addr) == 7 && addr == addr0);
  idl_region_t *unsealed = idltest_region_first (4096, 1);
  CHECK (rcfd (b, idl_region_fd (unsealed), &addr) == -IDL_E_INVAL);
  idl_region_free (unsealed);

  /* The bound: 10,000 calls with a new region each, freed after it.  */
  long cfds = idltest_count_fds (), cn, ckib;
  region_maps (&cn, &ckib);
  for (int i = 0; i < 10000; i++)
    {
      idl_region_t *r = idltest_region_first (4096,
					      (unsigned char) (i % 200 + 1));
      CHECK (i % 2 ? rcin (b, r, &addr) == i % 200 + 1
	     : rcfd (b, idl_region_fd (r), &addr) == -IDL_E_INVAL);
      idl_region_free (r);
    }
  CHECK (rcstate (b, &nfds, &n, &kib) == 0);
  printf ("after 10,000 regions: %ld mapped in the server, %ld KiB\n", n,
	  kib);
  CHECK (n >= 1 && n <= 8 && nfds == nfds0);
  /* 300 MiB each (untouched but for a byte): at most 1 GiB mapped.  */
  for (int i = 0; i < 12; i++)
    {
      idl_region_t *r = idltest_region_first (300 * mib, 3);
      CHECK (rcin (b, r, &addr) == 3);
      idl_region_free (r);
      CHECK (rcstate (b, &nfds, &n, &kib) == 0);
      CHECK (n <= 8 && kib <= 1024 * 1024 && nfds == nfds0);
    }
  printf ("after 12 of 300 MiB: %ld mapped in the server, %ld KiB\n", n,
	  kib);
  CHECK (kib >= 300 * 1024);
  long cn1, ckib1;
  region_maps (&cn1, &ckib1);
  CHECK (idltest_count_fds () == cfds && cn1 == cn && ckib1 == ckib);

  /* The lifetime: the connection gone, so are its regions' mappings
     (the server sees the end a moment after idl_close returns).  */
  idl_close (b);
  for (int i = 0; i < 5000; i++)
    {
      CHECK (rcstate (watch, &nfds, &n, &kib) == 0);
      if (n == 0)
	break;
      usleep (1000);
    }
  CHECK (n == 0 && kib == 0);

  idl_region_free (big);
  idl_close (watch);
  idltest_stop_server (srv);
  return 0;
}
