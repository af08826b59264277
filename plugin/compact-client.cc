/* compact-client.cc -- stage 4, compact mode: the client stubs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A compact client stub is glue (paper 002): it packs the request's
   words itself, since the layout is a constant and a few shifts cost
   less code than the table entries an engine would read them from, and
   hands the runtime's engine the operation's table (compact-tables.cc)
   and, per parameter, only what the table's slots and items name
   (pointers to strings, buffers and out parameters, descriptors).  The
   general form is

	op (b, ...)
	{
	  argv[i] = (void *) p;  ...          // what the engine needs
	  words[k - 1] = wk;  ...             // the request's values
	  return idl_compact_call (b, &op.idl_ct[0], &argv[0], &words);
	}

   and operations of a few common shapes call the engines' short paths
   instead (idl_compact_call_out, _simple, _string, _out_one,
   _simple_one; <idlrt.h>), e.g. for testsuite/idlstub.gen/idl4.h's

     IDL_OP (idl4bench, 4) void strxfer (idl_binding_t *bind,
				    IDL_STRING (119) IDL_IN const char *a,
				    IDL_OUT long *b, IDL_OUT long *c);

	strxfer (bind, a, b, c)
	{
	  mr = idl_compact_call_string (bind, &strxfer.idl_ct[0],
					(void *) a, 0);
	  if (mr != 0) goto ok; else goto done;
	ok:
	  MEM <uint64> [b] = MEM <uint64> [mr + 8];    // the reply's words
	  MEM <uint64> [c] = MEM <uint64> [mr + 16];
	done:
	  return;
	}

   An operation whose messages hold values only needs no table:

     IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long c,
				  short d);

	small (b, a, c, d)
	{
	  w1 = (uint64) (unsigned short) a | (uint64) (unsigned short) d << 16;
	  w2 = (uint64) c;
	  return (long) idl_compact_call_r4_w1 (b, 0x10_0002_0202, w1, w2,
						0, 0);
	}

   (the request's tag carries the reply's word count for the runtime,
   which compares the reply's tag and returns its word 1, 0 on
   failure).  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "compact-tables.h"
#include "compact-stubs.h"

/* Does the client engine need OP's parameter P in its ARGV (what the
   table's slots and items name, other than request values)?  */
static bool
engine_needs (const idl_operation *op, const idl_param &p, unsigned i)
{
  switch (p.kind)
    {
    case IDL_KIND_SCALAR:
      /* (A simple operation's stub delivers the reply's values.)  */
      return p.dir != IDL_DIR_IN && !simple_op (op) && !out_op (op);
    case IDL_KIND_BLOCK:
      if (p.dir != IDL_DIR_IN)
	return true;
      /* An in block goes in the words (packed by the stub) or in the
	 payload (copied by the engine).  */
      for (const idl_item &it : op->request.items)
	if (it.param == (int) i)
	  return true;
      return false;
    default:
      return true;
    }
}

/* The request's words of OP's client stub FN, packed: each value's bytes
   at its offset, zero-extended (marshal.cc, pack_message).  Blocks, string
   lengths and descriptor indices are not values: zero here.  Returns
   the words, 1-based (index 0 unused).  */
static std::vector<tree>
pack_values (body_builder &bb, const idl_abi &abi, idl_operation *op,
	     tree fn, bool implied_counts = true)
{
  const idl_message_layout &rq = op->request;
  /* An implied count goes to the engine in a word past the message's
     (layout.cc), which is packed like the others but not sent (unless
     IMPLIED_COUNTS is false: the stub passes it otherwise).  */
  std::vector<idl_slot> slots = rq.slots;
  unsigned nwords = rq.words;
  for (const idl_item &it : rq.items)
    if (it.count_slot.param >= 0 && implied_counts)
      {
	slots.push_back (it.count_slot);
	nwords = it.count_slot.word;
      }
  std::vector<tree> w (nwords + 1, NULL_TREE);
  for (const idl_slot &s : slots)
    {
      if (s.role != IDL_SLOT_VALUE)
	continue;
      const idl_param &p = op->params[s.param];
      tree parm = parm_at (fn, p.index);
      tree bits = p.by_pointer
		  ? bb.load (object_at (bits_type (s.size), parm, 0))
		  : to_bits (bb, parm, p.value);
      tree v = bb.assign (abi.u64, NOP_EXPR, bits);
      if (s.offset)
	v = bb.assign (abi.u64, LSHIFT_EXPR, v,
		       build_int_cst (integer_type_node,
				      s.offset * BITS_PER_UNIT));
      w[s.word] = w[s.word] ? bb.assign (abi.u64, BIT_IOR_EXPR, w[s.word], v)
		  : v;
    }
  for (unsigned k = 1; k <= nwords; k++)
    if (!w[k])
      w[k] = build_zero_cst (abi.u64);
  return w;
}

