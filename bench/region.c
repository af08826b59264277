/* region.c -- the zero-copy handover's time per call (bench/region).

   A server in a child process; the client hands over an IDL_IN region
   (the server reads its first byte) and an IDL_OUT region (the server
   writes its first byte) of 4 KiB and of 256 MiB, the four kinds in
   turn so that a load on the machine weighs on all alike, and prints
   the median of each.  A call costs a descriptor passed (SCM_RIGHTS),
   the seals checked and a mapping made and unmapped on the server's
   side, so the sizes should not differ beyond noise.  The last column
   is one memcpy of 256 MiB between two buffers already faulted in: the
   least a copied buffer of that size would cost per side.  */

#define _GNU_SOURCE 1
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <idlstub.h>

IDL_INTERFACE (rbench, 0x2a42, 1);
IDL_OP (rbench, 1) int rb_in (idl_binding_t *b,
			      IDL_IN IDL_REGION idl_region_t *r);
IDL_OP (rbench, 2) int rb_out (idl_binding_t *b,
			       IDL_OUT IDL_REGION idl_region_t *r);
IDL_SERVER (rbench);

int
rb_in_impl (idl_call_t *call, idl_region_t *r)
{
  return ((const unsigned char *) idl_region_data (r))[0];
}

int
rb_out_impl (idl_call_t *call, idl_region_t *r)
{
  ((unsigned char *) idl_region_data (r))[0] = 1;
  return 0;
}

static double
now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static idl_region_t *
region (size_t n)
{
  int err;
  idl_region_t *r = idl_region_new (n, &err);
  if (!r)
    {
      fprintf (stderr, "idl_region_new: %d\n", err);
      exit (1);
    }
  memset (idl_region_data (r), 7, n);
  return r;
}

int
main (int argc, char **argv)
{
  int calls = argc > 1 ? atoi (argv[1]) : 2000;
  char name[64];
  int err;
  snprintf (name, sizeof name, "@idlstub-bench-region-%d", (int) getpid ());
  pid_t pid = fork ();
  if (pid == 0)
    {
      idl_server_t *srv = idl_server_create (name, &rbench,
					     rbench_dispatch, &err);
      _exit (!srv || idl_server_run (srv) != 0);
    }
  idl_binding_t *b = NULL;
  for (int i = 0; i < 1000 && !b; i++)
    if (!(b = idl_connect (name, &rbench, &err)))
      usleep (1000);
  if (!b)
    return 1;

  size_t small = 4096, big = (size_t) 256 << 20;
  idl_region_t *ri[2] = { region (small), region (big) };
  idl_region_t *ro[2] = { region (small), region (big) };
  double *t[4];
  for (int k = 0; k < 4; k++)
    t[k] = malloc (calls * sizeof (double));
  for (int i = 0; i < 4 * calls; i++)
    {
      int k = i % 4;
      double t0 = now_us ();
      int r = k < 2 ? rb_in (b, ri[k]) : rb_out (b, ro[k - 2]);
      t[k][i / 4] = now_us () - t0;
      if (idl_error (b) != IDL_OK || (k < 2 && r != 7))
	{
	  fprintf (stderr, "call failed: %d\n", idl_error (b));
	  return 1;
	}
    }
  for (int k = 0; k < 4; k++)
    qsort (t[k], calls, sizeof (double), cmp_double);

  char *a = malloc (big), *c = malloc (big);
  memset (a, 1, big);
  memset (c, 2, big);
  double best = 1e30;
  for (int i = 0; i < 3; i++)
    {
      double t0 = now_us ();
      memcpy (c, a, big);
      double d = now_us () - t0;
      best = d < best ? d : best;
    }
  printf ("%-10s %10s %10s\n", "", "4 KiB", "256 MiB");
  printf ("%-10s %10.1f %10.1f\n", "in", t[0][calls / 2], t[1][calls / 2]);
  printf ("%-10s %10.1f %10.1f\n", "out", t[2][calls / 2], t[3][calls / 2]);
  if (c[big / 2] != 1)		/* the copy is used: not optimized away */
    return 1;
  printf ("memcpy of 256 MiB, best of 3: %.0f us\n", best);
  idl_close (b);
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  return 0;
}
