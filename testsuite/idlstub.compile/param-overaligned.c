/* { dg-do compile } */
/* Area: diagnostics
   Purpose: the server's implementation gets pointers into its message
   area, which the runtime aligns to 64 bytes, and into message words:
   a record, array element or value aligned beyond that (an aligned
   attribute, an aligned typedef) would be misaligned there, and code
   may rely on its alignment.  An error, where a buffer of 4096-byte
   aligned records used to reach the implementation misaligned (found
   by the mutation fuzzer's test programs).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct __attribute__ ((aligned (4096))) page { int a; };
struct __attribute__ ((aligned (64))) line { int a; };
typedef long along __attribute__ ((aligned (16)));
typedef struct line bigline __attribute__ ((aligned (128)));

IDL_OP (calc, 1) void f1 (idl_binding_t *b, unsigned n, IDL_SIZE_IS (n, 4) IDL_IN const struct page *p); /* { dg-error "parameter 'p': 'const struct page' is aligned to 4096 bytes; what crosses is aligned to at most 64 on the server" } */
IDL_OP (calc, 2) void f2 (idl_binding_t *b, IDL_OUT struct page *p); /* { dg-error "'struct page' is aligned to 4096 bytes" } */
IDL_OP (calc, 3) void f3 (idl_binding_t *b, struct page p); /* { dg-error "'struct page' is aligned to 4096 bytes" } */
IDL_OP (calc, 4) void f4 (idl_binding_t *b, IDL_OUT along *p); /* { dg-error "'along' {aka 'long int'} is aligned to 16 bytes; what crosses is aligned to at most 8 on the server" } */
IDL_OP (calc, 5) void f5 (idl_binding_t *b, IDL_INOUT bigline *p); /* { dg-error "is aligned to 128 bytes" } */

/* 64 bytes is fine, in every place.  */
IDL_OP (calc, 6) void f6 (idl_binding_t *b, IDL_INOUT struct line *p, struct line v, unsigned n, IDL_SIZE_IS (n, 4) IDL_IN const struct line *q);
