/* { dg-do run } */
/* { dg-skip-if "compact mode refuses regions (region-errors.c)" { *-*-* } { "-fplugin-arg-idlstub-mode=compact" } } */
/* Area: run
   Purpose: where the server maps a region (runtime/region.c, issue 20)
   and the promises that must survive it, by the server's
   /proc/self/maps and by fcntl, not by clocks.  The server maps a
   region, in or out, 4 KiB or 256 MiB, one page past an anchor: a
   one-page PROT_NONE mapping at the start of the last 2 MiB block of a
   1 GiB range, whose page table the region's first page shares (so a
   256 MiB region's call allocates and frees no page table, as a 4 KiB
   one's does not) and past which the region lies in the next 1 GiB
   range (which munmap then skips whole); with 8 in regions cached, an
   out region still gets one.  The promise an out region
   makes: once the call returns, the server keeps no writable mapping
   of it, so the caller can seal it at once (300 calls, each followed
   by idl_region_seal and F_GET_SEALS, 4 KiB and 256 MiB alternated).
   When the space after an anchor is taken by a mapping of the
   server's own, calls go on (the region mapped elsewhere) with the
   same promise.  Descriptor and mapping counts of both processes
   unchanged after the 300 calls.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <idlstub.h>
#include "idlregion.h"

IDL_INTERFACE (rpl, 0x2a45, 1);

/* The first byte; *ADDR where the server sees the region.  */
IDL_OP (rpl, 1) int plin (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *r,
			  IDL_OUT long *addr);
/* Write 9 to the first byte; *ADDR as above.  */
IDL_OP (rpl, 2) int plout (idl_binding_t *b,
			   IDL_OUT IDL_REGION idl_region_t *r,
			   IDL_OUT long *addr);
/* In the server's maps: 1 if the mapping just below ADDR is an anchor
   (one page, PROT_NONE, 2 MiB before a 1 GiB boundary); *NWRITABLE, its writable
   mappings of regions; *NFDS, *NMAPS its descriptors and mappings.  */
IDL_OP (rpl, 3) int plstate (idl_binding_t *b, long addr,
			     IDL_OUT long *nwritable, IDL_OUT long *nfds,
			     IDL_OUT long *nmaps);
/* Map a page of the server's own at ADDR (MAP_FIXED_NOREPLACE): 0 if
   it got it.  */
IDL_OP (rpl, 4) int plsquat (idl_binding_t *b, long addr);

IDL_SERVER (rpl);

int
plin_impl (idl_call_t *call, idl_region_t *r, long *addr)
{
  *addr = (long) (uintptr_t) idl_region_data (r);
  return ((const unsigned char *) idl_region_data (r))[0];
}

int
plout_impl (idl_call_t *call, idl_region_t *r, long *addr)
{
  *addr = (long) (uintptr_t) idl_region_data (r);
  ((unsigned char *) idl_region_data (r))[0] = 9;
  return 0;
}

int
plstate_impl (idl_call_t *call, long addr, long *nwritable, long *nfds,
	      long *nmaps)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  char line[512], perms[8];
  int anchored = 0;
  CHECK (f != NULL);
  *nwritable = 0;
  while (fgets (line, sizeof line, f))
    {
      unsigned long lo, hi;
      CHECK (sscanf (line, "%lx-%lx %7s", &lo, &hi, perms) == 3);
      if (hi == (unsigned long) addr && hi - lo == 4096
	  && (lo + (2UL << 20)) % (1UL << 30) == 0
	  && strcmp (perms, "---p") == 0)
	anchored = 1;
      if (strstr (line, "memfd:idl-region") && perms[1] == 'w')
	++*nwritable;
    }
  fclose (f);
  *nfds = idltest_count_fds ();
  *nmaps = idltest_count_maps ();
  return anchored;
}

int
plsquat_impl (idl_call_t *call, long addr)
{
  void *want = (void *) (uintptr_t) addr;
  void *p = mmap (want, 4096, PROT_READ,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  return p == want ? 0 : -1;
}

/* An out call with a new region of N bytes, then what the caller was
   promised: the byte written, and the region sealable at once.  The
   server's address of it in *ADDR.  */
static void
out_then_seal (idl_binding_t *b, size_t n, long *addr)
{
  idl_region_t *r = idltest_region_new (n);
  CHECK (plout (b, r, addr) == 0 && idl_error (b) == IDL_OK);
  CHECK (((const unsigned char *) idl_region_data (r))[0] == 9);
  CHECK (idl_region_seal (r) == IDL_OK);
  int seals = idltest_region_seals (r);
  CHECK ((seals & F_SEAL_WRITE) && (seals & F_SEAL_SEAL));
  CHECK (((const unsigned char *) idl_region_data (r))[0] == 9);
  idl_region_free (r);
}

int
main (void)
{
  const char *name = idltest_name ("region-place");
  pid_t srv = idltest_fork_server (name, &rpl, rpl_dispatch);
  idl_binding_t *b = idltest_connect (name, &rpl);
  const size_t mib = (size_t) 1 << 20;
  long addr, nw, nfds0, nmaps0, nfds, nmaps;

  /* Out, 256 MiB, then 4 KiB: one page past an anchor, no writable
     mapping left once the call returned.  */
  out_then_seal (b, 256 * mib, &addr);
  CHECK (plstate (b, addr, &nw, &nfds0, &nmaps0) == 1 && nw == 0);
  out_then_seal (b, 4096, &addr);
  CHECK (plstate (b, addr, &nw, &nfds0, &nmaps0) == 1 && nw == 0);

  /* 300 out calls, sealed as soon as each returns.  */
  long cfds = idltest_count_fds (), cmaps = idltest_count_maps ();
  for (int i = 0; i < 300; i++)
    {
      out_then_seal (b, i % 2 ? 256 * mib : 4096, &addr);
      CHECK (plstate (b, addr, &nw, &nfds, &nmaps) == 1 && nw == 0);
      CHECK (nfds == nfds0 && nmaps == nmaps0);
    }
  CHECK (idltest_count_fds () == cfds && idltest_count_maps () == cmaps);

  /* In, 256 MiB: its first call maps it past an anchor too (and the
     cache keeps it there); then 8 in regions cached, and an out
     region still finds an anchor.  */
  idl_region_t *big = idltest_region_first (256 * mib, 7);
  CHECK (plin (b, big, &addr) == 7);
  CHECK (plstate (b, addr, &nw, &nfds, &nmaps) == 1 && nw == 0);
  idl_region_t *in[8];
  for (int i = 0; i < 8; i++)
    {
      in[i] = idltest_region_first (4096, (unsigned char) (i + 1));
      CHECK (plin (b, in[i], &addr) == i + 1);
      CHECK (plstate (b, addr, &nw, &nfds, &nmaps) == 1);
    }
  out_then_seal (b, 256 * mib, &addr);
  CHECK (plstate (b, addr, &nw, &nfds, &nmaps) == 1 && nw == 0);

  /* The space after that anchor taken by the server's own page: the
     next calls map elsewhere and keep their promise.  */
  CHECK (plsquat (b, addr) == 0);
  for (int i = 0; i < 20; i++)
    {
      long a2;
      out_then_seal (b, i % 2 ? 256 * mib : 4096, &a2);
      CHECK (a2 != addr);
      CHECK (plstate (b, a2, &nw, &nfds, &nmaps) >= 0 && nw == 0);
    }

  for (int i = 0; i < 8; i++)
    idl_region_free (in[i]);
  idl_region_free (big);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
