/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an unnamed parameter that is not a pointer but is marked
   IDL_OUT or IDL_INOUT gets its error at the user's line, naming the
   macro, and nothing more: the error used to point into idlstub.h and
   be followed by "confused by earlier errors, bailing out".  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

/* { dg-bogus "anonymous|confused" "" { target *-*-* } 0 } */
IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_OUT long); /* { dg-error "'IDL_OUT' parameter '<unnamed>' is not a pointer" } */
/* { dg-message "needs a pointer to land in, as in 'long int \\*'" "" { target *-*-* } .-1 } */
IDL_OP (calc, 2) void g (idl_binding_t *b, int x, IDL_INOUT int); /* { dg-error "'IDL_INOUT' parameter '<unnamed>' is not a pointer" } */
/* { dg-message "needs a pointer" "" { target *-*-* } .-1 } */
IDL_OP (calc, 3) void h (idl_binding_t *b, IDL_OUT void); /* { dg-error "'IDL_OUT' parameter '<unnamed>' is not a pointer" } */
/* { dg-message "needs a pointer" "" { target *-*-* } .-1 } */
/* { dg-error "'void' must be the only parameter" "GCC's own" { target *-*-* } 0 } */
IDL_OP (calc, 4) void k (idl_binding_t *b, IDL_OUT const long *); /* { dg-error "points to const" } */
/* A named one in the same prototype is still named.  */
IDL_OP (calc, 5) void m (idl_binding_t *b, IDL_OUT long v, IDL_OUT long); /* { dg-error "'IDL_OUT' parameter 'v' is not a pointer" } */
/* { dg-error "'IDL_OUT' parameter '<unnamed>' is not a pointer" "" { target *-*-* } .-1 } */
/* { dg-message "needs a pointer to land in, as in 'long int \\*v'" "" { target *-*-* } .-2 } */
/* { dg-message "needs a pointer to land in, as in 'long int \\*'" "" { target *-*-* } .-3 } */
