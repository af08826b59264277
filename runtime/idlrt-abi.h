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
/* A region (IDL_REGION) travels as the request's descriptor; the stubs
   call idl_region_prepare (client) and idl_region_accept (server) with
   which kind it is (idlrt.h, "Regions").  */
#define IDL_REGION_IN_ 1
#define IDL_REGION_OUT_ 2
#define IDL_REGION_INOUT_ 3	/* prepared and accepted as an out one */
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
   the server stops, so that calls fail as remote ones would.

   A direct call records no status itself, so that it stays a plain
   call: the 32-bit count at IDL_BINDING_NERR_OFFSET says how many of
   the binding's connections (one per calling thread) hold an error
   status, and a stub about to call directly while it is not 0 first
   calls idl_stub_direct_ok (B), which makes the calling thread's
   status IDL_OK, as any call that went through does.  */
#define IDL_BINDING_DIRECT_OFFSET 48
#define IDL_BINDING_CALL_OFFSET 56
#define IDL_BINDING_NERR_OFFSET 64

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

/* Bulk items (issue 20; HACKING, "Large buffers").  An operation
   whose largest request or reply could exceed IDL_PAYLOAD_MAX is a
   bulk operation: the plugin moves some of its variable items (strings
   and buffers, chosen by the plugin) out of the page's payload into
   bulk items, each of at most IDL_BULK_MAX bytes, at most
   IDL_BULK_ITEMS per operation.  The rest of the message (words,
   payload items, descriptors) travels as for any call.

   Client side.  The stub fills an array of struct idl_bulk_item
   (idlrt.h), one per bulk item in the operation's order: PTR the
   caller's bytes (in, inout) or where the reply's bytes go (out,
   inout); LEN the bytes to send (in, inout; 0 for out); MAX the room
   at PTR in bytes (for in items LEN), which the stub has checked
   against the declared bound (IDL_E_BOUNDS as for any item); DIR one
   of IDL_BULK_IN, IDL_BULK_OUT, IDL_BULK_INOUT.  It calls
   idl_callv_bulk with the page part as for idl_callv_x.  On success
   the runtime has copied each out and inout item's reply bytes to its
   PTR (never more than its MAX) and set its LEN to their number; the
   stub checks LEN as it checks a payload item's length (a multiple of
   the element's size, a string's NUL) before it hands anything to
   its caller.  On failure the caller's out memory may hold part of
   a reply: out data is defined only when the call succeeds.

   The interface descriptor's BULK table (idl_interface_t, emitted by
   the plugin; NULL when no operation is bulk) gives the server's
   runtime each bulk operation's declared bounds before it allocates
   anything: for each bulk operation a header word, the operation
   number shifted by IDL_BULK_OP_SHIFT or-ed with its count of items,
   then one word per item, its direction shifted by IDL_BULK_DIR_SHIFT
   or-ed with its bound in bytes; a zero word ends the table.  A
   request whose announced items differ from its operation's entry (a
   count, a direction, a length or room over the bound) gets
   IDL_E_BADMSG; one whose items would take the server's private bulk
   memory over its cap (idl_server_set_bulk_max) gets IDL_E_NOMEM,
   in both cases before anything is allocated.

   Server side.  Before dispatch the runtime has copied each in and
   inout item once into private memory; the dispatcher finds item I's
   private buffer at MSG[IDL_MSG_BULK + 2 I] (a pointer) and its length
   in bytes at MSG[IDL_MSG_BULK + 2 I + 1]: for in and inout items the
   bytes received, for out items the room (the client's MAX), an inout
   item's room being its MAX too, its buffer that large.  For the
   reply the dispatcher writes each out and inout item's length in
   bytes at MSG[IDL_MSG_BULK + 2 I + 1] (at most the room) and its
   bytes in the buffer; the runtime copies them to the client.  */
#define IDL_BULK_MAX 0x40000000ULL
#define IDL_BULK_ITEMS 8
#define IDL_BULK_IN 1
#define IDL_BULK_OUT 2
#define IDL_BULK_INOUT 3
#define IDL_BULK_OP_SHIFT 16
#define IDL_BULK_DIR_SHIFT 62
#define IDL_BULK_BOUND_MASK 0x3fffffffffffffffULL
#define IDL_MSG_BULK 96

