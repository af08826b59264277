/* testgen-prelude.cc -- the fixed part of a generated test program.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   testgen.cc writes this text after the program's #include lines and
   before its per-operation code: the generator of values, argument
   areas with guards, the checks and how they are reported, the server
   processes and the table of operations.  Every identifier starts with
   idltg_ (IDLTG_ for macros), to stay out of the tested header's way.
   It is C, kept in a raw string so that the plugin carries it.  */

#include "gcc-compat.h"
#include "testgen.h"

extern const char idl_testgen_prelude[] = R"IDLTG(
#ifndef IDLTG_ITERATIONS
# define IDLTG_ITERATIONS 200
#endif
/* An operation that failed this often is not called again: the rest of
   the run still tests the others.  */
#ifndef IDLTG_MAX_FAILURES
# define IDLTG_MAX_FAILURES 5
#endif
/* Messages printed for one call at most.  */
#ifndef IDLTG_MAX_MESSAGES
# define IDLTG_MAX_MESSAGES 8
#endif
/* Seconds the whole program may run.  */
#ifndef IDLTG_TIMEOUT
# define IDLTG_TIMEOUT 300
#endif

/* Helpers a program may not use all of.  */
#define IDLTG_HELPER static __attribute__ ((__unused__))

/* Values: splitmix64, so that client and server draw the same sequence
   from the same seed.  */
typedef struct { uint64_t s; } idltg_rng_t;

