/* compact-tables.h -- stage 4, compact mode: what its emitters share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compact mode's client stubs (compact-client.cc) and server thunks
   (compact-server.cc) both use the per-operation tables built in
   compact-tables.cc, which classes of operation take the engines'
   short paths, and a few helpers for values as raw bits.  */

#ifndef IDLSTUB_COMPACT_TABLES_H
#define IDLSTUB_COMPACT_TABLES_H

#include "abi.h"
#include "gimple-builder.h"

/* What kind of operation OP is: messages of values only; the short
   paths IDL_CT_F_OUT and IDL_CT_F_SIMPLE; an out operation whose one
   reply item is a buffer, served by a direct thunk.  */
bool values_only (const idl_operation *op);
bool out_op (const idl_operation *op);
bool simple_op (const idl_operation *op);
bool direct_out_op (const idl_operation *op);
/* Does OP have IDL_REGION parameters?  */
bool has_regions (const idl_operation *op);

/* The slot of parameter I in message M (of role ROLE), or NULL.  */
const idl_slot *slot_of (const idl_message_layout &m, int i);
const idl_slot *slot_of_role (const idl_message_layout &m, int i,
			      enum idl_slot_role role);
/* The _Bool offsets in one block or element of parameter P.  */
std::vector<unsigned> param_bools (const idl_param &p);

/* OP's table (idlrt-abi.h) as words, and as a variable of this
   translation unit, built once, for its client stub or its
   dispatcher; the type of the table's words.  */
std::vector<unsigned> operation_table (const idl_operation *op,
				       bool for_client);
tree table_of (idl_operation *op, bool for_client);
tree u32_const_type ();

/* Values as raw bits: the unsigned type of SIZE bytes, the conversions
   both ways, and the object of TYPE at byte OFFSET from BASE.  */
tree bits_type (unsigned size);
tree from_bits (body_builder &bb, tree type, enum idl_value_class cls,
		tree bits);
tree to_bits (body_builder &bb, tree value, const idl_scalar &s);
tree object_at (tree type, tree base, unsigned offset);

#endif /* IDLSTUB_COMPACT_TABLES_H */
