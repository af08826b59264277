/* { dg-do run } */
/* Area: run
   Purpose: a hostile client over a real connection (issue 6).  A server
   built from the generated dispatcher of a rich interface (lib/idlrich.h:
   strings, size_is buffers, a record, descriptors each way, one-way)
   serves a well-behaved client process, which checks every value it
   gets, while this process attacks the same server: random requests,
   truncated and oversized ones, lengths past their bounds, descriptor
   indices with nothing behind them, floods of descriptors (up to 253 a
   message, more than IDL_MAX_FDS), garbage on the socket, junk in the
   page's state word, wrong interfaces and malformed hellos at connect,
   and hundreds of reconnections.  Every bad request gets IDL_E_BADMSG
   and its connection goes on; every bad hello gets its documented
   welcome (IDL_E_IFACE, IDL_E_CONNECT) or a closed connection; no
   rejected request reaches an implementation; the good client never
   sees a wrong value or an error.  Once the attacks are over the
   server holds exactly the descriptors and threads it held before them
   (after a warm-up round), and its resident memory has grown by at most
   RSS_SLACK_KIB.  Run against a thread per connection and against two
   workers.  */

#include "idlrich.h"
#include "idlhostile.h"
#include <poll.h>

IDL_SERVER (rich);

/* Resident memory the server may gain between the end of the warm-up
   round and the end of the last round, in KiB.  Not zero, because
   what the first round made the server allocate is not all of what it
   will ever allocate: glibc hands a new thread (thread mode: one per
   connection) whichever malloc arena and cached stack is free, and
   which pages of them the next thread touches first depends on
   timing; the good client's calls run concurrently and can land in
   any of them.  That is tens of pages at most.  A leak per request,
   per connection or per descriptor message is not: the rounds after
   the warm-up make some 700 connections and 30000 requests, so a leak
   of even a single private message buffer (IDL_MSG_BYTES, resident
   where touched) or shared page per connection would be several MiB.  */
#define RSS_SLACK_KIB 512

/* Rounds of attacks after the warm-up.  */
#define ROUNDS 3

#define TAG(op, n) ((uint64_t) RICH_ID << IDL_TAG_IFACE_SHIFT \
		    | (uint64_t) (op) << IDL_TAG_OP_SHIFT | (n))

static uint64_t rng_state = 0x243f6a8885a308d3ULL;
static const char *name;
static pid_t srv;
static idl_binding_t *hb;	/* the hostile client's connection */
static unsigned n_badmsg, n_random_ok, n_hello, n_reconnect, n_garbage;
static unsigned long n_fds_sent;

static uint64_t
rng (void)
{
  return hostile_rng (&rng_state);
}

static void
expect_badmsg (uint64_t rtag)
{
  if (rtag != hostile_err_tag (IDL_E_BADMSG))
    fprintf (stderr, "reply tag %#llx\n", (unsigned long long) rtag);
  CHECK (rtag == hostile_err_tag (IDL_E_BADMSG));
  n_badmsg++;
}

/* The hostile connection still serves: one good call on it.  */
static void
still_serving (void)
{
  static long k;
  k++;
  CHECK (rich_add (hb, k, 1) == k + 1);
  CHECK (idl_error (hb) == IDL_OK);
}

/* How many implementation calls the server has counted for us; the
   call itself is one more.  */
static long
impl_calls (void)
{
  long calls = -1;
  rich_noted (hb, &calls);
  CHECK (idl_error (hb) == IDL_OK);
  return calls;
}

/* A rich_put request by hand (layout in idlrich.h): string length SLEN
   over the SBYTES bytes of S, NV ints 1..NV at the next multiple of 4
   (their count is implied by the payload's length), descriptor index
   FDIDX; NSENT descriptors FDS sent for the request, NFDS announced;
   payload length LEN (-1: exactly what was written).  Returns the reply
   tag; the result is then in mr[1].  */
static uint64_t
raw_put (uint32_t slen, const char *s, unsigned sbytes, unsigned nv,
	 uint32_t fdidx, const int *fds, unsigned nsent, uint32_t nfds,
	 uint32_t len)
{
  uint8_t *pay = hb->page->payload;
  unsigned off = (sbytes + 3) & ~3u;
  uint64_t w[1] = { slen | (uint64_t) fdidx << 32 };
  uint32_t seq = hb->seq + 1;

  memcpy (pay, s, sbytes);
  for (unsigned i = 0; i < nv; i++)
    {
      int32_t x = (int32_t) i + 1;
      memcpy (pay + off + 4 * i, &x, 4);
    }
  hostile_put_words (hb, w, 1);
  if (nsent)
    {
      CHECK (hostile_send_fdmsg (hb->sock, seq, fds, nsent) > 0);
      n_fds_sent += nsent;
    }
  return hostile_raw_call (hb, TAG (2, 1), seq,
			   len == (uint32_t) -1 ? off + 4 * nv : len, nfds);
}

