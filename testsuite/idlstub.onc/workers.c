/* { dg-do run } */
/* Area: ONC RPC
   Purpose: a worker-mode ONC server runs two slow calls at once and
   each reply comes back from the worker that ran it: two clients'
   calls on a server with two workers are both inside their
   implementation before either returns (asserted on the order of
   events the server logs in memory it shares with the test, not on
   times: an implementation waits up to 5 s for the other to arrive, so
   a server that serialized them would log enter, return, enter,
   return).  The thread-per-connection mode runs implementations one at
   a time (idlrt.h), and the same log shows it: the contrast proves the
   log can tell the two apart.  TCP and UDP.  */

#include <pthread.h>
#include <sys/mman.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <time.h>
#include <idlstub.h>
#include "idltest.h"
#include "onc-port.h"

IDL_INTERFACE (oncw, 0x4f4e57, 1);

/* Logs WHO's entry, waits up to WAIT_MS for as many entries as the
   test expects side by side, logs WHO's return; returns how many had
   entered when it stopped waiting.  */
IDL_OP (oncw, 1) int meet (idl_binding_t *b, int who, int wait_ms);

IDL_SERVER (oncw);

#define EV_ENTER 0x100
#define EV_RETURN 0x200

/* Shared with the forked server (MAP_SHARED before the fork).  */
struct log
{
  int entered;
  int n;
  int ev[16];
};
static struct log *lg;

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
log_event (int e)
{
  int k = __atomic_fetch_add (&lg->n, 1, __ATOMIC_SEQ_CST);
  if (k < 16)
    __atomic_store_n (&lg->ev[k], e, __ATOMIC_SEQ_CST);
}

int
meet_impl (idl_call_t *call, int who, int wait_ms)
{
  (void) call;
  log_event (EV_ENTER | who);
  int seen = __atomic_add_fetch (&lg->entered, 1, __ATOMIC_SEQ_CST);
  double until = now_ms () + wait_ms;
  while (seen < 2 && now_ms () < until)
    {
      struct timespec ts = { 0, 2 * 1000000L };
      nanosleep (&ts, NULL);
      seen = __atomic_load_n (&lg->entered, __ATOMIC_SEQ_CST);
    }
  log_event (EV_RETURN | who);
  return seen;
}

struct caller
{
  idl_binding_t *b;
  int who, wait_ms, got;
};

static void *
caller (void *arg)
{
  struct caller *c = arg;
  c->got = meet (c->b, c->who, c->wait_ms);
  CHECK (idl_error (c->b) == IDL_OK);
  return NULL;
}

static void
two_calls (const char *proto, unsigned workers)
{
  char sname[64], cname[64];
  int port = onct_port (proto[0] == 'u');
  snprintf (sname, sizeof sname, "onc+%s://:%d", proto, port);
  snprintf (cname, sizeof cname, "onc+%s://127.0.0.1:%d", proto, port);
  memset (lg, 0, sizeof *lg);
  pid_t pid = idltest_fork_server_workers (sname, &oncw, oncw_dispatch,
					   workers);

  /* Two bindings, each its own connection (TCP) or sender (UDP).  */
  struct caller c[2];
  for (int k = 0; k < 2; k++)
    {
      int err = 0;
      c[k].b = NULL;
      for (int i = 0; i < 100 && !c[k].b; i++)
	if (!(c[k].b = idl_connect (cname, &oncw, &err)))
	  usleep (10000);
      CHECK (c[k].b != NULL);
      CHECK (idl_set_timeout (c[k].b, 20 * 1000 * 1000) == 0);
      CHECK (idl_null (c[k].b) == IDL_OK);
      c[k].who = k + 1;
      /* Serialized, the first waits this long in vain.  */
      c[k].wait_ms = workers ? 5000 : 300;
    }
  pthread_t th[2];
  for (int k = 0; k < 2; k++)
    CHECK (pthread_create (&th[k], NULL, caller, &c[k]) == 0);
  for (int k = 0; k < 2; k++)
    CHECK (pthread_join (th[k], NULL) == 0);

  int n = __atomic_load_n (&lg->n, __ATOMIC_SEQ_CST);
  printf ("%s, %u workers:", proto, workers);
  for (int i = 0; i < n && i < 16; i++)
    printf (" %s%d", lg->ev[i] & EV_ENTER ? "enter" : "return",
	    lg->ev[i] & 0xff);
  printf ("; saw %d and %d\n", c[0].got, c[1].got);
  CHECK (n == 4);
  if (workers)
    {
      /* Both entered before either returned, and each call's reply is
	 its own.  */
      CHECK ((lg->ev[0] & EV_ENTER) && (lg->ev[1] & EV_ENTER));
      CHECK ((lg->ev[2] & EV_RETURN) && (lg->ev[3] & EV_RETURN));
      CHECK (c[0].got == 2 && c[1].got == 2);
    }
  else
    {
      /* One at a time: enter, return, enter, return.  */
      CHECK ((lg->ev[0] & EV_ENTER) && (lg->ev[1] & EV_RETURN)
	     && (lg->ev[0] & 0xff) == (lg->ev[1] & 0xff));
      CHECK ((lg->ev[2] & EV_ENTER) && (lg->ev[3] & EV_RETURN));
      CHECK ((c[0].got == 1) != (c[1].got == 1));
    }
  for (int k = 0; k < 2; k++)
    idl_close (c[k].b);
  idltest_stop_server (pid);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  alarm (90);
  lg = mmap (NULL, sizeof *lg, PROT_READ | PROT_WRITE,
	     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  CHECK (lg != MAP_FAILED);
  two_calls ("tcp", 2);
  two_calls ("udp", 2);
  two_calls ("tcp", 0);
  two_calls ("udp", 0);
  /* More workers than calls: still both at once.  */
  two_calls ("tcp", 4);
  return 0;
}
