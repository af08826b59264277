/* quals.h -- qualified parameters across machines (xdr.exp).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: xdr
   Purpose: qualifiers on the parameters of a prototype (volatile,
   const, restrict, _Atomic, on a value, a count, a pointer, a string
   or the binding) mean nothing to the call, C11 6.7.6.3p15, across
   machines too: the .x export, the XDR codecs and the stubs of the
   program xdr.exp builds work as without them (issue 18, item 1;
   idlstub.run/qual-params.c is the local twin, with a descriptor).  */

#include <idlstub.h>

IDL_INTERFACE (xquals, 0x1d02, 1);

IDL_OP (xquals, 1) long scalars (idl_binding_t *volatile b, volatile long x,
				 const volatile short y, _Atomic int z,
				 const unsigned char w);
IDL_OP (xquals, 2) long counted (idl_binding_t *b, volatile unsigned n,
				 IDL_SIZE_IS (n, 8)
				 IDL_IN const int *volatile p);
IDL_OP (xquals, 3) long described (idl_binding_t *const b,
				   IDL_STRING (10)
				   IDL_IN const char *volatile s);
IDL_OP (xquals, 4) void pointers (idl_binding_t *restrict b,
				  IDL_OUT long *volatile o,
				  IDL_INOUT volatile long *restrict io,
				  IDL_OUT _Atomic long *a,
				  IDL_IN const volatile long *const cv);
