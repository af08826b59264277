/* { dg-do run } */
/* Area: runtime
   Purpose: a client can require its server's uid and gid
   (idl_connect_ex, issue 21).  A squatter running as another user
   (nobody, a forked child that drops root) holds the name first: the
   real server cannot take it, a client that asks for root is refused
   with IDL_E_SERVER_ID and the squatter receives not one byte of it
   (no hello), while a client that asks for nothing, or for nobody,
   gets the squatter.  Against the real server the same requirements
   connect; a thread's own connection of a shared binding meets them
   too when the squatter took the name in between; a co-located server
   is checked against this process's ids.  Not as root: only what one
   user can test.  */

#define _GNU_SOURCE 1		/* setresuid, setresgid, accept4 */
#include <grp.h>
#include <poll.h>
#include <pthread.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "rt-common.h"

#define NOBODY 65534

static const char *name;

/* Become user and group NOBODY, for good.  */
static void
drop_privileges (void)
{
  CHECK (setgroups (0, NULL) == 0);
  CHECK (setresgid (NOBODY, NOBODY, NOBODY) == 0);
  CHECK (setresuid (NOBODY, NOBODY, NOBODY) == 0);
}

static idl_binding_t *
connect_as (unsigned flags, uid_t uid, gid_t gid, int *err)
{
  idl_connect_opts_t o = { flags, uid, gid };
  return idl_connect_ex (name, &rt_iface, &o, err);
}

static void
add_ok (idl_binding_t *b, uint64_t x, uint64_t y)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, y, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (rt_mr (b)[1] == x + y);
}

/* The raw squatter: a child that drops to nobody, binds NAME and
   listens, and never answers.  When told (a byte on GO), it takes every
   connection that came and reports on REPORT how many there were and
   how many bytes they sent in all, then exits.  */
struct squatter
{
  pid_t pid;
  int go, report;
};

static struct squatter
raw_squatter (void)
{
  int ready[2], go[2], report[2];
  struct squatter s;

  CHECK (pipe (ready) == 0 && pipe (go) == 0 && pipe (report) == 0);
  s.pid = fork ();
  CHECK (s.pid >= 0);
  if (s.pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      drop_privileges ();
      struct sockaddr_un sa = { AF_UNIX, "" };
      memcpy (sa.sun_path + 1, name + 1, strlen (name) - 1);
      socklen_t len = offsetof (struct sockaddr_un, sun_path) + strlen (name);
      int l = socket (AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0);
      CHECK (l >= 0);
      CHECK (bind (l, (struct sockaddr *) &sa, len) == 0);
      CHECK (listen (l, 64) == 0);
      CHECK (write (ready[1], "r", 1) == 1);
      char c;
      CHECK (read (go[0], &c, 1) == 1);
      long conns = 0, bytes = 0;
      for (int fd; (fd = accept4 (l, NULL, NULL, SOCK_NONBLOCK)) >= 0;)
	{
	  char buf[4096];
	  ssize_t n;
	  conns++;
	  while ((n = recv (fd, buf, sizeof buf, 0)) > 0)
	    bytes += n;
	  close (fd);
	}
      long r[2] = { conns, bytes };
      CHECK (write (report[1], r, sizeof r) == sizeof r);
      _exit (0);
    }
  close (ready[1]);
  close (go[0]);
  close (report[1]);
  char c;
  CHECK (read (ready[0], &c, 1) == 1);
  close (ready[0]);
  s.go = go[1];
  s.report = report[0];
  return s;
}

/* Let squatter S take its connections; returns how many bytes they
   sent, and checks there were CONNS of them.  */
static long
squatter_done (struct squatter s, long conns)
{
  long r[2];
  int status;
  CHECK (write (s.go, "g", 1) == 1);
  CHECK (read (s.report, r, sizeof r) == sizeof r);
  CHECK (waitpid (s.pid, &status, 0) == s.pid);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  close (s.go);
  close (s.report);
  CHECK (r[0] == conns);
  return r[1];
}

/* A real idlstub server, run by nobody: the squatter that answers.  */
static pid_t
idl_squatter (void)
{
  int ready[2];
  CHECK (pipe (ready) == 0);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      int err;
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      drop_privileges ();
      idl_server_t *srv = idl_server_create (name, &rt_iface, rt_dispatch,
					     &err);
      CHECK (srv != NULL);
      CHECK (write (ready[1], "r", 1) == 1);
      idl_server_run (srv);
      _exit (0);
    }
  close (ready[1]);
  char c;
  CHECK (read (ready[0], &c, 1) == 1);
  close (ready[0]);
  return pid;
}

static void
reap (pid_t pid)
{
  kill (pid, SIGKILL);
  CHECK (waitpid (pid, NULL, 0) == pid);
}

/* The squatter holds the name: nobody else can serve it, and a client
   that asks for root sends it nothing.  */
static void
refused_by_raw_squatter (void)
{
  struct squatter s = raw_squatter ();
  int err = 0;

  idl_server_t *real = idl_server_create (name, &rt_iface, rt_dispatch, &err);
  CHECK (real == NULL && err == IDL_E_CONNECT);

  CHECK (connect_as (IDL_CONNECT_SERVER_UID, 0, 0, &err) == NULL);
  CHECK (err == IDL_E_SERVER_ID);
  CHECK (connect_as (IDL_CONNECT_SERVER_GID, 0, 0, &err) == NULL);
  CHECK (err == IDL_E_SERVER_ID);
  CHECK (connect_as (IDL_CONNECT_SERVER_UID | IDL_CONNECT_SERVER_GID,
		     0, NOBODY, &err) == NULL);
  CHECK (err == IDL_E_SERVER_ID);
  CHECK (squatter_done (s, 3) == 0);
}

