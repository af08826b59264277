/* { dg-do run } */
/* Area: run
   Purpose: bulk items (issue 20) between compact and fast mode: a
   compact client against a fast server and a fast client against a
   compact server, co-located (every message the same byte for byte as
   fast mode's on both sides) and across processes, from hand-written
   tables (compact-table.h; the words are those the plugin emits, with
   IDL_CT_IF_BULK items and a server table's IDL_CT_SD_BULK): an in
   buffer, an out buffer with IDL_LENGTH_IS, in, inout and out strings
   over the page, every byte checked; and the compact server's checks
   as fast mode's: an out length over the caller's count, and a hostile
   client's items that do not match the request's counts (or exceed
   their bounds): IDL_E_BADMSG for that call, the server lives on.  */

#include <stdlib.h>
#include "compact-table.h"

#define N (100u << 10)
#define S 100000

IDL_INTERFACE (cbulk, 0x2b07, 1);

IDL_OP (cbulk, 1) uint64_t put (idl_binding_t *b,
				IDL_IN IDL_SIZE_IS (n, N) const uint32_t *in,
				unsigned n);
IDL_OP (cbulk, 2) int get (idl_binding_t *b,
			   IDL_OUT IDL_SIZE_IS (n, N) IDL_LENGTH_IS (len)
			   uint32_t *out, unsigned n, IDL_OUT unsigned *len);
IDL_OP (cbulk, 3) int name (idl_binding_t *b,
			    IDL_IN IDL_STRING (S) const char *in,
			    IDL_INOUT IDL_STRING (S) char *io,
			    IDL_OUT IDL_STRING (S) char *out);

IDL_SERVER (cbulk);

static uint32_t
pattern (uint32_t i, uint32_t seed)
{
  return (i * 2654435761u) ^ seed;
}

uint64_t
put_impl (idl_call_t *c, const uint32_t *in, unsigned n)
{
  uint64_t h = n;
  (void) c;
  for (unsigned i = 0; i < n; i++)
    h = h * 31 + in[i];
  return h;
}

/* Fills N elements; says LEN of them are sent, over N on purpose when
   N is 7 (IDL_E_BOUNDS from either server).  */
int
get_impl (idl_call_t *c, uint32_t *out, unsigned n, unsigned *len)
{
  (void) c;
  for (unsigned i = 0; i < n; i++)
    out[i] = pattern (i, n);
  *len = n == 7 ? n + 1 : n - n / 3;
  return (int) n;
}

int
name_impl (idl_call_t *c, const char *in, char *io, char *out)
{
  size_t n = strlen (in), m = strlen (io);
  (void) c;
  for (size_t i = 0; i < m; i++)
    io[i] = io[i] == 'a' ? 'b' : io[i];
  memcpy (out, in, n + 1);
  if (n)
    out[0] = 'X';
  return (int) (n + m);
}

/* The tables (the plugin's, from its compact mode's output).  */

#define IFACE 0x2b07
#define R IDL_CT_F_RESULT
#define G IDL_CT_F_GENERAL
#define D IDL_CT_F_DIRECT
#define CT_BULK_BUF(param, flags, k, max, esize, count) \
  CT_BUF0 (param, (flags) | IDL_CT_IF_BULK, k, esize), (max), (count)
#define CT_BULK_BUF_LEN(param, flags, k, max, esize, count, len) \
  CT_BUF0 (param, (flags) | IDL_CT_IF_BULK | IDL_CT_IF_LENGTH, k, esize), \
  (max), (count), (len)
#define CT_BULK_STR(param, flags, k, max) \
  CT_ITEM0 (param, IDL_CT_K_STRING, (flags) | IDL_CT_IF_BULK, k), (max)

