/* idlrich.h -- a rich interface for the hostile-client tests.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   One interface with every kind of argument a client can lie about:
   scalars in registers, a bounded string and a size_is buffer beside a
   descriptor, a record in the payload, an out buffer with a length, a
   large string each way, a descriptor coming back, a one-way operation.
   The implementations here serve it (the test declares the dispatcher
   with IDL_SERVER (rich)); rich_good_round calls every operation once
   and checks every value, as a well-behaved client that must not notice
   anything while another client attacks the server.

   The implementations trust nothing the generated checks did not
   promise, and make a broken promise visible: they copy each string and
   buffer into a heap block of exactly its bound, so that under
   AddressSanitizer a length the dispatcher checked and one it used
   that differ (a double fetch) is a heap overflow, and without it a
   CHECK fails; either way the server dies and the test sees it.

   The request layouts below come from -fplugin-arg-idlstub-dump; a test
   that builds requests by hand first sends one built exactly so and
   checks it succeeds, which proves the layout is the real one.  */

#ifndef IDLRICH_H
#define IDLRICH_H

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <idlstub.h>
#include "idltest.h"

#define RICH_ID 0x6801
#define RICH_STR_MAX 32		/* rich_put's string */
#define RICH_VEC_MAX 64		/* rich_put's int32 elements */
#define RICH_FILL_MAX 1024	/* rich_fill's bytes */
#define RICH_ECHO_MAX 4000	/* rich_echo's strings */

typedef struct
{
  long a[20];
  char name[32];
} rich_big_t;			/* 192 bytes: goes in the payload */

IDL_INTERFACE (rich, RICH_ID, 1);

/* Request: word 1 x, word 2 y.  Returns X + Y.  */
IDL_OP (rich, 1) long rich_add (idl_binding_t *b, long x, long y);
/* Request: word 1 bytes 0-3 the length of S, bytes 4-7 the descriptor
   index of FD; payload S and its NUL, then the N elements of V at the
   next multiple of 4, which end it (N is not sent).  Returns
   strlen (S) * 1000000 + the sum of V + (FD's inode & 0xfff) * 1e9 (0
   for -1): the client can tell the server used this call's
   descriptor.  */
IDL_OP (rich, 2) long rich_put (idl_binding_t *b,
				IDL_IN IDL_STRING (RICH_STR_MAX) const char *s,
				IDL_IN IDL_SIZE_IS (n, RICH_VEC_MAX)
				  const int32_t *v,
				unsigned n, IDL_FD int fd);
/* Request: the 192 bytes of IN, payload.  *OUT is IN with every long
   inverted and the name reversed; returns the sum of IN's longs.  */
IDL_OP (rich, 3) long rich_block (idl_binding_t *b,
				  IDL_IN const rich_big_t *in,
				  IDL_OUT rich_big_t *out);
/* Request: word 1 bytes 0-3 WANT, bytes 4-7 CAP.  Writes min (WANT,
   CAP) bytes (i * 7 + WANT) and sets *LEN to that.  */
IDL_OP (rich, 4) int rich_fill (idl_binding_t *b, unsigned want,
				IDL_OUT IDL_SIZE_IS (cap, RICH_FILL_MAX)
				  IDL_LENGTH_IS (len) uint8_t *p,
				unsigned cap, IDL_OUT unsigned *len);
/* Request: word 1 bytes 0-3 the length of IN; payload IN and its NUL.
   *OUT is IN reversed; returns its length.  */
IDL_OP (rich, 5) int rich_echo (idl_binding_t *b,
				IDL_IN IDL_STRING (RICH_ECHO_MAX) const char *in,
				IDL_OUT IDL_STRING (RICH_ECHO_MAX) char *out);
/* *FD is a new pipe holding the 8 bytes of V; returns 1.  */
IDL_OP (rich, 6) int rich_open (idl_binding_t *b, long v,
				IDL_OUT IDL_FD int *fd);
/* One-way: remember X for the caller's process.  */
IDL_OP (rich, 7) IDL_ONEWAY void rich_note (idl_binding_t *b, long x);
/* The caller's process's last note, and in *CALLS how many
   implementation calls it has made (this one included).  */
IDL_OP (rich, 8) long rich_noted (idl_binding_t *b, IDL_OUT long *calls);

/* Server state, per client process (peer pid): a small table, locked
   because a server with workers runs implementations concurrently.  */
#define RICH_PEERS 64

static struct
{
  pid_t pid;
  long note;
  long calls;
} rich_peers[RICH_PEERS];
static pthread_mutex_t rich_lock = PTHREAD_MUTEX_INITIALIZER;

