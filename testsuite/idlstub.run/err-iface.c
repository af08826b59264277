/* { dg-do run } */
/* { dg-unit "-DUNIT=1" } */
/* { dg-unit "-DUNIT=2" } */
/* { dg-unit "-DUNIT=3" } */
/* { dg-unit "-DUNIT=4" } */
/* { dg-unit "-DUNIT=5" } */
/* { dg-unit "-DUNIT=6" } */
/* Area: run
   Purpose: idl_connect refuses, with IDL_E_IFACE, an interface that has
   the server's id but another version, other operations, or other
   parameter types; one with another id; and one with another name.
   A unit holds one interface of an id (issue 17): each variant of the
   server's is a unit of its own (dg-unit), as another program's
   header would be, named "calc" as the server's is, so that each is
   refused for what its comment says, not for its name.  */

#include <idlstub.h>
#include "idltest.h"

#ifndef UNIT

/* What the server implements.  */
IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long x, short c);
IDL_SERVER (calc);

/* Same operations, another id.  */
IDL_INTERFACE (calc_id, 0x11, 1);
IDL_OP (calc_id, 1) long tiny_id (idl_binding_t *b, long x);
IDL_OP (calc_id, 2) long small_id (idl_binding_t *b, short a, long x,
				   short c);

/* The other units' descriptors, and the same interface's operations
   called through unit 6's stubs.  */
const idl_interface_t *variant_v2 (void);
const idl_interface_t *variant_int (void);
const idl_interface_t *variant_more (void);
const idl_interface_t *variant_swap (void);
const idl_interface_t *variant_ret (void);
const idl_interface_t *variant_same (void);
long call_tiny_same (idl_binding_t *b, long x);
long call_small_same (idl_binding_t *b, short a, long x, short c);

#elif UNIT == 1
/* Same id and operations, next version.  */
IDL_INTERFACE (calc, 0x10, 2);
IDL_OP (calc, 1) long tiny_v2 (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small_v2 (idl_binding_t *b, short a, long x, short c);
const idl_interface_t *variant_v2 (void) { return &calc; }

#elif UNIT == 2
/* Same id and version, a parameter of another type.  */
IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny_int (idl_binding_t *b, int x);
IDL_OP (calc, 2) long small_int (idl_binding_t *b, short a, long x, short c);
const idl_interface_t *variant_int (void) { return &calc; }

#elif UNIT == 3
/* Same id and version, one more operation.  */
IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny_more (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small_more (idl_binding_t *b, short a, long x,
				  short c);
IDL_OP (calc, 3) long extra_more (idl_binding_t *b, long x);
const idl_interface_t *variant_more (void) { return &calc; }

#elif UNIT == 4
/* Same id and version, the operations' numbers swapped.  */
IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 2) long tiny_swap (idl_binding_t *b, long x);
IDL_OP (calc, 1) long small_swap (idl_binding_t *b, short a, long x,
				  short c);
const idl_interface_t *variant_swap (void) { return &calc; }

#elif UNIT == 5
/* Same id and version, a return type changed.  */
IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) int tiny_ret (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small_ret (idl_binding_t *b, short a, long x, short c);
const idl_interface_t *variant_ret (void) { return &calc; }

#elif UNIT == 6
/* The same interface under another name: the same operations, and so
   the same signature, but refused.  Then under the name "calc"
   (idltest_as), and served.  */
IDL_INTERFACE (calc_same, 0x10, 1);
IDL_OP (calc_same, 1) long tiny_same (idl_binding_t *b, long x);
IDL_OP (calc_same, 2) long small_same (idl_binding_t *b, short a, long x,
				       short c);
const idl_interface_t *variant_same (void) { return &calc_same; }
long call_tiny_same (idl_binding_t *b, long x) { return tiny_same (b, x); }
long
call_small_same (idl_binding_t *b, short a, long x, short c)
{
  return small_same (b, a, x, c);
}
#endif

#ifndef UNIT
long tiny_impl (idl_call_t *call, long x) { return x + 1; }
long small_impl (idl_call_t *call, short a, long x, short c) { return a + x + c; }

static void
refused (const char *name, const idl_interface_t *iface)
{
  int err = -1;
  idl_binding_t *b = idl_connect (name, iface, &err);
  if (b)
    fprintf (stderr, "%s %#x: connected\n", iface->name, iface->id);
  CHECK (b == NULL);
  if (err != IDL_E_IFACE)
    fprintf (stderr, "%s %#x: %d (%s)\n", iface->name, iface->id, err,
	     idl_strerror (err));
  CHECK (err == IDL_E_IFACE);
}

int
main (void)
{
  const char *name = idltest_name ("iface");
  pid_t srv = idltest_fork_server (name, &calc, calc_dispatch);

  /* The variants are another unit's interfaces named "calc".  */
  CHECK (strcmp (variant_v2 ()->name, "calc") == 0);
  CHECK (variant_int ()->id == 0x10 && variant_v2 ()->version == 2);
  refused (name, variant_v2 ());
  refused (name, variant_int ());
  refused (name, variant_more ());
  refused (name, variant_swap ());
  refused (name, variant_ret ());
  refused (name, &calc_id);

  /* The refusals did not disturb the server.  */
  idl_binding_t *b = idltest_connect (name, &calc);
  CHECK (tiny (b, 1) == 2);
  CHECK (small (b, 1, 2, 3) == 6);
  /* Under another name the same operations are another interface.  */
  CHECK (variant_same ()->signature == calc.signature);
  refused (name, variant_same ());
  idl_binding_t *b2 = idltest_connect (name, idltest_as (variant_same (),
							 "calc"));
  CHECK (call_tiny_same (b2, 10) == 11);
  CHECK (call_small_same (b2, -1, -2, -3) == -6);
  CHECK (idl_error (b) == IDL_OK && idl_error (b2) == IDL_OK);

  /* calc_id's operations are called nowhere but here, never at run
     time: that keeps their client stubs (and so the interface's
     descriptor) in the program.  */
  if (b == NULL)
    CHECK (tiny_id (b, 0) == small_id (b, 0, 0, 0));
  idl_close (b2);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
#endif
