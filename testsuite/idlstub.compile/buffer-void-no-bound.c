/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an IDL_IN void pointer without IDL_SIZE_IS: nothing says how
   many bytes to send */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN const void *p); /* { dg-error "parameter 'p' points to 'void', which cannot cross a process boundary" } */
