/* { dg-do run } */
/* Area: run
   Purpose: bulk operations' stubs on a co-located binding (issue 20):
   without workers every call takes the message path through the
   runtime's co-located bulk items; with workers an in buffer and an out
   buffer without IDL_LENGTH_IS go direct (the implementation gets the
   caller's own pointers), an out string and an inout buffer with
   IDL_LENGTH_IS keep the message path (where the runtime may hand over
   the caller's buffers too).  Every byte checked each way;
   a bound's check comes before either path.  An in buffer of _Bools in
   read-only memory reaches the implementation unharmed.  */

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <idlstub.h>
#include "idltest.h"

#define N (1u << 20)

IDL_INTERFACE (bco, 0x2b03, 1);

IDL_OP (bco, 1) uint64_t put (idl_binding_t *b,
			      IDL_IN IDL_SIZE_IS (n, N) const uint32_t *p,
			      size_t n);
IDL_OP (bco, 2) int get (idl_binding_t *b, uint32_t salt,
			 IDL_OUT IDL_SIZE_IS (n, N) uint32_t *p, size_t n);
IDL_OP (bco, 3) int say (idl_binding_t *b, size_t n,
			 IDL_OUT IDL_STRING (N) char *s);
IDL_OP (bco, 4) int edit (idl_binding_t *b, size_t want,
			  IDL_INOUT IDL_SIZE_IS (cap, N) IDL_LENGTH_IS (len)
			    uint32_t *p,
			  size_t cap, IDL_INOUT size_t *len);

/* _Bools in read-only memory: the server's repair of _Bools must not
   write a co-located caller's valid ones.  */
IDL_OP (bco, 5) long count_true (idl_binding_t *b,
				 IDL_IN IDL_SIZE_IS (n, N) const bool *f,
				 size_t n);

IDL_SERVER (bco);

#define NB (200u << 10)
static const bool pattern[NB] = { [1] = 1, [7] = 1, [NB - 1] = 1 };

long
count_true_impl (idl_call_t *call, const bool *f, size_t n)
{
  long k = 0;
  for (size_t i = 0; i < n; i++)
    k += f[i];
  return k;
}

static const void *seen;
static int calls;

uint64_t
put_impl (idl_call_t *call, const uint32_t *p, size_t n)
{
  calls++;
  seen = p;
  uint64_t good = 0;
  for (size_t i = 0; i < n; i++)
    good += p[i] == (uint32_t) (i * 2654435761u);
  return good;
}

int
get_impl (idl_call_t *call, uint32_t salt, uint32_t *p, size_t n)
{
  calls++;
  seen = p;
  for (size_t i = 0; i < n; i++)
    p[i] = (uint32_t) i ^ salt;
  return 1;
}

int
say_impl (idl_call_t *call, size_t n, char *s)
{
  calls++;
  seen = s;
  for (size_t i = 0; i < n; i++)
    s[i] = 'a' + i % 26;
  s[n] = 0;
  return 1;
}

int
edit_impl (idl_call_t *call, size_t want, uint32_t *p, size_t cap,
	   size_t *len)
{
  calls++;
  seen = p;
  for (size_t i = 0; i < *len; i++)
    if (p[i] != (uint32_t) i)
      return -1;
  for (size_t i = 0; i < want && i < cap; i++)
    p[i] = ~(uint32_t) i;
  *len = want;
  return 1;
}

/* Every operation once, every byte checked; DIRECT says whether the
   direct-capable ones must reach the caller's own buffers.  */
static void
one_round (idl_binding_t *b, uint32_t *w, char *s, int direct)
{
  for (size_t i = 0; i < N; i++)
    w[i] = (uint32_t) (i * 2654435761u);
  CHECK (put (b, w, N) == N);
  CHECK (!direct || seen == w);

  memset (w, 0xee, N * 4 + 64);
  CHECK (get (b, 0x5a5a, w, N - 3) == 1);
  for (size_t i = 0; i < N - 3; i++)
    CHECK (w[i] == ((uint32_t) i ^ 0x5a5a));
  CHECK (w[N - 3] == 0xeeeeeeee);
  CHECK (!direct || seen == w);

  memset (s, 0xee, N + 64);
  CHECK (say (b, N, s) == 1);
  CHECK (strlen (s) == N);
  for (size_t i = 0; i < N; i++)
    CHECK (s[i] == 'a' + i % 26);

  size_t len = 1000;
  for (size_t i = 0; i < len; i++)
    w[i] = (uint32_t) i;
  CHECK (edit (b, N, w, N, &len) == 1);
  CHECK (len == N);
  for (size_t i = 0; i < N; i++)
    CHECK (w[i] == ~(uint32_t) i);

  CHECK (count_true (b, pattern, NB) == 3);

  int before = calls;
  CHECK (put (b, w, N + 1) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (calls == before);
}

int
main (void)
{
  const char *name = idltest_name ("bulk-colocated");
  int err;
  idl_server_t *srv = idl_server_create (name, &bco, bco_dispatch, &err);
  CHECK (srv);
  idl_binding_t *b = idl_connect (name, &bco, &err);
  CHECK (b);
  uint32_t *w = malloc (N * 4 + 64);
  char *s = malloc (N + 64);
  CHECK (w && s);

  one_round (b, w, s, 0);
  CHECK (idl_server_set_workers (srv, 2) == 0);
  one_round (b, w, s, 1);

  free (w);
  free (s);
  idl_close (b);
  idl_server_stop (srv);
  idl_server_destroy (srv);
  return 0;
}
