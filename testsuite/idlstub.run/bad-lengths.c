/* { dg-do run } */
/* Area: run
   Purpose: the server stub checks every length a client sends.  The
   client here bypasses its stub and posts requests through the runtime's
   stub ABI: first one built exactly as the stub builds it (which must
   succeed, proving the layout below is the real one), then the same with
   a string over its bound, a string without its NUL, a buffer over its
   bound or not a whole number of elements (its count is not sent: the
   payload's length implies it), a payload shorter than the items it
   claims, and descriptor indices with no descriptor behind them.  Each gets IDL_E_BADMSG, the
   implementation never runs, and the connection goes on serving.  */

#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (bad, 0x3301, 1);

/* Request layout (see the plugin's dump): word 1 = length of s (bytes
   0-3) and descriptor index of fd (bytes 4-7); payload = s and its NUL
   at 0, then n ints at the next multiple of 4, which end it (n is not
   sent: model.h, idl_item).  */
IDL_OP (bad, 1) int put (idl_binding_t *b, IDL_IN IDL_STRING (8) const char *s,
			 IDL_IN IDL_SIZE_IS (n, 16) const int *v, unsigned n,
			 IDL_FD int fd);
IDL_OP (bad, 2) int calls (idl_binding_t *b);

IDL_SERVER (bad);

static int ncalls;

int
put_impl (idl_call_t *c, const char *s, const int *v, unsigned n, int fd)
{
  int sum = (int) strlen (s) * 1000 + (fd >= 0 ? 100000 : 0);
  for (unsigned i = 0; i < n; i++)
    sum += v[i];
  ncalls++;
  return sum;
}

int
calls_impl (idl_call_t *c)
{
  return ncalls;
}

#define TAG(words) (0x3301ULL << 32 | 1ULL << 16 | (words))

/* Post a raw put request: string length SLEN (the bytes of S, NUL
   included, are copied as given: SBYTES of them), NV ints, descriptor
   index FDIDX with NFDS descriptors, a payload of PAYLOAD_LEN bytes (-1:
   just the string and the ints).  Returns the reply tag; the result is
   in *RESULT on success.  */
static uint64_t
raw_put (idl_binding_t *b, unsigned words, uint32_t slen, const char *s,
	 unsigned sbytes, unsigned nv, uint32_t fdidx, unsigned nfds, int fd,
	 uint64_t payload_len, int *result)
{
  unsigned char *pay = idl_request_payload (b);
  CHECK (pay != NULL);
  memcpy (pay, s, sbytes);
  unsigned off = (sbytes + 3) & ~3u;
  for (unsigned i = 0; i < nv; i++)
    {
      int x = (int) i + 1;
      memcpy (pay + off + 4 * i, &x, 4);
    }
  if (payload_len == (uint64_t) -1)
    payload_len = off + 4 * nv;
  uint64_t w[2] = { slen | (uint64_t) fdidx << 32, 0 };
  int fds[1] = { fd };
  uint64_t rtag = idl_call_x (b, TAG (words), w, payload_len, fds, nfds);
  if (!(rtag & IDL_TAG_ERROR))
    *result = (int) ((uint64_t **) b)[0][1];
  return rtag;
}

static void
rejected (idl_binding_t *b, uint64_t rtag)
{
  CHECK (rtag & IDL_TAG_ERROR);
  CHECK (idl_error (b) == IDL_E_BADMSG);
}

int
main (void)
{
  const char *name = idltest_name ("bad-lengths");
  pid_t srv = idltest_fork_server (name, &bad, bad_dispatch);
  idl_binding_t *b = idltest_connect (name, &bad);
  int p[2];
  CHECK (pipe (p) == 0);
  int r = 0;

  /* As the stub would: "hello", 3 ints (1+2+3), one descriptor.  */
  CHECK (raw_put (b, 1, 5, "hello", 6, 3, 0, 1, p[0], -1, &r) == TAG (1));
  CHECK (r == 100000 + 5000 + 6);
  /* And through the stub itself.  */
  int v[3] = { 1, 2, 3 };
  CHECK (put (b, "hello", v, 3, p[0]) == 105006);
  CHECK (calls (b) == 2);

  /* A string longer than its bound of 8.  */
  rejected (b, raw_put (b, 1, 9, "ninechars", 10, 0, IDL_FD_NONE, 0, -1,
			-1, &r));
  /* A string whose NUL is not where its length says.  */
  rejected (b, raw_put (b, 1, 3, "hello", 6, 0, IDL_FD_NONE, 0, -1, -1,
			&r));
  /* A length near 2^32, which must not wrap an offset.  */
  rejected (b, raw_put (b, 1, 0xffffffffu, "x", 2, 0, IDL_FD_NONE, 0, -1,
			-1, &r));
  /* More ints than the bound of 16; the most is fine.  */
  rejected (b, raw_put (b, 1, 1, "x", 2, 17, IDL_FD_NONE, 0, -1, -1, &r));
  CHECK (raw_put (b, 1, 1, "x", 2, 16, IDL_FD_NONE, 0, -1, -1, &r)
	 == TAG (1));
  CHECK (r == 1000 + 16 * 17 / 2);
  /* A payload that ends inside an int, or before the ints start.  */
  rejected (b, raw_put (b, 1, 5, "hello", 6, 3, IDL_FD_NONE, 0, -1, 19,
			&r));
  rejected (b, raw_put (b, 1, 5, "hello", 6, 0, IDL_FD_NONE, 0, -1, 7,
			&r));
  /* Items past the end of the payload actually sent.  */
  rejected (b, raw_put (b, 1, 5, "hello", 6, 0, IDL_FD_NONE, 0, -1, 3,
			&r));
  rejected (b, raw_put (b, 1, 5, "hello", 6, 0, IDL_FD_NONE, 0, -1, 0,
			&r));
  /* Descriptor indices with no descriptor behind them.  */
  rejected (b, raw_put (b, 1, 1, "x", 2, 0, 0, 0, -1, -1, &r));
  rejected (b, raw_put (b, 1, 1, "x", 2, 0, 1, 1, p[0], -1, &r));
  /* The wrong number of words.  */
  rejected (b, raw_put (b, 2, 1, "x", 2, 0, IDL_FD_NONE, 0, -1, -1, &r));

  /* None of the rejected reached the implementation; the connection
     serves on, and "no descriptor" is fine.  */
  CHECK (calls (b) == 3);
  CHECK (put (b, "", v, 0, -1) == 0);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (calls (b) == 4);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
