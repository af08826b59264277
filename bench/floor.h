/* floor.h -- two round-trip floors that owe nothing to idlstub.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   bench/raw-pingpong.h times the runtime's own page protocol: a floor
   that idlstub's code defines, so it says nothing about how far that
   code is from what the machine allows.  The two yardsticks here are
   written from scratch, with no runtime header, in plain C:

     spin   one word, the ball, passed back and forth: the client
            stores an odd number and spins until it reads the next even
            one; the child spins until it reads an odd one and stores
            the next.  Nothing sleeps, nothing calls the kernel: one
            cache line moved each way, the fastest cross-CPU round trip
            there is.  Meaningless on one CPU (the spinner holds the
            CPU its peer needs), so only run between two.
     futex  the same exchange through two 32-bit words with the usual
            spin-then-sleep wait: spin on the word for up to
            FLOOR_SPIN_NS of CLOCK_MONOTONIC time (none when both sides
            are pinned to the same CPU), then FUTEX_WAIT; the publisher
            calls FUTEX_WAKE only when the waiter's sleep flag is set
            (stored before the wait, sequentially consistent with the
            publisher's store, so no wake-up is lost).  Between two
            CPUs it answers while spinning, like spin; on one CPU it is
            the two context switches a round trip needs there.

   So the spin floor is what a cross-CPU call can cost at best, and the
   futex floor what it costs at best on one CPU; bench/latency reports
   null and tiny against both, measured in the same rounds (issue 22).

   The spin child must not hold its CPU between rounds, where other
   benchmarks' servers run on it: the parent opens a round (ACTIVE = 1,
   a futex wake), and the child spins only while it is open; between
   rounds it sleeps on ACTIVE.

     struct floor_pingpong f;
     floor_start (&f, FLOOR_SPIN, 1, 0);  // child on CPU 1, we are on 0
     floor_run (&f, 1000);                // 1000 round trips, checked
     floor_stop (&f);                     // kill and reap the child  */

#ifndef FLOOR_H
#define FLOOR_H

#ifndef _GNU_SOURCE
# error "floor.h: define _GNU_SOURCE before including any header"
#endif

#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum floor_kind { FLOOR_SPIN, FLOOR_FUTEX };

/* How long a futex waiter spins before it sleeps, when the peer has a
   CPU of its own: long enough that no answer on an idle machine comes
   after it (a cross-CPU round trip takes well under a microsecond;
   waking a sleeper, several), so that the floor is the spinning one.  */
#define FLOOR_SPIN_NS 100000

/* The shared area.  The spin kind passes one word back and forth: the
   client stores an odd number, the child answers with the next even
   one, so a round trip moves one cache line twice, the least any
   exchange through memory can.  Every other word lives 256 bytes away
   from the rest: Intel's spatial prefetcher fetches lines in aligned
   pairs, and two busy words in one pair would cost transfers a real
   floor does not have.  */
struct floor_shared
{
  _Alignas (256) uint64_t ball;	/* spin: odd from the client, even back */
  _Alignas (256) uint32_t active;	/* spin: a round is open */
  _Alignas (256) uint32_t req;	/* futex: request count, the child waits */
  uint32_t req_sleeping;	/* the child sleeps on REQ */
  _Alignas (256) uint32_t rep;	/* futex: reply count, the client waits */
  uint32_t rep_sleeping;	/* the client sleeps on REP */
};

struct floor_pingpong
{
  enum floor_kind kind;
  struct floor_shared *sh;	/* MAP_SHARED with the child */
  pid_t pid;
  int spin;			/* futex: spin before sleeping */
  uint64_t next;
};

static inline void
floor_relax (void)
{
#if defined __x86_64__ || defined __i386__
  __builtin_ia32_pause ();
#elif defined __aarch64__
  __asm__ __volatile__ ("yield" ::: "memory");
#endif
}

static inline int64_t
floor_now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline void
floor_futex (uint32_t *w, int op, uint32_t v)
{
  syscall (SYS_futex, w, op, v, NULL, NULL, 0);
}

/* Wait until *W != OLD, spinning first if SPIN; *SLEEPING is ours.  */
static inline uint32_t
floor_wait (uint32_t *w, uint32_t old, uint32_t *sleeping, int spin)
{
  uint32_t v;

  if (spin)
    {
      int64_t until = 0;
      for (unsigned i = 0;; i++)
	{
	  v = __atomic_load_n (w, __ATOMIC_ACQUIRE);
	  if (v != old)
	    return v;
	  floor_relax ();
	  /* The clock every 32 polls: a vDSO call costs about what a
	     few polls do.  */
	  if ((i & 31) == 31)
	    {
	      int64_t t = floor_now_ns ();
	      if (until == 0)
		until = t + FLOOR_SPIN_NS;
	      else if (t >= until)
		break;
	    }
	}
    }
  for (;;)
    {
      __atomic_store_n (sleeping, 1, __ATOMIC_SEQ_CST);
      v = __atomic_load_n (w, __ATOMIC_SEQ_CST);
      if (v == old)
	floor_futex (w, FUTEX_WAIT, old);
      __atomic_store_n (sleeping, 0, __ATOMIC_RELAXED);
      v = __atomic_load_n (w, __ATOMIC_ACQUIRE);
      if (v != old)
	return v;
    }
}

