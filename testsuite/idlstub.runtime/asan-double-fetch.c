/* { dg-do run } */
/* { dg-options "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" } */
/* Area: runtime
   Purpose: no double fetch (issue 4; DESIGN.md, "The runtime").  A
   server whose runtime (server.c, compiled into this test) and
   generated dispatcher are built with AddressSanitizer and
   UndefinedBehaviorSanitizer serves a client with two threads on one
   connection: one calls every operation of a rich interface
   (lib/idlrich.h) through its stubs, the other rewrites the shared page
   while the request is the server's: payload length, descriptor count,
   tag, string lengths, counts, descriptor indices and payload bytes,
   with values inside and far outside their bounds; then a thread of
   this process publishes requests by hand and scribbles on them until
   the server answers.  Whatever the server copied, it checked that copy
   and used that copy only, so every request is either served or
   rejected with IDL_E_BADMSG; a second fetch of a length would show as
   an out-of-bounds access, in the runtime's copy or in an
   implementation (they copy their inputs into heap blocks of exactly
   their bounds), and the server would die with a sanitizer report.
   (Checked by hand: server.c made to read payload_len again before its
   memcpy fails here with AddressSanitizer's report.)  The server must survive, report
   nothing, and serve clean calls afterwards with correct values.
   runtime.exp runs this test only where AddressSanitizer works
   (UNSUPPORTED elsewhere).  */

/* The server side of the runtime, built with this test's options (the
   sanitizers), instead of libidlrt.a's uninstrumented server.o: the
   linker takes no archive member whose symbols are all defined
   already.  First, for its _GNU_SOURCE.  */
#include "server.c"

#include "idlrich.h"
#include "idlhostile.h"

IDL_SERVER (rich);

/* How long each attack runs, per server mode, in milliseconds.  */
#define ATTACK_MS 1500

static idl_binding_t *b;
static volatile int scribbling;
static unsigned long n_scribbles;

/* Values that are fine, just over a bound, or far over all bounds.  */
static const uint32_t lens[] = { 0, 8, 192, 4001, IDL_PAYLOAD_MAX,
				 IDL_PAYLOAD_MAX + 1, IDL_PAYLOAD_MAX + 4096,
				 0x7fffffffu, 0xffffffffu };
static const uint32_t counts[] = { 0, 1, 2, IDL_MAX_FDS, IDL_MAX_FDS + 1,
				   0x10000, 0xffffffffu };

/* One burst of changes to the page while a request is the server's.
   The state word is left alone: the hand-off stays the runtime's, only
   what it hands over changes under the server.  */
static void
scribble (struct idl_page *pg, uint64_t *x)
{
  uint64_t r = hostile_rng (x);
  uint64_t tag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);

  __atomic_store_n (&pg->payload_len, lens[r % 9], __ATOMIC_RELAXED);
  __atomic_store_n (&pg->nfds, counts[(r >> 4) % 7], __ATOMIC_RELAXED);
  /* The same operation with another word count, now and then.  */
  if ((r >> 8) % 4 == 0)
    __atomic_store_n (&pg->mr[0], (tag & ~(uint64_t) IDL_TAG_COUNT_MASK)
				  | ((r >> 10) & IDL_TAG_COUNT_MASK),
		      __ATOMIC_RELAXED);
  /* String lengths, counts and descriptor indices live in words 1-2.  */
  for (unsigned i = 1; i <= 2; i++)
    {
      uint64_t v = hostile_rng (x);
      if (v % 3 == 0)
	v = (v >> 2) % 70 | ((v >> 20) % 70) << 32;
      __atomic_store_n (&pg->mr[i], v, __ATOMIC_RELAXED);
    }
  /* NULs appear and disappear in the strings.  */
  for (unsigned k = 0; k < 4; k++)
    {
      uint64_t v = hostile_rng (x);
      unsigned at = (unsigned) (v % 4100);
      __atomic_store_n (&pg->payload[at], (v >> 32) & 1 ? 0 : 'z',
			__ATOMIC_RELAXED);
    }
  n_scribbles++;
}

