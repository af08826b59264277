/* { dg-do run } */
/* Area: run
   Purpose: the server stub checks every length in a request before the
   implementation runs.  A client that bypasses its stubs and sends, with
   the runtime's stub ABI, a string length over the bound, a string whose
   NUL is not where its length says, a payload shorter than its items, a
   buffer count over the bound, a last buffer (whose count is not sent
   but implied by the payload's length) that is not a whole number of
   elements or is over its bound, an inout length over the capacity, a
   descriptor index with no descriptor, a big block cut short or a wrong
   word count gets IDL_E_BADMSG; the implementation is not called, and
   the server goes on serving the same connection (the well-formed
   version of each request, sent the same way, works).  */

#include <fcntl.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argbad, 0x2a0b, 1);

typedef struct { long a[20]; char name[32]; } big_t;	/* payload */

IDL_OP (argbad, 1) long calls (idl_binding_t *b);
/* Request: no words; payload: the chars and NUL, which ends it (the
   request's last string has no length word: model.h, idl_item).  */
IDL_OP (argbad, 2) int str (idl_binding_t *b,
			    IDL_IN IDL_STRING (16) const char *s);
/* Request: word 1 bytes 0-3 N; payload: N elements of P, then those
   of Q, which end it (M is not sent: model.h, idl_item).  */
IDL_OP (argbad, 3) long buf (idl_binding_t *b,
			     IDL_IN IDL_SIZE_IS (n, 8) const uint32_t *p,
			     unsigned n,
			     IDL_IN IDL_SIZE_IS (m, 4) const uint16_t *q,
			     int m);
/* Request: word 1 bytes 0-3 CAP, bytes 4-7 *LEN; payload: *LEN
   elements.  */
IDL_OP (argbad, 4) int io (idl_binding_t *b,
			   IDL_INOUT IDL_SIZE_IS (cap, 8) IDL_LENGTH_IS (len)
			     int32_t *p,
			   int cap, IDL_INOUT int *len);
/* Request: word 1 bytes 0-3 the descriptor's index.  */
IDL_OP (argbad, 5) int fd (idl_binding_t *b, IDL_FD int fd);
/* Request: payload bytes 0-191 the block.  */
IDL_OP (argbad, 6) long blk (idl_binding_t *b, IDL_IN const big_t *p);

IDL_SERVER (argbad);

static long ncalls;

long
calls_impl (idl_call_t *call)
{
  return ncalls;
}

int
str_impl (idl_call_t *call, const char *s)
{
  ncalls++;
  return (int) strlen (s);
}

long
buf_impl (idl_call_t *call, const uint32_t *p, unsigned n,
	  const uint16_t *q, int m)
{
  ncalls++;
  long s = 0;
  for (unsigned i = 0; i < n; i++)
    s += p[i];
  for (int i = 0; i < m; i++)
    s += 1000L * q[i];
  return s + 1000000L * m;
}

int
io_impl (idl_call_t *call, int32_t *p, int cap, int *len)
{
  ncalls++;
  return *len;
}

int
fd_impl (idl_call_t *call, int fd)
{
  ncalls++;
  return fd >= 0;
}

long
blk_impl (idl_call_t *call, const big_t *p)
{
  ncalls++;
  return p->a[19];
}

static uint64_t
tag (unsigned op, unsigned words)
{
  return (uint64_t) 0x2a0b << IDL_TAG_IFACE_SHIFT
	 | (uint64_t) op << IDL_TAG_OP_SHIFT | words;
}

static uint64_t
badmsg (void)
{
  return IDL_TAG_ERROR | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT;
}

/* Send a request by hand: WORDS, then LEN payload bytes from PAYLOAD,
   and NFDS descriptors.  Returns the reply tag.  */
static uint64_t
raw (idl_binding_t *b, uint64_t t, const uint64_t *words,
     const void *payload, size_t len, const int *fds, unsigned nfds)
{
  void *pay = idl_request_payload (b);
  CHECK (pay != NULL);
  memcpy (pay, payload, len);
  return idl_call_x (b, t, words, len, fds, nfds);
}

/* The reply's word I.  */
static uint64_t
reply_word (idl_binding_t *b, unsigned i)
{
  uint64_t *mr = *(uint64_t **) ((char *) b + IDL_BINDING_MR_OFFSET);
  return mr[i];
}

static void
expect_bad (idl_binding_t *b, uint64_t r, const char *what)
{
  if (r != badmsg () || idl_error (b) != IDL_E_BADMSG)
    fprintf (stderr, "%s: reply tag 0x%llx, error %d\n", what,
	     (unsigned long long) r, idl_error (b));
  CHECK (r == badmsg ());
  CHECK (idl_error (b) == IDL_E_BADMSG);
}

