/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an array parameter larger than a message */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN int a[70000]); /* { dg-error {parameter 'a': 'int\[70000\]' is larger than a message can carry \(65536 bytes\)} } */
