/* { dg-do run } */
/* Area: run
   Purpose: bulk items (issue 20) of a few hundred KiB beside page items,
   in every direction: strings and buffers over the page travel beside
   the message while small ones stay in the page, an inout string, an
   inout buffer with IDL_LENGTH_IS, _Bool elements made 0 or 1; the
   server's checks (an IDL_LENGTH_IS count over the capacity is
   IDL_E_BOUNDS); and a server whose reply lies about a bulk item's
   length (not whole elements, not the IDL_LENGTH_IS count, a string
   without its NUL) gets a client error, the caller's length untouched,
   never an overrun; such a call returns the operation's IDL_FAILS or
   IDL_FAILS_ERRNO value.  */

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <idlstub.h>
#include "idltest.h"

#define N (300u << 10)

IDL_INTERFACE (bitems, 0x2b02, 1);

/* Returns a hash of everything sent; fills every out item.  */
IDL_OP (bitems, 1) uint64_t mixed (idl_binding_t *b,
				   IDL_IN IDL_STRING (64) const char *tag,
				   IDL_IN IDL_SIZE_IS (n, N) const uint16_t *in,
				   size_t n,
				   IDL_OUT IDL_SIZE_IS (m, N) uint64_t *out,
				   IDL_OUT IDL_SIZE_IS (m, 16) uint8_t *small,
				   size_t m,
				   IDL_OUT IDL_STRING (N) char *text);
/* Appends "!" to S; writes WANT elements of W and sets *LEN = WANT.  */
IDL_OP (bitems, 2) int grow (idl_binding_t *b,
			     IDL_INOUT IDL_STRING (N) char *s,
			     size_t want,
			     IDL_INOUT IDL_SIZE_IS (cap, N) IDL_LENGTH_IS (len)
			       int32_t *w,
			     size_t cap, IDL_INOUT size_t *len);
/* _Bool elements: the server writes byte values 0..255 into them.  */
IDL_OP (bitems, 3) int flags (idl_binding_t *b,
			      IDL_OUT IDL_SIZE_IS (n, N) bool *f, size_t n);
/* How a hostile dispatcher (below) spoils the next reply of the
   operation after: 1, the length one byte more; 2, the length one
   element less than the count; 3, a string's last byte not a NUL.  */
IDL_OP (bitems, 4) void spoil (idl_binding_t *b, int how);
IDL_OP (bitems, 5) IDL_FAILS (-1) int fill (idl_binding_t *b, size_t want,
			     IDL_OUT IDL_SIZE_IS (cap, N) IDL_LENGTH_IS (len)
			       uint32_t *p,
			     size_t cap, IDL_OUT size_t *len);
IDL_OP (bitems, 6) IDL_FAILS_ERRNO int say (idl_binding_t *b, size_t n,
			    IDL_OUT IDL_STRING (N) char *s);

IDL_SERVER (bitems);

static uint64_t
hash (uint64_t h, const void *p, size_t n)
{
  const unsigned char *c = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ c[i]) * 0x100000001b3ULL;
  return h;
}

uint64_t
mixed_impl (idl_call_t *call, const char *tag, const uint16_t *in, size_t n,
	    uint64_t *out, uint8_t *small, size_t m, char *text)
{
  uint64_t h = hash (hash (14695981039346656037ULL, tag, strlen (tag)),
		     in, n * 2);
  for (size_t i = 0; i < m; i++)
    out[i] = i * 0x0101010101010101ULL ^ h;
  for (size_t i = 0; i < m && i < 16; i++)
    small[i] = (uint8_t) (i + 1);
  for (size_t i = 0; i < N; i++)
    text[i] = 'A' + i % 26;
  text[N] = 0;
  return h;
}

int
grow_impl (idl_call_t *call, char *s, size_t want, int32_t *w, size_t cap,
	   size_t *len)
{
  size_t k = strlen (s);
  if (k < N)
    {
      s[k] = '!';
      s[k + 1] = 0;
    }
  for (size_t i = 0; i < *len; i++)
    if (w[i] != (int32_t) (i * 3))
      return -1;
  for (size_t i = 0; i < want && i < cap; i++)
    w[i] = -(int32_t) i;
  *len = want;
  return 1;
}

int
flags_impl (idl_call_t *call, bool *f, size_t n)
{
  unsigned char *c = (unsigned char *) f;
  for (size_t i = 0; i < n; i++)
    c[i] = (unsigned char) i;
  return 1;
}

static int spoiled;

void
spoil_impl (idl_call_t *call, int how)
{
  spoiled = how;
}

