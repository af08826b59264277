/* { dg-do run } */
/* Area: ONC RPC
   Purpose: a bulk call (idl_callv_bulk, idlrt-abi.h "Bulk items") on
   an ONC binding fails with IDL_E_UNSUPPORTED before anything is sent,
   and the binding goes on serving ordinary calls.  TCP and UDP.  */

#define ONCT_SERVER
#include "onc-test.h"

static void
try_bulk (const char *proto)
{
  int udp = proto[0] == 'u';
  int port = onct_port (udp);
  pid_t pid = idltest_fork_server (onct_name (proto, "", port), &onct,
				   onct_dispatch);
  idl_binding_t *b = onct_connect (onct_name (proto, "127.0.0.1", port));
  char buf[100];
  struct idl_bulk_item it = { buf, sizeof buf, sizeof buf, IDL_BULK_IN };
  uint64_t tag = (uint64_t) 0x4f4e43 << IDL_TAG_IFACE_SHIFT
		 | (uint64_t) 1 << IDL_TAG_OP_SHIFT;

  memset (buf, 1, sizeof buf);
  idl_reply_t r = idl_callv_bulk (b, tag, NULL, 0, NULL, 0, &it, 1);
  CHECK (r.tag == (IDL_TAG_ERROR
		   | (uint64_t) IDL_E_UNSUPPORTED << IDL_TAG_OP_SHIFT));
  CHECK (idl_error (b) == IDL_E_UNSUPPORTED);
  CHECK (add (b, 40, 2) == 42 && idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (pid);
}

int
main (void)
{
  alarm (60);
  try_bulk ("tcp");
  try_bulk ("udp");
  return 0;
}
