/* tally-client.c -- clients of the event-loop servers (tally.h), one
   behaviour per mode; examples/test-loop runs several at once against
   each server.

     tally-client NAME calls N     N ordinary calls, each result checked
     tally-client NAME async K M   one thread, its own epoll loop, K calls
                                   in flight at once (idl_call_start),
                                   K jobs of M calls each
     tally-client NAME stall S     connect and say nothing for S seconds:
                                   a handshake that never comes
     tally-client NAME midcall     a child killed in the middle of a call
     tally-client NAME get KEY     print counter KEY

   Every mode prints one line and exits 0 when everything it checked
   held, 1 otherwise.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tally.h"

static const char *name;

static void
die (const char *what, int code)
{
  fprintf (stderr, "tally-client: pid %d: %s: %s\n", (int) getpid (), what,
	   idl_strerror (code));
  exit (1);
}

static idl_binding_t *
connect_or_die (void)
{
  int err;
  idl_binding_t *b = idl_connect (name, &tally, &err);

  if (!b)
    die (name, err);
  /* A server that hangs fails the test instead of hanging it.  */
  idl_set_timeout (b, 20 * 1000 * 1000);
  return b;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The threads of this process, less libidlrt's watcher ("idl-watch",
   which sleeps until a server hangs up): how many threads the program
   itself runs its calls on.  */
