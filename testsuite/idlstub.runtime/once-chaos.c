/* { dg-do run } */
/* { dg-timeout 300 } */
/* Area: runtime
   Purpose: chaos (issue 21).  Two servers (a thread per connection
   under an abstract name, two workers under a path) and four client
   processes calling them with checked results: sums, transformed
   payloads, descriptors whose contents are known, slow calls, one-way
   requests.  Meanwhile this process kills a client or a server with
   SIGKILL every few milliseconds, at random, so mostly in the middle
   of calls, and starts another in its place, a server under the same
   name.  Every call must complete with its right result or fail with a
   transport error (IDL_E_PEER_DIED, IDL_E_TIMEOUT; IDL_E_CONNECT when
   connecting); a wrong result aborts the client, and any process that
   ends by anything but our SIGKILL fails the test.  A client whose
   last call or connect is older than HANG_MS is hung, and fails it
   too.  After each binding a client checks it holds the descriptors it
   held before it connected; at the end, with the killing over and the
   clients gone, each server holds what a fresh one does.  The run lasts
   IDLSTUB_CHAOS_SECONDS (default 8); the counts are printed.  A long
   run: IDLSTUB_CHAOS_SECONDS=600 ./once-chaos.exe.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#define RT_WATCHDOG_SECONDS 3600
#include "rt-common.h"
#include "idlhostile.h"

#define NSERVERS 2
#define NCLIENTS 4
/* A call's deadline, and how long a client may go without finishing a
   call or a connect attempt before it counts as hung.  */
#define CALL_TIMEOUT_MS 2000
#define HANG_MS 10000

/* Shared with every child.  */
struct client_stats
{
  unsigned long ok, failed, connect_failed, timeouts, oneway;
  double progress_ms;		/* when it last finished anything */
};

struct shared
{
  struct client_stats c[NCLIENTS];
  int stop;			/* clients: finish your binding and exit */
};

static struct shared *sh;
static char names[NSERVERS][108];
static pid_t servers[NSERVERS], clients[NCLIENTS];
static unsigned long server_kills, client_kills, server_starts;

static int
transport_error (int e)
{
  return e == IDL_E_PEER_DIED || e == IDL_E_TIMEOUT;
}

/* One call of a random kind on B, its result checked.  Returns 0 if it
   completed right, else the transport error it failed with.  */
static int
one_call (idl_binding_t *b, uint64_t *rng, struct client_stats *st)
{
  uint64_t r = hostile_rng (rng);
  unsigned kind = r % 16;

  if (kind < 7)
    {
      uint64_t x = hostile_rng (rng), y = hostile_rng (rng);
      uint64_t t = idl_call_r4 (b, rt_tag (RT_ADD, 2), x, y, 0, 0);
      if (t != rt_tag (RT_ADD, 1))
	return idl_error (b);
      CHECK (idl_error (b) == IDL_OK);
      CHECK (rt_mr (b)[1] == x + y);
    }
  else if (kind < 11)
    {
      uint32_t len = (uint32_t) ((r >> 8) % 4001);
      uint8_t *pay = idl_request_payload (b);
      if (!pay)
	return idl_error (b);
      for (uint32_t i = 0; i < len; i++)
	pay[i] = (uint8_t) (r >> 20) + (uint8_t) i;
      uint64_t t = idl_call_x (b, rt_tag (RT_XFORM, 0), NULL, len, NULL, 0);
      if (t != rt_tag (RT_XFORM, 2))
	return idl_error (b);
      CHECK (rt_mr (b)[1] == len && rt_mr (b)[2] == 0);
      for (uint32_t i = 0; i < len; i++)
	CHECK (rt_payload (b)[i]
	       == (uint8_t) (((uint8_t) (r >> 20) + (uint8_t) (len - 1 - i))
			     ^ 0xa5));
    }
  else if (kind < 14)
    {
      uint64_t k = 1 + (r >> 8) % 4, base = hostile_rng (rng) >> 8;
      uint64_t t = idl_call_r4 (b, rt_tag (RT_FD_OPEN, 2), k, base, 0, 0);
      if (t != rt_tag (RT_FD_OPEN, 1))
	return idl_error (b);
      CHECK (rt_mr (b)[1] == k);
      for (uint64_t i = 0; i < k; i++)
	{
	  uint64_t v;
	  int fd = rt_fds (b)[i];
	  CHECK (read (fd, &v, sizeof v) == sizeof v);
	  CHECK (v == base + i);
	  close (fd);
	  rt_fds (b)[i] = -1;
	}
    }
  else if (kind == 14)
    {
      /* Slow: the server sleeps up to 1 ms in the implementation.  */
      uint64_t x = r >> 8, y = r >> 4;
      uint64_t t = idl_call_r4 (b, rt_tag (RT_SLOW_ADD, 3), x, y,
				(r >> 40) % 2, 0);
      if (t != rt_tag (RT_SLOW_ADD, 1))
	return idl_error (b);
      CHECK (rt_mr (b)[1] == x + y);
    }
  else
    {
      /* One-way: nothing to check but that it was sent or failed.  */
      if (idl_send_x (b, rt_tag (RT_STORE, 1), &r, 0, NULL, 0) != 0)
	return idl_error (b);
      st->oneway++;
    }
  return 0;
}

