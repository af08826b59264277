/* idlrt-xdr.h -- XDR programs: the ONC RPC codec tables shared by the
   idlstub plugin and libidlrt.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Across machines a call travels as ONC RPC (RFC 5531) with its
   arguments and results in XDR (RFC 4506), exactly as rpcgen encodes the
   equivalent .x declaration, so that idlstub programs and rpcgen-built
   ones call each other.  The stubs do not change for the network: a
   client stub builds its request message (idlrt-abi.h) as always, the
   ONC transport converts that message to XDR and the XDR reply back into
   the reply message the stub expects; on the server it converts the XDR
   arguments into the private request message the dispatcher expects,
   and the reply message into the XDR result.  Four conversions per
   operation, all driven by one small program per message, which the
   plugin builds from the message layout (plugin/xdr.cc) and the runtime
   interprets (runtime/onc-xdr.c): compact mode's table-driven
   marshalling (paper 002) applied to Flick's network back end (paper
   000, section 6.1).

   Like idlrt-abi.h, only preprocessor constants: the plugin is C++ and
   reads them as integers.

   An interface's table, idl_interface_t's ONC, is an array of uint32_t:

     [0] IDL_XT_FORMAT, the layout of what follows
     [1] the ONC program number
     [2] the program's version
     [3] the interface id (for the request tag the server rebuilds)
     [4] N, the operations
     then N entries of IDL_XT_OP_WORDS words, by increasing number:
       [+0] bits 0-15 the operation number (= the procedure number),
	    bits 16-31 IDL_XT_OP_* flags
       [+1] where the request's program starts, in words from [0]
	    (0 for an unsupported operation)
       [+2] where the reply's program starts (0: unsupported)
     then the programs.

   A program describes one message: the XDR elements in wire order
   (the arguments: in and inout parameters in order; the result: the
   return value, then out and inout parameters in order, rpcgen -N
   style) and where each lives in the message:

     [0] bits 0-6 the message's words after the tag; IDL_XP_REPLY (a
	 reply: its variable payload items are packed, without
	 alignment); IDL_XP_ICOUNT (an implied count precedes its item:
	 encoders find the items first); bits 16-23 the number of
	 IDL_X_BUFFER instructions at the top level (each decoded one is
	 checked against its count when the whole message is in)
     [1] the payload's fixed bytes, where variable items start
     [2] W, the instruction words that follow

   An instruction is a word, bits 0-4 its opcode, then operand words.
   Leaves (IDL_X_I8 .. IDL_X_F64) and IDL_X_OPAQUE address an object
   at OFFSET (bits 8-31) bytes from the current base in the message's
   words (word 0 the tag, so word W's byte B is W * 8 + B: the layout's
   slots, and blocks in words) or, with IDL_X_PAYLOAD (bit 5), in its
   payload (fixed items; a variable item's element).  The base is 0 at
   the top level; IDL_X_LOOP and an element of a buffer move it.

     IDL_X_I8, _U8, _I16, _U16   char, short: a 4-byte XDR int, sign- or
				 zero-extended; truncated when decoded
				 (as xdr_char, xdr_short do)
     IDL_X_I32, _U32             int, unsigned, enum
     IDL_X_I64, _U64             hyper, unsigned hyper
     IDL_X_BOOL                  a _Bool (1 byte): XDR bool, 4 bytes;
				 any non-zero decodes as 1 (xdr_bool)
     IDL_X_F32, _F64             float, double (IEEE, big-endian)
       With IDL_X_ICOUNT (bit 6) the leaf is the count of the
       message's implied item (idlrt-abi.h): an encoder sends the
       element count the payload's length implies, a decoder stores the
       value where the layout keeps an implied count (a word past both
       messages'), for the item's check.
     IDL_X_OPAQUE, + BYTES       opaque[BYTES]: the bytes, padded to 4
     IDL_X_LOOP, + STRIDE, + W   COUNT (bits 8-31) times the W words
				 that follow, the base moved by STRIDE
				 bytes each time (a fixed array)
     IDL_X_RUN, + W, + CODEC     the W words that follow CODEC are
				 leaves, opaques and loops of XDR BYTES
				 (bits 8-31) in all: one XDR_INLINE for
				 them, the stream's primitives only when
				 the stream cannot give that much at once.
				 CODEC: IDL_XR_NONE, or (fast mode) the
				 index of the run's generated codec pair
				 in the interface's ONC_CODECS (below),
				 which does the same as the W words do,
				 specialized
     IDL_X_STRING, + LENGTH      string<MAX> (MAX bits 8-31), a
				 variable payload item; LENGTH the ref of
				 its length (chars, no NUL), IDL_XR_NONE
				 for a request's implied string (the
				 payload ends with its NUL).  A request
				 holds the chars and a NUL, a reply the
				 chars only.
     IDL_X_BUFFER, + ESIZE, + FLAGS, + COUNT, + LENGTH, + WIRE, + W
				 T<MAX> or opaque<MAX> (MAX elements,
				 bits 8-31), a variable payload item of
				 ESIZE-byte elements.  FLAGS: bits 0-7
				 log2 of its alignment in a request,
				 IDL_XB_OPAQUE (bytes: opaque, no body),
				 IDL_XB_IMPLIED (a request's last item,
				 no count sent: the payload's length says
				 how many).  COUNT the ref of its count
				 parameter (with IDL_XR_REQUEST in a
				 reply), LENGTH that of its IDL_LENGTH_IS
				 parameter or IDL_XR_NONE: the elements
				 that travel are LENGTH's value if it has
				 one, else COUNT's.  WIRE the XDR bytes of
				 one element; then the W words of one
				 element's program (base: the element).
     IDL_X_BOUND, + COUNT        no XDR: the integer at ref COUNT (an
				 out buffer's count, in a request) is at
				 most MAX (bits 8-31), as the local server
				 checks it; after the elements

   Fast mode compiles each run (but one holding an implied count) into
   two functions of the interface's ONC_CODECS (idlrt.h), an encoder at
   [2 * CODEC] and a decoder at [2 * CODEC + 1], both

     void codec (uint32_t *xdr, uint8_t *words, uint8_t *payload);

   converting the message's elements at WORDS and PAYLOAD (base 0) to
   or from the run's XDR BYTES at XDR, the stream's own buffer that
   XDR_INLINE gave (plugin/xdr-codec.cc): straight big-endian loads and
   stores, one bounds check for the run (the XDR_INLINE), no
   interpretation (Flick's specialized network stubs, paper 000, 6.1).
   A fixed run has nothing to check but its length: any bytes are a
   value (an enum's too, as for the interpreter; a bool's non-zero is
   1).  When the stream cannot give the whole run at once the
   interpreter does it.  (Run pairs are numbered from 2 * N: the
   first 4 * N entries of ONC_CODECS are the messages'.)

   Fast mode also compiles each message's whole program that holds
   only runs, strings, buffers (of bytes, or of elements without
   strings or buffers) and bounds into a codec pair, operation K's
   (its entry's index) request encoder and decoder at [4 * K] and
   [4 * K + 1], its reply's at [4 * K + 2] and [4 * K + 3], null
   where it has none.  Each is the transport's xdrproc_t for that
   conversion (runtime/onc-xdr.h, idl_onc_msg_fn):

     int codec (XDR *xdrs, struct idl_onc_msg *m);

   the interpreter's conversion of that message, with the same checks
   and verdicts (its error in M's ERR), straight between the message
   M names and the unread or unwritten bytes of XDRS, which must be a
   memory stream (xdrmem_create: the transport's record buffers are),
   whose position it moves itself (X_PRIVATE, X_HANDY): a call of
   clnt_call's or xdr_replymsg's kind with no layer between the
   stream and the generated code, as rpcgen's routines are called.
   Where each side's message is (M's fields, IDL_XM_*): a client's
   request at WORDS and PAYLOAD (LEN bytes), its reply into them (the
   payload's end into LEN); a server's private message at WORDS
   (idlrt-abi.h: its payloads and lengths in there), the request's
   words at REQ for a reply that reads them.  A decoder leaves what
   the entry points leave (onc-xdr.h), the tag included, but for what
   the transport's messages keep between calls: a server's request's
   descriptor slots and count, and its reply's descriptor count, as
   idl_msg_clean left them (only operations with descriptors write
   them, and those cannot cross machines), its reply's length (a
   reply's dispatcher writes it where the reply has a payload, and
   only then is it read); a client's reply's LEN where it has no
   payload (0, which the transport does not read).

   A ref names an integer in the message's words (or, with
   IDL_XR_REQUEST, in the request's, from a reply's program): bits 0-9
   its byte, bits 10-13 its size, IDL_XR_SIGNED when its type is
   signed (it is compared as C converts it to a size_t).

   What decoders check, so that hostile bytes from a peer are an error
   for that call (IDL_E_BADMSG on a server, IDL_E_PROTO on a client)
   and never an overrun: every string and buffer within its bound, the
   payload within IDL_PAYLOAD_MAX; a buffer's element count equal to
   its count parameter's value (or its length parameter's, which must
   not exceed the count), the count within the bound as the local
   server checks it; a reply's buffer within the caller's count.  */

