/* { dg-do compile } */
/* Area: without the plugin
   Purpose: IDL_SERVER without -fplugin=idlstub is a compile-time error
   that says what to do.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);

IDL_SERVER (calc); /* { dg-error "IDL_SERVER needs the idlstub plugin: compile with -fplugin=idlstub" } */
