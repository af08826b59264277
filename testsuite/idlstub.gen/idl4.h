/* idl4.h -- IDL4's six benchmark RPCs, in C with idlstub annotations.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: gen
   Purpose: the microbenchmark interface of paper 000, section 6.4:
   tiny, small and large (register packing, then memory words),
   strxfer (a bounded string in, two longs out), structxfer (large_t,
   a 600-byte record with padding in several places, by value, as the
   paper's "in large_t a") and arrayxfer (two variable-length arrays
   whose lengths are separate parameters: IDL4's length_is on an in
   array is IDL_SIZE_IS here).  */

#ifndef IDL4_H
#define IDL4_H

#include <idlstub.h>

IDL_INTERFACE (idl4bench, 0x4d4, 1);

/* long tiny (in long a) */
IDL_OP (idl4bench, 1) long tiny (idl_binding_t *bind, long a);

/* long small (in short a, in long b, in short c) */
IDL_OP (idl4bench, 2) long small (idl_binding_t *bind, short a, long b,
				  short c);

/* long large (in long a, ..., in long f) */
IDL_OP (idl4bench, 3) long large (idl_binding_t *bind, long a, long b,
				  long c, long d, long e, long f);

/* void strxfer (in string<119> a, out long b, out long c) */
IDL_OP (idl4bench, 4) void strxfer (idl_binding_t *bind,
				    IDL_STRING (119) IDL_IN const char *a,
				    IDL_OUT long *b, IDL_OUT long *c);

struct large_t
{
  long a[20];
  short b, c;
  char d, e[200];
  short f, g[80];
  long h, i;
  char j, k, l[20];
  struct m_tag
  {
    short n;
    char o;
    long p;
    short q, r;
  } m[2];
};

/* long structxfer (in large_t a, out long b) */
IDL_OP (idl4bench, 5) long structxfer (idl_binding_t *bind,
				       struct large_t a, IDL_OUT long *b);

/* void arrayxfer ([in, length_is (l1)] char *str1,
		   [in, length_is (l2)] char *str2, [in] long l1,
		   [in] long l2)
   The arrays are "large": the typical size is a hint only.  */
IDL_OP (idl4bench, 6) void arrayxfer (idl_binding_t *bind,
				      IDL_SIZE_IS (l1, 16384) IDL_TYPICAL (4096)
				      IDL_IN const char *str1,
				      IDL_SIZE_IS (l2, 16384) IDL_TYPICAL (4096)
				      IDL_IN const char *str2,
				      long l1, long l2);

#endif /* IDL4_H */
