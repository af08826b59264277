/* compact-server.cc -- stage 4, compact mode: thunks and the dispatcher.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A compact server (paper 002) is the runtime's engine
   (runtime/compact-server.c) driven by a table of operations: for
   IDL_SERVER (calc), the dispatcher is one call,

	calc_dispatch (call, msg)
	{
	  return idl_compact_dispatch (call, msg, &calc.idl_cops[0]);
	}

   and calc.idl_cops holds, per operation, a thunk's address and a word
   with its request's tag or the offset of its table (compact-tables.cc;
   the format is in runtime/idlrt-abi.h, "Compact mode").  A thunk calls
   the implementation.  An operation whose messages hold values only
   gets a "direct" thunk: it reads its arguments in the request's words
   and writes the reply's (direct stack transfer, paper 000, 4.3.1),
   and needs no table on the server at all (its entry in the table of
   operations holds the tags).  For

     IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long c,
				  short d);

   it is

	__idl_thunk_small (call, msg, unused)
	{
	  reply = msg + 8;                    // the reply's words, in place
	  a = (short) MEM <uint16> [msg + 8];
	  c = (long) MEM <uint64> [msg + 16];
	  d = (short) MEM <uint16> [msg + 10];
	  result = small_impl (call, (int) a, c, (int) d);
	  MEM <uint64> [reply] = (uint64) result;
	  return BIT_INSERT_EXPR <MEM <uint64> [msg], 1, 0 (8 bits)>;
	}

   (the reply's tag is the request's, checked whole by the engine, with
   the reply's word count in its low byte).  So does an operation with
   values in and one buffer out (SawMill's pfs_get_direntries), whose
   thunk also checks the buffer's count and length (direct_out_op).  In
   other operations' thunks, what is in the payload comes from the
   engine, which checked the request against the operation's table,
   one pointer per parameter in ARGV (given as the third argument),
   e.g. for testsuite/idlstub.gen/idl4.h's strxfer:

	__idl_thunk_strxfer (call, msg, argv)
	{
	  reply = msg + 8;
	  MEM <uint64> [reply] = 0;           // out values start as zero
	  MEM <uint64> [reply + 8] = 0;
	  strxfer_impl (call, (const char *) MEM <void *> [argv],
			(long *) reply, (long *) (reply + 8));
	}

   The steps of a thunk are numbered below, and the code repeats the
   numbers.  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "compact-tables.h"
#include "compact-stubs.h"

/* A new thunk of OP for DISPATCHER: (call, argv, result), returning
   RET.  */
static tree
new_thunk (idl_operation *op, tree dispatcher, tree ret)
{
  location_t loc = DECL_SOURCE_LOCATION (op->decl);
  tree call_ptr = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (dispatcher)));
  tree argv_type = build_pointer_type (build_qualified_type
				       (ptr_type_node, TYPE_QUAL_CONST));
  tree type = build_function_type_list (ret, call_ptr, argv_type,
					ptr_type_node, NULL_TREE);
  std::string name = std::string ("__idl_thunk_") + op->name ();
  tree fn = new_static_function (name.c_str (), type,
				 DECL_CONTEXT (dispatcher), loc);
  /* Compact mode is for size: no padding before a thunk to the
     -falign-functions boundary.  */
  DECL_USER_ALIGN (fn) = 1;
  return fn;
}

/* One direct thunk under construction: what its steps hand on to the
   next ones.

   OP's direct thunk: the arguments read in the request MSG (given as
   ARGV) where they are in words, taken from the engine's ARGV (given as
   RESULT) where they are in the payload; the reply's words written in
   MSG.  Out values start as zero, out descriptors as -1 (server-stub.cc,
   step 7).  The reply's words are built in place when no argument
   points into the request's words (they are zeroed once every value
   has been read), else in a scratch copy then copied.  The engine has
   turned descriptor indices into descriptors and rewritten _Bools in
   blocks before, and deals with descriptors and lengths in the reply's
   words after.  */
struct direct_thunk
{
  direct_thunk (idl_operation *op, tree dispatcher, tree fn, bool out_buffer,
		body_builder &bb);

  tree at (tree base, unsigned offset);
  tree engine_ptr (unsigned i);
  void cover (unsigned o, unsigned n);
  void fail_unless (tree a, tree b, int code);

