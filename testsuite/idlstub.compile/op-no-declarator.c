/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_OP on a declaration that declares no function, only a
   tag (IDL_OP (calc, 2) struct s {...};), is an error at its line: GCC
   drops attributes of a declaration without declarators without a
   word, and the operation the user meant was never declared.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) struct s { int a; }; /* { dg-error "'IDL_OP' annotates no declarator" } */
/* { dg-message "write 'IDL_OP \\(iface, number\\)' before an operation's prototype" "" { target *-*-* } .-1 } */
IDL_OP (calc, 2) union u { int a; long b; }; /* { dg-error "'IDL_OP' annotates no declarator" } */
/* { dg-message "write 'IDL_OP" "" { target *-*-* } .-1 } */
IDL_OP (calc, 3)
enum e { E0, E1 }; /* { dg-error "'IDL_OP' annotates no declarator" "" { target *-*-* } .-1 } */
/* { dg-message "write 'IDL_OP" "" { target *-*-* } .-2 } */

#define DECLARE_TAG(n, tag) IDL_OP (calc, n) struct tag { char c; };
DECLARE_TAG (4, t4) /* { dg-error "'IDL_OP' annotates no declarator" } */
/* { dg-message "write 'IDL_OP" "" { target *-*-* } .-1 } */

void
f (void)
{
  IDL_OP (calc, 5) struct local { int x; }; /* { dg-error "'IDL_OP' annotates no declarator" } */
  /* { dg-message "write 'IDL_OP" "" { target *-*-* } .-1 } */
}

/* With a declarator, the struct's definition is fine; the declarator is
   what is annotated (here wrongly: a variable).  */
IDL_OP (calc, 6) struct v { int a; } var; /* { dg-error "'IDL_OP' applies only to function prototypes" } */

/* And an operation after all that is one.  */
IDL_OP (calc, 7) long g (idl_binding_t *b, long x);