int
fill_impl (idl_call_t *call, size_t want, uint32_t *p, size_t cap,
	   size_t *len)
{
  for (size_t i = 0; i < want && i < cap; i++)
    p[i] = (uint32_t) i;
  *len = want;
  return 1;
}

int
say_impl (idl_call_t *call, size_t n, char *s)
{
  memset (s, 'x', n);
  s[n] = 0;
  return 1;
}

/* The generated dispatcher, then the spoiling: what a hostile server
   could send.  */
static idl_uint64_t
hostile_dispatch (idl_call_t *call, idl_uint64_t *msg)
{
  unsigned op = (msg[0] >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  idl_uint64_t r = bitems_dispatch (call, msg);
  if (spoiled && (op == 5 || op == 6))
    {
      if (spoiled == 1)
	msg[IDL_MSG_BULK + 1] += 1;
      else if (spoiled == 2)
	msg[IDL_MSG_BULK + 1] -= 4;
      else
	((char *) msg[IDL_MSG_BULK])[msg[IDL_MSG_BULK + 1] - 1] = 'y';
      spoiled = 0;
    }
  return r;
}

int
main (void)
{
  const char *name = idltest_name ("bulk-items");
  pid_t srv = idltest_fork_server (name, &bitems, hostile_dispatch);
  idl_binding_t *b = idltest_connect (name, &bitems);

  uint16_t *in = malloc (N * 2);
  uint64_t *out = malloc (N * 8 + 64);
  char *text = malloc (N + 64);
  CHECK (in && out && text);
  for (size_t i = 0; i < N; i++)
    in[i] = (uint16_t) (i * 40503u);
  uint64_t want = hash (hash (14695981039346656037ULL, "tag", 3), in,
			(N - 5) * 2);
  uint8_t small[17];
  memset (small, 0xee, sizeof small);
  memset (out, 0xee, N * 8 + 64);
  CHECK (mixed (b, "tag", in, N - 5, out, small, 16, text) == want);
  for (size_t i = 0; i < 16; i++)
    CHECK (out[i] == (i * 0x0101010101010101ULL ^ want));
  CHECK (out[16] == 0xeeeeeeeeeeeeeeeeULL);
  for (size_t i = 0; i < 16; i++)
    CHECK (small[i] == i + 1);
  CHECK (small[16] == 0xee);
  CHECK (strlen (text) == N);
  for (size_t i = 0; i < N; i++)
    CHECK (text[i] == 'A' + i % 26);

  /* Inout: a string grows by a char, a buffer from 1000 to N - 1
     elements, then shrinks to 2; *LEN over the capacity is refused by
     the server.  */
  char *s = text;
  memset (s, 'q', N - 1);
  s[N - 1] = 0;
  int32_t *w = (int32_t *) out;
  size_t len = 1000;
  for (size_t i = 0; i < len; i++)
    w[i] = i * 3;
  CHECK (grow (b, s, N - 1, w, N - 1, &len) == 1);
  CHECK (len == N - 1);
  CHECK (strlen (s) == N && s[N - 1] == '!');
  for (size_t i = 0; i < len; i++)
    CHECK (w[i] == -(int32_t) i);
  for (size_t i = 0; i < N; i++)
    w[i] = i * 3;
  len = N;
  s[0] = 0;
  CHECK (grow (b, s, 2, w, N, &len) == 1);
  CHECK (len == 2 && strcmp (s, "!") == 0);
  for (size_t i = 0; i < 5; i++)
    w[i] = i * 3;
  len = 5;
  CHECK (grow (b, s, N + 1, w, N, &len) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (len == 5);

  /* _Bools: 0 or 1 whatever bytes the server wrote.  */
  bool *f = (bool *) text;
  CHECK (flags (b, f, N) == 1);
  for (size_t i = 0; i < N; i++)
    CHECK (((unsigned char *) f)[i] == (i % 256 != 0));

  /* A lying server: an error, *LEN as it was.  */
  uint32_t *p = (uint32_t *) out;
  for (int how = 1; how <= 2; how++)
    {
      spoil (b, how);
      len = 77;
      CHECK (fill (b, 1000, p, N, &len) == -1);
      CHECK (idl_error (b) == IDL_E_PROTO);
      CHECK (len == 77);
      CHECK (fill (b, 1000, p, N, &len) == 1 && len == 1000);
    }
  spoil (b, 3);
  CHECK (say (b, 100000, text) == -EPROTO);
  CHECK (idl_error (b) == IDL_E_PROTO);
  CHECK (say (b, 100000, text) == 1 && strlen (text) == 100000);

  free (in);
  free (out);
  free (text);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
