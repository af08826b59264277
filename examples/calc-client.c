/* calc-client.c -- the example client: calls the server's operations
   like local functions and prints what crossed the process boundary.  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "calc.h"

static double
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int
main (int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : "@idlstub-calc";
  int err;
  idl_binding_t *b = idl_connect (name, &calc, &err);
  if (!b)
    {
      fprintf (stderr, "calc-client: %s: %s\n", name, idl_strerror (err));
      return 1;
    }

  int server_pid = whoami (b);
  if (server_pid == -1)		/* IDL_FAILS (-1): the call failed */
    {
      fprintf (stderr, "calc-client: whoami: %s\n",
	       idl_strerror (idl_error (b)));
      return 1;
    }
  printf ("calc-client: pid %d, server pid %d\n", (int) getpid (),
	  server_pid);
  printf ("  tiny (41)                      = %ld\n", tiny (b, 41));
  printf ("  small (-3, 5, 7)               = %ld\n", small (b, -3, 5, 7));
  printf ("  large (1, 2, 3, 4, 5, 6)       = %ld\n",
	  large (b, 1, 2, 3, 4, 5, 6));
  long quotient = 0;
  int calls = 10;
  double q = divide (b, 22.0, 7.0, &quotient, &calls);
  printf ("  divide (22, 7, &quotient, &calls) = %.6f, quotient = %ld, "
	  "calls 10 -> %d\n", q, quotient, calls);
  log_value (b, 1234);
  printf ("  log_value (1234)               (one-way, no reply)\n");
  printf ("  last_logged ()                 = %ld\n", last_logged (b));

  enum { N = 100000 };
  long sum = 0;
  double t0 = now_ns ();
  for (long i = 0; i < N; i++)
    sum += tiny (b, i);
  double t1 = now_ns ();
  if (idl_error (b) != IDL_OK || sum != (long) N * (N + 1) / 2)
    {
      fprintf (stderr, "calc-client: %s\n", idl_strerror (idl_error (b)));
      return 1;
    }
  printf ("  %d tiny calls: %.0f ns per round trip\n", N, (t1 - t0) / N);
  idl_close (b);
  return 0;
}