int
main (void)
{
  const char *name = idltest_name ("arg-badmsg");
  pid_t srv = idltest_fork_server (name, &argbad, argbad_dispatch);
  idl_binding_t *b = idltest_connect (name, &argbad);
  uint64_t w[4];
  char s[64];

  /* Strings.  */
  memset (s, 'a', sizeof s);
  memcpy (s, "hello", 6);
  CHECK (raw (b, tag (2, 0), w, s, 6, NULL, 0) == tag (2, 1));
  CHECK (idl_error (b) == IDL_OK);
  CHECK ((int) reply_word (b, 1) == 5);
  /* The payload's last byte is not a NUL.  */
  expect_bad (b, raw (b, tag (2, 0), w, "helloa", 6, NULL, 0), "string NUL");
  expect_bad (b, raw (b, tag (2, 0), w, s, 5, NULL, 0), "string cut");
  expect_bad (b, raw (b, tag (2, 0), w, s, 0, NULL, 0), "string absent");
  memset (s, 'b', 17);
  s[17] = 0;			/* over the bound, NUL in place */
  expect_bad (b, raw (b, tag (2, 0), w, s, 18, NULL, 0), "string bound");
  w[0] = 5;			/* a word too many */
  expect_bad (b, raw (b, tag (2, 1), w, "hello", 6, NULL, 0),
	      "string words");
  /* Exactly the bound.  */
  s[16] = 0;
  CHECK (raw (b, tag (2, 0), w, s, 17, NULL, 0) == tag (2, 1));
  CHECK ((int) reply_word (b, 1) == 16);
  CHECK (calls (b) == 2);

  /* Buffers: P's count sent, Q's the rest of the payload, a whole
     number of elements within Q's bound.  */
  {
    uint32_t p[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    uint16_t *q = (uint16_t *) &p[8];
    q[0] = 1, q[1] = 2, q[2] = 3, q[3] = 4, q[4] = 5;
    w[0] = 8;
    CHECK (raw (b, tag (3, 1), w, p, 36, NULL, 0) == tag (3, 1));
    CHECK ((long) reply_word (b, 1) == 36 + 3000 + 2000000);
    CHECK (raw (b, tag (3, 1), w, p, 40, NULL, 0) == tag (3, 1));
    CHECK ((long) reply_word (b, 1) == 36 + 10000 + 4000000);
    CHECK (raw (b, tag (3, 1), w, p, 32, NULL, 0) == tag (3, 1));
    CHECK ((long) reply_word (b, 1) == 36);
    w[0] = 9;
    expect_bad (b, raw (b, tag (3, 1), w, p, 36, NULL, 0), "count bound");
    w[0] = 4;
    expect_bad (b, raw (b, tag (3, 1), w, p, 15, NULL, 0), "buffer cut");
    w[0] = -1ULL;
    expect_bad (b, raw (b, tag (3, 1), w, p, 32, NULL, 0), "count -1");
    w[0] = 8;
    expect_bad (b, raw (b, tag (3, 1), w, p, 42, NULL, 0),
		"implied count bound");
    expect_bad (b, raw (b, tag (3, 1), w, p, 35, NULL, 0),
		"implied count cut");
    w[0] = 8 | (uint64_t) 2 << 32;	/* a count sent after all */
    expect_bad (b, raw (b, tag (3, 2), w, p, 36, NULL, 0),
		"implied count sent");
  }

  /* Inout buffers: *LEN within CAP within the bound.  */
  {
    int32_t p[9] = { 0 };
    w[0] = 8 | (uint64_t) 3 << 32;
    CHECK (raw (b, tag (4, 1), w, p, 12, NULL, 0) == tag (4, 1));
    CHECK ((int) reply_word (b, 1) == 3);
    w[0] = 4 | (uint64_t) 5 << 32;
    expect_bad (b, raw (b, tag (4, 1), w, p, 20, NULL, 0), "len > cap");
    w[0] = 9 | (uint64_t) 9 << 32;
    expect_bad (b, raw (b, tag (4, 1), w, p, 36, NULL, 0), "cap bound");
    w[0] = 8 | (uint64_t) 0xffffffff << 32;
    expect_bad (b, raw (b, tag (4, 1), w, p, 36, NULL, 0), "len -1");
    w[0] = 0xffffffff | (uint64_t) 2 << 32;
    expect_bad (b, raw (b, tag (4, 1), w, p, 8, NULL, 0), "cap -1");
    w[0] = 8 | (uint64_t) 3 << 32;
    expect_bad (b, raw (b, tag (4, 1), w, p, 11, NULL, 0), "inout cut");
  }

  /* Descriptors: an index must name one that came with the request.  */
  {
    int p[2];
    CHECK (pipe (p) == 0);
    w[0] = 0;
    CHECK (raw (b, tag (5, 1), w, NULL, 0, p, 1) == tag (5, 1));
    CHECK ((int) reply_word (b, 1) == 1);
    w[0] = IDL_FD_NONE;
    CHECK (raw (b, tag (5, 1), w, NULL, 0, NULL, 0) == tag (5, 1));
    CHECK ((int) reply_word (b, 1) == 0);
    w[0] = 0;
    expect_bad (b, raw (b, tag (5, 1), w, NULL, 0, NULL, 0), "no fd");
    w[0] = 1;
    expect_bad (b, raw (b, tag (5, 1), w, NULL, 0, p, 1), "fd index");
    w[0] = 7;
    expect_bad (b, raw (b, tag (5, 1), w, NULL, 0, p, 2), "fd index");
    CHECK (fcntl (p[0], F_GETFD) != -1 && fcntl (p[1], F_GETFD) != -1);
    close (p[0]);
    close (p[1]);
  }

  /* A block in the payload.  */
  {
    big_t v;
    memset (&v, 0, sizeof v);
    v.a[19] = 1919;
    CHECK (raw (b, tag (6, 0), NULL, &v, sizeof v, NULL, 0) == tag (6, 1));
    CHECK ((long) reply_word (b, 1) == 1919);
    expect_bad (b, raw (b, tag (6, 0), NULL, &v, sizeof v - 1, NULL, 0),
		"block cut");
    expect_bad (b, raw (b, tag (6, 0), NULL, &v, 0, NULL, 0), "no block");
  }

  /* Only the well-formed requests reached an implementation, and the
     stubs still work on this connection.  */
  CHECK (calls (b) == 9);
  static const char still[17] = "still here";	/* the bound's size */
  CHECK (str (b, still) == 10);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (calls (b) == 10);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
