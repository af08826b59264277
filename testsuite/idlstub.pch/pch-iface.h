/* pch-iface.h -- an interface to precompile (pch.exp).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: pch
   Purpose: every kind of parameter, two interfaces (one with its ONC
   RPC program), an implementation declared in the header: what the
   plugin must find again after GCC loads the header precompiled.  */

#ifndef PCH_IFACE_H
#define PCH_IFACE_H

#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (pchcalc, 0x9c1, 1);
IDL_INTERFACE (pchlog, 0x9c2, 1);
IDL_ONC_PROGRAM (pchlog, 0x20000942);

IDL_OP (pchcalc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (pchcalc, 2) long small (idl_binding_t *b, short a, long c, short d);
IDL_OP (pchcalc, 3) double divide (idl_binding_t *b, double num, double den,
				   IDL_OUT long *quotient,
				   IDL_INOUT int *calls);
IDL_OP (pchcalc, 4) unsigned shout (idl_binding_t *b,
				    IDL_STRING (32) IDL_IN const char *in,
				    IDL_STRING (32) IDL_OUT char *out);
IDL_OP (pchcalc, 5) int sum (idl_binding_t *b, unsigned n,
			     IDL_SIZE_IS (n, 16) IDL_IN const int *v,
			     unsigned cap,
			     IDL_SIZE_IS (cap, 16) IDL_LENGTH_IS (got)
			     IDL_OUT int *back, IDL_OUT unsigned *got);
IDL_OP (pchcalc, 6) int fd_byte (idl_binding_t *b, IDL_FD int fd);

IDL_OP (pchlog, 1) IDL_ONEWAY void note (idl_binding_t *b, long value);
IDL_OP (pchlog, 2) long last (idl_binding_t *b);

/* Declared here, defined by the server.  */
long tiny_impl (idl_call_t *call, long x);

#endif /* PCH_IFACE_H */
