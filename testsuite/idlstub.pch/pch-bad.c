/* pch-bad.c -- mistakes after a precompiled interface (pch.exp).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: pch
   Purpose: the checks that need the model still work after the header
   comes precompiled: an implementation of the wrong type, an operation
   reusing a number, one named like a runtime function, one that
   cannot cross the network in an interface that asks for it.  pch.exp
   expects each message.  */

#include <pch-iface.h>

IDL_SERVER (pchcalc);

long small_impl (idl_call_t *call, int a, long c, short d);
IDL_OP (pchcalc, 1) long again (idl_binding_t *b, long x);
IDL_OP (pchlog, 3) void idl_stub_failed (idl_binding_t *b, uint64_t tag);
IDL_OP (pchlog, 4) void with_fd (idl_binding_t *b, IDL_FD int fd);
