/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-testgen=buffer-elements-huge-testgen-prog.c" } */
/* Area: diagnostics
   Purpose: with the test generator on, buffers of elements larger than
   a message are errors too: a 2^62-byte element used to pass the
   plugin's checks and make the generator allocate a mask of 2^62
   bytes ("internal compiler error: Aborted", std::bad_alloc), a 4 GiB
   one took 75 s and 4.2 GB.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct vast { char c[1ULL << 62]; };
struct four_gib_and_one { char c[4294967297ULL]; };
struct four_gib { char c[4294967296ULL]; };

IDL_OP (calc, 1) void f1 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 1) IDL_IN const struct vast *p); /* { dg-error "buffer 'p' has elements of 4611686018427387904 bytes" } */
IDL_OP (calc, 2) void f2 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 1) IDL_OUT struct four_gib_and_one *p); /* { dg-error "buffer 'p' has elements of 4294967297 bytes" } */
IDL_OP (calc, 3) void f3 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 2) IDL_INOUT struct four_gib *p); /* { dg-error "buffer 'p' has elements of 4294967296 bytes" } */
