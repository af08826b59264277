/* { dg-do run } */
/* Area: runtime
   Purpose: bulk items against a hostile client and a dying server.
   The dispatcher sees the server's private copy: a client that
   rewrites its memfd while the implementation runs changes nothing it
   reads, and one that rewrites it during every copy gets its own
   garbage back and nothing more; absurd announcements (counts,
   lengths, directions, a memfd too small, a setup without a memfd or
   with a pipe, an unsealed memfd or one sealed against writing, a
   one-way bulk request) are refused with the server serving on; a
   bulk call honours the binding's deadline (its late reply thrown
   away), and one whose server is killed mid-call fails with
   IDL_E_PEER_DIED.  The bytes stream through the connection's ring
   (ring.h), whatever the server's mode: the client
   rewrites the ring, slots and counters, during every copy; a ring it
   offers unsealed, sealed against shrinking only or against writing,
   or of the wrong size is refused; and a client that announces its
   items and never fills the ring is dropped at the server's deadline
   (an error reply, then the hang-up), the server serving others on.
   Here the server has a thread per connection; w2-bulk-hostile.c runs
   it all against a server with workers.  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <poll.h>
#include "bulk-common.h"
#include "idlhostile.h"
#include "internal.h"
#include "ring.h"

/* The bytes a client can rewrite under the server: its ring, or its
   memfd.  */
static uint8_t *
shared_bytes (idl_binding_t *b, size_t *len)
{
  if (b->bulk->ring_ok > 0)
    {
      *len = IDL_RING_BYTES;
      return (uint8_t *) b->bulk->ring;
    }
  *len = b->bulk->size;
  return b->bulk->map;
}

#define HOLD_LEN ((size_t) 8 << 20)

static int started[2], go[2];
static idl_binding_t *victim;
static pid_t kill_pid;
static volatile int hammer;

/* RT_BULK_HOLD on B with LEN bytes of BUF: the reply.  */
static idl_reply_t
hold_call (idl_binding_t *b, uint8_t *buf, size_t len)
{
  struct idl_bulk_item it = bk_item (buf, len, len, IDL_BULK_IN);
  int fds[2] = { started[1], go[0] };
  return idl_callv_bulk (b, rt_tag (RT_BULK_HOLD, 0), NULL, 0, fds, 2, &it,
			 1);
}

/* Once the implementation runs: rewrite the victim's memfd, or kill
   the server; then let the implementation go on.  */
static void *
helper (void *arg)
{
  char ch;
  (void) arg;
  CHECK (read (started[0], &ch, 1) == 1);
  if (kill_pid)
    CHECK (kill (kill_pid, SIGKILL) == 0);
  else
    {
      size_t len;
      uint8_t *p = shared_bytes (victim, &len);
      memset (p, 0xff, len);
    }
  CHECK (write (go[1], "g", 1) == 1);
  return NULL;
}

static void *
hammer_memfd (void *arg)
{
  (void) arg;
  size_t len;
  uint8_t *p = shared_bytes (victim, &len);
  for (unsigned v = 0; __atomic_load_n (&hammer, __ATOMIC_RELAXED); v++)
    memset (p, (int) v, len);
  return NULL;
}

/* Announce what the test says, raw, and expect the reply tag WANT.  */
static void
raw_bulk (idl_binding_t *b, uint64_t tag, uint32_t flags, uint32_t n,
	  uint64_t dir, uint64_t len, uint64_t max, uint32_t nfds,
	  uint64_t want)
{
  struct idl_page_bulk *pb = &b->page->bulk;
  pb->flags = flags;
  pb->n = n;
  for (unsigned i = 0; i < IDL_BULK_ITEMS; i++)
    {
      pb->item[i].dir = dir;
      pb->item[i].len = len;
      pb->item[i].max = max;
    }
  uint64_t w[1] = { 0 };
  hostile_put_words (b, w, 1);
  CHECK (hostile_raw_call (b, tag | IDL_PAGE_TAG_BULK, b->seq + 1, 0, nfds)
	 == want);
}

/* Post a bulk request of one item { DIR, LEN, MAX } with words W[0..1],
   raw, and return without waiting: its sequence number.  The ring's
   counters are zeroed first, as the runtime does.  */
