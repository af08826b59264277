/* { dg-do compile } */
/* Area: diagnostics (zero-copy handover, issue 20)
   Purpose: the implementation of an operation with an IDL_REGION
   parameter takes the same idl_region_t * (the server's own view of
   the region), not a pointer and a length: a mismatched _impl is an
   error that names the type it must have.  */

#include <idlstub.h>

IDL_INTERFACE (reg, 0x34, 1);

IDL_OP (reg, 1) long sum (idl_binding_t *b, /* { dg-message "operation 'sum' declared here" } */
			  IDL_IN IDL_REGION idl_region_t *r);
IDL_OP (reg, 2) long fill (idl_binding_t *b,
			   IDL_OUT IDL_REGION idl_region_t *r);
IDL_SERVER (reg);

long
sum_impl (idl_call_t *call, const void *data) /* { dg-error "implementation 'sum_impl' does not match operation 'sum' in the type of parameter 2" } */
/* { dg-message "parameter 2 of implementation 'sum_impl' has type 'const void \\*' but operation 'sum' passes 'idl_region_t \\*'" "" { target *-*-* } .-1 } */
/* { dg-message "an 'IDL_REGION' parameter reaches the implementation as the region itself, 'idl_region_t \\*'" "" { target *-*-* } .-2 } */
{
  return data != 0;
}

long
fill_impl (idl_call_t *call, idl_region_t *r)
{
  return (long) idl_region_size (r);
}
