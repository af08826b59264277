/* { dg-do run } */
/* Area: runtime
   Purpose: co-location.  A binding to a server this process created
   calls its dispatcher directly (no socket, no idl_server_run needed)
   with the semantics of a remote call: words, one-way requests,
   payloads, descriptor ownership both ways, error replies, the
   caller's credentials, serialization with a thread per connection
   and concurrency with workers; a stopped or destroyed server fails
   the calls; IDL_COLOCATE=0 and a forked child cross the socket
   instead.  */

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include "rt-common.h"

static uint64_t
err_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

static void
add_ok (idl_binding_t *b, uint64_t x, uint64_t y)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, y, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (rt_mr (b)[1] == x + y);
}

static idl_server_t *
make_server (const char *name, unsigned workers)
{
  int err;
  idl_server_t *s = idl_server_create (name, &rt_iface, rt_dispatch, &err);
  CHECK (s != NULL && err == IDL_OK);
  CHECK (idl_server_set_workers (s, workers) == 0);
  return s;
}

static void *
sleeper (void *arg)
{
  idl_binding_t *b = arg;
  CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 200, 0, 0, 0)
	 == rt_tag (RT_SLEEP, 0));
  return NULL;
}

/* Two co-located calls of 200 ms from two threads: how long both
   take.  */
static double
two_sleeps (const char *name)
{
  idl_binding_t *b1 = idltest_connect (name, &rt_iface);
  idl_binding_t *b2 = idltest_connect (name, &rt_iface);
  pthread_t t1, t2;
  double t0 = rt_now_ms ();
  CHECK (pthread_create (&t1, NULL, sleeper, b1) == 0);
  CHECK (pthread_create (&t2, NULL, sleeper, b2) == 0);
  CHECK (pthread_join (t1, NULL) == 0);
  CHECK (pthread_join (t2, NULL) == 0);
  idl_close (b1);
  idl_close (b2);
  return rt_now_ms () - t0;
}

static void *
run_server (void *srv)
{
  CHECK (idl_server_run (srv) == 0);
  return NULL;
}

/* A plain indirect call, for scale.  */
static uint64_t __attribute__ ((noinline))
plain_add (uint64_t x, uint64_t y)
{
  return x + y;
}

static uint64_t (*volatile plain_fn) (uint64_t, uint64_t) = plain_add;