/* Count a call by CALL's peer; returns its slot (under rich_lock).  */
static unsigned
rich_count (idl_call_t *call)
{
  pid_t pid = idl_call_peer_pid (call);
  unsigned i = (unsigned) pid % RICH_PEERS;
  /* Its own slot, or a free one; when all are taken, a reused slot
     only loses an old process's counts.  */
  for (unsigned k = 0; k < RICH_PEERS; k++)
    {
      unsigned j = (i + k) % RICH_PEERS;
      if (rich_peers[j].pid == pid || rich_peers[j].pid == 0)
	{
	  i = j;
	  break;
	}
    }
  if (rich_peers[i].pid != pid)
    {
      rich_peers[i].pid = pid;
      rich_peers[i].note = 0;
      rich_peers[i].calls = 0;
    }
  rich_peers[i].calls++;
  return i;
}

static void
rich_count_call (idl_call_t *call)
{
  pthread_mutex_lock (&rich_lock);
  rich_count (call);
  pthread_mutex_unlock (&rich_lock);
}

static long
rich_inode_tag (int fd)
{
  struct stat st;
  if (fd < 0)
    return 0;
  if (fstat (fd, &st) != 0)
    return -1;
  return (long) (st.st_ino & 0xfff) * 1000000000L;
}

long
rich_add_impl (idl_call_t *call, long x, long y)
{
  rich_count_call (call);
  return (long) ((unsigned long) x + (unsigned long) y);
}

long
rich_put_impl (idl_call_t *call, const char *s, const int32_t *v, unsigned n,
	       int fd)
{
  /* Exactly the bounds: a string or count past them is an overflow
     that AddressSanitizer reports.  */
  char *cs = malloc (RICH_STR_MAX + 1);
  int32_t *cv = malloc (RICH_VEC_MAX * sizeof *cv);
  size_t len = strlen (s);
  long r;

  rich_count_call (call);
  CHECK (cs && cv);
  CHECK (len <= RICH_STR_MAX && n <= RICH_VEC_MAX);
  memcpy (cs, s, len + 1);
  memcpy (cv, v, n * sizeof *cv);
  r = (long) strlen (cs) * 1000000;
  for (unsigned i = 0; i < n; i++)
    r += cv[i];
  r += rich_inode_tag (fd);
  free (cs);
  free (cv);
  return r;
}

long
rich_block_impl (idl_call_t *call, const rich_big_t *in, rich_big_t *out)
{
  /* Unsigned: a hostile client's longs may overflow a signed sum.  */
  unsigned long sum = 0;
  rich_count_call (call);
  for (int i = 0; i < 20; i++)
    {
      out->a[i] = ~in->a[i];
      sum += (unsigned long) in->a[i];
    }
  for (int i = 0; i < 32; i++)
    out->name[i] = in->name[31 - i];
  return (long) sum;
}

int
rich_fill_impl (idl_call_t *call, unsigned want, uint8_t *p, unsigned cap,
		unsigned *len)
{
  unsigned k = want < cap ? want : cap;
  uint8_t *tmp = malloc (RICH_FILL_MAX);

  rich_count_call (call);
  CHECK (tmp && cap <= RICH_FILL_MAX);
  for (unsigned i = 0; i < k; i++)
    tmp[i] = (uint8_t) (i * 7 + want);
  memcpy (p, tmp, k);
  free (tmp);
  *len = k;
  return (int) k;
}

int
rich_echo_impl (idl_call_t *call, const char *in, char *out)
{
  char *copy = malloc (RICH_ECHO_MAX + 1);
  size_t n = strlen (in);

  rich_count_call (call);
  CHECK (copy && n <= RICH_ECHO_MAX);
  memcpy (copy, in, n + 1);
  for (size_t i = 0; i < n; i++)
    out[i] = copy[n - 1 - i];
  out[n] = 0;
  free (copy);
  return (int) n;
}

int
rich_open_impl (idl_call_t *call, long v, int *fd)
{
  int p[2];
  rich_count_call (call);
  if (pipe (p) != 0)
    return 0;			/* out of descriptors: *FD stays -1 */
  if (write (p[1], &v, sizeof v) != sizeof v)
    abort ();
  close (p[1]);
  *fd = p[0];
  return 1;
}

void
rich_note_impl (idl_call_t *call, long x)
{
  pthread_mutex_lock (&rich_lock);
  rich_peers[rich_count (call)].note = x;
  pthread_mutex_unlock (&rich_lock);
}

long
rich_noted_impl (idl_call_t *call, long *calls)
{
  long note;
  pthread_mutex_lock (&rich_lock);
  unsigned i = rich_count (call);
  note = rich_peers[i].note;
  *calls = rich_peers[i].calls;
  pthread_mutex_unlock (&rich_lock);
  return note;
}

