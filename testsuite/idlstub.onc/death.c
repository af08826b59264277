/* { dg-do run } */
/* Area: ONC RPC
   Purpose: a server killed (SIGKILL) in the middle of a call makes that
   call IDL_E_PEER_DIED, never a hang: over TCP as soon as the kernel
   closes the connection, over UDP when the request is sent again and
   the host answers that nothing listens there (ICMP); every later call
   and idl_null fail at once.  A server killed between calls: the next
   call fails the same way.  One-way requests into a dead TCP
   connection do not kill the client with SIGPIPE.  */

#include <pthread.h>
#define ONCT_SERVER
#include "onc-test.h"
/* White-box: the binding's flags (IDL_BF_DEAD), to see that later
   calls fail because the binding remembers the death.  */
#include "internal.h"

static pid_t victim;
static double kill_time;

static void *
killer (void *arg)
{
  (void) arg;
  usleep (200 * 1000);
  kill_time = onct_now_ms ();
  CHECK (kill (victim, SIGKILL) == 0);
  return NULL;
}

static void
mid_call (const char *proto, int workers)
{
  int udp = proto[0] == 'u', status;
  int port = onct_port (udp);
  pthread_t t;

  victim = idltest_fork_server_workers (onct_name (proto, "", port), &onct,
					onct_dispatch, (unsigned) workers);
  idl_binding_t *b = onct_connect (onct_name (proto, "127.0.0.1", port));
  CHECK (add (b, 1, 2) == 3);
  CHECK (pthread_create (&t, NULL, killer, NULL) == 0);
  /* No deadline of its own: the default (TCP none, UDP 25 s) must not
     be what ends it.  */
  CHECK (nap (b, 20000) == 0);
  double latency = onct_now_ms () - kill_time;
  CHECK (pthread_join (t, NULL) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  printf ("%s, %d workers: death mid-call noticed after %.1f ms\n", proto,
	  workers, latency);
  /* TCP: the connection's end; UDP: the next retransmission (every
     second) finds the port closed.  With room for a loaded machine:
     a death not noticed would leave the call in its 20 s nap.  */
  CHECK (latency < (udp ? 2500 : 2000));
  CHECK (waitpid (victim, &status, 0) == victim);
  /* Later calls fail at once: the event is that the binding remembers
     the death (onc.c fails a call on IDL_BF_DEAD before it sends
     anything), not a time under 10 ms, which a loaded machine can
     exceed.  A binding that forgot would fail the flag's check, and
     over UDP wait again for the port's refusal.  */
  CHECK (b->flags & IDL_BF_DEAD);
  double t0 = onct_now_ms ();
  CHECK (add (b, 1, 2) == 0 && idl_error (b) == IDL_E_PEER_DIED);
  CHECK (idl_null (b) == IDL_E_PEER_DIED);
  note (b, 5);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (onct_now_ms () - t0 < 1000);
  idl_close (b);
}

static void
between_calls (const char *proto)
{
  int udp = proto[0] == 'u', status;
  int port = onct_port (udp);

  victim = idltest_fork_server (onct_name (proto, "", port), &onct,
				onct_dispatch);
  idl_binding_t *b = onct_connect (onct_name (proto, "127.0.0.1", port));
  CHECK (add (b, 1, 2) == 3);
  CHECK (kill (victim, SIGKILL) == 0);
  CHECK (waitpid (victim, &status, 0) == victim);
  if (!udp)
    {
      /* One-way requests into a connection the server's kernel closed:
	 the first goes out (and is answered with a reset), the next
	 finds the connection reset.  SIGPIPE keeps its default action
	 here: it would kill us.  */
      note (b, 1);
      usleep (50 * 1000);
      note (b, 2);
      note (b, 3);
      CHECK (idl_error (b) == IDL_E_PEER_DIED);
    }
  else
    {
      /* The port's refusal (ICMP), not the 25 s UDP default deadline,
	 ends the call: 2.5 s of room, as for a death mid-call.  */
      double t0 = onct_now_ms ();
      CHECK (add (b, 1, 2) == 0 && idl_error (b) == IDL_E_PEER_DIED);
      CHECK (onct_now_ms () - t0 < 2500);
    }
  CHECK (add (b, 1, 2) == 0 && idl_error (b) == IDL_E_PEER_DIED);
  idl_close (b);
  printf ("%s: death between calls noticed\n", proto);
}

int
main (void)
{
  signal (SIGPIPE, SIG_DFL);
  alarm (60);
  mid_call ("tcp", 0);
  mid_call ("tcp", 2);
  mid_call ("udp", 0);
  mid_call ("udp", 2);
  between_calls ("tcp");
  between_calls ("udp");
  return 0;
}