/* The hostile thread: whenever the page holds a request, change it.  */
static void *
scribbler (void *arg)
{
  struct idl_page *pg = b->page;
  uint64_t x = 0x9e3779b97f4a7c15ULL;
  (void) arg;
  while (scribbling)
    {
      if (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE) == IDL_PAGE_REQUEST)
	scribble (pg, &x);
      else
	idl_cpu_relax ();
    }
  return NULL;
}

/* What the calling thread saw.  */
static unsigned long n_ok, n_badmsg, n_proto, n_bounds;

static void
outcome (idl_binding_t *bb)
{
  switch (idl_error (bb))
    {
    case IDL_OK:
      n_ok++;
      break;
    case IDL_E_BADMSG:
      n_badmsg++;
      break;
    case IDL_E_PROTO:
      /* The reply, scribbled on too, failed the stub's own checks.  */
      n_proto++;
      break;
    case IDL_E_BOUNDS:
      /* The reply's out string, scribbled on, was over its bound.  */
      n_bounds++;
      break;
    default:
      fprintf (stderr, "call failed: %s\n", idl_strerror (idl_error (bb)));
      CHECK (0);
    }
}

/* Calls through the stubs, each operation in turn, values unchecked
   (the page changes under them), for MS milliseconds.  */
static void
calls_under_fire (int ms)
{
  static char in[RICH_ECHO_MAX + 1], out[RICH_ECHO_MAX + 1];
  double t0 = hostile_now_ms ();
  int p[2];
  long i = 0;

  CHECK (pipe (p) == 0);
  memset (in, 'q', 3000);
  in[3000] = 0;
  while (hostile_now_ms () - t0 < ms)
    {
      int32_t v[RICH_VEC_MAX] = { 1, 2, 3 };
      rich_big_t big, big_out;
      uint8_t buf[RICH_FILL_MAX];
      unsigned len;
      int fd = -1;

      i++;
      rich_add (b, i, 1);
      outcome (b);
      rich_put (b, "a string of 31 characters......", v, RICH_VEC_MAX,
		p[0]);
      outcome (b);
      rich_echo (b, in, out);
      outcome (b);
      rich_gen_big (&big, i);
      rich_block (b, &big, &big_out);
      outcome (b);
      rich_fill (b, 900, buf, RICH_FILL_MAX, &len);
      outcome (b);
      rich_open (b, i, &fd);
      outcome (b);
      if (fd >= 0)
	close (fd);
    }
  close (p[0]);
  close (p[1]);
}

/* Requests published by hand, scribbled on from the moment they are
   published until the server answers: the window in which a server
   reading the page twice would see two different values is all of its
   handling of the request.  */