static uint32_t
raw_post (idl_binding_t *b, uint64_t tag, uint64_t dir, uint64_t len,
	  uint64_t max, const uint64_t *w)
{
  struct idl_page_bulk *pb = &b->page->bulk;
  struct idl_page *pg = b->page;
  struct idl_ring *r = b->bulk->ring;
  uint32_t seq = b->seq + 1;

  CHECK (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE) != IDL_PAGE_REQUEST);
  r->in_filled = r->in_drained = r->out_ready = 0;
  r->out_filled = r->out_drained = 0;
  pb->flags = 0;
  pb->n = 1;
  pb->item[0].dir = dir;
  pb->item[0].len = len;
  pb->item[0].max = max;
  hostile_put_words (b, w, 2);
  __atomic_store_n (&pg->mr[0], tag | IDL_PAGE_TAG_BULK, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->seq, seq, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->payload_len, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->nfds, 0, __ATOMIC_RELAXED);
  b->seq = seq;
  __atomic_store_n (&pg->state, IDL_PAGE_REQUEST, __ATOMIC_SEQ_CST);
  idl_futex_wake (&pg->state, 1);
  return seq;
}

/* Wait (at most 5 s) for the answer to a raw request: its tag; the
   page is ours again.  */
static uint64_t
raw_answer (idl_binding_t *b)
{
  struct idl_page *pg = b->page;
  double t0 = rt_now_ms ();
  while (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE) == IDL_PAGE_REQUEST)
    {
      CHECK (rt_now_ms () - t0 < 5000);
      sched_yield ();
    }
  CHECK (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE) == IDL_PAGE_REPLY);
  uint64_t rtag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
  __atomic_store_n (&pg->state, IDL_PAGE_IDLE, __ATOMIC_RELEASE);
  return rtag;
}

/* Whether B's server has hung up.  */
static int
hung_up (idl_binding_t *b, int ms)
{
  struct pollfd hup = { b->sock, POLLRDHUP, 0 };
  int n = poll (&hup, 1, ms);
  CHECK (n >= 0);
  return n == 1;
}

static volatile int hammer_cancel;

/* Write the ring's cancel word over and over: the number of the call
   being made, the next one's, or any other.  */
static void *
hammer_cancel_word (void *arg)
{
  idl_binding_t *b = arg;
  struct idl_ring *r = b->bulk->ring;
  uint64_t x = 88172645463325252ULL;
  while (__atomic_load_n (&hammer_cancel, __ATOMIC_RELAXED))
    {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      uint32_t seq = __atomic_load_n (&b->seq, __ATOMIC_RELAXED);
      uint32_t v = x % 4 == 0 ? seq : x % 4 == 1 ? seq + 1 : (uint32_t) x;
      __atomic_store_n (&r->cancel, v, __ATOMIC_RELAXED);
      if (x % 64 == 0)
	sched_yield ();
    }
  return NULL;
}

/* The ring's cancel word (ring.h) from a hostile client: honoured for
   the request it names, at any point, and nothing more.  */
