/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an operation declared through a typedef of a function type
   has parameters without declarations, which cannot carry
   annotations: one that needs none is fine (op-storage.c runs one);
   one that needs one is an error saying why.  The message used to be
   "parameter 2 has no declaration".  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

typedef long fine_t (idl_binding_t *b, long x, double y);
typedef long ptr_t (idl_binding_t *b, long *p);

IDL_OP (calc, 1) fine_t fine;
IDL_OP (calc, 2) ptr_t ptr; /* { dg-error "pointer parameter '<parameter 2>' of an operation needs a direction" } */
/* { dg-message "mark it 'IDL_IN'" "" { target *-*-* } .-1 } */
/* { dg-message "'ptr' is declared through a function type name, whose parameters cannot carry annotations; write its prototype out" "" { target *-*-* } .-2 } */
/* { dg-bogus "has no declaration" "" { target *-*-* } 0 } */
