/* syscall.h -- the few kernel primitives libidlrt's call path uses.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Picks the trampolines for the target (arch/<cpu>/syscall_arch.h) and
   wraps the calls the call path needs: futex wait, futex wake, a
   zero-timeout ppoll, sendmsg, recvmsg and close for descriptors
   passed with a message (fdpass.h), and the monotonic clock for
   deadlines.  Like musl's src/internal/syscall.h this is the
   one arch-neutral place between the trampolines and their users.  Only
   compiler built-ins and these wrappers may be used between a stub's
   call into the runtime and its return: no libc (errno, locks, PLT).

   The constants are spelled out here instead of taken from
   <linux/futex.h>, <poll.h> and <sys/socket.h> so that this header needs no C library
   or kernel headers for the target (it compiles for AArch64 with a bare
   cross compiler); when the host's headers are at hand they are checked
   against them below.  */

#ifndef IDL_SYSCALL_H
#define IDL_SYSCALL_H

#include <stdint.h>

#if defined __x86_64__
# include "arch/x86_64/syscall_arch.h"
#elif defined __aarch64__
# include "arch/aarch64/syscall_arch.h"
#else
# error "libidlrt: no system call trampolines for this architecture"
#endif

/* Futex operations.  The shared message page is mapped by two processes,
   so the private variants (FUTEX_PRIVATE_FLAG, 128), which key the wait
   queue on the caller's mm, would never pair a waiter with a waker in
   the other process: use the shared ones, keyed on the page itself.  */
#define IDL_FUTEX_WAIT 0
#define IDL_FUTEX_WAKE 1

/* The clock deadlines are measured on: never set back.  */
#define IDL_CLOCK_MONOTONIC 1

/* poll(2) event bits, the same on every Linux architecture.  */
#define IDL_POLLIN 0x0001
#define IDL_POLLERR 0x0008
#define IDL_POLLHUP 0x0010
#define IDL_POLLNVAL 0x0020
#define IDL_POLLRDHUP 0x2000

/* struct pollfd and the 64-bit kernel's struct timespec, spelled out for
   the same reason as the constants.  */
struct idl_pollfd
{
  int fd;
  short events;
  short revents;
};

struct idl_timespec
{
  long tv_sec;
  long tv_nsec;
};

/* Socket-level constants, the same on every Linux architecture we
   build for (x86-64 and the generic ABI AArch64 uses).  */
#define IDL_SOL_SOCKET 1
#define IDL_SCM_RIGHTS 1
#define IDL_MSG_CTRUNC 0x8
#define IDL_MSG_TRUNC 0x20
#define IDL_MSG_DONTWAIT 0x40
#define IDL_MSG_NOSIGNAL 0x4000
#define IDL_MSG_CMSG_CLOEXEC 0x40000000

/* The errno values the call path tells apart (negated in results).  */
#define IDL_EINTR 4
#define IDL_EBADF 9
#define IDL_EAGAIN 11
#define IDL_EINVAL 22
#define IDL_EPIPE 32
#define IDL_ECONNRESET 104
#define IDL_ENOTCONN 107

/* struct iovec, struct msghdr and struct cmsghdr of the LP64 kernel
   ABI.  The padding members are explicit so that every byte the kernel
   reads is one we wrote.  */
struct idl_iovec
{
  void *base;
  unsigned long len;
};

struct idl_msghdr
{
  void *name;
  int namelen;
  int pad1;
  struct idl_iovec *iov;
  unsigned long iovlen;
  void *control;
  unsigned long controllen;
  int flags;
  int pad2;
};

struct idl_cmsghdr
{
  unsigned long len;		/* header and data, without trailing pad */
  int level;
  int type;
  /* data follows, aligned to 8 */
};

/* CMSG_LEN and CMSG_SPACE for this ABI: the header is 16 bytes and
   control messages are padded to 8.  */
#define IDL_CMSG_LEN(n) (sizeof (struct idl_cmsghdr) + (n))
#define IDL_CMSG_SPACE(n) (sizeof (struct idl_cmsghdr) + (((n) + 7) & ~7ul))

