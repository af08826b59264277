/* { dg-do compile } */
/* Area: diagnostics (zero-copy handover, issue 20; calls between
   machines)
   Purpose: a region is memory shared on one machine: an interface that
   asks for the network is told at the operation; one that does not
   ask gets no error (its ONC table marks the operation unsupported,
   IDL_E_UNSUPPORTED at call time).  */

#include <idlstub.h>

IDL_INTERFACE (net, 0x32, 1);
IDL_INTERFACE (local, 0x33, 1);

IDL_OP (net, 1) int put (idl_binding_t *b,
			 IDL_IN IDL_REGION idl_region_t *r); /* { dg-error "operation 'put' cannot cross the network: parameter 'r': it is a region \\(IDL_REGION\\), memory shared on one machine" } */
IDL_OP (net, 2) long fine (idl_binding_t *b, long x);

IDL_ONC_PROGRAM (net, 0x20000126); /* { dg-message "asks for the network here" } */

IDL_OP (local, 1) int fill (idl_binding_t *b,
			    IDL_OUT IDL_REGION idl_region_t *r);