/* The runtime's compact entry point NAME (<idlrt.h>), declared once
   in SLOT: it takes a binding of type B, an operation's table, A3, A4
   and A5 unless it is NULL_TREE, and returns the reply's words.  */
static tree
engine_decl (tree &slot, const idl_abi &abi, const char *name, tree b,
	     tree a3, tree a4, tree a5 = NULL_TREE)
{
  if (!slot)
    {
      slot = build_fn_decl (name, build_function_type_list
			    (abi.u64_cptr, b,
			     build_pointer_type (u32_const_type ()), a3, a4,
			     a5, NULL_TREE));
      TREE_NOTHROW (slot) = 1;
      idl_model_keep (slot);
    }
  return slot;
}

/* The runtime's idl_compact_call_r4 (REGS) or idl_compact_call_m, or
   with W1 their _w1 variants, for bindings of type B.  <idlrt.h>
   declares them with the same types (so do the other entry points of
   the compact stubs below): a program that includes it and never calls
   them has no use of its declarations, so the stubs use these.  */
static tree
values_call_decl (const idl_abi &abi, tree b, bool regs, bool w1)
{
  static tree decls[4];
  tree &decl = decls[regs * 2 + w1];
  if (!decl)
    {
      tree w = abi.u64;
      tree ret = w1 ? w : abi.u64_cptr;
      tree type = regs
		  ? build_function_type_list (ret, b, w, w, w, w, w, NULL_TREE)
		  : build_function_type_list (ret, b, w, abi.u64_cptr,
					      NULL_TREE);
      const char *name = regs ? (w1 ? "idl_compact_call_r4_w1"
				 : "idl_compact_call_r4")
			 : (w1 ? "idl_compact_call_m_w1" : "idl_compact_call_m");
      decl = build_fn_decl (name, type);
      TREE_NOTHROW (decl) = 1;
      idl_model_keep (decl);
    }
  return decl;
}

/* The rest of OP's client stub FN once the runtime returned MR, the
   reply's words or NULL: NULL returns 0 (or OP's failure value,
   idl_failed_result); else the reply's values go to
   the out parameters and the result is returned (every word read
   once).  */
static tree
deliver_values (body_builder &bb, const idl_abi &abi, idl_operation *op,
		tree fn, tree mr, unsigned bias = 0, tree rec = NULL_TREE)
{
  /* One return for both ways (the failure's 0 set first): a second
     epilogue, aligned out of line, would cost more bytes than the
     jump over the stores.  GCC predicts a pointer non-null.  */
  tree ok = bb.new_label (), done = bb.new_label ();
  tree res = NULL_TREE;
  tree failed = done;
  if (op->has_result && !op->oneway)
    {
      res = bb.temp (op->result.type, "result");
      if (op->fails == IDL_FAILS_ERRNO)
	failed = bb.new_label ();
      else
	bb.set (res, NOP_EXPR, idl_failed_result (bb, op, DECL_ARGUMENTS (fn)));
    }
  bb.cond_goto (NE_EXPR, mr, null_pointer_node, ok, failed);
  if (failed != done)
    {
      /* IDL_FAILS_ERRNO's value asks the runtime: only when failed.  */
      bb.label (failed);
      bb.set (res, NOP_EXPR, idl_failed_result (bb, op, DECL_ARGUMENTS (fn)));
      bb.add (gimple_build_goto (done));
    }
  bb.label (ok);
  tree result = NULL_TREE;
  if (op->oneway)
    {
      bb.label (done);
      return op->has_result ? build_zero_cst (op->result.type) : NULL_TREE;
    }
  std::vector<tree> words (op->reply.words + 1, NULL_TREE);
  for (const idl_slot &s : op->reply.slots)
    {
      tree &word = words[s.word];
      if (!word)
	word = bb.load (object_at (abi.u64, mr, (s.word - bias) * 8));
      tree v = word;
      if (s.offset)
	v = bb.assign (abi.u64, RSHIFT_EXPR, v,
		       build_int_cst (integer_type_node,
				      s.offset * BITS_PER_UNIT));
      tree bits = bits_type (s.size);
      if (s.size < 8)
	v = bb.assign (bits, NOP_EXPR, v);
      else
	bits = abi.u64;
      if (s.role == IDL_SLOT_LENGTH)
	continue;
      if (s.param < 0)
	/* A _Bool is rebuilt as bits != 0 (marshal.cc, unpack_value).  */
	result = from_bits (bb, op->result.type, op->result.cls, v);
      else
	{
	  /* An out scalar gets the bytes as they came, but a _Bool 0 or 1
	     whatever a hostile server sent.  */
	  if (op->params[s.param].value.cls == IDL_VAL_BOOL)
	    v = bb.assign (bits, NOP_EXPR,
			   bb.assign (boolean_type_node, NE_EXPR, v,
				      build_zero_cst (bits)));
	  bb.store (object_at (bits, parm_at (fn, op->params[s.param].index),
			       0), v);
	}
    }
  if (res)
    bb.add (gimple_build_assign (res, result));
  bb.label (done);
  /* (A record result: the engine copied it, or left it zero.)  */
  return rec ? rec : res;
}

