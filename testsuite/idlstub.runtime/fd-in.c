/* { dg-do run } */
/* Area: runtime
   Purpose: descriptors a client passes reach the implementation (it
   reads from a pipe the client gave it), the client keeps its own, the
   server closes its copies after the call; a descriptor that is not
   open, or too many, fail with IDL_E_INVAL and send nothing.  */

#include <fcntl.h>
#include "rt-common.h"

static uint64_t
err_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* Ask the server to read descriptor INDEX of FDS[0..N-1]; check it
   read WANT (LEN bytes) and saw N descriptors.  */
static void
server_reads (idl_binding_t *b, const int *fds, unsigned n, unsigned index,
	      const char *want, size_t len)
{
  uint64_t w = index;
  CHECK (idl_request_payload (b) != NULL);
  CHECK (idl_call_x (b, rt_tag (RT_FD_READ, 1), &w, 0, fds, n)
	 == rt_tag (RT_FD_READ, 2));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (rt_mr (b)[1] == len);
  CHECK (rt_mr (b)[2] == n);
  CHECK (memcmp (rt_payload (b), want, len) == 0);
}

int
main (void)
{
  const char *name = idltest_name ("fdin");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  int p[2];
  char buf[64];

  CHECK (pipe (p) == 0);
  /* A call first: the server closes the page's memfd after it sends
     the welcome, so only once it serves is its table settled.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	 == rt_tag (RT_ADD, 1));
  int srv_base = rt_fd_count (srv);
  int my_base = rt_fd_count (0);

  /* The server reads what we wrote into the pipe.  */
  CHECK (write (p[1], "hello", 5) == 5);
  server_reads (b, &p[0], 1, 0, "hello", 5);
  /* Our descriptors are still ours and still work both ways.  */
  CHECK (fcntl (p[0], F_GETFD) >= 0 && fcntl (p[1], F_GETFD) >= 0);
  CHECK (write (p[1], "again", 5) == 5);
  CHECK (read (p[0], buf, sizeof buf) == 5 && memcmp (buf, "again", 5) == 0);
  /* The server closed its copy before it replied.  */
  CHECK (rt_fd_count (srv) == srv_base);
  CHECK (rt_fd_count (0) == my_base);

  /* Many calls, no growth on either side.  */
  for (unsigned i = 0; i < 1000; i++)
    {
      char msg[16];
      int len = snprintf (msg, sizeof msg, "m%u", i);
      CHECK (write (p[1], msg, len) == len);
      server_reads (b, &p[0], 1, 0, msg, len);
    }
  CHECK (rt_fd_count (srv) == srv_base);
  CHECK (rt_fd_count (0) == my_base);

  /* IDL_MAX_FDS descriptors, each a pipe of its own; the server reads
     the one we name.  */
  int r[IDL_MAX_FDS], w[IDL_MAX_FDS];
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    {
      int q[2];
      CHECK (pipe (q) == 0);
      r[i] = q[0];
      w[i] = q[1];
    }
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    {
      char c = 'a' + i;
      CHECK (write (w[i], &c, 1) == 1);
      server_reads (b, r, IDL_MAX_FDS, i, &c, 1);
    }
  /* The same descriptor several times in one list is several
     descriptors for the server.  */
  int same[3] = { p[0], p[0], p[0] };
  CHECK (write (p[1], "x", 1) == 1);
  server_reads (b, same, 3, 2, "x", 1);
  CHECK (rt_fd_count (srv) == srv_base);

  /* A descriptor that is not open: IDL_E_INVAL, nothing published
     (the server's store count stays), the connection goes on.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	 == rt_tag (RT_LOAD, 2));
  uint64_t stores = rt_mr (b)[2];
  int closed[2];
  CHECK (pipe (closed) == 0);
  close (closed[0]);
  close (closed[1]);
  int bad[3] = { p[0], closed[0], -1 };
  uint64_t zero = 0;
  CHECK (idl_call_x (b, rt_tag (RT_FD_READ, 1), &zero, 0, &bad[1], 1)
	 == err_tag (IDL_E_INVAL));
  CHECK (idl_error (b) == IDL_E_INVAL);
  CHECK (idl_call_x (b, rt_tag (RT_FD_READ, 1), &zero, 0, bad, 2)
	 == err_tag (IDL_E_INVAL));
  CHECK (idl_call_x (b, rt_tag (RT_FD_READ, 1), &zero, 0, &bad[2], 1)
	 == err_tag (IDL_E_INVAL));
  CHECK (idl_send_x (b, rt_tag (RT_STORE_X, 0), NULL, 0, &bad[1], 1)
	 == err_tag (IDL_E_INVAL));
  CHECK (idl_error (b) == IDL_E_INVAL);
  /* Too many.  */
  int many[IDL_MAX_FDS + 1];
  for (unsigned i = 0; i <= IDL_MAX_FDS; i++)
    many[i] = p[0];
  CHECK (idl_call_x (b, rt_tag (RT_FD_READ, 1), &zero, 0, many,
		     IDL_MAX_FDS + 1) == err_tag (IDL_E_INVAL));
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	 == rt_tag (RT_LOAD, 2));
  CHECK (rt_mr (b)[2] == stores);
  /* The refused sends left nothing in the server's queue: the next
     call with a descriptor gets its own.  */
  CHECK (write (p[1], "next", 4) == 4);
  server_reads (b, &p[0], 1, 0, "next", 4);

  /* One-way sends with descriptors: the server counts them.  */
  CHECK (idl_request_payload (b) != NULL);
  CHECK (idl_send_x (b, rt_tag (RT_STORE_X, 0), NULL, 0, r, 5) == 0);
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	 == rt_tag (RT_LOAD, 2));
  CHECK (rt_mr (b)[1] == 5000 && rt_mr (b)[2] == stores + 1);

  /* A descriptor handed back as a reply's: the client gets a new one
     for the same pipe, the server closes its copy once.  */
  CHECK (idl_call_x (b, rt_tag (RT_FD_RETURN, 0), NULL, 0, &p[0], 1)
	 == rt_tag (RT_FD_RETURN, 0));
  int back = rt_fds (b)[0];
  CHECK (back >= 0 && back != p[0]);
  rt_fds (b)[0] = -1;		/* the "stub" takes it */
  CHECK (write (p[1], "back", 4) == 4);
  CHECK (read (back, buf, sizeof buf) == 4 && memcmp (buf, "back", 4) == 0);
  close (back);

  /* None of it grew the server's table.  */
  CHECK (rt_fd_count (srv) == srv_base);

  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
