/* { dg-do run } */
/* Area: run
   Purpose: one-way operations with a payload (a string, a buffer, a big
   block, up to the largest payload), sent many times in a row and then
   followed by a normal call: every payload arrives intact and in order
   (the server keeps a running checksum that the final call returns).
   One-way and normal calls interleaved; a one-way string over its bound
   is refused with IDL_E_BOUNDS and never reaches the server.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argow, 0x2a07, 1);

typedef struct { long a[20]; char name[32]; } big_t;	/* 192: payload */

IDL_OP (argow, 1) IDL_ONEWAY void log_str (idl_binding_t *b, uint32_t seq,
					   IDL_IN IDL_STRING (200)
					     const char *s);
IDL_OP (argow, 2) IDL_ONEWAY void log_buf (idl_binding_t *b, uint32_t seq,
					   IDL_IN IDL_SIZE_IS (n, 4096)
					     const void *p,
					   unsigned n);
IDL_OP (argow, 3) IDL_ONEWAY void log_big (idl_binding_t *b, uint32_t seq,
					   big_t v);
IDL_OP (argow, 4) IDL_ONEWAY void log_huge (idl_binding_t *b, uint32_t seq,
					    IDL_IN IDL_SIZE_IS (n, 65536)
					      const unsigned char *p,
					    size_t n);
/* Several payload items in one one-way request.  */
IDL_OP (argow, 5) IDL_ONEWAY void log_two (idl_binding_t *b, uint32_t seq,
					   IDL_IN IDL_STRING (30)
					     const char *s,
					   IDL_IN const big_t *v,
					   IDL_IN IDL_SIZE_IS (n, 10)
					     const uint64_t *q,
					   int n);
/* The running checksum, how many arrived, and how many out of order;
   then starts over.  */
IDL_OP (argow, 6) uint64_t digest (idl_binding_t *b, IDL_OUT uint32_t *count,
				   IDL_OUT uint32_t *bad_order);
/* A normal call with a payload of its own, between one-ways.  */
IDL_OP (argow, 7) uint64_t peek (idl_binding_t *b,
				 IDL_IN IDL_STRING (200) const char *s,
				 IDL_OUT IDL_STRING (200) char *last);

IDL_SERVER (argow);

static uint64_t sum = 0xcbf29ce484222325ULL;
static uint32_t count, expect_seq, bad_order;
static char last_str[201];

static uint64_t
eat (uint64_t h, const void *p, size_t n)
{
  const unsigned char *q = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ q[i]) * 0x100000001b3ULL;
  return (h ^ n) * 0x100000001b3ULL;
}

/* Every one-way goes through here: order and content.  */
static void
record (uint32_t seq, const void *p, size_t n)
{
  if (seq != expect_seq)
    bad_order++;
  expect_seq = seq + 1;
  count++;
  sum = eat (sum ^ seq, p, n);
}

void
log_str_impl (idl_call_t *call, uint32_t seq, const char *s)
{
  record (seq, s, strlen (s));
  strcpy (last_str, s);
}

void
log_buf_impl (idl_call_t *call, uint32_t seq, const void *p, unsigned n)
{
  record (seq, p, n);
}

void
log_big_impl (idl_call_t *call, uint32_t seq, big_t v)
{
  record (seq, &v, sizeof v);
}

void
log_huge_impl (idl_call_t *call, uint32_t seq, const unsigned char *p,
	       size_t n)
{
  record (seq, p, n);
}

void
log_two_impl (idl_call_t *call, uint32_t seq, const char *s, const big_t *v,
	      const uint64_t *q, int n)
{
  record (seq, s, strlen (s));
  sum = eat (eat (sum, v, sizeof *v), q, (size_t) n * sizeof *q);
}

uint64_t
digest_impl (idl_call_t *call, uint32_t *c, uint32_t *bad)
{
  uint64_t r = sum;
  *c = count;
  *bad = bad_order;
  sum = 0xcbf29ce484222325ULL;
  count = expect_seq = bad_order = 0;
  return r;
}

uint64_t
peek_impl (idl_call_t *call, const char *s, char *last)
{
  strcpy (last, last_str);
  return eat (0, s, strlen (s));
}

/* The client's model of the server.  */
static uint64_t want_sum = 0xcbf29ce484222325ULL;
static uint32_t want_count;

static void
model (uint32_t seq, const void *p, size_t n)
{
  want_count++;
  want_sum = eat (want_sum ^ seq, p, n);
}

static void
check_digest (idl_binding_t *b)
{
  uint32_t c = 0, bad = 99;
  uint64_t d = digest (b, &c, &bad);
  CHECK (idl_error (b) == IDL_OK);
  if (d != want_sum || c != want_count || bad != 0)
    fprintf (stderr, "digest: %u arrived (%u sent), %u out of order\n",
	     c, want_count, bad);
  CHECK (c == want_count);
  CHECK (bad == 0);
  CHECK (d == want_sum);
  want_sum = 0xcbf29ce484222325ULL;
  want_count = 0;
}

