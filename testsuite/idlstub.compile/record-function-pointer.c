/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a structure with a function pointer member cannot cross.  A
   function cannot be passed "as a parameter of its own", so the note at
   the member must not suggest it.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct ops
{
  int flags;
  /* { dg-bogus "pass what it points to" "no advice to pass a function" { target *-*-* } 15 } */
  void (*on_event) (int); /* { dg-message "note:" "a note at the member" } */
};

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 struct ops o); /* { dg-error "parameter 'o': 'struct ops' has pointer member 'on_event'" } */
