/* bulk.h -- bulk items in fast mode's stubs (stage 4).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A bulk operation's strings and buffers that do not fit the page
   (layout.cc, choose_bulk_items) travel as bulk items (idlrt-abi.h,
   "Bulk items"; HACKING, "Large buffers: the design").  The client
   stub (client-stub.cc) and the server stub (server-stub.cc) call
   these for them; bulk.cc says why each check is there.  */

#ifndef IDLSTUB_BULK_H
#define IDLSTUB_BULK_H

#include "abi.h"
#include "gimple-builder.h"

/* Client side: the array of struct idl_bulk_item for OP's stub FN,
   filled from the counts the stub checked (SENT: elements or chars
   sent, CAP: a buffer's capacity in elements); each item's room in
   bytes goes to ROOM.  Returns the array (a local).  */
tree bulk_client_items (body_builder &bb, const idl_abi &abi,
			const idl_operation *op, tree fn,
			const std::vector<tree> &sent,
			const std::vector<tree> &cap,
			std::vector<tree> &room);
/* After a call that succeeded: each out and inout item's length in
   ITEMS checked (within its room, whole elements, the count its
   IDL_LENGTH_IS parameter says as GOT has it, a string's NUL at its
   end), else to FAIL.  */
void bulk_client_check (body_builder &bb, const idl_abi &abi,
			const idl_operation *op, tree fn, tree items,
			const std::vector<tree> &room,
			const std::vector<tree> &cap,
			const std::vector<tree> &got, tree fail);

/* Server side: each bulk item's private buffer and length from the
   message MSG (IDL_MSG_BULK), checked against the counts of
   COUNT and INLEN (set for a string here), else to BAD; IN_PTR and
   OUT_PTR get the buffers.  */
void bulk_server_request (body_builder &bb, const idl_abi &abi,
			  const idl_operation *op, tree msg,
			  const std::vector<tree> &count,
			  std::vector<tree> &inlen,
			  std::vector<tree> &in_ptr,
			  std::vector<tree> &out_ptr, tree bad);
/* After the implementation: each out and inout item's length in bytes
   at its IDL_MSG_BULK slot, checked (a string within its bound, a
   length within the count, LOCALS holding an IDL_LENGTH_IS
   parameter's value), else to TOO_LONG; returns whether it used it.  */
bool bulk_server_reply (body_builder &bb, const idl_abi &abi,
			const idl_operation *op, tree msg,
			const std::vector<tree> &count,
			const std::vector<tree> &locals,
			const std::vector<tree> &out_ptr, tree too_long);

/* IFACE's table of bulk operations' bounds, the descriptor's BULK
   field, when any operation is bulk.  */
void idl_emit_bulk_table (idl_interface *iface);

#endif /* IDLSTUB_BULK_H */
