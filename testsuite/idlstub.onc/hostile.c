/* { dg-do run } */
/* Area: ONC RPC
   Purpose: a hostile peer against an idlstub server, over raw TCP and
   UDP sockets, while a good client keeps calling and checking: calls
   for another program, version or procedure get PROG_UNAVAIL,
   PROG_MISMATCH (with the version served) and PROC_UNAVAIL; another
   RPC version RPC_MISMATCH; a credential flavor the server does not
   take AUTH_REJECTEDCRED, a malformed one AUTH_BADCRED; arguments the
   decoder refuses (truncated, a string or a count over its bound)
   GARBAGE_ARGS; NULLPROC an empty success.  AUTH_NONE calls reach the
   implementation with uid and gid -1, AUTH_SYS ones with the uid and
   gid they claim.  A record in 1-byte fragments and records sent
   together are served; records that are not calls, a huge record mark,
   an empty record close the connection; truncated records and random
   bytes cost the server nothing else.  Both run modes.  */

#include <fcntl.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <sys/time.h>
#include <rpc/rpc.h>
#define ONCT_SERVER
#include "onc-test.h"

static int port;

/* The good client, meanwhile (it makes no call while PAUSED).  */
static volatile int stop, paused;
static long good_calls;

static void *
good_client (void *arg)
{
  idl_binding_t *b = onct_connect (onct_name ((const char *) arg,
					      "127.0.0.1", port));
  idl_set_timeout (b, 5 * 1000 * 1000);
  while (!stop)
    {
      if (paused)
	{
	  usleep (1000);
	  continue;
	}
      long k = good_calls;
      CHECK (add (b, k, 7) == k + 7 && idl_error (b) == IDL_OK);
      good_calls++;
    }
  idl_close (b);
  return NULL;
}

/* XDR by hand.  */
static uint8_t *
put (uint8_t *p, uint32_t v)
{
  v = htonl (v);
  memcpy (p, &v, 4);
  return p + 4;
}

static uint32_t
get (const uint8_t *p)
{
  uint32_t v;
  memcpy (&v, p, 4);
  return ntohl (v);
}

/* An AUTH_SYS credential's body claiming UID and GID.  */
static size_t
sys_cred (uint8_t *p, uint32_t uid, uint32_t gid)
{
  uint8_t *q = put (p, 12345);		/* stamp */
  q = put (q, 4);
  memcpy (q, "evil", 4);
  q = put (q + 4, uid);
  q = put (q, gid);
  q = put (q, 1);			/* one supplementary group */
  q = put (q, gid);
  return (size_t) (q - p);
}

/* A call: XID, RPC version, program, version, procedure, credential
   FLAVOR with its body CRED (LEN bytes), AUTH_NONE verifier, then
   ARGS (ALEN bytes).  Returns its length.  */
static size_t
call (uint8_t *buf, uint32_t xid, uint32_t rpcvers, uint32_t prog,
      uint32_t vers, uint32_t proc, uint32_t flavor, const uint8_t *cred,
      uint32_t len, const uint8_t *args, size_t alen)
{
  uint8_t *p = put (buf, xid);
  p = put (p, 0);			/* CALL */
  p = put (p, rpcvers);
  p = put (p, prog);
  p = put (p, vers);
  p = put (p, proc);
  p = put (p, flavor);
  p = put (p, len);
  memcpy (p, cred, len);
  p += (len + 3) & ~3u;
  p = put (p, 0);			/* AUTH_NONE verifier */
  p = put (p, 0);
  memcpy (p, args, alen);
  return (size_t) (p - buf) + alen;
}

static size_t
simple_call (uint8_t *buf, uint32_t xid, uint32_t proc, const uint8_t *args,
	     size_t alen)
{
  return call (buf, xid, 2, ONCT_PROG, ONCT_VERS, proc, 0, NULL, 0, args,
	       alen);
}

/* A reply, as read.  */
struct reply
{
  uint32_t xid, accepted, stat, low, high;
  const uint8_t *results;
  size_t nresults;
};

