/* { dg-do run } */
/* Area: run
   Purpose: an interface descriptor written with the raw attribute and
   an initializer of its name alone (a volatile one too) gets every
   other field from the plugin, in the order of the fields: appended
   after the name in the order they were filled, the ONC table's
   pointer came before others and GCC's output of the constant stopped
   with an internal compiler error (output_constructor_regular_field;
   found by the mutation fuzzer).  Both serve and are called.  */

#include <idlstub.h>
#include "idltest.h"

static const idl_interface_t raw
  __attribute__ ((__idl_interface__ (0x7a1, 1), __unused__)) = { "raw" };
static volatile const idl_interface_t vraw
  __attribute__ ((__idl_interface__ (0x7a2, 1), __unused__)) = { "vraw" };

IDL_OP (raw, 1) long ra (idl_binding_t *b, long v);
IDL_OP (vraw, 1) long va (idl_binding_t *b, long v);
IDL_SERVER (raw);
IDL_SERVER (vraw);

long ra_impl (idl_call_t *c, long v) { return v + 1; }
long va_impl (idl_call_t *c, long v) { return v + 2; }

int
main (void)
{
  CHECK (raw.id == 0x7a1 && raw.version == 1 && raw.nops == 1
	 && raw.ops && raw.onc);
  CHECK (vraw.id == 0x7a2 && vraw.nops == 1 && vraw.ops && vraw.onc);

  const char *name = idltest_name ("raw");
  pid_t srv = idltest_fork_server (name, &raw, raw_dispatch);
  idl_binding_t *b = idltest_connect (name, &raw);
  CHECK (ra (b, 20) == 21);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (srv);

  name = idltest_name ("vraw");
  srv = idltest_fork_server (name, (const idl_interface_t *) &vraw,
			     vraw_dispatch);
  b = idltest_connect (name, (const idl_interface_t *) &vraw);
  CHECK (va (b, 20) == 22);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
