/* { dg-do run } */
/* Area: run
   Purpose: a NULL pointer where the call needs memory (an out, inout
   or in pointer to a value, a string, a buffer with a count above 0)
   fails the call with IDL_E_INVAL before anything is sent, never a
   crash; a NULL buffer of no elements is a call like any other (issue
   17).  Through another process, and co-located (direct and through
   the message path).  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

struct pt
{
  int x, y;
};

IDL_INTERFACE (nul, 0x6e756c, 1);

IDL_OP (nul, 1) int get (idl_binding_t *b, IDL_OUT long *v);
IDL_OP (nul, 2) int bump (idl_binding_t *b, IDL_INOUT long *v);
IDL_OP (nul, 3) int put (idl_binding_t *b, IDL_IN const struct pt *p);
IDL_OP (nul, 4) int fill (idl_binding_t *b,
			  IDL_OUT IDL_SIZE_IS (n, 64) char *buf, size_t n);
IDL_OP (nul, 5) int send_buf (idl_binding_t *b,
			      IDL_IN IDL_SIZE_IS (n, 64) const int *buf,
			      size_t n);
IDL_OP (nul, 6) int name (idl_binding_t *b,
			  IDL_OUT IDL_STRING (15) char *s);
IDL_OP (nul, 7) int take (idl_binding_t *b,
			  IDL_INOUT IDL_SIZE_IS (cap, 64)
			  IDL_LENGTH_IS (len) char *buf, size_t cap,
			  IDL_INOUT size_t *len);
IDL_OP (nul, 8) long calls (idl_binding_t *b);

IDL_SERVER (nul);

static long ncalls;

int get_impl (idl_call_t *c, long *v) { ncalls++; *v = 7; return 1; }
int bump_impl (idl_call_t *c, long *v) { ncalls++; ++*v; return 2; }
int put_impl (idl_call_t *c, const struct pt *p)
{ ncalls++; return p->x + p->y; }
int fill_impl (idl_call_t *c, char *buf, size_t n)
{ ncalls++; memset (buf, 'f', n); return (int) n; }
int send_buf_impl (idl_call_t *c, const int *buf, size_t n)
{
  int s = 0;
  ncalls++;
  for (size_t i = 0; i < n; i++)
    s += buf[i];
  return s + 100;
}
int name_impl (idl_call_t *c, char *s) { ncalls++; strcpy (s, "nul"); return 6; }
int take_impl (idl_call_t *c, char *buf, size_t cap, size_t *len)
{ ncalls++; *len = 0; return 7; }
long calls_impl (idl_call_t *c) { return ncalls; }

#define INVAL(call)							\
  do									\
    {									\
      CHECK ((call) == 0);						\
      CHECK (idl_error (b) == IDL_E_INVAL);				\
    }									\
  while (0)

static void
exercise (idl_binding_t *b)
{
  long before = calls (b);
  CHECK (idl_error (b) == IDL_OK);

  /* Each refused before anything was sent.  */
  INVAL (get (b, NULL));
  INVAL (bump (b, NULL));
  INVAL (put (b, NULL));
  INVAL (fill (b, NULL, 5));
  INVAL (send_buf (b, NULL, 3));
  INVAL (name (b, NULL));
  size_t n = 0;
  INVAL (take (b, NULL, 4, &n));
  char buf[64];
  INVAL (take (b, buf, 4, NULL));
  CHECK (calls (b) == before);

  /* A buffer of no elements needs no memory.  */
  CHECK (fill (b, NULL, 0) == 0 && idl_error (b) == IDL_OK);
  CHECK (send_buf (b, NULL, 0) == 100 && idl_error (b) == IDL_OK);
  n = 0;
  CHECK (take (b, NULL, 0, &n) == 7 && idl_error (b) == IDL_OK && n == 0);

  /* And the same calls with memory still work.  */
  long v = 0;
  CHECK (get (b, &v) == 1 && v == 7);
  CHECK (bump (b, &v) == 2 && v == 8);
  struct pt p = { 3, 4 };
  CHECK (put (b, &p) == 7);
  CHECK (fill (b, buf, 5) == 5 && buf[4] == 'f');
  int ints[3] = { 1, 2, 3 };
  CHECK (send_buf (b, ints, 3) == 106);
  char s[16];
  CHECK (name (b, s) == 6 && strcmp (s, "nul") == 0);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (calls (b) == before + 9);
}

int
main (void)
{
  const char *n = idltest_name ("null-args");
  pid_t pid = idltest_fork_server (n, &nul, nul_dispatch);
  idl_binding_t *b = idltest_connect (n, &nul);
  exercise (b);
  idl_close (b);
  idltest_stop_server (pid);

  /* Co-located: with workers the stubs call the implementations
     directly; without, through the message path.  */
  for (unsigned workers = 0; workers <= 1; workers++)
    {
      int err;
      const char *cn = idltest_name (workers ? "null-direct" : "null-msg");
      idl_server_t *srv = idl_server_create (cn, &nul, nul_dispatch, &err);
      CHECK (srv != NULL);
      CHECK (idl_server_set_workers (srv, workers) == 0);
      b = idltest_connect (cn, &nul);
      exercise (b);
      idl_close (b);
      idl_server_destroy (srv);
    }
  return 0;
}
