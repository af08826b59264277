/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the reply is too large: an out buffer and an out string whose
   bounds add up to more than 65536 bytes (the request is small) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, /* { dg-error "the messages of operation 'f' do not fit" } */
			 IDL_OUT IDL_SIZE_IS (n, 40000) unsigned char *p,
			 IDL_OUT IDL_STRING (30000) char *s,
			 unsigned n);
