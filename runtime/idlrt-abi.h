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

/* Co-location's direct calls (paper 001).  A binding to a server of
   this process whose implementations may run concurrently (one with
   workers, idl_server_set_workers) holds at IDL_BINDING_DIRECT_OFFSET
   a pointer to the server's table of implementations (const void *
   const *), one entry per operation in the order of the interface's
   table of operations, NULL where the operation must take the message
   path; elsewhere the pointer is NULL.  A client stub whose operation
   has an entry calls the implementation itself, with the call context
   at IDL_BINDING_CALL_OFFSET (idl_call_t *) in place of the binding,
   after its own argument checks.  The runtime clears the entries when
   the server stops, so that calls fail as remote ones would.  */
#define IDL_BINDING_DIRECT_OFFSET 48
#define IDL_BINDING_CALL_OFFSET 56

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

/* Compact mode (-fplugin-arg-idlstub-mode=compact; paper 002's
   interpretive stubs).  Instead of specialized code per operation, the
   plugin emits a constant table per operation and small glue; one
   engine in the runtime (compact.c) marshals from the table.  The wire
   format is exactly fast mode's: a compact client talks to a fast
   server and the other way round, with the same checks and errors.

   An operation's table is an array of uint32_t:

     header, IDL_CT_HDR_WORDS words:
       [IDL_CT_NPARAMS]   parameters, the binding (or call) not counted
       [IDL_CT_FLAGS]     IDL_CT_F_*
       [IDL_CT_RESULT]    the result's IDL_CT_VALUE (0 without one)
       [IDL_CT_REQ_TAG]   request tag, low 32 bits then high 32 bits
       [IDL_CT_REPLY_TAG] reply tag, likewise (0 for one-way)
       [IDL_CT_REQ]       index in the table of the request's message
                          record
       [IDL_CT_REPLY]     index of the reply's message record
     then IDL_CT_NPARAMS parameter records, IDL_CT_PARAM_WORDS each,
     from index IDL_CT_HDR_WORDS, in prototype order:
       [IDL_CT_P_KIND]    IDL_CT_K_*
       [IDL_CT_P_DIR]     IDL_CT_D_*
       [IDL_CT_P_FLAGS]   IDL_CT_PF_*
       [IDL_CT_P_VALUE]   scalar, fd: the IDL_CT_VALUE that crosses (the
                          pointee's for a pointer); string, buffer: the
                          length's
       [IDL_CT_P_SIZE]    block: bytes; buffer: bytes of an element
       [IDL_CT_P_ALIGN]   block, buffer element: alignment in bytes
       [IDL_CT_P_MAX]     string: chars (without the NUL); buffer:
                          elements
       [IDL_CT_P_COUNT]   buffer: parameter index of the count (a scalar
                          by value)
       [IDL_CT_P_LENGTH]  buffer: index of the IDL_LENGTH_IS parameter
                          (a scalar through a pointer), or IDL_CT_NONE
       [IDL_CT_P_BOOLS]   block, buffer: index in the table of a list
                          of the byte offsets of the _Bool objects in
                          one block or element (the list's first word
                          is their number), or 0 for none; each is
                          rewritten to 0/1 on arrival as fast mode's
                          stubs do
     a message record: [IDL_CT_M_WORDS] words after the tag,
       [IDL_CT_M_NSLOTS], [IDL_CT_M_NITEMS], [IDL_CT_M_FIXED] the end
       of the fixed payload items, [IDL_CT_M_MAXPAY] the payload's
       largest size, [IDL_CT_M_NFDS]; then IDL_CT_M_NSLOTS slots of
       IDL_CT_SLOT_WORDS words and IDL_CT_M_NITEMS items of
       IDL_CT_ITEM_WORDS words, as the plugin's layout has them
       (plugin/model.h, struct idl_slot and struct idl_item; the dump
       shows them):
       slot: [IDL_CT_S_PARAM] parameter index, IDL_CT_NONE for the
             result; [IDL_CT_S_WORD] 1-based word; [IDL_CT_S_OFFSET]
             byte in the word; [IDL_CT_S_SIZE] bytes; [IDL_CT_S_ROLE]
             IDL_CT_R_*
       item: [IDL_CT_I_PARAM]; [IDL_CT_I_FIXED] 1 for a fixed item,
             IDL_CT_I_IMPLIED for a request's last string, which has
             no length slot: the payload ends with its NUL;
             [IDL_CT_I_OFFSET] fixed: its offset; variable, in a reply:
             the offset of its region in the server's reply area;
             [IDL_CT_I_ALIGN]; [IDL_CT_I_MAXBYTES]

   An IDL_CT_VALUE is a value class (IDL_CT_V_*) in bits 0-7 and the
   size in bytes (1, 2, 4, 8) in bits 8-15.

   The client stub passes ARGV, one pointer per parameter: for a
   parameter passed by value (scalar, fd, block) a pointer to it, for
   a pointer parameter the pointer itself.  The server engine gives a
   thunk the same kind of ARGV (by-value arguments as pointers to
   their values in private memory; pointers into the private request
   or the reply area as fast mode's server stubs would pass them), and
   the thunk calls the implementation.  */