static void
hostile_cancel (idl_binding_t *b, uint8_t *buf)
{
  struct idl_ring *r = b->bulk->ring;
  uint64_t bad;
  size_t got;

  /* Given up before the first chunk: the answer comes, no dispatch
     (the implementation would have counted 8 MiB of mismatches), and
     the connection serves on.  */
  uint64_t w[2] = { 3, 0 };
  __atomic_store_n (&r->cancel, b->seq + 1, __ATOMIC_RELAXED);
  raw_post (b, rt_tag (RT_BULK_IN, 1), IDL_BULK_IN, 8 << 20, 8 << 20, w);
  CHECK (raw_answer (b) == bk_err (IDL_E_TIMEOUT));
  CHECK (!hung_up (b, 0));
  bk_expect_in (b, buf, 8 << 20, 12);

  /* Given up mid-way through the out data: the server has filled every
     slot and waits for room.  */
  w[0] = 8 << 20;
  w[1] = 13;
  uint32_t seq = raw_post (b, rt_tag (RT_BULK_OUT, 2), IDL_BULK_OUT, 0,
			   8 << 20, w);
  double t0 = rt_now_ms ();
  while (__atomic_load_n (&r->out_filled, __ATOMIC_ACQUIRE) < IDL_RING_SLOTS)
    {
      CHECK (rt_now_ms () - t0 < 5000);
      sched_yield ();
    }
  CHECK (__atomic_load_n (&b->page->state, __ATOMIC_ACQUIRE)
	 == IDL_PAGE_REQUEST);
  idl_ring_cancel (r, seq, b->sock);
  CHECK (raw_answer (b) == bk_err (IDL_E_TIMEOUT));
  CHECK (__atomic_load_n (&r->out_filled, __ATOMIC_ACQUIRE) == IDL_RING_SLOTS);
  CHECK (!hung_up (b, 0));
  memset (buf, 0, 8 << 20);
  CHECK (bk_call_out (b, buf, 8 << 20, 8 << 20, 14, &got)
	 == rt_tag (RT_BULK_OUT, 0));
  CHECK (got == 8 << 20 && bk_mismatches (buf, got, 14) == 0);

  /* The word rewritten at random during calls: a call it names fails
     with IDL_E_TIMEOUT, any other is exact, and the connection lives
     on.  */
  pthread_t th;
  unsigned ok = 0, cancelled = 0;
  hammer_cancel = 1;
  CHECK (pthread_create (&th, NULL, hammer_cancel_word, b) == 0);
  for (unsigned i = 0; i < 40; i++)
    {
      uint64_t t;
      if (i % 2 == 0)
	{
	  bk_fill (buf, 4 << 20, 100 + i);
	  t = bk_call_in (b, buf, 4 << 20, 100 + i, &bad);
	  if (t == rt_tag (RT_BULK_IN, 2))
	    CHECK (bad == 0);
	}
      else
	{
	  t = bk_call_out (b, buf, 4 << 20, 4 << 20, 100 + i, &got);
	  if (t == rt_tag (RT_BULK_OUT, 0))
	    CHECK (got == 4 << 20 && bk_mismatches (buf, got, 100 + i) == 0);
	}
      if (t == bk_err (IDL_E_TIMEOUT))
	cancelled++;
      else
	{
	  CHECK (t == rt_tag (i % 2 == 0 ? RT_BULK_IN : RT_BULK_OUT,
			      i % 2 == 0 ? 2 : 0));
	  ok++;
	}
    }
  __atomic_store_n (&hammer_cancel, 0, __ATOMIC_RELAXED);
  CHECK (pthread_join (th, NULL) == 0);
  CHECK (ok + cancelled == 40);
  CHECK (!hung_up (b, 0));
  bk_expect_in (b, buf, 8 << 20, 15);
}