static const uint32_t c_put[] = {
  CT_HDR (2, R | G, CT_MKTAG (IFACE, 1, 1), 0, 1, 1, 0, 1, 0),
  CT_RES (8, CT_U),
  CT_BULK_BUF (0, 0, 0, N, 4, CT_VAL (1, 1, 0, 4, CT_U))
};
static const uint32_t t_put[] = {
  CT_SHDR (2, R | G | D, CT_MKTAG (IFACE, 1, 1), 0, 0, 1, 0, 1,
	   IDL_CT_SD_BULK),
  CT_BULK_BUF (0, 0, 0, N, 4, CT_VAL (1, 1, 0, 4, CT_U))
};
static const uint32_t c_get[] = {
  CT_HDR (3, R | G, CT_MKTAG (IFACE, 2, 1), 0, 2, 0, 1, 1, 0),
  CT_VAL (IDL_CT_RESULT, 1, 0, 4, CT_S), CT_VAL (2, 1, 4, 4, CT_U),
  CT_BULK_BUF_LEN (0, 0, 0, N, 4, CT_VAL (1, 1, 0, 4, CT_U),
		   CT_VAL (2, 1, 4, 4, CT_U))
};
static const uint32_t t_get[] = {
  CT_SHDR (3, R | G | D, CT_MKTAG (IFACE, 2, 1), 0, 0, 0, 1, 1,
	   IDL_CT_SD_BULK),
  CT_BULK_BUF_LEN (0, 0, 0, N, 4, CT_VAL (1, 1, 0, 4, CT_U),
		   CT_VAL (2, 1, 4, 4, CT_U))
};
static const uint32_t c_name[] = {
  CT_HDR (3, R | G, CT_MKTAG (IFACE, 3, 0), 0, 1, 2, 2, 1, 0),
  CT_VAL (IDL_CT_RESULT, 1, 0, 4, CT_S),
  CT_BULK_STR (0, 0, 0, S), CT_BULK_STR (1, CT_INOUT, 1, S),
  CT_BULK_STR (1, CT_INOUT, 1, S), CT_BULK_STR (2, 0, 2, S)
};
static const uint32_t t_name[] = {
  CT_SHDR (3, R | G | D, CT_MKTAG (IFACE, 3, 0), 0, 0, 2, 2, 1,
	   IDL_CT_SD_BULK),
  CT_BULK_STR (0, 0, 0, S), CT_BULK_STR (1, CT_INOUT, 1, S),
  CT_BULK_STR (1, CT_INOUT, 1, S), CT_BULK_STR (2, 0, 2, S)
};

/* Direct thunks (IDL_CT_F_DIRECT): called as (CALL, MSG, ARGV), the
   request's words in MSG, the items' pointers in ARGV; they write the
   reply's words in MSG.  */
static void
th_put (idl_call_t *c, void *const *m, void *av)
{
  uint64_t *msg = (uint64_t *) m;
  void **a = av;
  msg[1] = put_impl (c, a[0], (uint32_t) msg[1]);
}

static void
th_get (idl_call_t *c, void *const *m, void *av)
{
  uint64_t *msg = (uint64_t *) m;
  void **a = av;
  unsigned len = 0;
  int r = get_impl (c, a[0], (uint32_t) msg[1], &len);
  msg[1] = (uint32_t) r | (uint64_t) len << 32;
}

static void
th_name (idl_call_t *c, void *const *m, void *av)
{
  uint64_t *msg = (uint64_t *) m;
  void **a = av;
  msg[1] = (uint32_t) name_impl (c, a[0], a[1], a[2]);
}

static const void *const cb_ops[] = {
  CT_OPS_DENSE (IFACE, 1, 3),
  CT_OP (1, put), CT_OP (2, get), CT_OP (3, name)
};

static uint64_t
cb_compact_dispatch (idl_call_t *c, uint64_t *msg)
{
  return idl_compact_dispatch (c, msg, ct_ops (cb_ops, sizeof cb_ops
						/ sizeof *cb_ops));
}

/* The compact client: what a compact stub does (plugin/compact-client.cc):
   the request's values in words, the pointers in ARGV, the engine's bulk
   entry.  */
static uint64_t
c_call (idl_binding_t *b, const uint32_t *t, void **argv, uint64_t w1)
{
  uint64_t w[1] = { w1 };
  uint64_t r = idl_compact_call_bulk (b, t, argv, w);
  if (idl_error (b) != IDL_OK)
    CHECK (r == 0);
  return r;
}

static uint64_t
do_put (idl_binding_t *b, const uint32_t *in, unsigned n)
{
  void *argv[2] = { (void *) in, NULL };
  return ct_compact_client ? c_call (b, c_put, argv, n) : put (b, in, n);
}

static int
do_get (idl_binding_t *b, uint32_t *out, unsigned n, unsigned *len)
{
  void *argv[3] = { out, NULL, len };
  return ct_compact_client ? (int) c_call (b, c_get, argv, n)
	 : get (b, out, n, len);
}

static int
do_name (idl_binding_t *b, const char *in, char *io, char *out)
{
  void *argv[3] = { (void *) in, io, out };
  return ct_compact_client ? (int) c_call (b, c_name, argv, 0)
	 : name (b, in, io, out);
}

