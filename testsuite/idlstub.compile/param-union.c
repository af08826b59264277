/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a union that may hold a pointer cannot cross, nested inside a
   structure or not.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

union u { int i; void *p; }; /* { dg-message "fixed-size array member" } */
struct outer { int tag; union u v; };

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN const struct outer *o); /* { dg-error "parameter 'o': 'struct outer' has pointer member 'p'" } */
