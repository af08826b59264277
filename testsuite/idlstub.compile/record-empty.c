/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a record of size zero (GNU C's empty struct or union, one of
   zero-length arrays or of zero-width bit-fields, an array of them)
   has no byte to send or receive: an error in every direction, where
   an out or inout one used to crash the plugin.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct empty { };
union nothing { };
struct zero { int a[0]; };
struct bits { int : 0; };
struct holds { struct empty e[4]; };

IDL_OP (calc, 1) void f1 (idl_binding_t *b, IDL_OUT struct empty *x); /* { dg-error "'x': 'struct empty' has size zero" } */
/* { dg-message "remove the parameter, or give 'struct empty' a member" "" { target *-*-* } .-1 } */
IDL_OP (calc, 2) void f2 (idl_binding_t *b, IDL_INOUT struct empty *x); /* { dg-error "'struct empty' has size zero" } */
/* { dg-message "remove the parameter" "" { target *-*-* } .-1 } */
IDL_OP (calc, 3) void f3 (idl_binding_t *b, IDL_IN const struct empty *x); /* { dg-error "'struct empty' has size zero" } */
/* { dg-message "remove the parameter" "" { target *-*-* } .-1 } */
IDL_OP (calc, 4) void f4 (idl_binding_t *b, struct empty x); /* { dg-error "'struct empty' has size zero" } */
/* { dg-message "remove the parameter" "" { target *-*-* } .-1 } */
IDL_OP (calc, 5) void f5 (idl_binding_t *b, IDL_OUT union nothing *x); /* { dg-error "'union nothing' has size zero" } */
/* { dg-message "remove the parameter" "" { target *-*-* } .-1 } */
IDL_OP (calc, 6) void f6 (idl_binding_t *b, IDL_INOUT struct zero *x); /* { dg-error "'struct zero' has size zero" } */
/* { dg-message "remove the parameter" "" { target *-*-* } .-1 } */
IDL_OP (calc, 7) void f7 (idl_binding_t *b, IDL_OUT struct bits *x); /* { dg-error "'struct bits' has size zero" } */
/* { dg-message "remove the parameter" "" { target *-*-* } .-1 } */
IDL_OP (calc, 8) void f8 (idl_binding_t *b, IDL_OUT struct holds *x); /* { dg-error "'struct holds' has size zero" } */
/* { dg-message "remove the parameter" "" { target *-*-* } .-1 } */
IDL_OP (calc, 9) void f9 (idl_binding_t *b, IDL_OUT struct empty x[3]); /* { dg-error "'struct empty.3.' has size zero" } */
/* { dg-message "remove the parameter" "" { target *-*-* } .-1 } */

/* A member of size zero beside others is no problem.  */
struct some { int a; struct empty e; };
IDL_OP (calc, 10) void f10 (idl_binding_t *b, IDL_INOUT struct some *x);
