/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the bound of a buffer counts elements: 300000000 ints are
   1200000000 bytes, more than a bulk item carries (IDL_BULK_MAX, 1 GiB;
   it was the page's 65536 bytes before bulk items), the product
   computed without overflow */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 300000000) const int *p, /* { dg-error "buffer 'p' may hold 1200000000 bytes; 'IDL_SIZE_IS' allows at most 1073741824 bytes" } */
			 unsigned n);
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 134217729) double *p, /* { dg-error "buffer 'p' may hold 1073741832 bytes" } */
			 unsigned n);
struct big { char c[1 << 20]; };
IDL_OP (calc, 4) void k (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 1073741824) const struct big *p, /* { dg-error "buffer 'p' may hold 1125899906842624 bytes" } */
			 unsigned n);

/* Exactly 1 GiB is fine, and so are 65536 and 80000 bytes.  */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 268435456) const int *p,
			 unsigned n);
IDL_OP (calc, 5) void m (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 16384) const int *p,
			 unsigned n);
IDL_OP (calc, 6) void o (idl_binding_t *b,
			 IDL_IN IDL_SIZE_IS (n, 20000) const int *p,
			 unsigned n);
