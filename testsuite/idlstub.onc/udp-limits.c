/* { dg-do run } */
/* Area: ONC RPC
   Purpose: a message over UDP is one datagram (at most 65,504 bytes of
   XDR): a request larger than that fails with IDL_E_NOMEM before
   anything is sent (the server never runs it), a result larger than
   that is the server's SYSTEM_ERR (IDL_E_PROTO for the client), and
   the binding goes on; the same calls work over TCP, where a record
   may be as long as any message's XDR.  20,000 shorts are 40,000 bytes
   of payload, within IDL_PAYLOAD_MAX, but 80,000 bytes of XDR (each
   short widens to 4).  Both run modes.  */

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <idlstub.h>
#include "idltest.h"
#include "onc-port.h"

IDL_INTERFACE (oncu, 0x4f4e55, 1);

/* The sum of V[0..N-1].  */
IDL_OP (oncu, 1) long take (idl_binding_t *b,
			    IDL_SIZE_IS (n, 20000) IDL_IN const short *v,
			    unsigned n);
/* W[i] = i * 3 for i < N.  */
IDL_OP (oncu, 2) int give (idl_binding_t *b,
			   IDL_SIZE_IS (n, 20000) IDL_OUT short *w,
			   unsigned n);

IDL_SERVER (oncu);

/* How many times take ran (shared with the forked server).  */
static long *takes;

long
take_impl (idl_call_t *call, const short *v, unsigned n)
{
  long s = 0;
  (void) call;
  __atomic_add_fetch (takes, 1, __ATOMIC_SEQ_CST);
  for (unsigned i = 0; i < n; i++)
    s += v[i];
  return s;
}

int
give_impl (idl_call_t *call, short *w, unsigned n)
{
  (void) call;
  for (unsigned i = 0; i < n; i++)
    w[i] = (short) (i * 3);
  return (int) n;
}

static short v[20000], w[20000];

static void
limits (const char *proto, unsigned workers)
{
  char sname[64], cname[64];
  int udp = proto[0] == 'u', err = 0;
  int port = onct_port (udp);
  snprintf (sname, sizeof sname, "onc+%s://:%d", proto, port);
  snprintf (cname, sizeof cname, "onc+%s://127.0.0.1:%d", proto, port);
  pid_t pid = idltest_fork_server_workers (sname, &oncu, oncu_dispatch,
					   workers);
  idl_binding_t *b = NULL;
  for (int i = 0; i < 100 && !b; i++)
    if (!(b = idl_connect (cname, &oncu, &err)))
      usleep (10000);
  CHECK (b != NULL);
  CHECK (idl_set_timeout (b, 10 * 1000 * 1000) == 0);

  long s = 0;
  for (unsigned i = 0; i < 20000; i++)
    s += v[i] = (short) (i % 100);
  /* 16,000 shorts: 64,000 bytes of XDR and a header, one datagram.  */
  long s16 = 0;
  for (unsigned i = 0; i < 16000; i++)
    s16 += v[i];
  *takes = 0;
  CHECK (take (b, v, 16000) == s16 && idl_error (b) == IDL_OK);
  CHECK (*takes == 1);

  long got = take (b, v, 20000);
  printf ("%s, %u workers: 20,000 shorts in: %s", proto, workers,
	  idl_strerror (idl_error (b)));
  if (udp)
    {
      CHECK (got == 0 && idl_error (b) == IDL_E_NOMEM);
      CHECK (*takes == 1);	/* never sent */
    }
  else
    CHECK (got == s && idl_error (b) == IDL_OK && *takes == 2);

  memset (w, 0x55, sizeof w);
  int r = give (b, w, 20000);
  printf ("; 20,000 shorts out: %s\n", idl_strerror (idl_error (b)));
  if (udp)
    CHECK (r == 0 && idl_error (b) == IDL_E_PROTO);
  else
    {
      CHECK (r == 20000 && idl_error (b) == IDL_OK);
      for (unsigned i = 0; i < 20000; i++)
	CHECK (w[i] == (short) (i * 3));
    }
  /* The binding goes on.  */
  CHECK (give (b, w, 16000) == 16000 && idl_error (b) == IDL_OK);
  CHECK (w[15999] == (short) (15999 * 3));
  CHECK (idl_null (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (pid);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  alarm (60);
  takes = mmap (NULL, sizeof *takes, PROT_READ | PROT_WRITE,
		MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  CHECK (takes != MAP_FAILED);
  limits ("udp", 0);
  limits ("udp", 2);
  limits ("tcp", 0);
  limits ("tcp", 2);
  return 0;
}
