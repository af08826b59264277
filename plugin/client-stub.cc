/* client-stub.cc -- stage 4, fast mode: the client stubs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A client stub is the body the plugin gives the operation's own
   prototype, as a COMDAT inline function: one copy per program, and
   at -O2 inlined into each caller and specialized for its arguments
   (paper 000, 4.3.2-4.3.3: inlining and compile-time evaluation).  For

     IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long c,
				  short d);

   it builds

	small (b, a, c, d)
	{
	  ...                                  // 2. co-located? (direct-call.cc)
	  w1 = (uint64) (unsigned short) a | (uint64) (unsigned short) d << 16;
	  w2 = (uint64) c;
	  r = idl_callv_r4 (b, 0x10_0002_0002, w1, w2, 0, 0);
	  rtag = r.tag;  view = r.view;       // the thread's connection
	  if (rtag != 0x10_0002_0001) goto fail;
	  mr = MEM <uint64 *> [view];         // its registers
	  result = (long) MEM <uint64> [mr + 8];
	  return result;
	fail:                                  // cold
	  idl_stub_failed (view, rtag);
	  return 0;                           // or IDL_FAILS's value
	}

   (the tag constants are interface 0x10, operation 2, word counts).
   The reply is read from the view the call returns, not from B: a
   binding shared by threads gives each thread a connection of its own
   (runtime/channel.c), and the view is the calling thread's.
   Small scalars share a message word, and a message of up to four
   words goes to the trampoline in registers, never through memory
   (register packing, paper 000, 4.2.1; paper 003).

   The steps, in the order of the body; the code below repeats the
   numbers:

     1. check the arguments: no NULL pointer where the call needs
	memory, every string and buffer within its bound, before
	anything is sent (a stub never truncates);
     2. the co-located direct call, when the binding has one
	(direct-call.cc, paper 001);
     3. the payload: strings, buffers and large records go straight
	into the shared page (no intermediate copy, paper 000, 4.3.5);
	a bulk operation's bulk items are listed for the runtime
	(bulk.cc);
     4. the descriptors passed, listed;
     5. pack the request's words and call the transport;
     6. read the reply's words and check the reply's lengths (bulk
	items' too);
     7. deliver: the caller's out parameters are written only once
	the whole reply checked out, so a bad reply changes nothing (a
	record result goes to a local the stub returns, zeroed when the
	call fails);
     8. the cold failure paths, out of line.  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "marshal.h"
#include "fast-stubs.h"
#include "bulk.h"

/* The value of a parameter the stub reads as a count: the parameter
   itself or, through a pointer, its pointee's representation.  */
static tree
count_value (body_builder &bb, const idl_abi &abi, tree fn,
	     const idl_param &p)
{
  tree parm = parm_at (fn, p.index);
  tree v = p.by_pointer ? bb.load (pointee_bytes (abi, parm, p)) : parm;
  return bb.assign (sizetype, NOP_EXPR, v);
}

/* The cold end of a stub: LAB, then CALL (B, ARG) when CALLEE is not
   NULL, then return what a failed call of OP on BINDING returns (zero,
   or its IDL_FAILS value: idl_failed_result).  */
static void
cold_return (body_builder &bb, const idl_operation *op, tree binding,
	     tree lab, tree callee, tree b, tree arg)
{
  bb.label (lab);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  if (callee)
    {
      auto_vec<tree> args;
      args.safe_push (b);
      args.safe_push (arg);
      bb.call_void (callee, args);
    }
  bb.ret (idl_failed_result (bb, op, binding));
}

/* One client stub under construction: what its steps hand on to the
   next ones.  */
struct client_stub
{
  client_stub (idl_operation *op, const idl_abi &abi, body_builder &bb);