static void
hostile_announcements (idl_binding_t *b, uint8_t *buf)
{
  uint64_t in = rt_tag (RT_BULK_IN, 1), bad = bk_err (IDL_E_BADMSG);
  uint64_t huge = (uint64_t) 1 << 63;
  /* A setup request's tag as bulk.c makes it: the server's interface,
     no operation, no words.  (With any other interface the request
     would be refused before its memfd is looked at.)  */
  uint64_t setup = in & ~(uint64_t) 0xffffffff;

  raw_bulk (b, in, 0, 1000, IDL_BULK_IN, 8, 8, 0, bad);
  raw_bulk (b, in, 0, IDL_BULK_ITEMS + 1, IDL_BULK_IN, 8, 8, 0, bad);
  raw_bulk (b, in, 0, 1, IDL_BULK_IN, huge, huge, 0, bad);
  raw_bulk (b, in, 0, 1, IDL_BULK_IN, ~(uint64_t) 0, 0, 0, bad);
  raw_bulk (b, in, 0, 1, IDL_BULK_OUT, 0, 8, 0, bad);
  raw_bulk (b, in, 0, 1, 0, 8, 8, 0, bad);
  raw_bulk (b, in, 0, 2, IDL_BULK_IN, 8, 8, 0, bad);
  raw_bulk (b, in, 0, 0, IDL_BULK_IN, 8, 8, 0, bad);
  raw_bulk (b, rt_tag (RT_ADD, 1), 0, 1, IDL_BULK_IN, 8, 8, 0, bad);
  raw_bulk (b, rt_tag (RT_BULK_INOUT, 1), 0, 1, IDL_BULK_INOUT, 9, 8, 0,
	    bad);
  raw_bulk (b, rt_tag (RT_BULK_OUT, 1), 0, 1, IDL_BULK_OUT, 0,
	    RT_BULK_BIG + 1, 0, bad);
  /* Within the bound, past the memfd's end: the server looks first.
     (On the ring there is no end: see stall below.)  */
  if (b->bulk->ring_ok <= 0)
    raw_bulk (b, in, 0, 1, IDL_BULK_IN, RT_BULK_BIG, RT_BULK_BIG, 0, bad);
  /* Rings it cannot trust: unsealed, sealed against shrinking only, of
     the wrong size; or cannot use: sealed against writing (the server
     took those and failed their setup, or the memfd's every later
     call, with IDL_E_NOMEM, as if it were short of memory).  */
  static const struct
  {
    int seals;
    off_t size;
  } rings[] = {
    { 0, IDL_RING_BYTES },
    { F_SEAL_SHRINK, IDL_RING_BYTES },
    { F_SEAL_SHRINK | F_SEAL_GROW, IDL_RING_BYTES - 4096 },
    { F_SEAL_SHRINK | F_SEAL_GROW, IDL_RING_BYTES * 2 },
    { F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE, IDL_RING_BYTES },
    { F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_FUTURE_WRITE, IDL_RING_BYTES }
  };
  for (unsigned i = 0; i < sizeof rings / sizeof rings[0]; i++)
    {
      int rfd = memfd_create ("r", MFD_CLOEXEC | MFD_ALLOW_SEALING);
      CHECK (rfd >= 0 && ftruncate (rfd, rings[i].size) == 0);
      CHECK (rings[i].seals == 0
	     || fcntl (rfd, F_ADD_SEALS, rings[i].seals) == 0);
      CHECK (hostile_send_fdmsg (b->sock, b->seq + 1, &rfd, 1) > 0);
      raw_bulk (b, setup, IDL_PAGE_BULK_SETUP | IDL_PAGE_BULK_RING, 0, 0, 0,
		0, 1, bad);
      close (rfd);
    }
  /* A memfd sealed against writing, now or in the future: the server
     could never copy a reply's items into it.  */
  static const int no_write[] = { F_SEAL_SHRINK | F_SEAL_WRITE,
				  F_SEAL_SHRINK | F_SEAL_FUTURE_WRITE };
  for (unsigned i = 0; i < 2; i++)
    {
      int wfd = memfd_create ("w", MFD_CLOEXEC | MFD_ALLOW_SEALING);
      CHECK (wfd >= 0 && ftruncate (wfd, 1 << 24) == 0
	     && fcntl (wfd, F_ADD_SEALS, no_write[i]) == 0);
      CHECK (hostile_send_fdmsg (b->sock, b->seq + 1, &wfd, 1) > 0);
      raw_bulk (b, setup, IDL_PAGE_BULK_SETUP, 0, 0, 0, 0, 1, bad);
      close (wfd);
    }
  /* A setup without its memfd, with a pipe, with an unsealed memfd.  */
  raw_bulk (b, setup, IDL_PAGE_BULK_SETUP, 0, 0, 0, 0, 0, bad);
  int p[2];
  CHECK (pipe (p) == 0);
  CHECK (hostile_send_fdmsg (b->sock, b->seq + 1, p, 1) > 0);
  raw_bulk (b, setup, IDL_PAGE_BULK_SETUP, 0, 0, 0, 0, 1, bad);
  int mfd = memfd_create ("x", MFD_CLOEXEC);
  CHECK (mfd >= 0 && ftruncate (mfd, 1 << 24) == 0);
  CHECK (hostile_send_fdmsg (b->sock, b->seq + 1, &mfd, 1) > 0);
  raw_bulk (b, setup, IDL_PAGE_BULK_SETUP, 0, 0, 0, 0, 1, bad);
  close (p[0]);
  close (p[1]);
  close (mfd);
  /* One-way: the page comes back, nothing is dispatched.  */
  raw_bulk (b, in | IDL_TAG_ONEWAY, 0, 1, IDL_BULK_IN, 8, 8, 0,
	    HOSTILE_NO_REPLY);
  /* And the connection still works, with its own memfd.  */
  bk_expect_in (b, buf, 4096, 5);
}

