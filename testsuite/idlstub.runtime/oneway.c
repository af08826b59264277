/* { dg-do run } */
/* Area: runtime
   Purpose: one-way sends return at once and reach the server in order;
   a call after them sees their effect.  */

#include "rt-common.h"

int
main (void)
{
  const char *name = idltest_name ("oneway");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  const uint64_t *mr = rt_mr (b);
  uint64_t tag, words[8] = { 0 };

  /* One send, then a call that reads what it stored.  */
  CHECK (idl_send_r4 (b, rt_tag (RT_STORE, 1), 77, 0, 0, 0) == 0);
  CHECK (idl_error (b) == IDL_OK);
  tag = idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0);
  CHECK (tag == rt_tag (RT_LOAD, 2));
  CHECK (mr[1] == 77 && mr[2] == 1);

  /* Many sends back to back: each waits only for the server to take the
     previous one, and none is lost or reordered.  */
  for (uint64_t i = 1; i <= 5000; i++)
    CHECK (idl_send_r4 (b, rt_tag (RT_STORE, 1), i * 3, 0, 0, 0) == 0);
  tag = idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0);
  CHECK (tag == rt_tag (RT_LOAD, 2));
  CHECK (mr[1] == 5000 * 3 && mr[2] == 5001);

  /* The memory variant, and a tag without IDL_TAG_ONEWAY: the runtime
     sets it, so the server does not answer a request nobody waits for.  */
  words[0] = 0xabcdef;
  CHECK (idl_send_m (b, rt_tag (RT_STORE, 1), words) == 0);
  tag = idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0);
  CHECK (tag == rt_tag (RT_LOAD, 2));
  CHECK (mr[1] == 0xabcdef && mr[2] == 5002);

  /* A send returns before the implementation runs: the server releases
     the page before dispatching.  RT_SLEEP sleeps 300 ms.  */
  double t0 = rt_now_ms ();
  CHECK (idl_send_r4 (b, rt_tag (RT_SLEEP, 1), 300, 0, 0, 0) == 0);
  double t1 = rt_now_ms ();
  CHECK (t1 - t0 < 100);
  /* The next call waits for the sleeping implementation (dispatch is
     serialized), then succeeds.  */
  tag = idl_call_r4 (b, rt_tag (RT_ADD, 2), 5, 6, 0, 0);
  CHECK (tag == rt_tag (RT_ADD, 1) && mr[1] == 11);
  CHECK (rt_now_ms () - t0 >= 250);

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
