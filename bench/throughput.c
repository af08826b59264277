/* throughput.c -- calls per second of IDL4's tiny (paper 000, 6.4)
   from several client processes at once, against a server in each run
   mode: a thread per connection, N workers, or the program's own poll
   loop (idl_server_fd, idl_server_serve_ready).  bench/throughput runs
   it.

   Usage: throughput server NAME threads|wN|loop
          throughput client NAME MS     (calls for MS milliseconds,
                                         prints the count)  */

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../examples/calc.h"

IDL_SERVER (calc);

long tiny_impl (idl_call_t *call, long x) { return x + 1; }
long small_impl (idl_call_t *call, short a, long c, short d) { return a + c + d; }
long large_impl (idl_call_t *call, long a, long c, long d, long e, long f,
		 long g) { return a + c + d + e + f + g; }
double divide_impl (idl_call_t *call, double n, double d, long *q, int *k)
{ *q = n / d; ++*k; return n / d; }
int whoami_impl (idl_call_t *call) { return 0; }
void log_value_impl (idl_call_t *call, long v) { }
long last_logged_impl (idl_call_t *call) { return 0; }

static idl_server_t *srv;

static void
stop (int sig)
{
  idl_server_stop (srv);
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
serve (const char *name, const char *mode)
{
  int err;

  srv = idl_server_create (name, &calc, calc_dispatch, &err);
  if (!srv)
    return 1;
  signal (SIGTERM, stop);
  if (strcmp (mode, "loop") == 0)
    {
      int fd = idl_server_fd (srv), timeout = -1;
      for (;;)
	{
	  struct pollfd p = { fd, POLLIN, 0 };
	  poll (&p, 1, timeout);
	  if (idl_server_serve_ready (srv, &timeout) < 0)
	    break;
	}
    }
  else
    {
      if (mode[0] == 'w')
	idl_server_set_workers (srv, (unsigned) atoi (mode + 1));
      idl_server_run (srv);
    }
  idl_server_destroy (srv);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc == 4 && strcmp (argv[1], "server") == 0)
    return serve (argv[2], argv[3]);
  if (argc != 4 || strcmp (argv[1], "client") != 0)
    return 2;
  int err;
  idl_binding_t *b = idl_connect (argv[2], &calc, &err);
  if (!b)
    return 1;
  double end = now_ms () + atof (argv[3]);
  long n = 0;
  while (now_ms () < end)
    for (int i = 0; i < 64; i++)
      if (tiny (b, n++) != n)
	return 1;
  printf ("%ld\n", n);
  return 0;
}
