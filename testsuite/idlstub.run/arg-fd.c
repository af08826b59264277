/* { dg-do run } */
/* Area: run
   Purpose: IDL_FD descriptors.  In: the server reads from the client's
   descriptor (the same open file: its offset moves), and the client's
   descriptor stays open and usable after the call whatever the result
   (success, a bound refused by the client, an error from the server, a
   bad descriptor beside it, a dead server); -1 arrives as -1; a
   descriptor that is not open gives IDL_E_INVAL and the server is not
   called.  Out: the client receives a new descriptor it owns (a pipe,
   a memfd, the server's dup of the client's own, the very descriptor
   the client sent), or -1 when the server stores -1 or nothing; on an
   error the out parameter is untouched.  Up to eight each way, mixed
   with -1.  One-way operations with a descriptor.  Neither the client's
   nor the server's count of open descriptors grows over 200 calls of
   each kind.  */

#define _GNU_SOURCE 1		/* memfd_create */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argfd, 0x2a06, 1);

/* The server's own count of open descriptors, and of implementation
   calls.  */
IDL_OP (argfd, 1) long srv_nfds (idl_binding_t *b);
IDL_OP (argfd, 2) long calls (idl_binding_t *b);
/* Reads up to N bytes from FD into OUT (N over 64 overruns OUT's bound:
   IDL_E_BOUNDS).  Returns the count read, or -2 for FD == -1.  */
IDL_OP (argfd, 3) long rd (idl_binding_t *b, IDL_FD int fd, int n,
			   IDL_OUT IDL_STRING (64) char *out);
/* KIND 0: *FD = -1; 1: a pipe holding "pipe SEQ"; 2: a memfd holding
   "memfd SEQ"; 3: leaves *FD alone.  Returns SEQ.  */
IDL_OP (argfd, 4) int opn (idl_binding_t *b, int kind,
			   IDL_OUT IDL_FD int *fd);
/* *OUT = dup (IN).  */
IDL_OP (argfd, 5) int dup_back (idl_binding_t *b, IDL_FD int in,
				IDL_OUT IDL_FD int *out);
/* *OUT = IN itself: the runtime closes the number once.  */
IDL_OP (argfd, 6) int echo (idl_binding_t *b, IDL_FD int in,
			    IDL_OUT IDL_FD int *out);
/* Reads what A, C and D hold into WHAT ("a|c|d", "-" for -1); X and Y
   get pipes holding "x" and "y".  */
IDL_OP (argfd, 7) int multi (idl_binding_t *b, IDL_FD int a, IDL_FD int c,
			     IDL_FD int d, IDL_OUT IDL_FD int *x,
			     IDL_OUT IDL_FD int *y,
			     IDL_OUT IDL_STRING (64) char *what);
/* Hands over a pipe, then overruns S: the reply is IDL_E_BOUNDS.  */
IDL_OP (argfd, 8) int fail_after (idl_binding_t *b, IDL_OUT IDL_FD int *fd,
				  IDL_OUT IDL_STRING (4) char *s);
/* An in descriptor beside a bounded string.  */
IDL_OP (argfd, 9) int with_str (idl_binding_t *b, IDL_FD int fd,
				IDL_IN IDL_STRING (4) const char *s);
/* One-way: the server reads FD and keeps what it read.  */
IDL_OP (argfd, 10) IDL_ONEWAY void note (idl_binding_t *b, int tag,
					 IDL_FD int fd);
IDL_OP (argfd, 11) int noted (idl_binding_t *b,
			      IDL_OUT IDL_STRING (200) char *s);
/* Eight each way (IDL_MAX_FDS).  */
IDL_OP (argfd, 12) int eight_in (idl_binding_t *b, IDL_FD int f0,
				 IDL_FD int f1, IDL_FD int f2, IDL_FD int f3,
				 IDL_FD int f4, IDL_FD int f5, IDL_FD int f6,
				 IDL_FD int f7);
IDL_OP (argfd, 13) int eight_out (idl_binding_t *b, int mask,
				  IDL_OUT IDL_FD int *o0,
				  IDL_OUT IDL_FD int *o1,
				  IDL_OUT IDL_FD int *o2,
				  IDL_OUT IDL_FD int *o3,
				  IDL_OUT IDL_FD int *o4,
				  IDL_OUT IDL_FD int *o5,
				  IDL_OUT IDL_FD int *o6,
				  IDL_OUT IDL_FD int *o7);

IDL_SERVER (argfd);

