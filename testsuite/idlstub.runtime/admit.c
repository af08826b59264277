/* { dg-do run } */
/* Area: runtime
   Purpose: a server's access control at connect (issue 21):
   idl_server_allow_uid, idl_server_allow_gid (effective or
   supplementary groups) and an admit function that sees the peer's
   pid, uid, gid, groups and the interface.  A refused client's
   idl_connect fails with IDL_E_REFUSED; no implementation runs for it
   and the admit function is not asked when the lists refuse already;
   the server prints nothing (its stdout and stderr are a pipe we read
   at the end) and goes on serving the client it admitted, with the
   descriptors and threads it had, however many it refused.  Clients of
   other users are children that drop root; without root only what one
   user can test runs.  Each server is run with a thread per connection,
   with two workers and from a poll loop (idl_server_fd,
   idl_server_serve_ready); a co-located server applies the same rules
   to its own process.  */

#define _GNU_SOURCE 1		/* setresuid, setresgid */
#include <fcntl.h>
#include <grp.h>
#include <sys/mman.h>
#include "rt-common.h"
#include "idlhostile.h"

#define NOBODY 65534
#define GROUP_A 4242
#define GROUP_B 4343

/* What the server's admit function saw last, and what it must refuse:
   shared between the test and its server child.  */
struct seen
{
  long asked;			/* how many times it was called */
  pid_t pid;
  uid_t uid;
  gid_t gid;
  unsigned ngroups;
  gid_t groups[16];
  uint32_t iface_id;
  pid_t deny_pid;		/* refuse this pid */
};
static struct seen *seen;

static const char *name;
static int quiet[2];		/* the server's stdout and stderr */

static int
record_and_decide (const idl_peer_t *peer, const idl_interface_t *iface,
		   void *arg)
{
  struct seen *s = arg;
  s->pid = peer->pid;
  s->uid = peer->uid;
  s->gid = peer->gid;
  s->ngroups = peer->ngroups < 16 ? peer->ngroups : 16;
  for (unsigned i = 0; i < s->ngroups; i++)
    s->groups[i] = peer->groups[i];
  s->iface_id = iface->id;
  __atomic_add_fetch (&s->asked, 1, __ATOMIC_SEQ_CST);
  return peer->pid != __atomic_load_n (&s->deny_pid, __ATOMIC_SEQ_CST);
}

/* Server setups (in the server child).  Each first sends the child's
   stdout and stderr into QUIET.  */
enum policy
{
  ALLOW_ME,			/* our uid only */
  ALLOW_GROUP,			/* GROUP_A only */
  ADMIT_FN,			/* everyone, then the admit function */
  ALLOW_ME_AND_FN		/* our uid, then the admit function */
};

static void
setup (idl_server_t *srv, void *arg)
{
  enum policy p = (enum policy) (intptr_t) arg;
  dup2 (quiet[1], 1);
  dup2 (quiet[1], 2);
  if (p == ALLOW_ME || p == ALLOW_ME_AND_FN)
    CHECK (idl_server_allow_uid (srv, geteuid ()) == 0);
  if (p == ALLOW_GROUP)
    CHECK (idl_server_allow_gid (srv, GROUP_A) == 0);
  if (p == ADMIT_FN || p == ALLOW_ME_AND_FN)
    CHECK (idl_server_set_admit (srv, record_and_decide, seen) == 0);
}

static void
add_ok (idl_binding_t *b, uint64_t x, uint64_t y)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, y, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (rt_mr (b)[1] == x + y);
}

/* Connect once: IDL_OK after a call that worked, or the error.  */
static int
try_connect (void)
{
  int err = 0;
  idl_binding_t *b = idl_connect (name, &rt_iface, &err);
  if (!b)
    {
      CHECK (err != IDL_OK);
      return err;
    }
  add_ok (b, 5, 6);
  idl_close (b);
  return IDL_OK;
}

/* Who a child client becomes before it connects.  */
struct who
{
  uid_t uid;			/* (uid_t) -1: stay as we are */
  gid_t gid;
  unsigned ngroups;
  gid_t groups[2];
};

