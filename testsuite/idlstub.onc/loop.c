/* { dg-do run } */
/* Area: ONC RPC
   Needs: rpcbind
   Purpose: the event-loop API over ONC RPC.  A server served from the
   program's poll loop (idl_server_fd, idl_server_serve_ready) answers
   idlstub's clients over onc+tcp and onc+udp as idl_server_run does:
   values, strings, buffers, one-way requests, NULLPROC, AUTH_SYS ids;
   two clients at once; a client that vanishes mid-call ends only its
   own connection; registered with rpcbind while it serves and
   unregistered once idl_server_stop (from a signal handler) has made
   the turn return -1 and the server is destroyed.  And idl_call_start
   on an ONC binding is refused (-1, ENOTSUP, IDL_E_UNSUPPORTED; the
   function never runs), idl_binding_fd is -1, idl_call_finish 0: ONC
   calls cannot wait in a loop yet, and the binding's ordinary calls go
   on.  */

#include <poll.h>
#include <sys/prctl.h>
#define ONCT_SERVER
#include "onc-test.h"

static idl_server_t *loop_srv;

static void
loop_stop (int sig)
{
  (void) sig;
  idl_server_stop (loop_srv);
}

/* Fork a server for onct under NAME, served from a poll loop; it exits
   0 once stopped (SIGTERM) and destroyed.  */
static pid_t
fork_loop_server (const char *name)
{
  int ready[2];
  CHECK (pipe (ready) == 0);
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      int err = 0, fd;
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      close (ready[0]);
      loop_srv = idl_server_create (name, &onct, onct_dispatch, &err);
      if (!loop_srv || (fd = idl_server_fd (loop_srv)) < 0
	  || idl_server_fd (loop_srv) != fd
	  || idl_server_run (loop_srv) != -1
	  || idl_server_set_workers (loop_srv, 2) == 0)
	_exit (2);
      signal (SIGTERM, loop_stop);
      char ok = 1;
      if (write (ready[1], &ok, 1) != 1)
	_exit (2);
      close (ready[1]);
      int timeout = -1, served = 0;
      for (;;)
	{
	  struct pollfd p = { fd, POLLIN, 0 };
	  if (poll (&p, 1, timeout) < 0 && errno != EINTR)
	    _exit (4);
	  int n = idl_server_serve_ready (loop_srv, &timeout);
	  if (n < 0)
	    break;
	  served += n;
	}
      idl_server_destroy (loop_srv);
      _exit (served > 0 ? 0 : 5);
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

static int ran;

static void
never (idl_binding_t *b, void *arg)
{
  (void) b;
  (void) arg;
  ran = 1;
}

/* rpcinfo's line count for program ONCT_PROG and NETID.  */
static int
registered (const char *netid)
{
  char line[256];
  int n = 0;
  FILE *f = popen ("rpcinfo 127.0.0.1 2>/dev/null", "r");
  CHECK (f != NULL);
  while (fgets (line, sizeof line, f))
    {
      unsigned long prog, vers;
      char id[32];
      if (sscanf (line, "%lu %lu %31s", &prog, &vers, id) == 3
	  && prog == ONCT_PROG && vers == ONCT_VERS && strcmp (id, netid) == 0)
	n++;
    }
  pclose (f);
  return n;
}

static void
in_a_loop (const char *proto)
{
  int udp = proto[0] == 'u', err;
  pid_t pid = fork_loop_server (onct_name (proto, "", -1));
  CHECK (registered (proto) == 1);
  idl_binding_t *b = onct_connect (onct_name (proto, "127.0.0.1", -1));
  idl_binding_t *b2 = onct_connect (onct_name (proto, "[::1]", -1));
  char out[201];
  int v[100], w[100], gid = -5;
  long s = 0;

  CHECK (idl_null (b) == IDL_OK);
  for (int k = 0; k < 200; k++)
    {
      CHECK (add (b, k, 1000) == k + 1000 && idl_error (b) == IDL_OK);
      CHECK (add (b2, k, 2000) == k + 2000 && idl_error (b2) == IDL_OK);
    }
  CHECK (rev (b, "loop", out) == 4 && strcmp (out, "pool") == 0);
  for (int i = 0; i < 100; i++)
    s += v[i] = i * 7;
  CHECK (sum (b2, v, w, 100) == s);
  for (int i = 0; i < 100; i++)
    CHECK (w[i] == v[i] + 1);
  note (b, 77);
  CHECK (idl_error (b) == IDL_OK);
  if (!udp)
    CHECK (noted (b) == 77);	/* in order with the one-way request */
  CHECK (who (b, &gid) == (int) getuid () && gid == (int) getgid ());
  CHECK (nap (b2, 30) == 30);

  /* idl_call_start is refused on an ONC binding; its calls go on.  */
  ran = 0;
  errno = 0;
  CHECK (idl_call_start (b, never, NULL) == -1 && errno == ENOTSUP);
  CHECK (idl_error (b) == IDL_E_UNSUPPORTED && ran == 0);
  CHECK (idl_binding_fd (b) == -1 && idl_call_finish (b) == 0);
  CHECK (add (b, 2, 3) == 5 && idl_error (b) == IDL_OK);

  if (!udp)
    {
      /* A client that dies mid-call ends only its own connection.  */
      fflush (NULL);
      pid_t c = fork ();
      CHECK (c >= 0);
      if (c == 0)
	{
	  idl_binding_t *d = onct_connect (onct_name (proto, "127.0.0.1",
						      -1));
	  nap (d, 2000);
	  _exit (0);
	}
      usleep (200 * 1000);
      CHECK (kill (c, SIGKILL) == 0);
      int status;
      CHECK (waitpid (c, &status, 0) == c);
      /* The loop is in that nap for a while yet: a deadline wide
	 enough for it.  */
      CHECK (idl_set_timeout (b, 10 * 1000 * 1000) == 0);
      CHECK (add (b, 40, 2) == 42 && idl_error (b) == IDL_OK);
    }
  idl_close (b);
  idl_close (b2);
  onct_stop_server (pid);
  CHECK (registered (proto) == 0);
  CHECK (idl_connect (onct_name (proto, "127.0.0.1", -1), &onct, &err)
	 == NULL && err == IDL_E_CONNECT);
  printf ("%s: served from a poll loop, registered and unregistered\n",
	  proto);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  alarm (60);
  in_a_loop ("tcp");
  in_a_loop ("udp");
  return 0;
}
