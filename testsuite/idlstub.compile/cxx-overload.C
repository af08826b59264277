/* { dg-do compile } */
/* Area: diagnostics, C++
   Purpose: in C++ an overloaded operation used to get no stub, found
   only at link time; it is an error at the overload (issue 19,
   item 6).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x); /* { dg-message "operation 'long int tiny\\(idl_binding_t\\*, long int\\)' declared here" } */
IDL_OP (calc, 2) long tiny (idl_binding_t *b, short x); /* { dg-error "operation 'long int tiny\\(idl_binding_t\\*, short int\\)' overloads operation 'long int tiny\\(idl_binding_t\\*, long int\\)'; the stubs and the '_impl' implementations are found by name" } */
