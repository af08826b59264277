/* { dg-do run } */
/* Area: runtime
   Purpose: a one-off timeout (idl_set_next_timeout) given for a
   connection's first bulk call applies to that call, not to the setup
   request the runtime makes before it (bulk.c): the call gives up at
   its deadline while the implementation still waits, and the binding's
   next call throws the late reply away.  */

#define _GNU_SOURCE 1
#include <pthread.h>
#include "bulk-common.h"

static int started[2], go[2];

/* Let the implementation go after 3 s whatever happens: with the
   one-off timeout spent elsewhere, the call would wait that long and
   succeed, and the test fail instead of hanging.  */
static void *
release (void *arg)
{
  (void) arg;
  sleep (3);
  CHECK (write (go[1], "g", 1) == 1);
  return NULL;
}

int
main (void)
{
  const char *name = idltest_name ("bulkt");
  pid_t srv = rt_fork_server (name, bk_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  static uint8_t buf[8192];
  pthread_t th;
  char ch;

  CHECK (pipe (started) == 0 && pipe (go) == 0);
  CHECK (pthread_create (&th, NULL, release, NULL) == 0);
  bk_fill (buf, sizeof buf, 3);
  struct idl_bulk_item it = bk_item (buf, sizeof buf, sizeof buf,
				     IDL_BULK_IN);
  int fds[2] = { started[1], go[0] };
  idl_set_next_timeout (b, 200 * 1000);
  double t0 = rt_now_ms ();
  idl_reply_t r = idl_callv_bulk (b, rt_tag (RT_BULK_HOLD, 0), NULL, 0, fds,
				  2, &it, 1);
  double took = rt_now_ms () - t0;
  CHECK (r.tag == bk_err (IDL_E_TIMEOUT));
  CHECK (took < 2000);
  CHECK (read (started[0], &ch, 1) == 1);
  CHECK (pthread_join (th, NULL) == 0);

  /* The one-off is spent: the next call has the default (none), and
     the late reply is thrown away.  */
  uint64_t bad = 1;
  CHECK (bk_call_in (b, buf, sizeof buf, 3, &bad) == rt_tag (RT_BULK_IN, 2));
  CHECK (bad == 0);
  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
