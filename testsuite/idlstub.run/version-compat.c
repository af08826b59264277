/* { dg-do run } */
/* { dg-unit "-DUNIT=2" } */
/* { dg-unit "-DUNIT=3" } */
/* { dg-unit "-DUNIT=4" } */
/* Area: run
   Purpose: interface versions.  A server that gained an operation still
   serves clients built before it; a server that lost an operation, or
   changed one's types, refuses such a client at connect time
   (IDL_E_IFACE) instead of misreading its calls; a client newer than its
   server is refused too.  Each revision of the "same" interface (id 0x77,
   version 1, name "rev") is a unit of its own (dg-unit: a unit holds one
   interface of an id, issue 17), as the header of a program built
   before or after would be, so that one program holds them all; the
   operation table compares numbers and types.  */

#include <idlstub.h>
#include "idltest.h"

#ifndef UNIT
/* Revision 1: what the old client knows.  */
IDL_INTERFACE (rev, 0x77, 1);
IDL_OP (rev, 1) long r1_add (idl_binding_t *b, long x, long y);
IDL_OP (rev, 2) int r1_name (idl_binding_t *b,
			     IDL_OUT IDL_STRING (15) char *name);

/* The other revisions' descriptors, dispatchers and client calls.  */
const idl_interface_t *rev2 (void);
const idl_interface_t *rev3 (void);
const idl_interface_t *rev4 (void);
uint64_t rev2_dispatch (idl_call_t *, uint64_t *);
uint64_t rev3_dispatch (idl_call_t *, uint64_t *);
uint64_t rev4_dispatch (idl_call_t *, uint64_t *);
long call_r2_add (idl_binding_t *b, long x, long y);
long call_r2_neg (idl_binding_t *b, long x);
long call_r4_add (idl_binding_t *b, long x, long y);

#elif UNIT == 2
/* Revision 2: operation 3 added.  */
IDL_INTERFACE (rev, 0x77, 1);
IDL_OP (rev, 1) long r2_add (idl_binding_t *b, long x, long y);
IDL_OP (rev, 2) int r2_name (idl_binding_t *b,
			     IDL_OUT IDL_STRING (15) char *name);
IDL_OP (rev, 3) long r2_neg (idl_binding_t *b, long x);
/* (Its dispatcher is rev2_dispatch, as the main unit expects.)  */
#define rev_dispatch rev2_dispatch
IDL_SERVER (rev);
long r2_add_impl (idl_call_t *c, long x, long y) { return x + y; }
int r2_name_impl (idl_call_t *c, char *name) { strcpy (name, "rev2"); return 2; }
long r2_neg_impl (idl_call_t *c, long x) { return -x; }
const idl_interface_t *rev2 (void) { return &rev; }
long call_r2_add (idl_binding_t *b, long x, long y) { return r2_add (b, x, y); }
long call_r2_neg (idl_binding_t *b, long x) { return r2_neg (b, x); }

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
long call_r4_add (idl_binding_t *b, long x, long y) { return r4_add (b, x, y); }
#endif

#ifndef UNIT
static void
refused (const char *name, const idl_interface_t *iface)
{
  int err = IDL_OK;
  CHECK (idl_connect (name, iface, &err) == NULL);
  CHECK (err == IDL_E_IFACE);
}

int
main (void)
{
  char n2[64], n3[64], n4[64];
  snprintf (n2, sizeof n2, "%s", idltest_name ("version-2"));
  snprintf (n3, sizeof n3, "%s", idltest_name ("version-3"));
  snprintf (n4, sizeof n4, "%s", idltest_name ("version-4"));
  pid_t s2 = idltest_fork_server (n2, rev2 (), rev2_dispatch);
  pid_t s3 = idltest_fork_server (n3, rev3 (), rev3_dispatch);
  pid_t s4 = idltest_fork_server (n4, rev4 (), rev4_dispatch);

  /* The plugin gave each descriptor its table, in number order.  */
  CHECK (rev.nops == 2 && rev2 ()->nops == 3 && rev4 ()->nops == 1);
  CHECK (rev.ops[0] >> IDL_OPS_NUMBER_SHIFT == 1);
  CHECK (rev.ops[1] >> IDL_OPS_NUMBER_SHIFT == 2);
  CHECK (rev.ops[0] == rev2 ()->ops[0] && rev.ops[1] == rev2 ()->ops[1]);
  CHECK (rev.ops[1] != rev3 ()->ops[1]);
  CHECK (rev.signature != rev2 ()->signature);
  CHECK (strcmp (rev2 ()->name, rev.name) == 0);

  /* An old client, a server that gained an operation: served.  */
  idl_binding_t *b = idltest_connect (n2, &rev);
  char name[16] = "";
  CHECK (r1_add (b, 40, 2) == 42);
  CHECK (r1_name (b, name) == 2 && strcmp (name, "rev2") == 0);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);

  /* The new client talks to it in full.  */
  b = idltest_connect (n2, rev2 ());
  CHECK (call_r2_neg (b, 5) == -5 && call_r2_add (b, 1, 2) == 3);
  idl_close (b);

  /* Changed, removed, or newer than the server: refused.  */
  refused (n3, &rev);
  refused (n4, &rev);
  refused (n4, rev2 ());
  /* The server that lost operation 2 still serves a client that only
     knows operation 1.  */
  b = idltest_connect (n4, rev4 ());
  CHECK (call_r4_add (b, 2, 2) == 4);
  idl_close (b);

  idltest_stop_server (s2);
  idltest_stop_server (s3);
  idltest_stop_server (s4);
  return 0;
}
#endif
