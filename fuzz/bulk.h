/* bulk.h -- the interface of the bulk and region fuzzer (bulk-harness.c).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Operations whose strings and buffers are over the page's payload
   (IDL_PAYLOAD_MAX), so that they travel as bulk items (idlrt-abi.h,
   "Bulk items"), in every direction, with and without IDL_LENGTH_IS,
   beside page items; and operations with IDL_REGION parameters, in and
   out, beside a plain descriptor (idlrt.h, "Regions").  The bounds are
   kept to a few hundred KiB, one of 1 MiB so that an item streams
   through more chunks than the ring has slots (ring.h): a fuzzer's
   requests must stay cheap.  */

#ifndef FUZZ_BULK_H
#define FUZZ_BULK_H

#include <stddef.h>
#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (fzbulk, 0xb17c, 1);

#define FZ_BIG (96u << 10)
#define FZ_HUGE (1u << 20)

/* A hash of IN; bytes of IN, N of them (a 1 MiB bound: a ring's
   item of more chunks than slots).  */
IDL_OP (fzbulk, 1) uint64_t bin (idl_binding_t *b,
				 IDL_IN IDL_SIZE_IS (n, FZ_HUGE)
				   const uint8_t *in, size_t n);
/* Fills WANT elements of OUT (over CAP on purpose when WANT says so),
   sets *LEN.  */
IDL_OP (fzbulk, 2) int bout (idl_binding_t *b, size_t want,
			     IDL_OUT IDL_SIZE_IS (cap, FZ_BIG)
			       IDL_LENGTH_IS (len) uint32_t *out,
			     size_t cap, IDL_OUT size_t *len);
/* An inout string beside a small in buffer in the page and an out
   string.  */
IDL_OP (fzbulk, 3) uint64_t bstr (idl_binding_t *b,
				  IDL_INOUT IDL_STRING (FZ_BIG) char *s,
				  IDL_IN IDL_SIZE_IS (n, 32) const uint8_t *small,
				  size_t n,
				  IDL_OUT IDL_STRING (FZ_BIG) char *o);
/* An in string, an inout buffer with IDL_LENGTH_IS, an out buffer of
   _Bools.  */
IDL_OP (fzbulk, 4) int bmix (idl_binding_t *b,
			     IDL_IN IDL_STRING (FZ_BIG) const char *t,
			     IDL_INOUT IDL_SIZE_IS (cap, FZ_BIG)
			       IDL_LENGTH_IS (len) uint16_t *w,
			     size_t cap, IDL_INOUT size_t *len,
			     IDL_OUT IDL_SIZE_IS (m, FZ_BIG) _Bool *f,
			     size_t m);
/* Regions (in both modes).  */
/* An in region: a hash of its first and last bytes.  */
IDL_OP (fzbulk, 5) uint64_t rin (idl_binding_t *b,
				 IDL_IN IDL_REGION idl_region_t *r, long x);
/* An out region: its first and last bytes written from SEED.  */
IDL_OP (fzbulk, 6) long rout (idl_binding_t *b, long seed,
			      IDL_OUT IDL_REGION idl_region_t *r);
/* Two regions and a plain descriptor.  */
IDL_OP (fzbulk, 7) long rboth (idl_binding_t *b,
			       IDL_IN IDL_REGION idl_region_t *a,
			       IDL_FD int fd,
			       IDL_OUT IDL_REGION idl_region_t *o);

#endif /* FUZZ_BULK_H */