static inline void
floor_post (uint32_t *w, uint32_t v, uint32_t *peer_sleeping)
{
  __atomic_store_n (w, v, __ATOMIC_SEQ_CST);
  if (__atomic_load_n (peer_sleeping, __ATOMIC_SEQ_CST))
    floor_futex (w, FUTEX_WAKE, 1);
}

static void
floor_child (struct floor_pingpong *f)
{
  struct floor_shared *sh = f->sh;

  if (f->kind == FLOOR_FUTEX)
    for (uint32_t seen = 0;;)
      {
	seen = floor_wait (&sh->req, seen, &sh->req_sleeping, f->spin);
	floor_post (&sh->rep, seen, &sh->rep_sleeping);
      }
  /* The round flag is looked at only once in a while, so that the
     answer loop touches the ball's line alone.  */
  for (unsigned i = 0;; i++)
    {
      if ((i & 1023) == 0)
	while (!__atomic_load_n (&sh->active, __ATOMIC_ACQUIRE))
	  floor_futex (&sh->active, FUTEX_WAIT, 0);
      uint64_t v = __atomic_load_n (&sh->ball, __ATOMIC_ACQUIRE);
      if (v & 1)
	__atomic_store_n (&sh->ball, v + 1, __ATOMIC_RELEASE);
      else
	floor_relax ();
    }
}

static void
floor_pin (int cpu)
{
  cpu_set_t set;
  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  if (sched_setaffinity (0, sizeof set, &set) != 0)
    _exit (2);
}

/* Map the shared lines and fork the child of KIND on CHILD_CPU (-1:
   wherever the scheduler puts it); the caller runs on MY_CPU (-1: not
   pinned).  The futex kind spins unless the two are the same CPU.
   Returns 0, or -1 with errno set.  */
static int
floor_start (struct floor_pingpong *f, enum floor_kind kind, int child_cpu,
	     int my_cpu)
{
  pid_t parent = getpid ();

  f->kind = kind;
  f->next = 0;
  f->spin = child_cpu < 0 || child_cpu != my_cpu;
  f->sh = mmap (NULL, sizeof *f->sh, PROT_READ | PROT_WRITE,
		MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (f->sh == MAP_FAILED)
    return -1;
  f->pid = fork ();
  if (f->pid < 0)
    {
      munmap (f->sh, sizeof *f->sh);
      return -1;
    }
  if (f->pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () != parent)
	_exit (1);
      if (child_cpu >= 0)
	floor_pin (child_cpu);
      floor_child (f);
      _exit (0);
    }
  return 0;
}

/* N round trips, each answer checked.  Returns 0, or -1 on a wrong
   answer.  */
static int
floor_run (struct floor_pingpong *f, long n)
{
  struct floor_shared *sh = f->sh;
  int ok = 1;

  if (f->kind == FLOOR_SPIN)
    {
      __atomic_store_n (&sh->active, 1, __ATOMIC_SEQ_CST);
      floor_futex (&sh->active, FUTEX_WAKE, 1);
      for (long i = 0; i < n && ok; i++)
	{
	  uint64_t v = 2 * ++f->next - 1;
	  __atomic_store_n (&sh->ball, v, __ATOMIC_RELEASE);
	  while (__atomic_load_n (&sh->ball, __ATOMIC_ACQUIRE) != v + 1)
	    floor_relax ();
	}
      __atomic_store_n (&sh->active, 0, __ATOMIC_SEQ_CST);
      return 0;
    }
  for (long i = 0; i < n && ok; i++)
    {
      uint32_t v = (uint32_t) ++f->next;
      floor_post (&sh->req, v, &sh->req_sleeping);
      ok = floor_wait (&sh->rep, v - 1, &sh->rep_sleeping, f->spin) == v;
    }
  return ok ? 0 : -1;
}

static void
floor_stop (struct floor_pingpong *f)
{
  if (f->pid > 0)
    {
      kill (f->pid, SIGKILL);
      waitpid (f->pid, NULL, 0);
      f->pid = -1;
      munmap (f->sh, sizeof *f->sh);
    }
}

#endif /* FLOOR_H */