  void check_arguments ();
  void copy_payload ();
  void list_descriptors ();
  std::vector<tree> pack_request ();
  tree request_in_memory (const std::vector<tree> &words);
  void call_transport (const std::vector<tree> &words);
  void read_reply_words ();
  void check_reply_payload ();
  void take_descriptor (const idl_slot &s, tree parm);
  void deliver_reply_words ();
  void deliver_reply_items ();
  void cold_paths ();

  idl_operation *op;
  tree fn;
  const idl_abi &abi;
  const idl_message_layout &rq, &rp;
  unsigned nparams;
  body_builder &bb;
  tree binding;

  tree bounds;			/* an argument over its bound */
  tree lost;			/* no page: the runtime said why */
  tree fail;			/* a failed call or a bad reply */
  tree inval;			/* a NULL pointer the call needs */
  bool used_bounds = false, used_lost = false, used_inval = false;

  /* 1: the element count of each variable item in the request, the
     caller's capacity of each buffer.  */
  std::vector<tree> sent, cap;
  /* 3: the payload's length.  */
  tree payload_len = NULL_TREE;
  /* 4: the descriptors' array and count, each one's index.  */
  tree fds = NULL_TREE, nfds = NULL_TREE;
  std::vector<tree> fd_index;
  /* 1: each region's descriptor, once prepared (idl_region_prepare).  */
  std::vector<tree> region_fd;
  /* 5: the reply's tag, and the view that holds the reply (the
     binding, or the calling thread's own connection of it).  */
  tree rtag = NULL_TREE, view = NULL_TREE;
  /* 6: the reply's registers, each slot's value, the result; the
     reply's payload, each item's offset in it and its length.  */
  tree mr = NULL_TREE;
  std::vector<tree> got;
  tree result = NULL_TREE;
  /* 7: the record result's local, which the stub returns.  */
  tree rec = NULL_TREE;
  tree reply_pay = NULL_TREE;
  std::vector<tree> src, len;
  /* A bulk operation's items (bulk.cc) and each one's room.  */
  tree bulk = NULL_TREE;
  std::vector<tree> bulk_room;
};

client_stub::client_stub (idl_operation *op_, const idl_abi &abi_,
			  body_builder &bb_)
  : op (op_), fn (op_->decl), abi (abi_), rq (op_->request),
    rp (op_->reply), nparams (op_->params.size ()), bb (bb_),
    binding (DECL_ARGUMENTS (op_->decl)),
    bounds (bb_.new_label ()), lost (bb_.new_label ()),
    fail (bb_.new_label ()), inval (bb_.new_label ()),
    sent (nparams, NULL_TREE), cap (nparams, NULL_TREE),
    fd_index (nparams, NULL_TREE), region_fd (nparams, NULL_TREE),
    got (nparams, NULL_TREE),
    src (nparams, NULL_TREE), len (nparams, NULL_TREE)
{
}

/* 1. Check every pointer the call needs memory behind (IDL_E_INVAL
   for a NULL one) and every bound before anything is sent (never
   truncate).  */
