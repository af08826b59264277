/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-mode=compact" } */
/* Area: diagnostics (zero-copy handover, issue 20)
   Purpose: compact mode does not carry regions: an IDL_REGION
   parameter is an error naming the mode, at the parameter.  */

#include <idlstub.h>

IDL_INTERFACE (reg, 0x31, 1);

IDL_OP (reg, 1) int put (idl_binding_t *b,
			 IDL_IN IDL_REGION idl_region_t *r); /* { dg-error "'IDL_REGION' parameter 'r': compact mode \\('-fplugin-arg-idlstub-mode=compact'\\) does not support regions; build this operation in fast mode" } */
IDL_OP (reg, 2) int fill (idl_binding_t *b,
			  IDL_OUT IDL_REGION idl_region_t *r); /* { dg-error "compact mode" } */
IDL_OP (reg, 3) int fine (idl_binding_t *b, IDL_FD int fd);
