/* { dg-do compile } */
/* Area: code
   Purpose: an operation's entry in its interface's table of operations
   (number and signature hash, model.cc) depends on the operation
   alone.  A record parameter has no scalar value, and the hash read
   the one its idl_param never set: the stack's leftover, which changed
   from one compilation to the next (code.exp compiles this file four
   times and compares).  Within one, g is the same operation in both
   interfaces, after an f that differs: its entries must be equal.  */

#include <idlstub.h>

struct s { int a, b; };

IDL_INTERFACE (bh1, 0xb41, 1);
IDL_OP (bh1, 1) void f1 (idl_binding_t *b, long x);
IDL_OP (bh1, 2) void g1 (idl_binding_t *b, IDL_IN struct s *p);

IDL_INTERFACE (bh2, 0xb42, 1);
IDL_OP (bh2, 1) void f2 (idl_binding_t *b, short x);
IDL_OP (bh2, 2) void g2 (idl_binding_t *b, IDL_IN struct s *p);

const void *use[] = { &bh1, &bh2 };

/* The two tables, in either order: the second entries are equal.  */
/* { dg-final { scan-assembler {bh[12]\.idl_ops:\s+\.quad\s+\d+\s+\.quad\s+(\d+)\s.*bh[12]\.idl_ops:\s+\.quad\s+\d+\s+\.quad\s+\1\s} } } */
