/* { dg-do run } */
/* Area: runtime
   Purpose: a client and its server thread that the scheduler puts on
   the same CPU hand it to each other instead of spinning for a peer
   that cannot run (page.h, struct idl_spin).  Both may run on two CPUs
   when they connect, so neither knows it from its affinity
   (idl_spin_for); then every thread of both is confined to one CPU,
   which is what the scheduler does to two pairs of spinning threads on
   two CPUs, the case of bench/throughput's two clients.  Before the
   yield, each call waited out a spin budget (20 us) on one side and
   then slept on its futex, and two clients got 45 thousand calls a
   second between them instead of millions.  The test counts events,
   not time: the voluntary context switches (sleeps) of the client's
   thread and of the server's threads over 2000 calls.  A spin that
   waits out its budget sleeps on almost every call; one that yields
   its CPU to the peer does not sleep at all, and a yield counts as an
   involuntary switch.  Run again with glibc's rseq area turned off
   (GLIBC_TUNABLES=glibc.pthread.rseq=0), where the runtime cannot know
   its CPU and yields once a quarter of the budget has passed.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "rt-common.h"

#define CALLS 2000

/* Confine every thread of process PID to CPU.  */
static void
pin_process (pid_t pid, int cpu)
{
  char path[64];
  cpu_set_t set;

  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  snprintf (path, sizeof path, "/proc/%d/task", (int) pid);
  DIR *d = opendir (path);
  CHECK (d != NULL);
  for (struct dirent *e; (e = readdir (d)) != NULL;)
    if (e->d_name[0] != '.')
      CHECK (sched_setaffinity (atoi (e->d_name), sizeof set, &set) == 0);
  closedir (d);
}

/* The voluntary context switches of all of PID's threads so far.  */
static long
server_sleeps (pid_t pid)
{
  char path[96], line[128];
  long sum = 0;

  snprintf (path, sizeof path, "/proc/%d/task", (int) pid);
  DIR *d = opendir (path);
  CHECK (d != NULL);
  for (struct dirent *e; (e = readdir (d)) != NULL;)
    {
      if (e->d_name[0] == '.')
	continue;
      snprintf (path, sizeof path, "/proc/%d/task/%s/status", (int) pid,
		e->d_name);
      FILE *f = fopen (path, "r");
      if (!f)
	continue;		/* a thread that just ended */
      while (fgets (line, sizeof line, f))
	if (strncmp (line, "voluntary_ctxt_switches:", 24) == 0)
	  sum += atol (line + 24);
      fclose (f);
    }
  closedir (d);
  return sum;
}

static long
client_sleeps (void)
{
  struct rusage ru;
  CHECK (getrusage (RUSAGE_THREAD, &ru) == 0);
  return ru.ru_nvcsw;
}

int
main (int argc, char **argv)
{
  cpu_set_t all;

  CHECK (sched_getaffinity (0, sizeof all, &all) == 0);
  if (CPU_COUNT (&all) < 2)
    {
      /* Both sides then know at connect time that they share one CPU,
	 and never spin (runtime.exp's one-CPU tests).  */
      printf ("spin-shared-cpu: one CPU only, nothing to test\n");
      return 0;
    }
  int cpu = 0;
  while (!CPU_ISSET (cpu, &all))
    cpu++;

  /* The same again without rseq, in a process of its own: glibc reads
     its tunables at start-up.  */
  if (argc == 1)
    {
      pid_t child = fork ();
      CHECK (child >= 0);
      if (child == 0)
	{
	  setenv ("GLIBC_TUNABLES", "glibc.pthread.rseq=0", 1);
	  execl ("/proc/self/exe", argv[0], "no-rseq", (char *) NULL);
	  _exit (127);
	}
      int st;
      CHECK (waitpid (child, &st, 0) == child);
      CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0);
    }

  const char *name = idltest_name (argc == 1 ? "spin-cpu" : "spin-cpu-nr");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  const uint64_t *mr = rt_mr (b);
  uint64_t tag;

  /* Warm up on two CPUs, so that the server's thread for this
     connection exists before it is pinned.  */
  for (uint64_t i = 0; i < 100; i++)
    {
      tag = idl_call_r4 (b, rt_tag (RT_ADD, 2), i, 1, 0, 0);
      CHECK (tag == rt_tag (RT_ADD, 1) && mr[1] == i + 1);
    }
  pin_process (srv, cpu);
  pin_process (getpid (), cpu);
  for (uint64_t i = 0; i < 100; i++)
    {
      tag = idl_call_r4 (b, rt_tag (RT_ADD, 2), i, 2, 0, 0);
      CHECK (tag == rt_tag (RT_ADD, 1) && mr[1] == i + 2);
    }

  long c0 = client_sleeps (), s0 = server_sleeps (srv);
  for (uint64_t i = 0; i < CALLS; i++)
    {
      tag = idl_call_r4 (b, rt_tag (RT_ADD, 2), i, 3 * i, 0, 0);
      CHECK (tag == rt_tag (RT_ADD, 1) && mr[1] == 4 * i);
    }
  long c = client_sleeps () - c0, s = server_sleeps (srv) - s0;
  printf ("spin-shared-cpu%s: %d calls on CPU %d, %ld sleeps in the "
	  "client, %ld in the server\n", argc == 1 ? "" : " (no rseq)",
	  CALLS, cpu, c, s);
  /* Waiting out the budget sleeps about once a call; a quarter leaves
     room for the other work CI may run on this CPU, which can hold a
     yielding thread off past its budget.  */
  CHECK (c + s < CALLS / 4);

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