/* The client stub of an operation whose messages hold values only: the
   words packed here go to the transport through idl_compact_call_r4
   or idl_compact_call_m, which compares the reply's tag once (the
   request's tag carries the reply's word count for it) and returns the
   reply's words, or NULL; the words are read once each.  A table and
   the engine's generality would cost more bytes than the few
   instructions they replace, and several times the instructions.  */
static void
emit_values_client_stub (body_builder &bb, const idl_abi &abi,
			 idl_operation *op, tree fn)
{
  tree b = DECL_ARGUMENTS (fn);
  std::vector<tree> w = pack_values (bb, abi, op, fn);
  unsigned n = op->request.words;
  unsigned HOST_WIDE_INT tagx = idl_request_tag (op);
  if (!op->oneway)
    tagx |= (unsigned HOST_WIDE_INT) op->reply.words << 9;
  auto_vec<tree> args;
  args.safe_push (b);
  args.safe_push (build_int_cstu (abi.u64, tagx));
  /* A reply that is the result in word 1 and nothing else: the
     runtime returns that word (0 on failure), and the stub is a call.
     Not with a failure value of its own (IDL_FAILS): the words tell a
     failure apart from a result of 0 without asking idl_error.  */
  bool w1_only = !op->oneway && op->fails == IDL_FAILS_ZERO
		 && op->reply.words == 1
		 && op->reply.slots.size () == 1
		 && op->reply.slots[0].param < 0
		 && op->reply.slots[0].offset == 0;
  tree helper = values_call_decl (abi, TREE_TYPE (b), n <= IDL_REG_WORDS,
				  w1_only);
  if (n <= IDL_REG_WORDS)
    for (unsigned k = 1; k <= IDL_REG_WORDS; k++)
      args.safe_push (k <= n ? w[k] : build_zero_cst (abi.u64));
  else
    {
      tree arr = bb.temp (build_array_type_nelts (abi.u64, n), "words");
      TREE_ADDRESSABLE (arr) = 1;
      for (unsigned k = 1; k <= n; k++)
	bb.store (build4 (ARRAY_REF, abi.u64, arr, size_int (k - 1),
			  NULL_TREE, NULL_TREE), w[k]);
      args.safe_push (idl_first_element_address (arr, abi.u64_cptr));
    }
  if (w1_only)
    {
      tree v = bb.call (helper, args, abi.u64);
      const idl_slot &s = op->reply.slots[0];
      if (s.size < 8)
	v = bb.assign (bits_type (s.size), NOP_EXPR, v);
      bb.ret (from_bits (bb, op->result.type, op->result.cls, v));
      return;
    }
  tree mr = bb.call (helper, args, abi.u64_cptr);
  bb.ret (deliver_values (bb, abi, op, fn, mr));
}

/* The client stub of an operation the engine marshals: what its steps
   hand on to the next ones.  */
struct engine_client_stub
{
  engine_client_stub (body_builder &bb, const idl_abi &abi,
		      idl_operation *op, tree fn);

