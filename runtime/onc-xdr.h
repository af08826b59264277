/* onc-xdr.h -- the XDR codecs of calls between machines (internal).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The ONC RPC transport carries the very messages the stubs build
   (idlrt-abi.h) as XDR, exactly as rpcgen encodes the .x declaration
   the plugin exports for the interface (idlrt-xdr.h): onc-xdr.c
   interprets the plugin's program for each message and does the four
   conversions over a libtirpc XDR stream.

     client:  request message --idl_onc_encode_request--> XDR arguments
	      XDR result      --idl_onc_decode_reply-----> reply message
     server:  XDR arguments   --idl_onc_decode_request--> private request
	      private reply   --idl_onc_encode_reply-----> XDR result

   Decoders check what they read as the local server checks a request
   (a hostile peer gets an error for that call, never an overrun) and
   leave exactly what the generated code expects: a server's private
   message as idl_msg_request prepares it, a reply as a local server
   leaves it for the client stub.  Encoders read a message the stubs or
   the dispatcher built, within its bounds.

   Each conversion returns IDL_OK or an IDL_E_* code, which it also
   leaves in the message's ERR:
     IDL_E_UNSUPPORTED  the operation's types are not expressible in
			XDR (its table says so): nothing was read or
			written
     IDL_E_BADMSG       (decode_request) malformed or out-of-bounds
			arguments
     IDL_E_PROTO        (decode_reply) malformed or out-of-bounds result
     IDL_E_BOUNDS       (encoders) the message contradicts the
			operation's bounds: nothing sensible to send
     IDL_E_NOMEM        (encoders) the stream took no more bytes (an
			xdrmem buffer too small; a record stream's
			write failed)  */

#ifndef IDLRT_ONC_XDR_H
#define IDLRT_ONC_XDR_H

#include <stddef.h>
#include <rpc/rpc.h>
#include "idlrt.h"
#include "idlrt-xdr.h"

#define IDL_ONC_HIDDEN __attribute__ ((__visibility__ ("hidden")))

/* One call's message, as a conversion sees it.  The first five
   fields are where the generated codecs find them (idlrt-xdr.h,
   IDL_XM_*).  A transport keeps one per binding or connection, made
   once, and sets per call what changes (OP, a client's LEN); ERR is
   IDL_OK between calls (a transport that reads an error there puts
   IDL_OK back).  */
struct idl_onc_msg
{
  /* The message's words, [0] its tag, then its words, IDL_MR_WORDS of
     room when decoded into:
       encode_request: the stub's request (tag and words);
       decode_request: the server's private message (idlrt-abi.h,
	 IDL_MSG_BYTES); its payload and counts are in there too;
       encode_reply: that private message after the dispatcher wrote
	 its reply (words, payload, length) into it;
       decode_reply: receives the reply's tag and words.  */
  uint64_t *words;
  /* The payload (encode_request: the request's; decode_reply: room for
     IDL_PAYLOAD_MAX bytes, receives the reply's) and its length; the
     server's conversions take both from the private message.  */
  uint8_t *payload;
  /* Reply conversions: the request's tag and words (a copy the
     transport keeps: a dispatcher overwrites them with the reply's;
     a client's must not be the words decode_reply writes).  */
  const uint64_t *req;
  uint32_t len;
  int err;
  const uint32_t *table;	/* the interface's table (iface->onc) */
  const uint32_t *op;		/* the operation's entry in it
				   (idl_onc_op), or NULL */
  /* The interface's generated codecs (iface->onc_codecs), or NULL:
     the interpreter does every run.  */
  const void *const *codecs;
};

#define IDL_ONC_PTR(n) ((n) * sizeof (void *))
_Static_assert (offsetof (XDR, x_private) == IDL_ONC_PTR (IDL_XDR_PRIVATE_PTRS)
		&& offsetof (XDR, x_handy) == IDL_ONC_PTR (IDL_XDR_HANDY_PTRS)
		&& sizeof (((XDR *) 0)->x_handy) == 4,
		"the codecs find an xdrmem stream's position there");