/* Compact mode (-fplugin-arg-idlstub-mode=compact; paper 002's
   interpretive stubs).  Instead of specialized code per operation, the
   plugin emits a small constant table per operation and a little glue;
   one engine in the runtime (compact-client.c, compact-server.c)
   marshals from the table.  The wire format is exactly fast mode's: a
   compact client talks to a fast server and the other way round, with
   the same checks and errors.

   An operation's table is an array of uint32_t; fields are bytes of
   little-endian words (byte K of a word is bits 8K..8K+7), so that the
   engine reads each with one byte load.  In order:

     header, IDL_CT_HDR_WORDS words:
       [0] byte 0 NP, the parameters (the binding or call not counted);
           byte 1 IDL_CT_F_* flags; byte 2 NRQ, the request's slots in
           the table; byte 3 NRP, the reply's slots
       [1], [2] the request tag, low 32 bits then high 32 bits
       [3] byte 0 NIQ, the request's payload items; byte 1 NIP, the
           reply's; byte 2 the reply's words; byte 3 NRQE, how many of
           the request's slots, listed first, the client engine fills
           in (string lengths, descriptor indices), below 128; in a
           server's table, or-ed with IDL_CT_SD_BULK when the operation
           has bulk items and IDL_CT_SD_REGIONS when it has regions
     NRQ request slots, NRP reply slots (the result's first), NIQ
     request items, NIP reply items, then the _Bool lists.

   A slot is one word (a block slot with IDL_CT_S_BOOLS two):
       byte 0 the parameter's index, IDL_CT_RESULT for the result;
       byte 1 the 1-based message word; byte 2 the byte offset in the
       word (bits 0-2), the role IDL_CT_R_* (bits 3-4), the value class
       IDL_CT_V_* of a value (bits 5-6; a descriptor's: 0, or the
       kind IDL_REGION_IN_, _OUT_ or _INOUT_ of a region, which travels
       as the descriptor), IDL_CT_S_INOUT (bit 7, reply
       slots: the parameter was also sent); byte 3 the size in bytes
       (1, 2, 4, 8; a block's, at most 255).  A block slot with
       IDL_CT_S_BOOLS (bit 5 of byte 2) is followed by the index in the
       table of its _Bool list.

   An item is a word, IDL_CT_I_*, then more words as it says:
       byte 0 the parameter's index; byte 1 its kind IDL_CT_K_* (bits
       0-1) and flags IDL_CT_IF_*; byte 2 log2 of its alignment (a
       variable item starts at the next multiple in a request, and
       where the layout put it in a reply); byte 3 a buffer's element
       size when it is below 256, else 0;
     then its bound: a fixed block's bytes, a string's chars (without
     the NUL), a buffer's elements;
     with IDL_CT_IF_OFFSET, its offset: a fixed block's in the payload,
       a reply's variable item's region in the server's reply area;
     a buffer: its element's size in bytes (only when byte 3 is 0);
       the count's request slot (not in a client's table of an
       IDL_CT_F_OUT operation with one item: its stub passes the count)
       (a slot word as above: the count is an in scalar by value);
       with IDL_CT_IF_LENGTH, the IDL_LENGTH_IS parameter's slot, in a
       request item its request slot (only for an inout buffer), in a
       reply item its reply slot;
     a reply's string of an IDL_CT_F_OUT operation, with
       IDL_CT_IF_LENGTH: its length slot (after the offset);
     with IDL_CT_IF_BOOLS, the index in the table of the _Bool list of
       one block or element.
   A bulk item ("Bulk items" above) is a string or buffer item with
   IDL_CT_IF_BULK, listed after the payload items of its list (the
   request's if it is sent, the reply's if it is returned, both when
   inout) and laid out as they are, but for byte 2 of its first word:
   its index I among the operation's bulk items (its slots are
   MSG[IDL_MSG_BULK + 2 I]), not an alignment; it has no offset.  A
   compact client stub of a bulk operation calls idl_compact_call_bulk
   (idlrt.h) instead of idl_compact_call.  Likewise one of an operation
   with regions (IDL_REGION) calls idl_compact_call_region, or
   idl_compact_call_bulk_region with bulk items too: those prepare each
   region (idl_region_prepare) once every bound is checked, and the
   server's engine accepts them (idl_region_accept, the region in the
   thunk's ARGV) before the thunk and releases them after it.
   A _Bool list is its length, then the byte offsets of the _Bool
   objects in one block or element: each is rewritten to 0 or 1 on
   arrival, as fast mode's stubs do.

   The client stub packs the request's words itself (every value and
   block, zeros where a string's length or a descriptor's index goes)
   and calls idl_compact_call (B, TABLE, ARGV, WORDS): WORDS the packed
   words, ARGV indexed by parameter, holding what the engine needs of
   the parameters the slots and items name other than request values:
   a pointer for a pointer parameter and for a block in the payload, a
   descriptor's value (as an integer) for one by value.  The engine
   returns the result's bits, zero-extended (a _Bool as 0 or 1), or 0.

   On the server, a thunk per operation calls the implementation.  An
   IDL_CT_F_DIRECT operation's thunk is given the request MSG as its
   ARGV and does everything itself (words only: no slot but values);
   any other's gets ARGV indexed by parameter (by-value arguments as
   pointers to their values in the private request, pointers into it,
   into a scratch copy of the reply's words or into the reply area, as
   fast mode's server stubs would pass them) and the result's place.  */
#define IDL_CT_HDR_WORDS 4
/* A server's table (IDL_CT_F_DIRECT) drops the interface id: its
   header is [0], [1] and [3] above.  */
#define IDL_CT_SHDR_WORDS 3

