/* { dg-do run } */
/* Area: run
   Purpose: IDL_STRING parameters in every direction.  An in string of at
   most MAX chars arrives intact (lengths 0, 1, MAX - 1, MAX, high-bit
   chars, a string ending right before an unmapped page); a longer one
   makes the call return 0 with IDL_E_BOUNDS and the server is not
   called; a null one gives IDL_E_INVAL.  An out string starts as "" on
   the server, comes back with its NUL into a MAX + 1 byte buffer, and an
   implementation that fills all MAX + 1 bytes without a NUL makes the
   call fail with IDL_E_BOUNDS, the caller's buffer untouched.  An inout
   string is sent and comes back in place.  Several strings share one
   message; bounds of 1 and of 65535 (the largest a payload allows)
   work at their limits.  Every out and inout buffer sits between guard
   regions.  */

#include <stdint.h>
#include <sys/mman.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argstr, 0x2a01, 1);

#define SMAX 16
#define OMAX 8
#define IOMAX 12
#define BIGMAX 4000

/* The server counts every call of an implementation here.  */
IDL_OP (argstr, 1) long calls (idl_binding_t *b);
/* Stores S; returns its length as the server saw it.  */
IDL_OP (argstr, 2) int put (idl_binding_t *b,
			    IDL_IN IDL_STRING (SMAX) const char *s);
/* The string last stored by put, back through an out string.  */
IDL_OP (argstr, 3) int get (idl_binding_t *b,
			    IDL_OUT IDL_STRING (SMAX) char *buf);
/* Writes N copies of C and a NUL into OUT; with N < 0, OMAX + 1 copies
   of C and no NUL.  Returns 1 if OUT started as "".  */
IDL_OP (argstr, 4) int gen (idl_binding_t *b, int n, int c,
			    IDL_OUT IDL_STRING (OMAX) char *out);
/* Upper-cases S and appends SUFFIX chars of '!' (up to the bound);
   MODE 1: makes it ""; MODE 2: fills IOMAX + 1 bytes without a NUL.
   Returns the length it received.  */
IDL_OP (argstr, 5) int shout (idl_binding_t *b, int mode,
			      IDL_INOUT IDL_STRING (IOMAX) char *s,
			      int suffix);
/* Three strings at once: an in one, an inout one, an out one.  OUT gets
   IN followed by IO; IO gets reversed.  Returns strlen (in) * 1000 +
   strlen (io).  */
IDL_OP (argstr, 6) long three (idl_binding_t *b,
			       IDL_IN IDL_STRING (100) const char *in,
			       IDL_INOUT IDL_STRING (50) char *io,
			       IDL_OUT IDL_STRING (151) char *out);
/* Long strings: a hash of IN, and OUT a copy of IN with each char
   incremented.  */
IDL_OP (argstr, 7) uint64_t big (idl_binding_t *b,
				 IDL_IN IDL_STRING (BIGMAX) const char *in,
				 IDL_OUT IDL_STRING (BIGMAX) char *out);
/* The smallest bound: "" and one char fit.  Returns strlen (s), O gets
   S doubled when it fits.  */
IDL_OP (argstr, 8) int tiny (idl_binding_t *b,
			     IDL_IN IDL_STRING (1) const char *s,
			     IDL_OUT IDL_STRING (1) char *o, int dbl);
/* Scalars around the string: the length word shares message words.  */
IDL_OP (argstr, 9) long around (idl_binding_t *b, short a,
				IDL_IN IDL_STRING (SMAX) IDL_TYPICAL (4)
				  const char *s,
				char c, long d);

/* The largest bound a payload allows: IN's hash, and OUT gets N chars
   'm'.  */
IDL_OP (argstr, 10) uint64_t huge (idl_binding_t *b,
				   IDL_IN IDL_STRING (65535) const char *in,
				   unsigned n,
				   IDL_OUT IDL_STRING (65535) char *out);

IDL_SERVER (argstr);

static long ncalls;
static char stored[SMAX + 1];

static uint64_t
hash_str (const char *s)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 0x100000001b3ULL;
  return h;
}

long
calls_impl (idl_call_t *call)
{
  return ncalls;
}

