/* record-cv.h -- records with const and volatile members.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: gen
   Purpose: a record with a const member is no modifiable lvalue (C11
   6.3.2.1p1): the program the test generator writes must copy such a
   result, not assign it.  The long mutation run of issue 18 (seed 18,
   mutants 1737, 2320 and 2498) made such operations; the plugin's
   stubs were right, the generated program did not build.  (Not in the
   XDR areas: xdr-testgen.cc assigns such records too.)  */

#ifndef RECORD_CV_H
#define RECORD_CV_H

#include <idlstub.h>

IDL_INTERFACE (record_cv, 0xc0c5, 1);

struct cv { volatile int a; const long b; };

IDL_OP (record_cv, 1) struct cv ret_cv (idl_binding_t *b, short s);
IDL_OP (record_cv, 2) struct cv ret_cv_out (idl_binding_t *b,
					    IDL_OUT struct cv *o);

#endif /* RECORD_CV_H */