int
main (void)
{
  const char *name = idltest_name ("coloc");
  rt_arm_watchdog ();

  int fds_start = rt_fd_count (0);

  /* Not running, yet served: the binding needs no socket.  */
  idl_server_t *s = make_server (name, 0);
  int fds0 = rt_fd_count (0);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  CHECK (rt_fd_count (0) == fds0);
  add_ok (b, 40, 2);

  /* Words both ways, the most a request holds.  */
  uint64_t words[IDL_MR_WORDS - 1];
  for (unsigned i = 0; i < IDL_MR_WORDS - 1; i++)
    words[i] = i * 0x0101010101010101ULL;
  CHECK (idl_call_m (b, rt_tag (RT_ECHO, IDL_MR_WORDS - 1), words)
	 == rt_tag (RT_ECHO, IDL_MR_WORDS - 1));
  for (unsigned i = 0; i < IDL_MR_WORDS - 1; i++)
    CHECK (rt_mr (b)[1 + i] == ~words[i]);

  /* One-way, then a call that sees it.  */
  CHECK (idl_send_r4 (b, rt_tag (RT_STORE, 1), 77, 0, 0, 0) == 0);
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	 == rt_tag (RT_LOAD, 2));
  CHECK (rt_mr (b)[1] == 77 && rt_mr (b)[2] == 1);

  /* Who called: this process, this user.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_CRED, 0), 0, 0, 0, 0)
	 == rt_tag (RT_CRED, 3));
  CHECK (rt_mr (b)[1] == (uint64_t) getpid ());
  CHECK (rt_mr (b)[2] == (uint64_t) geteuid ());
  CHECK (rt_mr (b)[3] == (uint64_t) getegid ());

  /* Payloads, up to the limit, and over it.  */
  static const size_t sizes[] = { 0, 1, 4095, 65536 };
  for (unsigned k = 0; k < 4; k++)
    {
      size_t len = sizes[k];
      uint8_t *p = idl_request_payload (b);
      CHECK (p != NULL);
      for (size_t i = 0; i < len; i++)
	p[i] = (uint8_t) (i * 7 + k);
      CHECK (idl_call_x (b, rt_tag (RT_XFORM, 0), NULL, len, NULL, 0)
	     == rt_tag (RT_XFORM, 2));
      CHECK (rt_mr (b)[1] == len);
      for (size_t i = 0; i < len; i++)
	CHECK (rt_payload (b)[i]
	       == ((uint8_t) ((len - 1 - i) * 7 + k) ^ 0xa5));
    }
  CHECK (idl_request_payload (b) != NULL);
  CHECK (idl_call_x (b, rt_tag (RT_XFORM, 0), NULL, IDL_PAYLOAD_MAX + 1,
		     NULL, 0) == err_tag (IDL_E_INVAL));

  /* Descriptors in: the implementation reads our pipe, we keep ours,
     its copy is closed.  */
  int p[2];
  CHECK (pipe (p) == 0);
  int base = rt_fd_count (0);
  for (unsigned i = 0; i < 1000; i++)
    {
      uint64_t zero = 0;
      CHECK (write (p[1], "ping", 4) == 4);
      CHECK (idl_call_x (b, rt_tag (RT_FD_READ, 1), &zero, 0, &p[0], 1)
	     == rt_tag (RT_FD_READ, 2));
      CHECK (rt_mr (b)[1] == 4 && memcmp (rt_payload (b), "ping", 4) == 0);
    }
  CHECK (rt_fd_count (0) == base);
  int closed[2];
  CHECK (pipe (closed) == 0);
  close (closed[0]);
  close (closed[1]);
  uint64_t zero = 0;
  CHECK (idl_call_x (b, rt_tag (RT_FD_READ, 1), &zero, 0, &closed[0], 1)
	 == err_tag (IDL_E_INVAL));

  /* Descriptors out: the binding holds them until the next call, which
     closes what the stub did not take; one listed twice is two.  */
  for (unsigned i = 0; i < 1000; i++)
    {
      CHECK (idl_call_r4 (b, rt_tag (RT_FD_OPEN, 2), 3, i, 0, 0)
	     == rt_tag (RT_FD_OPEN, 1));
      for (unsigned k = 0; k < 3; k++)
	{
	  uint64_t v;
	  CHECK (read (rt_fds (b)[k], &v, sizeof v) == sizeof v);
	  CHECK (v == i + k);
	}
      CHECK (rt_fds (b)[3] == -1);
    }
  add_ok (b, 1, 1);
  CHECK (rt_fd_count (0) == base);
  CHECK (idl_call_r4 (b, rt_tag (RT_BAD_REPLY, 1), RT_TWICE, 0, 0, 0)
	 == rt_tag (RT_BAD_REPLY, 1));
  CHECK (rt_fds (b)[0] >= 0 && rt_fds (b)[1] >= 0
	 && rt_fds (b)[0] != rt_fds (b)[1]);
  /* A request descriptor handed back: ours stays ours, the reply's is
     another.  */
  CHECK (idl_call_x (b, rt_tag (RT_FD_RETURN, 0), NULL, 0, &p[0], 1)
	 == rt_tag (RT_FD_RETURN, 0));
  CHECK (rt_fds (b)[0] >= 0 && rt_fds (b)[0] != p[0]);
  CHECK (fcntl (p[0], F_GETFD) >= 0);
  add_ok (b, 2, 2);
  CHECK (rt_fd_count (0) == base);

  /* Error replies and malformed requests, as for a remote server.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_FAIL, 1), IDL_E_NOMEM, 0, 0, 0)
	 == err_tag (IDL_E_NOMEM));
  CHECK (idl_error (b) == IDL_E_NOMEM);
  CHECK (idl_call_r4 (b, rt_tag (RT_FAIL, 1), 999, 0, 0, 0)
	 == err_tag (IDL_E_PROTO));
  CHECK (idl_call_r4 (b, rt_tag (999, 0), 0, 0, 0, 0)
	 == err_tag (IDL_E_BADMSG));
  CHECK (idl_call_r4 (b, rt_tag_iface (RT_IFACE_ID + 1, RT_ADD, 2), 1, 2,
		      0, 0) == err_tag (IDL_E_BADMSG));
  CHECK (idl_call_m (b, rt_tag (RT_ECHO, IDL_MR_WORDS), words)
	 == err_tag (IDL_E_BADMSG));
  CHECK (idl_call_r4 (b, rt_tag (RT_BIG_REPLY, 0), 0, 0, 0, 0)
	 == err_tag (IDL_E_PROTO));
  CHECK (idl_call_r4 (b, rt_tag (RT_BAD_REPLY, 1), RT_BAD_FD, 0, 0, 0)
	 == err_tag (IDL_E_PROTO));
  CHECK (idl_call_r4 (b, rt_tag (RT_BAD_REPLY, 1), RT_BAD_LEN, 0, 0, 0)
	 == err_tag (IDL_E_PROTO));
  CHECK (idl_send_r4 (b, rt_tag_iface (7, RT_STORE, 1), 1, 0, 0, 0) == 0);
  add_ok (b, 3, 3);
  CHECK (rt_fd_count (0) == base);

  /* Another interface version: refused at connect.  */
  idl_interface_t other = rt_iface;
  other.version++;
  int err;
  CHECK (idl_connect (name, &other, &err) == NULL);
  CHECK (err == IDL_E_IFACE);

  /* What a co-located call costs, next to a plain indirect call
     (information only: the target is for the plugin's direct
     binding).  */
  double t0 = rt_now_ms ();
  uint64_t sum = 0;
  for (uint64_t i = 0; i < 1000000; i++)
    {
      idl_call_r4 (b, rt_tag (RT_ADD, 2), i, 1, 0, 0);
      sum += rt_mr (b)[1];
    }
  double co = rt_now_ms () - t0;
  t0 = rt_now_ms ();
  for (uint64_t i = 0; i < 1000000; i++)
    sum -= plain_fn (i, 1);
  double plain = rt_now_ms () - t0;
  CHECK (sum == 0);
  printf ("co-located call %.1f ns, plain indirect call %.1f ns\n", co,
	  plain);
  idl_close (b);

  /* Forced across the socket: a connection of its own, served by
     idl_server_run (both its ends are in this process).  */
  pthread_t t;
  CHECK (pthread_create (&t, NULL, run_server, s) == 0);
  CHECK (setenv ("IDL_COLOCATE", "0", 1) == 0);
  b = idltest_connect (name, &rt_iface);
  CHECK (unsetenv ("IDL_COLOCATE") == 0);
  add_ok (b, 4, 4);
  /* Its socket and the server's connection's, the epoll set of the
     server's accepting thread (server-threads.c), and this process's
     watcher's (watch.c), made at its first connection over a page.  */
  CHECK (rt_fd_count (0) == base + 4);

  /* A forked child does not co-locate with its copy of our server: its
     store reaches the server that runs here.  */
  pid_t child = fork ();
  CHECK (child >= 0);
  if (child == 0)
    {
      idl_binding_t *cb = idltest_connect (name, &rt_iface);
      CHECK (idl_call_r4 (cb, rt_tag (RT_STORE, 1), 4242, 0, 0, 0)
	     == err_tag (IDL_E_BADMSG));	/* a call to a one-way op */
      CHECK (idl_send_r4 (cb, rt_tag (RT_STORE, 1), 4242, 0, 0, 0) == 0);
      idl_close (cb);
      _exit (0);
    }
  int status;
  CHECK (waitpid (child, &status, 0) == child);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	 == rt_tag (RT_LOAD, 2));
  CHECK (rt_mr (b)[1] == 4242);

  /* Stopped: co-located calls fail, new co-located connects too.  */
  idl_binding_t *lb = idltest_connect (name, &rt_iface);
  add_ok (lb, 5, 5);
  idl_server_stop (s);
  CHECK (pthread_join (t, NULL) == 0);
  CHECK (idl_call_r4 (lb, rt_tag (RT_ADD, 2), 1, 1, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  CHECK (idl_connect (name, &rt_iface, &err) == NULL);
  CHECK (err == IDL_E_CONNECT);
  idl_close (b);

  /* Destroyed under a co-located binding: its calls fail; closing it
     afterwards is fine (the server's memory waited for it).  */
  idl_server_destroy (s);
  CHECK (idl_call_r4 (lb, rt_tag (RT_ADD, 2), 1, 1, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  idl_close (lb);

  /* A thread per connection serializes co-located implementations
     like remote ones; workers run them concurrently.  */
  s = make_server (name, 0);
  double serial = two_sleeps (name);
  idl_server_destroy (s);
  s = make_server (name, 2);
  double parallel = two_sleeps (name);
  idl_server_destroy (s);
  printf ("two 200 ms calls: %.0f ms serialized, %.0f ms with workers\n",
	  serial, parallel);
  CHECK (serial >= 395 && parallel < 350);
  /* Nothing left but our pipe, and the watcher's epoll set, which
     stays for the process's later connections.  */
  close (p[0]);
  close (p[1]);
  CHECK (rt_fd_count (0) == fds_start + 1);
  return 0;
}
