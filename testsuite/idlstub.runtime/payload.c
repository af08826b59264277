/* { dg-do run } */
/* Area: runtime
   Purpose: a request's payload reaches the dispatcher and the reply's
   comes back (sizes 0, 1, 4095 and 65536 and more); a payload over
   IDL_PAYLOAD_MAX is refused before anything is sent; one-way sends
   carry payloads; dispatcher bugs in the reply's payload or
   descriptor list become IDL_E_PROTO; idl_stub_error records its
   code.  */

#include "rt-common.h"

static uint64_t
err_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint8_t
rng_byte (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint8_t) (rng_state >> 24);
}

/* Send LEN random bytes with RT_XFORM and check the transformed reply
   byte by byte.  */
static void
xform (idl_binding_t *b, size_t len)
{
  static uint8_t sent[IDL_PAYLOAD_MAX];
  uint8_t *p = idl_request_payload (b);

  CHECK (p != NULL);
  CHECK (p == rt_payload (b));
  for (size_t i = 0; i < len; i++)
    p[i] = sent[i] = rng_byte ();
  uint64_t tag = idl_call_x (b, rt_tag (RT_XFORM, 0), NULL, len, NULL, 0);
  CHECK (tag == rt_tag (RT_XFORM, 2));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (rt_mr (b)[1] == len);	/* the length the server saw */
  CHECK (rt_mr (b)[2] == 0);	/* and no descriptors */
  const uint8_t *r = rt_payload (b);
  for (size_t i = 0; i < len; i++)
    CHECK (r[i] == (sent[len - 1 - i] ^ 0xa5));
}

int
main (void)
{
  const char *name = idltest_name ("payload");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  static const size_t sizes[] = { 0, 1, 4095, 65536, 2, 4096, 4097, 100,
				  65535, 0, 65536 };

  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    xform (b, sizes[i]);
  /* Payload calls between register calls: a register call sends no
     payload, whatever the page's payload area still holds.  */
  for (unsigned i = 0; i < 200; i++)
    {
      xform (b, (i * 331) % (IDL_PAYLOAD_MAX + 1));
      rt_expect_alive (b);
    }

  /* Too long: IDL_E_INVAL, and nothing reached the server (its store
     count does not move).  */
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	 == rt_tag (RT_LOAD, 2));
  uint64_t stores = rt_mr (b)[2];
  CHECK (idl_request_payload (b) != NULL);
  CHECK (idl_call_x (b, rt_tag (RT_XFORM, 0), NULL, IDL_PAYLOAD_MAX + 1,
		     NULL, 0) == err_tag (IDL_E_INVAL));
  CHECK (idl_error (b) == IDL_E_INVAL);
  CHECK (idl_call_x (b, rt_tag (RT_XFORM, 0), NULL, (uint64_t) 1 << 32,
		     NULL, 0) == err_tag (IDL_E_INVAL));
  CHECK (idl_send_x (b, rt_tag (RT_STORE_X, 0), NULL, IDL_PAYLOAD_MAX + 1,
		     NULL, 0) == err_tag (IDL_E_INVAL));
  CHECK (idl_error (b) == IDL_E_INVAL);
  CHECK (idl_send_x (b, rt_tag (RT_STORE_X, 0), NULL, 0, NULL,
		     IDL_MAX_FDS + 1) == err_tag (IDL_E_INVAL));
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	 == rt_tag (RT_LOAD, 2));
  CHECK (rt_mr (b)[2] == stores);
  xform (b, 65536);

  /* One-way sends with a payload; the server's sum proves it read the
     bytes the send carried, not whatever came later.  */
  for (unsigned k = 0; k < 50; k++)
    {
      size_t len = (k * 977) % (IDL_PAYLOAD_MAX + 1);
      uint64_t sum = 0;
      uint8_t *p = idl_request_payload (b);
      CHECK (p != NULL);
      for (size_t i = 0; i < len; i++)
	sum += p[i] = rng_byte ();
      CHECK (idl_send_x (b, rt_tag (RT_STORE_X, 0), NULL, len, NULL, 0) == 0);
      CHECK (idl_error (b) == IDL_OK);
      /* The next request's payload goes where the send's was: the page
	 is only handed out once the server has its copy.  */
      p = idl_request_payload (b);
      CHECK (p != NULL);
      for (size_t i = 0; i < 4096; i++)
	p[i] = 0xff;
      CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	     == rt_tag (RT_LOAD, 2));
      CHECK (rt_mr (b)[1] == sum);
      CHECK (rt_mr (b)[2] == ++stores);
    }

  /* Dispatcher bugs: the runtime answers IDL_E_PROTO, sends no
     descriptor and does not leak the ones it was given.  */
  int base = rt_fd_count (srv), mine = rt_fd_count (0);
  for (unsigned i = 0; i < 100; i++)
    {
      CHECK (idl_call_r4 (b, rt_tag (RT_BAD_REPLY, 1), RT_BAD_LEN, 0, 0, 0)
	     == err_tag (IDL_E_PROTO));
      CHECK (idl_error (b) == IDL_E_PROTO);
      CHECK (idl_call_r4 (b, rt_tag (RT_BAD_REPLY, 1), RT_BAD_NFDS, 0, 0, 0)
	     == err_tag (IDL_E_PROTO));
      CHECK (idl_call_r4 (b, rt_tag (RT_BAD_REPLY, 1), RT_BAD_FD, 0, 0, 0)
	     == err_tag (IDL_E_PROTO));
      rt_expect_alive (b);
    }
  CHECK (rt_fd_count (srv) == base);
  CHECK (rt_fd_count (0) == mine);

  /* idl_stub_error: what a stub records when it refuses a call.  */
  idl_stub_error (b, IDL_E_BOUNDS);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (strcmp (idl_strerror (IDL_E_BOUNDS), idl_strerror (IDL_E_INVAL))
	 != 0);
  rt_expect_alive (b);
  idl_stub_error (b, IDL_E_INVAL);
  CHECK (idl_error (b) == IDL_E_INVAL);
  /* A dispatcher may answer IDL_E_BOUNDS too: a code the client
     knows.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_FAIL, 1), IDL_E_BOUNDS, 0, 0, 0)
	 == err_tag (IDL_E_BOUNDS));
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (idl_call_r4 (b, rt_tag (RT_FAIL, 1), IDL_E_BOUNDS + 1, 0, 0, 0)
	 == err_tag (IDL_E_PROTO));
  rt_expect_alive (b);

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
