/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a buffer of structures that hold a pointer (a linked list)
   cannot cross; the note points at the member */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct node
{
  int value;
  struct node *next; /* { dg-message "use a fixed-size array member, or pass what it points to as a parameter of its own" } */
};

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 10) const struct node *p, /* { dg-error "parameter 'p': 'const struct node' has pointer member 'next'" } */
			 unsigned n);
