/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_FAILS and IDL_FAILS_ERRNO need an operation whose
   integer result can hold the failure value; each mistake is an error
   at the operation, naming the macro.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) IDL_FAILS (-1) void f1 (idl_binding_t *b); /* { dg-error "'IDL_FAILS' on operation 'f1', which returns nothing" } */
IDL_OP (calc, 2) IDL_ONEWAY IDL_FAILS_ERRNO void f2 (idl_binding_t *b); /* { dg-error "'IDL_FAILS_ERRNO' on operation 'f2', which returns nothing" } */
IDL_OP (calc, 3) IDL_FAILS (-1) double f3 (idl_binding_t *b); /* { dg-error "'IDL_FAILS' on operation 'f3', which returns 'double': a failure value needs an integer result" } */
IDL_OP (calc, 4) IDL_FAILS (300) unsigned char f4 (idl_binding_t *b); /* { dg-error "failure value '300' of operation 'f4' does not fit its result type 'unsigned char'" } */
IDL_OP (calc, 5) IDL_FAILS (-1) unsigned f5 (idl_binding_t *b); /* { dg-error "failure value '-1' of operation 'f5' does not fit its result type 'unsigned int'" } */
IDL_OP (calc, 6) IDL_FAILS_ERRNO unsigned f6 (idl_binding_t *b); /* { dg-error "'IDL_FAILS_ERRNO' on operation 'f6', which returns 'unsigned int': a negated errno code needs a signed result at least as wide as 'int'" } */
/* { dg-message "use 'IDL_FAILS \\(value\\)'" "" { target *-*-* } .-1 } */
IDL_OP (calc, 7) IDL_FAILS_ERRNO short f7 (idl_binding_t *b); /* { dg-error "'IDL_FAILS_ERRNO' on operation 'f7', which returns 'short int'" } */
/* { dg-message "use 'IDL_FAILS \\(value\\)' for a value 'short int' can hold" "" { target *-*-* } .-1 } */
IDL_OP (calc, 8) IDL_FAILS (-1) _Bool f8 (idl_binding_t *b); /* { dg-error "'IDL_FAILS' on operation 'f8', which returns '_Bool'" } */

extern int n;
IDL_OP (calc, 9) IDL_FAILS (n) int f9 (idl_binding_t *b); /* { dg-error "the value of 'IDL_FAILS' must be an integer constant" } */
IDL_OP (calc, 10) IDL_FAILS (-1) IDL_FAILS_ERRNO int f10 (idl_binding_t *b); /* { dg-error "operation 'f10' has two failure values \\('IDL_FAILS' and 'IDL_FAILS_ERRNO'\\)" } */

IDL_FAILS (-1) int not_op (int x); /* { dg-error "'not_op' is marked 'IDL_FAILS' but is not an operation" } */

IDL_OP (calc, 11) IDL_FAILS (-1) int f11 (idl_binding_t *b);
IDL_OP (calc, 11) IDL_FAILS (-2) int f11 (idl_binding_t *b); /* { dg-error "operation 'f11' redeclared with another failure value" } */
/* { dg-message "first declared here" "" { target *-*-* } .-2 } */

/* What is right compiles.  */
enum status { ST_OK, ST_FAILED = 9 };
IDL_OP (calc, 12) IDL_FAILS (-1) int g1 (idl_binding_t *b);
IDL_OP (calc, 13) IDL_FAILS (ST_FAILED) enum status g2 (idl_binding_t *b);
IDL_OP (calc, 14) IDL_FAILS_ERRNO long g3 (idl_binding_t *b);
IDL_OP (calc, 15) IDL_FAILS (255) unsigned char g4 (idl_binding_t *b);
IDL_OP (calc, 15) IDL_FAILS (255) unsigned char g4 (idl_binding_t *b);
