/* { dg-do compile } */
/* Area: diagnostics, C++
   Purpose: a reference parameter or result of an operation is an error
   at the parameter, not accepted without a word (issue 19, item 6).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) void get (idl_binding_t *b,
			   IDL_OUT long &x); /* { dg-error {parameter 'x' of operation '[^']*get[^']*' is a reference \('long int&'\); pass a pointer} } */
IDL_OP (calc, 2) long &ref (idl_binding_t *b); /* { dg-error {operation '[^']*ref[^']*' returns a reference; return a value} } */
