/* { dg-do run } */
/* Area: runtime
   Purpose: round trips of 1, 4 and 20 words; reply words through the
   binding's mr pointer; idl_error; the caller's pid seen by the server.  */

#include "rt-common.h"

int
main (void)
{
  const char *name = idltest_name ("roundtrip");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  const uint64_t *mr = rt_mr (b);
  uint64_t words[IDL_MR_WORDS], tag;

  /* One word, in registers.  */
  tag = idl_call_r4 (b, rt_tag (RT_ECHO, 1), 0x1122334455667788ULL, 0, 0, 0);
  CHECK (tag == rt_tag (RT_ECHO, 1));
  CHECK (mr[1] == ~0x1122334455667788ULL);
  CHECK (idl_error (b) == IDL_OK);

  /* Four words, the most idl_call_r4 carries.  */
  tag = idl_call_r4 (b, rt_tag (RT_ECHO, 4), 1, 2, 3, UINT64_MAX);
  CHECK (tag == rt_tag (RT_ECHO, 4));
  CHECK (mr[1] == ~1ULL && mr[2] == ~2ULL && mr[3] == ~3ULL && mr[4] == 0);

  /* Twenty words, through memory.  */
  for (unsigned i = 0; i < 20; i++)
    words[i] = 0x9e3779b97f4a7c15ULL * (i + 1);
  tag = idl_call_m (b, rt_tag (RT_ECHO, 20), words);
  CHECK (tag == rt_tag (RT_ECHO, 20));
  for (unsigned i = 0; i < 20; i++)
    CHECK (mr[1 + i] == ~words[i]);

  /* The largest request and reply that fit the registers.  */
  for (unsigned i = 0; i < IDL_MR_WORDS - 1; i++)
    words[i] = i * 7 + 1;
  tag = idl_call_m (b, rt_tag (RT_ECHO, IDL_MR_WORDS - 1), words);
  CHECK (tag == rt_tag (RT_ECHO, IDL_MR_WORDS - 1));
  for (unsigned i = 0; i < IDL_MR_WORDS - 1; i++)
    CHECK (mr[1 + i] == ~words[i]);

  /* Zero words each way.  */
  tag = idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 0, 0, 0, 0);
  CHECK (tag == rt_tag (RT_SLEEP, 0));

  /* A computed reply, many times, so spinning and sleeping both occur.  */
  for (uint64_t i = 0; i < 1000; i++)
    {
      tag = idl_call_r4 (b, rt_tag (RT_ADD, 2), i, 3 * i, 0, 0);
      CHECK (tag == rt_tag (RT_ADD, 1));
      CHECK (mr[1] == 4 * i);
    }

  /* The server knows who called.  */
  tag = idl_call_r4 (b, rt_tag (RT_PEER, 0), 0, 0, 0, 0);
  CHECK (tag == rt_tag (RT_PEER, 1));
  CHECK (mr[1] == (uint64_t) getpid ());
  CHECK (idl_error (b) == IDL_OK);

  /* A second binding to the same server works alongside the first.  */
  idl_binding_t *b2 = idltest_connect (name, &rt_iface);
  tag = idl_call_r4 (b2, rt_tag (RT_ADD, 2), 40, 2, 0, 0);
  CHECK (tag == rt_tag (RT_ADD, 1) && rt_mr (b2)[1] == 42);
  tag = idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0);
  CHECK (tag == rt_tag (RT_ADD, 1) && mr[1] == 3);
  idl_close (b2);

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