  void collect_argv ();
  void pack_words ();
  void call_out_one ();
  void call_out ();
  void call_simple ();
  void call_engine ();

  body_builder &bb;
  const idl_abi &abi;
  idl_operation *op;
  tree fn;
  /* The engine's argument vector: its type, and the vector.  */
  tree argv_type;
  tree argv = null_pointer_node;
  /* An out operation with one item hands the engine that item's
     pointer itself (idl_compact_call_out_one), and so does a simple
     one with one item (idl_compact_call_simple_one, _string).  */
  bool out_one, simple_one;
  tree item = NULL_TREE;
  /* A simple operation's one buffer: its count goes to the engine as an
     argument (idl_compact_call_simple_one).  */
  bool count_arg = false;
  /* The request's words, and the entry point's arguments.  */
  tree words = null_pointer_node;
  auto_vec<tree> args;
  /* A record result's local, zeroed: the engine copies the reply's
     record there (it is the last entry of ARGV), and leaves it alone
     when the call fails.  */
  tree rec = NULL_TREE;
};

engine_client_stub::engine_client_stub (body_builder &bb_,
					const idl_abi &abi_,
					idl_operation *op_, tree fn_)
  : bb (bb_), abi (abi_), op (op_), fn (fn_),
    argv_type (TREE_VALUE (TREE_CHAIN (TREE_CHAIN
				      (TYPE_ARG_TYPES (TREE_TYPE
						       (abi_.compact_call)))))),
    out_one (out_op (op_) && op_->reply.items.size () == 1),
    simple_one (simple_op (op_) && op_->request.items.size () == 1)
{
}

/* 1. The engine's ARGV: a pointer per parameter it needs
   (engine_needs), or the one ITEM.  */
void
engine_client_stub::collect_argv ()
{
  unsigned n = op->params.size ();
  bool any = false;
  for (unsigned i = 0; i < n; i++)
    any |= engine_needs (op, op->params[i], i);
  if (any && !out_one)
    {
      tree arr = bb.temp (build_array_type_nelts (ptr_type_node, n), "argv");
      TREE_ADDRESSABLE (arr) = 1;
      for (unsigned i = 0; i < n; i++)
	{
	  const idl_param &p = op->params[i];
	  if (!engine_needs (op, p, i))
	    continue;
	  tree parm = client_target (fn, p, rec);
	  tree v;
	  if (p.kind == IDL_KIND_BLOCK && !p.by_pointer)
	    {
	      TREE_ADDRESSABLE (parm) = 1;
	      v = build_fold_addr_expr_with_type (parm, ptr_type_node);
	    }
	  else if (p.region)
	    /* The idl_region_t * itself: the engine prepares it
	       (idl_compact_call_region).  */
	    v = bb.assign (ptr_type_node, NOP_EXPR, parm);
	  else if (p.kind == IDL_KIND_FD && !p.by_pointer)
	    v = bb.assign (ptr_type_node, NOP_EXPR,
			   bb.assign (build_nonstandard_integer_type
				      (TYPE_PRECISION (ptr_type_node), 0),
				      NOP_EXPR, parm));
	  else
	    v = bb.assign (ptr_type_node, NOP_EXPR, parm);
	  if (simple_one)
	    {
	      /* (The item is all a simple operation's engine needs.)  */
	      gcc_assert (!item);
	      item = v;
	      continue;
	    }
	  bb.store (build4 (ARRAY_REF, ptr_type_node, arr, size_int (i),
			    NULL_TREE, NULL_TREE), v);
	}
      if (!simple_one)
	argv = idl_first_element_address (arr, argv_type);
    }
  argv = fold_convert (argv_type, argv);
}

/* 2. The request's words: each value's bytes at its offset,
   zero-extended (marshal.cc, pack_message); blocks over the zeroed
   words they occupy; lengths and descriptor indices left to the
   engine.  */