int
put_impl (idl_call_t *call, const char *s)
{
  ncalls++;
  size_t n = strlen (s);
  CHECK (n <= SMAX);
  memcpy (stored, s, n + 1);
  return (int) n;
}

int
get_impl (idl_call_t *call, char *buf)
{
  ncalls++;
  CHECK (buf[0] == 0);
  strcpy (buf, stored);
  return (int) strlen (stored);
}

int
gen_impl (idl_call_t *call, int n, int c, char *out)
{
  ncalls++;
  int was_empty = out[0] == 0;
  if (n < 0)
    memset (out, c, OMAX + 1);
  else
    {
      memset (out, c, n);
      out[n] = 0;
    }
  return was_empty;
}

int
shout_impl (idl_call_t *call, int mode, char *s, int suffix)
{
  ncalls++;
  int n = (int) strlen (s);
  if (mode == 1)
    s[0] = 0;
  else if (mode == 2)
    memset (s, 'z', IOMAX + 1);
  else
    {
      for (int i = 0; i < n; i++)
	if (s[i] >= 'a' && s[i] <= 'z')
	  s[i] = (char) (s[i] - 'a' + 'A');
      int k = n;
      while (suffix-- > 0 && k < IOMAX)
	s[k++] = '!';
      s[k] = 0;
    }
  return n;
}

long
three_impl (idl_call_t *call, const char *in, char *io, char *out)
{
  ncalls++;
  size_t a = strlen (in), c = strlen (io);
  CHECK (out[0] == 0);
  memcpy (out, in, a);
  memcpy (out + a, io, c + 1);
  for (size_t i = 0; i < c / 2; i++)
    {
      char t = io[i];
      io[i] = io[c - 1 - i];
      io[c - 1 - i] = t;
    }
  return (long) (a * 1000 + c);
}

uint64_t
big_impl (idl_call_t *call, const char *in, char *out)
{
  ncalls++;
  size_t i;
  for (i = 0; in[i]; i++)
    out[i] = (char) (in[i] == '~' ? '!' : in[i] + 1);
  out[i] = 0;
  return hash_str (in) ^ i;
}

int
tiny_impl (idl_call_t *call, const char *s, char *o, int dbl)
{
  ncalls++;
  CHECK (o[0] == 0);
  strcpy (o, s);
  if (dbl)
    o[1] = s[0];		/* no room for the NUL: over the bound */
  return (int) strlen (s);
}

long
around_impl (idl_call_t *call, short a, const char *s, char c, long d)
{
  ncalls++;
  return a * 1000000L + (long) strlen (s) * 10000 + c * 100 + d
	 + (long) (hash_str (s) & 0xff) * 1000000000L;
}

uint64_t
huge_impl (idl_call_t *call, const char *in, unsigned n, char *out)
{
  ncalls++;
  CHECK (out[0] == 0);
  memset (out, 'm', n);
  if (n <= 65535)
    out[n] = 0;
  return hash_str (in);
}

/* A string of N chars made from SEED, printable and not.  */
static void
make (char *dst, size_t n, unsigned seed)
{
  for (size_t i = 0; i < n; i++)
    {
      unsigned v = (unsigned) (i * 131 + seed * 7 + 1) % 255 + 1;
      dst[i] = (char) v;		/* 1..255: never a NUL */
    }
  dst[n] = 0;
}

#define GUARD 32
#define GUARD_BYTE 0x5a

/* A buffer of LEN usable bytes between two guard regions.  */
struct guarded
{
  unsigned char pre[GUARD];
  char buf[BIGMAX + 1];
  unsigned char post[GUARD];
};

static void
guard_init (struct guarded *g, size_t len, int fill)
{
  memset (g, GUARD_BYTE, sizeof *g);
  memset (g->buf, fill, len);
}

static void
guard_check (const struct guarded *g, size_t len)
{
  for (size_t i = 0; i < GUARD; i++)
    CHECK (g->pre[i] == GUARD_BYTE);
  /* Past the buffer's LEN bytes: still the guard byte.  */
  for (size_t i = len; i < sizeof g->buf; i++)
    CHECK ((unsigned char) g->buf[i] == GUARD_BYTE);
  for (size_t i = 0; i < GUARD; i++)
    CHECK (g->post[i] == GUARD_BYTE);
}

