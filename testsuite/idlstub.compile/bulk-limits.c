/* { dg-do compile } */
/* Area: diagnostics (large buffers, issue 20)
   Purpose: bulk operations' limits, each reported at the user's line and
   naming what was written: more than IDL_BULK_ITEMS (8) strings and
   buffers over the page in one operation, a one-way operation with one,
   an IDL_MAX bound over 1 GiB; an operation of exactly 8 bulk items, of
   in, out and inout items together, and one mixing a bulk item with
   small ones in the page are accepted.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void nine (idl_binding_t *b, unsigned n,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p1,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p2,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p3,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p4,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p5,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p6,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p7,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p8,
			    IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p9); /* { dg-error "operation 'nine' has 9 strings and buffers that do not fit the page of a message together; at most 8 \\('IDL_BULK_ITEMS'\\) may travel beside it, and 'p9' is one more \\(bound by 'IDL_SIZE_IS'\\)" } */

IDL_OP (calc, 2) void eight (idl_binding_t *b, unsigned n,
			     IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p1,
			     IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p2,
			     IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p3,
			     IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p4,
			     IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p5,
			     IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p6,
			     IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p7,
			     IDL_IN IDL_SIZE_IS (n, 100000) const unsigned char *p8);

IDL_OP (calc, 3) IDL_ONEWAY void post (idl_binding_t *b,
					IDL_IN IDL_STRING (70000) const char *s); /* { dg-error "one-way operation 'post': the 'IDL_STRING' bound of 's', 70001 bytes, does not fit the page of a message \\(65536 bytes\\)" } */

__attribute__ ((__access__ (__read_only__, 2, 3)))
IDL_OP (calc, 4) void acc (idl_binding_t *b,
			   IDL_MAX (1073741825) const char *p, unsigned n); /* { dg-error "bound '1073741825' of 'IDL_MAX' is out of range; it must be between 1 and 1073741824" } */

__attribute__ ((__access__ (__read_only__, 2, 3)))
IDL_OP (calc, 5) void acc_big (idl_binding_t *b,
			       IDL_MAX (300000000) const int *p, unsigned n); /* { dg-error "buffer 'p' may hold 1200000000 bytes; 'IDL_MAX' allows at most 1073741824 bytes" } */

IDL_OP (calc, 6) int every (idl_binding_t *b,
			    IDL_IN IDL_STRING (1 << 20) const char *name,
			    IDL_OUT IDL_STRING (1 << 20) char *reply,
			    IDL_INOUT IDL_SIZE_IS (cap, 1 << 28)
			      IDL_LENGTH_IS (len) unsigned *w,
			    unsigned cap, IDL_INOUT unsigned *len,
			    IDL_IN IDL_STRING (100) const char *small,
			    IDL_OUT IDL_SIZE_IS (m, 10) short *tiny,
			    unsigned m);

int
use (idl_binding_t *b, char *r, unsigned *w, unsigned *len, short *t)
{
  eight (b, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  return every (b, "x", r, w, 10, len, "y", t, 10);
}