static int
parse (const uint8_t *p, size_t n, struct reply *r)
{
  memset (r, 0, sizeof *r);
  if (n < 12 || get (p + 4) != 1)	/* REPLY */
    return 0;
  r->xid = get (p);
  r->accepted = get (p + 8) == 0;
  if (!r->accepted)
    {
      /* rejected: RPC_MISMATCH low high, or AUTH_ERROR why.  */
      r->stat = get (p + 12) == 0 ? 100 : 200 + get (p + 16);
      if (r->stat == 100)
	{
	  r->low = get (p + 16);
	  r->high = get (p + 20);
	}
      return 1;
    }
  uint32_t vlen = get (p + 16);
  const uint8_t *q = p + 20 + ((vlen + 3) & ~3u);
  r->stat = get (q);
  if (r->stat == PROG_MISMATCH)
    {
      r->low = get (q + 4);
      r->high = get (q + 8);
    }
  r->results = q + 4;
  r->nresults = n - (size_t) (q + 4 - p);
  return 1;
}

/* TCP.  */

/* A connection to the server; with RCVBUF > 0, a receive buffer that
   small (set before connecting, so that the kernel does not grow it).  */
static int
tcp_open_rcvbuf (int rcvbuf)
{
  struct sockaddr_in sa = { .sin_family = AF_INET,
			    .sin_port = htons ((uint16_t) port),
			    .sin_addr = { htonl (INADDR_LOOPBACK) } };
  struct timeval tv = { 3, 0 };
  int one = 1;
  int fd = socket (AF_INET, SOCK_STREAM, 0);
  CHECK (fd >= 0);
  if (rcvbuf > 0)
    setsockopt (fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
  CHECK (connect (fd, (struct sockaddr *) &sa, sizeof sa) == 0);
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  /* Each fragment a segment of its own.  */
  setsockopt (fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

static int
tcp_open (void)
{
  return tcp_open_rcvbuf (0);
}

static void
send_all (int fd, const void *p, size_t n)
{
  CHECK (send (fd, p, n, MSG_NOSIGNAL) == (ssize_t) n);
}

/* Send BODY (N bytes) as one record.  */
static void
send_record (int fd, const uint8_t *body, size_t n)
{
  uint8_t mark[4];
  put (mark, 0x80000000u | (uint32_t) n);
  send_all (fd, mark, 4);
  send_all (fd, body, n);
}

static int
read_full (int fd, uint8_t *p, size_t n)
{
  while (n)
    {
      ssize_t r = recv (fd, p, n, 0);
      if (r <= 0)
	return 0;
      p += r;
      n -= (size_t) r;
    }
  return 1;
}

/* Read one record into BUF; its length, or -1 if the connection ended
   (or nothing came within 3 s).  */
static long
read_record (int fd, uint8_t *buf)
{
  uint8_t mark[4];
  if (!read_full (fd, mark, 4))
    return -1;
  uint32_t n = get (mark) & 0x7fffffff;
  CHECK ((get (mark) >> 31) == 1 && n < 65536);
  if (!read_full (fd, buf, n))
    return -1;
  return n;
}

/* The connection is closed by the server: a read ends (EOF, reset).  */
static void
expect_closed (int fd)
{
  uint8_t b[256];
  ssize_t r;
  do
    r = recv (fd, b, sizeof b, 0);
  while (r > 0);
  CHECK (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK));
  close (fd);
}

static void
expect (int fd, const uint8_t *body, size_t n, uint32_t xid, int accepted,
	uint32_t stat, struct reply *r)
{
  static uint8_t buf[65536];
  send_record (fd, body, n);
  long len = read_record (fd, buf);
  CHECK (len > 0 && parse (buf, (size_t) len, r));
  if (r->xid != xid || r->accepted != (uint32_t) accepted || r->stat != stat)
    fprintf (stderr, "xid %u/%u accepted %u/%d stat %u/%u\n", r->xid, xid,
	     r->accepted, accepted, r->stat, stat);
  CHECK (r->xid == xid && r->accepted == (uint32_t) accepted
	 && r->stat == stat);
}

static void
tcp_hostile (void)
{
  static uint8_t b[20000];
  uint8_t args[4096], cred[128];
  struct reply r;
  int fd = tcp_open ();
  uint32_t x = 1000;

  /* NULLPROC, AUTH_NONE and AUTH_SYS.  */
  x++;
  expect (fd, b, simple_call (b, x, 0, NULL, 0), x, 1, SUCCESS, &r);
  CHECK (r.nresults == 0);
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG, ONCT_VERS, 0, AUTH_SYS, cred,
		       (uint32_t) sys_cred (cred, 1, 2), NULL, 0),
	  x, 1, SUCCESS, &r);
  /* Numbers not served.  */
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG + 1, ONCT_VERS, 1, 0, NULL, 0,
		       NULL, 0), x, 1, PROG_UNAVAIL, &r);
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG, 7, 1, 0, NULL, 0, NULL, 0), x,
	  1, PROG_MISMATCH, &r);
  CHECK (r.low == ONCT_VERS && r.high == ONCT_VERS);
  x++;
  expect (fd, b, simple_call (b, x, 99, NULL, 0), x, 1, PROC_UNAVAIL, &r);
  x++;
  expect (fd, b, call (b, x, 3, ONCT_PROG, ONCT_VERS, 1, 0, NULL, 0, NULL,
		       0), x, 0, 100, &r);
  CHECK (r.low == 2 && r.high == 2);
  /* Credentials: RPCSEC_GSS (6) is not taken; a short AUTH_SYS body,
     one whose machine name is over 255 bytes, one with 17 groups, and
     one cut short in its groups are malformed.  */
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG, ONCT_VERS, 1, 6, cred, 8, NULL,
		       0), x, 0, 200 + AUTH_REJECTEDCRED, &r);
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG, ONCT_VERS, 1, AUTH_SYS, cred,
		       3, NULL, 0), x, 0, 200 + AUTH_BADCRED, &r);
  size_t clen = sys_cred (cred, 1, 2);
  put (cred + 4, 256);				/* the name's length */
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG, ONCT_VERS, 1, AUTH_SYS, cred,
		       (uint32_t) clen, NULL, 0), x, 0, 200 + AUTH_BADCRED,
	  &r);
  clen = sys_cred (cred, 1, 2);
  put (cred + clen - 8, 17);			/* the groups' count */
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG, ONCT_VERS, 1, AUTH_SYS, cred,
		       (uint32_t) clen, NULL, 0), x, 0, 200 + AUTH_BADCRED,
	  &r);
  put (cred + clen - 8, 2);
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG, ONCT_VERS, 1, AUTH_SYS, cred,
		       (uint32_t) clen, NULL, 0), x, 0, 200 + AUTH_BADCRED,
	  &r);
  /* Garbage arguments: add's 16 bytes cut to 4; rev's string of 1000
     chars (bound 200); sum's count 5000 (bound 4096); a count that
     contradicts its array.  */
  put (args, 0);
  x++;
  expect (fd, b, simple_call (b, x, 1, args, 4), x, 1, GARBAGE_ARGS, &r);
  put (args, 1000);
  memset (args + 4, 'a', 1000);
  x++;
  expect (fd, b, simple_call (b, x, 6, args, 1004), x, 1, GARBAGE_ARGS,
	  &r);
  put (put (args, 5000), 0);
  x++;
  expect (fd, b, simple_call (b, x, 7, args, 8), x, 1, GARBAGE_ARGS, &r);
  put (put (put (args, 1), 5), 2);
  x++;
  expect (fd, b, simple_call (b, x, 7, args, 12), x, 1, GARBAGE_ARGS, &r);
  /* Credentials reach the implementation: none, then a claim.  */
  x++;
  expect (fd, b, simple_call (b, x, 5, NULL, 0), x, 1, SUCCESS, &r);
  CHECK (r.nresults == 8 && get (r.results) == 0xffffffffu
	 && get (r.results + 4) == 0xffffffffu);
  x++;
  expect (fd, b, call (b, x, 2, ONCT_PROG, ONCT_VERS, 5, AUTH_SYS, cred,
		       (uint32_t) sys_cred (cred, 4242, 77), NULL, 0),
	  x, 1, SUCCESS, &r);
  CHECK (r.nresults == 8 && get (r.results) == 4242
	 && get (r.results + 4) == 77);

  /* add (40, 2) in 1-byte fragments.  */
  put (put (put (put (args, 0), 40), 0), 2);
  size_t n = simple_call (b, ++x, 1, args, 16);
  for (size_t i = 0; i < n; i++)
    {
      uint8_t frag[5];
      put (frag, (i + 1 == n ? 0x80000000u : 0) | 1);
      frag[4] = b[i];
      send_all (fd, frag, 5);
    }
  static uint8_t in[65536];
  long len = read_record (fd, in);
  CHECK (len > 0 && parse (in, (size_t) len, &r) && r.xid == x
	 && r.stat == SUCCESS && r.nresults == 8 && get (r.results + 4) == 42);
  /* Three records in one write, a one-way one among them: two
     answers, in order.  */
  uint8_t many[512], *m = many;
  put (put (args, 0), 99);
  n = simple_call (b, ++x, 3, args, 8);			/* note (99) */
  m = put (m, 0x80000000u | (uint32_t) n);
  memcpy (m, b, n);
  m += n;
  n = simple_call (b, ++x, 4, NULL, 0);			/* noted () */
  m = put (m, 0x80000000u | (uint32_t) n);
  memcpy (m, b, n);
  m += n;
  n = simple_call (b, ++x, 0, NULL, 0);
  m = put (m, 0x80000000u | (uint32_t) n);
  memcpy (m, b, n);
  m += n;
  send_all (fd, many, (size_t) (m - many));
  len = read_record (fd, in);
  CHECK (len > 0 && parse (in, (size_t) len, &r) && r.xid == x - 1
	 && r.stat == SUCCESS && get (r.results + 4) == 99);
  len = read_record (fd, in);
  CHECK (len > 0 && parse (in, (size_t) len, &r) && r.xid == x
	 && r.stat == SUCCESS);
  close (fd);

  /* What closes the connection: a reply where a call goes, a huge
     record mark, an empty record.  */
  fd = tcp_open ();
  n = simple_call (b, ++x, 0, NULL, 0);
  put (b + 4, 1);
  send_record (fd, b, n);
  expect_closed (fd);
  fd = tcp_open ();
  put (b, 0x7fffffff);
  send_all (fd, b, 4);
  send_all (fd, b, 100);
  expect_closed (fd);
  fd = tcp_open ();
  put (b, 0x80000000u);
  send_all (fd, b, 4);
  expect_closed (fd);
  /* A record cut short, then gone; random bytes.  */
  fd = tcp_open ();
  n = simple_call (b, ++x, 0, NULL, 0);
  put (in, 0x80000000u | 100);
  send_all (fd, in, 4);
  send_all (fd, b, n);
  close (fd);
  srand (7);
  for (int k = 0; k < 20; k++)
    {
      fd = tcp_open ();
      for (int i = 0; i < 300; i++)
	b[i] = (uint8_t) rand ();
      send (fd, b, 300, MSG_NOSIGNAL);
      close (fd);
    }
  /* A client that sends calls with large results and does not read
     them: once its socket is full, its replies wait (for at most
     SEND_TIMEOUT_MS), but neither with the lock that serializes the
     implementations (a thread per connection) nor in the worker that
     serves it and others: the good client goes on meanwhile.  Its
     receive buffer is small: the kernel would otherwise grow it to
     take every reply (net.ipv4.tcp_rmem), and the server would never
     wait.  The good client pauses while the replies fill the socket,
     so that the server's thread (without workers) is not asked for
     the lock when its dispatch ends, and keeps it.  Once the hostile
     client reads, every reply comes, whole and in order.  */
  paused = 1;
  usleep (20 * 1000);
  fd = tcp_open_rcvbuf (4096);
  fcntl (fd, F_SETFL, O_NONBLOCK);
  static uint8_t big[4 + 4096 * 4 + 4];
  put (big, 4096);				/* v<>: 4096 zeroes */
  put (big + 4 + 4096 * 4, 4096);		/* n */
  n = simple_call (b, ++x, 7, big, sizeof big);
  int sent = 0;
  for (; sent < 400; sent++)
    {
      uint8_t mark[4];
      put (mark, 0x80000000u | (uint32_t) n);
      if (send (fd, mark, 4, MSG_NOSIGNAL) != 4
	  || send (fd, b, n, MSG_NOSIGNAL) != (ssize_t) n)
	break;
    }
  usleep (100 * 1000);
  long before = good_calls;
  paused = 0;
  usleep (300 * 1000);
  CHECK (sent > 20 && good_calls > before + 10);
  fcntl (fd, F_SETFL, 0);
  for (int k = 0; k < sent; k++)
    {
      static uint8_t in[65536];
      long len = read_record (fd, in);
      CHECK (len > 0 && parse (in, (size_t) len, &r) && r.xid == x
	     && r.accepted == 1 && r.stat == SUCCESS
	     && r.nresults == 8 + 4 + 4096 * 4);
      CHECK (get (r.results) == 0 && get (r.results + 4) == 0
	     && get (r.results + 8) == 4096
	     && get (r.results + 12) == 1 && get (r.results + 8 + 4096 * 4) == 1);
    }
  close (fd);
  /* Still serving.  */
  fd = tcp_open ();
  x++;
  expect (fd, b, simple_call (b, x, 0, NULL, 0), x, 1, SUCCESS, &r);
  close (fd);
}

