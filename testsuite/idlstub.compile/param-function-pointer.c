/* { dg-do compile } */
/* Area: diagnostics
   Purpose: function pointers cannot cross a process boundary */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 void (*cb) (int)); /* { dg-error "parameter 'cb' is a function pointer, which cannot cross a process boundary" } */
