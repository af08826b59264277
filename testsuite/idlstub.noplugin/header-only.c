/* { dg-do compile } */
/* Area: without the plugin
   Purpose: a file that includes an annotated header but calls no
   operation compiles cleanly without the plugin, with every annotation
   in use.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) void get (idl_binding_t *b, IDL_IN const int *in,
			   IDL_OUT long *out, IDL_INOUT short *io);
IDL_OP (calc, 3) IDL_ONEWAY void note (idl_binding_t *b, int what);

int
plain (int x)
{
  return x + calc.version;
}
