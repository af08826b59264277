/* { dg-do run } */
/* Area: run
   Purpose: an interface numbered 1-6 and 9 gets a dispatch table of 16
   slots indexed by the operation number masked with 15 (paper 000,
   4.4.2; dispatcher.cc, emit_dispatcher).  Every operation reaches its own
   implementation; a number whose slot is empty is rejected; so is a
   number that only aliases an operation's slot (17 is 1 masked, 65529
   is 9), by that stub's check of the whole tag, without calling any
   implementation; and the binding stays usable after each.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (tbl, 0x100b, 1);

IDL_OP (tbl, 9) long t9 (idl_binding_t *b, long x);
IDL_OP (tbl, 1) long t1 (idl_binding_t *b, long x);
IDL_OP (tbl, 2) long t2 (idl_binding_t *b, long x);
IDL_OP (tbl, 3) long t3 (idl_binding_t *b, long x);
IDL_OP (tbl, 4) long t4 (idl_binding_t *b, long x);
IDL_OP (tbl, 5) long t5 (idl_binding_t *b, long x);
IDL_OP (tbl, 6) long t6 (idl_binding_t *b, long x);

IDL_SERVER (tbl);

/* Calls of every implementation but t3's, which adds their number to
   its result.  */
static long calls;

long t9_impl (idl_call_t *c, long x) { calls++; return x + 9; }
long t1_impl (idl_call_t *c, long x) { calls++; return x + 1; }
long t2_impl (idl_call_t *c, long x) { calls++; return x + 2; }
long t3_impl (idl_call_t *c, long x) { return x + 3 + calls; }
long t4_impl (idl_call_t *c, long x) { calls++; return x + 4; }
long t5_impl (idl_call_t *c, long x) { calls++; return x + 5; }
long t6_impl (idl_call_t *c, long x) { calls++; return x + 6; }

int
main (void)
{
  const char *name = idltest_name ("dispatch-table");
  pid_t srv = idltest_fork_server (name, &tbl, tbl_dispatch);
  idl_binding_t *b = idltest_connect (name, &tbl);

  long n = 0;
  for (long x = -5; x < 50; x += 3, n += 6)
    {
      CHECK (t3 (b, x) == x + 3 + n);
      CHECK (t1 (b, x) == x + 1);
      CHECK (t2 (b, x) == x + 2);
      CHECK (t4 (b, x) == x + 4);
      CHECK (t5 (b, x) == x + 5);
      CHECK (t6 (b, x) == x + 6);
      CHECK (t9 (b, x) == x + 9);
      CHECK (idl_error (b) == IDL_OK);
    }

  /* Empty slots (0, 7, 8, 10-15), numbers that mask to them, and
     numbers that mask to an operation's slot.  One word, as operations
     1-6 and 9 take.  */
  static const unsigned bad[] = { 0, 7, 8, 10, 15, 16, 23, 31, 65535,
				  17, 18, 22, 25, 4097, 65529 };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      idltest_expect_badmsg (b, 0x100b, bad[i], 1);
      CHECK (t1 (b, 41) == 42);
      CHECK (idl_error (b) == IDL_OK);
      n++;
    }
  /* Only the t1 calls above ran.  */
  CHECK (t3 (b, 0) == 3 + n);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
