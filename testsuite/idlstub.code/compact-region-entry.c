/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-mode=compact" } */
/* Area: code
   Purpose: a compact client stub of an operation with regions calls the
   engine's region entry points (idl_compact_call_region, with bulk
   items idl_compact_call_bulk_region), which prepare the regions; the
   others keep theirs, so that a program without regions links no
   region code from the client side (runtime/compact-client-region.c).  */

#include <idlstub.h>

IDL_INTERFACE (reg, 0x31, 1);

IDL_OP (reg, 1) int put (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *r);
IDL_OP (reg, 2) int big (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 1 << 20) const unsigned char *p,
			 unsigned n, IDL_INOUT IDL_REGION idl_region_t *r);
IDL_OP (reg, 3) int fd (idl_binding_t *b, IDL_FD int fd, IDL_OUT long *y);
IDL_OP (reg, 4) int bulk (idl_binding_t *b,
			  IDL_IN IDL_SIZE_IS (n, 1 << 20) const unsigned char *p,
			  unsigned n);

int
call_all (idl_binding_t *b, idl_region_t *r, const unsigned char *p,
	  unsigned n)
{
  long y;
  return put (b, r) + big (b, p, n, r) + fd (b, 0, &y) + bulk (b, p, n);
}

/* { dg-final { scan-assembler-times "call\[ \t\]+idl_compact_call_region\\M" 1 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+idl_compact_call_bulk_region\\M" 1 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+idl_compact_call_bulk\\M" 1 } } */
/* { dg-final { scan-assembler "call\[ \t\]+idl_compact_call\\M" } } */
