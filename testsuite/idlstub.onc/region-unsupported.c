/* { dg-do run } */
/* Area: ONC RPC
   Purpose: an operation with an IDL_REGION parameter (issue 20) on an
   ONC binding fails with IDL_E_UNSUPPORTED (a region is memory shared
   on one machine; its interface has no IDL_ONC_PROGRAM, so it compiled,
   region-onc.c), the region still the caller's, and the binding goes
   on serving ordinary calls.  TCP and UDP.  */

#define ONCT_SERVER
#include <fcntl.h>
#include "onc-test.h"

IDL_INTERFACE (oreg, 0x4f4e52, 1);
IDL_OP (oreg, 1) long rlen (idl_binding_t *b,
			    IDL_IN IDL_REGION idl_region_t *r);
IDL_OP (oreg, 2) long radd (idl_binding_t *b, long a, long c);
IDL_SERVER (oreg);

long
rlen_impl (idl_call_t *call, idl_region_t *r)
{
  return (long) idl_region_size (r);
}

long
radd_impl (idl_call_t *call, long a, long c)
{
  return a + c;
}

static void
try_region (const char *proto)
{
  int udp = proto[0] == 'u', err;
  int port = onct_port (udp);
  pid_t pid = idltest_fork_server (onct_name (proto, "", port), &oreg,
				   oreg_dispatch);
  const char *name = onct_name (proto, "127.0.0.1", port);
  idl_binding_t *b = NULL;
  for (int i = 0; i < 100 && !b; i++)
    if (!(b = idl_connect (name, &oreg, &err)))
      usleep (10000);
  CHECK (b);
  idl_region_t *r = idl_region_new (4096, &err);
  CHECK (r);
  CHECK (rlen (b, r) == 0 && idl_error (b) == IDL_E_UNSUPPORTED);
  CHECK (fcntl (idl_region_fd (r), F_GETFD) >= 0
	 && idl_region_data (r) != NULL);
  CHECK (radd (b, 40, 2) == 42 && idl_error (b) == IDL_OK);
  idl_region_free (r);
  idl_close (b);
  idltest_stop_server (pid);
}

int
main (void)
{
  alarm (60);
  try_region ("tcp");
  try_region ("udp");
  return 0;
}
