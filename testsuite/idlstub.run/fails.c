/* { dg-do run } */
/* Area: run
   Purpose: IDL_FAILS and IDL_FAILS_ERRNO (issue 19, item 1).  A call
   that fails returns the operation's declared failure value (IDL_FAILS
   (v): v; IDL_FAILS_ERRNO: the negated errno code idl_error_errno
   gives, -EPIPE for a dead server, -ETIMEDOUT, -EMSGSIZE for an
   over-long string, -EINVAL for a NULL pointer), where it returned 0,
   which an errno-style operation's caller reads as success; a call
   that went through returns what the implementation returned, 0 and
   the implementation's own negative codes included.  Every kind of
   client stub (values only; an in string; out values; strings both
   ways, which compact mode's engine marshals), remote and co-located;
   an operation without the annotation still returns 0.  */

#include <errno.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (kvfail, 0x1090, 1);

IDL_OP (kvfail, 1) IDL_FAILS (-1) int put (idl_binding_t *b, int key,
					   long value);
IDL_OP (kvfail, 2) IDL_FAILS_ERRNO int get (idl_binding_t *b, int key,
					    IDL_OUT long *value);
IDL_OP (kvfail, 3) IDL_FAILS_ERRNO long name (idl_binding_t *b,
					      IDL_IN IDL_STRING (15)
						const char *s);
IDL_OP (kvfail, 4) IDL_FAILS (-2) short echo (idl_binding_t *b,
					      IDL_IN IDL_STRING (15)
						const char *s,
					      IDL_OUT IDL_STRING (15)
						char *out);
IDL_OP (kvfail, 5) IDL_FAILS_ERRNO int slow (idl_binding_t *b, int ms);
IDL_OP (kvfail, 6) IDL_FAILS (7) unsigned char small (idl_binding_t *b,
						      int x);
IDL_OP (kvfail, 7) long plain (idl_binding_t *b, long x);

IDL_SERVER (kvfail);

static long table[8];

int
put_impl (idl_call_t *c, int key, long value)
{
  if (key < 0 || key >= 8)
    return -ENOSPC;
  table[key] = value;
  return 0;
}

int
get_impl (idl_call_t *c, int key, long *value)
{
  if (key < 0 || key >= 8)
    return -ENOENT;
  *value = table[key];
  return 0;
}

long name_impl (idl_call_t *c, const char *s) { return (long) strlen (s); }

short
echo_impl (idl_call_t *c, const char *s, char *out)
{
  strcpy (out, s);
  return (short) strlen (s);
}

int
slow_impl (idl_call_t *c, int ms)
{
  usleep ((useconds_t) ms * 1000);
  return 0;
}

unsigned char small_impl (idl_call_t *c, int x) { return (unsigned char) x; }
long plain_impl (idl_call_t *c, long x) { return x; }

/* A live server: results as the implementations returned them.  */
static void
check_alive (idl_binding_t *b)
{
  long v = -5;
  char out[16];

  CHECK (put (b, 3, 33) == 0);
  CHECK (idl_error (b) == IDL_OK && idl_error_errno (b) == 0);
  CHECK (put (b, 9, 1) == -ENOSPC);	/* the implementation's own */
  CHECK (idl_error (b) == IDL_OK);
  CHECK (get (b, 3, &v) == 0 && v == 33);
  CHECK (get (b, 9, &v) == -ENOENT);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (name (b, "") == 0 && idl_error (b) == IDL_OK);
  CHECK (name (b, "four") == 4);
  CHECK (echo (b, "", out) == 0 && out[0] == 0);
  CHECK (echo (b, "abc", out) == 3 && strcmp (out, "abc") == 0);
  CHECK (small (b, 0) == 0 && idl_error (b) == IDL_OK);
  CHECK (small (b, 7) == 7 && idl_error (b) == IDL_OK);
  CHECK (plain (b, 0) == 0 && idl_error (b) == IDL_OK);

  /* The stub's own checks: nothing sent.  */
  CHECK (name (b, "0123456789abcdefg") == -EMSGSIZE);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (get (b, 3, NULL) == -EINVAL);
  CHECK (idl_error (b) == IDL_E_INVAL);
  CHECK (echo (b, NULL, out) == -2);
  CHECK (idl_error (b) == IDL_E_INVAL);
  CHECK (echo (b, "0123456789abcdefg", out) == -2);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (put (b, 1, 1) == 0 && idl_error (b) == IDL_OK);
}

/* Every call fails: the failure values, out parameters untouched.  */
static void
check_dead (idl_binding_t *b)
{
  long v = -5;
  char out[16] = "keep";

  CHECK (put (b, 3, 33) == -1);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (idl_error_errno (b) == -EPIPE);
  CHECK (get (b, 3, &v) == -EPIPE && v == -5);
  CHECK (name (b, "four") == -EPIPE);
  CHECK (echo (b, "abc", out) == -2 && strcmp (out, "keep") == 0);
  CHECK (slow (b, 0) == -EPIPE);
  CHECK (small (b, 1) == 7);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  CHECK (plain (b, 1) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
}

int
main (void)
{
  const char *name_ = idltest_name ("fails");
  pid_t srv = idltest_fork_server (name_, &kvfail, kvfail_dispatch);
  idl_binding_t *b = idltest_connect (name_, &kvfail);

  check_alive (b);

  /* A deadline that passes.  */
  idl_set_next_timeout (b, 20000);
  CHECK (slow (b, 300) == -ETIMEDOUT);
  CHECK (idl_error (b) == IDL_E_TIMEOUT);
  usleep (400000);
  CHECK (slow (b, 0) == 0 && idl_error (b) == IDL_OK);

  idltest_stop_server (srv);
  check_dead (b);
  idl_close (b);

  /* Co-located, with workers (direct calls where the operation allows
     them), then stopped.  */
  {
    int err;
    name_ = idltest_name ("fails-colocated");
    idl_server_t *s = idl_server_create (name_, &kvfail, kvfail_dispatch,
					 &err);
    CHECK (s);
    CHECK (idl_server_set_workers (s, 2) == 0);
    b = idl_connect (name_, &kvfail, &err);
    CHECK (b);
    check_alive (b);
    idl_server_stop (s);
    check_dead (b);
    idl_close (b);
    idl_server_destroy (s);
  }

  /* What idl_error_errno says for each code.  */
  {
    static const struct { int code, e; } map[] = {
      { IDL_OK, 0 }, { IDL_E_CONNECT, -ECONNREFUSED },
      { IDL_E_IFACE, -EPROTONOSUPPORT }, { IDL_E_PEER_DIED, -EPIPE },
      { IDL_E_BADMSG, -EBADMSG }, { IDL_E_PROTO, -EPROTO },
      { IDL_E_NOMEM, -ENOMEM }, { IDL_E_TIMEOUT, -ETIMEDOUT },
      { IDL_E_INVAL, -EINVAL }, { IDL_E_BOUNDS, -EMSGSIZE },
      { IDL_E_UNSUPPORTED, -EOPNOTSUPP }, { IDL_E_SERVER_ID, -EPERM },
      { IDL_E_REFUSED, -EACCES }, { IDL_E_BUSY, -EAGAIN }, { 99, -EIO }
    };
    for (unsigned i = 0; i < sizeof map / sizeof map[0]; i++)
      CHECK (idl_errno (map[i].code) == map[i].e);
  }
  return 0;
}