/* Fork a client that becomes W, connects COUNT times (each must give
   the same result) and exits with that result; returns it.  */
static int
child_connects (struct who w, unsigned count)
{
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (w.uid != (uid_t) -1)
	{
	  CHECK (setgroups (w.ngroups, w.groups) == 0);
	  CHECK (setresgid (w.gid, w.gid, w.gid) == 0);
	  CHECK (setresuid (w.uid, w.uid, w.uid) == 0);
	}
      int first = try_connect ();
      for (unsigned i = 1; i < count; i++)
	CHECK (try_connect () == first);
      _exit (first);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid);
  CHECK (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static const struct who nobody = { NOBODY, NOBODY, 0, { 0 } };
static const struct who nobody_in_a = { NOBODY, NOBODY, 1, { GROUP_A } };
static const struct who nobody_in_b = { NOBODY, NOBODY, 1, { GROUP_B } };
static const struct who gid_a = { NOBODY, GROUP_A, 0, { 0 } };
static const struct who in_a_and_b = { NOBODY, NOBODY, 2,
				       { GROUP_A, GROUP_B } };

/* Start a server with policy P in mode WORKERS, and a client of ours
   that it must go on serving whatever happens to the others.  */
static pid_t
start (enum policy p, unsigned workers, idl_binding_t **keep)
{
  pid_t srv = rt_fork_server_setup (name, rt_dispatch, workers, setup,
				    (void *) (intptr_t) p);
  if (keep)
    {
      *keep = idltest_connect (name, &rt_iface);
      add_ok (*keep, 1, 2);
    }
  return srv;
}

static void
finish (pid_t srv, idl_binding_t *keep)
{
  if (keep)
    {
      add_ok (keep, 3, 4);
      idl_close (keep);
    }
  rt_stop_server (srv);
}

/* Only our uid.  Another user is refused, however often it tries, and
   costs the server nothing it keeps.  */
static void
by_uid (unsigned workers)
{
  idl_binding_t *keep;
  pid_t srv = start (ALLOW_ME, workers, &keep);
  int fds = hostile_fd_count (srv), threads = hostile_thread_count (srv);

  CHECK (try_connect () == IDL_OK);
  if (geteuid () == 0)
    {
      CHECK (child_connects (nobody, 1) == IDL_E_REFUSED);
      /* Groups do not help when only uids are listed.  */
      CHECK (child_connects (nobody_in_a, 1) == IDL_E_REFUSED);
      CHECK (child_connects (nobody, 500) == IDL_E_REFUSED);
      add_ok (keep, 7, 8);
      CHECK (hostile_await_settled (srv, fds, threads, 20000));
    }
  finish (srv, keep);
}

/* Only GROUP_A: as the effective gid or a supplementary group.  */
static void
by_gid (unsigned workers)
{
  pid_t srv = start (ALLOW_GROUP, workers, NULL);

  CHECK (child_connects (nobody, 1) == IDL_E_REFUSED);
  CHECK (child_connects (nobody_in_b, 1) == IDL_E_REFUSED);
  CHECK (child_connects (nobody_in_a, 1) == IDL_OK);
  CHECK (child_connects (gid_a, 1) == IDL_OK);
  CHECK (child_connects (in_a_and_b, 1) == IDL_OK);
  /* Root is not in the group: refused like anyone else.  */
  CHECK (try_connect () == IDL_E_REFUSED);
  finish (srv, NULL);
}

/* The admit function: it sees who connects and what interface, and
   has the last word.  */
static void
by_function (unsigned workers)
{
  idl_binding_t *keep;
  seen->deny_pid = 0;
  pid_t srv = start (ADMIT_FN, workers, &keep);
  long asked = seen->asked;

  CHECK (try_connect () == IDL_OK);
  CHECK (seen->asked == asked + 1);
  CHECK (seen->pid == getpid () && seen->uid == geteuid ()
	 && seen->gid == getegid ());
  CHECK (seen->iface_id == RT_IFACE_ID);

  /* Refused by pid: this process, then admitted again.  */
  __atomic_store_n (&seen->deny_pid, getpid (), __ATOMIC_SEQ_CST);
  CHECK (try_connect () == IDL_E_REFUSED);
  CHECK (seen->asked == asked + 2);
  __atomic_store_n (&seen->deny_pid, 0, __ATOMIC_SEQ_CST);
  CHECK (try_connect () == IDL_OK);
  add_ok (keep, 9, 10);

  if (geteuid () == 0)
    {
      /* Another user, and its groups, as the kernel recorded them.  */
      CHECK (child_connects (in_a_and_b, 1) == IDL_OK);
      CHECK (seen->uid == NOBODY && seen->gid == NOBODY);
      CHECK (seen->ngroups == 2);
      CHECK ((seen->groups[0] == GROUP_A && seen->groups[1] == GROUP_B)
	     || (seen->groups[0] == GROUP_B && seen->groups[1] == GROUP_A));
    }
  finish (srv, keep);
}

/* Lists first: a client they refuse never reaches the function.  */
static void
lists_then_function (unsigned workers)
{
  seen->deny_pid = 0;
  pid_t srv = start (ALLOW_ME_AND_FN, workers, NULL);
  long asked = seen->asked;

  CHECK (try_connect () == IDL_OK);
  CHECK (seen->asked == asked + 1);
  if (geteuid () == 0)
    {
      CHECK (child_connects (nobody, 3) == IDL_E_REFUSED);
      CHECK (seen->asked == asked + 1);
    }
  finish (srv, NULL);
}

/* A co-located server applies its rules to this process.  */
static int refuse_all (const idl_peer_t *p, const idl_interface_t *i,
		       void *a)
{
  struct seen *s = a;
  s->pid = p->pid;
  s->uid = p->uid;
  (void) i;
  return 0;
}

static void
colocated (void)
{
  char local[64];
  int err;
  snprintf (local, sizeof local, "%s-local", name);

  idl_server_t *srv = idl_server_create (local, &rt_iface, rt_dispatch, &err);
  CHECK (srv != NULL);
  CHECK (idl_server_allow_uid (srv, geteuid () + 1) == 0);
  CHECK (idl_connect (local, &rt_iface, &err) == NULL);
  CHECK (err == IDL_E_REFUSED);
  CHECK (idl_server_allow_uid (srv, geteuid ()) == 0);
  idl_binding_t *b = idl_connect (local, &rt_iface, &err);
  CHECK (b != NULL);
  add_ok (b, 1, 1);
  idl_close (b);
  CHECK (idl_server_set_admit (srv, refuse_all, seen) == 0);
  CHECK (idl_connect (local, &rt_iface, &err) == NULL);
  CHECK (err == IDL_E_REFUSED);
  CHECK (seen->pid == getpid () && seen->uid == geteuid ());
  idl_server_destroy (srv);
}

int
main (void)
{
  name = idltest_name ("admit");
  seen = mmap (NULL, sizeof *seen, PROT_READ | PROT_WRITE,
	       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  CHECK (seen != MAP_FAILED);
  CHECK (pipe2 (quiet, O_NONBLOCK) == 0);
  CHECK (strcmp (idl_strerror (IDL_E_REFUSED),
		 idl_strerror (IDL_E_CONNECT)) != 0);

  static const unsigned modes[] = { 0, 2, (unsigned) RT_WORKERS_LOOP };
  for (unsigned m = 0; m < sizeof modes / sizeof modes[0]; m++)
    {
      unsigned workers = modes[m];
      by_uid (workers);
      if (geteuid () == 0)
	by_gid (workers);
      by_function (workers);
      lists_then_function (workers);
    }
  colocated ();
  if (geteuid () != 0)
    printf ("not root: other users and groups not tested\n");

  /* Not a word from any server.  */
  char buf[256];
  close (quiet[1]);
  ssize_t n = read (quiet[0], buf, sizeof buf - 1);
  if (n > 0)
    {
      buf[n] = 0;
      fprintf (stderr, "a server printed: %s\n", buf);
    }
  CHECK (n <= 0);
  return 0;
}
