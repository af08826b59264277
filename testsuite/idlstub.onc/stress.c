/* { dg-do run } */
/* Area: ONC RPC
   Purpose: many clients at once against one server: 8 threads, each
   with a binding of its own, 10000 checked calls each (values, and
   every 50th a string and a buffer both ways), over TCP against a
   server with 4 workers and one with a thread per connection, and over
   UDP against 4 workers (every reader of the socket busy at once);
   no call fails, no answer is another call's.  */

#include <pthread.h>
#define ONCT_SERVER
#include "onc-test.h"

#define THREADS 8
#define CALLS 10000

static const char *target;
static int calls_each;

static void *
client (void *arg)
{
  long t = (long) (intptr_t) arg;
  idl_binding_t *b = onct_connect (target);
  char in[64], out[201];
  static __thread int v[300], w[300];

  for (long k = 0; k < calls_each; k++)
    {
      long a = t * 1000003 + k;
      CHECK (add (b, a, t) == a + t && idl_error (b) == IDL_OK);
      if (k % 50 == 0)
	{
	  int n = snprintf (in, sizeof in, "t%ld-k%ld", t, k);
	  CHECK (rev (b, in, out) == (unsigned) n);
	  for (int i = 0; i < n; i++)
	    CHECK (out[i] == in[n - 1 - i]);
	  unsigned len = (unsigned) (k % 300);
	  long s = 0;
	  for (unsigned i = 0; i < len; i++)
	    s += v[i] = (int) (a + i);
	  CHECK (sum (b, v, w, len) == s);
	  for (unsigned i = 0; i < len; i++)
	    CHECK (w[i] == v[i] + 1);
	}
    }
  idl_close (b);
  return NULL;
}

static void
run (const char *proto, unsigned workers, int calls)
{
  int port = onct_port (proto[0] == 'u');
  pid_t pid = onct_fork_server (onct_name (proto, "", port), workers);
  pthread_t th[THREADS];

  target = onct_name (proto, "127.0.0.1", port);
  calls_each = calls;
  double t0 = onct_now_ms ();
  for (long t = 0; t < THREADS; t++)
    CHECK (pthread_create (&th[t], NULL, client, (void *) (intptr_t) t) == 0);
  for (int t = 0; t < THREADS; t++)
    CHECK (pthread_join (th[t], NULL) == 0);
  printf ("%s, %u workers: %d clients x %d calls in %.0f ms\n", proto,
	  workers, THREADS, calls, onct_now_ms () - t0);
  onct_stop_server (pid);
}

int
main (void)
{
  alarm (300);
  run ("tcp", 4, CALLS);
  run ("tcp", 0, CALLS);
  run ("udp", 4, CALLS);
  return 0;
}
