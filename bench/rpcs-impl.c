/* rpcs-impl.c -- the work functions of bench/callgrind-rpcs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Each result depends on every argument and every byte sent, so a stub
   that drops, swaps or truncates anything gives a different result from
   the driver's direct call of the same function (rpcs-main.c).  They
   are cheap but not free; callgrind-rpcs subtracts their inclusive cost
   from the server's, so their cost is not the stubs'.  This file is
   compiled on its own, so that no dispatcher can inline them.  */

#include <stdlib.h>
#include <string.h>
#include "rpcs.h"

static long
mix (long h, long v)
{
  return h * 31 + v;
}

long
tiny_impl (idl_call_t *call, long a)
{
  (void) call;
  return a + 1;
}

long
small_impl (idl_call_t *call, short a, long b, short c)
{
  (void) call;
  return a - 3 * b + 7 * c;
}

long
large_impl (idl_call_t *call, long a, long b, long c, long d, long e, long f)
{
  (void) call;
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f;
}

void
strxfer_impl (idl_call_t *call, const char *a, long *b, long *c)
{
  long h = 0;
  size_t n;

  (void) call;
  for (n = 0; a[n]; n++)
    h = mix (h, (unsigned char) a[n]);
  *b = (long) n;
  *c = h;
}

/* Every member of a large_t, none of its padding.  */
long
structxfer_impl (idl_call_t *call, struct large_t a, long *b)
{
  long h = 0;
  unsigned i;

  (void) call;
  for (i = 0; i < 20; i++)
    h = mix (h, a.a[i]);
  h = mix (mix (mix (h, a.b), a.c), a.d);
  for (i = 0; i < 200; i++)
    h = mix (h, a.e[i]);
  h = mix (h, a.f);
  for (i = 0; i < 80; i++)
    h = mix (h, a.g[i]);
  h = mix (mix (mix (mix (h, a.h), a.i), a.j), a.k);
  for (i = 0; i < 20; i++)
    h = mix (h, a.l[i]);
  *b = h;
  h = 0;
  for (i = 0; i < 2; i++)
    h = mix (mix (mix (mix (mix (h, a.m[i].n), a.m[i].o), a.m[i].p),
		  a.m[i].q), a.m[i].r);
  return h;
}

/* See rpcs_array_byte.  Only the server counts calls: the driver does
   not call this one directly.  */
void
arrayxfer_impl (idl_call_t *call, const char *str1, const char *str2,
		long l1, long l2)
{
  static unsigned long k;
  long i;

  (void) call;
  for (i = 0; i < l1; i++)
    if (str1[i] != rpcs_array_byte (k, 1, i))
      abort ();
  for (i = 0; i < l2; i++)
    if (str2[i] != rpcs_array_byte (k, 2, i))
      abort ();
  k++;
}

int
pfs_open_impl (idl_call_t *call, int client, int fobj, int flags, int mode,
	       int *handle)
{
  (void) call;
  *handle = client * 1000 + fobj;
  return flags * 3 - mode;
}

int
pfs_write_impl (idl_call_t *call, int handle, int *pos, int len,
		int data_size, const int *data)
{
  long h = handle;
  int i;

  (void) call;
  for (i = 0; i < data_size; i++)
    h = mix (h, data[i]);
  *pos += len;
  return (int) (h ^ (h >> 32));
}

int
pfs_get_direntries_impl (idl_call_t *call, int handle, int *pos, int count,
			 int *data_size, struct pfs_dirent *data)
{
  int i;

  (void) call;
  for (i = 0; i < count; i++)
    {
      memset (&data[i], 0, sizeof data[i]);
      data[i].ino = (uint32_t) (handle * 100000 + *pos + i);
      data[i].reclen = sizeof data[i];
      data[i].type = (uint8_t) (i & 7);
      data[i].name[0] = (char) ('a' + i % 26);
      data[i].name[1] = (char) ('0' + *pos % 10);
    }
  *pos += count;
  *data_size = count;
  return handle + count;
}

int
pfs_lookup_impl (idl_call_t *call, int dir, const char *name, int *fobj,
		 char *canonical)
{
  size_t n = strlen (name);

  (void) call;
  canonical[0] = '/';
  memcpy (canonical + 1, name, n);
  memset (canonical + 1 + n, '~', RPCS_CANONICAL_LEN - 1 - n);
  canonical[RPCS_CANONICAL_LEN] = 0;
  *fobj = dir + (int) n;
  return (unsigned char) name[0];
}
