/* { dg-do run } */
/* Area: run
   Purpose: idl_connect refuses, with IDL_E_IFACE, an interface that has
   the server's id but another version, other operations, or other
   parameter types; one with another id; and one with another name.  */

#include <idlstub.h>
#include "idltest.h"

/* What the server implements.  */
IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long x, short c);
IDL_SERVER (calc);

/* Same id and operations, next version.  */
IDL_INTERFACE (calc_v2, 0x10, 2);
IDL_OP (calc_v2, 1) long tiny_v2 (idl_binding_t *b, long x);
IDL_OP (calc_v2, 2) long small_v2 (idl_binding_t *b, short a, long x,
				   short c);

/* Same id and version, a parameter of another type.  */
IDL_INTERFACE (calc_int, 0x10, 1);
IDL_OP (calc_int, 1) long tiny_int (idl_binding_t *b, int x);
IDL_OP (calc_int, 2) long small_int (idl_binding_t *b, short a, long x,
				     short c);

/* Same id and version, one more operation.  */
IDL_INTERFACE (calc_more, 0x10, 1);
IDL_OP (calc_more, 1) long tiny_more (idl_binding_t *b, long x);
IDL_OP (calc_more, 2) long small_more (idl_binding_t *b, short a, long x,
				       short c);
IDL_OP (calc_more, 3) long extra_more (idl_binding_t *b, long x);

/* Same id and version, the operations' numbers swapped.  */
IDL_INTERFACE (calc_swap, 0x10, 1);
IDL_OP (calc_swap, 2) long tiny_swap (idl_binding_t *b, long x);
IDL_OP (calc_swap, 1) long small_swap (idl_binding_t *b, short a, long x,
				       short c);

/* Same id and version, a return type changed.  */
IDL_INTERFACE (calc_ret, 0x10, 1);
IDL_OP (calc_ret, 1) int tiny_ret (idl_binding_t *b, long x);
IDL_OP (calc_ret, 2) long small_ret (idl_binding_t *b, short a, long x,
				     short c);

/* Same operations, another id.  */
IDL_INTERFACE (calc_id, 0x11, 1);
IDL_OP (calc_id, 1) long tiny_id (idl_binding_t *b, long x);
IDL_OP (calc_id, 2) long small_id (idl_binding_t *b, short a, long x,
				   short c);

/* The same interface again under another C name: accepted under the
   interface name "calc", refused under its own.  */
IDL_INTERFACE (calc_same, 0x10, 1);
IDL_OP (calc_same, 1) long tiny_same (idl_binding_t *b, long x);
IDL_OP (calc_same, 2) long small_same (idl_binding_t *b, short a, long x,
				       short c);

long tiny_impl (idl_call_t *call, long x) { return x + 1; }
long small_impl (idl_call_t *call, short a, long x, short c) { return a + x + c; }

static void
refused (const char *name, const idl_interface_t *iface)
{
  int err = -1;
  /* Under the server's interface name: each variant is to be refused
     for what its comment says, not for its C name.  */
  idl_binding_t *b = idl_connect (name, idltest_as (iface, "calc"), &err);
  if (b)
    fprintf (stderr, "%s: connected\n", iface->name);
  CHECK (b == NULL);
  if (err != IDL_E_IFACE)
    fprintf (stderr, "%s: %d (%s)\n", iface->name, err, idl_strerror (err));
  CHECK (err == IDL_E_IFACE);
}

/* Refused as itself, under its own name.  */
static void
refused_named (const char *name, const idl_interface_t *iface)
{
  int err = -1;
  CHECK (idl_connect (name, iface, &err) == NULL && err == IDL_E_IFACE);
}

int
main (void)
{
  const char *name = idltest_name ("iface");
  pid_t srv = idltest_fork_server (name, &calc, calc_dispatch);

  refused (name, &calc_v2);
  refused (name, &calc_int);
  refused (name, &calc_more);
  refused (name, &calc_swap);
  refused (name, &calc_ret);
  refused (name, &calc_id);

  /* The refusals did not disturb the server.  */
  idl_binding_t *b = idltest_connect (name, &calc);
  CHECK (tiny (b, 1) == 2);
  CHECK (small (b, 1, 2, 3) == 6);
  /* Under its own name the same operations are another interface.  */
  refused_named (name, &calc_same);
  idl_binding_t *b2 = idltest_connect (name, idltest_as (&calc_same, "calc"));
  CHECK (tiny_same (b2, 10) == 11);
  CHECK (small_same (b2, -1, -2, -3) == -6);
  CHECK (idl_error (b) == IDL_OK && idl_error (b2) == IDL_OK);

  /* The operations of refused interfaces are called nowhere but here,
     never at run time: that keeps their client stubs (and so their
     interfaces' descriptors) in the program.  */
  idl_close (b2);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
