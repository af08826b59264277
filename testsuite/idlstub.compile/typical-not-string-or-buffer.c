/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_TYPICAL is a typical size for a string or a buffer; on a
   scalar it means nothing and must not be accepted silently (an error
   or a warning both do) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_TYPICAL (5) int v); /* { dg-message "IDL_TYPICAL|idl_typical" } */
