/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a record result must be flat, as a record parameter must:
   a pointer member (deep inside too), a function pointer, a flexible
   array member; the error names the operation's result, the note
   points at the member */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct inner { int x; int *ptr; }; /* { dg-message "use a fixed-size array member, or pass what it points to as a parameter of its own" } */
struct outer { long z; struct inner in[2]; };
struct callback { void (*fn) (int); }; /* { dg-message "the address of a function is only valid in its own process" } */
struct flexible { int n; char data[]; }; /* { dg-message "give it a size" } */
union choice { long l; const char *s; }; /* { dg-message "use a fixed-size array member" } */

IDL_OP (calc, 1) struct outer f (idl_binding_t *b); /* { dg-error "result of operation 'f': 'struct outer' has pointer member 'ptr', which means nothing in another process" } */
IDL_OP (calc, 2) struct callback g (idl_binding_t *b); /* { dg-error "result of operation 'g': 'struct callback' has pointer member 'fn'" } */
IDL_OP (calc, 3) struct flexible h (idl_binding_t *b); /* { dg-error "result of operation 'h': 'struct flexible' has a flexible array member 'data'; only records of a fixed size can cross" } */
IDL_OP (calc, 4) union choice k (idl_binding_t *b); /* { dg-error "result of operation 'k': 'union choice' has pointer member 's'" } */