_Static_assert (sizeof (long) == 8, "libidlrt assumes an LP64 kernel ABI");
_Static_assert (sizeof (struct idl_pollfd) == 8, "struct pollfd layout");
_Static_assert (sizeof (struct idl_timespec) == 16, "struct timespec layout");
_Static_assert (sizeof (struct idl_iovec) == 16, "struct iovec layout");
_Static_assert (sizeof (struct idl_msghdr) == 56, "struct msghdr layout");
_Static_assert (sizeof (struct idl_cmsghdr) == 16, "struct cmsghdr layout");

#if defined __has_include
# if __has_include(<linux/futex.h>) && __has_include(<poll.h>) \
     && __has_include(<sys/syscall.h>)
#  include <linux/futex.h>
#  include <poll.h>
#  include <sys/syscall.h>
_Static_assert (IDL_FUTEX_WAIT == FUTEX_WAIT, "FUTEX_WAIT");
_Static_assert (IDL_FUTEX_WAKE == FUTEX_WAKE, "FUTEX_WAKE");
_Static_assert (IDL_POLLIN == POLLIN && IDL_POLLERR == POLLERR
		&& IDL_POLLHUP == POLLHUP && IDL_POLLNVAL == POLLNVAL,
		"poll bits");
#  ifdef POLLRDHUP		/* only with _GNU_SOURCE */
_Static_assert (IDL_POLLRDHUP == POLLRDHUP, "POLLRDHUP");
#  endif
_Static_assert (IDL_NR_futex == SYS_futex, "futex syscall number");
_Static_assert (IDL_NR_ppoll == SYS_ppoll, "ppoll syscall number");
_Static_assert (IDL_NR_sched_yield == SYS_sched_yield,
		"sched_yield syscall number");
_Static_assert (IDL_NR_close == SYS_close, "close syscall number");
_Static_assert (IDL_NR_sendmsg == SYS_sendmsg, "sendmsg syscall number");
_Static_assert (IDL_NR_recvmsg == SYS_recvmsg, "recvmsg syscall number");
_Static_assert (IDL_NR_clock_gettime == SYS_clock_gettime,
		"clock_gettime syscall number");
