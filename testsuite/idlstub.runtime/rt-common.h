/* rt-common.h -- a hand-written interface and dispatcher for the runtime
   tests.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The runtime tests do not use the plugin: this header plays its part,
   with an interface descriptor, a tag builder and a dispatcher written by
   hand in the shape idlrt.h's idl_dispatch_fn asks for.  Each operation
   computes something the client can check, so a test fails on a wrong
   value, not only on a crash.  */

#ifndef RT_COMMON_H
#define RT_COMMON_H

#include <dirent.h>
#include <poll.h>
#include <stdint.h>
#include <time.h>
#include "idltest.h"

#define RT_IFACE_ID 0x52540001u

/* The bulk operations' declared bounds (idlrt-abi.h, "Bulk items"):
   the table the plugin would emit for them (bulk-common.h has their
   dispatcher).  */
#define RT_BULK_BIG ((uint64_t) 256 << 20)
#define RT_BULK_SMALL ((uint64_t) 1 << 20)
#define RT_BULK_HOLD_MAX ((uint64_t) 16 << 20)
#define RT_BULK_ENTRY(dir, bound) ((uint64_t) (dir) << IDL_BULK_DIR_SHIFT \
				   | (bound))
static const uint64_t rt_bulk_table[] __attribute__ ((unused)) = {
  (uint64_t) 20 << IDL_BULK_OP_SHIFT | 1, RT_BULK_ENTRY (IDL_BULK_IN,
							RT_BULK_BIG),
  (uint64_t) 21 << IDL_BULK_OP_SHIFT | 1, RT_BULK_ENTRY (IDL_BULK_OUT,
							RT_BULK_BIG),
  (uint64_t) 22 << IDL_BULK_OP_SHIFT | 1, RT_BULK_ENTRY (IDL_BULK_INOUT,
							RT_BULK_BIG),
  (uint64_t) 23 << IDL_BULK_OP_SHIFT | 3,
  RT_BULK_ENTRY (IDL_BULK_IN, RT_BULK_SMALL),
  RT_BULK_ENTRY (IDL_BULK_OUT, RT_BULK_SMALL),
  RT_BULK_ENTRY (IDL_BULK_INOUT, RT_BULK_SMALL),
  (uint64_t) 24 << IDL_BULK_OP_SHIFT | 1, RT_BULK_ENTRY (IDL_BULK_IN,
							RT_BULK_HOLD_MAX),
  (uint64_t) 25 << IDL_BULK_OP_SHIFT | 1, RT_BULK_ENTRY (IDL_BULK_OUT,
							RT_BULK_HOLD_MAX),
  0
};

static const idl_interface_t rt_iface __attribute__ ((unused))
  = { .name = "rt", .id = RT_IFACE_ID, .version = 3,
      .signature = 0x0123456789abcdefULL, .bulk = rt_bulk_table };

