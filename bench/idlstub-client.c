/* idlstub-client.c -- bench/callgrind-rpcs: the plugin's client stubs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compiled with -fplugin=idlstub (and -fplugin-arg-idlstub-mode=MODE
   for another mode than the default): each rpcs_OP is one call site of
   the operation, where GCC inlines the generated client stub.  The
   functions stay out of line (noinline) so that callgrind counts them
   apart from the driver.  */

#include "rpcs.h"

#define CALL_SITE __attribute__ ((__noinline__))

const idl_interface_t *const rpcs_client_iface[2] = { &idl4bench, &pfs };

CALL_SITE long
rpcs_tiny (idl_binding_t *b, long a)
{
  return tiny (b, a);
}

CALL_SITE long
rpcs_small (idl_binding_t *b, short a, long c, short d)
{
  return small (b, a, c, d);
}

CALL_SITE long
rpcs_large (idl_binding_t *b, long a, long c, long d, long e, long f, long g)
{
  return large (b, a, c, d, e, f, g);
}

CALL_SITE void
rpcs_strxfer (idl_binding_t *b, const char *a, long *x, long *y)
{
  strxfer (b, a, x, y);
}

CALL_SITE long
rpcs_structxfer (idl_binding_t *b, struct large_t a, long *x)
{
  return structxfer (b, a, x);
}

CALL_SITE void
rpcs_arrayxfer (idl_binding_t *b, const char *str1, const char *str2,
		long l1, long l2)
{
  arrayxfer (b, str1, str2, l1, l2);
}

CALL_SITE int
rpcs_pfs_open (idl_binding_t *b, int client, int fobj, int flags, int mode,
	       int *handle)
{
  return pfs_open (b, client, fobj, flags, mode, handle);
}

CALL_SITE int
rpcs_pfs_write (idl_binding_t *b, int handle, int *pos, int len,
		int data_size, const int *data)
{
  return pfs_write (b, handle, pos, len, data_size, data);
}

CALL_SITE int
rpcs_pfs_get_direntries (idl_binding_t *b, int handle, int *pos, int count,
			 int *data_size, struct pfs_dirent *data)
{
  return pfs_get_direntries (b, handle, pos, count, data_size, data);
}

CALL_SITE int
rpcs_pfs_lookup (idl_binding_t *b, int dir, const char *name, int *fobj,
		 char *canonical)
{
  return pfs_lookup (b, dir, name, fobj, canonical);
}
