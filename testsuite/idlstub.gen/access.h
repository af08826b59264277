/* access.h -- buffers counted by GCC's access attribute.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: gen
   Purpose: out and inout buffers whose direction and count come from
   GCC's access (write_only | read_write, ptr, size) attribute rather
   than from idlstub's annotations (everything.h has read_only).  The
   count is an ordinary in value whatever the mode says of the buffer
   (it once took the buffer's direction, and the server stub crashed
   the compiler).  */

#ifndef ACCESS_H
#define ACCESS_H

#include <idlstub.h>

IDL_INTERFACE (accessattr, 0xacce55, 1);

__attribute__ ((__access__ (__write_only__, 2, 3)))
IDL_OP (accessattr, 1) void fill (idl_binding_t *b,
			      IDL_MAX (64) unsigned char *out,
			      unsigned len);

__attribute__ ((__access__ (__read_write__, 3, 2)))
IDL_OP (accessattr, 2) int rot (idl_binding_t *b, unsigned short n,
			    IDL_MAX (128) long *v);

#endif /* ACCESS_H */
