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

#include <stdint.h>
#include <time.h>
#include "idltest.h"

#define RT_IFACE_ID 0x52540001u

static const idl_interface_t rt_iface __attribute__ ((unused))
  = { "rt", RT_IFACE_ID, 3, 0x0123456789abcdefULL };

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
  RT_STOP = 10		/* idl_server_stop, then reply nothing */
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

/* idltest_fork_server for the rt interface, with clean-up on failure.  */
static inline pid_t __attribute__ ((unused))
rt_fork_server (const char *name, idl_dispatch_fn dispatch)
{
  rt_arm_watchdog ();
  pid_t pid = idltest_fork_server (name, &rt_iface, dispatch);
  for (unsigned i = 0; i < sizeof rt_servers / sizeof rt_servers[0]; i++)
    if (rt_servers[i] == 0)
      {
	rt_servers[i] = pid;
	break;
      }
  return pid;
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
    [RT_ONEWAY_REPLY] = 0, [RT_ADD] = 2, [RT_STOP] = 0
  };
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
    case RT_SLEEP:
      {
	struct timespec ts = { msg[1] / 1000, (msg[1] % 1000) * 1000000 };
	while (nanosleep (&ts, &ts) != 0)
	  ;
	return rt_tag (op, 0);
      }
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
    default:
      return IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
    }
}

#endif /* RT_COMMON_H */