/* A request of TAG with words W[0..NW-1] and LEN payload bytes (what
   the page holds) and header fields as given.  */
static uint64_t
raw_req (uint64_t tag, const uint64_t *w, unsigned nw, uint32_t len,
	 uint32_t nfds)
{
  hostile_put_words (hb, w, nw);
  return hostile_raw_call (hb, tag, hb->seq + 1, len, nfds);
}

/* Two pipes whose inodes rich_put tells apart (idlrich.h).  */
static int good_pipe[2], junk_pipe[2];

static void
make_pipes (void)
{
  CHECK (pipe (good_pipe) == 0);
  do
    CHECK (pipe (junk_pipe) == 0);
  while (rich_inode_tag (junk_pipe[0]) == rich_inode_tag (good_pipe[0])
	 && (close (junk_pipe[0]), close (junk_pipe[1]), 1));
}

/* A call on the hostile connection with a descriptor: the server must
   be handed this call's descriptor and no flood's.  */
static void
good_fd_call (void)
{
  int32_t v[2] = { 5, 6 };
  CHECK (rich_put (hb, "ab", v, 2, good_pipe[0])
	 == 2000000 + 11 + rich_inode_tag (good_pipe[0]));
  CHECK (idl_error (hb) == IDL_OK);
}

/* The layout above is the real one: built exactly as the stub builds
   it, a request succeeds with the right result.  */
static void
check_layout (void)
{
  CHECK (raw_put (5, "hello", 6, 3, 0, good_pipe, 1, 1, -1)
	 == TAG (2, 1));
  CHECK ((long) hb->page->mr[1]
	 == 5000000 + 6 + rich_inode_tag (good_pipe[0]));
  CHECK (raw_put (5, "hello", 6, 3, IDL_FD_NONE, NULL, 0, 0, -1)
	 == TAG (2, 1));
  CHECK (hb->page->mr[1] == 5000006);
}

/* Random requests through the stub ABI: any operation number, count,
   flags, words, payload length and bytes.  A request that happens to
   be well formed is served (rich_add's sum is checked); every other
   one gets IDL_E_BADMSG.  */
static void
attack_random (unsigned count)
{
  uint64_t w[IDL_MR_WORDS];
  for (unsigned it = 0; it < count; it++)
    {
      uint64_t r = rng ();
      unsigned op = (unsigned) (r % 10);
      unsigned cnt = (r >> 8) & 1 ? (r >> 9) % 3
				  : (r >> 9) & IDL_TAG_COUNT_MASK;
      uint64_t tag = TAG (op, cnt);
      if ((r >> 16) % 8 == 0)
	tag = (tag & 0xffffffffu) | (rng () & 0xffffffff00000000ULL);
      if ((r >> 19) % 16 == 0)
	tag |= IDL_TAG_ERROR;
      if ((r >> 23) % 16 == 0)
	tag |= (r >> 27) & 0xfe00;	/* reserved bits 9-15 */
      for (unsigned i = 0; i < IDL_MR_WORDS; i++)
	{
	  uint64_t x = rng ();
	  /* Small lengths and indices too, or nearly nothing passes.  */
	  w[i] = x & 1 ? x : (x >> 1) % 300 | ((x >> 20) % 70) << 32;
	}
      uint32_t len = (uint32_t) ((r >> 34) % ((r >> 32) % 4 == 0
					      ? IDL_PAYLOAD_MAX + 1 : 400));
      uint8_t *pay = idl_request_payload (hb);
      CHECK (pay != NULL);
      for (uint32_t i = 0; i < len; i += 8)
	{
	  uint64_t x = (r >> 40) % 3 == 0 ? 0 : rng ();
	  memcpy (pay + i, &x, len - i < 8 ? len - i : 8);
	}
      if ((r >> 44) % 8 == 0)
	{
	  /* One-way: posted, never answered, whatever it holds.  */
	  CHECK (idl_send_x (hb, tag, w, len, NULL, 0) == 0);
	  continue;
	}
      tag &= ~(uint64_t) IDL_TAG_ONEWAY;
      uint64_t rt = idl_call_x (hb, tag, w, len, NULL, 0);
      if (rt & IDL_TAG_ERROR)
	{
	  expect_badmsg (rt);
	  CHECK (idl_error (hb) == IDL_E_BADMSG);
	  continue;
	}
      CHECK (idl_error (hb) == IDL_OK);
      CHECK ((uint32_t) (tag >> IDL_TAG_IFACE_SHIFT) == RICH_ID);
      CHECK (op >= 1 && op <= 8 && op != 7);
      if (op == 1)
	CHECK (rt == TAG (1, 1) && hb->page->mr[1] == w[0] + w[1]);
      n_random_ok++;
    }
  still_serving ();
}