void
client_stub::check_arguments ()
{
  if (emit_null_checks (bb, op, fn, inval))
    used_inval = true;
  for (unsigned i = 0; i < nparams; i++)
    {
      const idl_param &p = op->params[i];
      tree parm = parm_at (fn, p.index);
      if (p.kind == IDL_KIND_STRING && p.sent ())
	{
	  used_bounds = true;
	  auto_vec<tree> args;
	  args.safe_push (parm);
	  args.safe_push (size_cst (p.max + 1));
	  tree n = bb.call (idl_libc_decl (BUILT_IN_STRNLEN), args,
			    size_type_node);
	  bb.suppress_last_warning (OPT_Wstringop_overread);
	  n = bb.assign (sizetype, NOP_EXPR, n);
	  fail_if (bb, GT_EXPR, n, size_cst (p.max), bounds);
	  sent[i] = n;
	}
      else if (p.kind == IDL_KIND_BUFFER)
	{
	  used_bounds = true;
	  tree c = count_value (bb, abi, fn, op->params[p.size_param]);
	  fail_if (bb, GT_EXPR, c, size_cst (p.max), bounds);
	  cap[i] = c;
	  if (p.dir == IDL_DIR_INOUT && p.length_param >= 0)
	    {
	      tree l = count_value (bb, abi, fn, op->params[p.length_param]);
	      fail_if (bb, GT_EXPR, l, c, bounds);
	      sent[i] = l;
	    }
	  else if (p.sent ())
	    sent[i] = c;
	}
    }
  /* Regions last, once every bound is checked: preparing an in region
     seals it for good, and a call refused before it is sent leaves a
     region as it was (HACKING, "Large buffers", 6).  NULL, a region
     the kernel will not seal (another writable mapping) or a sealed
     one passed out: IDL_E_INVAL, nothing sent.  A co-located direct
     call (step 2) comes after this, so its implementation gets a
     region in the same state as a remote one's.  */
  for (unsigned i = 0; i < nparams; i++)
    if (op->params[i].region)
      {
	auto_vec<tree> args;
	args.safe_push (parm_at (fn, op->params[i].index));
	args.safe_push (build_int_cst (integer_type_node,
				       op->params[i].region));
	tree fd = bb.call (abi.region_prepare, args, integer_type_node);
	used_inval = true;
	fail_if (bb, LT_EXPR, fd, integer_zero_node, inval);
	region_fd[i] = fd;
      }
}

/* 3. The payload goes straight into the shared page: fixed items at
   their offsets, then each variable item at the next aligned
   offset.  */
void
client_stub::copy_payload ()
{
  payload_len = size_cst (0);
  if (rq.items.empty ())
    return;
  auto_vec<tree> args;
  args.safe_push (binding);
  tree pay = bb.call (abi.request_payload, args, ptr_type_node);
  pay = bb.assign (abi.alias_ptr, NOP_EXPR, pay);
  used_lost = true;
  fail_if (bb, EQ_EXPR, pay, build_zero_cst (abi.alias_ptr), lost);
  tree off = size_cst (rq.fixed_bytes);
  for (const idl_item &it : rq.items)
    {
      const idl_param &p = op->params[it.param];
      tree parm = parm_at (fn, p.index);
      if (it.fixed)
	{
	  if (!p.by_pointer)
	    /* An assignment of the record, not a copy from its
	       address: the parameter stays unaddressable, so a
	       caller that inlines the stub copies its argument once,
	       straight into the payload (paper 000, 4.3.5).  The
	       payload is page aligned and the item at a multiple of
	       its alignment.  */
	    bb.store (build2 (MEM_REF, TREE_TYPE (parm),
			      ptr_add (bb, pay, size_cst (it.offset),
				       abi.alias_ptr),
			      build_int_cst (abi.alias_ptr, 0)), parm);
	  else
	    bb.store (bytes_at (abi, pay, it.offset, p.block_size, 1),
		      bytes_at (abi, parm, 0, p.block_size, 1));
	  continue;
	}
      off = align_size (bb, off, it.align);
      tree dst = ptr_add (bb, pay, off, ptr_type_node);
      tree n = item_bytes (bb, p, sent[it.param], true);
      copy_bytes (bb, dst, parm, n, p.max_bytes ());
      off = bb.assign (sizetype, PLUS_EXPR, off, n);
    }
  payload_len = off;
}

/* 4. Descriptors: the k-th one actually passed has index k in the
   message; a negative one travels as IDL_FD_NONE.  */
void
client_stub::list_descriptors ()
{
  nfds = size_cst (0);
  if (!rq.nfds)
    return;
  fds = bb.temp (build_array_type_nelts (integer_type_node, rq.nfds),
		 "fds");
  TREE_ADDRESSABLE (fds) = 1;
  nfds = bb.temp (sizetype, "nfds");
  bb.set (nfds, INTEGER_CST, size_cst (0));
  for (const idl_slot &s : rq.slots)
    if (s.role == IDL_SLOT_FD)
      {
	tree v = region_fd[s.param] ? region_fd[s.param]
		 : parm_at (fn, op->params[s.param].index);
	fd_index[s.param] = list_descriptor
	  (bb, v, nfds, [&] (tree pos)
	   {
	     bb.store (build4 (ARRAY_REF, integer_type_node, fds, pos,
			       NULL_TREE, NULL_TREE), v);
	   });
      }
}

