/* { dg-do compile } */
/* Area: without the plugin
   Purpose: calling an operation without -fplugin=idlstub is a compile-time
   error that says what to do, at -O0 as at -O2.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);

long
use (idl_binding_t *b)
{
  return tiny (b, 41); /* { dg-error "call to 'tiny' declared with attribute error: this is an idlstub operation: compile with -fplugin=idlstub to generate its stub" } */
}
