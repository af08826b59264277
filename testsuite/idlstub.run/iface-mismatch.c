/* { dg-do run } */
/* { dg-unit "-DUNIT=2" } */
/* { dg-unit "-DUNIT=3" } */
/* { dg-unit "-DUNIT=4" } */
/* { dg-unit "-DUNIT=5" } */
/* Area: run
   Purpose: a client refused at connect time (IDL_E_IFACE) learns what
   differs through idl_connect_mismatch: the interface's name, id or
   version, or the lowest-numbered operation the server lacks or has
   with other types; the same for a co-located server; the record is
   the calling thread's, and a connect that succeeds clears it.
   Revisions of one interface as in version-compat.c: each revision of
   id 0x77 is a unit of its own (dg-unit: a unit holds one interface of
   an id), the main unit revision 1 and another id.  */

#include <pthread.h>
#include <idlstub.h>
#include "idltest.h"

#ifndef UNIT
/* Revision 1: what the old client knows.  */
IDL_INTERFACE (rev, 0x77, 1);
IDL_OP (rev, 1) long r1_add (idl_binding_t *b, long x, long y);
IDL_OP (rev, 2) int r1_name (idl_binding_t *b,
			     IDL_OUT IDL_STRING (15) char *name);

/* Another id of revision 1.  */
IDL_INTERFACE (rev1id, 0x78, 1);
IDL_OP (rev1id, 1) long i_add (idl_binding_t *b, long x, long y);

/* The other units' descriptors and dispatchers.  */
const idl_interface_t *rev2 (void);
const idl_interface_t *rev3 (void);
const idl_interface_t *rev4 (void);
const idl_interface_t *rev1v2 (void);
uint64_t rev3_dispatch (idl_call_t *, uint64_t *);
uint64_t rev4_dispatch (idl_call_t *, uint64_t *);

#elif UNIT == 2
/* Revision 2: operation 3 added.  */
IDL_INTERFACE (rev, 0x77, 1);
IDL_OP (rev, 1) long r2_add (idl_binding_t *b, long x, long y);
IDL_OP (rev, 2) int r2_name (idl_binding_t *b,
			     IDL_OUT IDL_STRING (15) char *name);
IDL_OP (rev, 3) long r2_neg (idl_binding_t *b, long x);
const idl_interface_t *rev2 (void) { return &rev; }

#elif UNIT == 3
/* Revision 3: operation 2's string bound changed.  */
IDL_INTERFACE (rev, 0x77, 1);
IDL_OP (rev, 1) long r3_add (idl_binding_t *b, long x, long y);
IDL_OP (rev, 2) int r3_name (idl_binding_t *b,
			     IDL_OUT IDL_STRING (31) char *name);
#define rev_dispatch rev3_dispatch
IDL_SERVER (rev);
long r3_add_impl (idl_call_t *c, long x, long y) { return x + y; }
int r3_name_impl (idl_call_t *c, char *name) { strcpy (name, "rev3"); return 3; }
const idl_interface_t *rev3 (void) { return &rev; }

#elif UNIT == 4
/* Revision 4: operation 2 removed.  */
IDL_INTERFACE (rev, 0x77, 1);
IDL_OP (rev, 1) long r4_add (idl_binding_t *b, long x, long y);
#define rev_dispatch rev4_dispatch
IDL_SERVER (rev);
long r4_add_impl (idl_call_t *c, long x, long y) { return x + y; }
const idl_interface_t *rev4 (void) { return &rev; }

#elif UNIT == 5
/* Another version of revision 1.  */
IDL_INTERFACE (rev, 0x77, 2);
IDL_OP (rev, 1) long v_add (idl_binding_t *b, long x, long y);
const idl_interface_t *rev1v2 (void) { return &rev; }
#endif

#ifndef UNIT
/* Connecting IFACE to NAME is refused, for reason KIND at operation
   OP, by a server of id 0x77, version 1.  */
