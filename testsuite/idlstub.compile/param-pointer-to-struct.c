/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a structure with a flexible array member has no fixed size, so
   it cannot move en bloc; the note says what to do instead.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct msg { int len; char data[]; }; /* { dg-message "give it a size, and pass variable data as a separate 'IDL_SIZE_IS' buffer" } */

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN struct msg *p); /* { dg-error "parameter 'p': 'struct msg' has a flexible array member 'data'" } */
