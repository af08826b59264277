/* { dg-do run } */
/* Area: runtime
   Purpose: waits that sleep without a timer (page.h, issue 22) still
   notice a dead peer: a server killed while its client sleeps in a call
   (client and server on one CPU, then on two), a client killed while
   its connection's thread sleeps; the client's watcher (watch.c) is
   one thread and one descriptor however many bindings come and go; a
   forked child's calls have a watcher of their own.  */

#define _GNU_SOURCE 1		/* sched_setaffinity */
#include <sys/syscall.h>
#include <pthread.h>
#include <sched.h>
#include "rt-common.h"

/* How soon a death must be noticed.  The watchers take well under a
   millisecond on an idle machine; but here every thread of a side is
   confined to one CPU, which other work may hold for a while, so the
   bound is looser than server-death.c's 100 ms: what it must tell
   apart is a wake-up from a sleep that nothing ends (the call sleeps
   for 10 s otherwise, and the watchdog fires).  */
#define RT_DEATH_MS 1000

static uint64_t
err_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

static void
pin (int cpu)
{
  cpu_set_t set;
  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  CHECK (sched_setaffinity (0, sizeof set, &set) == 0);
}

/* Wait up to two seconds for COND, polling every millisecond.  */
#define AWAIT(cond)						\
  do								\
    {								\
      for (int i_ = 0; i_ < 2000 && !(cond); i_++)		\
	usleep (1000);						\
    }								\
  while (0)

static int
count_dir (const char *path)
{
  DIR *d = opendir (path);
  int n = 0;
  CHECK (d != NULL);
  for (struct dirent *e; (e = readdir (d));)
    n += e->d_name[0] != '.';
  closedir (d);
  return n;
}

static int
thread_count (pid_t pid)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%ld/task", (long) pid);
  return count_dir (path);
}

/* Of PID's threads, how many sleep in FUTEX_WAIT without a timeout
   (/proc/PID/task/TID/syscall: the call's number and arguments, the
   fourth the timeout), or -1 if the kernel will not tell.  */
static int
untimed_sleepers (pid_t pid)
{
  char path[96];
  int n = 0, seen = 0;
  snprintf (path, sizeof path, "/proc/%ld/task", (long) pid);
  DIR *d = opendir (path);
  CHECK (d != NULL);
  for (struct dirent *e; (e = readdir (d));)
    {
      if (e->d_name[0] == '.')
	continue;
      snprintf (path, sizeof path, "/proc/%ld/task/%s/syscall", (long) pid,
		e->d_name);
      FILE *f = fopen (path, "r");
      long nr;
      unsigned long a[6];
      if (!f)
	continue;
      if (fscanf (f, "%ld %lx %lx %lx %lx", &nr, &a[0], &a[1], &a[2], &a[3])
	  == 5)
	{
	  seen = 1;
	  n += nr == SYS_futex && (a[1] & 127) == 0 /* FUTEX_WAIT */
	       && a[3] == 0;
	}
      fclose (f);
    }
  closedir (d);
  return seen ? n : -1;
}

static pid_t victim;
static double kill_time;
static int main_sleeps_untimed;

/* Kill the server once our main thread sleeps in its call without a
   timer (or after two seconds, or at once if the kernel does not show
   how threads sleep).  */
static void *
killer (void *arg)
{
  (void) arg;
  usleep (50 * 1000);
  AWAIT ((main_sleeps_untimed = untimed_sleepers (getpid ())) != 0);
  kill_time = rt_now_ms ();
  CHECK (kill (victim, SIGKILL) == 0);
  return NULL;
}

/* A server on SERVER_CPU, we on CLIENT_CPU: it dies mid-call.  Then a
   client of its successor dies while its connection sleeps.  */
