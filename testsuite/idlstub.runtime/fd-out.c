/* { dg-do run } */
/* Area: runtime
   Purpose: descriptors a reply carries reach the client (it reads the
   pipe the server opened) and leave the server's table; those the stub
   does not take are closed by the next call on the binding or by
   idl_close; those it takes stay open.  */

#include <fcntl.h>
#include <sys/stat.h>
#include "rt-common.h"

/* Ask for K pipes holding SEED + i; check the binding's descriptor
   array and read each pipe, leaving the descriptors in place.  */
static void
open_pipes (idl_binding_t *b, unsigned k, uint64_t seed)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_FD_OPEN, 2), k, seed, 0, 0)
	 == rt_tag (RT_FD_OPEN, 1));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (rt_mr (b)[1] == k);
  const int *fds = rt_fds (b);
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    {
      if (i >= k)
	{
	  CHECK (fds[i] == -1);
	  continue;
	}
      uint64_t v;
      CHECK (fds[i] >= 0);
      /* Received with MSG_CMSG_CLOEXEC: no leak into an exec.  */
      CHECK (fcntl (fds[i], F_GETFD) == FD_CLOEXEC);
      CHECK (read (fds[i], &v, sizeof v) == sizeof v);
      CHECK (v == seed + i);
      /* The server closed its ends: end of file, not a block.  */
      CHECK (read (fds[i], &v, sizeof v) == 0);
    }
}

int
main (void)
{
  const char *name = idltest_name ("fdout");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);

  /* Settle the server's table (see fd-in.c).  */
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	 == rt_tag (RT_ADD, 1));
  int srv_base = rt_fd_count (srv);
  int my_base = rt_fd_count (0);

  /* One, then the most a reply carries.  */
  open_pipes (b, 1, 100);
  CHECK (rt_fd_count (0) == my_base + 1);
  open_pipes (b, IDL_MAX_FDS, 200);
  /* The call closed the one the previous reply left.  */
  CHECK (rt_fd_count (0) == my_base + IDL_MAX_FDS);
  CHECK (rt_fd_count (srv) == srv_base);

  /* 1000 calls that never take their descriptors: both tables stay
     flat (each call closes what the one before left).  */
  for (unsigned i = 0; i < 1000; i++)
    {
      open_pipes (b, 1 + i % IDL_MAX_FDS, i * 16);
      CHECK (rt_fd_count (0) == my_base + 1 + (int) (i % IDL_MAX_FDS));
    }
  CHECK (rt_fd_count (srv) == srv_base);

  /* A call without descriptors closes the last reply's too.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 3, 4, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (rt_fd_count (0) == my_base);
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    CHECK (rt_fds (b)[i] == -1);

  /* A descriptor the stub takes (stores -1 in its place) is the
     caller's: the next call leaves it open.  */
  open_pipes (b, 3, 7);
  int kept = rt_fds (b)[1];
  rt_fds (b)[1] = -1;
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 3, 4, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (fcntl (kept, F_GETFD) >= 0);
  CHECK (rt_fd_count (0) == my_base + 1);
  close (kept);

  /* One descriptor listed twice by the dispatcher: two descriptors
     here, one pipe; the server closed it once.  */
  for (unsigned i = 0; i < 100; i++)
    {
      CHECK (idl_call_r4 (b, rt_tag (RT_BAD_REPLY, 1), RT_TWICE, 0, 0, 0)
	     == rt_tag (RT_BAD_REPLY, 1));
      int a = rt_fds (b)[0], c = rt_fds (b)[1];
      CHECK (a >= 0 && c >= 0 && a != c);
      struct stat sa, sc;
      CHECK (fstat (a, &sa) == 0 && fstat (c, &sc) == 0);
      CHECK (sa.st_ino == sc.st_ino);
    }
  CHECK (rt_fd_count (srv) == srv_base);

  /* One-way sends whose dispatcher asks to send a descriptor: nobody
     receives it, the server closes it.  */
  for (unsigned i = 0; i < 100; i++)
    CHECK (idl_send_r4 (b, rt_tag (RT_STORE_X, 0), 0, 0, 0, 0) == 0);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 3, 4, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (rt_fd_count (srv) == srv_base);

  /* idl_close closes what the last reply left.  */
  open_pipes (b, 5, 1);
  CHECK (rt_fd_count (0) == my_base + 5);
  idl_close (b);
  /* ...and the socket, and with it, the process's last connection,
     the watcher's epoll set and eventfd (runtime/watch.c).  */
  CHECK (rt_fd_count (0) == my_base - 3);
  CHECK (rt_watcher_gone ());

  rt_stop_server (srv);
  return 0;
}
