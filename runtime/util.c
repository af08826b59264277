/* util.c -- small helpers both sides of libidlrt share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Here so that no file of the client and none of the server calls the
   other for them (internal.h declares them): socket names, the CPU a
   thread is confined to, the monotonic clock, private message buffers,
   and closing a call's descriptors once.  Not on the call path: libc
   freely.  */

#define _GNU_SOURCE 1		/* CPU_COUNT */
#include <pthread.h>
#include <stddef.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

unsigned
idl_sockaddr (struct sockaddr_un *sa, const char *name)
{
  size_t len;

  if (!name || !*name)
    return 0;
  len = strlen (name);
  memset (sa, 0, sizeof *sa);
  sa->sun_family = AF_UNIX;
  if (name[0] == '@')
    {
      /* Abstract namespace: a leading NUL, then the name without '@';
	 the address length, not a terminator, says where it ends.  */
      if (len > sizeof sa->sun_path)
	return 0;
      memcpy (sa->sun_path + 1, name + 1, len - 1);
      return offsetof (struct sockaddr_un, sun_path) + len;
    }
  if (len >= sizeof sa->sun_path)
    return 0;
  memcpy (sa->sun_path, name, len + 1);
  return sizeof *sa;
}

int
idl_sole_cpu (void)
{
  cpu_set_t set;

  if (sched_getaffinity (0, sizeof set, &set) != 0 || CPU_COUNT (&set) != 1)
    return -1;
  for (int i = 0; i < CPU_SETSIZE; i++)
    if (CPU_ISSET (i, &set))
      return i;
  return -1;
}

int64_t
idl_now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The spin budget (page.h): IDL_SPIN_US microseconds from the
   environment, or IDL_SPIN_NS, in ticks of idl_ticks.  Their rate is
   the architecture's stated one, or (x86-64's time-stamp counter)
   measured over 200 us of CLOCK_MONOTONIC, which the vDSO reads from
   the same counter, so a short window is exact enough: the budget
   needs a few percent.  */
static pthread_once_t spin_once = PTHREAD_ONCE_INIT;

/* glibc's rseq registration (2.35 on): weak, so that libidlrt links
   against a C library without them and then never knows its CPU.  */
extern const ptrdiff_t __rseq_offset __attribute__ ((__weak__));
extern const unsigned int __rseq_size __attribute__ ((__weak__));

/* struct rseq's cpu_id: after the 32-bit cpu_id_start (linux/rseq.h),
   in every version of the area.  */
#define RSEQ_CPU_ID_OFFSET 4

static void
calibrate (void)
{
  uint64_t ns = IDL_SPIN_NS;
  const char *env = getenv ("IDL_SPIN_US");
  if (env && *env)
    {
      char *end;
      unsigned long long us = strtoull (env, &end, 10);
      if (*end == 0 && us <= 1000000)
	ns = us * 1000;
    }
  uint64_t hz = idl_ticks_hz ();
  if (hz == 0)
    {
      int64_t t0 = idl_now_ns (), t1;
      uint64_t c0 = idl_ticks (), c1;
      do
	{
	  t1 = idl_now_ns ();
	  c1 = idl_ticks ();
	}
      while (t1 - t0 < 200000);
      hz = (uint64_t) ((double) (c1 - c0) * 1e9 / (double) (t1 - t0));
    }
  /* A registered area is at least the original 32 bytes (__rseq_size
     is 0 when glibc did not register one).  */
  if (&__rseq_size != NULL && &__rseq_offset != NULL && __rseq_size >= 8)
    __atomic_store_n (&idl_rseq_cpu,
		      (long) __rseq_offset + RSEQ_CPU_ID_OFFSET,
		      __ATOMIC_RELAXED);
  __atomic_store_n (&idl_spin_ticks,
		    (uint64_t) ((double) ns * (double) hz / 1e9),
		    __ATOMIC_RELAXED);
}

void
idl_spin_calibrate (void)
{
  pthread_once (&spin_once, calibrate);
}

/* Anonymous memory: page-aligned (the ABI asks for 64), zero, so that a
   dispatcher that announces more reply payload than it wrote leaks
   nothing of the server's heap, only this client's own old bytes; and
   resident only where touched, so a connection whose messages are
   small costs a few KiB, not IDL_MSG_BYTES.  */
uint64_t *
idl_map_msg (void)
{
  void *p = mmap (NULL, IDL_MSG_BYTES, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

void
idl_unmap_msg (uint64_t *msg)
{
  munmap (msg, IDL_MSG_BYTES);
}

/* A dispatcher may list one descriptor twice, or hand back a request's
   descriptor as a reply's, and closing a number twice could close a
   descriptor another thread has opened under it meanwhile.  */
void
idl_close_distinct (const int *a, unsigned na, const int *b, unsigned nb)
{
  int all[2 * IDL_MAX_FDS];
  unsigned n = 0;

  for (unsigned i = 0; i < na + nb; i++)
    {
      int fd = i < na ? a[i] : b[i - na];
      unsigned j;
      if (fd < 0)
	continue;
      for (j = 0; j < n && all[j] != fd; j++)
	;
      if (j == n)
	{
	  all[n++] = fd;
	  close (fd);
	}
    }
}

/* idlrt.h names the process and user ids without <sys/types.h>, so
   that including it changes nothing of a file's feature-test macros;
   the names must be the very types, or an admit function's or a
   caller's pointers would not match.  */
_Static_assert (__builtin_types_compatible_p (idl_pid_t, pid_t)
		&& __builtin_types_compatible_p (idl_uid_t, uid_t)
		&& __builtin_types_compatible_p (idl_gid_t, gid_t),
		"idlrt.h's id types are not the C library's");
