/* { dg-do run } */
/* Area: run
   Purpose: the client stub checks a reply before it writes any out
   parameter.  Against a hand-written server that answers with an out
   string or an out length over its bound (IDL_E_PROTO), the wrong
   operation or word count (IDL_E_PROTO), an error code of its own
   (passed on when it is one of ours, IDL_E_PROTO otherwise), every out
   parameter is left as it was.  Out descriptors: one descriptor named
   twice reaches the caller once (the other gets -1), an index with no
   descriptor gives -1, descriptors listed with an error reply never
   arrive, and none is leaked.  The well-formed replies of the same
   server work.  */

#include <dirent.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argrep, 0x2a0c, 1);

typedef struct { long a[20]; char name[32]; } big_t;	/* payload */

/* Reply: word 1 bytes 0-3 the result, bytes 4-7 the length of O;
   payload: its chars.  */
IDL_OP (argrep, 1) int ostr (idl_binding_t *b,
			     IDL_OUT IDL_STRING (8) char *o);
/* Request: word 1 bytes 0-3 CAP.  Reply: word 1 bytes 0-3 the result,
   bytes 4-7 *LEN; payload: *LEN elements.  */
IDL_OP (argrep, 2) int obuf (idl_binding_t *b,
			     IDL_OUT IDL_SIZE_IS (cap, 8) IDL_LENGTH_IS (len)
			       uint16_t *p,
			     unsigned cap, IDL_OUT unsigned *len);
/* Reply: word 1 bytes 0-3 the result, bytes 4-7 A's index; word 2
   bytes 0-3 C's index.  */
IDL_OP (argrep, 3) int ofd2 (idl_binding_t *b, IDL_OUT IDL_FD int *a,
			     IDL_OUT IDL_FD int *c);
/* Request and reply: word 1.  */
IDL_OP (argrep, 4) long plain (idl_binding_t *b, long x);
/* Reply: word 1 bytes 0-3 the result, bytes 4-7 the length of S;
   payload: bytes 0-191 O, then S's chars.  */
IDL_OP (argrep, 5) int oblk (idl_binding_t *b, IDL_OUT big_t *o,
			     IDL_OUT IDL_STRING (8) char *s);
/* Request: word 1 bytes 0-3 MODE.  Reply: no words.  */
IDL_OP (argrep, 6) void set_mode (idl_binding_t *b, int mode);

/* How the server misbehaves.  */
enum
{
  GOOD,
  LONG,		/* a length one over the bound or the capacity */
  HUGE,		/* a length of 0xffffffff */
  WRONG_OP,	/* the reply tag of another operation */
  WRONG_COUNT,	/* one word too many */
  ERR_BOUNDS,	/* an error reply, IDL_E_BOUNDS */
  ERR_UNKNOWN,	/* an error reply with a code that is not one */
  FD_TWICE,	/* one descriptor, named by both out parameters */
  FD_MISSING,	/* indices that name no descriptor */
  FD_ERROR	/* descriptors listed with an error reply */
};

static int mode;

static uint64_t
rtag (unsigned op, unsigned words)
{
  return (uint64_t) 0x2a0c << IDL_TAG_IFACE_SHIFT
	 | (uint64_t) op << IDL_TAG_OP_SHIFT | words;
}