/* 5a. Request words: in and inout values, through the pointer when there
   is one; string lengths; descriptor indices.  */
std::vector<tree>
client_stub::pack_request ()
{
  std::vector<tree> values;
  for (const idl_slot &s : rq.slots)
    {
      const idl_param &p = op->params[s.param];
      tree parm = parm_at (fn, p.index);
      if (s.role == IDL_SLOT_BLOCK)
	values.push_back (NULL_TREE);
      else if (s.role == IDL_SLOT_LENGTH)
	values.push_back (bb.assign (unsigned_type_node, NOP_EXPR,
				     sent[s.param]));
      else if (s.role == IDL_SLOT_FD)
	values.push_back (fd_index[s.param]);
      else if (p.by_pointer)
	values.push_back (bb.load (pointee_bytes (abi, parm, p)));
      else
	values.push_back (parm);
    }
  return pack_message (bb, abi, rq, values, slot_scalars (op, rq, true));
}

/* 5b. The request's WORDS in a local array, for the entries that take
   them in memory, with the blocks over the (zeroed) words they occupy;
   returns the array's address.  */
tree
client_stub::request_in_memory (const std::vector<tree> &words)
{
  tree arr_type = build_array_type_nelts (abi.u64, rq.words);
  tree arr = bb.temp (arr_type, "request");
  TREE_ADDRESSABLE (arr) = 1;
  for (unsigned i = 1; i <= rq.words; i++)
    bb.store (build4 (ARRAY_REF, abi.u64, arr, size_int (i - 1),
		      NULL_TREE, NULL_TREE), words[i]);
  tree base = build_fold_addr_expr (arr);
  for (const idl_slot &s : rq.slots)
    if (s.role == IDL_SLOT_BLOCK)
      {
	const idl_param &p = op->params[s.param];
	tree parm = parm_at (fn, p.index);
	if (!p.by_pointer)
	  /* Assigned, not copied from its address (copy_payload).  */
	  bb.store (build2 (MEM_REF, TREE_TYPE (parm), base,
			    build_int_cst (abi.alias_ptr,
					   (s.word - 1) * 8)), parm);
	else
	  bb.store (bytes_at (abi, base, (s.word - 1) * 8, s.size, 1),
		    bytes_at (abi, parm, 0, s.size, 1));
      }
  return build_fold_addr_expr_with_type
    (build4 (ARRAY_REF, abi.u64, arr, size_int (0), NULL_TREE, NULL_TREE),
     abi.u64_cptr);
}

/* 5c. Call the transport's entry with the request's WORDS: in
   registers (idl_call_r4) when they are few and all there is, else in
   memory (idl_call_m), with the payload and descriptors (idl_call_x);
   idl_send_* for a one-way operation.  Then check the reply's tag.  */
