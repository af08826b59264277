/* { dg-do run } */
/* Area: runtime
   Purpose: a client killed mid-call or while idle ends only its own
   connection (its thread, with a thread per connection; its socket in
   any mode); another client keeps being served throughout.  */

#include <dirent.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "rt-common.h"

/* Threads of process PID: the server's main thread, one per connection
   (thread mode), and whatever else the platform runs (qemu-user adds
   its own), which is why the test compares with a baseline.  */
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

/* The server's connections, as it holds them: one socket each (the
   page's memfd is closed once mapped), plus one thread each with a
   thread per connection.  */
static int base_threads, base_fds;

/* Wait up to two seconds for PID to hold N connections more than at
   the baseline.  */
static int
await_conns (pid_t pid, int n)
{
  for (int i = 0; i < 200; i++)
    {
      if (rt_fd_count (pid) == base_fds + n
	  && thread_count (pid) == base_threads + (RT_WORKERS == 0 ? n : 0))
	return 1;
      usleep (10 * 1000);
    }
  return 0;
}

/* Fork a client that connects, says so on a pipe, then calls RT_SLEEP
   for SLEEP_MS (0: does not call, just waits to be killed).  */
static pid_t
fork_client (const char *name, unsigned sleep_ms)
{
  int p[2];
  char c;
  CHECK (pipe (p) == 0);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      idl_binding_t *b = idltest_connect (name, &rt_iface);
      c = 1;
      CHECK (write (p[1], &c, 1) == 1);
      if (sleep_ms)
	idl_call_r4 (b, rt_tag (RT_SLEEP, 1), sleep_ms, 0, 0, 0);
      for (;;)
	pause ();
    }
  close (p[1]);
  CHECK (read (p[0], &c, 1) == 1);
  close (p[0]);
  return pid;
}

static void
serve_check (idl_binding_t *b, unsigned n)
{
  static uint64_t base;
  for (unsigned i = 0; i < n; i++, base++)
    {
      CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), base, 0x5555, 0, 0)
	     == rt_tag (RT_ADD, 1));
      CHECK (rt_mr (b)[1] == base + 0x5555);
    }
}

int
main (void)
{
  const char *name = idltest_name ("clidie");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  int status;

  serve_check (b, 100);
  /* Main thread, our connection's thread (or the workers), anything
     else; its descriptors, our connection's socket among them.  */
  base_threads = thread_count (srv);
  base_fds = rt_fd_count (srv);
  /* A server served from a poll loop has its one thread.  */
  CHECK (base_threads >= (RT_WORKERS == RT_WORKERS_LOOP ? 1 : 2));

  /* Mid-call: the victim's call holds the dispatcher for 300 ms.  */
  pid_t victim = fork_client (name, 300);
  CHECK (await_conns (srv, 1));
  usleep (100 * 1000);
  CHECK (kill (victim, SIGKILL) == 0);
  CHECK (waitpid (victim, &status, 0) == victim);
  /* Our calls wait for the victim's implementation to finish (dispatch
     is serialized, or the victim's worker may be ours), then go on as
     before.  */
  double t0 = rt_now_ms ();
  serve_check (b, 1000);
  CHECK (rt_now_ms () - t0 < 2000);
  /* The victim's connection has been noticed and has gone.  */
  CHECK (await_conns (srv, 0));
  serve_check (b, 100);

  /* While idle, and several at once.  */
  pid_t v[4];
  for (int i = 0; i < 4; i++)
    v[i] = fork_client (name, 0);
  CHECK (await_conns (srv, 4));
  serve_check (b, 100);
  for (int i = 0; i < 4; i++)
    {
      CHECK (kill (v[i], SIGKILL) == 0);
      CHECK (waitpid (v[i], &status, 0) == v[i]);
    }
  CHECK (await_conns (srv, 0));
  serve_check (b, 1000);

  /* A client that connects and dies before its hello.  */
  int fd = socket (AF_UNIX, SOCK_SEQPACKET, 0);
  struct sockaddr_un sa = { AF_UNIX, "" };
  CHECK (fd >= 0);
  strcpy (sa.sun_path + 1, name + 1);
  CHECK (connect (fd, (struct sockaddr *) &sa,
		  offsetof (struct sockaddr_un, sun_path) + strlen (name))
	 == 0);
  CHECK (await_conns (srv, 1));
  close (fd);
  CHECK (await_conns (srv, 0));
  serve_check (b, 100);

  idl_close (b);
  CHECK (await_conns (srv, -1));
  CHECK (kill (srv, 0) == 0);	/* the server lives on */
  rt_stop_server (srv);
  return 0;
}
