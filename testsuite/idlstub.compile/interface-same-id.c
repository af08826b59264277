/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a second interface with an id already used in the unit is an
   error at the second, with a note at the first, however the id is
   written (issue 17); other ids are fine.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1); /* { dg-message "note: 'calc' has id 0x10" } */
IDL_INTERFACE (shop, 0x11, 1); /* { dg-bogus "reuses" } */
IDL_INTERFACE (other, 16, 2); /* { dg-error "interface 'other' reuses id 0x10 of interface 'calc'; give each interface an id of its own" } */

IDL_OP (calc, 1) long add (idl_binding_t *b, long x, long y);
IDL_OP (other, 1) long sub (idl_binding_t *b, long x, long y);