enum rt_op
{
  RT_ECHO = 1,		/* reply: as many words as sent, each inverted */
  RT_STORE = 2,		/* one-way: remember w1; count the stores */
  RT_LOAD = 3,		/* reply: the remembered word, the store count */
  RT_PEER = 4,		/* reply: the caller's pid as the server saw it */
  RT_SLEEP = 5,		/* sleep w1 milliseconds, reply nothing */
  RT_FAIL = 6,		/* the dispatcher answers error code w1 */
  RT_BIG_REPLY = 7,	/* the dispatcher returns a count too large */
  RT_ONEWAY_REPLY = 8,	/* the dispatcher treats a call as one-way */
  RT_ADD = 9,		/* reply: w1 + w2 */
  RT_STOP = 10,		/* idl_server_stop, then reply nothing */
  /* Payload and descriptors (idlrt-abi.h).  */
  RT_XFORM = 11,	/* reply payload: the request's reversed, each
			   byte ^ 0xa5; words: its length, the request's
			   descriptor count */
  RT_FD_READ = 12,	/* read request descriptor w1 (up to 4096
			   bytes) into the reply payload; words: bytes
			   read, the request's descriptor count */
  RT_FD_OPEN = 13,	/* reply: w1 pipes' read ends, pipe i holding
			   the 8 bytes of w2 + i; word: w1 */
  RT_BAD_REPLY = 14,	/* a dispatcher bug of kind w1 (enum below) */
  RT_FD_RETURN = 15,	/* reply descriptor 0: request descriptor 0
			   itself, not a dup (the runtime must still
			   close it only once) */
  RT_STORE_X = 16,	/* one-way: remember the sum of the payload's
			   bytes plus 1000 per descriptor; count it as a
			   store; also asks to send a pipe with the
			   (discarded) reply */
  RT_CRED = 17,		/* reply: the caller's pid, uid and gid as the
			   server saw them */
  RT_SLOW_ADD = 18,	/* sleep w3 milliseconds, reply: w1 + w2 */
  RT_SLOW_OPEN = 19,	/* sleep w2 milliseconds, then as RT_FD_OPEN
			   with w1 pipes (seed 0) */
  /* Bulk items (bulk-common.h's dispatcher, rt_bulk_table).  */
  RT_BULK_IN = 20,	/* check bulk in item 0 against the pattern of
			   seed w1; reply: its length, the mismatches */
  RT_BULK_OUT = 21,	/* fill bulk out item 0 with w1 bytes of the
			   pattern of seed w2 (more than the room: only
			   the room, but w1 as the length, a bug) */
  RT_BULK_INOUT = 22,	/* check item 0 against seed w1, then refill it
			   with w2 bytes of seed w1 + 1; reply: the
			   length received, the mismatches */
  RT_BULK_MIX = 23,	/* items in, out, inout: out = in's bytes ^ 0x5a,
			   inout reversed; reply: the payload length */
  RT_BULK_HOLD = 24,	/* in item 0: sum it, write a byte to request
			   descriptor 0, read one from descriptor 1, sum
			   it again; reply: both sums */
  RT_BULK_HOLD_OUT = 25	/* write a byte to request descriptor 0, read
			   one from descriptor 1, then as RT_BULK_OUT */
};

/* RT_BAD_REPLY kinds.  */
enum rt_bad_reply
{
  RT_BAD_LEN = 1,	/* reply payload longer than IDL_PAYLOAD_MAX */
  RT_BAD_NFDS = 2,	/* more reply descriptors than IDL_MAX_FDS */
  RT_BAD_FD = 3,	/* a reply descriptor that is not open */
  RT_TWICE = 4		/* one pipe listed twice: not a bug, the client
			   gets two descriptors */
};

/* A tag for operation OP with COUNT words, in interface IFACE_ID.  */
static inline uint64_t
rt_tag_iface (uint32_t iface_id, unsigned op, unsigned count)
{
  return (uint64_t) iface_id << IDL_TAG_IFACE_SHIFT
	 | (uint64_t) op << IDL_TAG_OP_SHIFT | count;
}

static inline uint64_t
rt_tag (unsigned op, unsigned count)
{
  return rt_tag_iface (RT_IFACE_ID, op, count);
}

/* The reply words a stub would read: through the binding's first member
   (IDL_BINDING_MR_OFFSET).  */
static inline const uint64_t *
rt_mr (idl_binding_t *b)
{
  return ((uint64_t **) b)[IDL_BINDING_MR_OFFSET / sizeof (uint64_t *)];
}

/* The reply's payload and descriptors, as a stub finds them through
   the binding (IDL_BINDING_PAYLOAD_OFFSET, IDL_BINDING_FDS_OFFSET).  */
static inline uint8_t *
rt_payload (idl_binding_t *b)
{
  return *(uint8_t **) ((char *) b + IDL_BINDING_PAYLOAD_OFFSET);
}

static inline int *
rt_fds (idl_binding_t *b)
{
  return (int *) ((char *) b + IDL_BINDING_FDS_OFFSET);
}

