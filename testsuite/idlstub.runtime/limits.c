/* { dg-do run } */
/* Area: runtime
   Purpose: a server's limits on connections, in all and per user
   (idl_server_set_limits, issue 21).  Over either, idl_connect fails
   at once with IDL_E_BUSY, and the connections already there are
   served.  A connection counts from accept, silent ones (no hello yet)
   included, until the server sees its client go, which for a closed
   binding is at once, not a sleep slice later.  The defaults (256 per
   user) hold; 0 is no limit; the descriptor limit caps the count
   whatever the program asked; co-located bindings do not count.  Run
   with a thread per connection, with two workers and from a poll loop
   (idl_server_fd, idl_server_serve_ready).  Waits are for events; the
   times they may take are bounds on a failure only, wide enough for a
   loaded machine, and the waits measured are printed.  */

#define _GNU_SOURCE 1		/* setresuid, setresgid */
#include <grp.h>
#include <sys/resource.h>
#include "rt-common.h"
#include "idlhostile.h"

#define NOBODY 65534

static const char *name;

static void
add_ok (idl_binding_t *b, uint64_t x, uint64_t y)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, y, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (rt_mr (b)[1] == x + y);
}

static idl_binding_t *
try_connect (int *err)
{
  return idl_connect (name, &rt_iface, err);
}

/* Open N bindings into B, each checked with a call.  */
static void
open_n (idl_binding_t **b, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    {
      b[i] = idltest_connect (name, &rt_iface);
      add_ok (b[i], i, 1);
    }
}

static void
close_n (idl_binding_t **b, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    idl_close (b[i]);
}

static void
busy (void)
{
  int err = 0;
  CHECK (try_connect (&err) == NULL);
  CHECK (err == IDL_E_BUSY);
}

/* How long a place may take to come free before the test fails: the
   server sees a closed binding go at once, but a loaded machine (two
   cores and other work) may not run it for a while.  */
#define FREE_WITHIN_MS 10000

/* The server's mode, in words.  */
static const char *
mode_name (unsigned workers)
{
  return workers == (unsigned) RT_WORKERS_LOOP ? "loop"
	 : workers ? "workers" : "threads";
}

/* Connect, retrying while the server is busy for at most MS
   milliseconds; returns the binding (checked with a call) and stores
   how long it took in *WAITED.  */
static idl_binding_t *
connect_within (double ms, double *waited)
{
  double t0 = rt_now_ms ();
  for (;;)
    {
      int err = 0;
      idl_binding_t *b = try_connect (&err);
      if (b)
	{
	  *waited = rt_now_ms () - t0;
	  add_ok (b, 2, 2);
	  return b;
	}
      CHECK (err == IDL_E_BUSY);
      CHECK (rt_now_ms () - t0 < ms);
      usleep (200);
    }
}

struct limits
{
  unsigned max_conns, max_per_uid;
  rlim_t nofile;		/* 0: leave RLIMIT_NOFILE */
};

static void
setup (idl_server_t *srv, void *arg)
{
  struct limits *l = arg;
  if (l->nofile)
    {
      struct rlimit r;
      CHECK (getrlimit (RLIMIT_NOFILE, &r) == 0);
      r.rlim_cur = l->nofile;
      CHECK (setrlimit (RLIMIT_NOFILE, &r) == 0);
    }
  if (l->max_conns != ~0u)
    CHECK (idl_server_set_limits (srv, l->max_conns, l->max_per_uid) == 0);
}

static pid_t
start (unsigned workers, unsigned max_conns, unsigned max_per_uid,
       rlim_t nofile)
{
  struct limits l = { max_conns, max_per_uid, nofile };
  return rt_fork_server_setup (name, rt_dispatch, workers, setup, &l);
}

/* A child that becomes nobody, opens HOLD connections (each must work)
   and tries one more, and exits with that one's result.  */
