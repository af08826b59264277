/* { dg-do compile } */
/* Area: diagnostics
   Purpose: idl_interface belongs on the descriptor IDL_INTERFACE defines */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

__attribute__ ((idl_interface (1, 1))) void f (void); /* { dg-error "'idl_interface' attribute applies only to an interface descriptor" } */
__attribute__ ((idl_interface (1, 1))) int x; /* { dg-error "interface descriptor 'x' must have type 'idl_interface_t'" } */