_Static_assert (offsetof (struct idl_onc_msg, words)
		== IDL_ONC_PTR (IDL_XM_WORDS_PTRS)
		&& offsetof (struct idl_onc_msg, payload)
		   == IDL_ONC_PTR (IDL_XM_PAYLOAD_PTRS)
		&& offsetof (struct idl_onc_msg, req)
		   == IDL_ONC_PTR (IDL_XM_REQ_PTRS)
		&& offsetof (struct idl_onc_msg, len)
		   == IDL_ONC_PTR (IDL_XM_LEN_PTRS)
		&& offsetof (struct idl_onc_msg, err)
		   == IDL_ONC_PTR (IDL_XM_LEN_PTRS) + 4,
		"the codecs find a message's fields there");
#undef IDL_ONC_PTR

/* A generated codec of a run (idlrt-xdr.h).  */
typedef void idl_onc_codec_fn (uint32_t *xdr, uint8_t *words,
			       uint8_t *payload);

/* A generated codec of a whole message (idlrt-xdr.h): the conversion
   of M through XDRS, a memory stream, as an xdrproc_t.  TRUE, or FALSE
   with the reason in M's ERR.  */
typedef int idl_onc_msg_fn (XDR *xdrs, struct idl_onc_msg *m);

/* The transport's xdrproc_t's for TABLE's operations over its own
   memory streams, made once (at connect, at listen) as rpcgen's stubs
   have theirs: operation K's request encoder and decoder at [4 * K]
   and [4 * K + 1], its reply's at [4 * K + 2] and [4 * K + 3], each
   the message's generated codec where CODECS has one, else the entry
   points' (idl_onc_xdr_args, idl_onc_xdr_result), which take any
   stream and need the message's OP.  Freed with free; NULL if out of
   memory.  */
xdrproc_t *idl_onc_procs (const uint32_t *table, const void *const *codecs)
  IDL_ONC_HIDDEN;

/* IFACE's ONC program number and version (idlrt-xdr.h), from its table;
   false when the interface has none (compiled without the plugin).  */
int idl_onc_numbers (const idl_interface_t *iface, uint32_t *program,
		     uint32_t *version) IDL_ONC_HIDDEN;

/* The entry of operation NUMBER in TABLE, or NULL if it has none.  An
   entry's flags (IDL_XT_OP_ONEWAY, IDL_XT_OP_UNSUPPORTED) are in its
   first word.  */
const uint32_t *idl_onc_op (const uint32_t *table, uint32_t number)
  IDL_ONC_HIDDEN;

/* The same, and the entry's index in *INDEX (its operation's four
   xdrproc_t's are at 4 * *INDEX of idl_onc_procs').  */
const uint32_t *idl_onc_lookup (const uint32_t *table, uint32_t number,
				size_t *index) IDL_ONC_HIDDEN;

/* The four conversions (above).  M->table and M->op set.  */
int idl_onc_encode_request (XDR *xdrs, struct idl_onc_msg *m) IDL_ONC_HIDDEN;
int idl_onc_decode_request (XDR *xdrs, struct idl_onc_msg *m) IDL_ONC_HIDDEN;
int idl_onc_encode_reply (XDR *xdrs, struct idl_onc_msg *m) IDL_ONC_HIDDEN;
int idl_onc_decode_reply (XDR *xdrs, struct idl_onc_msg *m) IDL_ONC_HIDDEN;

/* The interpreter (onc-xdr-interp.c): convert the message at W and PAY
   (encode: LEN payload bytes; replies: the request's words at REQ)
   with program P of M's table, through XDRS, decoding if DECODE; the
   payload's end into *END.  1 done, 0 the stream failed or (a decoder)
   the bytes are refused, -1 (an encoder) the message contradicts its
   bounds.  */
int idl_onc_interpret (XDR *xdrs, const struct idl_onc_msg *m,
		       const uint32_t *p, int decode, int reply, uint8_t *w,
		       uint8_t *pay, uint64_t len, const uint64_t *req,
		       uint64_t *end) IDL_ONC_HIDDEN;

/* The same as xdrproc_t's, for clnt_call, svc_getargs and
   svc_sendreply: ARG is a struct idl_onc_msg; XDR_ENCODE encodes (the
   client's request, the server's reply), XDR_DECODE decodes (the
   server's request, the client's reply), XDR_FREE has nothing to free.
   They return TRUE on success, FALSE with the reason in the message's
   ERR.  */
bool_t idl_onc_xdr_args (XDR *xdrs, void *arg) IDL_ONC_HIDDEN;
bool_t idl_onc_xdr_result (XDR *xdrs, void *arg) IDL_ONC_HIDDEN;

#endif /* IDLRT_ONC_XDR_H */