/* After whatever a test did to B, a call that must succeed: RT_ADD of
   a number new at every call (so that a stale reply shows) and 7.  */
static inline void __attribute__ ((unused))
rt_expect_alive (idl_binding_t *b)
{
  static uint64_t i;
  i++;
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), i, 7, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (rt_mr (b)[1] == i + 7);
  CHECK (idl_error (b) == IDL_OK);
}

/* Open descriptors of process PID (0: this one).  */
static inline int __attribute__ ((unused))
rt_fd_count (pid_t pid)
{
  char path[64];
  int n = 0;
  if (pid)
    snprintf (path, sizeof path, "/proc/%ld/fd", (long) pid);
  else
    snprintf (path, sizeof path, "/proc/self/fd");
  DIR *d = opendir (path);
  if (!d)
    abort ();
  for (struct dirent *e; (e = readdir (d));)
    n += e->d_name[0] != '.';
  closedir (d);
  return n - (pid == 0);	/* not the one opendir holds */
}

/* Whether this process's watcher thread (runtime/watch.c, named
   "idl-watch") runs: from the first connection over a page to the
   close of the last, with two descriptors.  */
static inline int __attribute__ ((unused))
rt_watcher_runs (void)
{
  char path[300], comm[32];
  int found = 0;
  DIR *d = opendir ("/proc/self/task");
  if (!d)
    abort ();
  for (struct dirent *e; (e = readdir (d)) && !found;)
    {
      if (e->d_name[0] == '.')
	continue;
      snprintf (path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
      FILE *f = fopen (path, "r");
      if (f)
	{
	  found = fgets (comm, sizeof comm, f)
		  && strcmp (comm, "idl-watch\n") == 0;
	  fclose (f);
	}
    }
  closedir (d);
  return found;
}

/* Whether the watcher thread has gone, within a second: idl_close
   joins it, but an exited thread can stay listed in /proc/self/task a
   moment after its join returns (seen once in make check).  */
static int __attribute__ ((unused))
rt_watcher_gone (void)
{
  for (int i = 0; i < 100; i++)
    {
      if (!rt_watcher_runs ())
	return 1;
      usleep (10 * 1000);
    }
  return 0;
}

static inline double
rt_now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Servers forked by this test.  A failed CHECK aborts, and a hung
   call trips the watchdog; either way the servers must not outlive the
   test (an orphan would keep the harness's output pipe open).  */
#ifndef RT_WATCHDOG_SECONDS
# define RT_WATCHDOG_SECONDS 30
#endif
static pid_t rt_servers[8];

static void
rt_on_fatal (int sig)
{
  static const char msg[] = "rt-common: watchdog: the test hangs\n";

  for (unsigned i = 0; i < sizeof rt_servers / sizeof rt_servers[0]; i++)
    if (rt_servers[i] > 0)
      kill (rt_servers[i], SIGKILL);
  if (sig == SIGALRM)
    {
      ssize_t r = write (2, msg, sizeof msg - 1);
      (void) r;
    }
  signal (SIGABRT, SIG_DFL);
  raise (SIGABRT);
}

/* Abort the test if it runs too long, and kill its servers when it
   aborts.  SIGALRM belongs to the watchdog; alarms are not inherited
   by forked children.  */
static inline void
rt_arm_watchdog (void)
{
  static int armed;
  if (!armed)
    {
      armed = 1;
      signal (SIGABRT, rt_on_fatal);
      signal (SIGALRM, rt_on_fatal);
      alarm (RT_WATCHDOG_SECONDS);
    }
}

/* The mode of a server served from a poll loop (rt_fork_server_setup
   and RT_WORKERS below).  */
#define RT_WORKERS_LOOP (-1)

/* A server for the rt interface served from a poll loop of its own
   (idl_server_fd, idl_server_serve_ready), as a program with an event
   loop serves it: forked like rt_fork_server_setup, SETUP (SRV, ARG)
   if not NULL before idl_server_fd.  The child exits 0 once the server
   is stopped (RT_STOP) and destroyed.  */
static inline pid_t __attribute__ ((unused))
rt_fork_loop_server_setup (const char *name, idl_dispatch_fn dispatch,
			   void (*setup) (idl_server_t *, void *), void *arg)
{
  int ready[2];

  rt_arm_watchdog ();
  CHECK (pipe (ready) == 0);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      int err = 0, timeout = -1, fd;
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () == 1)
	_exit (2);
      close (ready[0]);
      idl_server_t *srv = idl_server_create (name, &rt_iface, dispatch, &err);
      if (srv && setup)
	setup (srv, arg);
      if (!srv || (fd = idl_server_fd (srv)) < 0
	  || idl_server_fd (srv) != fd || idl_server_run (srv) != -1
	  || idl_server_set_workers (srv, 2) != -1)
	_exit (2);
      char ok = 1;
      if (write (ready[1], &ok, 1) != 1)
	_exit (2);
      close (ready[1]);
      for (;;)
	{
	  struct pollfd p = { fd, POLLIN, 0 };
	  if (poll (&p, 1, timeout) < 0 && errno != EINTR)
	    _exit (3);
	  if (idl_server_serve_ready (srv, &timeout) < 0)
	    break;
	}
      idl_server_destroy (srv);
      _exit (0);
    }
  close (ready[1]);
  char ok = 0;
  ssize_t n;
  do
    n = read (ready[0], &ok, 1);
  while (n < 0 && errno == EINTR);
  close (ready[0]);
  CHECK (n == 1 && ok == 1);
  for (unsigned i = 0; i < sizeof rt_servers / sizeof rt_servers[0]; i++)
    if (rt_servers[i] == 0)
      {
	rt_servers[i] = pid;
	break;
      }
  return pid;
}

