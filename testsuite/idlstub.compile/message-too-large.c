/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a request that does not fit the message registers */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

#define L8(p) long p##0, long p##1, long p##2, long p##3, long p##4, long p##5, long p##6, long p##7
IDL_OP (calc, 1) void f (idl_binding_t *b, L8(a), L8(b), L8(c), L8(d), L8(e), L8(f), L8(g), L8(h)); /* { dg-error "the messages of operation 'f' do not fit in 63 message words" } */
