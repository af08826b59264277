/* { dg-do run } */
/* Area: runtime
   Purpose: a client that dies while its bulk request streams through
   the ring, with descriptors sent along, leaves nothing in the server:
   the request's descriptors are closed when its connection ends, and
   the server serves on.  A thread of the connection's own sees the
   hang-up in its ring wait and answers (closing them with its reply);
   a worker or a program's loop (w1-bulk-hangup.c, wl-bulk-hangup.c)
   keeps the request between its looks (C->bulk_call) and ends the
   connection at the hang-up, where the request's descriptors were once
   left open for good (runtime/server.c, abandon_bulk; found by the
   bulk fuzzer's worker mode, fuzz/harness-bulk.c).  */

#define _GNU_SOURCE 1
#include <sys/wait.h>
#include "bulk-common.h"
#include "idlhostile.h"
#include "internal.h"
#include "ring.h"

/* A client process: connects to NAME, sets its ring up with an honest
   call, posts a bulk request of 1 MiB in with two descriptors, fills
   none of it, and exits once server SRV holds the descriptors.  */
static void
die_mid_stream (const char *name, pid_t srv)
{
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      static uint8_t buf[4096];
      idl_binding_t *b = idltest_connect (name, &rt_iface);
      bk_expect_in (b, buf, sizeof buf, 1);
      CHECK (b->bulk->ring_ok > 0);
      int held = hostile_fd_count (srv);
      struct idl_page *pg = b->page;
      struct idl_page_bulk *pb = &pg->bulk;
      struct idl_ring *r = b->bulk->ring;
      uint32_t seq = b->seq + 1;
      int p[2];

      CHECK (pipe (p) == 0);
      /* As the runtime posts a call on the ring (bulk.c), but the
	 bytes never come.  */
      r->in_filled = r->in_drained = r->out_ready = 0;
      r->out_filled = r->out_drained = 0;
      pb->flags = 0;
      pb->n = 1;
      pb->item[0].dir = IDL_BULK_IN;
      pb->item[0].len = pb->item[0].max = 1 << 20;
      uint64_t w[1] = { 1 };
      hostile_put_words (b, w, 1);
      CHECK (hostile_send_fdmsg (b->sock, seq, p, 2) > 0);
      hostile_raw_post (b, rt_tag (RT_BULK_IN, 1) | IDL_PAGE_TAG_BULK, seq, 0,
			2);
      /* The server has taken them (and waits for the bytes): die.  */
      double t0 = rt_now_ms ();
      while (hostile_fd_count (srv) < held + 2)
	{
	  CHECK (rt_now_ms () - t0 < 5000);
	  usleep (1000);
	}
      CHECK (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE)
	     == IDL_PAGE_REQUEST);
      _exit (0);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
}

int
main (void)
{
  const char *name = idltest_name ("bulkhup");
  pid_t srv = rt_fork_server (name, bk_dispatch);
  static uint8_t buf[1 << 16];

  /* The server as it is with no client: the descriptors it keeps.  */
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  bk_expect_in (b, buf, sizeof buf, 2);
  idl_close (b);
  rt_sleep_ms (100);
  int fd_base = hostile_fd_count (srv);
  int threads = hostile_thread_count (srv);

  for (unsigned i = 0; i < 3; i++)
    {
      die_mid_stream (name, srv);
      /* Nothing of that client left: no descriptor (its request's two
	 among them), no thread.  */
      CHECK (hostile_await_settled (srv, fd_base, threads, 5000));
    }

  /* And the server serves on.  */
  b = idltest_connect (name, &rt_iface);
  bk_expect_in (b, buf, sizeof buf, 3);
  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