void
client_stub::call_transport (const std::vector<tree> &words)
{
  tree tag = u64_cst (abi, idl_request_tag (op));
  auto_vec<tree> args;
  args.safe_push (binding);
  args.safe_push (tag);
  bool extended = !rq.items.empty () || rq.nfds || bulk;
  tree entry;
  if (!extended && !rq.has_blocks () && rq.words <= IDL_REG_WORDS)
    {
      entry = op->oneway ? abi.send_r4 : abi.call_r4;
      for (unsigned i = 1; i <= IDL_REG_WORDS; i++)
	args.safe_push (i <= rq.words ? words[i] : build_zero_cst (abi.u64));
    }
  else
    {
      entry = extended ? (op->oneway ? abi.send_x : abi.call_x)
		       : (op->oneway ? abi.send_m : abi.call_m);
      if (rq.words)
	args.safe_push (request_in_memory (words));
      else
	args.safe_push (build_zero_cst (abi.u64_cptr));
      if (extended)
	{
	  args.safe_push (bb.assign (abi.u64, NOP_EXPR, payload_len));
	  args.safe_push (fds ? build_fold_addr_expr_with_type
			  (build4 (ARRAY_REF, integer_type_node, fds,
				   size_int (0), NULL_TREE, NULL_TREE),
			   abi.int_ptr)
			  : build_zero_cst (abi.int_ptr));
	  args.safe_push (bb.assign (abi.u64, NOP_EXPR, nfds));
	}
      if (bulk)
	{
	  /* idl_callv_bulk: the page's part as for idl_callv_x, then
	     the bulk items (bulk.cc).  */
	  entry = abi.call_bulk;
	  tree ptype = TYPE_ARG_TYPES (TREE_TYPE (entry));
	  for (unsigned k = 0; k < 6; k++)	/* its 7th: the items */
	    ptype = TREE_CHAIN (ptype);
	  ptype = TREE_VALUE (ptype);
	  tree first = build4 (ARRAY_REF, abi.bulk_item, bulk, size_int (0),
			       NULL_TREE, NULL_TREE);
	  tree at = build_fold_addr_expr_with_type
	    (first, build_pointer_type (abi.bulk_item));
	  args.safe_push (bb.assign (ptype, NOP_EXPR, at));
	  args.safe_push (u64_cst (abi, op->bulk.size ()));
	}
    }
  if (op->oneway)
    {
      rtag = bb.call (entry, args, abi.u64);
      view = binding;
    }
  else
    {
      tree r = bb.call (entry, args, abi.reply);
      rtag = bb.temp (TREE_TYPE (abi.reply_tag), "rtag");
      bb.store (rtag, build3 (COMPONENT_REF, TREE_TYPE (abi.reply_tag), r,
			      abi.reply_tag, NULL_TREE));
      tree v = build3 (COMPONENT_REF, TREE_TYPE (abi.reply_view),
		       unshare_expr (r), abi.reply_view, NULL_TREE);
      view = bb.temp (TREE_TYPE (binding), "view");
      if (useless_type_conversion_p (TREE_TYPE (binding), TREE_TYPE (v)))
	bb.store (view, v);
      else
	bb.set (view, NOP_EXPR, bb.load (v));
    }

  tree ok = bb.new_label ();
  tree expect = op->oneway ? build_zero_cst (abi.u64)
			   : u64_cst (abi, idl_reply_tag (op));
  bb.cond_goto (EQ_EXPR, rtag, expect, ok, fail);
  bb.label (ok);
}

/* 6a. Read and check the whole reply before writing anything the
   caller sees: a bad reply leaves every out parameter as it was.
   First the reply's words, each slot's value in GOT (or RESULT).  */
void
client_stub::read_reply_words ()
{
  if (rp.words)
    mr = bb.load (build2 (MEM_REF, abi.u64_ptr, view,
			  build_int_cst (abi.alias_ptr,
					 IDL_BINDING_MR_OFFSET)));
  std::vector<idl_scalar> sc = slot_scalars (op, rp, true);
  for (unsigned k = 0; k < rp.slots.size (); k++)
    {
      const idl_slot &s = rp.slots[k];
      if (s.role == IDL_SLOT_BLOCK)
	continue;
      idl_slot low;
      tree w = load_slot (bb, abi, mr, s, &low);
      tree v = unpack_value (bb, abi, w, low, sc[k]);
      if (s.param >= 0 && s.role == IDL_SLOT_VALUE
	  && op->params[s.param].by_pointer
	  && op->params[s.param].value.cls == IDL_VAL_BOOL)
	/* Its bytes go to the caller's _Bool: 0 or 1, whatever a
	   hostile server sent.  */
	v = bb.assign (TREE_TYPE (v), NOP_EXPR,
		       bb.assign (boolean_type_node, NE_EXPR, v,
				  build_zero_cst (TREE_TYPE (v))));
      if (s.param < 0)
	result = v;
      else
	got[s.param] = v;
    }
}

