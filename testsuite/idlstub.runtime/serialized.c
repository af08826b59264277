/* { dg-do run } */
/* Area: runtime
   Purpose: a server without workers runs its implementations one at a
   time (idlrt.h, idl_server_set_workers), however many clients call at
   once: three client processes make 20000 calls each, one of them with
   a descriptor now and then (the reply path that sends and closes
   descriptors), and the dispatcher, which dawdles a little inside, sees
   no other dispatch begin before it ends and counts every call.  A
   connection's thread may keep the dispatch lock while it spins for its
   client's next call (server.c, serve); this is what stops it from
   keeping it when another thread asks.  */

#include <fcntl.h>
#include "rt-common.h"

#define CLIENTS 3
#define CALLS 20000

/* In the server process.  */
static int inside;		/* dispatches running now */
static uint64_t overlaps, calls;

static uint64_t
serial_dispatch (idl_call_t *call, uint64_t *msg)
{
  unsigned op = (msg[0] >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  (void) call;

  if (__atomic_add_fetch (&inside, 1, __ATOMIC_SEQ_CST) != 1)
    __atomic_add_fetch (&overlaps, 1, __ATOMIC_RELAXED);
  uint64_t rtag;
  if (op == RT_ADD)
    {
      /* Long enough for another thread's dispatch to begin meanwhile
	 if nothing stopped it.  */
      for (int i = 0; i < 200; i++)
	__asm__ __volatile__ ("" ::: "memory");
      calls++;
      msg[1] = msg[1] + msg[2];
      if (msg[IDL_MSG_REQ_NFDS] == 1)
	{
	  /* Hand the request's descriptor back with the reply: the
	     runtime sends it and closes its own copy.  */
	  msg[IDL_MSG_REPLY_NFDS] = 1;
	  msg[IDL_MSG_REPLY_FDS] = (uint64_t) dup ((int) msg[IDL_MSG_REQ_FDS]);
	}
      rtag = rt_tag (RT_ADD, 1);
    }
  else if (op == RT_LOAD)
    {
      msg[1] = overlaps;
      msg[2] = calls;
      rtag = rt_tag (RT_LOAD, 2);
    }
  else
    rtag = IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
  __atomic_sub_fetch (&inside, 1, __ATOMIC_SEQ_CST);
  return rtag;
}

static void
client (const char *name, uint64_t seed, int with_fds)
{
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  const uint64_t *mr = rt_mr (b);
  int fd = with_fds ? open ("/dev/null", O_RDONLY | O_CLOEXEC) : -1;

  for (uint64_t i = 0; i < CALLS; i++)
    {
      uint64_t x = seed + i;
      uint64_t words[2] = { x, seed };
      if (with_fds && i % 100 == 0)
	{
	  CHECK (idl_call_x (b, rt_tag (RT_ADD, 2), words, 0, &fd, 1)
		 == rt_tag (RT_ADD, 1));
	  int *fds = rt_fds (b);
	  CHECK (fds[0] >= 0);
	  close (fds[0]);
	  fds[0] = -1;
	}
      else
	CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, seed, 0, 0)
	       == rt_tag (RT_ADD, 1));
      CHECK (mr[1] == x + seed);
      CHECK (idl_error (b) == IDL_OK);
    }
  if (fd >= 0)
    close (fd);
  idl_close (b);
}

int
main (void)
{
  const char *name = idltest_name ("serialized");
  pid_t srv = rt_fork_server_workers (name, serial_dispatch, 0);
  pid_t kid[CLIENTS];
  int status;

  for (int k = 0; k < CLIENTS; k++)
    {
      kid[k] = fork ();
      CHECK (kid[k] >= 0);
      if (kid[k] == 0)
	{
	  client (name, 1000003 * (k + 1), k == 0);
	  _exit (0);
	}
    }
  for (int k = 0; k < CLIENTS; k++)
    {
      CHECK (waitpid (kid[k], &status, 0) == kid[k]);
      CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }

  idl_binding_t *b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_LOAD, 0), 0, 0, 0, 0)
	 == rt_tag (RT_LOAD, 2));
  const uint64_t *mr = rt_mr (b);
  printf ("%d x %d calls, %llu counted, %llu overlapping\n", CLIENTS, CALLS,
	  (unsigned long long) mr[2], (unsigned long long) mr[1]);
  CHECK (mr[1] == 0);
  CHECK (mr[2] == (uint64_t) CLIENTS * CALLS);
  idl_close (b);
  rt_stop_server (srv);
  return 0;
}
