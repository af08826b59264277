/* { dg-do compile } */
/* Area: diagnostics
   Purpose: matching implementations, including const on an in pointer, compile cleanly */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) void get (idl_binding_t *b, IDL_IN long *in, IDL_OUT double *out);
IDL_SERVER (calc);
long tiny_impl (idl_call_t *call, long x) { return x + 1; }
void get_impl (idl_call_t *call, const long *in, double *out) { *out = *in; }
