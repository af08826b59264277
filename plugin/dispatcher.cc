/* dispatcher.cc -- stage 4, fast mode: the dispatcher and its table.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   For IDL_SERVER (calc), the dispatcher the runtime calls with each
   request is a jump through a table of the server stubs' code, indexed
   by the operation number masked to the table's power-of-two size,
   whose empty slots lead to the error path (paper 000, 4.4.2).  For
   examples/calc.h, operations 1 to 7:

	calc_dispatch (call, msg)
	{
	  // static const void *const calc.idl_dispatch[8]
	  //   = { &&bad, &&tiny, &&small, ..., &&last_logged };
	  tag = MEM <uint64> [msg];
	  goto calc.idl_dispatch[(tag >> 16) & 7];
	tiny:
	  return __idl_server_tiny (call, msg, tag);
	small:
	  return __idl_server_small (call, msg, tag);
	  ...
	last_logged:
	  return __idl_server_last_logged (call, msg, tag);
	bad:                                   // cold
	  return IDL_TAG_ERROR | IDL_E_BADMSG << 16;
	}

   The mask, not a bounds check, keeps the index in range, and one load
   finds the stub; the server stubs (server-stub.cc), static and called
   once each, are inlined into it.  A number that only aliases an
   operation's slot fails that stub's compare of the whole tag, which
   checks the interface id, flags, word counts and the number itself at
   once.  When the table would be large, the dispatcher switches on the
   whole number instead, and GCC chooses how (dispatch_table).  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "gimple-builder.h"
#include "fast-stubs.h"

/* IFACE's dispatch table: for each slot, the index in IFACE->ops of the
   operation whose number it is, or -1 for the error path; its size is
   the smallest power of two above the largest operation number.  Paper
   000, 4.4.2: the number indexes a table of the stubs' addresses
   enlarged to a power of two whose unused slots hold the error path's,
   so that an and, not a bounds check, keeps the index in range, and one
   load finds the stub.  Only while the table stays small (the paper's
   trade-off against the data cache's working set): at most
   IDL_DISPATCH_SLOTS_MAX slots, and no more than four per operation
   unless eight or fewer.  Otherwise empty: the dispatcher switches on
   the whole number, and GCC chooses.  */
std::vector<int>
dispatch_table (const idl_interface *iface)
{
  unsigned max_number = 0;
  for (idl_operation *op : iface->ops)
    max_number = MAX (max_number, op->number);
  unsigned slots = 1;
  while (slots <= max_number)
    slots <<= 1;
  if (slots > IDL_DISPATCH_SLOTS_MAX
      || (slots > 8 && slots > 4 * iface->ops.size ()))
    return std::vector<int> ();
  std::vector<int> slot (slots, -1);
  for (unsigned i = 0; i < iface->ops.size (); i++)
    slot[iface->ops[i]->number] = i;
  return slot;
}

/* The most cases of one switch statement of a dispatcher
   (dispatch_switch).  */
#define IDL_DISPATCH_SWITCH_MAX 256

/* Jump to LABELS[i] if OPNUM is the number of IFACE->ops[i], else to
   BAD: a switch; for more than IDL_DISPATCH_SWITCH_MAX operations, a
   switch on the number's high byte whose cases switch on its low byte.
   GCC lowers a switch of N cases in time N squared (its clustering for
   bit tests, tree-switch-conversion.cc): one of 65,535 cases took
   longer to compile than the rest of the dispatcher and its stubs.  */
static void
dispatch_switch (body_builder &bb, const idl_interface *iface, tree opnum,
		 const std::vector<tree> &labels, tree bad)
{
  unsigned n = iface->ops.size ();
  auto case_label = [] (unsigned v, tree lab)
    {
      return build_case_label (build_int_cst (unsigned_type_node, v),
			       NULL_TREE, lab);
    };
  auto emit_switch = [&bb, bad] (tree index, auto_vec<tree> &cases)
    {
      sort_case_labels (cases);
      bb.add (gimple_build_switch (index, build_case_label (NULL_TREE,
							     NULL_TREE, bad),
				   cases));
    };
  if (n <= IDL_DISPATCH_SWITCH_MAX)
    {
      auto_vec<tree> cases;
      for (unsigned i = 0; i < n; i++)
	cases.safe_push (case_label (iface->ops[i]->number, labels[i]));
      emit_switch (opnum, cases);
      return;
    }
  /* The operations by high byte, each with the cases of its low byte.  */
  std::map<unsigned, std::vector<unsigned>> by_high;
  for (unsigned i = 0; i < n; i++)
    by_high[iface->ops[i]->number >> 8].push_back (i);
  tree high = bb.assign (unsigned_type_node, RSHIFT_EXPR, opnum,
			 build_int_cst (integer_type_node, 8));
  tree low = bb.assign (unsigned_type_node, BIT_AND_EXPR, opnum,
			build_int_cst (unsigned_type_node, 0xff));
  auto_vec<tree> outer;
  std::vector<tree> inner_labels;
  for (const auto &h_ops : by_high)
    {
      inner_labels.push_back (bb.new_label ());
      outer.safe_push (case_label (h_ops.first, inner_labels.back ()));
    }
  emit_switch (high, outer);
  unsigned k = 0;
  for (const auto &h_ops : by_high)
    {
      bb.label (inner_labels[k++]);
      auto_vec<tree> cases;
      for (unsigned i : h_ops.second)
	cases.safe_push (case_label (iface->ops[i]->number & 0xff,
				     labels[i]));
      emit_switch (low, cases);
    }
}

