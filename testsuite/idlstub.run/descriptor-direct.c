/* { dg-do run } */
/* Area: run
   Purpose: reading an interface descriptor's fields directly in C gives
   the values the plugin fills in (gimplification folds such reads from
   the initializer, so it must be final before function bodies).  */

#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (calc, 0x10, 7);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long c, short d);

int
main (void)
{
  const idl_interface_t *volatile p = &calc;
  CHECK (calc.id == 0x10 && p->id == 0x10);
  CHECK (calc.version == 7 && p->version == 7);
  CHECK (calc.signature != 0);
  CHECK (calc.signature == p->signature);
  CHECK (strcmp (calc.name, "calc") == 0);
  return 0;
}