#ifndef IDLRT_XDR_H
#define IDLRT_XDR_H

#include "idlrt-abi.h"

#define IDL_XT_FORMAT 4
#define IDL_XT_HDR_WORDS 5
#define IDL_XT_OP_WORDS 3
#define IDL_XT_OP_ONEWAY 0x10000
#define IDL_XT_OP_UNSUPPORTED 0x20000
/* The reply's program reads the request's words (a ref with
   IDL_XR_REQUEST): a server keeps a copy of them for the reply.  */
#define IDL_XT_OP_REQREF 0x40000

#define IDL_XP_HDR_WORDS 3
#define IDL_XP_WORDS_MASK 0x7f
#define IDL_XP_REPLY 0x80
#define IDL_XP_ICOUNT 0x100
#define IDL_XP_NBUF_SHIFT 16

#define IDL_X_OP_MASK 0x1f
#define IDL_X_PAYLOAD 0x20
#define IDL_X_ICOUNT 0x40
#define IDL_X_ARG_SHIFT 8

#define IDL_X_I8 1
#define IDL_X_U8 2
#define IDL_X_I16 3
#define IDL_X_U16 4
#define IDL_X_I32 5
#define IDL_X_U32 6
#define IDL_X_I64 7
#define IDL_X_U64 8
#define IDL_X_BOOL 9
#define IDL_X_F32 10
#define IDL_X_F64 11
#define IDL_X_OPAQUE 12
#define IDL_X_LOOP 13
#define IDL_X_RUN 14
#define IDL_X_STRING 15
#define IDL_X_BUFFER 16
#define IDL_X_BOUND 17

