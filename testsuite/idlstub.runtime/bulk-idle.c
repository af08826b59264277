/* { dg-do run } */
/* Area: runtime
   Purpose: a connection's private bulk buffer idle for a slice
   (IDL_BULK_IDLE_NS, bulk-server.c) is given back to the server's cap
   (idl_server_set_bulk_max): with a cap that allows one large call at
   a time, a second connection's large call is refused while the
   first connection's buffer is fresh, and succeeds once it has been
   idle, the first connection still open; and the first connection's
   next large call succeeds in its turn.  */

#include "bulk-common.h"

#ifndef RT_WORKERS
#define RT_WORKERS 0
#endif

#define BIG ((size_t) 32 << 20)

/* A BIG in call on B: its reply tag, the bytes checked when it
   succeeds.  */
static uint64_t
big_call (idl_binding_t *b, uint8_t *buf, uint64_t seed)
{
  uint64_t bad = 99;
  bk_fill (buf, BIG, seed);
  uint64_t tag = bk_call_in (b, buf, BIG, seed, &bad);
  if (tag == rt_tag (RT_BULK_IN, 2))
    CHECK (bad == 0);
  return tag;
}

/* Retry B's big call every 100 ms for up to 5 s: the tag of the last
   try.  */
static uint64_t
big_call_soon (idl_binding_t *b, uint8_t *buf, uint64_t seed)
{
  uint64_t tag = 0;
  for (unsigned i = 0; i < 50; i++)
    {
      tag = big_call (b, buf, seed);
      if (tag != bk_err (IDL_E_NOMEM))
	break;
      usleep (100 * 1000);
    }
  return tag;
}

int
main (void)
{
  const char *name = idltest_name ("bulki");
  pid_t srv = rt_fork_server_setup (name, bk_dispatch, (unsigned) RT_WORKERS,
				    bk_set_cap, NULL);
  idl_binding_t *b1 = idltest_connect (name, &rt_iface);
  idl_binding_t *b2 = idltest_connect (name, &rt_iface);
  uint8_t *buf = malloc (BIG);
  CHECK (buf != NULL);

  CHECK (big_call (b1, buf, 1) == rt_tag (RT_BULK_IN, 2));
  /* B1's buffer is fresh: it holds its share of the cap.  */
  CHECK (big_call (b2, buf, 2) == bk_err (IDL_E_NOMEM));
  /* Idle for a slice, it is given back: B2's call gets the room.  */
  CHECK (big_call_soon (b2, buf, 3) == rt_tag (RT_BULK_IN, 2));
  /* And B1, still open, gets it back once B2's has been idle.  */
  CHECK (big_call_soon (b1, buf, 4) == rt_tag (RT_BULK_IN, 2));
  CHECK (idl_error (b1) == IDL_OK);

  idl_close (b1);
  idl_close (b2);
  free (buf);
  rt_stop_server (srv);
  return 0;
}
