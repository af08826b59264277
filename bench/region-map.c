/* region-map.c -- the server's side of a region's call, by size
   (bench/region-map).

   One process, no transport: what the server's runtime and the kernel
   do for a call with an IDL_REGION parameter (runtime/region.c):
   idl_region_accept (the seals, size and file system checked, the
   region mapped), the implementation's touch of the first byte (out: a
   write; in: a read) and idl_region_release, timed together at
   4 KiB, 64 KiB, 256 MiB and 1 GiB, the sizes in turn.  Out: every
   call.  In: a region's first call (a cache miss: the cache is emptied
   after each, untimed); its later calls map nothing (bench/region).
   Without the wake-ups of a call between processes, these figures stay
   readable on a loaded machine, where bench/region's do not.

   Then what unmapping an out region after the reply, instead of
   before, would do to its caller: a child maps the region writable,
   writes, replies through a pipe and only then unmaps; the parent
   seals the region as soon as it has the reply.  The seals refused
   (EBUSY) are counted.  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <idlstub.h>
#include "internal.h"		/* idl_region_cache_trim */

#define SIZES 4
static const size_t sizes[SIZES] = { 4096, 64 << 10, (size_t) 256 << 20,
				     (size_t) 1 << 30 };

static long
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int
cmp_long (const void *a, const void *b)
{
  long x = *(const long *) a, y = *(const long *) b;
  return x < y ? -1 : x > y;
}

/* A region of N bytes, its first FILL bytes written.  */
static idl_region_t *
region (size_t n, size_t fill)
{
  int err;
  idl_region_t *r = idl_region_new (n, &err);
  if (!r)
    {
      fprintf (stderr, "idl_region_new: %d\n", err);
      exit (1);
    }
  memset (idl_region_data (r), 7, fill < n ? fill : n);
  return r;
}

/* One call's server side with region R of kind HOW.  */
static long
server_side (idl_region_t *r, int how)
{
  long t0 = now_ns ();
  idl_region_t *s = idl_region_accept (idl_region_fd (r), how);
  if (!s)
    exit (2);
  if (how == IDL_REGION_OUT_)
    ((volatile unsigned char *) idl_region_data (s))[0] = 1;
  else
    (void) ((volatile const unsigned char *) idl_region_data (s))[0];
  idl_region_release (s);
  return now_ns () - t0;
}

/* Seals refused of CALLS made as soon as a child that unmaps after
   its reply has replied.  */
static int
deferred_unmap (int calls)
{
  size_t n = (size_t) 256 << 20;
  int req[2], rep[2], refused = 0;
  int *fd = malloc (calls * sizeof *fd);
  char c;
  if (!fd || pipe (req) != 0 || pipe (rep) != 0)
    exit (1);
  for (int i = 0; i < calls; i++)
    if ((fd[i] = memfd_create ("r", MFD_ALLOW_SEALING)) < 0
	|| ftruncate (fd[i], (off_t) n) != 0)
      exit (1);
  pid_t pid = fork ();
  if (pid == 0)
    {
      for (int i = 0; i < calls && read (req[0], &c, 1) == 1; i++)
	{
	  char *p = mmap (NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED,
			  fd[i], 0);
	  if (p == MAP_FAILED)
	    _exit (1);
	  p[0] = 9;
	  if (write (rep[1], "r", 1) != 1)
	    _exit (1);
	  munmap (p, n);
	}
      _exit (0);
    }
  for (int i = 0; i < calls; i++)
    {
      if (write (req[1], "q", 1) != 1 || read (rep[0], &c, 1) != 1)
	exit (1);
      refused += fcntl (fd[i], F_ADD_SEALS, F_SEAL_WRITE) != 0;
    }
  waitpid (pid, NULL, 0);
  for (int i = 0; i < calls; i++)
    close (fd[i]);
  free (fd);
  return refused;
}

int
main (int argc, char **argv)
{
  int calls = argc > 1 ? atoi (argv[1]) : 2000;
  idl_region_t *out[SIZES], *in[SIZES];
  long *t[2][SIZES];

  for (int s = 0; s < SIZES; s++)
    {
      out[s] = region (sizes[s], sizes[s]);
      if (idl_region_prepare (out[s], IDL_REGION_OUT_) < 0)
	return 1;
      in[s] = region (sizes[s], (size_t) 2 << 20);
      if (idl_region_seal (in[s]) != IDL_OK)
	return 1;
      for (int k = 0; k < 2; k++)
	if (!(t[k][s] = malloc (calls * sizeof (long))))
	  return 1;
    }
  for (int i = 0; i < calls; i++)
    for (int s = 0; s < SIZES; s++)
      {
	t[0][s][i] = server_side (out[s], IDL_REGION_OUT_);
	t[1][s][i] = server_side (in[s], IDL_REGION_IN_);
	idl_region_cache_trim ();
      }
  printf ("%-16s %8s %8s %8s %8s\n", "median ns", "4 KiB", "64 KiB",
	  "256 MiB", "1 GiB");
  for (int k = 0; k < 2; k++)
    {
      printf ("%-16s", k ? "in, first call" : "out");
      for (int s = 0; s < SIZES; s++)
	{
	  qsort (t[k][s], calls, sizeof (long), cmp_long);
	  printf (" %8ld", t[k][s][calls / 2]);
	}
      printf ("\n");
    }
  int n = calls < 1000 ? calls : 1000;
  printf ("out region unmapped after the reply: %d of %d seals right"
	  " after it refused\n", deferred_unmap (n), n);
  return 0;
}
