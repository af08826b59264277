/* { dg-do run } */
/* Area: calls between machines
   Purpose: the XDR decoders against bytes a hostile peer could send:
   strings and buffers over their bounds, lengths over IDL_PAYLOAD_MAX,
   counts that contradict their arrays, truncations; each is an error
   for that call (IDL_E_BADMSG on a server, IDL_E_PROTO on a client) and
   nothing else.  Also what decoders leave (zeroed padding, a _Bool as 0
   or 1), the encoders' own errors, and what is not expressible.  */

#include <rpc/rpc.h>
#include "idltest.h"
#include "idl4.h"
#include "sawmill.h"
#include "everything.h"
#include "onc-xdr.h"

IDL_INTERFACE (pmap, 0x50, 9);
IDL_ONC_PROGRAM (pmap, 100000, 2);
IDL_OP (pmap, 3) unsigned getport (idl_binding_t *b, unsigned prog,
				   unsigned vers, unsigned prot, unsigned port);

/* XDR written by hand.  */
static char wire[1 << 18];
static XDR out;

static void
begin (void)
{
  xdrmem_create (&out, wire, sizeof wire, XDR_ENCODE);
}

static void
u32 (uint32_t v)
{
  CHECK (xdr_u_int (&out, &v));
}

static void
hyper (int64_t v)
{
  CHECK (xdr_int64_t (&out, &v));
}

static void
bytes (const char *p, unsigned n)
{
  CHECK (xdr_opaque (&out, (char *) p, n));
}

/* The server's private message a request decodes into.  */
static uint64_t msg[IDL_MSG_BYTES / 8] __attribute__ ((__aligned__ (64)));

/* Decode what was written (N bytes, default all) as operation NUMBER's
   arguments of IFACE.  */
static int
request (const idl_interface_t *iface, unsigned number, int n)
{
  XDR in;
  unsigned len = n >= 0 ? (unsigned) n : xdr_getpos (&out);
  xdrmem_create (&in, wire, len, XDR_DECODE);
  struct idl_onc_msg m = { .table = iface->onc,
			   .op = idl_onc_op (iface->onc, number),
			   .words = msg };
  int err = idl_onc_decode_request (&in, &m);
  CHECK (err == m.err);
  xdr_destroy (&in);
  return err;
}

/* Decode it as the result of NUMBER, whose request words are REQ.  */
static uint64_t words[IDL_MR_WORDS];
static uint8_t payload[IDL_PAYLOAD_MAX];
static uint32_t reply_len;

static int
reply (const idl_interface_t *iface, unsigned number, const uint64_t *req)
{
  XDR in;
  xdrmem_create (&in, wire, xdr_getpos (&out), XDR_DECODE);
  struct idl_onc_msg m = { .table = iface->onc,
			   .op = idl_onc_op (iface->onc, number),
			   .words = words, .payload = payload, .req = req };
  int err = idl_onc_decode_reply (&in, &m);
  reply_len = m.len;
  xdr_destroy (&in);
  return err;
}

static char big[IDL_PAYLOAD_MAX + 8];

static void
strings (void)
{
  /* strxfer (in string<119>): 119 chars pass, 120 do not.  */
  begin ();
  u32 (119);
  bytes (big, 119);
  CHECK (request (&idl4bench, 4, -1) == IDL_OK);
  CHECK (msg[IDL_MSG_REQ_LEN] == 120);
  CHECK (((char *) msg)[IDL_MSG_REQ_PAYLOAD + 119] == 0);
  begin ();
  u32 (120);
  bytes (big, 120);
  CHECK (request (&idl4bench, 4, -1) == IDL_E_BADMSG);
  begin ();
  u32 (0xffffffff);
  CHECK (request (&idl4bench, 4, -1) == IDL_E_BADMSG);
  /* A length the bytes do not follow.  */
  begin ();
  u32 (100);
  bytes (big, 10);
  CHECK (request (&idl4bench, 4, -1) == IDL_E_BADMSG);

  /* pfs_lookup's result: canonical<1023>, 1024 chars is a bad reply.  */
  uint64_t req[IDL_MR_WORDS] = { 0 };
  begin ();
  u32 (0);
  u32 (7);
  u32 (1024);
  bytes (big, 1024);
  req[0] = (uint64_t) 0x5a3 << 32 | 4 << 16 | 1;
  CHECK (reply (&pfs, 4, req) == IDL_E_PROTO);
  begin ();
  u32 (0);
  u32 (7);
  u32 (1023);
  bytes (big, 1023);
  CHECK (reply (&pfs, 4, req) == IDL_OK);
  CHECK (reply_len == 1023);
}