/* Client side.  */

static void
rich_gen_big (rich_big_t *v, long seed)
{
  for (int i = 0; i < 20; i++)
    v->a[i] = seed * 1000003 + i * 77;
  for (int i = 0; i < 32; i++)
    v->name[i] = (char) ('a' + (seed + i) % 26);
}

/* The client's view of rich_inode_tag for its own descriptor FD.  */
static long
rich_expected_tag (int fd)
{
  return rich_inode_tag (fd);
}

/* Call every operation of B once with values made from SEED and check
   every result; abort on the first wrong one.  Returns the number of
   calls made.  */
static unsigned
rich_good_round (idl_binding_t *b, long seed)
{
  unsigned calls = 0;

  CHECK (rich_add (b, seed, 1000) == seed + 1000);
  CHECK (idl_error (b) == IDL_OK);
  calls++;

  {
    char s[RICH_STR_MAX + 1];
    int32_t v[RICH_VEC_MAX];
    unsigned sl = (unsigned) seed % (RICH_STR_MAX + 1);
    unsigned n = (unsigned) (seed * 7) % (RICH_VEC_MAX + 1);
    long want = (long) sl * 1000000;
    int p[2];
    memset (s, 'a' + (int) (seed % 26), sl);
    s[sl] = 0;
    for (unsigned i = 0; i < n; i++)
      want += v[i] = (int32_t) (seed + i * 3);
    CHECK (pipe (p) == 0);
    want += rich_expected_tag (p[0]);
    CHECK (rich_put (b, s, v, n, p[0]) == want);
    CHECK (idl_error (b) == IDL_OK);
    /* And without a descriptor.  */
    CHECK (rich_put (b, s, v, n, -1) == want - rich_expected_tag (p[0]));
    CHECK (idl_error (b) == IDL_OK);
    close (p[0]);
    close (p[1]);
    calls += 2;
  }

  {
    rich_big_t in, out;
    unsigned long sum = 0;
    rich_gen_big (&in, seed);
    memset (&out, 0x5a, sizeof out);
    for (int i = 0; i < 20; i++)
      sum += (unsigned long) in.a[i];
    CHECK (rich_block (b, &in, &out) == (long) sum);
    CHECK (idl_error (b) == IDL_OK);
    for (int i = 0; i < 20; i++)
      CHECK (out.a[i] == ~in.a[i]);
    for (int i = 0; i < 32; i++)
      CHECK (out.name[i] == in.name[31 - i]);
    calls++;
  }

  {
    uint8_t buf[RICH_FILL_MAX];
    unsigned want = (unsigned) (seed * 13) % (RICH_FILL_MAX + 200);
    unsigned cap = (unsigned) (seed * 5) % (RICH_FILL_MAX + 1);
    unsigned len = 0xdead, k = want < cap ? want : cap;
    CHECK (rich_fill (b, want, buf, cap, &len) == (int) k);
    CHECK (idl_error (b) == IDL_OK);
    CHECK (len == k);
    for (unsigned i = 0; i < k; i++)
      CHECK (buf[i] == (uint8_t) (i * 7 + want));
    calls++;
  }

  {
    static char in[RICH_ECHO_MAX + 1], out[RICH_ECHO_MAX + 1];
    size_t n = (size_t) (seed * 131) % (RICH_ECHO_MAX + 1);
    for (size_t i = 0; i < n; i++)
      in[i] = (char) ('A' + (seed + i) % 50);
    in[n] = 0;
    CHECK (rich_echo (b, in, out) == (int) n);
    CHECK (idl_error (b) == IDL_OK);
    for (size_t i = 0; i < n; i++)
      CHECK (out[i] == in[n - 1 - i]);
    CHECK (out[n] == 0);
    calls++;
  }

  {
    int fd = -1;
    long got = 0;
    CHECK (rich_open (b, seed * 3 + 1, &fd) == 1);
    CHECK (idl_error (b) == IDL_OK);
    CHECK (fd >= 0);
    CHECK (read (fd, &got, sizeof got) == sizeof got);
    CHECK (got == seed * 3 + 1);
    close (fd);
    calls++;
  }

  {
    long ncalls = 0;
    rich_note (b, seed);
    CHECK (idl_error (b) == IDL_OK);
    CHECK (rich_noted (b, &ncalls) == seed);
    CHECK (idl_error (b) == IDL_OK);
    CHECK (ncalls > 0);
    calls += 2;
  }
  return calls;
}

#endif /* IDLRICH_H */
