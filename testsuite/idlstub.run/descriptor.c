/* { dg-do run } */
/* Area: run
   Purpose: the plugin fills each interface descriptor: name, id, version
   and a signature that differs when the operations differ and is the
   same for the same operations under another C name.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long x, short c);

IDL_SERVER (calc);

IDL_INTERFACE (calc_copy, 0x10, 1);
IDL_OP (calc_copy, 1) long tiny_copy (idl_binding_t *b, long x);
IDL_OP (calc_copy, 2) long small_copy (idl_binding_t *b, short a, long x,
				       short c);

IDL_INTERFACE (calc_v9, 0x10, 9);
IDL_OP (calc_v9, 1) long tiny_v9 (idl_binding_t *b, long x);
IDL_OP (calc_v9, 2) long small_v9 (idl_binding_t *b, short a, long x,
				   short c);

IDL_INTERFACE (calc_unsigned, 0x10, 1);
IDL_OP (calc_unsigned, 1) long tiny_u (idl_binding_t *b, unsigned long x);
IDL_OP (calc_unsigned, 2) long small_u (idl_binding_t *b, short a, long x,
					short c);

IDL_INTERFACE (calc_out, 0x10, 1);
IDL_OP (calc_out, 1) long tiny_o (idl_binding_t *b, IDL_OUT long *x);
IDL_OP (calc_out, 2) long small_o (idl_binding_t *b, short a, long x,
				   short c);

IDL_INTERFACE (calc_oneway, 0x10, 1);
IDL_OP (calc_oneway, 1) IDL_ONEWAY void tiny_w (idl_binding_t *b, long x);
IDL_OP (calc_oneway, 2) long small_w (idl_binding_t *b, short a, long x,
				      short c);

IDL_INTERFACE (big_id, 0xfedcba98, 0xffffffff);
IDL_OP (big_id, 65535) long last_op (idl_binding_t *b);

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
  const idl_interface_t *cc = opaque (&calc_copy);
  const idl_interface_t *v9 = opaque (&calc_v9);
  const idl_interface_t *u = opaque (&calc_unsigned);
  const idl_interface_t *o = opaque (&calc_out);
  const idl_interface_t *w = opaque (&calc_oneway);
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
  idl_binding_t *b = idl_connect (name, idltest_as (&calc_copy, "calc"), &err);
  CHECK (b != NULL && err == IDL_OK);
  CHECK (tiny_copy (b, 5) == 6);
  CHECK (small_copy (b, 1, 10, 100) == 111);
  idl_close (b);
  CHECK (idl_connect (name, idltest_as (&calc_unsigned, "calc"), &err) == NULL
	 && err == IDL_E_IFACE);
  CHECK (idl_connect (name, idltest_as (&calc_out, "calc"), &err) == NULL
	 && err == IDL_E_IFACE);
  /* Under its own name the copy is another interface (issue 17).  */
  CHECK (idl_connect (name, &calc_copy, &err) == NULL && err == IDL_E_IFACE);
  CHECK (idl_connect (name, &calc_oneway, &err) == NULL
	 && err == IDL_E_IFACE);
  idltest_stop_server (srv);
  return 0;
}

long tiny_impl (idl_call_t *call, long x) { return x + 1; }
long small_impl (idl_call_t *call, short a, long x, short c) { return a + x + c; }
