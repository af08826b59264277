/* raw-pingpong.h -- the transport with nothing on top, as a yardstick.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A futex ping-pong over one shared page (runtime/page.h) between the
   calling process and a child it forks: the client writes a word and
   publishes REQUEST, the child adds one and publishes REPLY, with the
   runtime's own idl_page_wait and idl_page_publish and its spin policy
   (idl_spin_for).  No tag, no stub, no dispatcher, no copy: what a round
   trip costs before idlstub adds anything, on the same kind of page the
   runtime maps for every connection.  Wall-clock figures of RPCs are
   quoted as ratios to this, measured in the same run (DESIGN.md,
   "Quality bars").

   Used by bench/rpc-bench.c (bench/latency) and by the example client
   examples/fs-client.c, which print their RPCs' latency next to it.
   It needs runtime/ on the include path and the static libidlrt
   (idl_sole_cpu is internal to the library).

     struct raw_pingpong r;
     raw_pingpong_start (&r, -1);   // fork the child; -1: do not pin it
     raw_pingpong_run (&r, 1000);   // 1000 round trips, results checked
     raw_pingpong_stop (&r);        // kill and reap the child

   The child dies with its parent (PR_SET_PDEATHSIG), so a caller that
   exits early leaves no process behind.  */

#ifndef RAW_PINGPONG_H
#define RAW_PINGPONG_H

/* cpu_set_t and sched_setaffinity: the includer defines _GNU_SOURCE
   before its first #include, as it must to take effect.  */
#ifndef _GNU_SOURCE
# error "raw-pingpong.h: define _GNU_SOURCE before including any header"
#endif

#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "page.h"

struct raw_pingpong
{
  struct idl_page *pg;		/* MAP_SHARED between us and the child */
  int sock;			/* our end of a socketpair: either side's
				   death shows on it (idl_page_wait) */
  pid_t pid;			/* the child */
  uint64_t next;		/* the next word to send */
};

/* The child: answer every request with its word plus one, until the
   parent goes away.  */
static void
raw_pingpong_serve (struct idl_page *pg, int sock)
{
  int cpu = idl_sole_cpu ();

  /* As the runtime's server does (page.h, idl_spin_for).  */
  __atomic_store_n (&pg->server_cpu, cpu, __ATOMIC_RELAXED);
  for (;;)
    {
      int s;
      uint64_t sp = idl_spin_for (cpu, &pg->client_cpu);
      while ((s = idl_page_wait (pg, &pg->server_sleeping, 1, sp, sock,
				 NULL, NULL, IDL_SLICE_UNTIMED))
	     == IDL_WAIT_SLICE)
	sp = 0;
      if (s < 0)
	return;
      uint64_t x = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
      __atomic_store_n (&pg->mr[0], x + 1, __ATOMIC_RELAXED);
      idl_page_publish (pg, IDL_PAGE_REPLY, &pg->client_sleeping);
    }
}

/* Map the page and fork the child, pinned to SERVER_CPU unless that is
   negative.  The caller's own affinity, as it is now, decides how it
   waits (idl_spin_for).  Returns 0, or -1 with errno set.  */
static int
raw_pingpong_start (struct raw_pingpong *r, int server_cpu)
{
  int sv[2];
  pid_t parent = getpid ();

  idl_spin_calibrate ();
  r->pid = -1;
  r->next = 0;
  if (socketpair (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
    return -1;
  r->pg = mmap (NULL, IDL_PAGE_SIZE, PROT_READ | PROT_WRITE,
		MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (r->pg == MAP_FAILED)
    {
      close (sv[0]);
      close (sv[1]);
      return -1;
    }
  __atomic_store_n (&r->pg->client_cpu, idl_sole_cpu (), __ATOMIC_RELAXED);
  r->pid = fork ();
  if (r->pid < 0)
    {
      munmap (r->pg, IDL_PAGE_SIZE);
      close (sv[0]);
      close (sv[1]);
      return -1;
    }
  if (r->pid == 0)
    {
      /* Die with the parent; if it is already gone, do not wait for a
	 signal that will never come.  */
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () != parent)
	_exit (1);
      close (sv[0]);
      if (server_cpu >= 0)
	{
	  cpu_set_t set;
	  CPU_ZERO (&set);
	  CPU_SET (server_cpu, &set);
	  if (sched_setaffinity (0, sizeof set, &set) != 0)
	    _exit (2);		/* the parent sees the peer gone */
	}
      raw_pingpong_serve (r->pg, sv[1]);
      _exit (0);
    }
  close (sv[1]);
  r->sock = sv[0];
  return 0;
}

/* N round trips, each reply checked.  Returns 0, or -1 if the child
   died or answered something else.  */
static int
raw_pingpong_run (struct raw_pingpong *r, long n)
{
  struct idl_page *pg = r->pg;
  int cpu = idl_sole_cpu ();

  for (long i = 0; i < n; i++, r->next++)
    {
      int s;
      __atomic_store_n (&pg->mr[0], r->next, __ATOMIC_RELAXED);
      idl_page_publish (pg, IDL_PAGE_REQUEST, &pg->server_sleeping);
      uint64_t sp = idl_spin_for (cpu, &pg->server_cpu);
      while ((s = idl_page_wait (pg, &pg->client_sleeping, 0, sp, r->sock,
				 NULL, NULL, IDL_SLICE_UNTIMED))
	     == IDL_WAIT_SLICE)
	sp = 0;
      if (s != IDL_PAGE_REPLY
	  || __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED) != r->next + 1)
	return -1;
    }
  return 0;
}

/* Kill and reap the child; release the page and the socket.  */
static void
raw_pingpong_stop (struct raw_pingpong *r)
{
  if (r->pid > 0)
    {
      kill (r->pid, SIGKILL);
      waitpid (r->pid, NULL, 0);
      r->pid = -1;
      munmap (r->pg, IDL_PAGE_SIZE);
      close (r->sock);
    }
}

#endif /* RAW_PINGPONG_H */
