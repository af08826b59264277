/* { dg-do compile } */
/* Area: diagnostics
   Purpose: every bad parameter of a prototype is reported, not only the first */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct s { int a; int *next; }; /* { dg-message "fixed-size array member" } */
IDL_OP (calc, 1) void f (idl_binding_t *b,
			 long *p,	/* { dg-error "pointer parameter 'p'" } */
			 struct s v,	/* { dg-error "parameter 'v': 'struct s' has pointer member 'next'" } */
			 void (*cb) (void)); /* { dg-error "parameter 'cb' is a function pointer" } */
/* { dg-message "mark it" "" { target *-*-* } 11 } */
