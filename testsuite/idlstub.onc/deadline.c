/* { dg-do run } */
/* Area: ONC RPC
   Purpose: a call's deadline over the network: a slow implementation
   makes the call IDL_E_TIMEOUT when its timeout passes (a binding's
   default, and a one-off one for the next call only), not before and
   not much later; the binding stays usable, and its next call gets its
   own result, never the late reply of the call that timed out; the
   same for idl_null's deadline.  TCP and UDP, both run modes.  */

#define ONCT_SERVER
#include "onc-test.h"

/* Room for a loaded machine on the time a timeout takes (the CI
   machine's two cores run other work).  A call that reported its
   timeout only when the late reply came would take the nap's time,
   NAP_MS, more than a timeout and ROOM_MS together.  */
#define ROOM_MS 1000
#define NAP_MS 2500

static void
deadlines (const char *proto, int workers)
{
  int udp = proto[0] == 'u';
  int port = onct_port (udp);
  pid_t pid = idltest_fork_server_workers (onct_name (proto, "", port),
					   &onct, onct_dispatch,
					   (unsigned) workers);
  idl_binding_t *b = onct_connect (onct_name (proto, "127.0.0.1", port));

  /* The binding's timeout: 150 ms against a 2.5 s nap.  */
  CHECK (idl_set_timeout (b, 150 * 1000) == 0);
  double t0 = onct_now_ms ();
  CHECK (nap (b, NAP_MS) == 0 && idl_error (b) == IDL_E_TIMEOUT);
  double took = onct_now_ms () - t0;
  printf ("%s, %d workers: timed out after %.1f ms (150 ms)\n", proto,
	  workers, took);
  CHECK (took >= 145 && took < 150 + ROOM_MS);
  /* A call within the deadline, while the server may still be busy
     with the nap: its own result (the nap's late reply, NAP_MS, is not
     taken for this one's).  */
  idl_set_timeout (b, 0);
  CHECK (add (b, 40, 2) == 42 && idl_error (b) == IDL_OK);
  CHECK (nap (b, 20) == 20 && idl_error (b) == IDL_OK);

  /* A one-off timeout, for the next call only.  */
  idl_set_next_timeout (b, 100 * 1000);
  t0 = onct_now_ms ();
  CHECK (nap (b, NAP_MS) == 0 && idl_error (b) == IDL_E_TIMEOUT);
  took = onct_now_ms () - t0;
  printf ("  one-off: %.1f ms (100 ms)\n", took);
  CHECK (took >= 95 && took < 100 + ROOM_MS);
  CHECK (nap (b, 450) == 450 && idl_error (b) == IDL_OK);
  CHECK (add (b, 1, 1) == 2);

  /* idl_null's deadline is a call's: it waits for the server's one
     thread (no workers) or gets through at once (a worker free).  */
  idl_set_next_timeout (b, 100 * 1000);
  CHECK (nap (b, 300) == 0 && idl_error (b) == IDL_E_TIMEOUT);
  CHECK (idl_null (b) == IDL_OK);
  CHECK (add (b, 2, 2) == 4);
  idl_close (b);
  idltest_stop_server (pid);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  alarm (60);
  deadlines ("tcp", 0);
  deadlines ("tcp", 2);
  deadlines ("udp", 0);
  deadlines ("udp", 2);
  return 0;
}
