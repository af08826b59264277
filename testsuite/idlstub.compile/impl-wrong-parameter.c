/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an implementation's parameter types must match.  Every
   difference is in one error, with the caret on the first differing
   parameter and a note at each (issue 19, item 2: they used to come
   one at a time, with the caret on the name).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) long small (idl_binding_t *b, short a, long c, short d); /* { dg-message "operation 'small' declared here" } */
long small_impl (idl_call_t *call, short a, int c, char d); /* { dg-error "49: implementation 'small_impl' does not match operation 'small' in the types of parameters 3 and 4" } */
/* { dg-message "49: parameter 3 of implementation 'small_impl' has type 'int' but operation 'small' passes 'long int'" "" { target *-*-* } .-1 } */
/* { dg-message "57: parameter 4 of implementation 'small_impl' has type 'char' but operation 'small' passes 'short int'" "" { target *-*-* } .-2 } */
