/* calc-server.c -- the example server: implementations and a main.  */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "calc.h"

IDL_SERVER (calc);		/* the plugin generates calc_dispatch */

static long logged;

long tiny_impl (idl_call_t *call, long x) { return x + 1; }

long
small_impl (idl_call_t *call, short a, long c, short d)
{
  return a * 10000L + c * 100 + d;
}

long
large_impl (idl_call_t *call, long a, long c, long d, long e, long f, long g)
{
  return a + 2 * c + 3 * d + 4 * e + 5 * f + 6 * g;
}

double
divide_impl (idl_call_t *call, double num, double den, long *quotient,
	     int *calls)
{
  *quotient = (long) (num / den);
  ++*calls;
  return num / den;
}

int whoami_impl (idl_call_t *call) { return getpid (); }

void log_value_impl (idl_call_t *call, long value) { logged = value; }

long last_logged_impl (idl_call_t *call) { return logged; }

static idl_server_t *server;

static void
stop (int sig)
{
  idl_server_stop (server);
}

int
main (int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : "@idlstub-calc";
  int err;
  server = idl_server_create (name, &calc, calc_dispatch, &err);
  if (!server)
    {
      fprintf (stderr, "calc-server: %s: %s\n", name, idl_strerror (err));
      return 1;
    }
  signal (SIGTERM, stop);
  signal (SIGINT, stop);
  printf ("calc-server: pid %d serving %s\n", (int) getpid (), name);
  fflush (stdout);
  int rc = idl_server_run (server);
  idl_server_destroy (server);
  printf ("calc-server: stopped\n");
  return rc == 0 ? 0 : 1;
}
