/* tiny-loop.c -- N calls of IDL4's tiny (paper 000, 6.4) for callgrind.
   Usage: tiny-loop server NAME | tiny-loop client NAME N  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The measured loop: not inlined into main, so callgrind reports it
   alone (the tiny stub is inlined into it).  */
__attribute__ ((noinline)) long
client_loop (idl_binding_t *b, long n)
{
  long sum = 0;
  for (long i = 0; i < n; i++)
    sum += tiny (b, i);
  return sum;
}

int
main (int argc, char **argv)
{
  int err;
  if (argc == 3 && strcmp (argv[1], "server") == 0)
    {
      idl_server_t *s = idl_server_create (argv[2], &calc, calc_dispatch,
					   &err);
      if (!s)
	return 1;
      return idl_server_run (s);
    }
  if (argc != 4)
    return 2;
  idl_binding_t *b = idl_connect (argv[2], &calc, &err);
  if (!b)
    return 1;
  long n = atol (argv[3]);
  long sum = client_loop (b, n);
  idl_close (b);
  return sum == n * (n + 1) / 2 ? 0 : 1;
}
