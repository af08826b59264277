/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a union with a pointer member cannot cross, by value or
   through a pointer, nor can a struct holding such a union */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

union value { long i; const char *s; }; /* { dg-message "use a fixed-size array member" } */
struct tagged { int tag; union { double d; void *p; } u; }; /* { dg-message "use a fixed-size array member" } */

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 union value v); /* { dg-error "parameter 'v': 'union value' has pointer member 's'" } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_INOUT union value *v); /* { dg-error "parameter 'v': 'union value' has pointer member 's'" } */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 struct tagged t); /* { dg-error "parameter 't': 'struct tagged' has pointer member 'p'" } */