IDLTG_HELPER uint64_t
idltg_next (idltg_rng_t *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

IDLTG_HELPER void
idltg_seed (idltg_rng_t *r, uint64_t iface, unsigned op, unsigned iter,
	    unsigned phase)
{
  r->s = iface;
  r->s = idltg_next (r) ^ op;
  r->s = idltg_next (r) ^ iter;
  r->s = idltg_next (r) ^ phase;
}

IDLTG_HELPER uint64_t
idltg_min (uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

/* A count in 0..BOUND: a quarter of the time one of the ends.  */
IDLTG_HELPER uint64_t
idltg_count (idltg_rng_t *r, uint64_t bound)
{
  switch (idltg_next (r) & 7)
    {
    case 0:
      return 0;
    case 1:
      return bound;
    default:
      return bound == UINT64_MAX ? idltg_next (r)
	     : idltg_next (r) % (bound + 1);
    }
}

/* N random bytes of a scalar at P (N is 1, 2, 4 or 8); a quarter of
   the time an edge value: 0, all ones, the sign bit alone, all but
   it.  */
IDLTG_HELPER void
idltg_scalar (idltg_rng_t *r, void *p, size_t n)
{
  uint64_t v = idltg_next (r);
  uint64_t sign = (uint64_t) 1 << (n * 8 - 1);
  switch (idltg_next (r) & 15)
    {
    case 0: v = 0; break;
    case 1: v = ~(uint64_t) 0; break;
    case 2: v = sign; break;
    case 3: v = sign - 1; break;
    }
  switch (n)
    {
    case 1: { uint8_t x = (uint8_t) v; memcpy (p, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t) v; memcpy (p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t) v; memcpy (p, &x, 4); break; }
    default: memcpy (p, &v, 8); break;
    }
}

/* N random bytes at P, and with MASK (of PERIOD bytes, repeated) the
   bits that are no part of a value cleared.  */
IDLTG_HELPER void
idltg_bytes (idltg_rng_t *r, void *p, size_t n, const unsigned char *mask,
	     size_t period)
{
  unsigned char *c = (unsigned char *) p;
  for (size_t i = 0; i < n; i += 8)
    {
      uint64_t v = idltg_next (r);
      for (size_t j = 0; j < 8 && i + j < n; j++)
	c[i + j] = (unsigned char) (v >> (8 * j));
    }
  if (mask)
    for (size_t i = 0; i < n; i++)
      c[i] &= mask[i % period];
}

/* A string of 0..MAX chars other than NUL into S; returns its length.  */
IDLTG_HELPER size_t
idltg_string (idltg_rng_t *r, char *s, size_t max)
{
  size_t n = (size_t) idltg_count (r, max);
  for (size_t i = 0; i < n; i++)
    s[i] = (char) (1 + idltg_next (r) % 255);
  s[n] = 0;
  return n;
}

IDLTG_HELPER void *
idltg_alloc (size_t n)
{
  void *p = calloc (1, n ? n : 1);
  if (!p)
    {
      perror ("idltg: calloc");
      exit (2);
    }
  return p;
}

/* Reports.  Client and server (a forked copy of this program) count
   what went wrong in the current call in idltg_errors.  */
static int idltg_in_server;
static const char *idltg_op_name = "";
static unsigned idltg_iter;
static unsigned idltg_errors;

static void idltg_fail (const char *fmt, ...)
  __attribute__ ((__format__ (__printf__, 1, 2)));

IDLTG_HELPER void
idltg_fail (const char *fmt, ...)
{
  va_list ap;
  if (idltg_errors++ >= IDLTG_MAX_MESSAGES)
    return;
  fprintf (stderr, "%s%s #%u: ", idltg_in_server ? "  server: " : "FAIL: ",
	   idltg_op_name, idltg_iter);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
}

/* SIGSEGV or SIGBUS: a stub read past an in argument into the page
   after it, or followed a wild pointer.  Say in which call (with
   write: nothing else is safe here), then die of the signal.  */
IDLTG_HELPER void
idltg_crash (int sig)
{
  char buf[256];
  size_t n = 0;
  unsigned long v;
  char digits[24];
  int d = 0;
  const char *parts[] = { idltg_in_server ? "  server: " : "FAIL: ",
			  idltg_op_name, " #", NULL };
  for (int i = 0; parts[i]; i++)
    for (const char *c = parts[i]; *c && n < 100; c++)
      buf[n++] = *c;
  v = idltg_iter;
  do
    digits[d++] = (char) ('0' + v % 10);
  while ((v /= 10) != 0);
  while (d > 0)
    buf[n++] = digits[--d];
  for (const char *c = ": a read or write past an argument, or through a "
			"wild pointer (signal)\n"; *c; c++)
    buf[n++] = *c;
  ssize_t ignored = write (2, buf, n);
  (void) ignored;
  signal (sig, SIG_DFL);
  raise (sig);
}

/* Compare the N bytes at GOT and WANT, under MASK (PERIOD bytes,
   repeated; NULL: every bit); report the first difference as WHAT.  */
IDLTG_HELPER int
idltg_differs (const char *what, const void *got, const void *want,
	       size_t n, const unsigned char *mask, size_t period)
{
  const unsigned char *g = (const unsigned char *) got;
  const unsigned char *w = (const unsigned char *) want;
  for (size_t i = 0; i < n; i++)
    {
      unsigned m = mask ? mask[i % period] : 0xff;
      if ((g[i] ^ w[i]) & m)
	{
	  char gs[64] = "", ws[64] = "";
	  size_t from = i < 4 ? 0 : i - 4;
	  for (size_t j = from; j < n && j < from + 8; j++)
	    {
	      size_t l = strlen (gs);
	      snprintf (gs + l, sizeof gs - l, j == i ? " [%02x]" : " %02x",
			g[j]);
	      l = strlen (ws);
	      snprintf (ws + l, sizeof ws - l, j == i ? " [%02x]" : " %02x",
			w[j]);
	    }
	  idltg_fail ("%s differs at byte %zu of %zu: got%s, want%s", what, i,
		      n, gs, ws);
	  return 1;
	}
    }
  return 0;
}

IDLTG_HELPER int
idltg_zeroed (const char *what, const void *p, size_t n)
{
  const unsigned char *c = (const unsigned char *) p;
  for (size_t i = 0; i < n; i++)
    if (c[i])
      {
	idltg_fail ("%s: byte %zu of %zu is 0x%02x, want 0", what, i, n,
		    c[i]);
	return 1;
      }
  return 0;
}

/* Argument areas: the object between two runs of guard bytes, which
   nothing may write.  Out objects start as a poison pattern.  An in
   object, which the call only reads, ends where an inaccessible page
   begins instead, so that reading past it fails too: a stub that
   scans an array for a NUL it does not have (DICE's arrayxfer, paper
   000, 6.4) stops the program with SIGSEGV (idltg_crash).  */
#define IDLTG_GUARD 16

struct idltg_area
{
  unsigned char *base, *obj, *copy;
  size_t pre, size;
  void *map;			/* in objects: the mapping, or NULL */
  size_t maplen;
};

IDLTG_HELPER unsigned char
idltg_guard (size_t i)
{
  return (unsigned char) (0xa7 ^ (i * 0x3b));
}

IDLTG_HELPER void
idltg_area_init (struct idltg_area *a, size_t size, size_t align,
		 int in_only)
{
  void *p;
  a->pre = align > IDLTG_GUARD ? align : IDLTG_GUARD;
  a->size = size;
  a->map = NULL;
  a->maplen = 0;
  if (in_only)
    {
      /* SIZE is a multiple of ALIGN (a C object's size is), so the
	 object's end at a page boundary leaves it aligned.  */
      size_t page = (size_t) sysconf (_SC_PAGESIZE);
      size_t len = (a->pre + size + page - 1) / page * page + page;
      p = mmap (NULL, len, PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED
	  || mprotect ((unsigned char *) p + len - page, page, PROT_NONE) != 0)
	{
	  perror ("idltg: mmap");
	  exit (2);
	}
      a->map = p;
      a->maplen = len;
      a->obj = (unsigned char *) p + len - page - size;
      a->base = a->obj - a->pre;
    }
  else
    {
      if (posix_memalign (&p, a->pre, a->pre + size + IDLTG_GUARD) != 0)
	{
	  fprintf (stderr, "idltg: out of memory\n");
	  exit (2);
	}
      a->base = (unsigned char *) p;
      a->obj = a->base + a->pre;
      for (size_t i = 0; i < IDLTG_GUARD; i++)
	a->obj[size + i] = idltg_guard (i + 1000);
    }
  for (size_t i = 0; i < a->pre; i++)
    a->base[i] = idltg_guard (i);
  memset (a->obj, 0x5a, size);
}

/* Remember the object as it goes into the call.  */
IDLTG_HELPER void
idltg_area_snapshot (struct idltg_area *a)
{
  a->copy = (unsigned char *) idltg_alloc (a->size);
  memcpy (a->copy, a->obj, a->size);
}

IDLTG_HELPER void
idltg_unchanged (const char *what, const struct idltg_area *a)
{
  char buf[128];
  snprintf (buf, sizeof buf, "%s (which the call must leave alone)", what);
  idltg_differs (buf, a->obj, a->copy, a->size, 0, 1);
}

IDLTG_HELPER void
idltg_guards_intact (const char *what, const struct idltg_area *a)
{
  if (!a->base)
    return;
  for (size_t i = 0; i < a->pre; i++)
    if (a->base[i] != idltg_guard (i))
      {
	idltg_fail ("%s: guard byte %zu before it was overwritten", what,
		    a->pre - i);
	return;
      }
  for (size_t i = 0; !a->map && i < IDLTG_GUARD; i++)
    if (a->obj[a->size + i] != idltg_guard (i + 1000))
      {
	idltg_fail ("%s: guard byte %zu after its %zu bytes was overwritten",
		    what, i, a->size);
	return;
      }
}

IDLTG_HELPER void
idltg_area_free (struct idltg_area *a)
{
  if (a->map)
    munmap (a->map, a->maplen);
  else
    free (a->base);
  free (a->copy);
  a->base = a->copy = NULL;
  a->map = NULL;
}

/* Strings.  */
IDLTG_HELPER void
idltg_check_string (const char *what, const char *got, const char *want,
		    size_t n)
{
  size_t len = strlen (got);
  if (len != n)
    idltg_fail ("%s has %zu chars, want %zu", what, len, n);
  else
    idltg_differs (what, got, want, n, 0, 1);
}

IDLTG_HELPER void
idltg_check_string_out (const char *what, const struct idltg_area *a,
			const char *want, size_t n)
{
  size_t len = strnlen ((const char *) a->obj, a->size);
  if (len == a->size)
    idltg_fail ("%s has no NUL within its %zu bytes", what, a->size);
  else if (len != n)
    idltg_fail ("%s has %zu chars, want %zu", what, len, n);
  else
    idltg_differs (what, a->obj, want, n, 0, 1);
}

/* Pointers the server stub gives an implementation.  */
IDLTG_HELPER int
idltg_pointer_ok (const char *what, const void *p, size_t align)
{
  if (!p)
    {
      idltg_fail ("%s is a null pointer", what);
      return 0;
    }
  if ((uintptr_t) p % align)
    idltg_fail ("%s (%p) is not aligned to %zu bytes", what, p, align);
  return 1;
}

/* Descriptors: pipes holding one byte.  */
IDLTG_HELPER void
idltg_close_pair (int fd[2])
{
  if (fd[0] >= 0)
    close (fd[0]);
  if (fd[1] >= 0)
    close (fd[1]);
}

IDLTG_HELPER void
idltg_fd_in (int fd[2], unsigned char byte)
{
  if (pipe (fd) != 0 || write (fd[1], &byte, 1) != 1)
    {
      perror ("idltg: pipe");
      exit (2);
    }
}

/* Read the byte in pipe FD; -1 if it is no pipe or holds none.  */
IDLTG_HELPER int
idltg_read_byte (int fd)
{
  struct stat st;
  struct pollfd p = { fd, POLLIN, 0 };
  unsigned char c;
  if (fstat (fd, &st) != 0 || !S_ISFIFO (st.st_mode)
      || poll (&p, 1, 1000) != 1 || read (fd, &c, 1) != 1)
    return -1;
  return c;
}

IDLTG_HELPER void
idltg_check_fd_none (const char *what, int fd)
{
  if (fd != -1)
    idltg_fail ("%s is %d, want -1", what, fd);
}

/* Server: an in descriptor.  The runtime closes it after the call.  */
IDLTG_HELPER void
idltg_check_fd_in (const char *what, int fd, unsigned char byte, int none)
{
  int c;
  if (none)
    idltg_check_fd_none (what, fd);
  else if (fd < 0)
    idltg_fail ("%s is %d, want a descriptor", what, fd);
  else if ((c = idltg_read_byte (fd)) < 0)
    idltg_fail ("%s (%d) is not the pipe the client sent", what, fd);
  else if (c != byte)
    idltg_fail ("%s holds 0x%02x, want 0x%02x", what, c, byte);
}

/* Server: a new pipe holding BYTE, whose read end goes back (the
   runtime closes it here once it is sent).  */
IDLTG_HELPER int
idltg_fd_out (unsigned char byte, int none)
{
  int fd[2];
  if (none)
    return -1;
  if (pipe (fd) != 0)
    {
      idltg_fail ("pipe: %s", strerror (errno));
      return -1;
    }
  if (write (fd[1], &byte, 1) != 1)
    idltg_fail ("write: %s", strerror (errno));
  close (fd[1]);
  return fd[0];
}

/* Client: the descriptor that came back.  */
IDLTG_HELPER void
idltg_check_fd_out (const char *what, const void *p, unsigned char byte,
		    int none)
{
  int fd, c;
  memcpy (&fd, p, sizeof fd);
  if (none)
    idltg_check_fd_none (what, fd);
  else if (fd < 0)
    idltg_fail ("%s is %d, want a descriptor", what, fd);
  else if ((c = idltg_read_byte (fd)) < 0)
    idltg_fail ("%s (%d) is not the server's pipe", what, fd);
  else
    {
      if (c != byte)
	idltg_fail ("%s holds 0x%02x, want 0x%02x", what, c, byte);
      close (fd);
    }
}

/* Between client and servers: the client says which call it makes in
   shared memory, each implementation answers with a verdict on a
   pipe.  */
static struct idltg_shared
{
  volatile uint32_t op, iter;
} *idltg_shared;
static int idltg_verdict_fd[2] = { -1, -1 };

struct idltg_verdict
{
  uint32_t op, iter, errors, unused;
};

IDLTG_HELPER void
idltg_server_begin (unsigned op, const char *name)
{
  idltg_op_name = name;
  idltg_iter = idltg_shared->iter;
  idltg_errors = 0;
  if (idltg_shared->op != op)
    idltg_fail ("the client called operation %u, not this one",
		(unsigned) idltg_shared->op);
}

IDLTG_HELPER void
idltg_report (unsigned op)
{
  struct idltg_verdict v = { op, idltg_iter, idltg_errors, 0 };
  ssize_t n;
  do
    n = write (idltg_verdict_fd[1], &v, sizeof v);
  while (n < 0 && errno == EINTR);
  if (n != (ssize_t) sizeof v)
    _exit (4);			/* the client is gone */
}

IDLTG_HELPER void
idltg_await_verdict (unsigned op, int timeout_ms)
{
  struct pollfd p = { idltg_verdict_fd[0], POLLIN, 0 };
  struct idltg_verdict v;
  int n;
  do
    n = poll (&p, 1, timeout_ms);
  while (n < 0 && errno == EINTR);
  if (n != 1)
    {
      idltg_fail ("no verdict from the server: the implementation did "
		  "not run");
      return;
    }
  if (read (idltg_verdict_fd[0], &v, sizeof v) != (ssize_t) sizeof v)
    {
      idltg_fail ("no verdict from the server: it is gone");
      return;
    }
  if (v.op != op)
    idltg_fail ("the request ran the implementation of operation %u",
		(unsigned) v.op);
  else if (v.iter != idltg_iter)
    idltg_fail ("the implementation ran for iteration %u",
		(unsigned) v.iter);
  if (v.errors)
    idltg_fail ("the server found %u wrong values (above)",
		(unsigned) v.errors);
}

/* Read verdicts already there; NOISY reports each as a failure.  */
IDLTG_HELPER void
idltg_drain_verdicts (int noisy)
{
  struct pollfd p = { idltg_verdict_fd[0], POLLIN, 0 };
  struct idltg_verdict v;
  while (poll (&p, 1, 0) == 1 && (p.revents & POLLIN)
	 && read (idltg_verdict_fd[0], &v, sizeof v) == (ssize_t) sizeof v)
    if (noisy)
      idltg_fail ("the implementation ran for a call the client refused");
}

IDLTG_HELPER void
idltg_no_verdict (void)
{
  idltg_drain_verdicts (1);
}

/* Calls that could not cross the transport: over ONC RPC (IDLTG_NAME,
   below), an operation XDR cannot express fails with
   IDL_E_UNSUPPORTED before anything is sent; it is counted, not a
   failure.  So is, over UDP (IDLTG_NAME onc+udp://...), a request
   larger than one datagram, which fails with IDL_E_NOMEM before
   anything is sent (doc/idlstub.texi, "Calls over the network").  */
static unsigned long idltg_unsupported, idltg_oversize;

IDLTG_HELPER int
idltg_expect_ok (idl_binding_t *b)
{
  int err = idl_error (b);
  if (err == IDL_OK)
    return 1;
  if (err == IDL_E_UNSUPPORTED && getenv ("IDLTG_NAME"))
    {
      idltg_unsupported++;
      idltg_drain_verdicts (0);
      return 0;
    }
  if (err == IDL_E_NOMEM && getenv ("IDLTG_NAME")
      && strncmp (getenv ("IDLTG_NAME"), "onc+udp:", 8) == 0)
    {
      idltg_oversize++;
      idltg_drain_verdicts (0);
      return 0;
    }
  idltg_fail ("the call failed: %s (%d)", idl_strerror (err), err);
  idltg_drain_verdicts (0);
  return 0;
}

IDLTG_HELPER void
idltg_expect_error (idl_binding_t *b, int want)
{
  int err = idl_error (b);
  if (err != want)
    idltg_fail ("a call over a bound ended with %s (%d), want %s (%d)",
		idl_strerror (err), err, idl_strerror (want), want);
}

/* Servers: one child process per interface.  */
IDLTG_HELPER pid_t
idltg_fork_server (const char *name, const idl_interface_t *iface,
		   idl_dispatch_fn dispatch)
{
  int ready[2];
  pid_t parent = getpid (), pid;
  char ok = 0;
  ssize_t n;

  if (pipe (ready) != 0)
    {
      perror ("idltg: pipe");
      exit (2);
    }
  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    {
      perror ("idltg: fork");
      exit (2);
    }
  if (pid == 0)
    {
      int err = 0, rc;
      idl_server_t *srv;
      /* A client that fails exits without stopping its servers; they
	 must not outlive it.  */
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () != parent)
	_exit (2);
      idltg_in_server = 1;
      close (ready[0]);
      close (idltg_verdict_fd[0]);
      srv = idl_server_create (name, iface, dispatch, &err);
      if (!srv)
	{
	  fprintf (stderr, "idltg: server %s: %s\n", name, idl_strerror (err));
	  _exit (2);
	}
      ok = 1;
      if (write (ready[1], &ok, 1) != 1)
	_exit (2);
      close (ready[1]);
      rc = idl_server_run (srv);
      idl_server_destroy (srv);
      _exit (rc == 0 ? 0 : 3);
    }
  close (ready[1]);
  do
    n = read (ready[0], &ok, 1);
  while (n < 0 && errno == EINTR);
  close (ready[0]);
  if (n != 1 || ok != 1)
    {
      fprintf (stderr, "idltg: the server of %s did not start\n",
	       iface->name);
      exit (2);
    }
  return pid;
}

/* Stop the server PID of IFACE; 0 if it had run without trouble.  */
IDLTG_HELPER int
idltg_stop_server (const char *iface, pid_t pid)
{
  int status = 0;
  kill (pid, SIGTERM);
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  if ((WIFSIGNALED (status) && WTERMSIG (status) == SIGTERM)
      || (WIFEXITED (status) && WEXITSTATUS (status) == 0))
    return 0;
  if (WIFSIGNALED (status))
    fprintf (stderr, "FAIL: the server of %s died of signal %d\n", iface,
	     WTERMSIG (status));
  else
    fprintf (stderr, "FAIL: the server of %s exited with status %d\n",
	     iface, WEXITSTATUS (status));
  return 1;
}

/* The name a server serves and its client connects to: a socket of
   this host's, or IDLTG_NAME from the environment for every interface,
   to run the same program over another transport (gen.exp's ONC RPC
   runs give "onc+tcp://127.0.0.1": each interface is a program of its
   own, which rpcbind tells apart).  */
IDLTG_HELPER char *
idltg_name (const char *iface)
{
  char *s = (char *) idltg_alloc (128);
  const char *name = getenv ("IDLTG_NAME");
  if (name)
    snprintf (s, 128, "%s", name);
  else
    snprintf (s, 128, "@idltg-%s-%ld", iface, (long) getpid ());
  return s;
}

IDLTG_HELPER idl_binding_t *
idltg_connect (const char *name, const idl_interface_t *iface)
{
  int err = 0;
  idl_binding_t *b = idl_connect (name, iface, &err);
  if (!b)
    {
      fprintf (stderr, "FAIL: idl_connect (%s): %s\n", name,
	       idl_strerror (err));
      exit (1);
    }
  return b;
}

/* Operations, called through one table.  */
struct idltg_op
{
  const char *name;
  void (*call) (idl_binding_t *, unsigned, unsigned);
  unsigned iface;
  const unsigned *oversize;	/* parameters a refused call puts over
				   their bound; 0 ends the list */
  unsigned calls, failed;
};

static idl_binding_t **idltg_bindings;	/* one per interface */

IDLTG_HELPER void
idltg_run (struct idltg_op *op, unsigned iter, unsigned oversize)
{
  if (op->failed >= IDLTG_MAX_FAILURES)
    return;
  idltg_op_name = op->name;
  idltg_iter = iter;
  idltg_errors = 0;
  op->call (idltg_bindings[op->iface], iter, oversize);
  op->calls++;
  if (idltg_errors && ++op->failed == IDLTG_MAX_FAILURES)
    fprintf (stderr, "%s: %u failed calls; not calling it again\n",
	     op->name, op->failed);
}
)IDLTG";