int
main (void)
{
  const char *name = idltest_name ("arg-string");
  pid_t srv = idltest_fork_server (name, &argstr, argstr_dispatch);
  idl_binding_t *b = idltest_connect (name, &argstr);
  static struct guarded g;
  char s[BIGMAX + 2];
  long expect_calls = 0;

  /* In strings of every length up to the bound, read back through an
     out string.  */
  for (size_t n = 0; n <= SMAX; n++)
    for (unsigned seed = 0; seed < 3; seed++)
      {
	make (s, n, seed + (unsigned) n);
	CHECK (put (b, s) == (int) n);
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	guard_init (&g, SMAX + 1, 0x77);
	CHECK (get (b, g.buf) == (int) n);
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	CHECK (strcmp (g.buf, s) == 0);
	/* The bytes after the NUL are the caller's.  */
	for (size_t i = n + 1; i < SMAX + 1; i++)
	  CHECK (g.buf[i] == 0x77);
	guard_check (&g, SMAX + 1);
      }
  CHECK (calls (b) == expect_calls);

  /* Too long: nothing sent.  */
  put (b, "short");
  expect_calls++;
  for (size_t n = SMAX + 1; n <= SMAX + 40; n += 13)
    {
      make (s, n, 9);
      CHECK (put (b, s) == 0);
      CHECK (idl_error (b) == IDL_E_BOUNDS);
    }
  make (s, BIGMAX + 1, 3);
  CHECK (put (b, s) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (calls (b) == expect_calls);
  CHECK (idl_error (b) == IDL_OK);
  /* The refused strings did not replace the stored one.  */
  CHECK (get (b, g.buf) == 5 && strcmp (g.buf, "short") == 0);
  expect_calls++;

  /* Null: IDL_E_INVAL, nothing sent.  */
  CHECK (put (b, NULL) == 0);
  CHECK (idl_error (b) == IDL_E_INVAL);
  CHECK (calls (b) == expect_calls);

  /* An in string that ends right before an unmapped page: the stub must
     not read past its NUL (nor copy the bound's worth of bytes).  */
  {
    long pg = sysconf (_SC_PAGESIZE);
    char *map = mmap (NULL, 2 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK (map != MAP_FAILED);
    CHECK (mprotect (map + pg, pg, PROT_NONE) == 0);
    for (size_t n = 0; n <= SMAX; n += 4)
      {
	char *t = map + pg - (n + 1);
	make (t, n, 5);
	CHECK (put (b, t) == (int) n);
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
      }
    /* Over the bound, also at the page's end.  */
    char *t = map + pg - (SMAX + 2);
    make (t, SMAX + 1, 5);
    CHECK (put (b, t) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    munmap (map, 2 * pg);
  }
  CHECK (calls (b) == expect_calls);

  /* Out strings: every length up to the bound; the server's buffer
     starts as "" even after a longer string was written there.  */
  for (int n = OMAX; n >= 0; n--)
    {
      guard_init (&g, OMAX + 1, 0x11);
      CHECK (gen (b, n, 'a' + n, g.buf) == 1);
      CHECK (idl_error (b) == IDL_OK);
      expect_calls++;
      CHECK ((int) strlen (g.buf) == n);
      for (int i = 0; i < n; i++)
	CHECK (g.buf[i] == 'a' + n);
      for (int i = n + 1; i < OMAX + 1; i++)
	CHECK (g.buf[i] == 0x11);
      guard_check (&g, OMAX + 1);
    }
  /* High-bit chars come back as they were.  */
  guard_init (&g, OMAX + 1, 0x11);
  CHECK (gen (b, 3, 0xe9, g.buf) == 1);
  expect_calls++;
  CHECK (memcmp (g.buf, "\xe9\xe9\xe9", 4) == 0);
  guard_check (&g, OMAX + 1);

  /* An implementation that overruns the bound: IDL_E_BOUNDS, the
     buffer untouched.  */
  for (int k = 0; k < 3; k++)
    {
      guard_init (&g, OMAX + 1, 0x3c);
      CHECK (gen (b, -1, 'q', g.buf) == 0);
      CHECK (idl_error (b) == IDL_E_BOUNDS);
      expect_calls++;
      for (int i = 0; i < OMAX + 1; i++)
	CHECK ((unsigned char) g.buf[i] == 0x3c);
      guard_check (&g, OMAX + 1);
      /* And the next call is fine.  */
      guard_init (&g, OMAX + 1, 0x3c);
      CHECK (gen (b, 2, 'r', g.buf) == 1);
      CHECK (idl_error (b) == IDL_OK);
      expect_calls++;
      CHECK (strcmp (g.buf, "rr") == 0);
    }
  CHECK (calls (b) == expect_calls);

  /* Inout strings.  */
  {
    static const struct { const char *in; int suffix; const char *out; }
    cases[] = {
      { "", 0, "" },
      { "", 3, "!!!" },
      { "abc", 0, "ABC" },
      { "abc", 2, "ABC!!" },
      { "Hello, world", 5, "HELLO, WORLD" },	/* 12 chars: no room */
      { "hello world", 5, "HELLO WORLD!" },
      { "x", 20, "X!!!!!!!!!!!" },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
      {
	guard_init (&g, IOMAX + 1, 0x66);
	strcpy (g.buf, cases[i].in);
	CHECK (shout (b, 0, g.buf, cases[i].suffix)
	       == (int) strlen (cases[i].in));
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	CHECK (strcmp (g.buf, cases[i].out) == 0);
	size_t lin = strlen (cases[i].in), lout = strlen (cases[i].out);
	/* Bytes past both NULs are the caller's.  */
	for (size_t j = (lin > lout ? lin : lout) + 1; j < IOMAX + 1; j++)
	  CHECK (g.buf[j] == 0x66);
	guard_check (&g, IOMAX + 1);
      }

    /* The server shortens it to "".  */
    guard_init (&g, IOMAX + 1, 0x66);
    strcpy (g.buf, "twelve chars");
    CHECK (shout (b, 1, g.buf, 0) == 12);
    expect_calls++;
    CHECK (g.buf[0] == 0);
    CHECK (memcmp (g.buf + 1, "welve chars", 12) == 0);
    guard_check (&g, IOMAX + 1);

    /* The server overruns: IDL_E_BOUNDS, untouched.  */
    guard_init (&g, IOMAX + 1, 0x66);
    strcpy (g.buf, "keep me");
    CHECK (shout (b, 2, g.buf, 0) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    expect_calls++;
    CHECK (strcmp (g.buf, "keep me") == 0);
    for (int j = 8; j < IOMAX + 1; j++)
      CHECK (g.buf[j] == 0x66);
    guard_check (&g, IOMAX + 1);

    /* Too long to send: IDL_E_BOUNDS, untouched, not called.  */
    guard_init (&g, IOMAX + 2, 0x66);
    strcpy (g.buf, "thirteen char");
    CHECK (shout (b, 0, g.buf, 1) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (strcmp (g.buf, "thirteen char") == 0);
    guard_check (&g, IOMAX + 2);

    /* Null: IDL_E_INVAL.  */
    CHECK (shout (b, 0, NULL, 1) == 0);
    CHECK (idl_error (b) == IDL_E_INVAL);
  }
  CHECK (calls (b) == expect_calls);

  /* Several strings in one message.  */
  {
    static const char *ins[] = { "", "a", "in string",
				 "0123456789012345678901234567890123456789"
				 "0123456789012345678901234567890123456789"
				 "01234567890123456789" };
    static const char *ios[] = { "", "b", "inout", "0123456789abcdefghij"
				 "0123456789abcdefghij0123456789" };
    for (unsigned i = 0; i < 4; i++)
      for (unsigned j = 0; j < 4; j++)
	{
	  static struct guarded g2;
	  char want_out[152], want_io[51];
	  size_t a = strlen (ins[i]), c = strlen (ios[j]);
	  CHECK (a <= 100 && c <= 50);
	  strcpy (want_out, ins[i]);
	  strcat (want_out, ios[j]);
	  for (size_t k = 0; k < c; k++)
	    want_io[k] = ios[j][c - 1 - k];
	  want_io[c] = 0;
	  guard_init (&g, 51, 0x22);
	  guard_init (&g2, 152, 0x44);
	  strcpy (g.buf, ios[j]);
	  CHECK (three (b, ins[i], g.buf, g2.buf) == (long) (a * 1000 + c));
	  CHECK (idl_error (b) == IDL_OK);
	  expect_calls++;
	  CHECK (strcmp (g.buf, want_io) == 0);
	  CHECK (strcmp (g2.buf, want_out) == 0);
	  guard_check (&g, 51);
	  guard_check (&g2, 152);
	}
  }

  /* Long strings, up to the bound and one over.  */
  {
    static const size_t lens[] = { 0, 1, 63, 64, 65, 1000, 2048, BIGMAX - 1,
				   BIGMAX };
    for (unsigned i = 0; i < sizeof lens / sizeof lens[0]; i++)
      {
	size_t n = lens[i];
	for (size_t k = 0; k < n; k++)
	  s[k] = (char) (' ' + (k * 7 + i) % 95);	/* printable */
	s[n] = 0;
	guard_init (&g, BIGMAX + 1, 0x01);
	CHECK (big (b, s, g.buf) == (hash_str (s) ^ n));
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	CHECK (strlen (g.buf) == n);
	for (size_t k = 0; k < n; k++)
	  CHECK (g.buf[k] == (s[k] == '~' ? '!' : s[k] + 1));
	guard_check (&g, BIGMAX + 1);
      }
    memset (s, 'x', BIGMAX + 1);
    s[BIGMAX + 1] = 0;
    guard_init (&g, BIGMAX + 1, 0x01);
    CHECK (big (b, s, g.buf) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    for (size_t k = 0; k < BIGMAX + 1; k++)
      CHECK (g.buf[k] == 0x01);
    guard_check (&g, BIGMAX + 1);
  }

  /* A bound of one.  */
  {
    char o[2] = { 'k', 'k' };
    CHECK (tiny (b, "", o, 0) == 0);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (o[0] == 0 && o[1] == 'k');
    CHECK (tiny (b, "\x80", o, 0) == 1);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (o[0] == '\x80' && o[1] == 0);
    o[0] = o[1] = 'k';
    CHECK (tiny (b, "ab", o, 0) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (o[0] == 'k' && o[1] == 'k');
    CHECK (tiny (b, "a", o, 1) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    expect_calls++;
    CHECK (o[0] == 'k' && o[1] == 'k');
  }

  /* Scalars before and after a string.  */
  for (size_t n = 0; n <= SMAX; n += 8)
    {
      make (s, n, 1);
      long want = -3 * 1000000L + (long) n * 10000 + 'c' * 100 - 77
		  + (long) (hash_str (s) & 0xff) * 1000000000L;
      CHECK (around (b, -3, s, 'c', -77) == want);
      CHECK (idl_error (b) == IDL_OK);
      expect_calls++;
    }
  make (s, SMAX + 1, 1);
  CHECK (around (b, -3, s, 'c', -77) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);

  /* The largest bound.  */
  {
    static char in[65537], out[65536 + 2];
    for (unsigned n = 65533; n <= 65536; n++)
      {
	memset (in, 'i', n);
	in[n] = 0;
	memset (out, 0x2d, sizeof out);
	uint64_t r = huge (b, in, n, out);
	if (n > 65535)
	  {
	    /* Refused by the client; then an out string over its bound,
	       refused by the server.  */
	    CHECK (r == 0 && idl_error (b) == IDL_E_BOUNDS);
	    in[0] = 0;
	    CHECK (huge (b, in, n, out) == 0);
	    CHECK (idl_error (b) == IDL_E_BOUNDS);
	    expect_calls++;
	    for (size_t i = 0; i < sizeof out; i++)
	      CHECK (out[i] == 0x2d);
	    continue;
	  }
	CHECK (r == hash_str (in));
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	CHECK (strlen (out) == n);
	for (size_t i = 0; i < n; i++)
	  CHECK (out[i] == 'm');
	for (size_t i = n + 1; i < sizeof out; i++)
	  CHECK (out[i] == 0x2d);
      }
  }

  CHECK (calls (b) == expect_calls);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
