/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a parameter of type void (GCC only warns) is an error: GCC's
   list of parameter types would end there, and the operation would
   silently lose it and every parameter after it (found by the mutation
   fuzzer: 'long large (idl_binding_t *b, void a, long c, ...)' gave a
   client stub with the binding only, and a test program whose
   implementation could not be written).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long large (idl_binding_t *b, void a, /* { dg-error "parameter 2 of operation 'large' has type 'void', which carries no value" } */
			     long c, long d);
/* { dg-warning "has void type" "" { target *-*-* } .-2 } */
IDL_OP (calc, 2) long last (idl_binding_t *b, long c,
			    void z); /* { dg-error "parameter 3 of operation 'last' has type 'void'" } */
/* { dg-warning "has void type" "" { target *-*-* } .-1 } */

/* Still fine: no parameters but the binding.  */
IDL_OP (calc, 3) long none (idl_binding_t *b);