/* How many of this process's descriptors are epoll sets.  */
static int
epoll_count (void)
{
  int n = 0;
  DIR *d = opendir ("/proc/self/fd");
  CHECK (d != NULL);
  for (struct dirent *e; (e = readdir (d));)
    {
      char link[64];
      ssize_t len = readlinkat (dirfd (d), e->d_name, link, sizeof link - 1);
      if (len > 0)
	{
	  link[len] = 0;
	  n += strcmp (link, "anon_inode:[eventpoll]") == 0;
	}
    }
  closedir (d);
  return n;
}

/* A client: binding after binding to a random server, a random number
   of calls on each, until told to stop.  */
static void __attribute__ ((__noreturn__))
client_main (unsigned slot, uint64_t seed)
{
  struct client_stats *st = &sh->c[slot];
  uint64_t rng = seed | 1;

  int watcher = 0;		/* its descriptor is there */
  prctl (PR_SET_PDEATHSIG, SIGKILL);
  while (!__atomic_load_n (&sh->stop, __ATOMIC_ACQUIRE))
    {
      int fds0 = rt_fd_count (0), epolls0 = epoll_count (), err = 0;
      const char *name = names[hostile_rng (&rng) % NSERVERS];
      idl_binding_t *b = idl_connect (name, &rt_iface, &err);
      st->progress_ms = rt_now_ms ();
      if (!b)
	{
	  /* Between a server's death and its successor's listen.  */
	  CHECK (err == IDL_E_CONNECT || err == IDL_E_PEER_DIED);
	  st->connect_failed++;
	  usleep (500);
	  continue;
	}
      idl_set_timeout (b, CALL_TIMEOUT_MS * 1000L);
      unsigned calls = 1 + hostile_rng (&rng) % 200;
      for (unsigned i = 0; i < calls; i++)
	{
	  int e = one_call (b, &rng, st);
	  st->progress_ms = rt_now_ms ();
	  if (e == 0)
	    {
	      st->ok++;
	      continue;
	    }
	  if (!transport_error (e))
	    fprintf (stderr, "client %u: %s\n", slot, idl_strerror (e));
	  CHECK (transport_error (e));
	  st->failed++;
	  st->timeouts += e == IDL_E_TIMEOUT;
	  break;
	}
      idl_close (b);
      /* Nothing of the binding is left: no descriptor leaked, whatever
	 the server did or how it died.  But for the watcher's epoll set
	 (watch.c), made at the process's first binding over a page and
	 kept for its life.  */
      int fds1 = rt_fd_count (0);
      if (!watcher && fds1 == fds0 + 1 && epoll_count () == epolls0 + 1)
	{
	  watcher = 1;
	  fds1--;
	}
      if (fds1 != fds0)
	fprintf (stderr, "client %u: %d descriptors, %d before\n", slot,
		 fds1, fds0);
      CHECK (fds1 == fds0);
    }
  _exit (0);
}

static pid_t
start_client (unsigned slot)
{
  uint64_t seed = ((uint64_t) time (NULL) << 20) ^ (slot * 0x9e3779b9u)
		  ^ (client_kills << 8);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    client_main (slot, seed);
  sh->c[slot].progress_ms = rt_now_ms ();
  return pid;
}

/* Server K: a thread per connection for 0, two workers for 1.  */
static pid_t
start_server (unsigned k)
{
  server_starts++;
  return idltest_fork_server_workers (names[k], &rt_iface, rt_dispatch,
				      k == 0 ? 0 : 2);
}