  void place_reply ();
  void block_argument (unsigned i, tree ptype, const idl_slot *in,
		       const idl_slot *out);
  void value_argument (unsigned i, tree ptype, const idl_slot *in,
		       const idl_slot *out);
  void record_result_place (unsigned i);
  void build_arguments ();
  void cover_result ();
  void check_out_count ();
  void zero_reply ();
  void call_implementation ();
  void out_length ();
  void copy_scratch ();
  tree reply_tag ();

  idl_operation *op;
  tree u64;
  bool out_buffer;
  tree call_ptr, call, msg, argv;
  body_builder &bb;
  unsigned rwords;

  /* 1: the scratch copy of the reply's words, if any; where they are
     built.  */
  tree scratch = NULL_TREE, reply = NULL_TREE;
  /* 2: stores into the reply's words, made once they are zeroed, and
     the bytes they and the result's store cover: a word they cover
     whole needs no zeroing.  */
  std::vector<std::pair<tree, tree> > later;
  std::vector<bool> covered;
  auto_vec<tree> args;
  /* 3: the result's slot; whether it is alone in its word.  Where a
     record result goes.  */
  const idl_slot *rs = NULL;
  bool result_word = false;
  tree record = NULL_TREE;
  /* 4: a direct out operation's buffer, and its count.  */
  const idl_param *buf = NULL;
  tree count = NULL_TREE;
};

direct_thunk::direct_thunk (idl_operation *op_, tree dispatcher, tree fn,
			    bool out_buffer_, body_builder &bb_)
  : op (op_), u64 (TREE_TYPE (TREE_TYPE (dispatcher))),
    out_buffer (out_buffer_),
    call_ptr (TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (dispatcher)))),
    call (DECL_ARGUMENTS (fn)), msg (DECL_CHAIN (call)),
    argv (DECL_CHAIN (msg)), bb (bb_),
    rwords (op_->oneway ? 0 : op_->reply.words), covered (rwords * 8, false)
{
}

/* BASE + OFFSET as a pointer of BASE's type.  */
tree
direct_thunk::at (tree base, unsigned offset)
{
  if (!offset)
    return base;
  return bb.assign (TREE_TYPE (base), POINTER_PLUS_EXPR, base,
		    size_int (offset));
}

/* The engine's pointer for parameter I.  */
tree
direct_thunk::engine_ptr (unsigned i)
{
  return bb.load (object_at (ptr_type_node, argv, i * POINTER_SIZE_UNITS));
}

/* The reply's bytes O to O + N are stored whole.  */
void
direct_thunk::cover (unsigned o, unsigned n)
{
  for (unsigned i = o; i < o + n && i < covered.size (); i++)
    covered[i] = true;
}

/* Unless A <= B, return the error reply of CODE (cold).  */
void
direct_thunk::fail_unless (tree a, tree b, int code)
{
  tree ok = bb.new_label (), bad = bb.new_label ();
  bb.cond_goto (LE_EXPR, a, b, ok, bad);
  bb.label (bad);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  bb.ret (build_int_cstu (u64, idl_error_tag (code)));
  bb.label (ok);
}

/* 1. Where the reply's words are built: in place, or in a scratch copy
   when an argument points into the request's words.  Reply word K
   (1-based) is at REPLY + (K - 1) * 8.  */
void
direct_thunk::place_reply ()
{
  bool in_place = true;
  for (unsigned i = 0; i < op->params.size (); i++)
    {
      const idl_param &p = op->params[i];
      enum idl_slot_role role = p.kind == IDL_KIND_BLOCK ? IDL_SLOT_BLOCK
				: IDL_SLOT_VALUE;
      if ((p.kind == IDL_KIND_SCALAR || p.kind == IDL_KIND_BLOCK)
	  && (p.by_pointer ? p.dir == IDL_DIR_IN : p.kind == IDL_KIND_BLOCK)
	  && slot_of_role (op->request, i, role))
	in_place = false;
    }
  if (rwords && !in_place)
    {
      scratch = bb.temp (build_array_type_nelts (u64, rwords), "reply");
      TREE_ADDRESSABLE (scratch) = 1;
      reply = build_fold_addr_expr (scratch);
    }
  else if (rwords)
    reply = bb.assign (TREE_TYPE (msg), POINTER_PLUS_EXPR, msg, size_int (8));
}

/* 2a. The argument for record parameter I of type PTYPE, IN and OUT its
   slots in the request's and the reply's words.  */