static void
deaths (const char *name, int server_cpu, int client_cpu)
{
  pthread_t t;
  int status;

  pin (server_cpu);
  victim = rt_fork_server (name, rt_dispatch);
  pin (client_cpu);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	 == rt_tag (RT_ADD, 1));
  /* The server's connection thread now sleeps for our next request,
     without a timer.  */
  usleep (50 * 1000);
  int srv_sleepers = untimed_sleepers (victim);
  CHECK (srv_sleepers != 0);
  CHECK (pthread_create (&t, NULL, killer, NULL) == 0);
  CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 10000, 0, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  double latency = rt_now_ms () - kill_time;
  CHECK (pthread_join (t, NULL) == 0);
  printf ("CPUs %d and %d: server death noticed by a sleeping call after "
	  "%.1f ms (untimed sleepers: server %d, client %d)\n",
	  server_cpu, client_cpu, latency, srv_sleepers, main_sleeps_untimed);
  CHECK (latency >= 0 && latency < RT_DEATH_MS);
  /* -1: this kernel does not show system calls' arguments.  */
  CHECK (main_sleeps_untimed != 0);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	 == err_tag (IDL_E_PEER_DIED));
  idl_close (b);
  CHECK (waitpid (victim, &status, 0) == victim);
  rt_forget_server (victim);

  /* A client dies while its connection's thread sleeps: the thread
     ends at once (its hang-up, seen by the accepting thread).  */
  pin (server_cpu);
  pid_t srv = rt_fork_server (name, rt_dispatch);
  pin (client_cpu);
  int base = thread_count (srv);
  int p[2];
  char c;
  CHECK (pipe (p) == 0);
  pid_t client = fork ();
  CHECK (client >= 0);
  if (client == 0)
    {
      b = idltest_connect (name, &rt_iface);
      CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	     == rt_tag (RT_ADD, 1));
      c = 1;
      CHECK (write (p[1], &c, 1) == 1);
      for (;;)
	pause ();
    }
  close (p[1]);
  CHECK (read (p[0], &c, 1) == 1);
  close (p[0]);
  AWAIT (untimed_sleepers (srv) != 0 && thread_count (srv) == base + 1);
  CHECK (thread_count (srv) == base + 1);
  CHECK (kill (client, SIGKILL) == 0);
  double t0 = rt_now_ms ();
  CHECK (waitpid (client, &status, 0) == client);
  AWAIT (thread_count (srv) == base);
  latency = rt_now_ms () - t0;
  printf ("CPUs %d and %d: client death noticed by a sleeping connection "
	  "after %.1f ms\n", server_cpu, client_cpu, latency);
  CHECK (thread_count (srv) == base && latency < RT_DEATH_MS);
  rt_stop_server (srv);
}

/* Bindings come and go, some of their calls sleeping: the watcher is
   one thread and one descriptor all along.  */
static void
no_leak (const char *name)
{
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 1, 0, 0, 0)
	 == rt_tag (RT_SLEEP, 0));
  idl_close (b);
  int threads = thread_count (getpid ()), fds = rt_fd_count (0);
  for (unsigned i = 0; i < 1000; i++)
    {
      b = idltest_connect (name, &rt_iface);
      if (i % 50 == 0)
	CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 1, 0, 0, 0)
	       == rt_tag (RT_SLEEP, 0));
      else
	CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), i, 1, 0, 0)
	       == rt_tag (RT_ADD, 1));
      idl_close (b);
    }
  /* A joined watcher can stay listed in /proc a moment (rt_watcher_gone).  */
  for (int k = 0; k < 100 && thread_count (getpid ()) != threads; k++)
    usleep (10 * 1000);
  CHECK (thread_count (getpid ()) == threads);
  CHECK (rt_fd_count (0) == fds);
  rt_stop_server (srv);
}

/* A child forked with a binding calls through it after its parent has
   closed its own copy (so that the parent's watcher does not watch the
   connection any more): the child's call notices the server's death
   through a watcher of the child's own.  */
static void
forked (const char *name)
{
  victim = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 1, 0, 0, 0)
	 == rt_tag (RT_SLEEP, 0));
  int go[2], status;
  char c = 1;
  CHECK (pipe (go) == 0);
  pid_t child = fork ();
  CHECK (child >= 0);
  if (child == 0)
    {
      close (go[1]);
      CHECK (read (go[0], &c, 1) == 1);
      double t0 = rt_now_ms ();
      CHECK (idl_call_r4 (b, rt_tag (RT_SLEEP, 1), 10000, 0, 0, 0)
	     == err_tag (IDL_E_PEER_DIED));
      double latency = rt_now_ms () - t0;
      /* The server dies once we sleep in the call.  */
      printf ("forked child: server death noticed after %.1f ms of the "
	      "call\n", latency);
      CHECK (latency < 2000 + RT_DEATH_MS);
      /* Its own connections are watched too.  */
      idl_close (b);
      _exit (0);
    }
  close (go[0]);
  idl_close (b);
  CHECK (write (go[1], &c, 1) == 1);
  usleep (50 * 1000);
  AWAIT (untimed_sleepers (child) != 0);
  CHECK (kill (victim, SIGKILL) == 0);
  CHECK (waitpid (victim, &status, 0) == victim);
  rt_forget_server (victim);
  CHECK (waitpid (child, &status, 0) == child);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  close (go[1]);
}

int
main (void)
{
  const char *name = idltest_name ("untimed");
  cpu_set_t all;

  CHECK (sched_getaffinity (0, sizeof all, &all) == 0);
  int cpu0 = -1, cpu1 = -1;
  for (int i = 0; i < CPU_SETSIZE && cpu1 < 0; i++)
    if (CPU_ISSET (i, &all))
      {
	if (cpu0 < 0)
	  cpu0 = i;
	else
	  cpu1 = i;
      }
  deaths (name, cpu0, cpu0);
  if (cpu1 >= 0)
    deaths (name, cpu1, cpu0);
  else
    printf ("one CPU only: not run on two\n");
  CHECK (sched_setaffinity (0, sizeof all, &all) == 0);
  no_leak (name);
  forked (name);
  return 0;
}