static void
buffers (void)
{
  /* arrayxfer (opaque<16384>, opaque<16384>, hyper l1, hyper l2): each
     array's length must be its count's value.  */
  begin ();
  u32 (5);
  bytes ("hello", 5);
  u32 (3);
  bytes ("abc", 3);
  hyper (5);
  hyper (3);
  CHECK (request (&idl4bench, 6, -1) == IDL_OK);
  CHECK (msg[IDL_MSG_REQ_LEN] == 8);
  CHECK (memcmp ((char *) msg + IDL_MSG_REQ_PAYLOAD, "helloabc", 8) == 0);
  /* Each truncation fails.  */
  for (int n = 0; n < (int) xdr_getpos (&out); n++)
    CHECK (request (&idl4bench, 6, n) == IDL_E_BADMSG);
  for (int which = 0; which < 4; which++)
    {
      begin ();
      u32 (5);
      bytes ("hello", 5);
      u32 (3);
      bytes ("abc", 3);
      hyper (which == 0 ? 6 : which == 1 ? -1 : 5);
      hyper (which == 2 ? 4 : which == 3 ? (int64_t) 1 << 32 | 3 : 3);
      CHECK (request (&idl4bench, 6, -1) == IDL_E_BADMSG);
    }
  begin ();
  u32 (16385);
  CHECK (request (&idl4bench, 6, -1) == IDL_E_BADMSG);

  /* pfs_write (int handle, int pos, int len, int data_size,
     int data<1024>).  */
  begin ();
  for (int i = 0; i < 3; i++)
    u32 (i);
  u32 (1025);
  u32 (1025);
  for (int i = 0; i < 1025; i++)
    u32 (i);
  CHECK (request (&pfs, 2, -1) == IDL_E_BADMSG);
  begin ();
  for (int i = 0; i < 3; i++)
    u32 (i);
  u32 (2);
  u32 (3);
  for (int i = 0; i < 3; i++)
    u32 (i);
  CHECK (request (&pfs, 2, -1) == IDL_E_BADMSG);

  /* pfs_get_direntries (int handle, int pos, int count): an out buffer
     of at most 64 records, as the local server checks.  */
  begin ();
  u32 (1);
  u32 (2);
  u32 (65);
  CHECK (request (&pfs, 3, -1) == IDL_E_BADMSG);
  begin ();
  u32 (1);
  u32 (2);
  u32 (4);
  CHECK (request (&pfs, 3, -1) == IDL_OK);
  uint64_t req[IDL_MR_WORDS];
  memcpy (req, msg, sizeof req);
  /* Its result (int, int pos, int data_size, pfs_dirent data<64>): the
     array as long as data_size says, within the caller's count of 4.  */
  for (int which = 0; which < 4; which++)
    {
      unsigned size = which == 0 ? 3 : which == 1 ? 5 : which == 2 ? 65 : 4;
      unsigned n = which == 0 ? 4 : which == 1 ? 5 : which == 2 ? 65 : 4;
      begin ();
      u32 (0);
      u32 (9);
      u32 (size);
      u32 (n);
      for (unsigned i = 0; i < n; i++)
	{
	  u32 (i);
	  u32 (64);
	  u32 (1);
	  bytes (big, 57);
	}
      CHECK (reply (&pfs, 3, req) == (which == 3 ? IDL_OK : IDL_E_PROTO));
    }
  CHECK (reply_len == 4 * sizeof (struct pfs_dirent));

  /* huge (unsigned n, opaque<65536>): the largest payload a message
     carries, and no more.  */
  begin ();
  u32 (65536);
  u32 (65536);
  bytes (big, 65536);
  CHECK (request (&everything, 76, -1) == IDL_OK);
  CHECK (msg[IDL_MSG_REQ_LEN] == IDL_PAYLOAD_MAX);
  for (uint32_t n = 65537; n < 65541; n++)
    {
      begin ();
      u32 (n);
      u32 (n);
      bytes (big, n);
      CHECK (request (&everything, 76, -1) == IDL_E_BADMSG);
    }
  begin ();
  u32 (0x7fffffff);
  u32 (0x7fffffff);
  CHECK (request (&everything, 76, -1) == IDL_E_BADMSG);
}