/* 6b. The reply's payload: each variable item's length within its
   bound (a string's) or the caller's capacity (a buffer's), and all of
   them within the payload.  */
void
client_stub::check_reply_payload ()
{
  if (bulk)
    bulk_client_check (bb, abi, op, fn, bulk, bulk_room, cap, got, fail);
  if (rp.items.empty ())
    return;
  reply_pay = bb.load (build2 (MEM_REF, abi.alias_ptr, view,
			       build_int_cst (abi.alias_ptr,
					      IDL_BINDING_PAYLOAD_OFFSET)));
  tree off = size_cst (rp.fixed_bytes);
  for (const idl_item &it : rp.items)
    {
      if (it.fixed)
	continue;
      const idl_param &p = op->params[it.param];
      tree n;
      if (p.kind == IDL_KIND_STRING)
	{
	  n = bb.assign (sizetype, NOP_EXPR, got[it.param]);
	  fail_if (bb, GT_EXPR, n, size_cst (p.max), fail);
	}
      else if (p.length_param >= 0)
	{
	  /* The length comes back as raw bits; as a count it is
	     the value of its C type.  */
	  const idl_param &lp = op->params[p.length_param];
	  tree v = bb.assign (lp.value.type, NOP_EXPR,
			      got[p.length_param]);
	  n = bb.assign (sizetype, NOP_EXPR, v);
	  fail_if (bb, GT_EXPR, n, cap[it.param], fail);
	}
      else
	n = cap[it.param];
      len[it.param] = n;
      src[it.param] = off;
      off = bb.assign (sizetype, PLUS_EXPR, off,
		       item_bytes (bb, p, n, false));
    }
  fail_if (bb, GT_EXPR, off, size_cst (IDL_PAYLOAD_MAX), fail);
}

/* 7a. Descriptor slot S's descriptor to out parameter PARM: taken from
   the view's array, leaving -1 there: whatever the stub does not
   take, the runtime closes at the next call.  */
void
client_stub::take_descriptor (const idl_slot &s, tree parm)
{
  tree idx = bb.assign (sizetype, NOP_EXPR, got[s.param]);
  tree fd = bb.temp (integer_type_node, "fd");
  tree some = bb.new_label (), none = bb.new_label ();
  tree done = bb.new_label ();
  bb.cond_goto (LT_EXPR, idx, size_cst (IDL_MAX_FDS), some, none);
  bb.label (some);
  tree off = bb.assign (sizetype, MULT_EXPR, idx,
			size_cst (sizeof (int)));
  off = bb.assign (sizetype, PLUS_EXPR, off,
		   size_cst (IDL_BINDING_FDS_OFFSET));
  tree slot = ptr_add (bb, view, off,
		       build_pointer_type (integer_type_node));
  tree ref = build2 (MEM_REF, integer_type_node, slot,
		     build_int_cst (abi.alias_ptr, 0));
  bb.set (fd, MEM_REF, ref);
  bb.store (unshare_expr (ref), integer_minus_one_node);
  bb.add (gimple_build_goto (done));
  bb.label (none);
  bb.set (fd, INTEGER_CST, integer_minus_one_node);
  bb.label (done);
  bb.store (build2 (MEM_REF, integer_type_node, parm,
		    build_int_cst (abi.alias_ptr, 0)), fd);
}