static int
is_open (int fd)
{
  return fcntl (fd, F_GETFD) != -1;
}

static long ncalls;
static int seq;
static char notes[201];

long
srv_nfds_impl (idl_call_t *call)
{
  return idltest_count_fds ();
}

long
calls_impl (idl_call_t *call)
{
  return ncalls;
}

long
rd_impl (idl_call_t *call, int fd, int n, char *out)
{
  ncalls++;
  CHECK (out[0] == 0);
  if (fd == -1)
    return -2;
  CHECK (fd >= 0 && is_open (fd));
  if (n > 64)
    {
      memset (out, 'o', 65);	/* over the bound */
      return 0;
    }
  ssize_t r = read (fd, out, n);
  CHECK (r >= 0);
  out[r] = 0;
  return r;
}

/* A pipe holding TEXT, its read end.  */
static int
pipe_with (const char *text)
{
  int p[2];
  CHECK (pipe (p) == 0);
  CHECK (write (p[1], text, strlen (text)) == (ssize_t) strlen (text));
  close (p[1]);
  return p[0];
}

int
opn_impl (idl_call_t *call, int kind, int *fd)
{
  ncalls++;
  CHECK (*fd == -1);
  char text[32];
  seq++;
  switch (kind)
    {
    case 0:
      *fd = -1;
      break;
    case 1:
      snprintf (text, sizeof text, "pipe %d", seq);
      *fd = pipe_with (text);
      break;
    case 2:
      snprintf (text, sizeof text, "memfd %d", seq);
      *fd = memfd_create ("arg-fd", 0);
      CHECK (*fd >= 0);
      CHECK (write (*fd, text, strlen (text)) == (ssize_t) strlen (text));
      break;
    default:
      break;
    }
  return seq;
}

int
dup_back_impl (idl_call_t *call, int in, int *out)
{
  ncalls++;
  *out = dup (in);
  CHECK (*out >= 0);
  return in >= 0;
}

int
echo_impl (idl_call_t *call, int in, int *out)
{
  ncalls++;
  *out = in;
  return in >= 0;
}

/* Up to 16 bytes of FD at the end of BUF, or "-".  */
static void
append_from (char *buf, int fd)
{
  size_t k = strlen (buf);
  if (fd < 0)
    {
      strcpy (buf + k, "-");
      return;
    }
  ssize_t r = read (fd, buf + k, 16);
  CHECK (r >= 0);
  buf[k + r] = 0;
}

int
multi_impl (idl_call_t *call, int a, int c, int d, int *x, int *y,
	    char *what)
{
  ncalls++;
  append_from (what, a);
  strcat (what, "|");
  append_from (what, c);
  strcat (what, "|");
  append_from (what, d);
  *x = pipe_with ("x");
  *y = pipe_with ("y");
  return (a >= 0) + (c >= 0) + (d >= 0);
}

int
fail_after_impl (idl_call_t *call, int *fd, char *s)
{
  ncalls++;
  *fd = pipe_with ("lost");
  memset (s, 's', 5);
  return 1;
}

int
with_str_impl (idl_call_t *call, int fd, const char *s)
{
  ncalls++;
  return (int) strlen (s);
}

void
note_impl (idl_call_t *call, int tag, int fd)
{
  ncalls++;
  char buf[16];
  ssize_t r = fd >= 0 ? read (fd, buf, sizeof buf - 1) : 0;
  CHECK (r >= 0);
  buf[r] = 0;
  size_t k = strlen (notes);
  snprintf (notes + k, sizeof notes - k, "%d:%s;", tag, buf);
}

int
noted_impl (idl_call_t *call, char *s)
{
  ncalls++;
  strcpy (s, notes);
  notes[0] = 0;
  return (int) strlen (s);
}

int
eight_in_impl (idl_call_t *call, int f0, int f1, int f2, int f3, int f4,
	       int f5, int f6, int f7)
{
  ncalls++;
  int fds[8] = { f0, f1, f2, f3, f4, f5, f6, f7 };
  int sum = 0;
  for (int i = 0; i < 8; i++)
    {
      unsigned char c = 0;
      if (fds[i] < 0)
	continue;
      CHECK (read (fds[i], &c, 1) == 1);
      sum = sum * 3 + c;
    }
  return sum;
}