static void
publish_and_scribble (int ms)
{
  struct idl_page *pg = b->page;
  uint64_t x = 0x0123456789abcdefULL;
  double t0 = hostile_now_ms ();
  static const uint64_t tags[] = {
    (uint64_t) RICH_ID << 32 | 2 << 16 | 1,	/* rich_put */
    (uint64_t) RICH_ID << 32 | 3 << 16 | 0,	/* rich_block */
    (uint64_t) RICH_ID << 32 | 4 << 16 | 1,	/* rich_fill */
    (uint64_t) RICH_ID << 32 | 5 << 16 | 1	/* rich_echo */
  };
  unsigned long n = 0;

  while (hostile_now_ms () - t0 < ms)
    {
      uint64_t r = hostile_rng (&x);
      uint32_t seq = b->seq + 1;
      memset (pg->payload, 'p', 4200);
      pg->payload[(r >> 8) % 4200] = 0;
      __atomic_store_n (&pg->mr[0], tags[r % 4], __ATOMIC_RELAXED);
      /* (rich_put: a string's length and no descriptor; the others: a
	 length or count, and another.)  */
      __atomic_store_n (&pg->mr[1], (r >> 16) % 40
			| (r % 4 ? (r >> 24) % 70 : IDL_FD_NONE) << 32,
			__ATOMIC_RELAXED);
      __atomic_store_n (&pg->mr[2], IDL_FD_NONE, __ATOMIC_RELAXED);
      __atomic_store_n (&pg->seq, seq, __ATOMIC_RELAXED);
      __atomic_store_n (&pg->payload_len, 300, __ATOMIC_RELAXED);
      __atomic_store_n (&pg->nfds, 0, __ATOMIC_RELAXED);
      b->seq = seq;
      __atomic_store_n (&pg->state, IDL_PAGE_REQUEST, __ATOMIC_SEQ_CST);
      if (__atomic_load_n (&pg->server_sleeping, __ATOMIC_SEQ_CST)
	  == IDL_SLEEP_POLL)
	idl_doorbell (b->sock, seq);
      else
	idl_futex_wake (&pg->state, 1);
      double t1 = hostile_now_ms ();
      while (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE)
	     == IDL_PAGE_REQUEST)
	{
	  scribble (pg, &x);
	  CHECK (hostile_now_ms () - t1 < 5000);
	}
      uint32_t s = __atomic_load_n (&pg->state, __ATOMIC_ACQUIRE);
      CHECK (s == IDL_PAGE_REPLY);
      uint64_t rtag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
      /* Served, or refused with the one error a request can get.  (The
	 count bits may be our own last scribble, which can land on the
	 reply tag just after the server wrote it.)  */
      if ((rtag & IDL_TAG_ERROR)
	  && (rtag & ~(uint64_t) IDL_TAG_COUNT_MASK)
	     != hostile_err_tag (IDL_E_BADMSG))
	fprintf (stderr, "request %#llx: reply %#llx\n",
		 (unsigned long long) tags[r % 4], (unsigned long long) rtag);
      CHECK (!(rtag & IDL_TAG_ERROR)
	     || (rtag & ~(uint64_t) IDL_TAG_COUNT_MASK)
		== hostile_err_tag (IDL_E_BADMSG));
      __atomic_store_n (&pg->state, IDL_PAGE_IDLE, __ATOMIC_RELEASE);
      n++;
    }
  printf ("published by hand and scribbled on: %lu requests\n", n);
}

static void
run_against (const char *name, unsigned workers)
{
  pid_t srv = idltest_fork_server_workers (name, &rich, rich_dispatch, workers);
  int status;

  b = idltest_connect (name, &rich);
  /* A reply the scribbler spoiled must not hang the caller.  */
  idl_set_timeout (b, 5 * 1000 * 1000);
  CHECK (rich_good_round (b, 1) > 0);

  pthread_t t;
  n_scribbles = n_ok = n_badmsg = n_proto = n_bounds = 0;
  scribbling = 1;
  CHECK (pthread_create (&t, NULL, scribbler, NULL) == 0);
  calls_under_fire (ATTACK_MS);
  scribbling = 0;
  CHECK (pthread_join (t, NULL) == 0);
  printf ("workers %u: %lu calls under fire (%lu served, %lu IDL_E_BADMSG, "
	  "%lu IDL_E_PROTO, %lu IDL_E_BOUNDS), %lu scribbles\n", workers,
	  n_ok + n_badmsg + n_proto + n_bounds, n_ok, n_badmsg, n_proto,
	  n_bounds, n_scribbles);
  /* The attack reached the server: some requests changed under it.  */
  CHECK (n_badmsg > 0 && n_ok > 0);

  publish_and_scribble (ATTACK_MS);

  /* The server lives, said nothing, and serves right.  */
  CHECK (waitpid (srv, &status, WNOHANG) == 0);
  for (long seed = 2; seed < 40; seed++)
    CHECK (rich_good_round (b, seed) > 0);
  idl_binding_t *fresh = idltest_connect (name, &rich);
  CHECK (rich_good_round (fresh, 99) > 0);
  idl_close (fresh);
  idl_close (b);
  CHECK (waitpid (srv, &status, WNOHANG) == 0);
  idltest_stop_server (srv);
}

int
main (void)
{
  const char *name = idltest_name ("dfetch");
  run_against (name, 0);
  run_against (name, 2);
  return 0;
}
