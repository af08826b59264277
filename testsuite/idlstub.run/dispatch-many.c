/* { dg-do run } */
/* Area: run
   Purpose: an interface with many operations, numbered with gaps up to
   65535: every request reaches its own implementation through the
   dispatcher (a switch, since a table would need 65536 slots;
   dispatch-table.c has the table); unknown numbers are rejected.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (many, 0x100a, 4);

/* Declared out of numeric order on purpose.  */
IDL_OP (many, 9) long op9 (idl_binding_t *b, long x);
IDL_OP (many, 1) long op1 (idl_binding_t *b, long x);
IDL_OP (many, 2) long op2 (idl_binding_t *b, long x);
IDL_OP (many, 3) short op3 (idl_binding_t *b, short x, short y);
IDL_OP (many, 5) void op5 (idl_binding_t *b, IDL_OUT long *o);
IDL_OP (many, 6) long op6 (idl_binding_t *b, long x);
IDL_OP (many, 7) long op7 (idl_binding_t *b, long x);
IDL_OP (many, 8) unsigned char op8 (idl_binding_t *b, unsigned char x);
IDL_OP (many, 10) long op10 (idl_binding_t *b, long x);
IDL_OP (many, 12) long op12 (idl_binding_t *b, long x);
IDL_OP (many, 300) long op300 (idl_binding_t *b, long x);
IDL_OP (many, 65535) long op65535 (idl_binding_t *b, long x);
IDL_OP (many, 4) IDL_ONEWAY void op4 (idl_binding_t *b, long x);
IDL_OP (many, 11) long op11 (idl_binding_t *b);

IDL_SERVER (many);

static long stash;

long op9_impl (idl_call_t *c, long x) { return x * 9 + 9; }
long op1_impl (idl_call_t *c, long x) { return x + 1; }
long op2_impl (idl_call_t *c, long x) { return x * 2; }
short op3_impl (idl_call_t *c, short x, short y) { return (short) (x - y); }
void op5_impl (idl_call_t *c, long *o) { *o = 5555; }
long op6_impl (idl_call_t *c, long x) { return x ^ 6; }
long op7_impl (idl_call_t *c, long x) { return -x - 7; }
unsigned char op8_impl (idl_call_t *c, unsigned char x) { return (unsigned char) ~x; }
long op10_impl (idl_call_t *c, long x) { return x * 10 + 10; }
long op12_impl (idl_call_t *c, long x) { return x << 12; }
long op300_impl (idl_call_t *c, long x) { return x + 300; }
long op65535_impl (idl_call_t *c, long x) { return x - 65535; }
void op4_impl (idl_call_t *c, long x) { stash = x * 4; }
long op11_impl (idl_call_t *c) { return stash; }

int
main (void)
{
  const char *name = idltest_name ("dispatch");
  pid_t srv = idltest_fork_server (name, &many, many_dispatch);
  idl_binding_t *b = idltest_connect (name, &many);

  for (long x = -3; x < 300; x += 7)
    {
      long o = 0;
      CHECK (op1 (b, x) == x + 1);
      CHECK (op2 (b, x) == x * 2);
      CHECK (op3 (b, (short) x, 1000) == (short) (x - 1000));
      op4 (b, x);
      op5 (b, &o);
      CHECK (o == 5555);
      CHECK (op6 (b, x) == (x ^ 6));
      CHECK (op7 (b, x) == -x - 7);
      CHECK (op8 (b, (unsigned char) x) == (unsigned char) ~x);
      CHECK (op9 (b, x) == x * 9 + 9);
      CHECK (op10 (b, x) == x * 10 + 10);
      CHECK (op11 (b) == x * 4);
      CHECK (op12 (b, x) == x << 12);
      CHECK (op300 (b, x) == x + 300);
      CHECK (op65535 (b, x) == x - 65535);
      CHECK (idl_error (b) == IDL_OK);
    }

  /* In reverse order, so no state of the previous call helps.  */
  CHECK (op65535 (b, 65535) == 0);
  CHECK (op300 (b, -300) == 0);
  CHECK (op12 (b, 1) == 4096);
  CHECK (op10 (b, -1) == 0);
  CHECK (op9 (b, -1) == 0);
  CHECK (op8 (b, 0x80) == 0x7f);
  CHECK (op7 (b, -7) == 0);
  CHECK (op6 (b, 6) == 0);
  CHECK (op3 (b, -32768, 1) == 32767);
  CHECK (op2 (b, 0x4000000000000000L) == (long) 0x8000000000000000UL);
  CHECK (op1 (b, -1) == 0);

  /* Requests for numbers in the gaps and past the largest, sent through
     the stub ABI by hand: the dispatcher rejects them, and the binding
     stays usable.  */
  static const unsigned gaps[] = { 0, 13, 14, 299, 301, 1000, 65534 };
  for (unsigned i = 0; i < sizeof gaps / sizeof gaps[0]; i++)
    {
      idltest_expect_badmsg (b, 0x100a, gaps[i], 1);
      CHECK (op1 (b, 41) == 42);
      CHECK (idl_error (b) == IDL_OK);
    }
  /* A known operation with the wrong word count is rejected too.  */
  {
    idltest_expect_badmsg (b, 0x100a, 1, 2);
    CHECK (op1 (b, 1) == 2);
  }

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