# endif
# if __has_include(<time.h>)
#  include <time.h>
#  ifdef CLOCK_MONOTONIC		/* not in strict ISO C modes */
_Static_assert (IDL_CLOCK_MONOTONIC == CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
#  endif
# endif
# if __has_include(<sys/socket.h>) && __has_include(<errno.h>)
#  include <errno.h>
#  include <stddef.h>
#  include <sys/socket.h>
_Static_assert (IDL_SOL_SOCKET == SOL_SOCKET && IDL_SCM_RIGHTS == SCM_RIGHTS,
		"SCM_RIGHTS");
_Static_assert (IDL_MSG_CTRUNC == MSG_CTRUNC && IDL_MSG_TRUNC == MSG_TRUNC
		&& IDL_MSG_DONTWAIT == MSG_DONTWAIT
		&& IDL_MSG_NOSIGNAL == MSG_NOSIGNAL, "MSG_* flags");
#  ifdef MSG_CMSG_CLOEXEC
_Static_assert (IDL_MSG_CMSG_CLOEXEC == MSG_CMSG_CLOEXEC, "MSG_CMSG_CLOEXEC");
#  endif
_Static_assert (IDL_EINTR == EINTR && IDL_EBADF == EBADF
		&& IDL_EAGAIN == EAGAIN && IDL_EINVAL == EINVAL
		&& IDL_EPIPE == EPIPE && IDL_ECONNRESET == ECONNRESET
		&& IDL_ENOTCONN == ENOTCONN, "errno values");
_Static_assert (sizeof (struct msghdr) == sizeof (struct idl_msghdr)
		&& offsetof (struct msghdr, msg_iov)
		   == offsetof (struct idl_msghdr, iov)
		&& offsetof (struct msghdr, msg_control)
		   == offsetof (struct idl_msghdr, control)
		&& offsetof (struct msghdr, msg_flags)
		   == offsetof (struct idl_msghdr, flags), "struct msghdr");
_Static_assert (sizeof (struct cmsghdr) == sizeof (struct idl_cmsghdr)
		&& CMSG_LEN (12) == IDL_CMSG_LEN (12)
		&& CMSG_SPACE (12) == IDL_CMSG_SPACE (12), "struct cmsghdr");
# endif
#endif

/* Sleep while *WORD == EXPECTED, for at most NSEC nanoseconds, or
   until woken if NSEC is negative.  Returns 0 when woken, -EAGAIN (-11)
   when *WORD already differed, -ETIMEDOUT or -EINTR; callers recheck
   the word in every case, so the value only matters for diagnostics.
   A timed wait arms a kernel timer and cancels it when woken, which on
   one CPU, where every round trip sleeps twice, was most of what a
   call cost over a plain futex ping-pong (issue 22: some 450 ns a
   round trip on a virtual machine); so waits that need no deadline
   pass none (page.h says what keeps them from hanging).  */
static inline long
idl_futex_wait (const uint32_t *word, uint32_t expected, long nsec)
{
  struct idl_timespec ts;
  long r;

  if (nsec < 0)
    r = idl_syscall4 (IDL_NR_futex, (long) word, IDL_FUTEX_WAIT,
		      (long) expected, 0L);
  else
    {
      ts.tv_sec = nsec / 1000000000L;
      ts.tv_nsec = nsec % 1000000000L;
      r = idl_syscall4 (IDL_NR_futex, (long) word, IDL_FUTEX_WAIT,
			(long) expected, (long) &ts);
    }
  /* We may have slept: see idl_refill_return_stack (arch/).  */
  idl_refill_return_stack ();
  return r;
}

/* Wake up to COUNT waiters on WORD.  */
static inline long
idl_futex_wake (const uint32_t *word, int count)
{
  long r = idl_syscall3 (IDL_NR_futex, (long) word, IDL_FUTEX_WAKE, count);
  /* The woken thread may have run before we return (wake-up
     preemption): see idl_refill_return_stack (arch/).  */
  idl_refill_return_stack ();
  return r;
}

/* Let another runnable thread have this CPU (page.h, struct
   idl_spin).  */
static inline void
idl_sched_yield (void)
{
  idl_syscall0 (IDL_NR_sched_yield);
  /* Another task may have run: see idl_refill_return_stack (arch/).  */
  idl_refill_return_stack ();
}

/* Nonzero if the peer at the other end of connected socket FD is gone
   (hung up, error, or FD is no longer open).  Never blocks: a zero
   timeout.  */
static inline int
idl_peer_gone (int fd)
{
  struct idl_pollfd p = { fd, IDL_POLLRDHUP, 0 };
  struct idl_timespec zero = { 0, 0 };
  long n = idl_syscall5 (IDL_NR_ppoll, (long) &p, 1, (long) &zero, 0, 0);
  if (n < 0)
    /* -EINTR cannot happen with a zero timeout and no sigmask; anything
       else means the descriptor itself is unusable.  */
    return n != -4;
  return (p.revents
	  & (IDL_POLLHUP | IDL_POLLRDHUP | IDL_POLLERR | IDL_POLLNVAL)) != 0;
}

/* close(2).  Its result is ignored everywhere: after EINTR Linux has
   closed the descriptor all the same, and there is nothing else to
   do.  */
static inline void
idl_sys_close (int fd)
{
  idl_syscall1 (IDL_NR_close, fd);
}

/* sendmsg(2) and recvmsg(2): the byte count or -errno.  */
static inline long
idl_sys_sendmsg (int fd, const struct idl_msghdr *m, int flags)
{
  return idl_syscall3 (IDL_NR_sendmsg, fd, (long) m, flags);
}

static inline long
idl_sys_recvmsg (int fd, struct idl_msghdr *m, int flags)
{
  return idl_syscall3 (IDL_NR_recvmsg, fd, (long) m, flags);
}

/* CLOCK_MONOTONIC in nanoseconds.  The system call, not the vDSO that
   libc's clock_gettime uses: finding the vDSO needs the C library, and
   the call path reads the clock only once it has to sleep anyway (see
   call.c), so the difference does not show.  */
static inline int64_t
idl_clock_ns (void)
{
  struct idl_timespec ts = { 0, 0 };
  idl_syscall2 (IDL_NR_clock_gettime, IDL_CLOCK_MONOTONIC, (long) &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

#endif /* IDL_SYSCALL_H */