static void
what_decoders_leave (void)
{
  /* blk_tagged (tagged v, tagged i, tagged io): struct tagged's seven
     bytes of padding are zero, whatever the message held before.  */
  memset (msg, 0xaa, sizeof msg);
  begin ();
  for (int k = 0; k < 3; k++)
    {
      double d = k + 0.5;
      CHECK (xdr_double (&out, &d));
      u32 (0x1ff);
    }
  CHECK (request (&everything, 41, -1) == IDL_OK);
  unsigned char zero[sizeof (struct tagged)] = { 0 };
  struct tagged t;
  t.d = 0.5;
  t.tail = 0xff;
  memcpy (zero, &t, 9);
  /* The first block, in the message's words (the layout says which):
     every byte but the value's is zero.  */
  int found = 0;
  for (unsigned off = 8; off + sizeof t <= IDL_MR_WORDS * 8; off += 8)
    if (memcmp ((char *) msg + off, zero, sizeof zero) == 0)
      {
	found = 1;
	break;
      }
  CHECK (found);

  /* all_bo (bool, bool, bool): any non-zero is true, stored as 1.  */
  begin ();
  u32 (5);
  u32 (0);
  u32 (0x80000000);
  CHECK (request (&everything, 20, -1) == IDL_OK);
  unsigned char *w = (unsigned char *) (msg + 1);
  CHECK (w[0] == 1 && w[1] == 0 && w[2] == 1);
}

static void
encoders (void)
{
  /* strxfer's request: an implied string whose payload is empty
     contradicts its bounds; a stream too small to take it is no
     room.  */
  uint64_t req[IDL_MR_WORDS] = { (uint64_t) 0x4d4 << 32 | 4 << 16 };
  char tiny[8];
  XDR x;
  xdrmem_create (&x, wire, sizeof wire, XDR_ENCODE);
  struct idl_onc_msg m = { .table = idl4bench.onc,
			   .op = idl_onc_op (idl4bench.onc, 4), .words = req,
			   .payload = (uint8_t *) big };
  CHECK (idl_onc_encode_request (&x, &m) == IDL_E_BOUNDS);
  memset (big, 'x', 119);
  big[119] = 0;
  m.len = 121;
  CHECK (idl_onc_encode_request (&x, &m) == IDL_E_BOUNDS);
  m.len = 120;
  xdrmem_create (&x, tiny, sizeof tiny, XDR_ENCODE);
  CHECK (idl_onc_encode_request (&x, &m) == IDL_E_NOMEM);
  CHECK (m.err == IDL_E_NOMEM);
  xdrmem_create (&x, wire, sizeof wire, XDR_ENCODE);
  CHECK (idl_onc_encode_request (&x, &m) == IDL_OK);
  CHECK (xdr_getpos (&x) == 4 + 120);
  /* The adapters for clnt_call and svc_getargs.  */
  xdrmem_create (&x, wire, sizeof wire, XDR_ENCODE);
  CHECK (idl_onc_xdr_args (&x, &m));
  xdrmem_create (&x, wire, sizeof wire, XDR_DECODE);
  struct idl_onc_msg s = { .table = idl4bench.onc, .op = m.op, .words = msg };
  CHECK (idl_onc_xdr_args (&x, &s));
  CHECK (msg[0] == ((uint64_t) 0x4d4 << 32 | 4 << 16));
  CHECK (strlen ((char *) msg + IDL_MSG_REQ_PAYLOAD) == 119);
}

static void
numbers (void)
{
  uint32_t prog, vers;
  CHECK (idl_onc_numbers (&pmap, &prog, &vers));
  CHECK (prog == 100000 && vers == 2);
  CHECK (idl_onc_numbers (&idl4bench, &prog, &vers));
  CHECK (prog == 0x20000000 + 0x4d4 && vers == 1);
  CHECK (idl_onc_op (pfs.onc, 5) == NULL);
  CHECK (idl_onc_op (pfs.onc, 0) == NULL);

  /* Descriptors cannot cross machines: every conversion of fd_in
     refuses, and says so.  */
  const uint32_t *e = idl_onc_op (fdio.onc, 1);
  CHECK (e && (e[0] & IDL_XT_OP_UNSUPPORTED));
  XDR x;
  xdrmem_create (&x, wire, sizeof wire, XDR_ENCODE);
  struct idl_onc_msg m = { .table = fdio.onc, .op = e, .words = msg,
			   .req = msg };
  CHECK (idl_onc_encode_request (&x, &m) == IDL_E_UNSUPPORTED);
  CHECK (idl_onc_decode_request (&x, &m) == IDL_E_UNSUPPORTED);
  CHECK (idl_onc_encode_reply (&x, &m) == IDL_E_UNSUPPORTED);
  CHECK (idl_onc_decode_reply (&x, &m) == IDL_E_UNSUPPORTED);
  CHECK (strcmp (idl_strerror (IDL_E_UNSUPPORTED),
		 "the operation cannot cross this transport") == 0);
}

int
main (void)
{
  strings ();
  buffers ();
  what_decoders_leave ();
  encoders ();
  numbers ();
  return 0;
}
