/* idlhostile.h -- hand-made messages for tests that attack a server.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A hostile client does what the runtime never would: it writes the
   shared page's header fields (page.h) with values of its choosing,
   sends socket messages the server did not ask for (descriptor floods,
   garbage, forged descriptor messages: fdpass.h), says a wrong or
   malformed hello (internal.h).  These helpers do that on a binding
   idl_connect made, so the attack starts from a real connection; they
   also measure a server process from outside (/proc) and give a
   repeatable random sequence.  White-box: they include the runtime's
   internal headers, found through the runtime's source directory.  */

#ifndef IDLHOSTILE_H
#define IDLHOSTILE_H

#include <dirent.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "idltest.h"
#include "internal.h"
#include "fdpass.h"

/* xorshift64*: deterministic, so that a failure can be replayed.  */
static inline uint64_t
hostile_rng (uint64_t *state)
{
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545f4914f6cdd1dULL;
}

static inline uint64_t
hostile_err_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

static inline double
hostile_now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* What hostile_raw_call returns when the server gave the page back
   without a reply (a one-way request).  */
#define HOSTILE_NO_REPLY ((uint64_t) -1)

/* Publish the request whose words and payload are already on B's page,
   with header fields of our choosing (page.h): TAG, sequence number
   SEQ, payload length LEN, descriptor count NFDS, none of them checked
   here, and wake the server as the runtime would.  */
static inline void
hostile_raw_post (idl_binding_t *b, uint64_t tag, uint32_t seq, uint32_t len,
		  uint32_t nfds)
{
  struct idl_page *pg = b->page;
  CHECK (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE) != IDL_PAGE_REQUEST);
  __atomic_store_n (&pg->mr[0], tag, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->seq, seq, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->payload_len, len, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->nfds, nfds, __ATOMIC_RELAXED);
  b->seq = seq;			/* keep the runtime's numbering in step */
  __atomic_store_n (&pg->state, IDL_PAGE_REQUEST, __ATOMIC_SEQ_CST);
  if (__atomic_load_n (&pg->server_sleeping, __ATOMIC_SEQ_CST)
      == IDL_SLEEP_POLL)
    idl_doorbell (b->sock, seq);
  else
    idl_futex_wake (&pg->state, 1);
}

/* hostile_raw_post, then wait (at most 5 s) for the server to give the
   page back.  Returns the reply tag, or HOSTILE_NO_REPLY if the page
   came back IDLE.  */
static inline uint64_t
hostile_raw_call (idl_binding_t *b, uint64_t tag, uint32_t seq, uint32_t len,
		  uint32_t nfds)
{
  struct idl_page *pg = b->page;
  hostile_raw_post (b, tag, seq, len, nfds);
  double t0 = hostile_now_ms ();
  while (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE) == IDL_PAGE_REQUEST)
    {
      CHECK (hostile_now_ms () - t0 < 5000);
      sched_yield ();
    }
  uint32_t s = __atomic_load_n (&pg->state, __ATOMIC_ACQUIRE);
  if (s == IDL_PAGE_IDLE)
    return HOSTILE_NO_REPLY;
  CHECK (s == IDL_PAGE_REPLY);
  uint64_t rtag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
  uint32_t rfds = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);
  /* A reply's descriptors (none expected here) would wait in our queue
     until the runtime's next receive discards them.  */
  (void) rfds;
  __atomic_store_n (&pg->state, IDL_PAGE_IDLE, __ATOMIC_RELEASE);
  return rtag;
}

/* Write words W[0..N-1] to B's message registers 1..N.  */
static inline void
hostile_put_words (idl_binding_t *b, const uint64_t *w, unsigned n)
{
  for (unsigned i = 0; i < n && i < IDL_MR_WORDS - 1; i++)
    __atomic_store_n (&b->page->mr[1 + i], w[i], __ATOMIC_RELAXED);
}

/* The most descriptors one SCM_RIGHTS message may carry (the kernel's
   SCM_MAX_FD).  */
#define HOSTILE_MAX_SCM_FDS 253

/* Send a socket message by hand on SOCK: BODY_LEN bytes of BODY and
   FDS[0..N-1] (N <= HOSTILE_MAX_SCM_FDS).  Never blocks.  Returns
   sendmsg's result.  */
static inline ssize_t
hostile_raw_send (int sock, const void *body, size_t body_len, const int *fds,
		  unsigned n)
{
  union
  {
    char buf[CMSG_SPACE (HOSTILE_MAX_SCM_FDS * sizeof (int))];
    struct cmsghdr align;
  } ctl;
  struct iovec iov = { (void *) body, body_len };
  struct msghdr m = { 0 };
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  if (n)
    {
      memset (&ctl, 0, sizeof ctl);
      m.msg_control = ctl.buf;
      m.msg_controllen = CMSG_SPACE (n * sizeof (int));
      struct cmsghdr *c = CMSG_FIRSTHDR (&m);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN (n * sizeof (int));
      memcpy (CMSG_DATA (c), fds, n * sizeof (int));
    }
  return sendmsg (sock, &m, MSG_DONTWAIT | MSG_NOSIGNAL);
}

