/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an IDL_OUT descriptor passed by value: the problem is that it
   is not a pointer, and the note shows the pointer to write */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_FD int fd); /* { dg-error "'IDL_OUT' parameter 'fd' is not a pointer" } */
/* { dg-message "needs a pointer to land in, as in 'int \\*fd'" "" { target *-*-* } .-1 } */