/* idltest_fork_server for the rt interface, serving in the mode
   idl_server_set_workers (WORKERS) chooses after SETUP (SRV, ARG) if
   not NULL (idltest_fork_server_setup), with clean-up on failure; or
   from a poll loop when WORKERS is RT_WORKERS_LOOP.  */
static inline pid_t __attribute__ ((unused))
rt_fork_server_setup (const char *name, idl_dispatch_fn dispatch,
		      unsigned workers, void (*setup) (idl_server_t *, void *),
		      void *arg)
{
  if (workers == (unsigned) RT_WORKERS_LOOP)
    return rt_fork_loop_server_setup (name, dispatch, setup, arg);
  rt_arm_watchdog ();
  pid_t pid = idltest_fork_server_setup (name, &rt_iface, dispatch, workers,
					 setup, arg);
  for (unsigned i = 0; i < sizeof rt_servers / sizeof rt_servers[0]; i++)
    if (rt_servers[i] == 0)
      {
	rt_servers[i] = pid;
	break;
      }
  return pid;
}

static inline pid_t __attribute__ ((unused))
rt_fork_server_workers (const char *name, idl_dispatch_fn dispatch,
			unsigned workers)
{
  return rt_fork_server_setup (name, dispatch, workers, NULL, NULL);
}

static inline pid_t __attribute__ ((unused))
rt_fork_loop_server (const char *name, idl_dispatch_fn dispatch)
{
  return rt_fork_loop_server_setup (name, dispatch, NULL, NULL);
}

/* The server mode of rt_fork_server: a test file can be built again in
   another mode by a file that defines RT_WORKERS and includes it;
   RT_WORKERS_LOOP serves from a poll loop (rt_fork_loop_server).  */
#ifndef RT_WORKERS
# define RT_WORKERS 0
#endif

static inline pid_t __attribute__ ((unused))
rt_fork_server (const char *name, idl_dispatch_fn dispatch)
{
  if (RT_WORKERS == RT_WORKERS_LOOP)
    return rt_fork_loop_server (name, dispatch);
  return rt_fork_server_workers (name, dispatch, RT_WORKERS);
}