void
engine_client_stub::pack_words ()
{
  const idl_message_layout &rq = op->request;
  /* An IDL_CT_F_OUT operation's engine copies the reply's words into
     the same array.  */
  unsigned nwords = rq.words;
  if (out_op (op))
    nwords = MAX (MAX (rq.words, op->reply.words), 1u);
  count_arg = simple_one && !op->request.items[0].fixed
	      && op->params[op->request.items[0].param].kind
		 == IDL_KIND_BUFFER;
  for (const idl_item &it : rq.items)
    if (it.count_slot.param >= 0 && !count_arg)
      nwords = it.count_slot.word;
  if (!nwords)
    return;
  tree arr = bb.temp (build_array_type_nelts (abi.u64, nwords), "words");
  TREE_ADDRESSABLE (arr) = 1;
  std::vector<tree> w = pack_values (bb, abi, op, fn, !count_arg);
  for (unsigned k = 1; k < w.size (); k++)
    bb.store (build4 (ARRAY_REF, abi.u64, arr, size_int (k - 1),
		      NULL_TREE, NULL_TREE), w[k]);
  for (const idl_slot &s : rq.slots)
    {
      if (s.role != IDL_SLOT_BLOCK)
	continue;
      const idl_param &p = op->params[s.param];
      tree parm = parm_at (fn, p.index);
      tree type = p.block_type;
      tree v = p.by_pointer ? bb.load (object_at (type, parm, 0)) : parm;
      bb.store (object_at (type, build_fold_addr_expr (arr),
			   (s.word - 1) * 8), v);
    }
  words = build_fold_addr_expr_with_type (arr, ptr_type_node);
}

/* 3a. An out operation with one item: the item's pointer, and a
   buffer's count as C converts it to a size_t (what the engine would
   read from its slot): the engine checks them, calls, copies the
   reply's words into WORDS and the item to the caller.  */
void
engine_client_stub::call_out_one ()
{
  const idl_param &p = op->params[op->reply.items[0].param];
  args.safe_push (bb.assign (ptr_type_node, NOP_EXPR,
			     client_target (fn, p, rec)));
  args.safe_push (words);
  tree count = build_zero_cst (abi.u64);
  if (p.kind == IDL_KIND_BUFFER && !op->reply.items[0].fixed)
    count = bb.assign (abi.u64, NOP_EXPR,
		       parm_at (fn, op->params[p.size_param].index));
  args.safe_push (count);
  static tree one_decl;
  engine_decl (one_decl, abi, "idl_compact_call_out_one",
	       TREE_TYPE (DECL_ARGUMENTS (fn)), ptr_type_node,
	       ptr_type_node, abi.u64);
  tree mr = bb.call (one_decl, args, abi.u64_cptr);
  bb.ret (deliver_values (bb, abi, op, fn, mr, 1, rec));
}

/* 3b. An out operation: the engine checks, calls, copies the reply's
   words into WORDS (read once from the shared page) and the payload's
   items to the caller; the reply's values are read here from that
   copy.  */
void
engine_client_stub::call_out ()
{
  static tree out_decl;
  engine_decl (out_decl, abi, "idl_compact_call_out",
	       TREE_TYPE (DECL_ARGUMENTS (fn)), argv_type, ptr_type_node);
  tree mr = bb.call (out_decl, args, abi.u64_cptr);
  bb.ret (deliver_values (bb, abi, op, fn, mr, 1, rec));
}

/* 3c. A simple operation: the engine checks, copies and calls; the
   reply's values are read here, as in a values-only stub.  */
void
engine_client_stub::call_simple ()
{
  static tree simple_decl;
  engine_decl (simple_decl, abi, "idl_compact_call_simple",
	       TREE_TYPE (DECL_ARGUMENTS (fn)), argv_type, ptr_type_node);
  /* A single string: the runtime's shortest path for it.  */
  static tree string_decl;
  engine_decl (string_decl, abi, "idl_compact_call_string",
	       TREE_TYPE (DECL_ARGUMENTS (fn)), const_ptr_type_node,
	       ptr_type_node);
  /* One item: the engine's path for it, without a test.  */
  static tree one_decl;
  engine_decl (one_decl, abi, "idl_compact_call_simple_one",
	       TREE_TYPE (DECL_ARGUMENTS (fn)), const_ptr_type_node,
	       ptr_type_node, abi.u64);
  bool one_string = op->request.items.size () == 1
		    && !op->request.items[0].fixed
		    && op->params[op->request.items[0].param].kind
		       == IDL_KIND_STRING;
  if (simple_one)
    {
      gcc_assert (item);
      args[2] = item;
      if (!one_string)
	{
	  /* A buffer's count as C converts it to a size_t, else 0.  */
	  tree count = build_zero_cst (abi.u64);
	  if (count_arg)
	    count = bb.assign (abi.u64, NOP_EXPR,
			       parm_at (fn, op->params[op->params
						       [op->request.items[0]
							.param].size_param]
					.index));
	  args.safe_push (count);
	}
    }
  tree mr = bb.call (one_string ? string_decl
		     : simple_one ? one_decl : simple_decl, args,
		     abi.u64_cptr);
  bb.ret (deliver_values (bb, abi, op, fn, mr));
}

