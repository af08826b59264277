/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a pointer deep inside a structure (in an array of structures
   inside a structure inside the parameter's structure) is found; the
   error names the parameter, the note points at the member */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct inner { int x; int *ptr; }; /* { dg-message "use a fixed-size array member, or pass what it points to as a parameter of its own" } */
struct middle { int y; struct inner in[2]; };
struct outer { long z; struct middle m; };

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN const struct outer *o); /* { dg-error "parameter 'o': 'struct outer' has pointer member 'ptr', which means nothing in another process" } */
