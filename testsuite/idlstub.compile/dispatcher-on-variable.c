/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the dispatcher attribute on a variable (not named calc_dispatch:
   the plugin declares that function at IDL_INTERFACE) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

__attribute__ ((__idl_dispatcher__ (calc))) int my_dispatch; /* { dg-error "'idl_dispatcher' attribute applies only to a dispatcher declaration; use 'IDL_SERVER \\(iface\\)'" } */
