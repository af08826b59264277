/* { dg-do run } */
/* Area: runtime
   Purpose: a 256 MiB bulk item each way (in, out, inout, the inout
   one coming back shorter and then full) across processes, every byte
   checked, against a server at its default cap (IDL_DEFAULT_BULK_MAX,
   256 MiB: each call fits, one connection's buffer reused), through
   the connection's ring (ring.h); and the same through a co-located
   binding.  w1-once-bulk-big.c and wl-once-bulk-big.c run it against a
   worker and a poll loop, which stream through the ring too.  Slow at
   -O0 (the checks read every byte), so it runs in one option set.  */

#include "bulk-common.h"
#include "internal.h"

static void
big_calls (idl_binding_t *b, uint8_t *buf, size_t len)
{
  bk_expect_in (b, buf, len, 1);
  memset (buf, 0, len);
  bk_expect_out (b, buf, len, len, 2);
  bk_expect_inout (b, buf, len, len, 3, len - 4097);
  bk_expect_inout (b, buf, len, len, 5, len);
}

int
main (void)
{
  const char *name = idltest_name ("bulkbig");
  pid_t srv = rt_fork_server (name, bk_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  uint8_t *buf = malloc (RT_BULK_BIG);

  CHECK (buf != NULL);
  big_calls (b, buf, RT_BULK_BIG);
  CHECK (b->bulk->ring_ok > 0);
  idl_close (b);
  rt_stop_server (srv);

  /* Co-located: the dispatcher works on the caller's buffer.  */
  int err;
  const char *lname = idltest_name ("bulkbigl");
  idl_server_t *ls = idl_server_create (lname, &rt_iface, bk_dispatch, &err);
  CHECK (ls != NULL);
  b = idltest_connect (lname, &rt_iface);
  big_calls (b, buf, RT_BULK_BIG);
  idl_close (b);
  idl_server_destroy (ls);
  free (buf);
  return 0;
}
