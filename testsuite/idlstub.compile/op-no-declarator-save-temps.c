/* { dg-do compile } */
/* { dg-options "-save-temps" } */
/* Area: diagnostics
   Purpose: preprocessed on its own (-save-temps, or -E and then the
   .i), a file keeps the pragma by which IDL_OP tells the plugin it was
   written: a dropped IDL_OP is still reported, and the others are
   not.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) struct s { int a; }; /* { dg-error "'IDL_OP' annotates no declarator" } */
/* { dg-message "write 'IDL_OP" "" { target *-*-* } .-1 } */
IDL_OP (calc, 2) long fine (idl_binding_t *b, long x);
long use (idl_binding_t *b) { return fine (b, 1); }
