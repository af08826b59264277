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

#endif /* IDLRT_ABI_H */
