/* { dg-do run } */
/* { dg-options "-pthread" } */
/* Area: run
   Purpose: one binding shared by several threads (issue 17): every
   call gets its own reply, with one-way calls, payloads, out values
   and idl_error of each thread's own calls, against a server with one
   thread per connection and one with workers.  */

#include <pthread.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (sb, 0x5b1d, 1);

IDL_OP (sb, 1) long mix (idl_binding_t *b, long x, int tid);
IDL_OP (sb, 2) IDL_ONEWAY void note (idl_binding_t *b, int tid, long v);
IDL_OP (sb, 3) long seen (idl_binding_t *b, int tid);
IDL_OP (sb, 4) int echo (idl_binding_t *b,
			 IDL_IN IDL_STRING (64) const char *in,
			 IDL_OUT IDL_STRING (64) char *out,
			 IDL_OUT long *sum);

IDL_SERVER (sb);

#define THREADS 4
#define CALLS 20000

/* Per client thread: how many notes arrived, and their sum.  Guarded by
   a mutex: a server with workers runs implementations concurrently.  */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long notes[THREADS], note_sum[THREADS];

long
mix_impl (idl_call_t *call, long x, int tid)
{
  return x * 3 + tid;
}

void
note_impl (idl_call_t *call, int tid, long v)
{
  if (tid < 0 || tid >= THREADS)
    return;
  pthread_mutex_lock (&lock);
  notes[tid]++;
  note_sum[tid] += v;
  pthread_mutex_unlock (&lock);
}

long
seen_impl (idl_call_t *call, int tid)
{
  long r = -1;
  if (tid >= 0 && tid < THREADS)
    {
      pthread_mutex_lock (&lock);
      r = notes[tid] * 1000003 + note_sum[tid];
      pthread_mutex_unlock (&lock);
    }
  return r;
}

int
echo_impl (idl_call_t *call, const char *in, char *out, long *sum)
{
  long s = 0;
  size_t n = strlen (in);
  for (size_t i = 0; i < n; i++)
    {
      out[i] = in[n - 1 - i];
      s += (unsigned char) in[i];
    }
  out[n] = 0;
  *sum = s;
  return (int) n;
}

struct job
{
  idl_binding_t *b;
  int tid;
  int oneway;			/* mix one-way calls in */
  long wrong;			/* replies that were not ours */
  long failed;			/* calls that failed */
};

static void *
client (void *arg)
{
  struct job *j = arg;
  long sent = 0, sum = 0;

  for (long i = 0; i < CALLS; i++)
    {
      long x = (long) j->tid << 40 | i;
      switch (i % 4)
	{
	case 0:
	case 1:
	  {
	    long r = mix (j->b, x, j->tid);
	    if (idl_error (j->b) != IDL_OK)
	      j->failed++;
	    else if (r != x * 3 + j->tid)
	      j->wrong++;
	    break;
	  }
	case 2:
	  {
	    char in[65], out[65];
	    long s = -1, want = 0;
	    int n = snprintf (in, sizeof in, "t%d-%ld-%s", j->tid, i,
			      "abcdefghijklmnopqrstuvwxyz" + i % 26);
	    for (int k = 0; k < n; k++)
	      want += (unsigned char) in[k];
	    memset (out, 'x', sizeof out);
	    int r = echo (j->b, in, out, &s);
	    if (idl_error (j->b) != IDL_OK)
	      j->failed++;
	    else
	      {
		int ok = r == n && s == want && out[n] == 0;
		for (int k = 0; ok && k < n; k++)
		  ok = out[k] == in[n - 1 - k];
		if (!ok)
		  j->wrong++;
	      }
	    break;
	  }
	case 3:
	  if (j->oneway)
	    {
	      note (j->b, j->tid, i);
	      if (idl_error (j->b) != IDL_OK)
		j->failed++;
	      sent++;
	      sum += i;
	    }
	  break;
	}
    }
  if (j->oneway)
    {
      /* One-way calls of one thread arrive in order, and a two-way call
	 after them on the same thread comes after them all.  */
      long r = seen (j->b, j->tid);
      if (idl_error (j->b) != IDL_OK)
	j->failed++;
      else if (r != sent * 1000003 + sum)
	j->wrong++;
    }
  return NULL;
}