/* 3. The dispatcher of IFACE, after its server stubs (returned in
   STUBS).  */
void
emit_dispatcher (idl_interface *iface, std::vector<tree> &stubs)
{
  tree fn = iface->dispatcher;
  location_t loc = DECL_SOURCE_LOCATION (fn);
  for (idl_operation *op : iface->ops)
    stubs.push_back (emit_server_stub (op, fn));

  DECL_EXTERNAL (fn) = 0;
  TREE_STATIC (fn) = 1;
  prepare_definition (fn, loc);
  tree call = DECL_ARGUMENTS (fn);
  tree msg = DECL_CHAIN (call);
  tree u64 = TREE_TYPE (TREE_TYPE (fn));
  tree alias_ptr = build_pointer_type_for_mode (char_type_node, ptr_mode,
						true);

  /* A table rather than a switch (dispatch_table): with a switch GCC
     makes the error path its default and checks the range before its
     table, whatever default the switch is given, and its table holds
     offsets to add.  A number that only aliases an operation's slot
     fails that stub's check of the whole tag.  */
  std::vector<int> slot = dispatch_table (iface);
  bool table = !slot.empty ();

  body_builder bb (fn, loc);
  tree tag = bb.load (build2 (MEM_REF, u64, msg,
			      build_int_cst (alias_ptr, 0)));
  tree shifted = bb.assign (u64, RSHIFT_EXPR, tag,
			    build_int_cst (integer_type_node,
					   IDL_TAG_OP_SHIFT));
  tree masked = bb.assign (u64, BIT_AND_EXPR, shifted,
			   build_int_cstu (u64, table ? slot.size () - 1
					   : IDL_TAG_OP_MASK));
  tree bad = bb.new_label ();
  std::vector<tree> labels;
  for (unsigned i = 0; i < iface->ops.size (); i++)
    labels.push_back (bb.new_label ());
  if (table)
    {
      /* The table is a static of the dispatcher's (as a C function's
	 static array of &&label would be), so its labels are forced and
	 the function may be neither inlined nor cloned.  */
      vec<constructor_elt, va_gc> *init = NULL;
      for (unsigned i = 0; i < slot.size (); i++)
	{
	  tree lab = slot[i] < 0 ? bad : labels[slot[i]];
	  FORCED_LABEL (lab) = 1;
	  CONSTRUCTOR_APPEND_ELT (init, size_int (i),
				  build1 (ADDR_EXPR, ptr_type_node, lab));
	}
      tree var = idl_static_array (iface->name + ".idl_dispatch",
				   build_qualified_type (ptr_type_node,
							 TYPE_QUAL_CONST),
				   init, slot.size (), loc, fn);
      DECL_STRUCT_FUNCTION (fn)->has_forced_label_in_static = 1;
      tree dest = bb.load (build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (var)),
				   var, masked, NULL_TREE, NULL_TREE));
      bb.add (gimple_build_goto (dest));
    }
  else
    dispatch_switch (bb, iface, bb.assign (unsigned_type_node, NOP_EXPR,
					   masked), labels, bad);
  for (unsigned i = 0; i < stubs.size (); i++)
    {
      bb.label (labels[i]);
      auto_vec<tree> args;
      args.safe_push (call);
      args.safe_push (msg);
      args.safe_push (tag);
      bb.ret (bb.call (stubs[i], args, u64));
    }
  bb.label (bad);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  bb.ret (build_int_cstu (u64, idl_error_tag (IDL_E_BADMSG)));
  bb.finish ();
  add_function (fn);
}