static int
nobody_holds (unsigned hold)
{
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      idl_binding_t *b[16];
      int err = IDL_OK;
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      CHECK (setgroups (0, NULL) == 0);
      CHECK (setresgid (NOBODY, NOBODY, NOBODY) == 0);
      CHECK (setresuid (NOBODY, NOBODY, NOBODY) == 0);
      open_n (b, hold);
      idl_binding_t *more = try_connect (&err);
      if (more)
	idl_close (more);
      close_n (b, hold);
      _exit (err);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid);
  CHECK (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* 8 in all, 5 per user.  */
static void
per_user_and_total (unsigned workers)
{
  idl_binding_t *b[8];
  pid_t srv = start (workers, 8, 5, 0);

  open_n (b, 5);
  busy ();
  if (geteuid () == 0)
    /* Nobody has its own 5, but only 3 are left in all.  */
    CHECK (nobody_holds (3) == IDL_E_BUSY);
  for (unsigned i = 0; i < 5; i++)
    add_ok (b[i], 10, i);

  /* At the limit, a binding closed is a place free again (the closing
     client wakes its connection's thread, so it is not a sleep slice
     later; the longest wait is printed, not asserted), again and
     again.  */
  double worst = 0;
  for (unsigned i = 0; i < 100; i++)
    {
      double waited;
      idl_close (b[i % 5]);
      b[i % 5] = connect_within (FREE_WITHIN_MS, &waited);
      if (waited > worst)
	worst = waited;
    }
  busy ();
  close_n (b, 5);
  printf ("%s: at the limit, 100 closes and connects: the longest "
	  "wait for the place %.2f ms\n", mode_name (workers), worst);
  rt_stop_server (srv);
}

/* A connection that has not said hello counts; once its client hangs
   up, it does not.  */
static void
silent_ones_count (unsigned workers)
{
  pid_t srv = start (workers, 2, 2, 0);
  int raw[2];
  double waited;

  for (unsigned i = 0; i < 2; i++)
    CHECK ((raw[i] = hostile_raw_connect (name)) >= 0);
  /* The server has them once it accepted them: connect until busy.  */
  double t0 = rt_now_ms ();
  for (;;)
    {
      int err = 0;
      idl_binding_t *b = try_connect (&err);
      if (!b)
	{
	  CHECK (err == IDL_E_BUSY);
	  break;
	}
      idl_close (b);
      CHECK (rt_now_ms () - t0 < FREE_WITHIN_MS);
      usleep (1000);
    }
  close (raw[0]);
  close (raw[1]);
  idl_binding_t *b = connect_within (FREE_WITHIN_MS, &waited);
  idl_close (b);
  rt_stop_server (srv);
}

/* The defaults: 256 connections of one user, and not one more.  */
static void
defaults (unsigned workers)
{
  static idl_binding_t *b[IDL_DEFAULT_MAX_PER_UID];
  pid_t srv = start (workers, ~0u, 0, 0);

  open_n (b, IDL_DEFAULT_MAX_PER_UID);
  busy ();
  add_ok (b[0], 1, 1);
  close_n (b, IDL_DEFAULT_MAX_PER_UID);
  rt_stop_server (srv);
}

/* 0: no limit, past the default.  */
static void
unlimited (unsigned workers)
{
  static idl_binding_t *b[IDL_DEFAULT_MAX_PER_UID + 10];
  pid_t srv = start (workers, 0, 0, 0);

  open_n (b, IDL_DEFAULT_MAX_PER_UID + 10);
  close_n (b, IDL_DEFAULT_MAX_PER_UID + 10);
  rt_stop_server (srv);
}

/* The descriptor limit wins: IDL_FD_RESERVE + 6 descriptors leave room
   for 6 connections, whatever the program asked for.  */
static void
descriptor_cap (unsigned workers)
{
  idl_binding_t *b[6];
  pid_t srv = start (workers, 100, 100, IDL_FD_RESERVE + 6);

  open_n (b, 6);
  busy ();
  close_n (b, 6);
  rt_stop_server (srv);
}

/* Co-located bindings cost no descriptor and are not counted.  */
static void
colocated (void)
{
  char local[64];
  int err;
  idl_binding_t *b[3];
  snprintf (local, sizeof local, "%s-local", name);
  idl_server_t *srv = idl_server_create (local, &rt_iface, rt_dispatch, &err);
  CHECK (srv != NULL);
  CHECK (idl_server_set_limits (srv, 1, 1) == 0);
  for (unsigned i = 0; i < 3; i++)
    {
      b[i] = idl_connect (local, &rt_iface, &err);
      CHECK (b[i] != NULL);
      add_ok (b[i], i, i);
    }
  close_n (b, 3);
  idl_server_destroy (srv);
}

int
main (void)
{
  name = idltest_name ("limits");
  CHECK (strcmp (idl_strerror (IDL_E_BUSY), idl_strerror (IDL_E_REFUSED))
	 != 0);
  static const unsigned modes[] = { 0, 2, (unsigned) RT_WORKERS_LOOP };
  for (unsigned m = 0; m < sizeof modes / sizeof modes[0]; m++)
    {
      unsigned workers = modes[m];
      per_user_and_total (workers);
      silent_ones_count (workers);
      defaults (workers);
      unlimited (workers);
      descriptor_cap (workers);
    }
  colocated ();
  if (geteuid () != 0)
    printf ("not root: limits of other users not tested\n");
  return 0;
}