/* UDP.  */

static void
udp_hostile (void)
{
  struct sockaddr_in sa = { .sin_family = AF_INET,
			    .sin_port = htons ((uint16_t) port),
			    .sin_addr = { htonl (INADDR_LOOPBACK) } };
  struct timeval tv = { 0, 300 * 1000 };
  uint8_t b[2048], cred[128], args[64];
  static uint8_t in[65536];
  struct reply r;
  uint32_t x = 5000;
  ssize_t len;
  int fd = socket (AF_INET, SOCK_DGRAM, 0);
  CHECK (fd >= 0 && connect (fd, (struct sockaddr *) &sa, sizeof sa) == 0);
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);

#define UDP_EXPECT(n, st)						\
  do									\
    {									\
      CHECK (send (fd, b, (n), 0) == (ssize_t) (n));			\
      len = recv (fd, in, sizeof in, 0);				\
      CHECK (len > 0 && parse (in, (size_t) len, &r) && r.xid == x	\
	     && r.stat == (st));					\
    }									\
  while (0)

  x++;
  UDP_EXPECT (simple_call (b, x, 0, NULL, 0), SUCCESS);
  x++;
  UDP_EXPECT (call (b, x, 2, ONCT_PROG + 1, ONCT_VERS, 1, 0, NULL, 0, NULL,
		    0), PROG_UNAVAIL);
  x++;
  UDP_EXPECT (simple_call (b, x, 99, NULL, 0), PROC_UNAVAIL);
  put (args, 0);
  x++;
  UDP_EXPECT (simple_call (b, x, 1, args, 4), GARBAGE_ARGS);
  x++;
  UDP_EXPECT (call (b, x, 2, ONCT_PROG, ONCT_VERS, 5, AUTH_SYS, cred,
		    (uint32_t) sys_cred (cred, 31337, 4), NULL, 0), SUCCESS);
  CHECK (get (r.results) == 31337 && get (r.results + 4) == 4);
  /* Garbage datagrams are dropped without an answer.  */
  for (int k = 0; k < 50; k++)
    {
      for (int i = 0; i < 64; i++)
	b[i] = (uint8_t) rand ();
      CHECK (send (fd, b, (size_t) (k % 64), 0) >= 0);
    }
  n_drain:
  len = recv (fd, in, sizeof in, 0);
  if (len > 0)
    {
      /* A random datagram can make a call: it got an answer.  */
      goto n_drain;
    }
  x++;
  UDP_EXPECT (simple_call (b, x, 0, NULL, 0), SUCCESS);
  close (fd);
