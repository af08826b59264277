/* onc-test.h -- the interface and helpers of the ONC RPC run tests.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The tests run on a loopback of their own (in-netns, onc.exp), so any
   free port is theirs; onct_port (onc-port.h) finds one.  A test includes this
   header in the file that serves (ONCT_SERVER defined before it gets
   the implementations and the dispatcher).  */

#ifndef ONC_TEST_H
#define ONC_TEST_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <time.h>
#include <idlstub.h>
#include "idltest.h"
#include "onc-port.h"

IDL_INTERFACE (onct, 0x4f4e43, 1);	/* program 0x204f4e43 */

IDL_OP (onct, 1) long add (idl_binding_t *b, long a, long c);
/* Sleeps MS milliseconds, then returns them.  */
IDL_OP (onct, 2) int nap (idl_binding_t *b, int ms);
IDL_OP (onct, 3) IDL_ONEWAY void note (idl_binding_t *b, long v);
IDL_OP (onct, 4) long noted (idl_binding_t *b);
/* The caller's uid as the server saw it; its gid in *GID.  */
IDL_OP (onct, 5) int who (idl_binding_t *b, IDL_OUT int *gid);
/* IN reversed into OUT; returns its length.  */
IDL_OP (onct, 6) unsigned rev (idl_binding_t *b,
			       IDL_STRING (200) IDL_IN const char *in,
			       IDL_STRING (200) IDL_OUT char *out);
/* The sum of V[0..N-1], and each plus one back in W.  */
IDL_OP (onct, 7) long sum (idl_binding_t *b,
			   IDL_SIZE_IS (n, 4096) IDL_IN const int *v,
			   IDL_SIZE_IS (n, 4096) IDL_OUT int *w, unsigned n);
/* The last value note got whose bits 40-43 were SLOT (0..15), or -1.  */
IDL_OP (onct, 8) long noted_by (idl_binding_t *b, int slot);

/* The program and version the plugin gave onct.  */
#define ONCT_PROG 0x204f4e43u
#define ONCT_VERS 1u

#ifdef ONCT_SERVER
IDL_SERVER (onct);

static long onct_noted;
static long onct_noted_by[16] = { -1, -1, -1, -1, -1, -1, -1, -1,
				  -1, -1, -1, -1, -1, -1, -1, -1 };

long
add_impl (idl_call_t *call, long a, long c)
{
  (void) call;
  return a + c;
}

int
nap_impl (idl_call_t *call, int ms)
{
  (void) call;
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
  while (nanosleep (&ts, &ts) != 0)
    ;
  return ms;
}

void
note_impl (idl_call_t *call, long v)
{
  (void) call;
  __atomic_store_n (&onct_noted, v, __ATOMIC_RELAXED);
  if (v >= 0)
    __atomic_store_n (&onct_noted_by[(v >> 40) & 15], v, __ATOMIC_RELAXED);
}

long
noted_by_impl (idl_call_t *call, int slot)
{
  (void) call;
  if (slot < 0 || slot > 15)
    return -2;
  return __atomic_load_n (&onct_noted_by[slot], __ATOMIC_RELAXED);
}

long
noted_impl (idl_call_t *call)
{
  (void) call;
  return __atomic_load_n (&onct_noted, __ATOMIC_RELAXED);
}

int
who_impl (idl_call_t *call, int *gid)
{
  *gid = (int) idl_call_peer_gid (call);
  /* The pid is nobody's word over the network.  */
  if (idl_call_peer_pid (call) != -1)
    return -2;
  return (int) idl_call_peer_uid (call);
}

unsigned
rev_impl (idl_call_t *call, const char *in, char *out)
{
  size_t n = strlen (in);
  (void) call;
  for (size_t i = 0; i < n; i++)
    out[i] = in[n - 1 - i];
  out[n] = 0;
  return (unsigned) n;
}

long
sum_impl (idl_call_t *call, const int *v, int *w, unsigned n)
{
  long s = 0;
  (void) call;
  for (unsigned i = 0; i < n; i++)
    {
      s += v[i];
      w[i] = v[i] + 1;
    }
  return s;
}
#endif /* ONCT_SERVER */

#ifdef ONCT_SERVER
/* Fork a server for onct under NAME with WORKERS (idltest.h's helper,
   but stopping cleanly on SIGTERM: idl_server_stop, then destroy, which
   unregisters from rpcbind; exit status 0).  */
static idl_server_t *onct_child_server;

static void
onct_child_stop (int sig)
{
  (void) sig;
  idl_server_stop (onct_child_server);
}

static inline pid_t
onct_fork_server (const char *name, unsigned workers)
{
  int ready[2];
  CHECK (pipe (ready) == 0);
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      int err = 0;
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () == 1)
	_exit (2);
      close (ready[0]);
      onct_child_server = idl_server_create (name, &onct, onct_dispatch,
					     &err);
      if (!onct_child_server
	  || idl_server_set_workers (onct_child_server, workers) != 0)
	{
	  fprintf (stderr, "idl_server_create (%s): %s\n", name,
		   idl_strerror (err));
	  _exit (2);
	}
      signal (SIGTERM, onct_child_stop);
      char ok = 1;
      if (write (ready[1], &ok, 1) != 1)
	_exit (2);
      close (ready[1]);
      int rc = idl_server_run (onct_child_server);
      idl_server_destroy (onct_child_server);
      _exit (rc == 0 ? 0 : 3);
    }
  close (ready[1]);
  char ok = 0;
  ssize_t n;
  do
    n = read (ready[0], &ok, 1);
  while (n < 0 && errno == EINTR);
  close (ready[0]);
  CHECK (n == 1 && ok == 1);
  return pid;
}

/* Stop a server of onct_fork_server: it must exit with status 0.  */
static inline void
onct_stop_server (pid_t pid)
{
  int status = 0;
  CHECK (kill (pid, SIGTERM) == 0);
  while (waitpid (pid, &status, 0) < 0)
    CHECK (errno == EINTR);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
}
#endif /* ONCT_SERVER */

/* "onc+PROTO://HOST:PORT" in a buffer of its own (one of four, so that
   a test can hold a few).  */
static inline const char *
onct_name (const char *proto, const char *host, int port)
{
  static char buf[4][128];
  static unsigned k;
  char *s = buf[k++ % 4];
  if (port >= 0)
    snprintf (s, 128, "onc+%s://%s:%d", proto, host, port);
  else
    snprintf (s, 128, "onc+%s://%s", proto, host);
  return s;
}

static inline double
onct_now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Connect to NAME, waiting up to a second for a server just forked.  */
static inline idl_binding_t *
onct_connect (const char *name)
{
  int err = 0;
  for (int i = 0; i < 100; i++)
    {
      idl_binding_t *b = idl_connect (name, &onct, &err);
      if (b)
	return b;
      usleep (10000);
    }
  fprintf (stderr, "idl_connect (%s): %s\n", name, idl_strerror (err));
  CHECK (0);
  return NULL;
}

#endif /* ONC_TEST_H */