static uint32_t *big_in, *big_out;
static char *s_in, *s_io, *s_out;

static void
checks (idl_binding_t *b)
{
  /* An in buffer of every element over the page, and a small one.  */
  for (unsigned n = N; n; n = n > 1000 ? n / 7 : 0)
    {
      for (unsigned i = 0; i < n; i++)
	big_in[i] = pattern (i, 77);
      CHECK (do_put (b, big_in, n) == put_impl (NULL, big_in, n));
      CHECK (idl_error (b) == IDL_OK);
    }
  /* Over the bound: refused before anything is sent.  */
  CHECK (do_put (b, big_in, N + 1) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);

  /* A hostile client, straight through the runtime: an in item that is
     not the elements its count says (the dispatcher's check), one over
     its bound (the runtime's, before dispatch), an out item whose room
     is short of its count, a string without its NUL: IDL_E_BADMSG for
     that call alone, and the server goes on.  */
  struct
  {
    uint64_t tag, w1;
    unsigned n;
    struct idl_bulk_item it[3];
  } bad[] = {
    { CT_MKTAG (IFACE, 1, 1), 10, 1, { { big_in, 44, 44, IDL_BULK_IN } } },
    { CT_MKTAG (IFACE, 1, 1), N, 1,
      { { big_in, 4 * N + 4, 4 * N + 4, IDL_BULK_IN } } },
    { CT_MKTAG (IFACE, 2, 1), 100, 1, { { big_out, 0, 396, IDL_BULK_OUT } } },
    { CT_MKTAG (IFACE, 3, 0), 0, 3,
      { { s_in, 5, 5, IDL_BULK_IN }, { s_io, S + 1, S + 1, IDL_BULK_INOUT },
	{ s_out, 0, S + 1, IDL_BULK_OUT } } },
  };
  memset (s_in, 'z', 5);
  memset (s_io, 0, S + 1);
  for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      uint64_t w[1] = { bad[k].w1 };
      idl_reply_t r = idl_callv_bulk (b, bad[k].tag, w, 0, NULL, 0,
				      bad[k].it, bad[k].n);
      CHECK (r.tag == (IDL_TAG_ERROR
		       | (uint64_t) IDL_E_BADMSG << IDL_TAG_OP_SHIFT));
      CHECK (do_put (b, big_in, 3) == put_impl (NULL, big_in, 3));
    }

  /* An out buffer with IDL_LENGTH_IS: every byte sent, none past.  */
  unsigned len = 12345;
  memset (big_out, 0xee, (N + 1) * 4);
  CHECK (do_get (b, big_out, N, &len) == (int) N);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (len == N - N / 3);
  for (unsigned i = 0; i < len; i++)
    CHECK (big_out[i] == pattern (i, N));
  CHECK (big_out[N] == 0xeeeeeeeeu);
  /* An IDL_LENGTH_IS over the caller's count: the server's
     IDL_E_BOUNDS, the caller's length untouched.  */
  len = 12345;
  CHECK (do_get (b, big_out, 7, &len) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  CHECK (len == 12345);

  /* Strings over the page, in, inout and out.  */
  memset (s_in, 'q', S);
  s_in[S] = 0;
  memset (s_io, 'a', S - 3);
  s_io[S - 3] = 0;
  memset (s_out, 0, S + 1);
  CHECK (do_name (b, s_in, s_io, s_out) == 2 * S - 3);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (s_out[0] == 'X' && strlen (s_out) == S);
  for (size_t i = 1; i < S; i++)
    CHECK (s_out[i] == 'q');
  CHECK (strlen (s_io) == S - 3);
  for (size_t i = 0; i < S - 3; i++)
    CHECK (s_io[i] == 'b');
  strcpy (s_io, "a");
  CHECK (do_name (b, "", s_io, s_out) == 1);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (strcmp (s_out, "") == 0 && strcmp (s_io, "b") == 0);
}

static void
reset (void)
{
}

int
main (void)
{
  big_in = calloc (N + 1, 4);
  big_out = calloc (N + 1, 4);
  s_in = malloc (S + 2);
  s_io = malloc (S + 1);
  s_out = malloc (S + 1);
  CHECK (big_in && big_out && s_in && s_io && s_out);
  ct_run ("compact-bulk", &cbulk, cbulk_dispatch, cb_compact_dispatch,
	  checks, reset);
  return 0;
}