static uint64_t
etag (unsigned code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* The reply tag for OP with WORDS words, as MODE would spoil it.  */
static uint64_t
spoil (unsigned op, unsigned words)
{
  switch (mode)
    {
    case WRONG_OP:
      return rtag (op == 4 ? 1 : 4, words);
    case WRONG_COUNT:
      return rtag (op, words + 1);
    case ERR_BOUNDS:
      return etag (IDL_E_BOUNDS);
    case ERR_UNKNOWN:
      return etag (77);
    default:
      return rtag (op, words);
    }
}

static int
pipe_with (const char *text)
{
  int p[2];
  CHECK (pipe (p) == 0);
  CHECK (write (p[1], text, strlen (text)) == (ssize_t) strlen (text));
  close (p[1]);
  return p[0];
}

/* A hand-written dispatcher: no server stubs, replies built here.  */
static uint64_t
evil_dispatch (idl_call_t *call, uint64_t *msg)
{
  unsigned op = (msg[0] >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  unsigned char *pay = (unsigned char *) msg + IDL_MSG_REPLY_PAYLOAD;
  uint32_t len;

  switch (op)
    {
    case 6:
      mode = (int) (uint32_t) msg[1];
      return rtag (6, 0);

    case 4:
      msg[1] = msg[1] + 1;
      return spoil (4, 1);

    case 1:
      len = mode == LONG ? 9 : mode == HUGE ? 0xffffffff : 8;
      msg[1] = 11 | (uint64_t) len << 32;
      memcpy (pay, "ABCDEFGHIJ", 10);
      msg[IDL_MSG_REPLY_LEN] = len < 10 ? len : 10;
      return spoil (1, 1);

    case 2:
      {
	uint32_t cap = (uint32_t) msg[1];
	len = mode == LONG ? cap + 1 : mode == HUGE ? 0xffffffff : cap;
	for (unsigned i = 0; i < 9; i++)
	  ((uint16_t *) pay)[i] = (uint16_t) (0x100 + i);
	msg[1] = 22 | (uint64_t) len << 32;
	msg[IDL_MSG_REPLY_LEN] = 18;
	return spoil (2, 1);
      }

    case 3:
      if (mode == FD_TWICE)
	{
	  msg[IDL_MSG_REPLY_FDS] = (uint64_t) pipe_with ("twice");
	  msg[IDL_MSG_REPLY_NFDS] = 1;
	  msg[1] = 33;			/* a: index 0 */
	  msg[2] = 0;			/* c: index 0 as well */
	}
      else if (mode == FD_MISSING)
	{
	  msg[IDL_MSG_REPLY_FDS] = (uint64_t) pipe_with ("unnamed");
	  msg[IDL_MSG_REPLY_NFDS] = 1;
	  msg[1] = 33 | (uint64_t) 7 << 32;	/* a: index 7 */
	  msg[2] = 100;				/* c: index 100 */
	}
      else
	{
	  /* Listed in the other order than the parameters.  */
	  msg[IDL_MSG_REPLY_FDS] = (uint64_t) pipe_with ("c");
	  msg[IDL_MSG_REPLY_FDS + 1] = (uint64_t) pipe_with ("a");
	  msg[IDL_MSG_REPLY_NFDS] = 2;
	  msg[1] = 33 | (uint64_t) 1 << 32;	/* a: index 1 */
	  msg[2] = 0;				/* c: index 0 */
	  if (mode == FD_ERROR)
	    return etag (IDL_E_BOUNDS);
	}
      return spoil (3, 2);

    case 5:
      {
	big_t v;
	memset (&v, 0, sizeof v);
	v.a[0] = 500;
	strcpy (v.name, "block");
	memcpy (pay, &v, sizeof v);
	len = mode == LONG ? 9 : mode == HUGE ? 0xffffffff : 3;
	memcpy (pay + sizeof v, "xyzXYZxyzXYZ", 12);
	msg[1] = 55 | (uint64_t) len << 32;
	msg[IDL_MSG_REPLY_LEN] = sizeof v + 12;
	return spoil (5, 1);
      }
    }
  return etag (IDL_E_BADMSG);
}

static const char *
slurp (int fd)
{
  static char buf[64];
  ssize_t r = read (fd, buf, sizeof buf - 1);
  CHECK (r >= 0);
  buf[r] = 0;
  return buf;
}

static void
set (idl_binding_t *b, int m)
{
  set_mode (b, m);
  CHECK (idl_error (b) == IDL_OK);
}

/* The call failed with CODE and left the out parameters alone.  */
#define FAILED(CALL, CODE)						\
  do									\
    {									\
      if ((CALL) != 0 || idl_error (b) != (CODE))			\
	{								\
	  fprintf (stderr, "%s: mode %d: error %d, want %d\n", #CALL,	\
		   mode_now, idl_error (b), (CODE));			\
	  CHECK (0);							\
	}								\
    }									\
  while (0)

int
main (void)
{
  const char *name = idltest_name ("arg-badreply");
  pid_t srv = idltest_fork_server (name, &argrep, evil_dispatch);
  idl_binding_t *b = idltest_connect (name, &argrep);
  long fds_base = idltest_count_fds ();
  int mode_now = GOOD;

  /* Well-formed replies.  */
  {
    char o[10] = "012345678";
    CHECK (ostr (b, o) == 11 && idl_error (b) == IDL_OK);
    CHECK (strcmp (o, "ABCDEFGH") == 0 && o[9] == 0);
    uint16_t p[9];
    unsigned len = 99;
    memset (p, 0xee, sizeof p);
    CHECK (obuf (b, p, 4, &len) == 22 && idl_error (b) == IDL_OK);
    CHECK (len == 4);
    for (unsigned i = 0; i < 9; i++)
      CHECK (p[i] == (i < 4 ? 0x100 + i : 0xeeee));
    int a = -5, c = -5;
    CHECK (ofd2 (b, &a, &c) == 33 && idl_error (b) == IDL_OK);
    CHECK (a >= 0 && c >= 0 && a != c);
    CHECK (strcmp (slurp (a), "a") == 0);
    CHECK (strcmp (slurp (c), "c") == 0);
    close (a);
    close (c);
    CHECK (plain (b, 41) == 42 && idl_error (b) == IDL_OK);
    big_t v;
    char s[9];
    CHECK (oblk (b, &v, s) == 55 && idl_error (b) == IDL_OK);
    CHECK (v.a[0] == 500 && strcmp (v.name, "block") == 0);
    CHECK (strcmp (s, "xyz") == 0);
  }

  /* Malformed replies: every out parameter untouched.  */
  static const int modes[] = { LONG, HUGE, WRONG_OP, WRONG_COUNT,
			       ERR_BOUNDS, ERR_UNKNOWN };
  for (unsigned k = 0; k < sizeof modes / sizeof modes[0]; k++)
    {
      mode_now = modes[k];
      set (b, mode_now);
      int code = mode_now == ERR_BOUNDS ? IDL_E_BOUNDS : IDL_E_PROTO;

      char o[10] = "012345678";
      FAILED (ostr (b, o), code);
      CHECK (memcmp (o, "012345678", 10) == 0);

      uint16_t p[9];
      unsigned len = 99;
      memset (p, 0xee, sizeof p);
      FAILED (obuf (b, p, 4, &len), code);
      CHECK (len == 99);
      for (unsigned i = 0; i < 9; i++)
	CHECK (p[i] == 0xeeee);

      big_t v, w;
      char s[9] = "unwritte";
      memset (&v, 0x5c, sizeof v);
      memcpy (&w, &v, sizeof v);
      FAILED (oblk (b, &v, s), code);
      CHECK (memcmp (&v, &w, sizeof v) == 0);
      CHECK (strcmp (s, "unwritte") == 0);

      if (mode_now != LONG && mode_now != HUGE)
	{
	  int a = -5, c = -6;
	  FAILED (ofd2 (b, &a, &c), code);
	  CHECK (a == -5 && c == -6);
	  FAILED (plain (b, 41), code);
	}
      else
	{
	  /* Those have no length to spoil.  */
	  CHECK (plain (b, 41) == 42 && idl_error (b) == IDL_OK);
	}
    }
  set (b, GOOD);
  CHECK (idltest_count_fds () == fds_base);

  /* One descriptor named twice: the caller gets it once.  */
  set (b, FD_TWICE);
  {
    int a = -5, c = -6;
    CHECK (ofd2 (b, &a, &c) == 33 && idl_error (b) == IDL_OK);
    CHECK ((a >= 0) + (c >= 0) == 1);
    int got = a >= 0 ? a : c;
    CHECK ((a >= 0 ? c : a) == -1);
    CHECK (strcmp (slurp (got), "twice") == 0);
    close (got);
  }
  /* Indices that name no descriptor: -1; the one sent is not leaked.  */
  set (b, FD_MISSING);
  {
    int a = -5, c = -6;
    CHECK (ofd2 (b, &a, &c) == 33 && idl_error (b) == IDL_OK);
    CHECK (a == -1 && c == -1);
  }
  /* Descriptors with an error reply never arrive.  */
  set (b, FD_ERROR);
  {
    int a = -5, c = -6;
    mode_now = FD_ERROR;
    FAILED (ofd2 (b, &a, &c), IDL_E_BOUNDS);
    CHECK (a == -5 && c == -6);
  }
  set (b, GOOD);
  CHECK (plain (b, 1) == 2);
  CHECK (idltest_count_fds () == fds_base);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
