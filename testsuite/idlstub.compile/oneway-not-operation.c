/* { dg-do compile } */
/* Area: diagnostics
   Purpose: IDL_ONEWAY without IDL_OP */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_ONEWAY void f (idl_binding_t *b); /* { dg-error "'f' is marked 'IDL_ONEWAY' but is not an operation; add 'IDL_OP \\(iface, number\\)'" } */
IDL_ONEWAY int v; /* { dg-error "'IDL_ONEWAY' applies only to operation prototypes" } */
