/* idltest.h -- shared helpers for idlstub's run tests.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   CHECK (expr) prints the failing expression with its location and
   aborts the test (libffi's CHECK habit).  idltest_fork_server runs a
   server in a child process and returns once its socket is listening,
   so a run test has two real processes talking through the kernel.
   idltest_count_fds and idltest_count_maps count what a leak would
   leave behind.  */

#ifndef IDLTEST_H
#define IDLTEST_H

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "idlrt.h"

#define CHECK(expr)							\
  do									\
    {									\
      if (!(expr))							\
	{								\
	  fprintf (stderr, "%s:%d: CHECK failed: %s\n", __FILE__,	\
		   __LINE__, #expr);					\
	  abort ();							\
	}								\
    }									\
  while (0)

/* How many descriptors this process has open, the one reading
   /proc/self/fd not counted.  */
static inline long
idltest_count_fds (void)
{
  long n = 0;
  DIR *d = opendir ("/proc/self/fd");
  CHECK (d != NULL);
  for (struct dirent *e; (e = readdir (d));)
    n += e->d_name[0] != '.';
  closedir (d);
  return n - 1;
}

/* How many mappings this process has (lines of /proc/self/maps).  */
static inline long
idltest_count_maps (void)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  long n = 0;
  int c;
  CHECK (f != NULL);
  while ((c = getc (f)) != EOF)
    n += c == '\n';
  fclose (f);
  return n;
}

/* A socket name unique to this test process: "@idltest-<tag>-<pid>".  */
static inline const char *
idltest_name (const char *tag)
{
  static char buf[108];
  snprintf (buf, sizeof buf, "@idltest-%s-%ld", tag, (long) getpid ());
  return buf;
}

/* Fork a server for IFACE under NAME, serving in the mode
   idl_server_set_workers (WORKERS) chooses, after SETUP (SRV, ARG) if
   SETUP is not NULL (in the child: access control, limits); return its
   pid once clients can connect.  The child serves until killed or
   stopped, then exits.  */
static inline pid_t
idltest_fork_server_setup (const char *name, const idl_interface_t *iface,
			   idl_dispatch_fn dispatch, unsigned workers,
			   void (*setup) (idl_server_t *, void *), void *arg)
{
  int ready[2];
  CHECK (pipe (ready) == 0);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      int err = 0;
      /* A test that fails aborts without killing its server; the server
	 must not outlive it, or it holds the harness's output pipe open
	 and the test hangs instead of failing.  */
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () == 1)
	_exit (2);
      close (ready[0]);
      idl_server_t *srv = idl_server_create (name, iface, dispatch, &err);
      if (!srv || idl_server_set_workers (srv, workers) != 0)
	{
	  fprintf (stderr, "idl_server_create: %s\n", idl_strerror (err));
	  _exit (2);
	}
      if (setup)
	setup (srv, arg);
      char ok = 1;
      if (write (ready[1], &ok, 1) != 1)
	_exit (2);
      close (ready[1]);
      int rc = idl_server_run (srv);
      idl_server_destroy (srv);
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

/* The same, without a setup.  */
static inline pid_t
idltest_fork_server_workers (const char *name, const idl_interface_t *iface,
			     idl_dispatch_fn dispatch, unsigned workers)
{
  return idltest_fork_server_setup (name, iface, dispatch, workers, NULL,
				    NULL);
}

/* The same, a server with one thread per connection.  */
static inline pid_t
idltest_fork_server (const char *name, const idl_interface_t *iface,
		     idl_dispatch_fn dispatch)
{
  return idltest_fork_server_workers (name, iface, dispatch, 0);
}

/* IFACE's descriptor under the interface name NAME: what another
   program's header for the same interface gives, for a test whose
   units hold variants of an interface under different C names (an
   interface is its name as well as its id).  Kept in a ring of 8, so
   that a few may be in use at once.  */
static inline const idl_interface_t *
idltest_as (const idl_interface_t *iface, const char *name)
{
  static idl_interface_t ring[8];
  static unsigned next;
  idl_interface_t *d = &ring[next++ % 8];
  *d = *iface;
  d->name = name;
  return d;
}

/* Connect to NAME or fail the test.  */
static inline idl_binding_t *
idltest_connect (const char *name, const idl_interface_t *iface)
{
  int err = 0;
  idl_binding_t *b = idl_connect (name, iface, &err);
  if (!b)
    {
      fprintf (stderr, "idl_connect (%s): %s\n", name, idl_strerror (err));
      abort ();
    }
  return b;
}

/* Kill the server child and reap it.  */
static inline void
idltest_stop_server (pid_t pid)
{
  int status;
  kill (pid, SIGTERM);
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
}

/* Send, through the stub ABI, a request of WORDS words (at most four,
   all 42) for operation NUMBER of interface ID, and check that the
   server rejects it as malformed.  */
static inline void
idltest_expect_badmsg (idl_binding_t *b, uint64_t id, unsigned number,
		       unsigned words)
{
  uint64_t tag = id << IDL_TAG_IFACE_SHIFT
		 | (uint64_t) number << IDL_TAG_OP_SHIFT | words;
  uint64_t r = idl_call_r4 (b, tag, 42, 42, 42, 42);
  CHECK (r & IDL_TAG_ERROR);
  CHECK (idl_error (b) == IDL_E_BADMSG);
}

#endif /* IDLTEST_H */
