/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an interface has one dispatcher.  A second one for it used
   to win silently, leaving the first undefined; one function declared
   as the dispatcher of two interfaces (two block-scope IDL_SERVERs of
   two interfaces of one name) cannot serve both.  */

#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long f (idl_binding_t *b, long x);

IDL_SERVER (calc); /* { dg-message "'calc_dispatch' declared here" } */
extern uint64_t other_dispatch (idl_call_t *, uint64_t *) __attribute__ ((__idl_dispatcher__ (calc))); /* { dg-error "interface 'calc' has a dispatcher already, 'calc_dispatch'; a second one, 'other_dispatch', would be left undefined" } */
IDL_SERVER (calc); /* the same declaration again: fine */

void
first (void)
{
  IDL_INTERFACE (x, 0x21, 1);
  IDL_SERVER (x);
}

void
second (void)
{
  IDL_INTERFACE (x, 0x22, 1);
  IDL_SERVER (x); /* { dg-error "dispatcher 'x_dispatch' is declared for two interfaces, 'x' and 'x'" } */
}
