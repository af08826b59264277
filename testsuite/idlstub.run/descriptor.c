/* { dg-do run } */
/* { dg-unit "-DUNIT=1" } */
/* { dg-unit "-DUNIT=2" } */
/* { dg-unit "-DUNIT=3" } */
/* { dg-unit "-DUNIT=4" } */
/* { dg-unit "-DUNIT=5" } */
/* Area: run
   Purpose: the plugin fills each interface descriptor: name, id, version
   and a signature that differs when the operations differ and is the
   same for the same operations under another C name.  A unit holds one
   interface of an id (issue 17): each variant of calc is a unit of its
   own (dg-unit), as another program's header would be.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

#ifndef UNIT
IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long x, short c);

IDL_SERVER (calc);

IDL_INTERFACE (big_id, 0xfedcba98, 0xffffffff);
IDL_OP (big_id, 65535) long last_op (idl_binding_t *b);

/* The other units' descriptors, and unit 1's operations.  */
const idl_interface_t *calc_copy_iface (void);
const idl_interface_t *calc_v9_iface (void);
const idl_interface_t *calc_unsigned_iface (void);
const idl_interface_t *calc_out_iface (void);
const idl_interface_t *calc_oneway_iface (void);
long call_tiny_copy (idl_binding_t *b, long x);
long call_small_copy (idl_binding_t *b, short a, long x, short c);

#elif UNIT == 1
IDL_INTERFACE (calc_copy, 0x10, 1);
IDL_OP (calc_copy, 1) long tiny_copy (idl_binding_t *b, long x);
IDL_OP (calc_copy, 2) long small_copy (idl_binding_t *b, short a, long x,
				       short c);
const idl_interface_t *calc_copy_iface (void) { return &calc_copy; }
long call_tiny_copy (idl_binding_t *b, long x) { return tiny_copy (b, x); }
long
call_small_copy (idl_binding_t *b, short a, long x, short c)
{
  return small_copy (b, a, x, c);
}

#elif UNIT == 2
IDL_INTERFACE (calc_v9, 0x10, 9);
IDL_OP (calc_v9, 1) long tiny_v9 (idl_binding_t *b, long x);
IDL_OP (calc_v9, 2) long small_v9 (idl_binding_t *b, short a, long x,
				   short c);
const idl_interface_t *calc_v9_iface (void) { return &calc_v9; }

#elif UNIT == 3
IDL_INTERFACE (calc_unsigned, 0x10, 1);
IDL_OP (calc_unsigned, 1) long tiny_u (idl_binding_t *b, unsigned long x);
IDL_OP (calc_unsigned, 2) long small_u (idl_binding_t *b, short a, long x,
					short c);
const idl_interface_t *calc_unsigned_iface (void) { return &calc_unsigned; }

#elif UNIT == 4
IDL_INTERFACE (calc_out, 0x10, 1);
IDL_OP (calc_out, 1) long tiny_o (idl_binding_t *b, IDL_OUT long *x);
IDL_OP (calc_out, 2) long small_o (idl_binding_t *b, short a, long x,
				   short c);
const idl_interface_t *calc_out_iface (void) { return &calc_out; }

#elif UNIT == 5
IDL_INTERFACE (calc_oneway, 0x10, 1);
IDL_OP (calc_oneway, 1) IDL_ONEWAY void tiny_w (idl_binding_t *b, long x);
IDL_OP (calc_oneway, 2) long small_w (idl_binding_t *b, short a, long x,
				      short c);
const idl_interface_t *calc_oneway_iface (void) { return &calc_oneway; }
#endif

#ifndef UNIT
/* Read through a pointer the compiler cannot see through: the plugin
   sets the fields after the front end has seen the initializer.  */
static const idl_interface_t *
opaque (const idl_interface_t *p)
{
  const idl_interface_t *volatile v = p;
  return v;
}

int
main (void)
{
  const idl_interface_t *c = opaque (&calc);
  const idl_interface_t *cc = opaque (calc_copy_iface ());
  const idl_interface_t *v9 = opaque (calc_v9_iface ());
  const idl_interface_t *u = opaque (calc_unsigned_iface ());
  const idl_interface_t *o = opaque (calc_out_iface ());
  const idl_interface_t *w = opaque (calc_oneway_iface ());
  const idl_interface_t *big = opaque (&big_id);

  CHECK (strcmp (c->name, "calc") == 0);
  CHECK (strcmp (big->name, "big_id") == 0);
  CHECK (c->id == 0x10 && c->version == 1);
  CHECK (v9->id == 0x10 && v9->version == 9);
  CHECK (big->id == 0xfedcba98u && big->version == 0xffffffffu);

  CHECK (c->signature != 0);
  CHECK (big->signature != 0);
  /* Same operations, same signature, whatever the C names.  */
  CHECK (c->signature == cc->signature);
  /* A parameter's type, a direction, one-way-ness or the version make a
     difference.  */
  CHECK (c->signature != u->signature);
  CHECK (c->signature != o->signature);
  CHECK (c->signature != w->signature);
  CHECK (c->signature != v9->signature);
  CHECK (u->signature != o->signature);

  /* The signature is what a server compares: the copy connects to a
     server of calc, the others do not.  */
  const char *name = idltest_name ("descriptor");
  pid_t srv = idltest_fork_server (name, &calc, calc_dispatch);
  int err = 0;
  idl_binding_t *b = idl_connect (name, idltest_as (cc, "calc"), &err);
  CHECK (b != NULL && err == IDL_OK);
  CHECK (call_tiny_copy (b, 5) == 6);
  CHECK (call_small_copy (b, 1, 10, 100) == 111);
  idl_close (b);
  CHECK (idl_connect (name, idltest_as (u, "calc"), &err) == NULL
	 && err == IDL_E_IFACE);
  CHECK (idl_connect (name, idltest_as (o, "calc"), &err) == NULL
	 && err == IDL_E_IFACE);
  /* Under its own name the copy is another interface (issue 17).  */
  CHECK (idl_connect (name, cc, &err) == NULL && err == IDL_E_IFACE);
  CHECK (idl_connect (name, idltest_as (w, "calc"), &err) == NULL
	 && err == IDL_E_IFACE);
  idltest_stop_server (srv);
  return 0;
}

long tiny_impl (idl_call_t *call, long x) { return x + 1; }
long small_impl (idl_call_t *call, short a, long x, short c) { return a + x + c; }
#endif
