/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a string's length is where its NUL is: IDL_LENGTH_IS on a
   string is refused */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_STRING (10) IDL_LENGTH_IS (len) char *s, /* { dg-error "string 's' takes its bound from 'IDL_STRING'; it cannot also be a buffer" } */
			 IDL_OUT unsigned *len);
