/* { dg-do run } */
/* Area: run
   Purpose: records and unions returned by value (issue 17; until then
   refused at compile time, idlstub.compile/return-struct.c): in the
   reply's words and in its payload, beside out values and an out
   string, through another process and co-located (the message path,
   and a direct call once the server has workers).  A failed call
   returns a zeroed record and says why in idl_error: a string over its
   bound (refused by the stub), an out string over its bound (refused
   by the server), a server that stopped or died.  */

#include <stdbool.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (rec, 0x1075, 1);

/* One word; three words with padding and a _Bool; a union; more than
   the words hold.  */
struct point
{
  int x, y;
};

struct mixed
{
  char c;
  double d;
  bool flag;
  short s;
};

union num
{
  long l;
  double d;
  unsigned char b[12];
};

struct big
{
  long w[200];
  char tag;
};

IDL_OP (rec, 1) struct point rec_flip (idl_binding_t *b, struct point p);
IDL_OP (rec, 2) struct mixed rec_mixed (idl_binding_t *b, int k,
					IDL_OUT long *twice);
IDL_OP (rec, 3) union num rec_num (idl_binding_t *b, double d);
IDL_OP (rec, 4) struct big rec_big (idl_binding_t *b, long seed,
				    IDL_STRING (15) IDL_IN const char *tag,
				    IDL_STRING (7) IDL_OUT char *echo);

IDL_SERVER (rec);

static int calls;

struct point
rec_flip_impl (idl_call_t *call, struct point p)
{
  calls++;
  return (struct point) { p.y, p.x };
}

struct mixed
rec_mixed_impl (idl_call_t *call, int k, long *twice)
{
  calls++;
  *twice = 2L * k;
  return (struct mixed) { (char) k, k / 4.0, k & 1, (short) -k };
}

union num
rec_num_impl (idl_call_t *call, double d)
{
  union num n;
  calls++;
  memset (&n, 0, sizeof n);
  n.d = d * 2;
  return n;
}

/* The tag comes back as ECHO: over its bound when the tag is longer
   than 7 chars, which the server must refuse.  */
struct big
rec_big_impl (idl_call_t *call, long seed, const char *tag, char *echo)
{
  struct big r;
  calls++;
  for (int i = 0; i < 200; i++)
    r.w[i] = seed * i;
  r.tag = tag[0];
  strcpy (echo, tag);
  return r;
}

static int
big_is (const struct big *r, long seed, char tag)
{
  for (int i = 0; i < 200; i++)
    if (r->w[i] != seed * i)
      return 0;
  return r->tag == tag;
}

/* Every call of the interface through B, on a server that runs.  */
static void
calls_work (idl_binding_t *b)
{
  struct point p = rec_flip (b, (struct point) { 3, -4 });
  CHECK (p.x == -4 && p.y == 3 && idl_error (b) == IDL_OK);
  for (int k = -3; k <= 3; k++)
    {
      long twice = 0;
      struct mixed m = rec_mixed (b, k, &twice);
      CHECK (idl_error (b) == IDL_OK);
      CHECK (twice == 2L * k);
      CHECK (m.c == (char) k && m.d == k / 4.0 && m.flag == (k & 1)
	     && m.s == -k);
    }
  union num n = rec_num (b, 1.25);
  CHECK (n.d == 2.5 && idl_error (b) == IDL_OK);

  static struct big r;
  char echo[8] = "";
  r = rec_big (b, 7, "tag", echo);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (big_is (&r, 7, 't') && strcmp (echo, "tag") == 0);
  for (long s = 0; s < 50; s++)
    {
      r = rec_big (b, s, "x", echo);
      CHECK (big_is (&r, s, 'x'));
    }
}

/* A zeroed record: every value zero (padding aside).  */
static int
big_zero (const struct big *r)
{
  return big_is (r, 0, 0);
}

/* Calls that fail: a zeroed record, and idl_error says why.  */
static void
calls_fail (idl_binding_t *b)
{
  static struct big r;
  char echo[8] = "";
  int before = calls;

  /* Over its bound: the stub refuses before sending.  */
  memset (&r, 0x55, sizeof r);
  r = rec_big (b, 9, "0123456789abcdef", echo);
  CHECK (idl_error (b) == IDL_E_BOUNDS && big_zero (&r));
  CHECK (calls == before);

  /* The server's out string over its bound: the server refuses.  */
  memset (&r, 0x55, sizeof r);
  r = rec_big (b, 9, "01234567", echo);
  CHECK (idl_error (b) == IDL_E_BOUNDS && big_zero (&r));
  CHECK (rec_flip (b, (struct point) { 1, 2 }).x == 2);
}

/* After the server went away.  */
static void
calls_dead (idl_binding_t *b)
{
  static struct big r;
  char echo[8] = "";
  long twice = 5;
  struct point p = rec_flip (b, (struct point) { 1, 2 });
  CHECK (idl_error (b) == IDL_E_PEER_DIED && p.x == 0 && p.y == 0);
  struct mixed m = rec_mixed (b, 3, &twice);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (m.c == 0 && m.d == 0 && !m.flag && m.s == 0 && twice == 5);
  union num n = rec_num (b, 1.0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED && n.l == 0);
  memset (&r, 0x55, sizeof r);
  r = rec_big (b, 1, "a", echo);
  CHECK (idl_error (b) == IDL_E_PEER_DIED && big_zero (&r));
}

int
main (void)
{
  /* Another process.  */
  const char *name = idltest_name ("ret-record");
  pid_t pid = idltest_fork_server (name, &rec, rec_dispatch);
  setenv ("IDL_COLOCATE", "0", 1);
  idl_binding_t *b = idltest_connect (name, &rec);
  calls_work (b);
  CHECK (calls == 0);		/* they ran in the other process */
  calls_fail (b);
  idltest_stop_server (pid);
  calls_dead (b);
  idl_close (b);
  unsetenv ("IDL_COLOCATE");

  /* Co-located: the message path, then direct calls once the server
     has workers (fast mode; compact clients keep the message path).  */
  name = idltest_name ("ret-record-coloc");
  int err;
  idl_server_t *srv = idl_server_create (name, &rec, rec_dispatch, &err);
  CHECK (srv);
  b = idltest_connect (name, &rec);
  calls_work (b);
  CHECK (calls > 0);
  calls_fail (b);
  CHECK (idl_server_set_workers (srv, 2) == 0);
  calls_work (b);
  calls_fail (b);
  idl_server_stop (srv);
  calls_dead (b);
  idl_close (b);
  idl_server_destroy (srv);
  return 0;
}
