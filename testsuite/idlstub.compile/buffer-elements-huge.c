/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a buffer whose elements are larger than a message is an
   error, whatever their size: a 2^62-byte element crashed the test
   generator (its size, kept in 32 bits, became 0, so the bound check
   passed), and a 4 GiB + 1 byte one was laid out as 1-byte elements.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct vast { char c[1ULL << 62]; };
struct four_gib_and_one { char c[4294967297ULL]; };
struct four_gib { char c[4294967296ULL]; };
struct just_over { char c[1073741825]; };
struct fits { char c[1073741824]; };

IDL_OP (calc, 1) void f1 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 1) IDL_IN const struct vast *p); /* { dg-error "buffer 'p' has elements of 4611686018427387904 bytes; a message item carries at most 1073741824" } */
IDL_OP (calc, 2) void f2 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 1) IDL_OUT struct four_gib_and_one *p); /* { dg-error "buffer 'p' has elements of 4294967297 bytes" } */
IDL_OP (calc, 3) void f3 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 2) IDL_INOUT struct four_gib *p); /* { dg-error "buffer 'p' has elements of 4294967296 bytes" } */
IDL_OP (calc, 4) void f4 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 1) IDL_IN const struct just_over *p); /* { dg-error "buffer 'p' has elements of 1073741825 bytes" } */
IDL_OP (calc, 5) void f5 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 2) IDL_IN const struct fits *p); /* { dg-error "buffer 'p' may hold 2147483648 bytes; 'IDL_SIZE_IS' allows at most 1073741824 bytes" } */
IDL_OP (calc, 6) void f6 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 1) IDL_IN const struct fits *p);
__attribute__ ((__access__ (__read_only__, 2, 3)))
IDL_OP (calc, 7) void f7 (idl_binding_t *b, IDL_MAX (1) const struct vast *p, unsigned n); /* { dg-error "buffer 'p' has elements of 4611686018427387904 bytes" } */
