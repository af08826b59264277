/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an IDL_OP that ends up on a dispatcher's declaration (left
   at the end of a header, before the IDL_SERVER of the file that
   includes it) is an error at the user's IDL_SERVER: the dispatcher
   was checked as an operation and the errors pointed into idlstub.h
   (found by the mutation fuzzer).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1)
IDL_SERVER (calc); /* { dg-error "'calc_dispatch' is declared as an operation \\('IDL_OP'\\) and as a dispatcher \\('IDL_SERVER'\\); it can only be one" } */
