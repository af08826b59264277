/* { dg-do compile } */
/* Area: diagnostics
   Purpose: each interface that reuses an id is an error of its own, with
   a note at the interface that had it first (issue 17).  */

#include <idlstub.h>

IDL_INTERFACE (a, 1, 1); /* { dg-message "note: 'a' has id 0x1" } */
IDL_INTERFACE (b, 2, 1); /* { dg-message "note: 'b' has id 0x2" } */
IDL_INTERFACE (c, 1, 1); /* { dg-error "interface 'c' reuses id 0x1 of interface 'a'" } */
IDL_INTERFACE (d, 2, 1); /* { dg-error "interface 'd' reuses id 0x2 of interface 'b'" } */