/* Requests shorter than they claim: payload cut anywhere, words
   missing.  None reaches an implementation.  */
static void
attack_truncated (void)
{
  long calls = impl_calls ();
  /* (At 8 the payload would be "hello" and no ints: well formed.)  */
  static const uint32_t cuts[] = { 0, 1, 5, 6, 7, 9, 15, 19 };
  for (unsigned i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
    expect_badmsg (raw_put (5, "hello", 6, 3, IDL_FD_NONE, NULL, 0, 0,
			    cuts[i]));
  uint64_t w[2] = { 1, 2 };
  expect_badmsg (raw_req (TAG (1, 1), w, 2, 0, 0));
  expect_badmsg (raw_req (TAG (1, 0), w, 2, 0, 0));
  expect_badmsg (raw_req (TAG (2, 2), w, 2, 8, 0));
  /* The record needs 192 bytes, the string its NUL.  */
  expect_badmsg (raw_req (TAG (3, 0), w, 0, 191, 0));
  expect_badmsg (raw_req (TAG (3, 0), w, 0, 0, 0));
  memcpy (hb->page->payload, "0123456789", 10);
  w[0] = 10;
  expect_badmsg (raw_req (TAG (5, 1), w, 1, 10, 0));
  expect_badmsg (raw_req (TAG (5, 1), w, 1, 4, 0));
  CHECK (impl_calls () == calls + 1);
  still_serving ();
}

/* Requests larger than anything allowed: payload lengths and
   descriptor counts past the runtime's limits, too many words.  */
static void
attack_oversized (void)
{
  long calls = impl_calls ();
  static const uint32_t lens[] = { IDL_PAYLOAD_MAX + 1, 0x80000000u,
				   0xffffffffu };
  static const uint32_t counts[] = { IDL_MAX_FDS + 1, 0x10000, 0xffffffffu };
  uint64_t w[IDL_MR_WORDS] = { 1, 2 };
  for (unsigned i = 0; i < 3; i++)
    {
      expect_badmsg (raw_req (TAG (3, 0), w, 0, lens[i], 0));
      expect_badmsg (raw_req (TAG (3, 0), w, 0, 192, counts[i]));
    }
  expect_badmsg (raw_req (TAG (1, 3), w, 3, 0, 0));
  expect_badmsg (raw_req (TAG (1, IDL_MR_WORDS), w, IDL_MR_WORDS - 1, 0, 0));
  expect_badmsg (raw_req (TAG (1, IDL_TAG_COUNT_MASK), w, IDL_MR_WORDS - 1,
			  0, 0));
  /* Through the stub ABI, which refuses before sending.  */
  CHECK (idl_request_payload (hb) != NULL);
  CHECK (idl_call_x (hb, TAG (3, 0), w, IDL_PAYLOAD_MAX + 1, NULL, 0)
	 == hostile_err_tag (IDL_E_INVAL));
  CHECK (idl_error (hb) == IDL_E_INVAL);
  CHECK (impl_calls () == calls + 1);
  still_serving ();
}

/* Lengths and counts past their declared bounds, and descriptor
   indices with no descriptor behind them.  */
static void
attack_bounds (void)
{
  long calls = impl_calls ();
  static char big[RICH_ECHO_MAX + 2];
  expect_badmsg (raw_put (33, "abcdefghijklmnopqrstuvwxyz0123456", 34, 0,
			  IDL_FD_NONE, NULL, 0, 0, -1));
  expect_badmsg (raw_put (0xffffffffu, "x", 2, 0, IDL_FD_NONE, NULL, 0, 0,
			  -1));
  expect_badmsg (raw_put (0x7fffffffu, "x", 2, 0, IDL_FD_NONE, NULL, 0, 0,
			  -1));
  /* The ints (their count implied): over the bound, or a part of one
     at the end.  */
  expect_badmsg (raw_put (1, "x", 2, RICH_VEC_MAX + 1, IDL_FD_NONE, NULL,
			  0, 0, -1));
  expect_badmsg (raw_put (1, "x", 2, 4, IDL_FD_NONE, NULL, 0, 0, 18));
  expect_badmsg (raw_put (1, "x", 2, 0, 0, NULL, 0, 0, -1));
  expect_badmsg (raw_put (1, "x", 2, 0, 1, good_pipe, 1, 1, -1));
  expect_badmsg (raw_put (1, "x", 2, 0, 0x7fffffff, good_pipe, 1, 1, -1));
  uint64_t w[1] = { 7 | (uint64_t) (RICH_FILL_MAX + 1) << 32 };
  expect_badmsg (raw_req (TAG (4, 1), w, 1, 0, 0));
  memset (big, 'e', RICH_ECHO_MAX + 1);
  big[RICH_ECHO_MAX + 1] = 0;
  memcpy (hb->page->payload, big, RICH_ECHO_MAX + 2);
  w[0] = RICH_ECHO_MAX + 1;
  expect_badmsg (raw_req (TAG (5, 1), w, 1, RICH_ECHO_MAX + 2, 0));
  CHECK (impl_calls () == calls + 1);
  still_serving ();
}

/* Descriptor floods: messages of up to 253 descriptors (the kernel's
   limit), unannounced, announced with another count, or for another
   request.  The kernel queues only max_dgram_qlen (10) messages a
   socket, so each burst stays below that and is followed by a call,
   whose descriptor must be its own.  */
static void
attack_fd_flood (void)
{
  int flood[HOSTILE_MAX_SCM_FDS];
  for (unsigned i = 0; i < HOSTILE_MAX_SCM_FDS; i++)
    flood[i] = junk_pipe[i % 2];
  for (unsigned burst = 0; burst < 20; burst++)
    {
      for (unsigned k = 0; k < 8; k++)
	{
	  unsigned n = k % 3 == 0 ? HOSTILE_MAX_SCM_FDS : k % 3 == 1 ? 64 : 9;
	  /* Old numbers and future ones, never the next call's (that
	     one would be taken for the call's own, and the call fail:
	     the client's own business).  */
	  uint32_t seq = k % 2 ? hb->seq - k : hb->seq + 2 + k;
	  ssize_t r = hostile_send_fdmsg (hb->sock, seq, flood, n);
	  CHECK (r > 0 || errno == EAGAIN);
	  if (r > 0)
	    n_fds_sent += n;
	}
      good_fd_call ();
    }
  /* Announced, with more than fit the server's control buffer: the
     kernel drops the rest and says so (MSG_CTRUNC).  */
  expect_badmsg (raw_put (1, "x", 2, 0, 0, flood, HOSTILE_MAX_SCM_FDS,
			  IDL_MAX_FDS, -1));
  expect_badmsg (raw_put (1, "x", 2, 0, 0, flood, IDL_MAX_FDS + 1,
			  IDL_MAX_FDS, -1));
  expect_badmsg (raw_put (1, "x", 2, 0, 0, flood, IDL_MAX_FDS + 1, 1, -1));
  /* The most a request may carry is served.  */
  CHECK (raw_put (1, "x", 2, 0, IDL_MAX_FDS - 1, flood, IDL_MAX_FDS,
		  IDL_MAX_FDS, -1) == TAG (2, 1));
  CHECK ((long) hb->page->mr[1]
	 == 1000000 + rich_inode_tag (flood[IDL_MAX_FDS - 1]));
  good_fd_call ();
  still_serving ();
}

/* Garbage on the socket between calls: random bytes of random sizes,
   some with descriptors.  */
static void
attack_garbage (void)
{
  static uint8_t junk[60000];
  for (unsigned burst = 0; burst < 10; burst++)
    {
      for (unsigned k = 0; k < 8; k++)
	{
	  uint64_t r = rng ();
	  size_t len = k == 0 ? sizeof junk : 1 + r % 9000;
	  for (size_t i = 0; i < len; i += 8)
	    {
	      uint64_t x = rng ();
	      memcpy (junk + i, &x, len - i < 8 ? len - i : 8);
	    }
	  unsigned nfds = (r >> 32) % 3 == 0 ? (unsigned) (r >> 40) % 20 : 0;
	  int fds[20];
	  for (unsigned i = 0; i < nfds; i++)
	    fds[i] = junk_pipe[i % 2];
	  ssize_t s = hostile_raw_send (hb->sock, junk, len, fds, nfds);
	  CHECK (s > 0 || errno == EAGAIN);
	  if (s > 0)
	    n_garbage++;
	}
      still_serving ();
      good_fd_call ();
    }
  /* Junk in the state word (and the header behind it): the server
     waits for a request and takes none of it for one.  */
  static const uint32_t states[] = { IDL_PAGE_REPLY, 3, 0xdeadbeef,
				     IDL_PAGE_IDLE };
  for (unsigned i = 0; i < 4; i++)
    {
      __atomic_store_n (&hb->page->payload_len, 0xffffffffu, __ATOMIC_RELAXED);
      __atomic_store_n (&hb->page->nfds, 0xffffffffu, __ATOMIC_RELAXED);
      __atomic_store_n (&hb->page->state, states[i], __ATOMIC_SEQ_CST);
      idl_futex_wake (&hb->page->state, 1);
      idl_doorbell (hb->sock, hb->seq + 1);
      usleep (1000);
      still_serving ();
    }
}

/* Bad hellos and wrong interfaces at connect.  */
static void
attack_connect (void)
{
  int err;
  idl_interface_t other = rich;
  other.signature ^= 1;
  other.ops = NULL;
  other.nops = 0;
  CHECK (idl_connect (name, &other, &err) == NULL && err == IDL_E_IFACE);
  other = rich;
  other.id++;
  CHECK (idl_connect (name, &other, &err) == NULL && err == IDL_E_IFACE);
  other = rich;
  other.version++;
  CHECK (idl_connect (name, &other, &err) == NULL && err == IDL_E_IFACE);
  n_hello += 3;

  /* By hand: the welcome each one gets, or a closed connection.  */
  struct idl_welcome wel;
  struct idl_hello h;
  for (unsigned kind = 0; kind < 8; kind++)
    {
      int fd = hostile_raw_connect (name);
      CHECK (fd >= 0);
      h = hostile_hello (&rich);
      ssize_t len = sizeof h;
      int want = IDL_OK;	/* welcome status; -1: closed unanswered */
      int fds[64];
      unsigned nfds = 0;
      switch (kind)
	{
	case 0:
	  h.magic ^= 0x01000000;
	  want = IDL_E_CONNECT;
	  break;
	case 1:
	  h.wire_version++;
	  want = IDL_E_CONNECT;
	  break;
	case 2:
	  h.signature = rng ();
	  want = IDL_E_IFACE;
	  break;
	case 3:
	  /* A table announced and not sent.  */
	  h.nops = 5;
	  want = -1;
	  break;
	case 4:
	  /* Shorter than a hello.  */
	  len = 1 + rng () % (sizeof h - 1);
	  for (ssize_t i = 0; i < len; i++)
	    ((uint8_t *) &h)[i] = (uint8_t) rng ();
	  want = -1;
	  break;
	case 5:
	  /* A good hello with descriptors: the server installs none.  */
	  for (nfds = 0; nfds < 64; nfds++)
	    fds[nfds] = junk_pipe[nfds % 2];
	  break;
	case 6:
	  /* Nothing at all: the client hangs up first.  */
	  len = -1;
	  break;
	case 7:
	  /* A table of more entries than any hello may carry.  */
	  h.nops = IDL_HELLO_OPS_MAX + 1;
	  want = -1;
	  break;
	}
      if (len >= 0)
	{
	  CHECK (hostile_raw_send (fd, &h, (size_t) len, fds, nfds) == len);
	  int got = hostile_raw_welcome (fd, &wel, 5000);
	  if (want < 0)
	    CHECK (got == 0);
	  else
	    {
	      CHECK (got == 1);
	      CHECK (wel.magic == IDL_WELCOME_MAGIC
		     && wel.status == (uint32_t) want);
	    }
	}
      close (fd);
      n_hello++;
    }
  still_serving ();
}

/* Connect and disconnect many times: in the middle of nothing, after a
   call, with a one-way request still pending.  */
static void
attack_reconnects (unsigned count)
{
  for (unsigned i = 0; i < count; i++)
    {
      idl_binding_t *b = idltest_connect (name, &rich);
      if (i % 3 == 0)
	CHECK (rich_add (b, i, 2) == (long) i + 2);
      else if (i % 3 == 1)
	rich_note (b, i);
      idl_close (b);
      n_reconnect++;
      if (i % 4 == 0)
	{
	  int fd = hostile_raw_connect (name);
	  CHECK (fd >= 0);
	  close (fd);
	  n_reconnect++;
	}
    }
  still_serving ();
}

static void
attack_round (void)
{
  check_layout ();
  attack_random (2000);
  attack_truncated ();
  attack_oversized ();
  attack_bounds ();
  attack_fd_flood ();
  attack_garbage ();
  attack_connect ();
  attack_reconnects (200);
  good_fd_call ();
}

/* The well-behaved client: a process of its own calling every
   operation with checked values until STOP_FD becomes readable, then
   reporting its number of calls on REPORT_FD.  A wrong value aborts it
   (CHECK), which the test sees in its exit status.  */
static pid_t
fork_good_client (int *stop_wr, int *report_rd)
{
  int stop[2], report[2];
  CHECK (pipe (stop) == 0 && pipe (report) == 0);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      close (stop[1]);
      close (report[0]);
      idl_binding_t *b = idltest_connect (name, &rich);
      unsigned long calls = 0;
      long seed = 1;
      struct pollfd p = { stop[0], POLLIN, 0 };
      do
	calls += rich_good_round (b, seed++);
      while (poll (&p, 1, 0) == 0);
      idl_close (b);
      CHECK (write (report[1], &calls, sizeof calls) == sizeof calls);
      _exit (0);
    }
  close (stop[0]);
  close (report[1]);
  *stop_wr = stop[1];
  *report_rd = report[0];
  return pid;
}