void
direct_thunk::block_argument (unsigned i, tree ptype, const idl_slot *in,
			      const idl_slot *out)
{
  const idl_param &p = op->params[i];
  tree type = p.block_type;
  if (p.dir == IDL_DIR_IN ? !in : !out)
    {
      /* In the payload: the engine's pointer (into the request,
	 or the reply area with an inout block copied there).  */
      tree ptr = engine_ptr (i);
      args.safe_push (p.by_pointer ? bb.assign (ptype, NOP_EXPR, ptr)
		      : object_at (type, ptr, 0));
      return;
    }
  if (!p.by_pointer)
    {
      args.safe_push (object_at (type, msg, in->word * 8));
      return;
    }
  tree ptr;
  if (out)
    {
      unsigned o = (out->word - 1) * 8;
      if (p.dir == IDL_DIR_INOUT)
	/* Sent in words, or in the payload where the engine
	   found it.  */
	{
	  cover (o, p.block_size);
	  later.push_back (std::make_pair
			 (object_at (type, reply, o),
			  bb.load (in ? object_at (type, msg, in->word * 8)
				   : object_at (type, engine_ptr (i),
						0))));
	}
      ptr = at (reply, o);
    }
  else
    ptr = at (msg, in->word * 8);
  args.safe_push (bb.assign (ptype, NOP_EXPR, ptr));
}

/* 2b. The argument for scalar or descriptor parameter I, likewise.  */
void
direct_thunk::value_argument (unsigned i, tree ptype, const idl_slot *in,
			      const idl_slot *out)
{
  const idl_param &p = op->params[i];
  unsigned size = p.kind == IDL_KIND_FD ? 4 : in ? in->size : out->size;
  tree bits = bits_type (size);
  unsigned from = in ? in->word * 8 + in->offset : 0;
  if (!p.by_pointer)
    {
      /* A _Bool is rebuilt as bits != 0 (marshal.cc, unpack_value); a
	 descriptor is already one (the engine).  */
      tree v = bb.load (object_at (bits, msg, from));
      args.safe_push (p.kind == IDL_KIND_FD
		      ? bb.assign (ptype, NOP_EXPR, v)
		      : from_bits (bb, ptype, p.value.cls, v));
      return;
    }
  tree v = NULL_TREE;
  if (in)
    {
      v = bb.load (object_at (bits, msg, from));
      if (p.value.cls == IDL_VAL_BOOL)
	v = bb.assign (bits, NOP_EXPR,
		       bb.assign (boolean_type_node, NE_EXPR, v,
				  build_zero_cst (bits)));
    }
  tree ptr;
  if (out)
    {
      unsigned o = (out->word - 1) * 8 + out->offset;
      if (v || p.kind == IDL_KIND_FD)
	{
	  cover (o, size);
	  later.push_back (std::make_pair (object_at (bits, reply, o),
					   v ? v
					   : build_all_ones_cst (bits)));
	}
      ptr = at (reply, o);
    }
  else
    {
      if (p.value.cls == IDL_VAL_BOOL)
	bb.store (object_at (bits, msg, from), v);
      ptr = at (msg, from);
    }
  args.safe_push (bb.assign (ptype, NOP_EXPR, ptr));
}

/* 2c. Where the implementation's record result goes (no argument),
   as an out record's object (block_argument): the reply's words, which
   the call then stores whole, or the engine's pointer into the reply's
   payload.  */
void
direct_thunk::record_result_place (unsigned i)
{
  const idl_param &p = op->params[i];
  const idl_slot *out = slot_of_role (op->reply, i, IDL_SLOT_BLOCK);
  tree ptr;
  if (out)
    {
      unsigned o = (out->word - 1) * 8;
      cover (o, p.block_size);
      ptr = at (reply, o);
    }
  else
    ptr = engine_ptr (i);
  record = object_at (p.block_type, ptr, 0);
}

/* 2. The implementation's arguments: in the request's words or the
   reply's, or the engine's pointers.  */