#define IDL_CT_F_ONEWAY 1
#define IDL_CT_F_RESULT 2	/* the first reply slot is the result */
#define IDL_CT_F_GENERAL 4	/* items, descriptors or blocks somewhere */
#define IDL_CT_F_XREQ 8		/* the request has items or descriptors */
#define IDL_CT_F_DIRECT 16	/* the thunk takes MSG (server tables) */
#define IDL_CT_F_WIDE 32	/* some slot is two words (IDL_CT_S_BOOLS) */
#define IDL_CT_F_SIMPLE 64	/* payload items in the request only, at most
				   8; no descriptor, no length slot; the
				   reply's slots values */
#define IDL_CT_F_OUT 128	/* values only in the request; payload items
				   in the reply, at most 8, no descriptors;
				   its table lists no slots (a reply string
				   item carries its length slot) */

#define IDL_CT_RESULT 0xff

#define IDL_CT_R_VALUE 0
#define IDL_CT_R_LENGTH 1
#define IDL_CT_R_FD 2
#define IDL_CT_R_BLOCK 3

#define IDL_CT_V_SIGNED 0
#define IDL_CT_V_UNSIGNED 1
#define IDL_CT_V_BOOL 2
#define IDL_CT_V_FLOAT 3

#define IDL_CT_S_ROLE_SHIFT 3
#define IDL_CT_S_CLASS_SHIFT 5
#define IDL_CT_S_BOOLS 0x20
#define IDL_CT_S_INOUT 0x80

#define IDL_CT_K_FIXED 0
#define IDL_CT_K_STRING 1
#define IDL_CT_K_BUFFER 2
#define IDL_CT_IF_IMPLIED 4	/* the request's last item, ending the
				   payload: a string with no length slot
				   (the payload ends with its NUL), or a
				   buffer whose count is not sent (its
				   count slot is in a word past both
				   messages', which the client's words
				   hold for its engine and the server's
				   engine fills in the private request) */
#define IDL_CT_IF_INOUT 8	/* sent and returned */
#define IDL_CT_IF_BOOLS 16
#define IDL_CT_IF_LENGTH 32
#define IDL_CT_IF_OFFSET 64
#define IDL_CT_IF_BULK 128	/* a bulk item, not in the payload */
#define IDL_CT_SD_BULK 0x80	/* byte 3 of a server table's counts */
#define IDL_CT_SD_REGIONS 0x40	/* the same byte: IDL_REGION slots */

/* A compact dispatcher's table of operations (idl_compact_dispatch):
   an array of pointer-sized words.  [0], as an integer: bits 32-63 the
   interface id, bit 14 IDL_CT_OPS_PACKED; dense, bits 0-13 the number
   of entries N and bits 16-31 the operation number of entry 0; sparse,
   bit 15 IDL_CT_OPS_SPARSE and bits 16-31 N.  Then N thunks (entry K's
   at [1 + K]), then N 32-bit words (entry K's the K-th), then the
   operations' tables, each at the offset in 32-bit words from the
   first word that its entry's word holds.  Dense: entry K is operation
   number base + K; sparse: the entries in increasing operation number.

   An entry's word: with IDL_CT_W_DIRECT (bit 8, never set in a request
   tag), the request tag's low 32 bits or-ed with it, for an operation
   with a direct thunk and no table: one whose messages hold values
   only, or whose request holds values only and whose reply's one
   payload item is a buffer (its thunk checks the count and the length
   itself); for a number a dense table has no operation, IDL_CT_W_DIRECT
   alone and a null thunk.  Otherwise the table's offset shifted left by
   IDL_CT_W_SHIFT, or-ed with its kind in bits 0-1: IDL_CT_OP_ONE marks
   an IDL_CT_F_SIMPLE operation with one payload item and no request
   slots, or an IDL_CT_F_OUT one with one payload item (a block or a
   string), of at most 16 parameters: the engine takes its shortest path
   for it; IDL_CT_OP_STRING instead, a simple operation whose one item
   is a string; 0 any other.  (12 bytes an entry, where a pair of
   pointers took 16.)

   A direct thunk (a table's IDL_CT_F_DIRECT, or a direct entry's) is
   called as (CALL, MSG, ARGV): it reads the request's words in MSG, the
   payload's items at the pointers ARGV (per parameter) holds, and
   writes the reply's words in MSG; a direct entry's returns the
   reply's tag (uint64_t), or an error reply's (IDL_E_BADMSG,
   IDL_E_BOUNDS), and sets the reply's payload length; the others
   return nothing.  */
#define IDL_CT_OP_ONE 2
#define IDL_CT_OP_STRING 3
#define IDL_CT_OPS_SPARSE 0x8000
#define IDL_CT_OPS_PACKED 0x4000
#define IDL_CT_OPS_COUNT 0x3fff
#define IDL_CT_W_DIRECT 0x100
#define IDL_CT_W_SHIFT 10

#endif /* IDLRT_ABI_H */
