/* marshal.h -- fast mode's message access in GIMPLE (stage 4).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The pieces fast mode's client stubs (client-stub.cc) and server stubs
   (server-stub.cc) are both made of: message words and the slots in
   them, payload byte arithmetic, bounded copies, _Bool repair and
   descriptor lists.  Each takes the body_builder it adds statements
   to; marshal.cc says why each is built the way it is.  */

#ifndef IDLSTUB_MARSHAL_H
#define IDLSTUB_MARSHAL_H

#include "abi.h"
#include "gimple-builder.h"

/* Message words and slots.  */
tree message_word (const idl_abi &abi, tree base, unsigned word);
unsigned word_byte (const idl_slot &s);
tree load_slot (body_builder &bb, const idl_abi &abi, tree base,
		const idl_slot &s, idl_slot *low);
tree pack_value (body_builder &bb, const idl_abi &abi, tree value,
		 const idl_scalar &s);
tree unpack_value (body_builder &bb, const idl_abi &abi, tree word,
		   const idl_slot &slot, const idl_scalar &s);
std::vector<tree> pack_message (body_builder &bb, const idl_abi &abi,
				const idl_message_layout &m,
				const std::vector<tree> &values,
				const std::vector<idl_scalar> &scalars);
tree pointee_bytes (const idl_abi &abi, tree parm, const idl_param &p);
std::vector<idl_scalar> slot_scalars (const idl_operation *op,
				      const idl_message_layout &m,
				      bool raw_pointees);
tree u64_cst (const idl_abi &abi, unsigned HOST_WIDE_INT v);

/* Payload bytes: sizes and offsets in sizetype.  */
tree size_cst (unsigned HOST_WIDE_INT v);
tree ptr_add (body_builder &bb, tree ptr, tree off, tree type);
tree bytes_at (const idl_abi &abi, tree ptr, unsigned HOST_WIDE_INT off,
	       unsigned HOST_WIDE_INT size, unsigned align);
tree byte_at (const idl_abi &abi, tree ptr, unsigned HOST_WIDE_INT off);
tree align_size (body_builder &bb, tree v, unsigned a);
tree item_bytes (body_builder &bb, const idl_param &p, tree n,
		 bool with_nul);
void call3 (body_builder &bb, tree fn, tree a, tree b, tree c);
void copy_bytes (body_builder &bb, tree dst, tree src, tree n,
		 unsigned HOST_WIDE_INT max);

/* Checks and repairs.  */
void fail_if (body_builder &bb, enum tree_code code, tree a, tree b,
	      tree lab);
tree whole_elements (body_builder &bb, tree len, unsigned HOST_WIDE_INT
		     elem_size, tree lab);
void fix_bools (body_builder &bb, const idl_abi &abi, tree ptr, tree type,
		tree count = NULL_TREE, bool only_invalid = false);

/* The message index of descriptor FD: when FD >= 0, the count K, after
   STORE (K) has put FD in the K-th place of the message's list and K has
   been incremented; IDL_FD_NONE for a negative FD, which is not listed.
   Client requests and server replies list descriptors alike.  */
template <typename store_fn>
tree
list_descriptor (body_builder &bb, tree fd, tree k, store_fn store)
{
  tree idx = bb.temp (unsigned_type_node, "fd_index");
  tree some = bb.new_label (), none = bb.new_label ();
  tree done = bb.new_label ();
  bb.cond_goto (LT_EXPR, fd, integer_zero_node, none, some);
  bb.label (some);
  store (k);
  bb.set (idx, NOP_EXPR, k);
  bb.set (k, PLUS_EXPR, k, size_cst (1));
  bb.add (gimple_build_goto (done));
  bb.label (none);
  bb.set (idx, INTEGER_CST, build_int_cstu (unsigned_type_node, IDL_FD_NONE));
  bb.label (done);
  return idx;
}

#endif /* IDLSTUB_MARSHAL_H */
