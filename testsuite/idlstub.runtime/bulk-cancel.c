/* { dg-do run } */
/* Area: runtime
   Purpose: a bulk call whose own deadline passes costs that call only:
   the binding's next call works, every byte checked (issue 20).  With a
   thread per connection, workers or a poll loop alike, the items
   stream through the ring (ring.h) and the client cancels the request it gives up: given up mid-stream (the
   server stopped, SIGSTOP, while the client has filled the ring's
   slots and waits for more room), the implementation never runs; given
   up while the implementation runs, its out data is never sent.
   Before the cancel, the server waited 2 s for the client, dropped the
   connection and the next call failed with IDL_E_PEER_DIED.
   w1-bulk-cancel.c and w2-bulk-cancel.c run the same against workers,
   which once kept the sequential path (there the implementation ran
   for the late request and the next call threw its reply away).  */

#define _GNU_SOURCE 1
#include <poll.h>
#include <signal.h>
#include "bulk-common.h"
#include "internal.h"
#include "ring.h"

static int started[2], go[2];

/* Whether the implementation has written its byte to STARTED; once
   it has, take the byte.  */
static int
impl_ran (void)
{
  struct pollfd p = { started[0], POLLIN, 0 };
  int n = poll (&p, 1, 0);
  CHECK (n >= 0);
  if (n == 0)
    return 0;
  char ch;
  CHECK (read (started[0], &ch, 1) == 1);
  return 1;
}

/* Wait until every thread of process PID is stopped (SIGSTOP is
   delivered to each when it next runs).  */
static void
wait_stopped (pid_t pid)
{
  char path[64];
  double t0 = rt_now_ms ();
  snprintf (path, sizeof path, "/proc/%ld/task", (long) pid);
  for (;;)
    {
      DIR *d = opendir (path);
      struct dirent *e;
      int running = 0;
      CHECK (d != NULL);
      while ((e = readdir (d)) != NULL)
	{
	  char stat[300], buf[512];
	  if (e->d_name[0] == '.')
	    continue;
	  snprintf (stat, sizeof stat, "%s/%s/stat", path, e->d_name);
	  FILE *f = fopen (stat, "r");
	  if (!f)
	    continue;		/* a thread that just ended */
	  size_t n = fread (buf, 1, sizeof buf - 1, f);
	  fclose (f);
	  buf[n] = 0;
	  /* "pid (comm) S ...": the state follows the last ')'.  */
	  char *p = strrchr (buf, ')');
	  if (p && p[1] == ' ' && p[2] != 'T' && p[2] != 't')
	    running = 1;
	}
      closedir (d);
      if (!running)
	return;
      CHECK (rt_now_ms () - t0 < 5000);
      rt_sleep_ms (1);
    }
}

/* Let the implementation that waits on GO go on, once it has started.  */
static void
release (void)
{
  char ch;
  CHECK (read (started[0], &ch, 1) == 1);
  CHECK (write (go[1], "g", 1) == 1);
}

/* The binding's next calls after one it gave up: in, out, inout, every
   byte checked, without a deadline of their own (a dropped connection
   would fail them, not make them slow).  */
static void
next_calls_ok (idl_binding_t *b, uint8_t *buf, uint64_t seed)
{
  bk_expect_in (b, buf, RT_BULK_HOLD_MAX, seed);
  memset (buf, 0, RT_BULK_HOLD_MAX);
  bk_expect_out (b, buf, RT_BULK_HOLD_MAX, RT_BULK_HOLD_MAX - 3, seed + 1);
  bk_expect_inout (b, buf, 4096, 1 << 20, seed + 2, 1 << 20);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), seed, 5, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (rt_mr (b)[1] == seed + 5);
}

int
main (void)
{
  const char *name = idltest_name ("bulkc");
  pid_t srv = rt_fork_server (name, bk_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  uint8_t *buf = malloc (RT_BULK_HOLD_MAX);

  CHECK (buf != NULL);
  CHECK (pipe (started) == 0 && pipe (go) == 0);
  /* The connection's ring is set up by a first call.  */
  next_calls_ok (b, buf, 1);
  CHECK (b->bulk->ring_ok > 0);

  for (unsigned round = 0; round < 3; round++)
    {
      /* Given up mid-stream: the server is stopped, so the client fills
	 the ring's slots (16 MiB is 16 chunks of 1 MiB), waits for room
	 and its deadline passes.  */
      struct idl_bulk_item it = bk_item (buf, RT_BULK_HOLD_MAX,
					 RT_BULK_HOLD_MAX, IDL_BULK_IN);
      int fds[2] = { started[1], go[0] };
      bk_fill (buf, RT_BULK_HOLD_MAX, 10 + round);
      CHECK (kill (srv, SIGSTOP) == 0);
      wait_stopped (srv);
      idl_set_next_timeout (b, 200 * 1000);
      idl_reply_t r = idl_callv_bulk (b, rt_tag (RT_BULK_HOLD, 0), NULL, 0,
				      fds, 2, &it, 1);
      CHECK (r.tag == bk_err (IDL_E_TIMEOUT));
      CHECK (idl_error (b) == IDL_E_TIMEOUT);
      /* Mid-stream indeed: the client filled every slot.  */
      CHECK (__atomic_load_n (&b->bulk->ring->in_filled, __ATOMIC_RELAXED)
	     == IDL_RING_SLOTS);
      CHECK (kill (srv, SIGCONT) == 0);
      next_calls_ok (b, buf, 20 + round);
      /* The implementation never ran: the next calls were answered
	 after the server had answered the cancelled one.  */
      CHECK (!impl_ran ());

      /* Given up while the implementation runs: its out data is
	 thrown away.  */
      it = bk_item (buf, 0, RT_BULK_HOLD_MAX, IDL_BULK_OUT);
      uint64_t w[2] = { RT_BULK_HOLD_MAX, 30 + round };
      memset (buf, 0x11, RT_BULK_HOLD_MAX);
      idl_set_next_timeout (b, 200 * 1000);
      r = idl_callv_bulk (b, rt_tag (RT_BULK_HOLD_OUT, 2), w, 0, fds, 2,
			  &it, 1);
      CHECK (r.tag == bk_err (IDL_E_TIMEOUT));
      /* Nothing of it reached the caller's buffer.  */
      CHECK (buf[0] == 0x11 && buf[RT_BULK_HOLD_MAX - 1] == 0x11);
      release ();
      next_calls_ok (b, buf, 40 + round);
    }

  /* The binding's timeout, not a one-off, and the same connection all
     along.  */
  idl_set_timeout (b, 200 * 1000);
  struct idl_bulk_item it = bk_item (buf, 0, RT_BULK_HOLD_MAX, IDL_BULK_OUT);
  uint64_t w[2] = { 4096, 50 };
  int fds[2] = { started[1], go[0] };
  idl_reply_t r = idl_callv_bulk (b, rt_tag (RT_BULK_HOLD_OUT, 2), w, 0, fds,
				  2, &it, 1);
  CHECK (r.tag == bk_err (IDL_E_TIMEOUT));
  release ();
  idl_set_timeout (b, 10 * 1000 * 1000);
  next_calls_ok (b, buf, 60);
  idl_close (b);
  rt_stop_server (srv);
  free (buf);
  return 0;
}
