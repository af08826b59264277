/* { dg-do run } */
/* Area: run
   Purpose: an out or inout _Bool reaches the caller as 0 or 1 whatever
   byte the server sent (any other value in a _Bool is undefined
   behaviour in the caller).  A hostile server, the generated
   dispatcher with its reply's bytes overwritten afterwards, sends 2, 4
   and 0x80 for the three _Bools of the reply; the caller's _Bools hold
   1.  The same server, well-behaved, gives the implementation's
   values, in fast and compact mode.  The test reads the caller's bytes,
   not its _Bools.  */

#include <stdbool.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (ob, 0x4402, 1);
/* Reply: word 1 bytes 0-3 the result, byte 4 O, byte 5 IO, byte 6 Z.  */
IDL_OP (ob, 1) int get (idl_binding_t *b, IDL_OUT bool *o,
			IDL_INOUT bool *io, IDL_OUT bool *z);
/* Request: word 1 bytes 0-3 ON.  */
IDL_OP (ob, 2) void hostile (idl_binding_t *b, int on);

IDL_SERVER (ob);

static int hostile_now;

int
get_impl (idl_call_t *c, bool *o, bool *io, bool *z)
{
  *o = true;
  *io = !*io;
  *z = false;
  return 5;
}

void
hostile_impl (idl_call_t *c, int on)
{
  hostile_now = on;
}

/* The generated dispatcher; then, when hostile, a reply to get with
   other bytes where its _Bools are.  */
static uint64_t
bad_dispatch (idl_call_t *call, uint64_t *msg)
{
  uint64_t rtag = ob_dispatch (call, msg);
  if (hostile_now && (msg[0] >> IDL_TAG_OP_SHIFT & 0xffff) == 1
      && !(rtag & IDL_TAG_ERROR))
    msg[1] = (msg[1] & 0xffffffffULL) | 2ULL << 32 | 4ULL << 40
	     | 0x80ULL << 48;
  return rtag;
}

static unsigned char
byte (const bool *p)
{
  return *(const unsigned char *) p;
}

int
main (void)
{
  const char *name = idltest_name ("out-bool-reply");
  pid_t srv = idltest_fork_server (name, &ob, bad_dispatch);
  idl_binding_t *b = idltest_connect (name, &ob);
  bool o = false, io = true, z = true;

  CHECK (get (b, &o, &io, &z) == 5 && idl_error (b) == IDL_OK);
  CHECK (byte (&o) == 1 && byte (&io) == 0 && byte (&z) == 0);

  hostile (b, 1);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (get (b, &o, &io, &z) == 5 && idl_error (b) == IDL_OK);
  CHECK (byte (&o) == 1 && byte (&io) == 1 && byte (&z) == 1);

  hostile (b, 0);
  CHECK (get (b, &o, &io, &z) == 5);
  CHECK (byte (&o) == 1 && byte (&io) == 0 && byte (&z) == 0);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
