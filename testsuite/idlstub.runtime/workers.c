/* { dg-do run } */
/* Area: runtime
   Purpose: idl_server_set_workers.  A single-threaded server runs in
   one thread and serves many client processes at once; an N-worker
   server has N threads and runs implementations concurrently; a client
   that connects and never says hello delays nobody; a dead client's
   connection is closed; a long implementation on one worker keeps no
   new client waiting while another is idle; RT_STOP ends
   idl_server_run cleanly; the mode cannot be set to more than 1024 or
   once the server has run.  */

#include <pthread.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "rt-common.h"

static int
thread_count (pid_t pid)
{
  char path[64];
  int n = 0;
  snprintf (path, sizeof path, "/proc/%ld/task", (long) pid);
  DIR *d = opendir (path);
  CHECK (d != NULL);
  for (struct dirent *e; (e = readdir (d));)
    n += e->d_name[0] != '.';
  closedir (d);
  return n;
}

/* Fork N client processes that each make CALLS checked RT_ADD calls on
   a binding of their own; wait for all and check they succeeded.  */
static void
run_clients (const char *name, unsigned n, unsigned calls)
{
  pid_t pids[16];
  CHECK (n <= 16);
  for (unsigned k = 0; k < n; k++)
    {
      pids[k] = fork ();
      CHECK (pids[k] >= 0);
      if (pids[k] == 0)
	{
	  idl_binding_t *b = idltest_connect (name, &rt_iface);
	  for (uint64_t i = 0; i < calls; i++)
	    {
	      uint64_t x = i * 2654435761u + k;
	      CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, k, 0, 0)
		     == rt_tag (RT_ADD, 1));
	      CHECK (rt_mr (b)[1] == x + k);
	    }
	  idl_close (b);
	  _exit (0);
	}
    }
  for (unsigned k = 0; k < n; k++)
    {
      int status;
      CHECK (waitpid (pids[k], &status, 0) == pids[k]);
      CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }
}

/* A raw connection that never sends its hello.  */
static int
mute_connect (const char *name)
{
  struct sockaddr_un sa = { AF_UNIX, "" };
  int fd = socket (AF_UNIX, SOCK_SEQPACKET, 0);
  CHECK (fd >= 0);
  strcpy (sa.sun_path + 1, name + 1);
  CHECK (connect (fd, (struct sockaddr *) &sa,
		  offsetof (struct sockaddr_un, sun_path) + strlen (name))
	 == 0);
  return fd;
}

static void
add_ok (idl_binding_t *b, uint64_t x, uint64_t y)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, y, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (rt_mr (b)[1] == x + y);
}

/* Stop the server through a call and check idl_server_run returned 0
   (the child's exit status).  */
static void
stop_and_reap (const char *name, pid_t srv)
{
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_STOP, 0), 0, 0, 0, 0)
	 == rt_tag (RT_STOP, 0));
  int status;
  CHECK (waitpid (srv, &status, 0) == srv);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  rt_forget_server (srv);
  idl_close (b);
}

/* A call from a thread other than the binding's first: the reply is
   in the view idl_callv_r4 returns.  */
static void *
adder (void *arg)
{
  idl_reply_t r = idl_callv_r4 (arg, rt_tag (RT_ADD, 2), 13, 14, 0, 0);
  CHECK (r.tag == rt_tag (RT_ADD, 1));
  CHECK (rt_mr (r.view)[1] == 27);
  return NULL;
}

static idl_binding_t *sleepers[3];

/* How long each of three sleepers' calls takes: 1 s, so that three at
   once (1 s) and two at once then one (2 s) are a second apart, room
   enough for a loaded machine.  */
#define SLEEP_MS 1000

static void *
sleeper (void *arg)
{
  idl_binding_t *b = arg;
  CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), SLEEP_MS, 0, 0, 0)
	 == rt_tag (RT_SLEEP, 0));
  return NULL;
}

/* A long call, and when it came back.  */
static int long_done;

static void *
long_call (void *arg)
{
  idl_binding_t *b = arg;
  CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 5000, 0, 0, 0)
	 == rt_tag (RT_SLEEP, 0));
  __atomic_store_n (&long_done, 1, __ATOMIC_RELEASE);
  return NULL;
}

static void *
run_server (void *arg)
{
  return (void *) (intptr_t) idl_server_run (arg);
}