void
direct_thunk::build_arguments ()
{
  args.safe_push (call);
  tree a = TREE_CHAIN (TYPE_ARG_TYPES (TREE_TYPE (op->decl)));
  for (unsigned i = 0; i < op->params.size (); i++, a = TREE_CHAIN (a))
    {
      const idl_param &p = op->params[i];
      if (p.record_result)
	{
	  record_result_place (i);
	  break;
	}
      tree ptype = TREE_VALUE (a);
      if (out_buffer && p.kind == IDL_KIND_BUFFER)
	{
	  /* The reply area, where the runtime sends it from.  */
	  args.safe_push (bb.assign (ptype, NOP_EXPR,
				     at (msg, IDL_MSG_REPLY_PAYLOAD)));
	  continue;
	}
      /* A region's idl_region_t *, accepted by the engine
	 (idlrt-abi.h, "Compact mode"), is its pointer too.  */
      if (p.kind == IDL_KIND_STRING || p.kind == IDL_KIND_BUFFER
	  || p.region)
	{
	  args.safe_push (bb.assign (ptype, NOP_EXPR, engine_ptr (i)));
	  continue;
	}
      enum idl_slot_role role = p.kind == IDL_KIND_BLOCK ? IDL_SLOT_BLOCK
				: p.kind == IDL_KIND_FD ? IDL_SLOT_FD
				: IDL_SLOT_VALUE;
      const idl_slot *in = slot_of_role (op->request, i, role);
      for (const idl_item &it : op->request.items)
	if (!in && it.count_slot.param == (int) i)
	  /* An implied count, which the engine stores there.  */
	  in = &it.count_slot;
      const idl_slot *out = op->oneway ? NULL
			    : slot_of_role (op->reply, i, role);
      if (p.kind == IDL_KIND_BLOCK)
	{
	  block_argument (i, ptype, in, out);
	  continue;
	}
      value_argument (i, ptype, in, out);
    }
}

/* 3. A result alone in its word is stored as the whole word, zero-
   extended, after the call.  */
void
direct_thunk::cover_result ()
{
  rs = op->has_result && !op->oneway ? slot_of (op->reply, -1) : NULL;
  result_word = rs && rs->offset == 0;
  if (result_word)
    for (const idl_slot &sl : op->reply.slots)
      if (sl.word == rs->word && &sl != rs)
	result_word = false;
  if (rs)
    cover ((rs->word - 1) * 8 + (result_word ? 0 : rs->offset),
	   result_word ? 8 : rs->size);
}

/* 4. A direct out operation's buffer: its count (an in value, as C
   converts it to a size_t) within the bound before the implementation
   writes anything; a malformed request otherwise (server-stub.cc, the
   server stub's checks).  */
void
direct_thunk::check_out_count ()
{
  buf = &op->params[op->reply.items[0].param];
  count = bb.assign (u64, NOP_EXPR, args[1 + buf->size_param]);
  fail_unless (count, build_int_cstu (u64, buf->max), IDL_E_BADMSG);
}

/* 5. The reply's words no store covers whole are zeroed, then the
   stores made.  */
void
direct_thunk::zero_reply ()
{
  for (unsigned k = 0; k < rwords; k++)
    if (std::find (covered.begin () + k * 8, covered.begin () + k * 8 + 8,
		   false) != covered.begin () + k * 8 + 8)
      bb.store (object_at (u64, reply, k * 8), build_zero_cst (u64));
  for (auto &st : later)
    bb.store (st.first, st.second);
}

/* 6. Call the implementation; its result to the reply.  */
void
direct_thunk::call_implementation ()
{
  tree impl = implementation_decl (op, call_ptr);
  if (op->has_result && !op->oneway)
    {
      tree r = bb.call (impl, args, op->result.type);
      tree bits = to_bits (bb, r, op->result);
      if (result_word)
	bb.store (object_at (u64, reply, (rs->word - 1) * 8),
		  bb.assign (u64, NOP_EXPR, bits));
      else
	bb.store (object_at (bits_type (rs->size), reply,
			     (rs->word - 1) * 8 + rs->offset), bits);
    }
  else if (record)
    {
      /* Built where the reply sends it from (server-stub.cc, step 8).  */
      gcall *c = bb.build_call (impl, args);
      gimple_call_set_lhs (c, record);
      gimple_call_set_return_slot_opt (c, true);
      bb.add (c);
    }
  else
    bb.call_void (impl, args);
}

/* 7. The elements the implementation filled: its IDL_LENGTH_IS
   within the caller's capacity (IDL_E_BOUNDS otherwise, as a fast
   server stub), or the capacity.  */
void
direct_thunk::out_length ()
{
  tree n = count;
  if (buf->length_param >= 0)
    {
      const idl_param &lp = op->params[buf->length_param];
      const idl_slot *ls = slot_of (op->reply, buf->length_param);
      n = bb.assign (u64, NOP_EXPR,
		     bb.load (object_at (lp.value.type, reply,
					 (ls->word - 1) * 8
					 + ls->offset)));
      fail_unless (n, count, IDL_E_BOUNDS);
    }
  bb.store (object_at (u64, msg, IDL_MSG_REPLY_LEN * 8),
	    bb.assign (u64, MULT_EXPR, n,
		       build_int_cstu (u64, buf->elem_size)));
}

