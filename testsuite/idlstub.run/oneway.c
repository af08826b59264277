/* { dg-do run } */
/* Area: run
   Purpose: one-way operations: a recorded value is read back by a normal
   call; many one-ways in a row all arrive, in order, before the call.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (ow, 0x1009, 1);

IDL_OP (ow, 1) IDL_ONEWAY void note (idl_binding_t *b, long v);
IDL_OP (ow, 2) long last (idl_binding_t *b);
/* Order-sensitive accumulation over a stream of one-way messages.  */
IDL_OP (ow, 3) IDL_ONEWAY void feed (idl_binding_t *b, uint32_t seq,
				     short delta);
IDL_OP (ow, 4) uint64_t digest (idl_binding_t *b, IDL_OUT uint32_t *count,
				IDL_OUT int *sum);
/* A one-way with more than four words (idl_send_m).  */
IDL_OP (ow, 5) IDL_ONEWAY void note6 (idl_binding_t *b, long a, long b_,
				      long c, long d, long e, long f);
/* A one-way with no parameters but the binding.  */
IDL_OP (ow, 6) IDL_ONEWAY void ping (idl_binding_t *b);
IDL_OP (ow, 7) long pings (idl_binding_t *b);

IDL_SERVER (ow);

static long last_value = -1;
static uint32_t count, bad_order;
static int sum;
static uint64_t hash = 0xcbf29ce484222325ULL;
static long npings;

void
note_impl (idl_call_t *call, long v)
{
  last_value = v;
}

long
last_impl (idl_call_t *call)
{
  return last_value;
}

void
feed_impl (idl_call_t *call, uint32_t seq, short delta)
{
  if (seq != count)
    bad_order++;
  count++;
  sum += delta;
  hash = (hash ^ seq ^ (uint64_t) (uint16_t) delta << 32)
	 * 0x100000001b3ULL;
}

uint64_t
digest_impl (idl_call_t *call, uint32_t *c, int *s)
{
  *c = count;
  *s = sum;
  return bad_order ? 0 : hash;
}

void
note6_impl (idl_call_t *call, long a, long b, long c, long d, long e, long f)
{
  last_value = a - b + c * 3 - d * 5 + e * 7 - f * 11;
}

void
ping_impl (idl_call_t *call)
{
  npings++;
}

long
pings_impl (idl_call_t *call)
{
  return npings;
}

int
main (void)
{
  const char *name = idltest_name ("oneway");
  pid_t srv = idltest_fork_server (name, &ow, ow_dispatch);
  idl_binding_t *b = idltest_connect (name, &ow);

  CHECK (last (b) == -1);
  note (b, 0x123456789abcdefL);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (last (b) == 0x123456789abcdefL);
  note (b, -2);
  CHECK (last (b) == -2);

  /* Many in a row: each must arrive, in order.  */
  enum { N = 5000 };
  uint64_t want = 0xcbf29ce484222325ULL;
  int want_sum = 0;
  for (uint32_t i = 0; i < N; i++)
    {
      short d = (short) (i * 40503u);
      feed (b, i, d);
      CHECK (idl_error (b) == IDL_OK);
      want = (want ^ i ^ (uint64_t) (uint16_t) d << 32) * 0x100000001b3ULL;
      want_sum += d;
    }
  uint32_t c = 0;
  int s = 0;
  CHECK (digest (b, &c, &s) == want);
  CHECK (c == N);
  CHECK (s == want_sum);

  note6 (b, 1, 2, 3, 4, 5, 6);
  CHECK (last (b) == 1 - 2 + 9 - 20 + 35 - 66);
  note6 (b, 0, 0, 0, 0, 0, -1);
  CHECK (last (b) == 11);

  for (int i = 0; i < 1000; i++)
    ping (b);
  CHECK (pings (b) == 1000);

  /* A one-way right before closing the binding.  */
  note (b, 77);
  CHECK (last (b) == 77);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