#define IDL_CT_NONE 0xffffffffu

#define IDL_CT_NPARAMS 0
#define IDL_CT_FLAGS 1
#define IDL_CT_RESULT 2
#define IDL_CT_REQ_TAG 3
#define IDL_CT_REPLY_TAG 5
#define IDL_CT_REQ 7
#define IDL_CT_REPLY 8
#define IDL_CT_HDR_WORDS 9

#define IDL_CT_F_ONEWAY 1
#define IDL_CT_F_RESULT 2

#define IDL_CT_P_KIND 0
#define IDL_CT_P_DIR 1
#define IDL_CT_P_FLAGS 2
#define IDL_CT_P_VALUE 3
#define IDL_CT_P_SIZE 4
#define IDL_CT_P_ALIGN 5
#define IDL_CT_P_MAX 6
#define IDL_CT_P_COUNT 7
#define IDL_CT_P_LENGTH 8
#define IDL_CT_P_BOOLS 9
#define IDL_CT_PARAM_WORDS 10

#define IDL_CT_K_SCALAR 0
#define IDL_CT_K_BLOCK 1
#define IDL_CT_K_STRING 2
#define IDL_CT_K_BUFFER 3
#define IDL_CT_K_FD 4

#define IDL_CT_D_IN 0
#define IDL_CT_D_OUT 1
#define IDL_CT_D_INOUT 2

#define IDL_CT_PF_POINTER 1	/* a T * carrying a T (scalar, block, fd) */
#define IDL_CT_PF_IMPLIED 2	/* a string sent with no length slot */

#define IDL_CT_V_SIGNED 0
#define IDL_CT_V_UNSIGNED 1
#define IDL_CT_V_BOOL 2
#define IDL_CT_V_FLOAT 3

#define IDL_CT_M_WORDS 0
#define IDL_CT_M_NSLOTS 1
#define IDL_CT_M_NITEMS 2
#define IDL_CT_M_FIXED 3
#define IDL_CT_M_MAXPAY 4
#define IDL_CT_M_NFDS 5
#define IDL_CT_M_HDR_WORDS 6

#define IDL_CT_S_PARAM 0
#define IDL_CT_S_WORD 1
#define IDL_CT_S_OFFSET 2
#define IDL_CT_S_SIZE 3
#define IDL_CT_S_ROLE 4
#define IDL_CT_SLOT_WORDS 5

#define IDL_CT_R_VALUE 0
#define IDL_CT_R_LENGTH 1
#define IDL_CT_R_FD 2
#define IDL_CT_R_BLOCK 3

#define IDL_CT_I_PARAM 0
#define IDL_CT_I_FIXED 1
#define IDL_CT_I_OFFSET 2
#define IDL_CT_I_ALIGN 3
#define IDL_CT_I_MAXBYTES 4
/* IDL_CT_I_FIXED's value for an implied string (plugin/model.h).  */
#define IDL_CT_I_IMPLIED 2
#define IDL_CT_ITEM_WORDS 5

/* A compact dispatcher's table of operations (idl_compact_dispatch):
   an array of pointers, [0] the number of operations N (as an
   integer), then N entries of IDL_CT_OP_PTRS pointers in increasing
   operation number: the operation's number (as an integer), its table,
   its thunk.  */
#define IDL_CT_OP_PTRS 3

#endif /* IDLRT_ABI_H */
