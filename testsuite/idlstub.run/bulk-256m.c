/* { dg-do run } */
/* { dg-skip-if "256 MiB each way: one option set is enough" { *-*-* } { "-O0" } } */
/* { dg-skip-if "256 MiB each way: one option set is enough" { *-*-* } { "-flto" } } */
/* { dg-timeout 300 } */
/* Area: run
   Purpose: bulk items (issue 20): 256 MiB each way between a client and
   a server process, every byte checked on the side that receives it:
   an in buffer, an out buffer, an inout buffer with IDL_LENGTH_IS that
   grows and shrinks, an in string and an out string of 256 MiB - 1
   chars; a count over the bound fails with IDL_E_BOUNDS before
   anything is sent.  */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <idlstub.h>
#include "idltest.h"

#define BIG (256u << 20)

IDL_INTERFACE (bulk, 0x2b01, 1);

/* The server counts the bytes that match the pattern.  */
IDL_OP (bulk, 1) uint64_t put (idl_binding_t *b, uint32_t seed,
			       IDL_IN IDL_SIZE_IS (n, BIG)
				 const unsigned char *p, size_t n);
/* The server writes the pattern.  */
IDL_OP (bulk, 2) int get (idl_binding_t *b, uint32_t seed,
			  IDL_OUT IDL_SIZE_IS (n, BIG) unsigned char *p,
			  size_t n);
/* The server checks the *LEN elements sent, then writes WANT elements
   (at most CAP) and sets *LEN = WANT.  */
IDL_OP (bulk, 3) int edit (idl_binding_t *b, size_t want,
			   IDL_INOUT IDL_SIZE_IS (cap, BIG / 4)
			     IDL_LENGTH_IS (len) uint32_t *p,
			   size_t cap, IDL_INOUT size_t *len);
/* Strings: the server checks the one sent, returns its length; writes
   N chars.  */
IDL_OP (bulk, 4) uint64_t put_str (idl_binding_t *b,
				   IDL_IN IDL_STRING (BIG - 1) const char *s);
IDL_OP (bulk, 5) int get_str (idl_binding_t *b, size_t n,
			      IDL_OUT IDL_STRING (BIG - 1) char *s);
IDL_OP (bulk, 6) long calls (idl_binding_t *b);

IDL_SERVER (bulk);

static long ncalls;

static unsigned char
pat (uint32_t seed, size_t i)
{
  uint64_t x = (i + seed) * 0x9e3779b97f4a7c15ULL;
  return (unsigned char) (x >> 56);
}

static char
spat (size_t i)
{
  return 'a' + (char) ((i * 7 + i / 4099) % 26);
}

static uint32_t
wpat (size_t i, uint32_t salt)
{
  return (uint32_t) (i * 2654435761u) ^ salt;
}

uint64_t
put_impl (idl_call_t *call, uint32_t seed, const unsigned char *p, size_t n)
{
  ncalls++;
  uint64_t good = 0;
  for (size_t i = 0; i < n; i++)
    good += p[i] == pat (seed, i);
  return good;
}

int
get_impl (idl_call_t *call, uint32_t seed, unsigned char *p, size_t n)
{
  ncalls++;
  for (size_t i = 0; i < n; i++)
    p[i] = pat (seed, i);
  return 1;
}

int
edit_impl (idl_call_t *call, size_t want, uint32_t *p, size_t cap,
	   size_t *len)
{
  ncalls++;
  for (size_t i = 0; i < *len; i++)
    if (p[i] != wpat (i, 1))
      return -1;
  for (size_t i = 0; i < want && i < cap; i++)
    p[i] = wpat (i, 2);
  *len = want;
  return 1;
}

uint64_t
put_str_impl (idl_call_t *call, const char *s)
{
  ncalls++;
  size_t n = strlen (s);
  for (size_t i = 0; i < n; i++)
    if (s[i] != spat (i))
      return 0;
  return n;
}

int
get_str_impl (idl_call_t *call, size_t n, char *s)
{
  ncalls++;
  for (size_t i = 0; i < n; i++)
    s[i] = spat (i);
  s[n] = 0;
  return 1;
}

long
calls_impl (idl_call_t *call)
{
  return ncalls;
}

static void
setup (idl_server_t *srv, void *arg)
{
  CHECK (idl_server_set_bulk_max (srv, (size_t) 1 << 30) == 0);
}

int
main (void)
{
  const char *name = idltest_name ("bulk-256m");
  pid_t srv = idltest_fork_server_setup (name, &bulk, bulk_dispatch, 0,
					 setup, NULL);
  idl_binding_t *b = idltest_connect (name, &bulk);
  unsigned char *buf = malloc (BIG + 64);
  CHECK (buf);

  /* In: every byte as sent.  */
  for (size_t i = 0; i < BIG; i++)
    buf[i] = pat (7, i);
  CHECK (put (b, 7, buf, BIG) == BIG);
  CHECK (idl_error (b) == IDL_OK);
  /* And a size that is no power of two.  */
  CHECK (put (b, 7, buf, BIG - 12345) == BIG - 12345);

  /* Out: every byte as the server wrote it; the guard after it
     untouched.  */
  memset (buf, 0xee, BIG + 64);
  CHECK (get (b, 9, buf, BIG) == 1);
  for (size_t i = 0; i < BIG; i++)
    CHECK (buf[i] == pat (9, i));
  for (size_t i = BIG; i < BIG + 64; i++)
    CHECK (buf[i] == 0xee);

  /* Inout with a length: half goes, the whole comes back; then the
     whole goes and 3 come back.  */
  uint32_t *w = (uint32_t *) buf;
  size_t cap = BIG / 4, len = cap / 2;
  for (size_t i = 0; i < len; i++)
    w[i] = wpat (i, 1);
  CHECK (edit (b, cap, w, cap, &len) == 1);
  CHECK (len == cap);
  for (size_t i = 0; i < cap; i++)
    CHECK (w[i] == wpat (i, 2));
  for (size_t i = 0; i < cap; i++)
    w[i] = wpat (i, 1);
  CHECK (edit (b, 3, w, cap, &len) == 1);
  CHECK (len == 3);
  for (size_t i = 0; i < 3; i++)
    CHECK (w[i] == wpat (i, 2));

  /* Strings of the largest length.  */
  char *s = (char *) buf;
  for (size_t i = 0; i < BIG - 1; i++)
    s[i] = spat (i);
  s[BIG - 1] = 0;
  CHECK (put_str (b, s) == BIG - 1);
  memset (buf, 0xee, BIG + 64);
  CHECK (get_str (b, BIG - 1, s) == 1);
  CHECK (strlen (s) == BIG - 1);
  for (size_t i = 0; i < BIG - 1; i++)
    CHECK (s[i] == spat (i));
  CHECK (buf[BIG] == 0xee);

  /* Over the bound: refused before anything is sent.  */
  long before = calls (b);
  CHECK (put (b, 7, buf, (size_t) BIG + 1) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (calls (b) == before);

  free (buf);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
