/* { dg-do run } */
/* Area: runtime
   Purpose: a client that lies about payload lengths and descriptors
   (huge payload_len or nfds written straight into the page,
   descriptors announced but not sent, sent but not announced, too
   many, a flood of them) gets IDL_E_BADMSG at worst; the server's
   descriptor table and memory stay flat, another client is served
   throughout, and a client that dies with descriptors queued (even its
   own connection socket) is still noticed as dead.  */

#include "rt-common.h"
/* Hand-made requests and socket messages; the binding's page and
   socket: we attack them.  */
#include "idlhostile.h"

/* The other, honest client: one good call.  */
static idl_binding_t *honest;

static void
honest_call (void)
{
  static uint64_t i;
  i++;
  CHECK (idl_call_r4 (honest, rt_tag (RT_ADD, 2), i, 100, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (rt_mr (honest)[1] == i + 100);
}

/* A good call with a descriptor on binding B: the server reads the
   pipe, so it must be handed this call's descriptor and no other.  */
static void
good_fd_call (idl_binding_t *b, int rd, int wr)
{
  static unsigned k;
  char msg[16];
  int len = snprintf (msg, sizeof msg, "good%u", k++);
  uint64_t zero = 0;
  CHECK (write (wr, msg, len) == len);
  CHECK (idl_request_payload (b) != NULL);
  CHECK (idl_call_x (b, rt_tag (RT_FD_READ, 1), &zero, 0, &rd, 1)
	 == rt_tag (RT_FD_READ, 2));
  CHECK (rt_mr (b)[1] == (uint64_t) len && rt_mr (b)[2] == 1);
  CHECK (memcmp (rt_payload (b), msg, len) == 0);
}

/* A client process that connects, sends descriptors it never announces
   (its own connection socket among them if OWN_SOCKET), and exits.  */
static void
die_with_queued_fds (const char *name, int own_socket)
{
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      idl_binding_t *b = idltest_connect (name, &rt_iface);
      int p[2];
      CHECK (pipe (p) == 0);
      int fds[3] = { p[0], p[1], own_socket ? b->sock : p[0] };
      CHECK (hostile_send_fdmsg (b->sock, b->seq + 1, fds, 3) > 0);
      CHECK (hostile_raw_send (b->sock, "junk", 4, NULL, 0) > 0);
      _exit (0);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
}

int
main (void)
{
  const char *name = idltest_name ("hostfd");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  int p[2];

  honest = idltest_connect (name, &rt_iface);
  CHECK (pipe (p) == 0);
  good_fd_call (b, p[0], p[1]);
  honest_call ();
  int fd_base = rt_fd_count (srv);
  int threads = hostile_thread_count (srv);

  /* Lengths and counts the server must not believe.  */
  static const uint32_t lens[] = { IDL_PAYLOAD_MAX + 1, 0x80000000u,
				   0xffffffffu };
  static const uint32_t counts[] = { IDL_MAX_FDS + 1, 0x10000, 0xffffffffu };
  for (unsigned i = 0; i < 3; i++)
    {
      CHECK (hostile_raw_call (b, rt_tag (RT_XFORM, 0), b->seq + 1, lens[i],
			       0)
	     == hostile_err_tag (IDL_E_BADMSG));
      honest_call ();
      CHECK (hostile_raw_call (b, rt_tag (RT_XFORM, 0), b->seq + 1, 0,
			       counts[i])
	     == hostile_err_tag (IDL_E_BADMSG));
      honest_call ();
      good_fd_call (b, p[0], p[1]);
    }
  /* The largest legal length is served (what the page holds, junk or
     not, is the client's business).  */
  CHECK (hostile_raw_call (b, rt_tag (RT_XFORM, 0), b->seq + 1,
			   IDL_PAYLOAD_MAX, 0)
	 == rt_tag (RT_XFORM, 2));
  CHECK (rt_mr (b)[1] == IDL_PAYLOAD_MAX);

  /* Descriptors announced but never sent.  */
  CHECK (hostile_raw_call (b, rt_tag (RT_FD_READ, 1), b->seq + 1, 0, 2)
	 == hostile_err_tag (IDL_E_BADMSG));
  honest_call ();
  good_fd_call (b, p[0], p[1]);

  /* Announced one, sent three (or none) with the right number: the
     message is the request's, and wrong.  */
  int three[3] = { p[0], p[0], p[1] };
  CHECK (hostile_send_fdmsg (b->sock, b->seq + 1, three, 3) > 0);
  CHECK (hostile_raw_call (b, rt_tag (RT_FD_READ, 1), b->seq + 1, 0, 1)
	 == hostile_err_tag (IDL_E_BADMSG));
  CHECK (hostile_send_fdmsg (b->sock, b->seq + 1, NULL, 0) > 0);
  CHECK (hostile_raw_call (b, rt_tag (RT_FD_READ, 1), b->seq + 1, 0, 1)
	 == hostile_err_tag (IDL_E_BADMSG));
  good_fd_call (b, p[0], p[1]);
  CHECK (rt_fd_count (srv) == fd_base);

  /* Sent but not announced, with old, future and the next sequence
     numbers, and junk messages: the next real request still gets its
     own descriptor (the server reads the right pipe).  */
  int q[2];
  CHECK (pipe (q) == 0);
  CHECK (write (q[1], "WRONG", 5) == 5);
  CHECK (hostile_send_fdmsg (b->sock, b->seq, &q[0], 1) > 0);
  CHECK (hostile_send_fdmsg (b->sock, b->seq + 1, &q[0], 1) > 0);
  CHECK (hostile_send_fdmsg (b->sock, b->seq + 7, &q[0], 1) > 0);
  CHECK (hostile_raw_send (b->sock, "x", 1, &q[0], 1) > 0);
  CHECK (hostile_raw_send (b->sock, "0123456789abcdef", 16, &q[0], 1)
	 > 0);
  struct idl_fdmsg wrong_magic = { 0x12345678, b->seq + 1 };
  CHECK (hostile_raw_send (b->sock, &wrong_magic, sizeof wrong_magic,
			   &q[0], 1) > 0);
  CHECK (hostile_raw_call (b, rt_tag (RT_ADD, 2), b->seq + 1, 0, 0)
	 == rt_tag (RT_ADD, 1));
  good_fd_call (b, p[0], p[1]);
  CHECK (rt_fd_count (srv) == fd_base);

  /* A flood of unannounced messages, up to 64 descriptors each (the
     server gets at most IDL_MAX_FDS of them, and MSG_CTRUNC), between
     real calls.  The kernel queues only a few messages per socket
     (net.unix.max_dgram_qlen, 10 by default); a client that fills the
     queue with junk cannot send its own descriptors until the server
     has taken it (at its next request with descriptors, or when it
     finds the connection idle), so each round stays below that.  */
  long rss0 = hostile_rss_kib (srv);
  int flood[64];
  for (unsigned i = 0; i < 64; i++)
    flood[i] = q[0];
  unsigned queued = 0;
  for (unsigned round = 0; round < 1000; round++)
    {
      for (unsigned k = 0; k < 8; k++)
	if (hostile_send_fdmsg (b->sock, k % 2 ? b->seq : b->seq + 2 + k, flood,
			k % 3 ? 64 : 8) > 0)
	  queued++;
      good_fd_call (b, p[0], p[1]);
      honest_call ();
    }
  CHECK (queued == 8000);
  CHECK (rt_fd_count (srv) == fd_base);
  long rss1 = hostile_rss_kib (srv);
  printf ("flood: %u messages queued, server RSS %ld -> %ld KiB\n", queued,
	  rss0, rss1);
  CHECK (rss1 - rss0 < 4096);

  /* Still alive, still the same threads, still serving.  */
  CHECK (kill (srv, 0) == 0);
  CHECK (hostile_thread_count (srv) == threads);
  honest_call ();
  good_fd_call (b, p[0], p[1]);

  /* A client that dies with descriptors queued is noticed (its thread
     ends).  The first one's socket closes at its death; the second
     sent its own connection socket, which thus outlives it in our
     queue until the server discards the unannounced message.  */
  die_with_queued_fds (name, 0);
  CHECK (hostile_await_settled (srv, fd_base, threads, 2000));
  double t0 = rt_now_ms ();
  die_with_queued_fds (name, 1);
  CHECK (hostile_await_settled (srv, fd_base, threads, 5000));
  printf ("dead client with its own socket queued: noticed after %.0f ms\n",
	  rt_now_ms () - t0);
  honest_call ();

  idl_close (b);
  idl_close (honest);
  rt_stop_server (srv);
  return 0;
}