#define IDL_XB_ALIGN_MASK 0xff
#define IDL_XB_OPAQUE 0x100
#define IDL_XB_IMPLIED 0x200

#define IDL_XR_OFFSET_MASK 0x3ff
#define IDL_XR_SIZE_SHIFT 10
#define IDL_XR_SIZE_MASK 0xf
#define IDL_XR_SIGNED 0x4000
#define IDL_XR_REQUEST 0x8000
#define IDL_XR_NONE 0xffffffffu

/* Where a message codec finds what it converts, in pointers from the
   start of a libtirpc XDR (x_private, x_handy: an xdrmem stream's
   next byte and the bytes left) and of a struct idl_onc_msg (words,
   payload, req; len a uint32_t, err an int after it).  Checked where
   onc-xdr.h is compiled.  */
#define IDL_XDR_PRIVATE_PTRS 3
#define IDL_XDR_HANDY_PTRS 5
#define IDL_XM_WORDS_PTRS 0
#define IDL_XM_PAYLOAD_PTRS 1
#define IDL_XM_REQ_PTRS 2
#define IDL_XM_LEN_PTRS 3

/* The ONC program number of an interface without IDL_ONC_PROGRAM:
   IDL_ONC_USER_BASE + its id modulo IDL_ONC_USER_SPAN, in the range
   RFC 5531 leaves to users (0x20000000-0x3fffffff).  */
#define IDL_ONC_USER_BASE 0x20000000u
#define IDL_ONC_USER_SPAN 0x20000000u

/* The layout's assumptions, checked where this is compiled: a ref's
   byte reaches every message word (the tag included), an offset every
   byte of a private message, a bound every payload.  */
#if defined __cplusplus
# define IDL_XDR_ASSERT(c, m) static_assert (c, m)
#else
# define IDL_XDR_ASSERT(c, m) _Static_assert (c, m)
#endif
IDL_XDR_ASSERT (IDL_MR_WORDS * 8 <= IDL_XR_OFFSET_MASK + 1,
		"a ref's byte field covers the message words");
IDL_XDR_ASSERT ((IDL_MSG_BYTES >> (32 - IDL_X_ARG_SHIFT)) == 0,
		"an instruction's operand covers a private message");
IDL_XDR_ASSERT (IDL_X_BOUND <= IDL_X_OP_MASK, "opcodes fit their field");
IDL_XDR_ASSERT (IDL_MR_WORDS - 1 <= IDL_XP_WORDS_MASK,
		"a program's word count covers every message");
IDL_XDR_ASSERT (IDL_ONC_USER_BASE + IDL_ONC_USER_SPAN - 1 == 0x3fffffffu,
		"the rule's range is RFC 5531's user-defined one");
#undef IDL_XDR_ASSERT

#endif /* IDLRT_XDR_H */
