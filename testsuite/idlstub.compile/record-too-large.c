/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a structure larger than a message, by value and by pointer */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct big { char data[65537]; };

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN const struct big *p); /* { dg-error {parameter 'p': 'struct big' is larger than a message can carry \(65536 bytes\)} } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 struct big v); /* { dg-error "parameter 'v': 'struct big' is larger than a message can carry" } */