int
main (void)
{
  const char *name = idltest_name ("bulkh");
  pid_t srv = rt_fork_server (name, bk_dispatch);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  uint8_t *buf = malloc (RT_BULK_HOLD_MAX);
  pthread_t th;

  CHECK (buf != NULL);
  CHECK (pipe (started) == 0 && pipe (go) == 0);
  victim = b;

  /* The implementation reads its private copy, before and after the
     client has rewritten every byte of its memfd.  */
  bk_fill (buf, HOLD_LEN, 42);
  CHECK (pthread_create (&th, NULL, helper, NULL) == 0);
  idl_reply_t r = hold_call (b, buf, HOLD_LEN);
  CHECK (pthread_join (th, NULL) == 0);
  CHECK (r.tag == rt_tag (RT_BULK_HOLD, 2));
  CHECK (rt_mr (b)[1] == bk_sum (buf, HOLD_LEN));
  CHECK (rt_mr (b)[2] == rt_mr (b)[1]);

  /* Rewritten during every copy: whatever comes back, the server
     lives, and the next honest call is exact.  */
  hammer = 1;
  CHECK (pthread_create (&th, NULL, hammer_memfd, NULL) == 0);
  for (unsigned i = 0; i < 20; i++)
    {
      uint64_t bad;
      bk_fill (buf, HOLD_LEN, i);
      CHECK (bk_call_in (b, buf, HOLD_LEN, i, &bad)
	     == rt_tag (RT_BULK_IN, 2));
    }
  __atomic_store_n (&hammer, 0, __ATOMIC_RELAXED);
  CHECK (pthread_join (th, NULL) == 0);
  bk_expect_in (b, buf, HOLD_LEN, 7);

  hostile_announcements (b, buf);
  idl_binding_t *b2 = idltest_connect (name, &rt_iface);
  bk_expect_in (b2, buf, RT_BULK_HOLD_MAX, 8);
  idl_close (b2);

  /* A deadline: the implementation waits for us; the call gives up,
     and the binding's next call throws the late reply away.  */
  idl_set_timeout (b, 200 * 1000);
  r = hold_call (b, buf, 4096);
  CHECK (r.tag == bk_err (IDL_E_TIMEOUT));
  char ch;
  CHECK (read (started[0], &ch, 1) == 1);
  CHECK (write (go[1], "g", 1) == 1);
  idl_set_timeout (b, 0);
  bk_expect_in (b, buf, 4096, 9);
  idl_close (b);
  uint64_t bad;

  /* A client that announces 1 MiB and never fills the ring: an error
     reply at the server's deadline, then the hang-up; the server
     serves others on.  */
  idl_binding_t *b4 = idltest_connect (name, &rt_iface);
  bk_expect_in (b4, buf, 4096, 10);
  /* The ring, with workers too.  */
  CHECK (b4->bulk->ring_ok > 0);
  if (b4->bulk->ring_ok > 0)
    {
      hostile_cancel (b4, buf);
      /* The counters as the runtime leaves them before a call: the last
	 call's would let the server take their slots as this one's.  */
      b4->bulk->ring->in_filled = 0;
      double t0 = rt_now_ms ();
      raw_bulk (b4, rt_tag (RT_BULK_IN, 1), 0, 1, IDL_BULK_IN, 1 << 20,
		1 << 20, 0, bk_err (IDL_E_TIMEOUT));
      CHECK (rt_now_ms () - t0 >= 1000);
      /* The server answers, then hangs up (server.c, end_bulk); a
	 request posted at once, before the hang-up, is never served:
	 the page stays the client's request, and calls fail.  */
      uint64_t w[2] = { 2, 3 };
      hostile_put_words (b4, w, 2);
      struct idl_page *pg = b4->page;
      __atomic_store_n (&pg->mr[0], rt_tag (RT_ADD, 2), __ATOMIC_RELAXED);
      __atomic_store_n (&pg->seq, ++b4->seq, __ATOMIC_RELAXED);
      __atomic_store_n (&pg->state, IDL_PAGE_REQUEST, __ATOMIC_SEQ_CST);
      idl_futex_wake (&pg->state, 1);
      CHECK (hung_up (b4, 5000));
      /* Still the request, or the hang-up the client's watcher put in
	 its place (watch.c): never a reply.  */
      uint32_t st = __atomic_load_n (&pg->state, __ATOMIC_ACQUIRE);
      CHECK (st == IDL_PAGE_REQUEST || st == IDL_PAGE_HANGUP);
      CHECK (bk_call_in (b4, buf, 4096, 1, &bad)
	     == bk_err (IDL_E_PEER_DIED));
      idl_close (b4);
      b4 = idltest_connect (name, &rt_iface);
    }
  bk_expect_in (b4, buf, RT_BULK_HOLD_MAX, 11);
  idl_close (b4);
  rt_stop_server (srv);

  /* The server dies in the middle of a bulk call.  */
  const char *name2 = idltest_name ("bulkd");
  kill_pid = rt_fork_server (name2, bk_dispatch);
  idl_binding_t *b3 = idltest_connect (name2, &rt_iface);
  CHECK (pthread_create (&th, NULL, helper, NULL) == 0);
  r = hold_call (b3, buf, HOLD_LEN);
  CHECK (pthread_join (th, NULL) == 0);
  CHECK (r.tag == bk_err (IDL_E_PEER_DIED));
  CHECK (idl_error (b3) == IDL_E_PEER_DIED);
  CHECK (bk_call_in (b3, buf, 4096, 1, &bad) == bk_err (IDL_E_PEER_DIED));
  CHECK (waitpid (kill_pid, NULL, 0) == kill_pid);
  rt_forget_server (kill_pid);
  idl_close (b3);
  free (buf);
  return 0;
}