static void
run (const char *tag, unsigned workers, int oneway)
{
  const char *name = idltest_name (tag);
  pid_t pid = idltest_fork_server_workers (name, &sb, sb_dispatch, workers);
  idl_binding_t *b = idltest_connect (name, &sb);
  pthread_t t[THREADS];
  struct job j[THREADS];

  for (int i = 0; i < THREADS; i++)
    {
      j[i] = (struct job) { b, i, oneway, 0, 0 };
      CHECK (pthread_create (&t[i], NULL, client, &j[i]) == 0);
    }
  for (int i = 0; i < THREADS; i++)
    {
      CHECK (pthread_join (t[i], NULL) == 0);
      printf ("%s, thread %d: %ld wrong, %ld failed\n", tag, i, j[i].wrong,
	      j[i].failed);
      CHECK (j[i].wrong == 0);
      CHECK (j[i].failed == 0);
    }
  /* The binding still works from the thread that made it.  */
  CHECK (mix (b, 5, 0) == 15 && idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (pid);
}

/* The same through a co-located binding: a server of this process,
   called directly (with workers) or through its message path.  */
static void
run_colocated (const char *tag, unsigned workers, int oneway)
{
  int err;
  const char *name = idltest_name (tag);
  idl_server_t *srv = idl_server_create (name, &sb, sb_dispatch, &err);
  CHECK (srv != NULL);
  CHECK (idl_server_set_workers (srv, workers) == 0);
  idl_binding_t *b = idltest_connect (name, &sb);
  pthread_t t[THREADS];
  struct job j[THREADS];

  memset (notes, 0, sizeof notes);
  memset (note_sum, 0, sizeof note_sum);
  for (int i = 0; i < THREADS; i++)
    {
      j[i] = (struct job) { b, i, oneway, 0, 0 };
      CHECK (pthread_create (&t[i], NULL, client, &j[i]) == 0);
    }
  for (int i = 0; i < THREADS; i++)
    {
      CHECK (pthread_join (t[i], NULL) == 0);
      printf ("%s, thread %d: %ld wrong, %ld failed\n", tag, i, j[i].wrong,
	      j[i].failed);
      CHECK (j[i].wrong == 0);
      CHECK (j[i].failed == 0);
    }
  idl_close (b);
  idl_server_destroy (srv);
}

/* idl_error is per thread: a failure in one thread is not another's.  */
static void *
bounds_thread (void *arg)
{
  idl_binding_t *b = arg;
  char big[100], out[65];
  long s;
  memset (big, 'a', sizeof big - 1);
  big[sizeof big - 1] = 0;
  echo (b, big, out, &s);
  return (void *) (long) idl_error (b);
}

static void
errors_per_thread (void)
{
  const char *name = idltest_name ("err");
  pid_t pid = idltest_fork_server (name, &sb, sb_dispatch);
  idl_binding_t *b = idltest_connect (name, &sb);
  pthread_t t;
  void *r;

  CHECK (mix (b, 1, 0) == 3 && idl_error (b) == IDL_OK);
  CHECK (pthread_create (&t, NULL, bounds_thread, b) == 0);
  CHECK (pthread_join (t, &r) == 0);
  CHECK ((long) r == IDL_E_BOUNDS);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (pid);
}

int
main (void)
{
  run ("threads", 0, 0);
  run ("threads-oneway", 0, 1);
  run ("workers", 2, 0);
  run ("workers-oneway", 2, 1);
  run_colocated ("coloc-direct", 1, 1);
  run_colocated ("coloc-message", 0, 1);
  errors_per_thread ();
  return 0;
}
