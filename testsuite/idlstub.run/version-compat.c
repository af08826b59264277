/* { dg-do run } */
/* Area: run
   Purpose: interface versions.  A server that gained an operation still
   serves clients built before it; a server that lost an operation, or
   changed one's types, refuses such a client at connect time
   (IDL_E_IFACE) instead of misreading its calls; a client newer than its
   server is refused too.  Each revision of the "same" interface (id 0x77,
   version 1) is a descriptor of its own here, so that one program holds
   them all; each is used under the one interface name "rev" (REV),
   which is part of an interface's identity (issue 17), and the
   operation table compares numbers and types.  */

#include <idlstub.h>
#include "idltest.h"

/* Revision 1: what the old client knows.  */
IDL_INTERFACE (rev1, 0x77, 1);
IDL_OP (rev1, 1) long r1_add (idl_binding_t *b, long x, long y);
IDL_OP (rev1, 2) int r1_name (idl_binding_t *b,
			      IDL_OUT IDL_STRING (15) char *name);

/* Revision 2: operation 3 added.  */
IDL_INTERFACE (rev2, 0x77, 1);
IDL_OP (rev2, 1) long r2_add (idl_binding_t *b, long x, long y);
IDL_OP (rev2, 2) int r2_name (idl_binding_t *b,
			      IDL_OUT IDL_STRING (15) char *name);
IDL_OP (rev2, 3) long r2_neg (idl_binding_t *b, long x);

/* Revision 3: operation 2's string bound changed.  */
IDL_INTERFACE (rev3, 0x77, 1);
IDL_OP (rev3, 1) long r3_add (idl_binding_t *b, long x, long y);
IDL_OP (rev3, 2) int r3_name (idl_binding_t *b,
			      IDL_OUT IDL_STRING (31) char *name);

/* Revision 4: operation 2 removed.  */
IDL_INTERFACE (rev4, 0x77, 1);
IDL_OP (rev4, 1) long r4_add (idl_binding_t *b, long x, long y);

IDL_SERVER (rev2);
IDL_SERVER (rev3);
IDL_SERVER (rev4);

long r2_add_impl (idl_call_t *c, long x, long y) { return x + y; }
int r2_name_impl (idl_call_t *c, char *name) { strcpy (name, "rev2"); return 2; }
long r2_neg_impl (idl_call_t *c, long x) { return -x; }
long r3_add_impl (idl_call_t *c, long x, long y) { return x + y; }
int r3_name_impl (idl_call_t *c, char *name) { strcpy (name, "rev3"); return 3; }
long r4_add_impl (idl_call_t *c, long x, long y) { return x + y; }

#define REV(iface) idltest_as (&(iface), "rev")

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
  pid_t s2 = idltest_fork_server (n2, REV (rev2), rev2_dispatch);
  pid_t s3 = idltest_fork_server (n3, REV (rev3), rev3_dispatch);
  pid_t s4 = idltest_fork_server (n4, REV (rev4), rev4_dispatch);

  /* The plugin gave each descriptor its table, in number order.  */
  CHECK (rev1.nops == 2 && rev2.nops == 3 && rev4.nops == 1);
  CHECK (rev1.ops[0] >> IDL_OPS_NUMBER_SHIFT == 1);
  CHECK (rev1.ops[1] >> IDL_OPS_NUMBER_SHIFT == 2);
  CHECK (rev1.ops[0] == rev2.ops[0] && rev1.ops[1] == rev2.ops[1]);
  CHECK (rev1.ops[1] != rev3.ops[1]);
  CHECK (rev1.signature != rev2.signature);

  /* An old client, a server that gained an operation: served.  */
  idl_binding_t *b = idltest_connect (n2, REV (rev1));
  char name[16] = "";
  CHECK (r1_add (b, 40, 2) == 42);
  CHECK (r1_name (b, name) == 2 && strcmp (name, "rev2") == 0);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);

  /* The new client talks to it in full.  */
  b = idltest_connect (n2, REV (rev2));
  CHECK (r2_neg (b, 5) == -5 && r2_add (b, 1, 2) == 3);
  idl_close (b);

  /* Changed, removed, or newer than the server: refused.  */
  refused (n3, REV (rev1));
  refused (n4, REV (rev1));
  refused (n4, REV (rev2));
  /* The server that lost operation 2 still serves a client that only
     knows operation 1.  */
  b = idltest_connect (n4, REV (rev4));
  CHECK (r4_add (b, 2, 2) == 4);
  idl_close (b);

  idltest_stop_server (s2);
  idltest_stop_server (s3);
  idltest_stop_server (s4);
  return 0;
}