/* PID, which we killed, ended by our SIGKILL and nothing else.  */
static void
reap_killed (pid_t pid, const char *what)
{
  int status;
  CHECK (waitpid (pid, &status, 0) == pid);
  if (!(WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL))
    fprintf (stderr, "%s %ld ended otherwise: status %#x\n", what,
	     (long) pid, status);
  CHECK (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
}

/* No child may end on its own while the killing goes on.  */
static void
check_none_ended (void)
{
  int status;
  pid_t pid = waitpid (-1, &status, WNOHANG);
  if (pid > 0)
    fprintf (stderr, "process %ld ended by itself: status %#x\n",
	     (long) pid, status);
  CHECK (pid <= 0);
}

static void
check_no_hang (void)
{
  double now = rt_now_ms ();
  for (unsigned i = 0; i < NCLIENTS; i++)
    {
      double idle = now - sh->c[i].progress_ms;
      if (idle > HANG_MS)
	fprintf (stderr, "client %u: nothing finished for %.0f ms\n", i,
		 idle);
      CHECK (idle <= HANG_MS);
    }
}

/* What a fresh server of kind K holds at rest: descriptors and
   threads.  It first serves a call, so that idl_server_run has made its
   threads and epoll sets (after a fixed wait, a loaded machine may not
   have run it yet); then the call's connection, one descriptor and with
   a thread per connection one thread, must go.  */
static void
fresh_server (unsigned k, int *fds, int *threads)
{
  pid_t pid = start_server (k);
  idl_binding_t *b = idltest_connect (names[k], &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	 == rt_tag (RT_ADD, 1));
  *fds = hostile_fd_count (pid) - 1;
  *threads = hostile_thread_count (pid) - (k == 0);
  idl_close (b);
  CHECK (hostile_await_settled (pid, *fds, *threads, 20000));
  kill (pid, SIGKILL);
  reap_killed (pid, "server");
  server_starts--;
}

int
main (void)
{
  const char *env = getenv ("IDLSTUB_CHAOS_SECONDS");
  double seconds = env ? atof (env) : 8;
  char dir[] = "/tmp/idltest-chaos-XXXXXX";
  uint64_t rng = (uint64_t) time (NULL) * 0x2545f4914f6cdd1dULL | 1;

  setvbuf (stdout, NULL, _IOLBF, 0);
  rt_arm_watchdog ();
  alarm ((unsigned) seconds + 120);
  sh = mmap (NULL, sizeof *sh, PROT_READ | PROT_WRITE,
	     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  CHECK (sh != MAP_FAILED);
  CHECK (mkdtemp (dir) != NULL);
  snprintf (names[0], sizeof names[0], "%s", idltest_name ("chaos"));
  snprintf (names[1], sizeof names[1], "%s/server", dir);

  int fresh_fds[NSERVERS], fresh_threads[NSERVERS];
  for (unsigned k = 0; k < NSERVERS; k++)
    fresh_server (k, &fresh_fds[k], &fresh_threads[k]);

  for (unsigned k = 0; k < NSERVERS; k++)
    servers[k] = start_server (k);
  for (unsigned i = 0; i < NCLIENTS; i++)
    clients[i] = start_client (i);

  double t0 = rt_now_ms (), last_report = t0;
  while (rt_now_ms () - t0 < seconds * 1000)
    {
      uint64_t r = hostile_rng (&rng);
      /* Up to 5 ms between kills: most land in the middle of a call,
	 some in a connect or a handshake, some in a server's start.  */
      usleep ((useconds_t) (r % 5000));
      check_none_ended ();
      check_no_hang ();
      if ((r >> 32) % 5 == 0)
	{
	  unsigned k = (r >> 40) % NSERVERS;
	  kill (servers[k], SIGKILL);
	  reap_killed (servers[k], "server");
	  server_kills++;
	  servers[k] = start_server (k);
	}
      else
	{
	  unsigned i = (r >> 40) % NCLIENTS;
	  kill (clients[i], SIGKILL);
	  reap_killed (clients[i], "client");
	  client_kills++;
	  clients[i] = start_client (i);
	}
      if (rt_now_ms () - last_report > 60000)
	{
	  unsigned long ok = 0;
	  for (unsigned i = 0; i < NCLIENTS; i++)
	    ok += sh->c[i].ok;
	  printf ("  %.0f s: %lu calls right, %lu kills\n",
		  (rt_now_ms () - t0) / 1000, ok, server_kills + client_kills);
	  last_report = rt_now_ms ();
	}
    }

  /* The end: the clients finish their bindings and go.  */
  __atomic_store_n (&sh->stop, 1, __ATOMIC_RELEASE);
  for (unsigned i = 0; i < NCLIENTS; i++)
    {
      int status;
      CHECK (waitpid (clients[i], &status, 0) == clients[i]);
      if (!(WIFEXITED (status) && WEXITSTATUS (status) == 0))
	fprintf (stderr, "client %u: status %#x\n", i, status);
      CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }
  /* Each server holds what a fresh one held: every connection of every
     client it saw die has been given back.  */
  for (unsigned k = 0; k < NSERVERS; k++)
    {
      int settled = hostile_await_settled (servers[k], fresh_fds[k],
					   fresh_threads[k], 20000);
      if (!settled)
	fprintf (stderr, "server %u: %d descriptors, %d threads; fresh: %d, "
		 "%d\n", k, hostile_fd_count (servers[k]),
		 hostile_thread_count (servers[k]), fresh_fds[k],
		 fresh_threads[k]);
      CHECK (settled);
      rt_stop_server (servers[k]);
    }
  rmdir (dir);

  struct client_stats all = { 0 };
  for (unsigned i = 0; i < NCLIENTS; i++)
    {
      all.ok += sh->c[i].ok;
      all.failed += sh->c[i].failed;
      all.connect_failed += sh->c[i].connect_failed;
      all.timeouts += sh->c[i].timeouts;
      all.oneway += sh->c[i].oneway;
    }
  printf ("%.0f s: %lu calls completed right (%lu of them one-way), %lu "
	  "failed with a transport error (%lu timeouts), %lu connects "
	  "failed; %lu kills: %lu servers, %lu clients; 0 wrong results, "
	  "0 hangs, 0 descriptors leaked\n", (rt_now_ms () - t0) / 1000,
	  all.ok, all.oneway, all.failed, all.timeouts, all.connect_failed,
	  server_kills + client_kills, server_kills, client_kills);
  /* The run did what it is for.  */
  CHECK (all.ok > 1000 && all.failed > 0 && server_kills > 0
	 && client_kills > 0);
  return 0;
}
