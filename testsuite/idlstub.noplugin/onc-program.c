/* { dg-do compile } */
/* Area: without the plugin
   Purpose: IDL_ONC_PROGRAM, with and without a version, declares
   nothing that could clash or warn without the plugin; the descriptor
   has no ONC table then.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_ONC_PROGRAM (calc, 0x20000010);
IDL_INTERFACE (pmap, 0x50, 9);
IDL_ONC_PROGRAM (pmap, 100000, 2);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);

int
plain (void)
{
  return calc.onc == 0 && pmap.onc == 0;
}