int
eight_out_impl (idl_call_t *call, int mask, int *o0, int *o1, int *o2,
		int *o3, int *o4, int *o5, int *o6, int *o7)
{
  ncalls++;
  int *o[8] = { o0, o1, o2, o3, o4, o5, o6, o7 };
  for (int i = 0; i < 8; i++)
    if (mask & (1 << i))
      {
	char t[2] = { (char) ('0' + i), 0 };
	*o[i] = pipe_with (t);
      }
    else
      *o[i] = -1;
  return mask;
}

/* Read all of FD (at most 63 bytes) as a string.  */
static const char *
slurp (int fd)
{
  static char buf[64];
  ssize_t r = read (fd, buf, sizeof buf - 1);
  CHECK (r >= 0);
  buf[r] = 0;
  return buf;
}

/* A pipe whose read end holds TEXT, and its write end still open.  */
static void
client_pipe (int p[2], const char *text)
{
  CHECK (pipe (p) == 0);
  CHECK (write (p[1], text, strlen (text)) == (ssize_t) strlen (text));
}

int
main (void)
{
  const char *name = idltest_name ("arg-fd");
  pid_t srv = idltest_fork_server (name, &argfd, argfd_dispatch);
  idl_binding_t *b = idltest_connect (name, &argfd);
  char out[65];
  long expect_calls = 0;

  long srv_base = srv_nfds (b);
  CHECK (idl_error (b) == IDL_OK);
  long cli_base = idltest_count_fds ();

  /* In: a pipe; the client's ends stay open and usable.  */
  {
    int p[2];
    client_pipe (p, "hello, server");
    CHECK (rd (b, p[0], 5, out) == 5);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (strcmp (out, "hello") == 0);
    CHECK (is_open (p[0]) && is_open (p[1]));
    /* The rest is still there for the client.  */
    CHECK (strcmp (slurp (p[0]), ", server") == 0);
    /* And the server can read again what the client writes.  */
    CHECK (write (p[1], "again", 5) == 5);
    CHECK (rd (b, p[0], 64, out) == 5);
    expect_calls++;
    CHECK (strcmp (out, "again") == 0);
    close (p[0]);
    close (p[1]);
  }

  /* In: a regular file, the same open file on both sides: the server's
     read moves the client's offset.  */
  {
    int fd = memfd_create ("arg-fd-client", 0);
    CHECK (fd >= 0);
    CHECK (write (fd, "0123456789", 10) == 10);
    CHECK (lseek (fd, 2, SEEK_SET) == 2);
    CHECK (rd (b, fd, 3, out) == 3);
    expect_calls++;
    CHECK (strcmp (out, "234") == 0);
    CHECK (lseek (fd, 0, SEEK_CUR) == 5);
    close (fd);
  }

  /* -1 arrives as -1.  */
  CHECK (rd (b, -1, 5, out) == -2);
  CHECK (idl_error (b) == IDL_OK);
  expect_calls++;
  CHECK (out[0] == 0);

  /* A descriptor that is not open: IDL_E_INVAL, not called.  */
  {
    int p[2];
    CHECK (pipe (p) == 0);
    close (p[0]);
    close (p[1]);
    strcpy (out, "untouched");
    CHECK (rd (b, p[0], 5, out) == 0);
    CHECK (idl_error (b) == IDL_E_INVAL);
    CHECK (strcmp (out, "untouched") == 0);
    CHECK (rd (b, 100000, 5, out) == 0);
    CHECK (idl_error (b) == IDL_E_INVAL);
    CHECK (calls (b) == expect_calls);
    CHECK (idl_error (b) == IDL_OK);
  }

  /* The client's descriptor stays open whatever the result.  */
  {
    int p[2];
    client_pipe (p, "abcdefgh");
    /* Refused by the client (a string over its bound).  */
    CHECK (with_str (b, p[0], "12345") == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    CHECK (is_open (p[0]));
    CHECK (with_str (b, p[0], "1234") == 4);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (is_open (p[0]));
    /* Refused by the server (its out string overruns).  */
    CHECK (rd (b, p[0], 65, out) == 0);
    CHECK (idl_error (b) == IDL_E_BOUNDS);
    expect_calls++;
    CHECK (is_open (p[0]));
    /* A bad descriptor beside it.  */
    int x = 12345, y = 12345;
    CHECK (multi (b, p[0], 100000, -1, &x, &y, out) == 0);
    CHECK (idl_error (b) == IDL_E_INVAL);
    CHECK (x == 12345 && y == 12345);
    CHECK (is_open (p[0]));
    /* Nothing was read by any of these.  */
    CHECK (strcmp (slurp (p[0]), "abcdefgh") == 0);
    close (p[0]);
    close (p[1]);
  }
  CHECK (calls (b) == expect_calls);

  /* Out: a pipe, a memfd, -1, nothing.  */
  {
    int fd = 4242;
    int s = opn (b, 1, &fd);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (fd >= 0 && fd != 4242);
    char want[32];
    snprintf (want, sizeof want, "pipe %d", s);
    CHECK (strcmp (slurp (fd), want) == 0);
    CHECK (close (fd) == 0);

    fd = 4242;
    s = opn (b, 2, &fd);
    expect_calls++;
    CHECK (fd >= 0);
    CHECK (lseek (fd, 0, SEEK_SET) == 0);
    snprintf (want, sizeof want, "memfd %d", s);
    CHECK (strcmp (slurp (fd), want) == 0);
    CHECK (close (fd) == 0);

    fd = 4242;
    opn (b, 0, &fd);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (fd == -1);

    fd = 4242;
    opn (b, 3, &fd);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (fd == -1);
  }

  /* Out: the server's dup of the client's own, and the very descriptor
     the client sent.  */
  {
    int p[2];
    client_pipe (p, "");
    int d = -7;
    CHECK (dup_back (b, p[1], &d) == 1);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (d >= 0 && d != p[1] && d != p[0]);
    CHECK (write (d, "via dup", 7) == 7);
    close (d);
    CHECK (strcmp (slurp (p[0]), "via dup") == 0);
    d = -7;
    CHECK (echo (b, p[1], &d) == 1);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    CHECK (d >= 0 && d != p[1] && d != p[0]);
    CHECK (write (d, "via echo", 8) == 8);
    close (d);
    CHECK (is_open (p[1]));
    CHECK (strcmp (slurp (p[0]), "via echo") == 0);
    d = -7;
    CHECK (echo (b, -1, &d) == 0);
    expect_calls++;
    CHECK (d == -1);
    close (p[0]);
    close (p[1]);
  }

  /* Several descriptors each way, -1 among them.  */
  for (int m = 0; m < 8; m++)
    {
      int pa[2], pc[2], pd[2];
      client_pipe (pa, "A");
      client_pipe (pc, "CC");
      client_pipe (pd, "DDD");
      int a = m & 1 ? pa[0] : -1;
      int c = m & 2 ? pc[0] : -1;
      int d = m & 4 ? pd[0] : -1;
      int x = -5, y = -5;
      CHECK (multi (b, a, c, d, &x, &y, out)
	     == !!(m & 1) + !!(m & 2) + !!(m & 4));
      CHECK (idl_error (b) == IDL_OK);
      expect_calls++;
      char want[32];
      snprintf (want, sizeof want, "%s|%s|%s", m & 1 ? "A" : "-",
		m & 2 ? "CC" : "-", m & 4 ? "DDD" : "-");
      CHECK (strcmp (out, want) == 0);
      CHECK (x >= 0 && y >= 0 && x != y);
      CHECK (strcmp (slurp (x), "x") == 0);
      CHECK (strcmp (slurp (y), "y") == 0);
      close (x);
      close (y);
      close (pa[0]), close (pa[1]);
      close (pc[0]), close (pc[1]);
      close (pd[0]), close (pd[1]);
    }

  /* Eight each way.  */
  {
    int p[8][2], f[8];
    for (int i = 0; i < 8; i++)
      {
	char t[2] = { (char) ('a' + i), 0 };
	client_pipe (p[i], t);
	f[i] = p[i][0];
      }
    int want = 0;
    for (int i = 0; i < 8; i++)
      want = want * 3 + 'a' + i;
    CHECK (eight_in (b, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7])
	   == want);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls++;
    for (int i = 0; i < 8; i++)
      {
	CHECK (is_open (p[i][0]));
	close (p[i][0]);
	close (p[i][1]);
      }

    static const int masks[] = { 0xff, 0, 0x81, 0x7e, 0x55, 0x0f };
    for (unsigned k = 0; k < sizeof masks / sizeof masks[0]; k++)
      {
	int o[8];
	for (int i = 0; i < 8; i++)
	  o[i] = 999;
	CHECK (eight_out (b, masks[k], &o[0], &o[1], &o[2], &o[3], &o[4],
			  &o[5], &o[6], &o[7]) == masks[k]);
	CHECK (idl_error (b) == IDL_OK);
	expect_calls++;
	for (int i = 0; i < 8; i++)
	  if (masks[k] & (1 << i))
	    {
	      char t[2] = { (char) ('0' + i), 0 };
	      CHECK (o[i] >= 0);
	      CHECK (strcmp (slurp (o[i]), t) == 0);
	      close (o[i]);
	    }
	  else
	    CHECK (o[i] == -1);
      }
  }

  /* An error after the server handed a descriptor over: the out
     parameter is untouched, the server's copy closed (counted below),
     nothing reaches the client.  */
  for (int k = 0; k < 3; k++)
    {
      int fd = 31337;
      char s[5] = "keep";
      CHECK (fail_after (b, &fd, s) == 0);
      CHECK (idl_error (b) == IDL_E_BOUNDS);
      expect_calls++;
      CHECK (fd == 31337);
      CHECK (strcmp (s, "keep") == 0);
    }

  /* One-way operations with descriptors, then a normal call.  */
  {
    int p[3][2];
    client_pipe (p[0], "one");
    client_pipe (p[1], "two");
    client_pipe (p[2], "three");
    note (b, 1, p[0][0]);
    CHECK (idl_error (b) == IDL_OK);
    note (b, 2, -1);
    note (b, 3, p[1][0]);
    note (b, 4, p[2][0]);
    CHECK (idl_error (b) == IDL_OK);
    expect_calls += 4;
    for (int i = 0; i < 3; i++)
      CHECK (is_open (p[i][0]));
    char s[201];
    CHECK (noted (b, s) > 0);
    expect_calls++;
    CHECK (strcmp (s, "1:one;2:;3:two;4:three;") == 0);
    for (int i = 0; i < 3; i++)
      {
	CHECK (is_open (p[i][0]));
	close (p[i][0]);
	close (p[i][1]);
      }
  }
  CHECK (calls (b) == expect_calls);

  /* Nothing leaked so far, on either side.  */
  CHECK (idltest_count_fds () == cli_base);
  CHECK (srv_nfds (b) == srv_base);

  /* 200 calls of each kind: the counts stay flat.  */
  {
    int p[2];
    client_pipe (p, "");
    for (int i = 0; i < 200; i++)
      {
	CHECK (write (p[1], "z", 1) == 1);
	CHECK (rd (b, p[0], 1, out) == 1);
	int fd = -3;
	opn (b, 1 + (i & 1), &fd);
	CHECK (idl_error (b) == IDL_OK && fd >= 0);
	close (fd);
	fd = -3;
	CHECK (echo (b, p[1], &fd) == 1 && fd >= 0);
	close (fd);
	fd = -3;
	CHECK (dup_back (b, p[0], &fd) == 1 && fd >= 0);
	close (fd);
	fd = 5;
	CHECK (fail_after (b, &fd, out) == 0 && fd == 5);
	note (b, i, -1);
	if (i % 50 == 49)
	  {
	    /* The one-way notes since the last time, in order.  */
	    char s[201], want[201] = "";
	    for (int j = i - 49; j <= i; j++)
	      {
		size_t k = strlen (want);
		snprintf (want + k, sizeof want - k, "%d:;", j);
	      }
	    CHECK (noted (b, s) > 0);
	    CHECK (strcmp (s, want) == 0);
	  }
	CHECK (rd (b, 100000, 1, out) == 0);
	CHECK (idl_error (b) == IDL_E_INVAL);
      }
    close (p[0]);
    close (p[1]);
    CHECK (idltest_count_fds () == cli_base);
    long now = srv_nfds (b);
    if (now != srv_base)
      fprintf (stderr, "server descriptors: %ld before, %ld after\n",
	       srv_base, now);
    CHECK (now == srv_base);
  }

  /* A dead server: the client's descriptor is still its own.  */
  {
    int p[2];
    client_pipe (p, "x");
    idltest_stop_server (srv);
    int fd = 77;
    CHECK (rd (b, p[0], 1, out) == 0);
    CHECK (idl_error (b) == IDL_E_PEER_DIED);
    CHECK (opn (b, 1, &fd) == 0 && fd == 77);
    CHECK (idl_error (b) == IDL_E_PEER_DIED);
    CHECK (is_open (p[0]));
    CHECK (strcmp (slurp (p[0]), "x") == 0);
    close (p[0]);
    close (p[1]);
  }

  idl_close (b);
  /* The binding's socket, and the epoll set and eventfd of the
     runtime's watcher (runtime/watch.c), which ends with the process's
     last connection over a page.  */
  CHECK (idltest_count_fds () == cli_base - 3);
  return 0;
}
