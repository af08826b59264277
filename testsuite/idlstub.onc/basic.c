/* { dg-do run } */
/* Area: ONC RPC
   Purpose: calls of every kind (values, a string, buffers each way, a
   one-way request, idl_null) between an idlstub client and server over
   onc+tcp and onc+udp, IPv4 and IPv6 literals and a host name, both
   server run modes, fixed ports without rpcbind; AUTH_SYS credentials
   as idl_call_peer_uid/gid; and the errors of names and servers: a
   malformed name (IDL_E_INVAL), nobody there (IDL_E_CONNECT, at once),
   a taken port, an ephemeral port without rpcbind.  */

#define ONCT_SERVER
#include "onc-test.h"

static void
serve_and_call (const char *proto, int workers)
{
  int udp = proto[0] == 'u';
  int port = onct_port (udp);
  pid_t pid = idltest_fork_server_workers (onct_name (proto, "", port),
					   &onct, onct_dispatch,
					   (unsigned) workers);
  const char *hosts[] = { "127.0.0.1", "[::1]", "localhost" };

  for (unsigned h = 0; h < 3; h++)
    {
      idl_binding_t *b = onct_connect (onct_name (proto, hosts[h], port));
      int gid = -5;
      CHECK (idl_null (b) == IDL_OK && idl_error (b) == IDL_OK);
      for (long k = 0; k < 50; k++)
	{
	  CHECK (add (b, k, 3) == k + 3 && idl_error (b) == IDL_OK);
	  char out[201];
	  CHECK (rev (b, "onc rpc", out) == 7 && strcmp (out, "cpr cno") == 0);
	  int v[64], w[64];
	  for (int i = 0; i < 64; i++)
	    v[i] = (int) (k * i);
	  CHECK (sum (b, v, w, 64) == k * 64 * 63 / 2);
	  for (int i = 0; i < 64; i++)
	    CHECK (w[i] == v[i] + 1);
	  /* A one-way request, then a call: over TCP in order; over UDP
	     with one reader (no workers) too.  */
	  note (b, k);
	  CHECK (idl_error (b) == IDL_OK);
	  if (!udp || workers == 0)
	    CHECK (noted (b) == k);
	}
      /* A long string and the largest buffer, both ways.  */
      char in[201], out[201];
      memset (in, 'x', 200);
      in[200] = 0;
      in[0] = 'a';
      CHECK (rev (b, in, out) == 200 && out[199] == 'a' && out[200] == 0);
      static int v[4096], w[4096];
      long s = 0;
      for (int i = 0; i < 4096; i++)
	s += v[i] = i * 7 - 3;
      CHECK (sum (b, v, w, 4096) == s && w[4095] == v[4095] + 1);
      /* Over its bound: the stub refuses, nothing is sent.  */
      CHECK (sum (b, v, w, 4097) == 0 && idl_error (b) == IDL_E_BOUNDS);
      CHECK (who (b, &gid) == (int) getuid () && gid == (int) getgid ());
      idl_close (b);
    }
  idltest_stop_server (pid);
  printf ("%s, %d workers: ok\n", proto, workers);
}

int
main (void)
{
  int err;

  serve_and_call ("tcp", 0);
  serve_and_call ("tcp", 2);
  serve_and_call ("udp", 0);
  serve_and_call ("udp", 3);

  /* Malformed names.  */
  const char *bad[] = {
    "onc+tcp://", "onc+tcp://[::1", "onc+tcp://::1:5", "onc+tcp://h:99999",
    "onc+tcp://h:", "onc+tcp://h:5x", "onc+sctp://h:5", "onc+udp://[]:5"
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      err = 0;
      CHECK (idl_connect (bad[i], &onct, &err) == NULL);
      if (err != IDL_E_INVAL)
	fprintf (stderr, "%s: %s\n", bad[i], idl_strerror (err));
      CHECK (err == IDL_E_INVAL);
    }
  CHECK (idl_server_create ("onc+tcp://[::1", &onct, onct_dispatch, &err)
	 == NULL && err == IDL_E_INVAL);

  /* Nobody there: refused at once.  */
  double t0 = onct_now_ms ();
  CHECK (idl_connect (onct_name ("tcp", "127.0.0.1", onct_port (0)), &onct,
		      &err) == NULL && err == IDL_E_CONNECT);
  /* No rpcbind on this loopback: no port to find.  */
  CHECK (idl_connect ("onc+tcp://127.0.0.1", &onct, &err) == NULL
	 && err == IDL_E_CONNECT);
  CHECK (onct_now_ms () - t0 < 1000);

  /* A port taken (TCP: by a live listener), and an ephemeral port no
     rpcbind can register.  */
  int port = onct_port (0);
  idl_server_t *srv = idl_server_create (onct_name ("tcp", "", port), &onct,
					 onct_dispatch, &err);
  CHECK (srv != NULL);
  CHECK (idl_server_create (onct_name ("tcp", "127.0.0.1", port), &onct,
			    onct_dispatch, &err) == NULL
	 && err == IDL_E_CONNECT);
  idl_server_destroy (srv);
  CHECK (idl_server_create ("onc+tcp://", &onct, onct_dispatch, &err) == NULL
	 && err == IDL_E_CONNECT);
  CHECK (idl_server_create ("onc+udp://127.0.0.1:0", &onct, onct_dispatch,
			    &err) == NULL && err == IDL_E_CONNECT);
  /* Its port is free again.  */
  srv = idl_server_create (onct_name ("tcp", "127.0.0.1", port), &onct,
			   onct_dispatch, &err);
  CHECK (srv != NULL);
  idl_server_destroy (srv);
  printf ("names and errors: ok\n");
  return 0;
}