static void
refused (const char *name, const idl_interface_t *iface, int kind,
	 unsigned op)
{
  int err = IDL_OK;
  idl_mismatch_t m;
  CHECK (idl_connect (name, iface, &err) == NULL);
  CHECK (err == IDL_E_IFACE);
  CHECK (idl_connect_mismatch (&m) == kind);
  CHECK (m.kind == kind);
  CHECK (m.op == op);
  if (kind != IDL_MISMATCH_UNKNOWN)
    CHECK (m.server_id == 0x77 && m.server_version == 1);
  CHECK (idl_strmismatch (kind) != NULL);
}

/* Another thread never connected: nothing to report.  */
static void *
other_thread (void *arg)
{
  idl_mismatch_t m;
  (void) arg;
  CHECK (idl_connect_mismatch (&m) == IDL_MISMATCH_NONE);
  return NULL;
}

static void
every_reason (const char *n3, const char *n4)
{
  /* A changed operation, a removed one; the lowest number of several. */
  refused (n3, &rev, IDL_MISMATCH_OP_CHANGED, 2);
  refused (n4, &rev, IDL_MISMATCH_OP_MISSING, 2);
  refused (n4, rev2 (), IDL_MISMATCH_OP_MISSING, 2);
  /* Not the same interface at all.  */
  refused (n4, rev1v2 (), IDL_MISMATCH_VERSION, 0);
  refused (n4, idltest_as (&rev1id, "rev"), IDL_MISMATCH_ID, 0);
  refused (n4, idltest_as (&rev, "rev1"), IDL_MISMATCH_NAME, 0);
  /* A table whose entry is 0 (there is no operation 0) is not the
     server's, whatever the server's table holds.  */
  static const uint64_t zero[1] = { 0 };
  idl_interface_t junk = *rev4 ();
  junk.signature ^= 1;
  junk.ops = zero;
  junk.nops = 1;
  refused (n4, &junk, IDL_MISMATCH_OP_MISSING, 0);
  /* A client without a table of operations: the server cannot say.  */
  idl_interface_t bare = rev;
  bare.ops = NULL;
  bare.nops = 0;
  refused (n4, &bare, IDL_MISMATCH_UNKNOWN, 0);

  pthread_t t;
  CHECK (pthread_create (&t, NULL, other_thread, NULL) == 0);
  CHECK (pthread_join (t, NULL) == 0);

  /* A connect that succeeds clears the record.  */
  idl_mismatch_t m;
  CHECK (idl_connect_mismatch (&m) == IDL_MISMATCH_UNKNOWN);
  idl_binding_t *b = idltest_connect (n4, rev4 ());
  CHECK (idl_connect_mismatch (&m) == IDL_MISMATCH_NONE);
  CHECK (m.op == 0 && m.server_id == 0);
  idl_close (b);
}

int
main (void)
{
  char n3[64], n4[64];
  snprintf (n3, sizeof n3, "%s", idltest_name ("mismatch-3"));
  snprintf (n4, sizeof n4, "%s", idltest_name ("mismatch-4"));

  /* Servers in other processes: the reason crosses in the welcome.  */
  pid_t s3 = idltest_fork_server (n3, rev3 (), rev3_dispatch);
  pid_t s4 = idltest_fork_server (n4, rev4 (), rev4_dispatch);
  every_reason (n3, n4);
  idltest_stop_server (s3);
  idltest_stop_server (s4);

  /* The same servers in this process: co-located bindings.  */
  int err = IDL_OK;
  idl_server_t *c3 = idl_server_create (n3, rev3 (), rev3_dispatch, &err);
  idl_server_t *c4 = idl_server_create (n4, rev4 (), rev4_dispatch, &err);
  CHECK (c3 && c4);
  every_reason (n3, n4);
  idl_server_destroy (c3);
  idl_server_destroy (c4);
  return 0;
}
#endif
