/* { dg-do run } */
/* Area: runtime
   Purpose: a plain request (no bulk announcement) for a bulk
   operation's tag reaches the dispatcher with the bulk item slots
   (MSG[IDL_MSG_BULK + 2 I]) empty, not holding the pointers and lengths
   of the connection's last bulk request: a hostile client could
   otherwise have the dispatcher read a buffer of an earlier call again,
   or one the server has since unmapped.  */

#include "bulk-common.h"

int
main (void)
{
  const char *name = idltest_name ("bulk-plain");
  pid_t srv = rt_fork_server (name, bk_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  static uint8_t buf[100000];

  for (int round = 0; round < 3; round++)
    {
      bk_expect_in (b, buf, sizeof buf, 7 + round);
      /* The same operation as a plain request: the dispatcher's item 0
	 is empty (bk_dispatch replies with its length).  */
      CHECK (idl_call_r4 (b, rt_tag (RT_BULK_IN, 1), 7 + round, 0, 0, 0)
	     == rt_tag (RT_BULK_IN, 2));
      CHECK (rt_mr (b)[1] == 0);
      /* And an out item's room is 0: nothing written anywhere.  */
      CHECK (idl_call_r4 (b, rt_tag (RT_BULK_OUT, 2), 1000, 1, 0, 0)
	     == rt_tag (RT_BULK_OUT, 0));
    }

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
