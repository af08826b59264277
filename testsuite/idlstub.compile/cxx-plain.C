/* { dg-do compile } */
/* Area: diagnostics, C++
   Purpose: what the plugin accepts in C++ (plain prototypes at file
   scope, pointers) compiles cleanly, client and server.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) void get (idl_binding_t *b, IDL_OUT long *x);
IDL_SERVER (calc);

long tiny_impl (idl_call_t *, long x) { return x + 1; }
void get_impl (idl_call_t *, long *x) { *x = 2; }

long
use (idl_binding_t *b)
{
  long r;
  get (b, &r);
  return tiny (b, 1) + r;
}