/* 8. A scratch reply to the message.  (Read as bytes, alias set 0: the
   implementation wrote them as whatever its types are.)  */
void
direct_thunk::copy_scratch ()
{
  if (!scratch)
    return;
  for (unsigned k = 0; k < rwords; k++)
    bb.store (object_at (u64, msg, (k + 1) * 8),
	      bb.load (object_at (u64, reply, k * 8)));
}

/* 9. A values-only or direct out operation's thunk, which the engine
   calls last, returns the reply's tag.  */
tree
direct_thunk::reply_tag ()
{
  if (op->oneway)
    return build_int_cstu (u64, IDL_TAG_ONEWAY);
  /* The reply's tag is the request's (checked whole by the engine)
     with the reply's word count in its low byte: a byte inserted in
     the tag MSG still holds costs fewer bytes than a 64-bit
     constant.  */
  tree rtag = bb.temp (u64, NULL);
  bb.add (gimple_build_assign (rtag, BIT_INSERT_EXPR,
			       bb.load (object_at (u64, msg, 0)),
			       build_int_cstu (unsigned_char_type_node,
					       idl_reply_tag (op) & 0xff),
			       bitsize_zero_node));
  return rtag;
}

/* OP's direct thunk for DISPATCHER: the steps above, in order.  */
static tree
emit_direct_thunk (idl_operation *op, tree dispatcher)
{
  tree u64 = TREE_TYPE (TREE_TYPE (dispatcher));
  /* A values-only operation's thunk, which the engine calls last,
     returns the reply's tag, a constant here; so does a direct out
     operation's, or the tag of the error reply its checks made.  */
  bool out_buffer = direct_out_op (op);
  bool values = values_only (op) || out_buffer;
  tree fn = new_thunk (op, dispatcher, values ? u64 : void_type_node);

  body_builder bb (fn, DECL_SOURCE_LOCATION (fn));
  direct_thunk t (op, dispatcher, fn, out_buffer, bb);
  t.place_reply ();					/* 1 */
  t.build_arguments ();					/* 2 */
  t.cover_result ();					/* 3 */
  if (out_buffer)
    t.check_out_count ();				/* 4 */
  t.zero_reply ();					/* 5 */
  t.call_implementation ();				/* 6 */
  if (out_buffer)
    t.out_length ();					/* 7 */
  t.copy_scratch ();					/* 8 */
  bb.ret (values ? t.reply_tag () : NULL_TREE);		/* 9 */
  bb.finish ();
  add_function (fn);
  return fn;
}

/* The word of OP's entry in the table of operations, other than a
   direct one: the offset of its table, whose words follow the NENT
   entries' words and the TABLES' words before it, and in its low bits
   the engine's short path for it.  */
static unsigned
entry_word (idl_operation *op, unsigned nent,
	    const std::vector<unsigned> &tables)
{
  /* A simple operation with one item and no _Bools in its words,
     or an out one with one item: the word's low bits send the
     engine straight to its short path (idlrt-abi.h).  */
  bool bool_blocks = false;
  for (const idl_slot &sl : op->request.slots)
    if (sl.role == IDL_SLOT_BLOCK
	&& !param_bools (op->params[sl.param]).empty ())
      bool_blocks = true;
  bool one_string = simple_op (op) && op->request.items.size () == 1
		    && !bool_blocks && op->params.size () <= 16
		    && !op->request.items[0].fixed
		    && op->params[op->request.items[0].param].kind
		       == IDL_KIND_STRING;
  unsigned kind = 0;
  if (one_string)
    kind = IDL_CT_OP_STRING;
  else if (((simple_op (op) && op->request.items.size () == 1
	     && !bool_blocks)
	    || (out_op (op) && op->reply.items.size () == 1))
	   && op->params.size () <= 16)
    kind = IDL_CT_OP_ONE;
  /* (Its offset from the words, which precede the tables.)  */
  return (nent + tables.size ()) << IDL_CT_W_SHIFT | kind;
}

/* IFACE's table of operations (idlrt-abi.h), for dispatcher FN, sorted
   by number: the thunks (each built here, and returned in THUNKS), then
   a word per entry, then the operations' tables.  */
