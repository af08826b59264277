/* { dg-do compile } */
/* Area: diagnostics
   Purpose: idl_dispatcher on a function of the wrong type */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

extern int my_dispatch (int) __attribute__ ((idl_dispatcher (calc))); /* { dg-error "dispatcher 'my_dispatch' must be declared as" } */
