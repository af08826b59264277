/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an IDL_OP that GCC drops is reported when the front end is
   done, as the IPA passes start: as the only error of a file with
   function bodies it used to be followed by an internal compiler error
   ("confused by earlier errors"), the passes that lower the bodies
   being gated off by it and a later one finding them unlowered.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) struct s { int a; }; /* { dg-error "'IDL_OP' annotates no declarator" } */
/* { dg-message "write 'IDL_OP" "" { target *-*-* } .-1 } */

static int twice (int x) { return 2 * x; }
int f (int x) { return twice (x) + 1; }
/* { dg-bogus "confused|internal compiler error" "" { target *-*-* } 0 } */
