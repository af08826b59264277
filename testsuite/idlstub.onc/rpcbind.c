/* { dg-do run } */
/* Area: ONC RPC
   Needs: rpcbind
   Purpose: servers and rpcbind.  A server without a port takes an
   ephemeral one and registers its program and version (TCP: the
   netids tcp and tcp6; UDP: udp and udp6); a client without a port
   asks rpcbind for it (IPv4, IPv6, a host name); a server that stops
   unregisters, so that connecting fails (IDL_E_CONNECT) until it is
   back; a restarted server (a new port) is found by a new binding,
   while the old one's calls fail with IDL_E_PEER_DIED; a server whose
   registration another server replaced ("the newest wins") leaves the
   other's alone when it stops.  */

#define ONCT_SERVER
#include "onc-test.h"

/* rpcinfo's line count for program ONCT_PROG and NETID.  */
static int
registered (const char *netid)
{
  char cmd[160], line[256];
  int n = 0;
  snprintf (cmd, sizeof cmd, "rpcinfo 127.0.0.1 2>/dev/null");
  FILE *f = popen (cmd, "r");
  CHECK (f != NULL);
  while (fgets (line, sizeof line, f))
    {
      unsigned long prog, vers;
      char id[32];
      if (sscanf (line, "%lu %lu %31s", &prog, &vers, id) == 3
	  && prog == ONCT_PROG && vers == ONCT_VERS && strcmp (id, netid) == 0)
	n++;
    }
  pclose (f);
  return n;
}

static void
through_rpcbind (const char *proto, unsigned workers)
{
  int udp = proto[0] == 'u', err;
  char six[8];
  snprintf (six, sizeof six, "%s6", proto);

  pid_t pid = onct_fork_server (onct_name (proto, "", -1), workers);
  CHECK (registered (proto) == 1 && registered (six) == 1);
  const char *hosts[] = { "127.0.0.1", "[::1]", "localhost" };
  idl_binding_t *b[3];
  for (int h = 0; h < 3; h++)
    {
      b[h] = onct_connect (onct_name (proto, hosts[h], -1));
      CHECK (add (b[h], h, 1) == h + 1 && idl_null (b[h]) == IDL_OK);
    }
  onct_stop_server (pid);
  CHECK (registered (proto) == 0 && registered (six) == 0);
  CHECK (idl_connect (onct_name (proto, "127.0.0.1", -1), &onct, &err)
	 == NULL && err == IDL_E_CONNECT);
  if (!udp)
    for (int h = 0; h < 3; h++)
      CHECK (add (b[h], 1, 1) == 0 && idl_error (b[h]) == IDL_E_PEER_DIED);
  for (int h = 0; h < 3; h++)
    idl_close (b[h]);

  /* Back, on another port.  */
  pid = onct_fork_server (onct_name (proto, "", -1), workers);
  idl_binding_t *c = onct_connect (onct_name (proto, "localhost", -1));
  CHECK (add (c, 20, 22) == 42);
  idl_close (c);

  /* The newest wins; the older one, stopping, leaves its registration
     alone.  */
  pid_t newer = onct_fork_server (onct_name (proto, "127.0.0.1", -1),
				  workers);
  CHECK (registered (proto) == 1);
  onct_stop_server (pid);
  CHECK (registered (proto) == 1);
  c = onct_connect (onct_name (proto, "127.0.0.1", -1));
  CHECK (add (c, 1, 2) == 3);
  idl_close (c);
  onct_stop_server (newer);
  CHECK (registered (proto) == 0 && registered (six) == 0);
  printf ("%s, %u workers: registered, found, unregistered\n", proto,
	  workers);
}

int
main (void)
{
  alarm (60);
  through_rpcbind ("tcp", 0);
  through_rpcbind ("tcp", 2);
  through_rpcbind ("udp", 0);
  through_rpcbind ("udp", 1);
  return 0;
}
