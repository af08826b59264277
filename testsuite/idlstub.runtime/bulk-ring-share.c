/* { dg-do run } */
/* Area: runtime
   Purpose: a bulk call streams through the connection's ring (ring.h)
   in every server mode, and a client whose stream stalls keeps no
   other client waiting (issue 20).  Client A, a process of its own,
   stops itself (SIGSTOP) mid-way through a 128 MiB in item, once it
   has filled two chunks, and again mid-way through a 128 MiB out item,
   once it has drained two; while it is stopped client B's bulk calls, in and
   out, every byte checked, each complete in well under the 2 s a
   server waits for a stalled client (IDL_RING_STALL_NS).  Then A goes
   on, and its calls complete, every byte checked: it was not dropped.
   Here with a thread per connection; w1-bulk-ring-share.c with one
   worker, which must serve B between A's chunks, and
   wl-bulk-ring-share.c from a poll loop.  Before the ring's server side
   was a state machine, workers and loops declined the ring.  */

#define _GNU_SOURCE 1
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include "bulk-common.h"
#include "internal.h"
#include "ring.h"

#define A_LEN ((size_t) 128 << 20)
/* Its chunks: 1 MiB each (idl_ring_chunk).  */
#define A_CHUNKS ((uint32_t) (A_LEN / IDL_RING_SLOT))
#define B_LEN ((size_t) 4 << 20)

static idl_binding_t *a_binding;
/* Which ring word the watcher waits for (0: none yet), and what each
   held when the watcher stopped the process.  */
static const uint32_t *watch_word;
static uint32_t stopped_at[2];

/* Client A's watcher: once the armed word reaches 2 (two chunks in
   the ring, or taken out of it), stop the whole process.  */
static void *
watcher (void *arg)
{
  (void) arg;
  for (unsigned stops = 0; stops < 2;)
    {
      const uint32_t *w = __atomic_load_n (&watch_word, __ATOMIC_ACQUIRE);
      if (w && __atomic_load_n (w, __ATOMIC_ACQUIRE) >= 2)
	{
	  __atomic_store_n (&watch_word, NULL, __ATOMIC_RELEASE);
	  stopped_at[stops] = __atomic_load_n (w, __ATOMIC_ACQUIRE);
	  kill (getpid (), SIGSTOP);
	  stops++;
	}
      else
	sched_yield ();
    }
  return NULL;
}

/* Client A, in a child: a warm-up call sets up its ring, then the two
   calls its watcher stops in the middle of.  */
static void __attribute__ ((__noreturn__))
client_a (const char *name)
{
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  uint8_t *buf = malloc (A_LEN);
  uint64_t bad = 1;
  pthread_t th;

  CHECK (buf != NULL);
  a_binding = b;
  bk_expect_in (b, buf, 4096, 1);
  CHECK (b->bulk->ring_ok > 0);
  CHECK (pthread_create (&th, NULL, watcher, NULL) == 0);

  bk_fill (buf, A_LEN, 2);
  __atomic_store_n (&watch_word, &b->bulk->ring->in_filled,
		    __ATOMIC_RELEASE);
  CHECK (bk_call_in (b, buf, A_LEN, 2, &bad) == rt_tag (RT_BULK_IN, 2));
  CHECK (bad == 0);

  memset (buf, 0, A_LEN);
  __atomic_store_n (&watch_word, &b->bulk->ring->out_drained,
		    __ATOMIC_RELEASE);
  bk_expect_out (b, buf, A_LEN, A_LEN, 3);
  CHECK (pthread_join (th, NULL) == 0);
  /* Stopped mid-stream both times, not after the call.  */
  CHECK (stopped_at[0] < A_CHUNKS && stopped_at[1] < A_CHUNKS);
  idl_close (b);
  _exit (0);
}

/* Client B's calls while A is stopped.  That they do not wait for A
   is shown by events, not clocks: a server that waited for A would
   serve B only once A's grace (IDL_RING_STALL_NS) was over and A
   dropped, and A, going on, would then fail (main checks that it
   completes).  */
static void
client_b_calls (idl_binding_t *b, uint8_t *buf, uint64_t seed)
{
  for (unsigned i = 0; i < 4; i++)
    {
      bk_expect_in (b, buf, B_LEN, seed + i);
      memset (buf, 0, B_LEN);
      bk_expect_out (b, buf, B_LEN, B_LEN - 5, seed + 100 + i);
      CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), seed, i, 0, 0)
	     == rt_tag (RT_ADD, 1));
      CHECK (rt_mr (b)[1] == seed + i);
    }
  CHECK (b->bulk->ring_ok > 0);
}

/* Wait until child PID has stopped itself.  */
static void
wait_stop (pid_t pid)
{
  int st;
  CHECK (waitpid (pid, &st, WUNTRACED) == pid);
  CHECK (WIFSTOPPED (st));
}

int
main (void)
{
  const char *name = idltest_name ("bulkrs");
  pid_t srv = rt_fork_server (name, bk_dispatch);
  uint8_t *buf = malloc (B_LEN);
  int st;

  CHECK (buf != NULL);
  pid_t a = fork ();
  CHECK (a >= 0);
  if (a == 0)
    client_a (name);

  idl_binding_t *b = idltest_connect (name, &rt_iface);
  wait_stop (a);
  client_b_calls (b, buf, 10);
  CHECK (kill (a, SIGCONT) == 0);
  wait_stop (a);
  client_b_calls (b, buf, 20);
  CHECK (kill (a, SIGCONT) == 0);
  CHECK (waitpid (a, &st, 0) == a);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0);

  idl_close (b);
  rt_stop_server (srv);
  free (buf);
  return 0;
}