int
main (void)
{
  const char *name = idltest_name ("workers");
  int err;

  /* The API's limits, in this process.  */
  idl_server_t *s = idl_server_create (name, &rt_iface, rt_dispatch, &err);
  CHECK (s != NULL);
  CHECK (idl_server_set_workers (s, 1025) == -1);
  CHECK (idl_server_set_workers (s, 1024) == 0);
  CHECK (idl_server_set_workers (s, 1) == 0);
  pthread_t t;
  CHECK (pthread_create (&t, NULL, run_server, s) == 0);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  add_ok (b, 1, 2);
  CHECK (idl_call_r4 (b, rt_tag (RT_STOP, 0), 0, 0, 0, 0)
	 == rt_tag (RT_STOP, 0));
  void *rc;
  CHECK (pthread_join (t, &rc) == 0);
  CHECK (rc == NULL);		/* idl_server_run returned 0 */
  CHECK (idl_server_set_workers (s, 2) == -1);
  CHECK (idl_server_run (s) == -1);
  idl_close (b);
  idl_server_destroy (s);

  /* Single-threaded: one thread, whatever the number of clients.  */
  pid_t srv = rt_fork_server_workers (name, rt_dispatch, 1);
  b = idltest_connect (name, &rt_iface);
  add_ok (b, 3, 4);
  int fd_base = rt_fd_count (srv);
  CHECK (thread_count (srv) == 1);
  run_clients (name, 6, 20000);
  CHECK (thread_count (srv) == 1);

  /* A client that connects and says nothing does not hold up the one
     thread: others connect and are served meanwhile.  */
  int mute = mute_connect (name);
  double t0 = rt_now_ms ();
  idl_binding_t *b2 = idltest_connect (name, &rt_iface);
  add_ok (b2, 5, 6);
  add_ok (b, 7, 8);
  /* Held up, the thread would wait for the mute client's hello until
     the handshake timeout (5 s, IDL_HANDSHAKE_TIMEOUT_MS); the bound
     leaves 2.5 s of room for a loaded machine below that.  */
  CHECK (rt_now_ms () - t0 < 2500);
  idl_close (b2);
  close (mute);

  /* A client killed while idle: its connection is closed.  */
  pid_t victim = fork ();
  CHECK (victim >= 0);
  if (victim == 0)
    {
      idl_binding_t *v = idltest_connect (name, &rt_iface);
      add_ok (v, 1, 1);
      for (;;)
	pause ();
    }
  usleep (100 * 1000);
  CHECK (kill (victim, SIGKILL) == 0);
  int status;
  CHECK (waitpid (victim, &status, 0) == victim);
  int settled = 0;
  for (int i = 0; i < 200 && !settled; i++)
    {
      settled = rt_fd_count (srv) == fd_base;
      usleep (10 * 1000);
    }
  CHECK (settled);
  add_ok (b, 9, 10);
  idl_close (b);
  stop_and_reap (name, srv);

  /* Two workers, one of them in a 5 s implementation: a new client is
     accepted and served by the other meanwhile.  The first connection
     goes to worker 0, the one that used to be the only acceptor, so
     before the fix the new client's hello waited for the long call.
     The long call is given 300 ms to reach the server (if it has not,
     the new client is served anyway, and the test proves less).  */
  srv = rt_fork_server_workers (name, rt_dispatch, 2);
  idl_binding_t *slow = idltest_connect (name, &rt_iface);
  pthread_t tl;
  CHECK (pthread_create (&tl, NULL, long_call, slow) == 0);
  usleep (300 * 1000);
  idl_binding_t *quick = idltest_connect (name, &rt_iface);
  add_ok (quick, 11, 12);
  CHECK (!__atomic_load_n (&long_done, __ATOMIC_ACQUIRE));
  /* A binding shared with a thread: the thread's own connection, made
     at its first call, is not kept waiting either.  */
  pthread_t tq;
  CHECK (pthread_create (&tq, NULL, adder, quick) == 0);
  CHECK (pthread_join (tq, NULL) == 0);
  CHECK (!__atomic_load_n (&long_done, __ATOMIC_ACQUIRE));
  CHECK (pthread_join (tl, NULL) == 0);
  idl_close (quick);
  idl_close (slow);
  stop_and_reap (name, srv);

  /* Three workers: three threads; three clients' implementations run
     at the same time (each connection went to the worker with the
     fewest), so three 1 s calls take about 1 s, not 2 (two of them on
     one worker) or 3 (all on one).  No
     call from this thread: the first thread that calls through a
     binding owns its connection (runtime/channel.c), and each sleeper
     thread is to use the one connection made here.  */
  srv = rt_fork_server_workers (name, rt_dispatch, 3);
  for (int i = 0; i < 3; i++)
    sleepers[i] = idltest_connect (name, &rt_iface);
  CHECK (thread_count (srv) == 3);
  pthread_t ts[3];
  t0 = rt_now_ms ();
  for (int i = 0; i < 3; i++)
    CHECK (pthread_create (&ts[i], NULL, sleeper, sleepers[i]) == 0);
  for (int i = 0; i < 3; i++)
    CHECK (pthread_join (ts[i], NULL) == 0);
  double took = rt_now_ms () - t0;
  printf ("3 workers, 3 concurrent %d ms calls: %.0f ms\n", SLEEP_MS, took);
  CHECK (took >= SLEEP_MS - 5 && took < 2 * SLEEP_MS);
  for (int i = 0; i < 3; i++)
    idl_close (sleepers[i]);
  run_clients (name, 8, 10000);
  CHECK (thread_count (srv) == 3);
  stop_and_reap (name, srv);
  return 0;
}