static void
make_str (char *s, uint32_t seq)
{
  size_t n = (seq * 37) % 201;
  for (size_t i = 0; i < n; i++)
    s[i] = (char) (1 + (seq + i * 13) % 255);
  s[n] = 0;
}

static unsigned char bytes[65536];

int
main (void)
{
  const char *name = idltest_name ("arg-oneway-payload");
  pid_t srv = idltest_fork_server (name, &argow, argow_dispatch);
  idl_binding_t *b = idltest_connect (name, &argow);
  char s[256];

  for (size_t i = 0; i < sizeof bytes; i++)
    bytes[i] = (unsigned char) (i * 7 + (i >> 8) * 3);

  /* Strings of every length up to the bound, many in a row.  */
  uint32_t seq = 0;
  for (int i = 0; i < 5000; i++, seq++)
    {
      make_str (s, seq);
      log_str (b, seq, s);
      CHECK (idl_error (b) == IDL_OK);
      model (seq, s, strlen (s));
    }
  check_digest (b);

  /* Buffers.  */
  seq = 0;
  for (int i = 0; i < 3000; i++, seq++)
    {
      unsigned n = (seq * 613) % 4097;
      const unsigned char *p = bytes + seq % 1000;
      log_buf (b, seq, p, n);
      CHECK (idl_error (b) == IDL_OK);
      model (seq, p, n);
    }
  check_digest (b);

  /* Big blocks by value.  */
  seq = 0;
  for (int i = 0; i < 3000; i++, seq++)
    {
      big_t v;
      memset (&v, 0, sizeof v);
      for (int k = 0; k < 20; k++)
	v.a[k] = (long) seq * (k + 1) - k;
      snprintf (v.name, sizeof v.name, "block %u", seq);
      log_big (b, seq, v);
      CHECK (idl_error (b) == IDL_OK);
      model (seq, &v, sizeof v);
    }
  check_digest (b);

  /* The largest payloads.  */
  seq = 0;
  for (int i = 0; i < 200; i++, seq++)
    {
      size_t n = i % 3 == 0 ? 65536 : (seq * 7919) % 65537;
      const unsigned char *p = bytes + (n < 65536 ? seq % (65536 - n + 1) : 0);
      log_huge (b, seq, p, n);
      CHECK (idl_error (b) == IDL_OK);
      model (seq, p, n);
    }
  check_digest (b);

  /* Every kind, interleaved, with normal calls between them.  */
  seq = 0;
  for (int i = 0; i < 2000; i++, seq++)
    {
      switch (i % 5)
	{
	case 0:
	  make_str (s, seq);
	  log_str (b, seq, s);
	  model (seq, s, strlen (s));
	  break;
	case 1:
	  {
	    unsigned n = seq % 4097;
	    log_buf (b, seq, bytes + 3, n);
	    model (seq, bytes + 3, n);
	    break;
	  }
	case 2:
	  {
	    big_t v;
	    memset (&v, 0x11, sizeof v);
	    v.a[seq % 20] = seq;
	    log_big (b, seq, v);
	    model (seq, &v, sizeof v);
	    break;
	  }
	case 3:
	  {
	    big_t v;
	    uint64_t q[10];
	    memset (&v, (int) seq, sizeof v);
	    for (int k = 0; k < 10; k++)
	      q[k] = (uint64_t) seq << k;
	    int n = (int) (seq % 11);
	    char t[31];
	    snprintf (t, sizeof t, "two %u", seq);
	    log_two (b, seq, t, &v, q, n);
	    model (seq, t, strlen (t));
	    want_sum = eat (eat (want_sum, &v, sizeof v), q,
			    (size_t) n * sizeof *q);
	    break;
	  }
	case 4:
	  {
	    /* A normal call: it sees every one-way before it.  */
	    char last[201];
	    make_str (s, seq + 1);
	    CHECK (peek (b, s, last) == eat (0, s, strlen (s)));
	    CHECK (idl_error (b) == IDL_OK);
	    char w[256];
	    make_str (w, seq - 4);
	    CHECK (strcmp (last, w) == 0);
	    seq--;	/* not a one-way: no sequence number */
	    break;
	  }
	}
      CHECK (idl_error (b) == IDL_OK);
    }
  check_digest (b);

  /* Over the bound: refused, nothing reaches the server.  */
  memset (s, 'x', 201);
  s[201] = 0;
  log_str (b, 0, s);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  log_buf (b, 0, bytes, 4097);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  log_huge (b, 0, bytes, 65537);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  log_str (b, 0, NULL);
  CHECK (idl_error (b) == IDL_E_INVAL);
  log_str (b, 0, "ok");
  CHECK (idl_error (b) == IDL_OK);
  model (0, "ok", 2);
  check_digest (b);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
