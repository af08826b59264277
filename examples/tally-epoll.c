/* tally-epoll.c -- a tally.h server inside a plain epoll loop.

   The loop is the program's: it also watches a signalfd (SIGTERM and
   SIGINT stop the server), and could watch anything else.  The server
   adds one descriptor to it (idl_server_fd) and is served from it with
   idl_server_serve_ready whenever that descriptor is readable or the
   timeout the server asked for has passed.  One thread serves every
   client.  */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include "tally.h"
#include "tally-impl.h"

enum { SOURCE_SERVER = 1, SOURCE_SIGNALS = 2 };

int
main (int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : "@idlstub-tally";
  idl_server_t *srv = tally_server_create ("tally-epoll", name);
  struct epoll_event ev;
  sigset_t sigs;
  int ep, sfd, fd, timeout = -1, stopping = 0;

  if (!srv)
    return 1;
  sigemptyset (&sigs);
  sigaddset (&sigs, SIGTERM);
  sigaddset (&sigs, SIGINT);
  sigprocmask (SIG_BLOCK, &sigs, NULL);
  sfd = signalfd (-1, &sigs, SFD_CLOEXEC | SFD_NONBLOCK);
  ep = epoll_create1 (EPOLL_CLOEXEC);
  fd = idl_server_fd (srv);
  if (sfd < 0 || ep < 0 || fd < 0)
    {
      perror ("tally-epoll");
      return 1;
    }
  ev = (struct epoll_event) { EPOLLIN, { .u32 = SOURCE_SERVER } };
  epoll_ctl (ep, EPOLL_CTL_ADD, fd, &ev);
  ev = (struct epoll_event) { EPOLLIN, { .u32 = SOURCE_SIGNALS } };
  epoll_ctl (ep, EPOLL_CTL_ADD, sfd, &ev);
  printf ("tally-epoll: pid %d serving %s\n", (int) getpid (), name);
  fflush (stdout);

  for (;;)
    {
      struct epoll_event got[8];
      int n = epoll_wait (ep, got, 8, timeout), serve = n == 0;

      if (n < 0 && errno != EINTR)
	break;
      for (int i = 0; i < n; i++)
	if (got[i].data.u32 == SOURCE_SERVER)
	  serve = 1;
	else
	  {
	    struct signalfd_siginfo si;
	    while (read (sfd, &si, sizeof si) == sizeof si)
	      stopping = 1;
	  }
      if (stopping)
	{
	  idl_server_stop (srv);
	  serve = 1;
	}
      if (serve && idl_server_serve_ready (srv, &timeout) < 0)
	break;			/* stopped: every connection ended */
    }
  epoll_ctl (ep, EPOLL_CTL_DEL, fd, NULL);
  idl_server_destroy (srv);
  printf ("tally-epoll: stopped, %ld calls served\n", tally_served ());
  return stopping ? 0 : 1;
}
