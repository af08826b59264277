/* { dg-do run } */
/* Area: runtime
   Purpose: an implementation learns the caller's pid, uid and gid
   (idl_call_peer_pid, _uid, _gid): those of the process that
   connected, as the kernel recorded them, whatever it does later.  */

#define _GNU_SOURCE 1		/* setresuid, setresgid */
#include <grp.h>
#include "rt-common.h"

#define NOBODY 65534

struct cred
{
  uint64_t pid, uid, gid;
};

static struct cred
ask (idl_binding_t *b)
{
  struct cred c;
  CHECK (idl_call_r4 (b, rt_tag (RT_CRED, 0), 0, 0, 0, 0)
	 == rt_tag (RT_CRED, 3));
  c.pid = rt_mr (b)[1];
  c.uid = rt_mr (b)[2];
  c.gid = rt_mr (b)[3];
  return c;
}

/* Become user and group NOBODY, for good.  */
static void
drop_privileges (void)
{
  CHECK (setgroups (0, NULL) == 0);
  CHECK (setresgid (NOBODY, NOBODY, NOBODY) == 0);
  CHECK (setresuid (NOBODY, NOBODY, NOBODY) == 0);
}

/* Run FN in a child process; it reports failure through its exit
   status (CHECK aborts).  */
static void
in_child (void (*fn) (const char *), const char *name)
{
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      fn (name);
      _exit (0);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
}

/* A child connects on its own: its pid, our ids.  */
static void
child_connects (const char *name)
{
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  struct cred c = ask (b);
  CHECK (c.pid == (uint64_t) getpid ());
  CHECK (c.uid == (uint64_t) geteuid () && c.gid == (uint64_t) getegid ());
  idl_close (b);
}

/* A child that drops to nobody, then connects: the server sees
   nobody.  */
static void
nobody_connects (const char *name)
{
  drop_privileges ();
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  struct cred c = ask (b);
  CHECK (c.pid == (uint64_t) getpid ());
  CHECK (c.uid == NOBODY && c.gid == NOBODY);
  idl_close (b);
}

/* A child that connects as root and drops afterwards: the server
   still sees root, the credentials of the connect.  */
static void
drops_after_connect (const char *name)
{
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  drop_privileges ();
  struct cred c = ask (b);
  CHECK (c.pid == (uint64_t) getpid ());
  CHECK (c.uid == 0 && c.gid == 0);
  idl_close (b);
}

static idl_binding_t *inherited;
static pid_t parent;

/* A child using a binding its parent connected: the parent's pid.  */
static void
uses_inherited (const char *name)
{
  (void) name;
  struct cred c = ask (inherited);
  CHECK (c.pid == (uint64_t) parent);
}

int
main (void)
{
  const char *name = idltest_name ("cred");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);

  struct cred c = ask (b);
  CHECK (c.pid == (uint64_t) getpid ());
  CHECK (c.uid == (uint64_t) geteuid ());
  CHECK (c.gid == (uint64_t) getegid ());

  in_child (child_connects, name);

  /* Only the parent calls through B meanwhile: one thread (here, one
     process) at a time per binding.  */
  inherited = b;
  parent = getpid ();
  in_child (uses_inherited, name);
  c = ask (b);
  CHECK (c.pid == (uint64_t) getpid ());

  if (geteuid () == 0)
    {
      in_child (nobody_connects, name);
      in_child (drops_after_connect, name);
    }
  else
    printf ("not root: other users' credentials not tested\n");

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