#undef UDP_EXPECT
}

static void
under_attack (unsigned workers)
{
  pthread_t good;

  port = onct_port (0);
  pid_t pid = onct_fork_server (onct_name ("tcp", "", port), workers);
  stop = 0;
  good_calls = 0;
  CHECK (pthread_create (&good, NULL, good_client, (void *) "tcp") == 0);
  for (int round = 0; round < 5; round++)
    tcp_hostile ();
  usleep (50 * 1000);
  stop = 1;
  CHECK (pthread_join (good, NULL) == 0);
  CHECK (good_calls > 0);
  printf ("tcp, %u workers: %ld good calls during the attack\n", workers,
	  good_calls);
  onct_stop_server (pid);

  port = onct_port (1);
  pid = onct_fork_server (onct_name ("udp", "", port), workers);
  stop = 0;
  good_calls = 0;
  CHECK (pthread_create (&good, NULL, good_client, (void *) "udp") == 0);
  for (int round = 0; round < 5; round++)
    udp_hostile ();
  usleep (50 * 1000);
  stop = 1;
  CHECK (pthread_join (good, NULL) == 0);
  CHECK (good_calls > 0);
  printf ("udp, %u workers: %ld good calls during the attack\n", workers,
	  good_calls);
  onct_stop_server (pid);
}

int
main (void)
{
  alarm (120);
  signal (SIGPIPE, SIG_IGN);
  under_attack (0);
  under_attack (2);
  return 0;
}