/* Forget PID (reaped elsewhere, so its number may be reused).  */
static inline void
rt_forget_server (pid_t pid)
{
  for (unsigned i = 0; i < sizeof rt_servers / sizeof rt_servers[0]; i++)
    if (rt_servers[i] == pid)
      rt_servers[i] = 0;
}

/* Stop a server started by rt_fork_server.  */
static inline void __attribute__ ((unused))
rt_stop_server (pid_t pid)
{
  idltest_stop_server (pid);
  rt_forget_server (pid);
}

/* Server state; lives in the server process.  Dispatch is serialized by
   the runtime, so no locking.  */
static uint64_t rt_stored, rt_nstores;

static void
rt_sleep_ms (uint64_t ms)
{
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
  while (nanosleep (&ts, &ts) != 0)
    ;
}

static uint64_t __attribute__ ((unused))
rt_dispatch (idl_call_t *call, uint64_t *msg)
{
  uint64_t tag = msg[0];
  unsigned op = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  unsigned n = tag & IDL_TAG_COUNT_MASK;

  /* Like a generated dispatcher, check the request's size first.  */
  static const signed char words_in[] = {
    [RT_ECHO] = -1, [RT_STORE] = 1, [RT_LOAD] = 0, [RT_PEER] = 0,
    [RT_SLEEP] = 1, [RT_FAIL] = 1, [RT_BIG_REPLY] = 0,
    [RT_ONEWAY_REPLY] = 0, [RT_ADD] = 2, [RT_STOP] = 0,
    [RT_XFORM] = 0, [RT_FD_READ] = 1, [RT_FD_OPEN] = 2,
    [RT_BAD_REPLY] = 1, [RT_FD_RETURN] = 0, [RT_STORE_X] = 0,
    [RT_CRED] = 0, [RT_SLOW_ADD] = 3, [RT_SLOW_OPEN] = 2
  };
  uint8_t *req = (uint8_t *) msg + IDL_MSG_REQ_PAYLOAD;
  uint8_t *rep = (uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD;
  uint64_t len = msg[IDL_MSG_REQ_LEN], nfds = msg[IDL_MSG_REQ_NFDS];

  /* What the runtime promises every dispatcher.  */
  if (len > IDL_PAYLOAD_MAX || nfds > IDL_MAX_FDS
      || msg[IDL_MSG_REPLY_LEN] != 0 || msg[IDL_MSG_REPLY_NFDS] != 0)
    abort ();
  if (op == 0 || op >= sizeof words_in
      || (words_in[op] >= 0 && n != (unsigned) words_in[op]))
    return IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;

  switch (op)
    {
    case RT_ECHO:
      for (unsigned i = 1; i <= n; i++)
	msg[i] = ~msg[i];
      return rt_tag (op, n);
    case RT_STORE:
      rt_stored = msg[1];
      rt_nstores++;
      return IDL_TAG_ONEWAY;
    case RT_LOAD:
      msg[1] = rt_stored;
      msg[2] = rt_nstores;
      return rt_tag (op, 2);
    case RT_PEER:
      msg[1] = (uint64_t) idl_call_peer_pid (call);
      return rt_tag (op, 1);
    case RT_CRED:
      msg[1] = (uint64_t) idl_call_peer_pid (call);
      msg[2] = (uint64_t) idl_call_peer_uid (call);
      msg[3] = (uint64_t) idl_call_peer_gid (call);
      return rt_tag (op, 3);
    case RT_SLEEP:
      rt_sleep_ms (msg[1]);
      return rt_tag (op, 0);
    case RT_SLOW_ADD:
      rt_sleep_ms (msg[3]);
      msg[1] = msg[1] + msg[2];
      return rt_tag (op, 1);
    case RT_FAIL:
      return IDL_TAG_ERROR | msg[1] << IDL_TAG_OP_SHIFT;
    case RT_BIG_REPLY:
      return rt_tag (op, IDL_MR_WORDS);
    case RT_ONEWAY_REPLY:
      return IDL_TAG_ONEWAY;
    case RT_ADD:
      msg[1] = msg[1] + msg[2];
      return rt_tag (op, 1);
    case RT_STOP:
      idl_server_stop (idl_call_server (call));
      return rt_tag (op, 0);
    case RT_XFORM:
      for (uint64_t i = 0; i < len; i++)
	rep[i] = req[len - 1 - i] ^ 0xa5;
      msg[IDL_MSG_REPLY_LEN] = len;
      msg[1] = len;
      msg[2] = nfds;
      return rt_tag (op, 2);
    case RT_FD_READ:
      {
	if (msg[1] >= nfds)
	  return IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
	ssize_t r = read ((int) msg[IDL_MSG_REQ_FDS + msg[1]], rep, 4096);
	if (r < 0)
	  r = 0;
	msg[IDL_MSG_REPLY_LEN] = (uint64_t) r;
	msg[1] = (uint64_t) r;
	msg[2] = nfds;
	return rt_tag (op, 2);
      }
    case RT_SLOW_OPEN:
      rt_sleep_ms (msg[2]);
      msg[2] = 0;
      /* Fall through.  */
    case RT_FD_OPEN:
      {
	uint64_t k = msg[1] <= IDL_MAX_FDS ? msg[1] : IDL_MAX_FDS;
	for (uint64_t i = 0; i < k; i++)
	  {
	    int p[2];
	    uint64_t v = msg[2] + i;
	    if (pipe (p) != 0 || write (p[1], &v, sizeof v) != sizeof v)
	      abort ();
	    close (p[1]);
	    msg[IDL_MSG_REPLY_FDS + i] = (uint64_t) p[0];
	  }
	msg[IDL_MSG_REPLY_NFDS] = k;
	msg[1] = k;
	return rt_tag (op, 1);
      }
    case RT_BAD_REPLY:
      {
	int p[2];
	if (pipe (p) != 0)
	  abort ();
	close (p[1]);
	msg[IDL_MSG_REPLY_FDS] = (uint64_t) p[0];
	msg[IDL_MSG_REPLY_NFDS] = 1;
	switch (msg[1])
	  {
	  case RT_BAD_LEN:
	    msg[IDL_MSG_REPLY_LEN] = IDL_PAYLOAD_MAX + 1;
	    break;
	  case RT_BAD_NFDS:
	    /* The runtime cannot trust such a list: it closes none of
	       it, so we do.  */
	    close (p[0]);
	    msg[IDL_MSG_REPLY_NFDS] = IDL_MAX_FDS + 1;
	    break;
	  case RT_BAD_FD:
	    close (p[0]);
	    msg[IDL_MSG_REPLY_FDS] = 1000000;
	    break;
	  case RT_TWICE:
	    msg[IDL_MSG_REPLY_FDS + 1] = (uint64_t) p[0];
	    msg[IDL_MSG_REPLY_NFDS] = 2;
	    break;
	  }
	msg[1] = 0;
	return rt_tag (op, 1);
      }
    case RT_FD_RETURN:
      if (nfds < 1)
	return IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
      msg[IDL_MSG_REPLY_FDS] = msg[IDL_MSG_REQ_FDS];
      msg[IDL_MSG_REPLY_NFDS] = 1;
      return rt_tag (op, 0);
    case RT_STORE_X:
      {
	uint64_t sum = 1000 * nfds;
	int p[2];
	for (uint64_t i = 0; i < len; i++)
	  sum += req[i];
	rt_stored = sum;
	rt_nstores++;
	if (pipe (p) != 0)
	  abort ();
	close (p[1]);
	msg[IDL_MSG_REPLY_FDS] = (uint64_t) p[0];
	msg[IDL_MSG_REPLY_NFDS] = 1;
	return IDL_TAG_ONEWAY;
      }
    default:
      return IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
    }
}

#endif /* RT_COMMON_H */
