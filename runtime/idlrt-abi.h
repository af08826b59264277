/* idlrt-abi.h -- the message ABI shared by the idlstub plugin and libidlrt.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The plugin generates stubs that build and read messages in this format,
   and the runtime moves them; both include this one header so that the two
   can never disagree (the libffi habit: constants shared by both sides live
   in one place).  Only preprocessor constants here: the plugin is C++ and
   reads them as integers.

   A message is an array of 64-bit words.  Word 0 is the tag; words
   1..count carry the packed arguments (paper 000, 4.2.1: small scalars
   share a word, so small(short, long, short) is two words, not three).

   Request tag:
     bits  0-6   number of words after the tag (0..IDL_MR_WORDS-1)
     bit   7     IDL_TAG_ONEWAY: the client does not wait for a reply
     bit   8     IDL_TAG_ERROR: never set in a request
     bits 16-31  operation number
     bits 32-63  interface id

   Reply tag: the request's operation number and interface id, the reply's
   word count, and no flags; the client stub compares the whole reply tag
   with the one value it expects, so a single comparison checks transport
   status, operation, interface and size at once.

   Error reply / failed call: IDL_TAG_ERROR set, transport error code
   (IDL_E_*, idlrt.h) in bits 16-31.  */

#ifndef IDLRT_ABI_H
#define IDLRT_ABI_H

/* Message registers in the shared page, the tag included.  */
#define IDL_MR_WORDS 64

#define IDL_TAG_COUNT_MASK 0x7f
#define IDL_TAG_ONEWAY 0x80
#define IDL_TAG_ERROR 0x100
#define IDL_TAG_OP_SHIFT 16
#define IDL_TAG_OP_MASK 0xffff
#define IDL_TAG_IFACE_SHIFT 32

/* Largest operation number and interface id the tag can carry.  */
#define IDL_MAX_OPNUM 0xffff
#define IDL_MAX_IFACE_ID 0xffffffff

/* Requests of at most this many words go to the runtime in registers
   (idl_call_r4, idl_send_r4); longer ones as a pointer to the words
   (idl_call_m, idl_send_m).  */
#define IDL_REG_WORDS 4

/* Byte offset, in struct idl_binding, of the pointer to the message
   registers (uint64_t *): client stubs read reply words through it.  */
#define IDL_BINDING_MR_OFFSET 0

/* An interface descriptor's table of operations (idl_interface_t's
   OPS): one word per operation, in number order, the number in the top
   16 bits and a hash of its types below.  */
#define IDL_OPS_NUMBER_SHIFT 48
#define IDL_OPS_HASH_MASK 0xffffffffffffULL

/* Payload: byte regions (strings, buffers, large records and arrays,
   paper 000 4.3.5) that do not go in message registers.  Each
   direction carries at most IDL_PAYLOAD_MAX bytes; the plugin refuses
   an operation whose largest message could exceed it, so a length the
   server checks against its declared bound always fits.

   Client side.  A stub whose request has a payload calls
   idl_request_payload (b), which returns where to write it (the
   connection's shared page, once no earlier one-way request is still
   pending there), copies its items in, and sends with idl_call_x or
   idl_send_x, giving the payload's length.  After idl_call_x returns
   the reply's payload is at the same place: the pointer at
   IDL_BINDING_PAYLOAD_OFFSET in the binding (uint8_t *).  The stub
   checks every length it reads there against its bound and against
   IDL_PAYLOAD_MAX before it copies anything out.

   File descriptors travel beside the message (SCM_RIGHTS on the
   connection socket; at most IDL_MAX_FDS each way).  A message word
   names a descriptor by its index in the message's descriptor list,
   or IDL_FD_NONE for "no descriptor" (-1 in C).  The descriptors a
   reply brought are in the binding's int array at
   IDL_BINDING_FDS_OFFSET, IDL_MAX_FDS entries, -1 where none; a stub
   that hands one to its caller stores -1 in its place, and the runtime
   closes whatever is left there at the next call on the binding or
   when it is closed, so a descriptor is never lost and never owned
   twice.  */
#define IDL_PAYLOAD_MAX 65536
#define IDL_MAX_FDS 8
#define IDL_FD_NONE 0xffffffffu
#define IDL_BINDING_PAYLOAD_OFFSET 8
#define IDL_BINDING_FDS_OFFSET 16

/* Server side: the dispatcher's MSG argument is the server's private
   copy of the request (copied once from the shared page, paper 000
   4.4.1), IDL_MSG_BYTES long, 64-byte aligned:

     msg[0 .. IDL_MR_WORDS-1]    tag and words, as on the page; the
                                 dispatcher writes the reply's words here
     msg[IDL_MSG_REQ_LEN]        request payload bytes (runtime)
     msg[IDL_MSG_REQ_NFDS]       descriptors received with the request
     msg[IDL_MSG_REQ_FDS + i]    descriptor i, as an int in a word; the
                                 runtime closes them after dispatch (an
                                 implementation dup()s what it keeps)
     msg[IDL_MSG_REPLY_LEN]      reply payload bytes (dispatcher; the
                                 runtime sets it to 0 before dispatch)
     msg[IDL_MSG_REPLY_NFDS]     descriptors to send with the reply
                                 (dispatcher; 0 before dispatch)
     msg[IDL_MSG_REPLY_FDS + i]  descriptor i; the runtime sends them
                                 and then closes them (handed over)
     byte IDL_MSG_REQ_PAYLOAD    the request's payload, private
     byte IDL_MSG_REPLY_PAYLOAD  the reply's payload, written by the
                                 dispatcher, copied to the page by the
                                 runtime

   The runtime never passes a request payload longer than
   IDL_PAYLOAD_MAX or more than IDL_MAX_FDS descriptors; the generated
   code checks every item against its own bound.  */
#define IDL_MSG_REQ_LEN 64
#define IDL_MSG_REQ_NFDS 65
#define IDL_MSG_REQ_FDS 66
#define IDL_MSG_REPLY_LEN 80
#define IDL_MSG_REPLY_NFDS 81
#define IDL_MSG_REPLY_FDS 82
#define IDL_MSG_REQ_PAYLOAD 1024
#define IDL_MSG_REPLY_PAYLOAD (IDL_MSG_REQ_PAYLOAD + IDL_PAYLOAD_MAX)
#define IDL_MSG_BYTES (IDL_MSG_REPLY_PAYLOAD + IDL_PAYLOAD_MAX)

#endif /* IDLRT_ABI_H */
