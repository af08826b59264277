/* { dg-do run } */
/* Area: runtime
   Purpose: bulk calls through a co-located binding (a server of this
   process, the message path): in, out and inout items reach the
   dispatcher, as the caller's own buffers, and come back, every byte
   checked; an item over its declared bound is IDL_E_BADMSG, a reply
   longer than its room IDL_E_PROTO, and the binding goes on.  */

#include "bulk-common.h"

int
main (void)
{
  int err;
  const char *name = idltest_name ("bulkcol");
  idl_server_t *srv = idl_server_create (name, &rt_iface, bk_dispatch, &err);
  CHECK (srv != NULL);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  uint8_t *buf = malloc (4 << 20);
  size_t got;

  CHECK (buf != NULL);
  for (size_t len = 0; len <= (4 << 20); len = len * 5 + 3)
    {
      bk_expect_in (b, buf, len, len);
      bk_expect_out (b, buf, len, len / 2, len + 1);
      bk_expect_inout (b, buf, len / 3, len, len + 2, len);
    }

  struct idl_bulk_item it = bk_item (buf, 0, RT_BULK_BIG + 1, IDL_BULK_OUT);
  uint64_t w[2] = { 1, 2 };
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_OUT, 2), w, 0, NULL, 0, &it,
			 1).tag == bk_err (IDL_E_BADMSG));
  CHECK (idl_error (b) == IDL_E_BADMSG);
  CHECK (bk_call_out (b, buf, 100, 101, 9, &got) == bk_err (IDL_E_PROTO));
  CHECK (idl_error (b) == IDL_E_PROTO);
  CHECK (bk_call_out (b, buf, 100, 100, 9, &got) == rt_tag (RT_BULK_OUT, 0));
  CHECK (got == 100 && bk_mismatches (buf, 100, 9) == 0);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idl_server_destroy (srv);
  free (buf);
  return 0;
}