/* 3d. Any other operation: the engine does it all, and returns the
   result's bits; a bulk operation's through idl_compact_call_bulk,
   which keeps the bulk items' array (idlrt-abi.h, "Bulk items") off
   the other operations' path, and one with regions through
   idl_compact_call_region or idl_compact_call_bulk_region, which
   prepare them (so that only such programs link the runtime's
   regions from the client side).  */
void
engine_client_stub::call_engine ()
{
  static tree decls[3];
  static const char *const names[3]
    = { "idl_compact_call_bulk", "idl_compact_call_region",
	"idl_compact_call_bulk_region" };
  unsigned k = !op->bulk.empty () + 2 * has_regions (op);
  if (k && !decls[k - 1])
    {
      decls[k - 1] = build_fn_decl (names[k - 1],
				    TREE_TYPE (abi.compact_call));
      TREE_NOTHROW (decls[k - 1]) = 1;
      idl_model_keep (decls[k - 1]);
    }
  tree r = bb.call (k ? decls[k - 1] : abi.compact_call, args, abi.u64);
  tree result = NULL_TREE;
  if (op->has_result)
    {
      tree rt = op->result.type;
      if (op->result.cls == IDL_VAL_FLOAT)
	result = from_bits (bb, rt, IDL_VAL_FLOAT,
			    op->result.size == 8 ? r
			    : bb.assign (bits_type (op->result.size),
					 NOP_EXPR, r));
      else
	result = idl_checked_result (bb, op, DECL_ARGUMENTS (fn),
				     bb.assign (rt, NOP_EXPR, r));
    }
  bb.ret (rec ? rec : result);
}

/* The client stub of an operation the engine marshals: collect what it
   needs, pack the request's words, call the entry point for the
   operation's kind.  */
static void
emit_engine_client_stub (body_builder &bb, const idl_abi &abi,
			 idl_operation *op, tree fn)
{
  engine_client_stub s (bb, abi, op, fn);
  s.rec = record_result_local (bb, op, true);
  s.collect_argv ();					/* 1 */
  s.pack_words ();					/* 2 */
  s.args.safe_push (DECL_ARGUMENTS (fn));		/* 3 */
  s.args.safe_push (idl_first_element_address
		    (table_of (op, true),
		     build_pointer_type (u32_const_type ())));
  if (s.out_one)
    {
      s.call_out_one ();
      return;
    }
  s.args.safe_push (s.argv);
  s.args.safe_push (s.words);
  if (out_op (op))
    s.call_out ();
  else if (simple_op (op))
    s.call_simple ();
  else
    s.call_engine ();
}

/* The client stub for OP: its messages' words and the engine.  */
void
idl_emit_compact_client_stub (idl_operation *op)
{
  tree fn = op->decl;
  location_t loc = DECL_SOURCE_LOCATION (fn);
  const idl_abi &abi
    = idl_get_abi (TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (fn))));
  prepare_client_stub (fn, loc);

  body_builder bb (fn, loc);
  /* The stub itself reads through pointers (the values it packs) and
     hands the engine others to write through: NULL ones fail the call
     first, as in fast mode.  */
  tree inval = bb.new_label ();
  bool checked = emit_null_checks (bb, op, fn, inval);
  if (values_only (op))
    emit_values_client_stub (bb, abi, op, fn);
  else
    emit_engine_client_stub (bb, abi, op, fn);
  if (checked)
    {
      bb.label (inval);
      bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
      auto_vec<tree> args;
      args.safe_push (DECL_ARGUMENTS (fn));
      args.safe_push (build_int_cst (integer_type_node, IDL_E_INVAL));
      bb.call_void (abi.stub_error, args);
      bb.ret (idl_failed_result (bb, op, DECL_ARGUMENTS (fn)));
    }
  bb.finish ();

  add_function (fn);
  /* As a fast stub: a body every call inlined is dropped.  */
  cgraph_node::get (fn)->force_output = false;
}