/* 7b. Everything checks: deliver what came in the reply's words.  */
void
client_stub::deliver_reply_words ()
{
  for (unsigned k = 0; k < rp.slots.size (); k++)
    {
      const idl_slot &s = rp.slots[k];
      if (s.param < 0 || s.role == IDL_SLOT_LENGTH)
	continue;
      const idl_param &p = op->params[s.param];
      tree parm = client_target (fn, p, rec);
      if (s.role == IDL_SLOT_BLOCK)
	{
	  bb.store (bytes_at (abi, parm, 0, s.size, 1),
		    bytes_at (abi, mr, s.word * 8, s.size, 1));
	  fix_bools (bb, abi, parm, p.block_type);
	}
      else if (s.role == IDL_SLOT_FD)
	take_descriptor (s, parm);
      else
	bb.store (pointee_bytes (abi, parm, p), got[s.param]);
    }
}

/* 7c. And what came in its payload.  */
void
client_stub::deliver_reply_items ()
{
  for (const idl_item &it : rp.items)
    {
      const idl_param &p = op->params[it.param];
      tree parm = client_target (fn, p, rec);
      if (it.fixed)
	{
	  bb.store (bytes_at (abi, parm, 0, p.block_size, 1),
		    bytes_at (abi, reply_pay, it.offset, p.block_size, 1));
	  fix_bools (bb, abi, parm, p.block_type);
	  continue;
	}
      tree from = ptr_add (bb, reply_pay, src[it.param], ptr_type_node);
      copy_bytes (bb, parm, from, item_bytes (bb, p, len[it.param], false),
		  p.max_bytes ());
      if (p.kind == IDL_KIND_BUFFER)
	fix_bools (bb, abi, parm, p.elem_type, len[it.param]);
      if (p.kind == IDL_KIND_STRING)
	{
	  /* The terminator is the stub's, not the server's.  */
	  tree end = ptr_add (bb, parm, len[it.param], abi.alias_ptr);
	  bb.store (byte_at (abi, end, 0), build_zero_cst
		    (unsigned_char_type_node));
	}
    }
}

/* 8. The failure paths: cold, out of line (the runtime's functions for
   them are cold too).  */
void
client_stub::cold_paths ()
{
  cold_return (bb, op, binding, fail, abi.stub_failed, view, rtag);
  if (used_bounds)
    cold_return (bb, op, binding, bounds, abi.stub_error, binding,
		 build_int_cst (integer_type_node, IDL_E_BOUNDS));
  if (used_inval)
    cold_return (bb, op, binding, inval, abi.stub_error, binding,
		 build_int_cst (integer_type_node, IDL_E_INVAL));
  if (used_lost)
    cold_return (bb, op, binding, lost, NULL_TREE, NULL_TREE, NULL_TREE);
}

/* OP's client stub: the steps above, in order.  */
void
emit_client_stub (idl_operation *op)
{
  tree fn = op->decl;
  location_t loc = DECL_SOURCE_LOCATION (fn);
  tree fntype = TREE_TYPE (fn);
  const idl_abi &abi = idl_get_abi (TREE_VALUE (TYPE_ARG_TYPES (fntype)));

  prepare_client_stub (fn, loc);

  body_builder bb (fn, loc);
  client_stub s (op, abi, bb);
  s.rec = record_result_local (bb, op, false);
  s.check_arguments ();					/* 1 */
  if (direct_capable (op))
    emit_direct_call (bb, op);				/* 2 */
  s.copy_payload ();					/* 3 */
  if (!op->bulk.empty ())
    s.bulk = bulk_client_items (bb, abi, op, fn, s.sent, s.cap,
				s.bulk_room);
  s.list_descriptors ();				/* 4 */
  s.call_transport (s.pack_request ());			/* 5 */
  if (!op->oneway)
    {
      s.read_reply_words ();				/* 6 */
      s.check_reply_payload ();
      s.deliver_reply_words ();				/* 7 */
      s.deliver_reply_items ();
    }
  bb.ret (s.rec ? s.rec : s.result);
  s.cold_paths ();					/* 8 */
  bb.finish ();

  add_function (fn);
  /* Do not force a copy out: where every call was inlined, the COMDAT
     body is dropped like any unused inline function.  */
  cgraph_node::get (fn)->force_output = false;
}