static void
run_against (unsigned workers)
{
  double t0 = hostile_now_ms ();
  srv = idltest_fork_server_workers (name, &rich, rich_dispatch, workers);
  hb = idltest_connect (name, &rich);
  CHECK (rich_good_round (hb, 1) > 0);
  /* What the server holds with our one connection.  */
  int fds0 = hostile_fd_count (srv), threads0 = hostile_thread_count (srv);

  /* Warm-up: one round of everything; once its connections are over,
     the baseline.  (A server notices a client's hang-up within one
     sleep slice, page.h.)  */
  attack_round ();
  CHECK (hostile_await_settled (srv, fds0, threads0, 5000));
  long rss0 = hostile_rss_kib (srv);

  int stop, report;
  pid_t good = fork_good_client (&stop, &report);
  for (unsigned r = 0; r < ROUNDS; r++)
    attack_round ();

  /* Stop the good client, which must have seen nothing.  */
  unsigned long good_calls = 0;
  int status;
  CHECK (write (stop, "x", 1) == 1);
  CHECK (waitpid (good, &status, 0) == good);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  CHECK (read (report, &good_calls, sizeof good_calls) == sizeof good_calls);
  close (stop);
  close (report);
  CHECK (good_calls > 100);

  /* Every connection since the baseline is over: the server holds what
     it held then.  */
  CHECK (kill (srv, 0) == 0);
  int settled = hostile_await_settled (srv, fds0, threads0, 5000);
  if (!settled)
    fprintf (stderr, "server: %d descriptors (was %d), %d threads (was %d)\n",
	     hostile_fd_count (srv), fds0, hostile_thread_count (srv),
	     threads0);
  CHECK (settled);
  long rss1 = hostile_rss_kib (srv);
  printf ("workers %u: %u rounds in %.0f ms; good client: %lu calls, all "
	  "right; server RSS %ld -> %ld KiB (slack %d), %d descriptors, "
	  "%d threads before and after\n", workers, ROUNDS + 1,
	  hostile_now_ms () - t0, good_calls, rss0, rss1, RSS_SLACK_KIB, fds0,
	  threads0);
  CHECK (rss1 - rss0 <= RSS_SLACK_KIB);

  CHECK (rich_good_round (hb, 7) > 0);
  idl_close (hb);
  idltest_stop_server (srv);
}

int
main (void)
{
  name = idltest_name ("hostile");
  make_pipes ();
  run_against (0);
  run_against (2);
  printf ("bad requests answered IDL_E_BADMSG: %u; random requests "
	  "served: %u; bad hellos: %u; reconnections: %u; garbage "
	  "messages: %u; descriptors flooded: %lu\n", n_badmsg, n_random_ok,
	  n_hello, n_reconnect, n_garbage, n_fds_sent);
  return 0;
}
