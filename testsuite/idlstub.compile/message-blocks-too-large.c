/* { dg-do compile } */
/* Area: diagnostics
   Purpose: two structures that each fit a message but not together */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct half { char data[40000]; };

IDL_OP (calc, 1) void f (idl_binding_t *b, /* { dg-error "the messages of operation 'f' do not fit" } */
			 IDL_IN const struct half *p,
			 IDL_IN const struct half *q);
