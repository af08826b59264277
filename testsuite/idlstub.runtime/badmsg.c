/* { dg-do run } */
/* Area: runtime
   Purpose: malformed requests get IDL_E_BADMSG, malformed replies
   IDL_E_PROTO, and the connection keeps working after each.  */

#include "rt-common.h"

static idl_binding_t *b;

/* A good call succeeds and resets idl_error to IDL_OK.  */
static void
check_still_works (void)
{
  rt_expect_alive (b);
}

static uint64_t
err_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

int
main (void)
{
  const char *name = idltest_name ("badmsg");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  uint64_t words[IDL_TAG_COUNT_MASK + 1];

  b = idltest_connect (name, &rt_iface);
  for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++)
    words[i] = i;
  check_still_works ();

  /* More words than the registers hold: the runtime sends what fits,
     the server rejects the count.  */
  CHECK (idl_call_m (b, rt_tag (RT_ECHO, IDL_MR_WORDS), words)
	 == err_tag (IDL_E_BADMSG));
  CHECK (idl_error (b) == IDL_E_BADMSG);
  check_still_works ();
  CHECK (idl_call_m (b, rt_tag (RT_ECHO, IDL_TAG_COUNT_MASK), words)
	 == err_tag (IDL_E_BADMSG));
  CHECK (idl_error (b) == IDL_E_BADMSG);
  check_still_works ();

  /* Another interface's id.  */
  CHECK (idl_call_r4 (b, rt_tag_iface (RT_IFACE_ID + 1, RT_ECHO, 1), 1, 0, 0,
		      0) == err_tag (IDL_E_BADMSG));
  CHECK (idl_error (b) == IDL_E_BADMSG);
  check_still_works ();
  CHECK (idl_call_r4 (b, rt_tag_iface (0, RT_ECHO, 1), 1, 0, 0, 0)
	 == err_tag (IDL_E_BADMSG));
  check_still_works ();

  /* IDL_TAG_ERROR is never set in a request.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_ECHO, 1) | IDL_TAG_ERROR, 1, 0, 0, 0)
	 == err_tag (IDL_E_BADMSG));
  check_still_works ();

  /* An operation the dispatcher does not know: its own error reply.  */
  CHECK (idl_call_r4 (b, rt_tag (999, 0), 0, 0, 0, 0)
	 == err_tag (IDL_E_BADMSG));
  CHECK (idl_error (b) == IDL_E_BADMSG);
  check_still_works ();

  /* A dispatcher's error code reaches the client as it is...  */
  CHECK (idl_call_r4 (b, rt_tag (RT_FAIL, 1), IDL_E_NOMEM, 0, 0, 0)
	 == err_tag (IDL_E_NOMEM));
  CHECK (idl_error (b) == IDL_E_NOMEM);
  check_still_works ();
  /* Even IDL_E_PEER_DIED: the server that says so is alive, and the
     binding goes on.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_FAIL, 1), IDL_E_PEER_DIED, 0, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  check_still_works ();
  /* ...unless it is not a code at all, which makes the reply malformed.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_FAIL, 1), 999, 0, 0, 0)
	 == err_tag (IDL_E_PROTO));
  CHECK (idl_error (b) == IDL_E_PROTO);
  check_still_works ();

  /* A reply with more words than the registers hold.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_BIG_REPLY, 0), 0, 0, 0, 0)
	 == err_tag (IDL_E_PROTO));
  CHECK (idl_error (b) == IDL_E_PROTO);
  check_still_works ();

  /* A call to what the dispatcher treats as one-way: the client is
     answered, not left waiting.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_ONEWAY_REPLY, 0), 0, 0, 0, 0)
	 == err_tag (IDL_E_BADMSG));
  check_still_works ();

  /* A call whose tag says one-way: the server releases the page without
     a reply, which the client reports as a protocol error, at once.  A
     client that kept waiting for the reply would never return (this
     binding has no deadline), which the watchdog fails; the bound on
     the time is wide, 2 s, for a loaded machine.  */
  double t0 = rt_now_ms ();
  CHECK (idl_call_r4 (b, rt_tag (RT_STORE, 1) | IDL_TAG_ONEWAY, 5, 0, 0, 0)
	 == err_tag (IDL_E_PROTO));
  CHECK (rt_now_ms () - t0 < 2000);
  check_still_works ();

  /* Malformed one-way sends get no reply (nobody waits) and do not
     disturb the next call.  */
  CHECK (idl_send_r4 (b, rt_tag_iface (7, RT_STORE, 1), 1, 0, 0, 0) == 0);
  CHECK (idl_send_m (b, rt_tag (RT_STORE, IDL_MR_WORDS), words) == 0);
  check_still_works ();

  /* idl_stub_failed: a reply the stub did not expect is a protocol
     error; an error tag keeps the code the runtime recorded.  */
  idl_stub_failed (b, rt_tag (RT_ECHO, 3));
  CHECK (idl_error (b) == IDL_E_PROTO);
  check_still_works ();
  uint64_t tag = idl_call_r4 (b, rt_tag (999, 0), 0, 0, 0, 0);
  CHECK (idl_error (b) == IDL_E_BADMSG);
  idl_stub_failed (b, tag);
  CHECK (idl_error (b) == IDL_E_BADMSG);
  check_still_works ();
  idl_stub_failed (b, err_tag (IDL_E_TIMEOUT));
  CHECK (idl_error (b) == IDL_E_TIMEOUT);

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
