/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an IDL_OP that ends up on the function IDL_ONC_PROGRAM
   declares (left at the end of a header, as before an IDL_SERVER:
   dispatcher-op.c) is an error at the user's IDL_ONC_PROGRAM, not a
   complaint that the operation has no binding (an excess error).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2)
IDL_ONC_PROGRAM (calc, 0x20000010); /* { dg-error "'calc_idl_onc_program' is declared as an operation \\('IDL_OP'\\) and by 'IDL_ONC_PROGRAM'; it can only be one" } */