/* A squatter that answers: a client that asks for nothing is served by
   it; one that asks for root is refused; one that asks for nobody gets
   nobody.  */
static void
refused_by_idl_squatter (void)
{
  pid_t sq = idl_squatter ();
  int err = 0;

  idl_binding_t *b = idl_connect (name, &rt_iface, &err);
  CHECK (b != NULL);
  CHECK (idl_call_r4 (b, rt_tag (RT_CRED, 0), 0, 0, 0, 0)
	 == rt_tag (RT_CRED, 3));
  idl_close (b);

  CHECK (connect_as (IDL_CONNECT_SERVER_UID, 0, 0, &err) == NULL);
  CHECK (err == IDL_E_SERVER_ID);
  b = connect_as (IDL_CONNECT_SERVER_UID | IDL_CONNECT_SERVER_GID, NOBODY,
		  NOBODY, &err);
  CHECK (b != NULL && err == IDL_OK);
  add_ok (b, 20, 22);
  idl_close (b);
  reap (sq);
}

static idl_binding_t *shared;

static void *
second_thread (void *arg)
{
  (void) arg;
  /* This thread's first call makes its own connection (channel.c),
     to whoever holds the name now.  */
  uint64_t r = idl_call_r4 (shared, rt_tag (RT_ADD, 2), 1, 2, 0, 0);
  CHECK (r & IDL_TAG_ERROR);
  CHECK (idl_error (shared) == IDL_E_SERVER_ID);
  return NULL;
}

/* A binding that requires root, shared by two threads: the second
   thread connects after the real server died and the squatter took
   the name, and is refused like the binding's first connection would
   have been.  */
static void
channel_meets_requirement (void)
{
  int err;
  pid_t srv = rt_fork_server (name, rt_dispatch);
  shared = connect_as (IDL_CONNECT_SERVER_UID | IDL_CONNECT_SERVER_GID, 0, 0,
		       &err);
  CHECK (shared != NULL);
  add_ok (shared, 3, 4);
  reap (srv);
  rt_forget_server (srv);

  struct squatter s = raw_squatter ();
  pthread_t t;
  CHECK (pthread_create (&t, NULL, second_thread, NULL) == 0);
  CHECK (pthread_join (t, NULL) == 0);
  CHECK (squatter_done (s, 1) == 0);
  idl_close (shared);
}

/* The real server: the right requirements connect, others do not.  */
static void
real_server (void)
{
  int err = 0;
  pid_t srv = rt_fork_server (name, rt_dispatch);
  uid_t me = geteuid ();
  gid_t my_gid = getegid ();

  idl_binding_t *b = connect_as (IDL_CONNECT_SERVER_UID
				 | IDL_CONNECT_SERVER_GID, me, my_gid, &err);
  CHECK (b != NULL && err == IDL_OK);
  add_ok (b, 40, 2);
  idl_close (b);
  b = connect_as (IDL_CONNECT_SERVER_UID, me, 0, &err);
  CHECK (b != NULL);
  idl_close (b);
  CHECK (connect_as (IDL_CONNECT_SERVER_UID, me + 1, 0, &err) == NULL);
  CHECK (err == IDL_E_SERVER_ID);
  CHECK (connect_as (IDL_CONNECT_SERVER_GID, 0, my_gid + 1, &err) == NULL);
  CHECK (err == IDL_E_SERVER_ID);
  /* No requirement at all, and flags of zero: idl_connect.  */
  b = idl_connect_ex (name, &rt_iface, NULL, &err);
  CHECK (b != NULL);
  idl_close (b);
  b = connect_as (0, me + 1, my_gid + 1, &err);
  CHECK (b != NULL);
  idl_close (b);
  /* A requirement this library does not know is not ignored.  */
  CHECK (connect_as (4, me, my_gid, &err) == NULL && err == IDL_E_INVAL);
  rt_stop_server (srv);
}

/* A co-located server is this process, as it was at
   idl_server_create.  */
static void
colocated (void)
{
  char local[64];
  int err;
  snprintf (local, sizeof local, "%s-local", name);
  idl_server_t *srv = idl_server_create (local, &rt_iface, rt_dispatch, &err);
  CHECK (srv != NULL);
  idl_connect_opts_t o = { IDL_CONNECT_SERVER_UID | IDL_CONNECT_SERVER_GID,
			   geteuid (), getegid () };
  idl_binding_t *b = idl_connect_ex (local, &rt_iface, &o, &err);
  CHECK (b != NULL && err == IDL_OK);
  add_ok (b, 1, 1);
  idl_close (b);
  o.server_uid++;
  CHECK (idl_connect_ex (local, &rt_iface, &o, &err) == NULL);
  CHECK (err == IDL_E_SERVER_ID);
  o.server_uid--;
  o.server_gid++;
  CHECK (idl_connect_ex (local, &rt_iface, &o, &err) == NULL);
  CHECK (err == IDL_E_SERVER_ID);
  idl_server_destroy (srv);
}

int
main (void)
{
  name = idltest_name ("sid");
  rt_arm_watchdog ();

  CHECK (strcmp (idl_strerror (IDL_E_SERVER_ID), idl_strerror (IDL_E_CONNECT))
	 != 0);
  real_server ();
  colocated ();
  if (geteuid () == 0)
    {
      refused_by_raw_squatter ();
      refused_by_idl_squatter ();
      channel_meets_requirement ();
      /* The name is free again: the real server takes it.  */
      real_server ();
    }
  else
    printf ("not root: squatters of another uid not tested\n");
  return 0;
}