static int
my_threads (void)
{
  DIR *d = opendir ("/proc/self/task");
  struct dirent *e;
  int n = 0;

  if (!d)
    return -1;
  while ((e = readdir (d)) != NULL)
    {
      char path[300], comm[32] = "";
      if (e->d_name[0] == '.')
	continue;
      snprintf (path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
      FILE *f = fopen (path, "r");
      if (f)
	{
	  if (!fgets (comm, sizeof comm, f))
	    comm[0] = 0;
	  fclose (f);
	}
      if (strcmp (comm, "idl-watch\n") != 0)
	n++;
    }
  closedir (d);
  return n;
}

/* A reversal of LEN bytes through the server, checked.  */
static int
reverse_ok (idl_binding_t *b, int len, unsigned seed)
{
  unsigned char in[TALLY_DATA_MAX], out[TALLY_DATA_MAX];

  for (int i = 0; i < len; i++)
    in[i] = (unsigned char) (seed * 31 + i * 7);
  memset (out, 0, sizeof out);
  if (tally_reverse (b, in, out, len) != len || idl_error (b) != IDL_OK)
    return 0;
  for (int i = 0; i < len; i++)
    if (out[i] != in[len - 1 - i])
      return 0;
  return 1;
}

/* Ordinary calls: N additions to this client's counter and to "all",
   a reversal every 64th.  */
static int
run_calls (long n)
{
  idl_binding_t *b = connect_or_die ();
  char key[32];
  int pid, threads;
  long served;

  snprintf (key, sizeof key, "c%d", (int) getpid ());
  if (tally_info (b, &pid, &threads, &served) != 0 || idl_error (b))
    die ("tally_info", idl_error (b));
  for (long i = 0; i < n; i++)
    {
      if (tally_add (b, key, 1) != i + 1 || idl_error (b) != IDL_OK)
	die ("tally_add (own counter)", idl_error (b));
      tally_add (b, "all", 1);
      if (idl_error (b) != IDL_OK)
	die ("tally_add (all)", idl_error (b));
      if (i % 64 == 0 && !reverse_ok (b, 1 + (int) (i % TALLY_DATA_MAX), i))
	die ("tally_reverse", idl_error (b));
    }
  printf ("tally-client: pid %d, %ld calls checked, server pid %d "
	  "with %d thread(s)\n", (int) getpid (), 2 * n + (n + 63) / 64,
	  pid, threads);
  idl_close (b);
  return 0;
}

/* Calls that do not block.  */

struct job
{
  idl_binding_t *b;
  long m;			/* calls to make */
  long done;			/* made and checked */
  int failed;
};

/* A job's calls, as a program writes them: ordinary stub calls.  Each
   waits in the loop below, not in the stub.  */
static void
job_calls (idl_binding_t *b, void *arg)
{
  struct job *j = arg;

  for (long i = 0; i < j->m; i++)
    {
      tally_add (b, "all", 1);
      if (idl_error (b) != IDL_OK || !reverse_ok (b, 100, (unsigned) i))
	{
	  j->failed = 1;
	  return;
	}
      j->done++;
    }
}

static int
run_async (int k, long m)
{
  struct job *jobs = calloc (k, sizeof *jobs);
  int ep = epoll_create1 (EPOLL_CLOEXEC), pid, threads, in_flight = 0;
  long served;

  for (int i = 0; i < k; i++)
    {
      jobs[i].b = connect_or_die ();
      jobs[i].m = m;
    }
  if (tally_info (jobs[0].b, &pid, &threads, &served) != 0)
    die ("tally_info", idl_error (jobs[0].b));

  /* With the server stopped, no call can be answered: every start must
     come back at once with its call in flight.  */
  kill (pid, SIGSTOP);
  double t0 = now_ms ();
  for (int i = 0; i < k; i++)
    {
      int r = idl_call_start (jobs[i].b, job_calls, &jobs[i]);
      struct epoll_event ev = { EPOLLIN, { .ptr = &jobs[i] } };
      if (r != 1)
	{
	  kill (pid, SIGCONT);
	  fprintf (stderr, "tally-client: idl_call_start returned %d\n", r);
	  return 1;
	}
      in_flight++;
      epoll_ctl (ep, EPOLL_CTL_ADD, idl_binding_fd (jobs[i].b), &ev);
    }
  double started = now_ms () - t0;
  kill (pid, SIGCONT);

  /* The loop: finish whatever the descriptors say has an answer.  */
  while (in_flight > 0)
    {
      struct epoll_event got[16];
      int n = epoll_wait (ep, got, 16, 20000);
      if (n <= 0)
	{
	  fprintf (stderr, "tally-client: no answer in 20 s\n");
	  return 1;
	}
      for (int i = 0; i < n; i++)
	{
	  struct job *j = got[i].data.ptr;
	  if (idl_call_finish (j->b) == 0)
	    {
	      epoll_ctl (ep, EPOLL_CTL_DEL, idl_binding_fd (j->b), NULL);
	      in_flight--;
	    }
	}
    }
  long total = 0;
  int bad = 0;
  for (int i = 0; i < k; i++)
    {
      total += jobs[i].done;
      bad |= jobs[i].failed || jobs[i].done != m;
      idl_close (jobs[i].b);
    }
  printf ("tally-client: pid %d, %d thread(s), %d calls in flight at once, "
	  "all started %s while the server was stopped; %ld calls checked\n",
	  (int) getpid (), my_threads (), k,
	  started < 1000 ? "without waiting" : "SLOWLY", 2 * total);
  return bad || started >= 1000 || my_threads () != 1;
}

/* A client that connects and never says hello.  */
static int
run_stall (int seconds)
{
  struct sockaddr_un sa = { .sun_family = AF_UNIX };
  int s = socket (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  socklen_t len;
  char c;

  if (name[0] == '@')
    {
      strncpy (sa.sun_path + 1, name + 1, sizeof sa.sun_path - 2);
      len = offsetof (struct sockaddr_un, sun_path) + strlen (name);
    }
  else
    {
      strncpy (sa.sun_path, name, sizeof sa.sun_path - 1);
      len = sizeof sa;
    }
  if (s < 0 || connect (s, (struct sockaddr *) &sa, len) != 0)
    {
      perror ("tally-client: stall");
      return 1;
    }
  /* Meanwhile the server serves everybody else: a call on another
     connection is answered while this one is still open, its
     handshake pending.  */
  idl_binding_t *b = connect_or_die ();
  int pid, threads, served_first;
  long served;
  struct pollfd p0 = { s, POLLIN, 0 };
  served_first = tally_info (b, &pid, &threads, &served) == 0
		 && idl_error (b) == IDL_OK && poll (&p0, 1, 0) == 0;
  idl_close (b);

  /* The server gives up on a handshake after a few seconds: it closes
     the connection (end of file here) well before SECONDS.  (Waits
     interrupted, as when the process is stopped and continued, go on
     for the time that is left.)  */
  double t0 = now_ms (), waited;
  ssize_t n = -1;
  for (;;)
    {
      waited = (now_ms () - t0) / 1000;
      struct pollfd p = { s, POLLIN, 0 };
      int r = poll (&p, 1, waited >= seconds ? 0
		    : (int) ((seconds - waited) * 1000));
      if (r < 0 && errno == EINTR)
	continue;
      if (r > 0)
	n = recv (s, &c, 1, MSG_DONTWAIT);
      break;
    }
  waited = (now_ms () - t0) / 1000;
  printf ("tally-client: pid %d, said nothing; %s; %s\n", (int) getpid (),
	  served_first ? "another connection served meanwhile"
		       : "NO OTHER CONNECTION SERVED",
	  n == 0 ? "dropped by the server" : "NOT dropped");
  fprintf (stderr, "tally-client: stall: dropped after %.1f s\n", waited);
  return n != 0 || !served_first;
}

/* A client killed while the server runs its call.  */
static int
run_midcall (void)
{
  pid_t child = fork ();

  if (child == 0)
    {
      idl_binding_t *b = connect_or_die ();
      tally_nap (b, 300);
      _exit (0);		/* not reached: killed */
    }
  /* Well inside the nap.  */
  usleep (100 * 1000);
  kill (child, SIGKILL);
  waitpid (child, NULL, 0);

  idl_binding_t *b = connect_or_die ();
  int pid, threads;
  long served;
  double t0 = now_ms ();
  int rc = tally_info (b, &pid, &threads, &served);
  int ok = rc == 0 && idl_error (b) == IDL_OK && reverse_ok (b, 4096, 7);
  printf ("tally-client: pid %d, a client killed mid-call; the server %s\n",
	  (int) getpid (), ok ? "serves on" : "FAILED");
  fprintf (stderr, "tally-client: midcall: next call after %.0f ms\n",
	   now_ms () - t0);
  idl_close (b);
  return !ok;
}

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: tally-client NAME calls N | async K M "
	       "| stall S | midcall | get KEY\n");
      return 2;
    }
  name = argv[1];
  if (strcmp (argv[2], "calls") == 0 && argc == 4)
    return run_calls (atol (argv[3]));
  if (strcmp (argv[2], "async") == 0 && argc == 5)
    return run_async (atoi (argv[3]), atol (argv[4]));
  if (strcmp (argv[2], "stall") == 0 && argc == 4)
    return run_stall (atoi (argv[3]));
  if (strcmp (argv[2], "midcall") == 0)
    return run_midcall ();
  if (strcmp (argv[2], "get") == 0 && argc == 4)
    {
      idl_binding_t *b = connect_or_die ();
      long v = tally_get (b, argv[3]);
      if (idl_error (b) != IDL_OK)
	die ("tally_get", idl_error (b));
      printf ("%ld\n", v);
      return 0;
    }
  fprintf (stderr, "tally-client: bad arguments\n");
  return 2;
}
