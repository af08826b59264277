/* { dg-do run } */
/* { dg-skip-if "a compact client's co-located calls take the message path" { *-*-* } { "-fplugin-arg-idlstub-mode=compact" } } */
/* Area: run
   Purpose: co-located direct calls (paper 001; idlrt-abi.h).  A binding
   to a server of this process that has workers calls the implementation
   straight from the client stub: an in string reaches it as the
   caller's own pointer, and results (a record too), out parameters and
   blocks are the message path's.  Operations whose results the message path checks
   (an out string, an IDL_LENGTH_IS length) keep the message path; so
   does every call to a server without workers (its implementations run
   one at a time) and every call after the server stopped, which fails
   with IDL_E_PEER_DIED.  The stub's own checks come first: an over-long
   string never reaches the implementation.  */

#include <pthread.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (codirect, 0x1071, 1);

struct pair
{
  long a;
  short b;
};

IDL_OP (codirect, 1) long add (idl_binding_t *b, long x, short y);
IDL_OP (codirect, 2) int take (idl_binding_t *b,
			       IDL_STRING (15) IDL_IN const char *s,
			       IDL_OUT long *len);
IDL_OP (codirect, 3) int give (idl_binding_t *b,
			       IDL_STRING (15) IDL_OUT char *s);
IDL_OP (codirect, 4) long swap (idl_binding_t *b, struct pair p,
				IDL_OUT struct pair *q);
IDL_OP (codirect, 5) struct pair flip (idl_binding_t *b, struct pair p,
				       IDL_STRING (15) IDL_IN const char *s);

IDL_SERVER (codirect);

/* What the implementations saw last.  */
static const char *seen_string;
static pthread_t seen_thread;
static pid_t seen_peer;
static int calls;

long
add_impl (idl_call_t *call, long x, short y)
{
  calls++;
  seen_thread = pthread_self ();
  seen_peer = idl_call_peer_pid (call);
  return x + y;
}

int
take_impl (idl_call_t *call, const char *s, long *len)
{
  calls++;
  seen_string = s;
  *len = (long) strlen (s);
  return s[0];
}

int
give_impl (idl_call_t *call, char *s)
{
  calls++;
  seen_string = s;
  strcpy (s, "given");
  return 5;
}

long
swap_impl (idl_call_t *call, struct pair p, struct pair *q)
{
  calls++;
  q->a = p.b;
  q->b = (short) p.a;
  return p.a + p.b;
}

struct pair
flip_impl (idl_call_t *call, struct pair p, const char *s)
{
  calls++;
  seen_string = s;
  return (struct pair) { p.b, (short) p.a };
}

/* One client's view of a server named NAME: does a call with an in
   string go direct?  */
static int
goes_direct (idl_binding_t *b)
{
  char mine[16] = "hello";
  long len = -1;
  CHECK (take (b, mine, &len) == 'h');
  CHECK (len == 5);
  CHECK (idl_error (b) == IDL_OK);
  return seen_string == mine;
}

int
main (void)
{
  const char *name = idltest_name ("codirect");
  int err;
  idl_server_t *srv = idl_server_create (name, &codirect, codirect_dispatch,
					 &err);
  CHECK (srv);

  /* No workers: implementations run one at a time, through the
     message path, even co-located.  */
  idl_binding_t *b = idl_connect (name, &codirect, &err);
  CHECK (b);
  CHECK (add (b, 40, 2) == 42);
  CHECK (!goes_direct (b));

  /* With workers the same binding goes direct.  */
  CHECK (idl_server_set_workers (srv, 2) == 0);
  CHECK (add (b, -7, 3) == -4);
  CHECK (pthread_equal (seen_thread, pthread_self ()));
  CHECK (seen_peer == getpid ());	/* the call context is the binding's */
  CHECK (goes_direct (b));

  struct pair q = { 0, 0 };
  CHECK (swap (b, (struct pair) { 300, -2 }, &q) == 298);
  CHECK (q.a == -2 && q.b == 300);
  /* A record result, straight from the implementation (issue 17).  */
  char tag[16] = "flip";
  q = flip (b, (struct pair) { 5, 6 }, tag);
  CHECK (q.a == 6 && q.b == 5 && idl_error (b) == IDL_OK);
  CHECK (seen_string == tag);

  /* An out string keeps the message path: the implementation writes
     the server's copy, which is checked and then copied out.  */
  char out[16];
  memset (out, 'x', sizeof out);
  CHECK (give (b, out) == 5);
  CHECK (strcmp (out, "given") == 0);
  CHECK (seen_string != out);

  /* The stub's checks come before the direct call.  */
  int before = calls;
  long len = 77;
  CHECK (take (b, "0123456789abcdefg", &len) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (len == 77);
  CHECK (take (b, NULL, &len) == 0);
  CHECK (idl_error (b) == IDL_E_INVAL);
  CHECK (calls == before);

  /* Many calls, values checked.  */
  for (long i = 0; i < 100000; i++)
    CHECK (add (b, i, (short) (i & 0x7fff)) == i + (short) (i & 0x7fff));

  /* A stopped server: calls fail as remote ones would.  */
  idl_server_stop (srv);
  before = calls;
  CHECK (add (b, 1, 1) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (take (b, "abc", &len) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (calls == before);
  idl_close (b);
  idl_server_destroy (srv);

  /* IDL_COLOCATE=0: no co-location, so nothing direct either.  */
  name = idltest_name ("codirect-remote");
  pid_t child = idltest_fork_server (name, &codirect, codirect_dispatch);
  setenv ("IDL_COLOCATE", "0", 1);
  b = idltest_connect (name, &codirect);
  CHECK (add (b, 1, 2) == 3);
  before = calls;
  char mine[16] = "remote";
  CHECK (take (b, mine, &len) == 'r');
  CHECK (len == 6);
  CHECK (calls == before);	/* it ran in the other process */
  idl_close (b);
  idltest_stop_server (child);
  return 0;
}
