/* { dg-do run } */
/* Area: ONC RPC
   Purpose: a server that stops and starts again under the same name (a
   fixed port, no rpcbind): the old binding's calls fail with
   IDL_E_PEER_DIED (TCP: its connection is gone) and keep failing; a new
   binding to the same name reaches the new server at once (its port
   free again, whatever the old connections' TIME_WAIT); over UDP a
   binding that noticed nothing reaches the new server too, as any ONC
   client would.  Both run modes.  */

#define ONCT_SERVER
#include "onc-test.h"

static void
restart (const char *proto, unsigned workers)
{
  int udp = proto[0] == 'u';
  int port = onct_port (udp);
  const char *sname = onct_name (proto, "", port);
  const char *cname = onct_name (proto, "127.0.0.1", port);

  pid_t pid = onct_fork_server (sname, workers);
  idl_binding_t *old = onct_connect (cname);
  CHECK (add (old, 1, 1) == 2);
  for (int round = 0; round < 3; round++)
    {
      onct_stop_server (pid);
      if (!udp)
	{
	  CHECK (add (old, 2, 2) == 0 && idl_error (old) == IDL_E_PEER_DIED);
	  CHECK (idl_null (old) == IDL_E_PEER_DIED);
	}
      pid = onct_fork_server (sname, workers);
      idl_binding_t *b = onct_connect (cname);
      for (long k = 0; k < 200; k++)
	CHECK (add (b, k, round) == k + round && idl_error (b) == IDL_OK);
      CHECK (idl_null (b) == IDL_OK);
      idl_close (b);
      if (!udp)
	CHECK (add (old, 3, 3) == 0 && idl_error (old) == IDL_E_PEER_DIED);
      else
	/* Nothing told it the server changed: its next request reaches
	   the new one.  */
	CHECK (add (old, 3, round) == 3 + round);
    }
  idl_close (old);
  onct_stop_server (pid);
  printf ("%s, %u workers: restarted three times\n", proto, workers);
}

int
main (void)
{
  alarm (60);
  restart ("tcp", 0);
  restart ("tcp", 2);
  restart ("udp", 0);
  restart ("udp", 2);
  return 0;
}
