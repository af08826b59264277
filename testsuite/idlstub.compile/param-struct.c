/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a structure with a pointer member cannot cross by value: the
   pointer means nothing in the server; the note is at the member.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct named { int id; const char *name; }; /* { dg-message "use a fixed-size array member" } */

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 struct named pt); /* { dg-error "parameter 'pt': 'struct named' has pointer member 'name', which means nothing in another process" } */