/* A descriptor message (fdpass.h) for sequence number SEQ.  */
static inline ssize_t
hostile_send_fdmsg (int sock, uint32_t seq, const int *fds, unsigned n)
{
  struct idl_fdmsg body = { IDL_FDMSG_MAGIC, seq };
  return hostile_raw_send (sock, &body, sizeof body, fds, n);
}

/* A socket connected to server NAME ("@abstract" or a path) that has
   said nothing yet; -1 if the connection is refused.  */
static inline int
hostile_raw_connect (const char *name)
{
  struct sockaddr_un sa;
  socklen_t len;
  int fd = socket (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

  CHECK (fd >= 0);
  memset (&sa, 0, sizeof sa);
  sa.sun_family = AF_UNIX;
  if (name[0] == '@')
    {
      memcpy (sa.sun_path + 1, name + 1, strlen (name) - 1);
      len = offsetof (struct sockaddr_un, sun_path) + strlen (name);
    }
  else
    {
      strncpy (sa.sun_path, name, sizeof sa.sun_path - 1);
      len = sizeof sa;
    }
  if (connect (fd, (struct sockaddr *) &sa, len) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* Wait up to MS milliseconds for the server's answer on raw socket FD:
   1 and *W filled for a welcome-sized message, 0 if the server closed
   the connection without one, -1 for anything else (no answer in
   time, a message of another size).  Any descriptor that comes with it
   is closed.  */
static inline int
hostile_raw_welcome (int fd, struct idl_welcome *w, int ms)
{
  union
  {
    char buf[CMSG_SPACE (4 * sizeof (int))];
    struct cmsghdr align;
  } ctl;
  struct iovec iov = { w, sizeof *w };
  struct msghdr m = { 0 };
  struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
  ssize_t n;

  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  m.msg_control = ctl.buf;
  m.msg_controllen = sizeof ctl.buf;
  n = recvmsg (fd, &m, MSG_CMSG_CLOEXEC);
  for (struct cmsghdr *c = n > 0 ? CMSG_FIRSTHDR (&m) : NULL; c;
       c = CMSG_NXTHDR (&m, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
      for (size_t i = 0; i < (c->cmsg_len - CMSG_LEN (0)) / sizeof (int);
	   i++)
	{
	  int got;
	  memcpy (&got, CMSG_DATA (c) + i * sizeof (int), sizeof got);
	  close (got);
	}
  if (n == 0)
    return 0;
  return n == (ssize_t) sizeof *w ? 1 : -1;
}

/* A well-formed hello for interface IFACE (without its operation
   table: then only an equal signature connects).  */
static inline struct idl_hello
hostile_hello (const idl_interface_t *iface)
{
  struct idl_hello h;
  memset (&h, 0, sizeof h);
  h.magic = IDL_HELLO_MAGIC;
  h.wire_version = IDL_WIRE_VERSION;
  h.iface_id = iface->id;
  h.iface_version = iface->version;
  h.signature = iface->signature;
  h.name_hash = idl_name_hash (iface->name);
  return h;
}

/* Measuring a server from outside.  */

/* Entries of directory PATH but "." and "..", or -1.  */
static inline int
hostile_dir_entries (const char *path)
{
  DIR *d = opendir (path);
  int n = 0;
  if (!d)
    return -1;
  for (struct dirent *e; (e = readdir (d));)
    n += e->d_name[0] != '.';
  closedir (d);
  return n;
}

/* Open descriptors of process PID.  */
static inline int
hostile_fd_count (pid_t pid)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%ld/fd", (long) pid);
  return hostile_dir_entries (path);
}

static inline int
hostile_thread_count (pid_t pid)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%ld/task", (long) pid);
  return hostile_dir_entries (path);
}

/* Resident set of PID in KiB, from /proc/PID/statm (pages).  */
static inline long
hostile_rss_kib (pid_t pid)
{
  char path[64];
  long size = -1, resident = -1;
  snprintf (path, sizeof path, "/proc/%ld/statm", (long) pid);
  FILE *f = fopen (path, "r");
  CHECK (f != NULL);
  CHECK (fscanf (f, "%ld %ld", &size, &resident) == 2);
  fclose (f);
  return resident * (sysconf (_SC_PAGESIZE) / 1024);
}

/* Wait up to MS milliseconds for PID to hold exactly FDS descriptors
   and THREADS threads (every connection a test opened since is over);
   returns nonzero if it did.  */
static inline int
hostile_await_settled (pid_t pid, int fds, int threads, int ms)
{
  for (int i = 0; i <= ms / 10; i++)
    {
      if (hostile_fd_count (pid) == fds
	  && hostile_thread_count (pid) == threads)
	return 1;
      usleep (10 * 1000);
    }
  return 0;
}

#endif /* IDLHOSTILE_H */
