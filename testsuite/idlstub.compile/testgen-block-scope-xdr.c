/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-xdr-testgen=testgen-block-scope-xdr-prog.c" } */
/* Area: diagnostics
   Purpose: the XDR test generator's program, like the test
   generator's (testgen-block-scope.c), calls every operation from file
   scope: one declared in a block (or of an interface declared in one)
   is out of its reach, an error rather than a program that does not
   compile.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);

void
f (void)
{
  IDL_OP (calc, 2) long local_op (idl_binding_t *b, long x); /* { dg-error "'-fplugin-arg-idlstub-xdr-testgen': operation 'local_op' is declared in a block, where the test program cannot call it" } */
}

void
g (void)
{
  IDL_INTERFACE (inner, 0x11, 1);
  IDL_OP (inner, 1) long inner_op (idl_binding_t *b, long x); /* { dg-error "operation 'inner_op' is declared in a block" } */
}