static tree
ops_table (idl_interface *iface, tree fn, std::vector<tree> &thunks)
{
  location_t loc = DECL_SOURCE_LOCATION (fn);
  std::vector<idl_operation *> ops (iface->ops);
  std::sort (ops.begin (), ops.end (),
	     [] (const idl_operation *x, const idl_operation *y)
	     { return x->number < y->number; });

  tree cvoid_ptr = build_pointer_type (build_qualified_type
				       (void_type_node, TYPE_QUAL_CONST));
  tree elt = build_qualified_type (cvoid_ptr, TYPE_QUAL_CONST);
  unsigned lo = ops.empty () ? 0 : ops.front ()->number;
  unsigned span = ops.empty () ? 0 : ops.back ()->number - lo + 1;
  /* By index when the numbers are close, else by binary search.  */
  bool dense = span <= 2 * ops.size () + 8 && span <= IDL_CT_OPS_COUNT;
  unsigned nent = dense ? span : ops.size ();
  vec<constructor_elt, va_gc> *init = NULL;
  unsigned k = 0;
  /* Packed (idlrt-abi.h): the thunks, then a word per entry, then the
     operations' tables, whose offsets the words hold.  */
  unsigned HOST_WIDE_INT h
    = (dense ? nent | (unsigned HOST_WIDE_INT) lo << 16
       : IDL_CT_OPS_SPARSE | (unsigned HOST_WIDE_INT) nent << 16)
      | IDL_CT_OPS_PACKED | (unsigned HOST_WIDE_INT) iface->id << 32;
  CONSTRUCTOR_APPEND_ELT (init, size_int (k++), build_int_cstu (cvoid_ptr, h));
  std::vector<unsigned> words, tables;
  unsigned next = lo;
  for (idl_operation *op : ops)
    {
      for (; dense && next < op->number; next++)
	{
	  /* No operation: a direct word of tag 0, which no request of
	     this number has.  */
	  CONSTRUCTOR_APPEND_ELT (init, size_int (k++),
				  build_int_cst (cvoid_ptr, 0));
	  words.push_back (IDL_CT_W_DIRECT);
	}
      next = op->number + 1;
      bool direct = values_only (op) || direct_out_op (op);
      tree thunk = emit_direct_thunk (op, fn);
      thunks.push_back (thunk);
      CONSTRUCTOR_APPEND_ELT (init, size_int (k++),
			      fold_convert (cvoid_ptr,
					    build_fold_addr_expr (thunk)));
      if (direct)
	{
	  words.push_back ((idl_request_tag (op) & 0xffffffff)
			   | IDL_CT_W_DIRECT);
	  continue;
	}
      words.push_back (entry_word (op, nent, tables));
      std::vector<unsigned> t = operation_table (op, false);
      tables.insert (tables.end (), t.begin (), t.end ());
    }
  words.insert (words.end (), tables.begin (), tables.end ());
  if (words.size () & 1)
    words.push_back (0);
  /* Two words a pointer-sized element, little-endian.  */
  for (unsigned i = 0; i < words.size (); i += 2)
    CONSTRUCTOR_APPEND_ELT (init, size_int (k++),
			    build_int_cstu (cvoid_ptr,
					    words[i]
					    | (unsigned HOST_WIDE_INT)
					      words[i + 1] << 32));
  tree table = idl_static_array (iface->name + ".idl_cops", elt, init, k,
				 loc);
  SET_DECL_ALIGN (table, TYPE_ALIGN (elt));
  DECL_USER_ALIGN (table) = 1;
  return table;
}

/* The dispatcher: the table of operations (idlrt-abi.h), and a call of
   the engine.  */
void
idl_emit_compact_dispatcher (idl_interface *iface, std::vector<tree> &thunks)
{
  tree fn = iface->dispatcher;
  location_t loc = DECL_SOURCE_LOCATION (fn);
  tree table = ops_table (iface, fn, thunks);

  DECL_EXTERNAL (fn) = 0;
  TREE_STATIC (fn) = 1;
  prepare_definition (fn, loc);
  DECL_USER_ALIGN (fn) = 1;
  tree call = DECL_ARGUMENTS (fn);
  tree msg = DECL_CHAIN (call);
  tree engine = idl_compact_dispatch_decl (TREE_TYPE (fn));

  body_builder bb (fn, loc);
  auto_vec<tree> args;
  args.safe_push (call);
  args.safe_push (msg);
  args.safe_push (idl_first_element_address
		  (table, TREE_VALUE (TREE_CHAIN (TREE_CHAIN
						  (TYPE_ARG_TYPES
						   (TREE_TYPE (engine)))))));
  bb.ret (bb.call (engine, args, TREE_TYPE (TREE_TYPE (fn))));
  bb.finish ();
  add_function (fn);
}
