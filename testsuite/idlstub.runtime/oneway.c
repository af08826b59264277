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

  /* A send returns before the implementation runs, and the server
     releases the page before dispatching.  By events, not by a time
     (a send measured under 100 ms can be late on a loaded machine):
     the implementation of RT_FD_READ blocks reading a pipe until the
     test writes to it, so a send that waited for it, or a second send
     that waited for a page the server kept while dispatching, would
     never return (the watchdog fails the test).  */
  int gate[2];
  uint64_t w0[1] = { 0 };
  CHECK (pipe (gate) == 0);
  CHECK (idl_send_x (b, rt_tag (RT_FD_READ, 1), w0, 0, &gate[0], 1) == 0);
  CHECK (idl_send_r4 (b, rt_tag (RT_STORE, 1), 77, 0, 0, 0) == 0);
  CHECK (write (gate[1], "*", 1) == 1);
  tag = idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0);
  CHECK (tag == rt_tag (RT_LOAD, 2));
  CHECK (mr[1] == 77 && mr[2] == 5003);
  close (gate[0]);
  close (gate[1]);

  /* The next call waits for an implementation still running (dispatch
     is serialized): RT_SLEEP sleeps 300 ms.  */
  double t0 = rt_now_ms ();
  CHECK (idl_send_r4 (b, rt_tag (RT_SLEEP, 1), 300, 0, 0, 0) == 0);
  tag = idl_call_r4 (b, rt_tag (RT_ADD, 2), 5, 6, 0, 0);
  CHECK (tag == rt_tag (RT_ADD, 1) && mr[1] == 11);
  CHECK (rt_now_ms () - t0 >= 250);

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
