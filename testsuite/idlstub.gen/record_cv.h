/* record_cv.h -- records with const and volatile members.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: gen
   Purpose: a record with a const member is no modifiable lvalue (C11
   6.3.2.1p1): the program the test generator writes must copy such a
   result, not assign it.  The long mutation run of issue 18 (seed 18,
   mutants 1737, 2320 and 2498) made such operations; the plugin's
   stubs were right, the generated program did not build.  The XDR
   areas (xdr.exp, onc.exp's xdrt-net) run it too: their generator
   assigned such records as well.  Operation 3 passes them and const
   scalars every other way.  (An underscore in the name: rpcgen makes
   its header's include guard of the file's name, and a hyphen breaks
   it.)  */

#ifndef RECORD_CV_H
#define RECORD_CV_H

#include <idlstub.h>

IDL_INTERFACE (record_cv, 0xc0c5, 1);

struct cv { volatile int a; const long b; };

IDL_OP (record_cv, 1) struct cv ret_cv (idl_binding_t *b, short s);
IDL_OP (record_cv, 2) struct cv ret_cv_out (idl_binding_t *b,
					    IDL_OUT struct cv *o);
IDL_OP (record_cv, 3) long take_cv (idl_binding_t *b, const long x,
				    struct cv c, IDL_IN const struct cv *p,
				    IDL_INOUT struct cv *io);

#endif /* RECORD_CV_H */
