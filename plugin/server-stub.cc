/* server-stub.cc -- stage 4, fast mode: the server stubs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A server stub is a static function the dispatcher (dispatcher.cc)
   calls with the server's private copy of a request (idlrt-abi.h):
   it checks the message whole, unpacks it straight into the
   implementation's arguments, calls the implementation and builds the
   reply in the same buffer.  For

     IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long c,
				  short d);

   it builds

	__idl_server_small (call, msg, tag)
	{
	  if (tag != 0x10_0002_0002) goto bad;
	  a = (short) MEM <uint16> [msg + 8];  // a slot, at its own size
	  c = (long) MEM <uint64> [msg + 16];
	  d = (short) MEM <uint16> [msg + 10];
	  result = small_impl (call, (int) a, c, (int) d);
	  MEM <uint64> [msg + 8] = (uint64) result;
	  return 0x10_0002_0001;
	bad:                                   // cold
	  return IDL_TAG_ERROR | IDL_E_BADMSG << 16;
	}

   (the tag constants are interface 0x10, operation 2, word counts; a
   short argument is widened to int, as the C front end passes it).
   The one compare of the whole tag checks the interface id, the flags,
   the word counts and the operation number at once.  A server never
   trusts a message: every count and length is checked before it is
   used, and lengths are compared, never pointers.  Nothing is copied
   beyond the runtime's one copy out of shared memory: the message's
   layout mirrors the implementation's argument order, so words go
   straight into argument registers, and in strings, buffers and records
   reach the implementation as pointers into the request (direct stack
   transfer, paper 000, 4.3.1); out parameters point into the reply
   area, so the implementation writes its results where the reply is
   sent from, and an inout item is copied once, into the reply area
   (paper 000, 4.4.1).

   The steps, in the order of the body; the code below repeats the
   numbers:

     1. check the tag;
     2. unpack the request's words;
     3. check the counts of buffers and strings against their bounds;
     4. check the request's payload: every item within what was
	received, every string's NUL where its length says; and a bulk
	operation's bulk items (bulk.cc);
     5. the descriptors received;
     6. lay out the reply: where out values and items go, and the
	reply's words that out values are written in place;
     7. the implementation's arguments, and the _Bools in what was sent
	made 0 or 1;
     8. call the implementation (a record result straight into the
	reply);
     9. build the reply: its descriptors, its items (checked: a string
	within its bound, a length within the caller's capacity), bulk
	items' lengths, its words;
    10. the cold error replies.  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "marshal.h"
#include "fast-stubs.h"
#include "bulk.h"

/* Is parameter I a buffer whose count message M does not send
   (idl_item)?  */
static bool
implied_count_p (const idl_message_layout &m, unsigned i)
{
  for (const idl_item &it : m.items)
    if (it.param == (int) i)
      return it.count_slot.param >= 0;
  return false;
}

/* The name of parameter P, for a temporary standing for it; NULL for
   an unnamed one.  */
static const char *
parm_name (const idl_param &p)
{
  return DECL_NAME (p.decl) ? IDENTIFIER_POINTER (DECL_NAME (p.decl)) : NULL;
}

/* The slot of parameter I among M's.  */
static const idl_slot *
reply_slot (const idl_message_layout &m, int i)
{
  for (const idl_slot &s : m.slots)
    if (s.param == i)
      return &s;
  gcc_unreachable ();
}

/* One server stub under construction: what its steps hand on to the
   next ones.  */
struct server_stub
{
  server_stub (idl_operation *op, const idl_abi &abi, tree call_ptr,
	       tree fn, body_builder &bb);

  void check_tag ();
  void unpack_request_words ();
  void check_counts ();
  void check_request_payload ();
  void receive_descriptors ();
  void prepare_reply_words ();
  void scalar_argument (unsigned i);
  void block_argument (unsigned i);
  void item_argument (unsigned i);
  void record_result_place (unsigned i);
  void build_arguments ();
  void call_implementation ();
  void list_reply_descriptors ();
  void pack_reply_items ();
  void pack_reply_words ();
  void error_replies ();

  idl_operation *op;
  const idl_abi &abi;
  const idl_message_layout &rq, &rp;
  unsigned nparams;
  tree call_ptr;
  tree call, msg, tag;		/* the stub's parameters */
  body_builder &bb;

  tree bad;			/* a malformed request */
  tree too_long;		/* an out item over its bound */
  bool used_too_long = false;
  bool has_regions = false;	/* IDL_REGION parameters (region.cc) */

  /* 2: each parameter's value from the request's words, and the slot
     of each block sent in them; the request as bytes, where its payload
     and the reply's are.  */
  std::vector<tree> arg_values;
  std::vector<const idl_slot *> block_slot;
  tree bytes = NULL_TREE, req_pay = NULL_TREE, rep_pay = NULL_TREE;
  /* 3, 4: each buffer's count (capacity), each item's length in the
     request, and where it is.  */
  std::vector<tree> count, inlen, in_ptr;
  /* 6: where each reply item is; which out values live in their reply
     word, and which reply words hold such values.  */
  std::vector<tree> out_ptr;
  std::vector<bool> in_place, word_in_place;
  /* 7: the arguments; what an out value is read back from after the
     call; what the implementation gets of a record or buffer that was
     sent (its _Bools are fixed there before the call).  */
  auto_vec<tree> args;
  std::vector<tree> locals, sent_obj;
  /* 8: the implementation's result; where a record result goes.  */
  tree result = NULL_TREE;
  tree record = NULL_TREE;
  /* 9: each reply descriptor's index, each reply item's length.  */
  std::vector<tree> fd_index, outlen;
};

server_stub::server_stub (idl_operation *op_, const idl_abi &abi_,
			  tree call_ptr_, tree fn_, body_builder &bb_)
  : op (op_), abi (abi_), rq (op_->request), rp (op_->reply),
    nparams (op_->params.size ()), call_ptr (call_ptr_),
    call (DECL_ARGUMENTS (fn_)), msg (DECL_CHAIN (call)),
    tag (DECL_CHAIN (msg)), bb (bb_),
    arg_values (nparams, NULL_TREE), block_slot (nparams, NULL),
    count (nparams, NULL_TREE), inlen (nparams, NULL_TREE),
    in_ptr (nparams, NULL_TREE), out_ptr (nparams, NULL_TREE),
    in_place (nparams, false), word_in_place (rp.words + 1, false),
    locals (nparams, NULL_TREE), sent_obj (nparams, NULL_TREE),
    fd_index (nparams, NULL_TREE), outlen (nparams, NULL_TREE)
{
  for (const idl_param &p : op->params)
    has_regions |= p.region != 0;
}

/* 1. The whole tag, compared once.  */
void
server_stub::check_tag ()
{
  tree ok = bb.new_label ();
  bad = bb.new_label ();
  too_long = bb.new_label ();
  bb.cond_goto (EQ_EXPR, tag, u64_cst (abi, idl_request_tag (op)), ok, bad);
  bb.label (ok);
}

/* 2. Unpack the request straight into the implementation's arguments
   (direct stack transfer, paper 000, 4.3.1).  */
void
server_stub::unpack_request_words ()
{
  std::vector<idl_scalar> sc = slot_scalars (op, rq, false);
  for (unsigned k = 0; k < rq.slots.size (); k++)
    {
      const idl_slot &s = rq.slots[k];
      if (s.role == IDL_SLOT_BLOCK)
	block_slot[s.param] = &s;
      else
	{
	  idl_slot low;
	  tree w = load_slot (bb, abi, msg, s, &low);
	  arg_values[s.param] = unpack_value (bb, abi, w, low, sc[k]);
	}
    }

  bytes = bb.assign (abi.alias_ptr, NOP_EXPR, msg);
  req_pay = ptr_add (bb, bytes, size_cst (IDL_MSG_REQ_PAYLOAD),
		     abi.alias_ptr);
  rep_pay = ptr_add (bb, bytes, size_cst (IDL_MSG_REPLY_PAYLOAD),
		     abi.alias_ptr);
}

/* 3. Counts: a buffer's count is checked against its bound before
   anything uses it, whichever direction the buffer goes.  */
void
server_stub::check_counts ()
{
  for (unsigned i = 0; i < nparams; i++)
    {
      const idl_param &p = op->params[i];
      if (p.kind == IDL_KIND_BUFFER && implied_count_p (rq, i))
	/* Taken from the payload's length, below.  */
	continue;
      if (p.kind == IDL_KIND_BUFFER)
	{
	  tree c = bb.assign (sizetype, NOP_EXPR, arg_values[p.size_param]);
	  fail_if (bb, GT_EXPR, c, size_cst (p.max), bad);
	  count[i] = c;
	  if (p.dir == IDL_DIR_INOUT && p.length_param >= 0)
	    {
	      tree l = bb.assign (sizetype, NOP_EXPR,
				  arg_values[p.length_param]);
	      fail_if (bb, GT_EXPR, l, c, bad);
	      inlen[i] = l;
	    }
	  else if (p.sent ())
	    inlen[i] = c;
	}
      else if (p.kind == IDL_KIND_STRING && p.sent () && arg_values[i])
	{
	  /* (An implied string has no length word: its length is taken
	     from the payload's, below.)  */
	  tree n = bb.assign (sizetype, NOP_EXPR, arg_values[i]);
	  fail_if (bb, GT_EXPR, n, size_cst (p.max), bad);
	  inlen[i] = n;
	}
    }
}

/* 4. The request payload: every item must lie within what was
   received; lengths are compared, never pointers.  */
void
server_stub::check_request_payload ()
{
  if (rq.items.empty ())
    return;
  tree plen = bb.load (message_word (abi, msg, IDL_MSG_REQ_LEN));
  plen = bb.assign (sizetype, NOP_EXPR, plen);
  if (rq.fixed_bytes)
    fail_if (bb, GT_EXPR, size_cst (rq.fixed_bytes), plen, bad);
  tree off = size_cst (rq.fixed_bytes);
  for (const idl_item &it : rq.items)
    {
      if (it.fixed)
	{
	  in_ptr[it.param] = ptr_add (bb, req_pay, size_cst (it.offset),
				      abi.alias_ptr);
	  continue;
	}
      const idl_param &p = op->params[it.param];
      off = align_size (bb, off, it.align);
      tree start = ptr_add (bb, req_pay, off, abi.alias_ptr);
      if (it.implied && p.kind == IDL_KIND_BUFFER)
	{
	  /* The payload ends with this buffer's last element: its
	     bytes, at most MAX elements' worth (one comparison: when
	     the payload ends before OFF, they wrap round to a value
	     far over any bound), a whole number of elements.  The
	     count the client did not send is rebuilt for the
	     implementation from them.  */
	  tree n = bb.assign (sizetype, MINUS_EXPR, plen, off);
	  fail_if (bb, GT_EXPR, n, size_cst (p.max * p.elem_size), bad);
	  n = whole_elements (bb, n, p.elem_size, bad);
	  count[it.param] = inlen[it.param] = n;
	  const idl_param &c = op->params[p.size_param];
	  arg_values[p.size_param] = bb.assign (c.value.type, NOP_EXPR,
						n);
	  off = plen;
	}
      else if (it.implied)
	{
	  /* The payload ends with this string's NUL: at least the
	     NUL, at most MAX chars before it.  One comparison: when
	     the payload ends at or before OFF, the length wraps round
	     to a value far over any bound (OFF is at most
	     IDL_PAYLOAD_MAX).  */
	  tree n = bb.assign (sizetype, MINUS_EXPR, plen, off);
	  n = bb.assign (sizetype, MINUS_EXPR, n, size_cst (1));
	  fail_if (bb, GT_EXPR, n, size_cst (p.max), bad);
	  inlen[it.param] = n;
	  off = plen;
	}
      else
	{
	  off = bb.assign (sizetype, PLUS_EXPR, off,
			   item_bytes (bb, p, inlen[it.param], true));
	  fail_if (bb, GT_EXPR, off, plen, bad);
	}
      if (p.kind == IDL_KIND_STRING)
	{
	  /* Its length was sent: check the NUL is where it says, and
	     never scan it (paper 000, 4.5.4).  */
	  tree end = ptr_add (bb, start, inlen[it.param], abi.alias_ptr);
	  tree c = bb.load (byte_at (abi, end, 0));
	  fail_if (bb, NE_EXPR, c, build_zero_cst (TREE_TYPE (c)), bad);
	}
      in_ptr[it.param] = start;
    }
}

/* 5. Descriptors received: index IDL_FD_NONE is -1, others must be
   below the count the runtime received.  */
void
server_stub::receive_descriptors ()
{
  for (const idl_slot &s : rq.slots)
    if (s.role == IDL_SLOT_FD)
      {
	tree idx = bb.assign (sizetype, NOP_EXPR, arg_values[s.param]);
	tree fd = bb.temp (integer_type_node, "fd");
	tree some = bb.new_label (), none = bb.new_label ();
	tree done = bb.new_label ();
	bb.cond_goto (EQ_EXPR, idx, size_cst (IDL_FD_NONE), none, some);
	bb.label (some);
	tree n = bb.load (message_word (abi, msg, IDL_MSG_REQ_NFDS));
	n = bb.assign (sizetype, NOP_EXPR, n);
	fail_if (bb, GE_EXPR, idx, n, bad);
	tree off = bb.assign (sizetype, MULT_EXPR, idx, size_cst (8));
	off = bb.assign (sizetype, PLUS_EXPR, off,
			 size_cst (IDL_MSG_REQ_FDS * 8));
	tree w = bb.load (build2 (MEM_REF, abi.u64,
				  ptr_add (bb, bytes, off, abi.alias_ptr),
				  build_int_cst (abi.alias_ptr, 0)));
	bb.set (fd, NOP_EXPR, w);
	bb.add (gimple_build_goto (done));
	bb.label (none);
	bb.set (fd, INTEGER_CST, integer_minus_one_node);
	bb.label (done);
	arg_values[s.param] = fd;
      }
}

/* 6. Where each reply item's region is, and the reply's words that
   out values are written in place.

   Out and inout scalars live where the reply sends them from: the
   implementation gets a pointer into their reply word (paper 000,
   4.4.1; 003, section 3), as a C callee gets a pointer to its
   caller's variable.  An inout value is there already when the
   request had it at the same place; else it is stored there first.
   An out value starts as zero (a store of its size): the
   implementation may not set it.  Not a _Bool (it is sent as 0 or 1,
   whatever was stored), nor in a word that the request had a record
   in (the implementation may be reading it).  The other values of such
   a word are stored after the call, each with a store of its own
   size.  */
void
server_stub::prepare_reply_words ()
{
  for (const idl_item &it : rp.items)
    out_ptr[it.param] = ptr_add (bb, rep_pay, size_cst (it.offset),
				 abi.alias_ptr);
  if (op->oneway)
    return;
  std::vector<bool> request_block (rp.words + 1, false);
  for (const idl_slot &s : rq.slots)
    if (s.role == IDL_SLOT_BLOCK)
      for (unsigned w = s.word; w < s.word + (s.size + 7) / 8; w++)
	if (w <= rp.words)
	  request_block[w] = true;
  for (const idl_slot &s : rp.slots)
    if (s.role == IDL_SLOT_VALUE && s.param >= 0
	&& op->params[s.param].kind == IDL_KIND_SCALAR
	&& op->params[s.param].by_pointer
	&& op->params[s.param].value.cls != IDL_VAL_BOOL
	&& !request_block[s.word])
      in_place[s.param] = word_in_place[s.word] = true;
  /* A word with bytes no slot covers starts as zeros and its
     inout values in one store, as every reply's unused bytes are
     zero; in a word the slots cover, only out values are zeroed and
     inout values moved.  */
  std::vector<unsigned> covered (rp.words + 1, 0);
  for (const idl_slot &s : rp.slots)
    if (s.role != IDL_SLOT_BLOCK)
      covered[s.word] |= ((1u << s.size) - 1) << s.offset;
  std::vector<idl_scalar> rsc = slot_scalars (op, rp, false);
  std::vector<tree> init;
  for (unsigned k = 0; k < rp.slots.size (); k++)
    {
      const idl_slot &s = rp.slots[k];
      if (s.param >= 0 && in_place[s.param] && arg_values[s.param])
	init.push_back (arg_values[s.param]);
      else if (s.role == IDL_SLOT_BLOCK)
	init.push_back (NULL_TREE);
      else
	init.push_back (build_zero_cst (rsc[k].type));
    }
  std::vector<tree> words = pack_message (bb, abi, rp, init, rsc);
  for (unsigned i = 1; i <= rp.words; i++)
    if (word_in_place[i] && covered[i] != 0xff)
      bb.store (message_word (abi, msg, i), words[i]);
  for (const idl_slot &s : rp.slots)
    {
      if (s.param < 0 || !in_place[s.param] || covered[s.word] != 0xff)
	continue;
      tree t = build_nonstandard_integer_type (s.size * BITS_PER_UNIT,
					       1);
      tree v = build_zero_cst (t);
      if (arg_values[s.param])
	{
	  const idl_slot *r = reply_slot (rq, s.param);
	  if (r->word == s.word && r->offset == s.offset)
	    continue;
	  v = pack_value (bb, abi, arg_values[s.param],
			  op->params[s.param].value);
	}
      bb.store (build2 (MEM_REF, t, msg,
			build_int_cst (abi.alias_ptr,
				       s.word * 8 + word_byte (s))),
		bb.assign (t, NOP_EXPR, v));
    }
}

/* 7a. The argument for scalar or descriptor parameter I.  */
void
server_stub::scalar_argument (unsigned i)
{
  const idl_param &p = op->params[i];
  tree ptype = p.type;
  if (!p.by_pointer)
    {
      args.safe_push (arg_values[i]);
      return;
    }
  if (in_place[i])
    {
      const idl_slot *s = reply_slot (rp, i);
      tree at = ptr_add (bb, bytes,
			 size_cst (s->word * 8 + word_byte (*s)),
			 ptype);
      locals[i] = build2 (MEM_REF, p.value.type, at,
			  build_int_cst (abi.alias_ptr, 0));
      args.safe_push (at);
      return;
    }
  tree local = bb.temp (p.value.type, parm_name (p));
  TREE_ADDRESSABLE (local) = 1;
  /* An out value starts as zero (a descriptor as none): the
     implementation may not set it, and server stack contents
     never reach the client.  */
  tree init = arg_values[i];
  if (!init)
    init = p.kind == IDL_KIND_FD ? integer_minus_one_node
	   : build_zero_cst (p.value.type);
  bb.store (local, init);
  locals[i] = local;
  args.safe_push (build1 (ADDR_EXPR, ptype, local));
}

/* 7b. The argument for record parameter I.  */
void
server_stub::block_argument (unsigned i)
{
  const idl_param &p = op->params[i];
  tree ptype = p.type;
  /* Where the request has it: message words or payload.  */
  tree from = NULL_TREE;
  if (p.sent ())
    from = block_slot[i]
	   ? ptr_add (bb, bytes, size_cst (block_slot[i]->word * 8),
		      abi.alias_ptr)
	   : in_ptr[i];
  if (!p.by_pointer)
    {
      /* The record in the private request is the argument: the
	 call copies it once into the argument area, and its
	 _Bools are fixed in the request before.  */
      sent_obj[i] = from;
      args.safe_push (build2 (MEM_REF, p.type, from,
			      build_int_cst (abi.alias_ptr, 0)));
      return;
    }
  if (p.dir == IDL_DIR_IN)
    {
      sent_obj[i] = from;
      args.safe_push (ptr_add (bb, from, size_cst (0), ptype));
      return;
    }
  tree to;
  if (out_ptr[i])
    to = out_ptr[i];
  else
    {
      /* Comes back in words: a local, copied after the call.  */
      tree local = bb.temp (p.block_type, parm_name (p));
      TREE_ADDRESSABLE (local) = 1;
      locals[i] = local;
      to = build_fold_addr_expr (local);
    }
  if (from)
    {
      bb.store (bytes_at (abi, to, 0, p.block_size, 1),
		bytes_at (abi, from, 0, p.block_size, 1));
      sent_obj[i] = to;
    }
  else
    /* An out block starts zeroed, like an out scalar.  */
    bb.store (bytes_at (abi, to, 0, p.block_size, 1),
	      build_constructor (TREE_TYPE (bytes_at
					    (abi, to, 0,
					     p.block_size, 1)),
				 NULL));
  args.safe_push (ptr_add (bb, to, size_cst (0), ptype));
}

/* 7c. The argument for string or buffer parameter I.  */
void
server_stub::item_argument (unsigned i)
{
  const idl_param &p = op->params[i];
  tree ptype = p.type;
  if (p.dir == IDL_DIR_IN)
    {
      sent_obj[i] = in_ptr[i];
      args.safe_push (ptr_add (bb, in_ptr[i], size_cst (0), ptype));
      return;
    }
  if (p.dir == IDL_DIR_INOUT && p.bulk >= 0)
    /* A bulk item's private buffer holds what was sent and takes
       what goes back (bulk.cc).  */
    sent_obj[i] = out_ptr[i];
  else if (p.dir == IDL_DIR_INOUT)
    {
      copy_bytes (bb, out_ptr[i], in_ptr[i],
		  item_bytes (bb, p, inlen[i], true), p.max_bytes ());
      sent_obj[i] = out_ptr[i];
    }
  else if (p.kind == IDL_KIND_STRING)
    /* An implementation that writes nothing returns "".  */
    bb.store (byte_at (abi, out_ptr[i], 0),
	      build_zero_cst (unsigned_char_type_node));
  args.safe_push (ptr_add (bb, out_ptr[i], size_cst (0), ptype));
}

/* 7d. Where the implementation's record result goes (no argument):
   as an out record's object would be (block_argument), its region in
   the reply's payload, or a local that the reply's words are filled
   from.  The call stores it there whole, so it needs no zeroing.  */
void
server_stub::record_result_place (unsigned i)
{
  const idl_param &p = op->params[i];
  if (out_ptr[i])
    {
      record = build2 (MEM_REF, p.block_type, out_ptr[i],
		       build_int_cst (abi.alias_ptr, 0));
      return;
    }
  record = bb.temp (p.block_type, "result");
  TREE_ADDRESSABLE (record) = 1;
  locals[i] = record;
}

/* 7. Every argument, then the _Bools in what was sent made 0 or 1.  */
void
server_stub::build_arguments ()
{
  args.safe_push (call);
  for (unsigned i = 0; i < nparams; i++)
    if (op->params[i].record_result)
      record_result_place (i);
    else
      switch (op->params[i].kind)
	{
	case IDL_KIND_SCALAR:
	case IDL_KIND_FD:
	  scalar_argument (i);
	  break;
	case IDL_KIND_BLOCK:
	  block_argument (i);
	  break;
	case IDL_KIND_STRING:
	case IDL_KIND_BUFFER:
	  item_argument (i);
	  break;
	}

  for (unsigned i = 0; i < nparams; i++)
    if (sent_obj[i] && op->params[i].kind == IDL_KIND_BLOCK)
      fix_bools (bb, abi, sent_obj[i], op->params[i].block_type);
    else if (sent_obj[i] && op->params[i].kind == IDL_KIND_BUFFER)
      /* A bulk item's buffer may be a co-located caller's own, even
	 read-only memory (bulk.cc): repaired only where invalid.  */
      fix_bools (bb, abi, sent_obj[i], op->params[i].elem_type, inlen[i],
		 op->params[i].bulk >= 0);
}

/* 8. Call the implementation.  */
void
server_stub::call_implementation ()
{
  tree impl = implementation_decl (op, call_ptr);
  if (op->has_result)
    result = bb.call (impl, args, op->result.type);
  else if (record)
    {
      /* Written in place: a record returned in memory is built where
	 the reply sends it from (the return slot), not copied there.  */
      gcall *c = bb.build_call (impl, args);
      gimple_call_set_lhs (c, record);
      gimple_call_set_return_slot_opt (c, true);
      bb.add (c);
    }
  else
    bb.call_void (impl, args);
}

/* 9a. Descriptors first: once listed, the runtime closes them even
   if the reply turns into an error below.  */
void
server_stub::list_reply_descriptors ()
{
  if (!rp.nfds)
    return;
  tree k = bb.temp (sizetype, "nfds");
  bb.set (k, INTEGER_CST, size_cst (0));
  for (const idl_slot &s : rp.slots)
    if (s.role == IDL_SLOT_FD)
      {
	tree v = bb.load (locals[s.param]);
	fd_index[s.param] = list_descriptor
	  (bb, v, k, [&] (tree pos)
	   {
	     tree off = bb.assign (sizetype, MULT_EXPR, pos,
				   size_cst (8));
	     off = bb.assign (sizetype, PLUS_EXPR, off,
			      size_cst (IDL_MSG_REPLY_FDS * 8));
	     bb.store (build2 (MEM_REF, abi.u64,
			       ptr_add (bb, bytes, off, abi.alias_ptr),
			       build_int_cst (abi.alias_ptr, 0)),
		       bb.assign (abi.u64, NOP_EXPR, v));
	   });
      }
  bb.store (message_word (abi, msg, IDL_MSG_REPLY_NFDS),
	    bb.assign (abi.u64, NOP_EXPR, k));
}

/* 9b. What the implementation put in the variable items: a string
   must end within its bound, a buffer's length within the
   caller's capacity.  Then pack them without gaps.  */
void
server_stub::pack_reply_items ()
{
  if (rp.items.empty ())
    return;
  tree off = size_cst (rp.fixed_bytes);
  for (const idl_item &it : rp.items)
    {
      if (it.fixed)
	continue;
      const idl_param &p = op->params[it.param];
      tree n;
      used_too_long = true;
      if (p.kind == IDL_KIND_STRING)
	{
	  auto_vec<tree> sargs;
	  sargs.safe_push (out_ptr[it.param]);
	  sargs.safe_push (size_cst (p.max + 1));
	  n = bb.call (idl_libc_decl (BUILT_IN_STRNLEN), sargs,
		       size_type_node);
	  n = bb.assign (sizetype, NOP_EXPR, n);
	  fail_if (bb, GT_EXPR, n, size_cst (p.max), too_long);
	}
      else if (p.length_param >= 0)
	{
	  tree v = bb.load (locals[p.length_param]);
	  n = bb.assign (sizetype, NOP_EXPR, v);
	  fail_if (bb, GT_EXPR, n, count[it.param], too_long);
	}
      else
	n = count[it.param];
      outlen[it.param] = n;
      tree nb = item_bytes (bb, p, n, false);
      if (!(TREE_CODE (off) == INTEGER_CST
	    && tree_to_uhwi (off) == it.offset))
	{
	  tree dst = ptr_add (bb, rep_pay, off, ptr_type_node);
	  call3 (bb, builtin_decl_explicit (BUILT_IN_MEMMOVE), dst,
		 out_ptr[it.param], nb);
	}
      off = bb.assign (sizetype, PLUS_EXPR, off, nb);
    }
  bb.store (message_word (abi, msg, IDL_MSG_REPLY_LEN),
	    bb.assign (abi.u64, NOP_EXPR, off));
}

/* 9c. The reply's words: the values not written in place, packed;
   the in-place words' other values, each with a store of its size;
   records.  */
void
server_stub::pack_reply_words ()
{
  std::vector<tree> values;
  for (const idl_slot &s : rp.slots)
    {
      if (s.param < 0)
	values.push_back (result);
      else if (s.role == IDL_SLOT_BLOCK)
	values.push_back (NULL_TREE);
      else if (s.role == IDL_SLOT_LENGTH)
	values.push_back (bb.assign (unsigned_type_node, NOP_EXPR,
				     outlen[s.param]));
      else if (s.role == IDL_SLOT_FD)
	values.push_back (fd_index[s.param]);
      else if (in_place[s.param])
	values.push_back (NULL_TREE);
      else
	values.push_back (bb.load (locals[s.param]));
    }
  std::vector<idl_scalar> rsc = slot_scalars (op, rp, false);
  for (unsigned k = 0; k < rp.slots.size (); k++)
    if (!values[k] && rp.slots[k].role != IDL_SLOT_BLOCK)
      values[k] = build_zero_cst (rsc[k].type);
  std::vector<tree> words = pack_message (bb, abi, rp, values, rsc);
  for (unsigned i = 1; i <= rp.words; i++)
    if (!word_in_place[i])
      bb.store (message_word (abi, msg, i), words[i]);
  for (unsigned k = 0; k < rp.slots.size (); k++)
    {
      const idl_slot &s = rp.slots[k];
      if (!word_in_place[s.word] || s.role == IDL_SLOT_BLOCK
	  || (s.param >= 0 && in_place[s.param]))
	continue;
      tree t = build_nonstandard_integer_type (s.size * BITS_PER_UNIT, 1);
      tree v = bb.assign (t, NOP_EXPR,
			  pack_value (bb, abi, values[k], rsc[k]));
      tree at = ptr_add (bb, bytes, size_cst (s.word * 8 + word_byte (s)),
			 abi.alias_ptr);
      bb.store (build2 (MEM_REF, t, at, build_int_cst (abi.alias_ptr, 0)),
		v);
    }
  for (const idl_slot &s : rp.slots)
    if (s.role == IDL_SLOT_BLOCK)
      bb.store (bytes_at (abi, bytes, s.word * 8, s.size, 1),
		bytes_at (abi, build_fold_addr_expr (locals[s.param]), 0,
			  s.size, 1));
  bb.ret (u64_cst (abi, idl_reply_tag (op)));
}

/* 10. The error replies: cold.  */
void
server_stub::error_replies ()
{
  if (used_too_long)
    {
      bb.label (too_long);
      bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
      bb.ret (u64_cst (abi, idl_error_tag (IDL_E_BOUNDS)));
    }
  bb.label (bad);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  bb.ret (u64_cst (abi, idl_error_tag (IDL_E_BADMSG)));
}

/* A new static function for OP's server stub, called by DISPATCHER
   with the call context (of CALL_PTR type), the request and its tag.  */
static tree
new_server_function (idl_operation *op, tree dispatcher, const idl_abi &abi,
		     tree call_ptr)
{
  location_t loc = DECL_SOURCE_LOCATION (op->decl);
  tree dtype = TREE_TYPE (dispatcher);
  tree msg_ptr = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (dtype)));

  tree type = build_function_type_list (abi.u64, call_ptr, msg_ptr, abi.u64,
					NULL_TREE);
  std::string name = std::string ("__idl_server_") + op->name ();
  tree fn = new_static_function (name.c_str (), type,
				 DECL_CONTEXT (dispatcher), loc);
  if (large_record_parameter (op->decl)
      || op->iface->ops.size () > IDL_DISPATCH_INLINE_MAX)
    {
      /* Its call copies the record with a string move, whose fixed
	 registers would cost every other operation a register move in
	 the dispatcher it was inlined into.  And a dispatcher with
	 thousands of stubs inlined is one function of thousands of
	 blocks, on which GCC's -O2 passes (VRP, DOM, PRE) take more than
	 linear time: 8,192 operations took 14 times as long as 1,024
	 (bench/compile-scale).  */
      DECL_UNINLINABLE (fn) = 1;
      DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("noinline"),
					NULL_TREE, DECL_ATTRIBUTES (fn));
    }
  return fn;
}

/* 2. The server stub for OP: the steps above, in order.  */
tree
emit_server_stub (idl_operation *op, tree dispatcher)
{
  location_t loc = DECL_SOURCE_LOCATION (op->decl);
  tree call_ptr = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (dispatcher)));
  const idl_abi &abi
    = idl_get_abi (TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (op->decl))));
  tree fn = new_server_function (op, dispatcher, abi, call_ptr);

  body_builder bb (fn, loc);
  server_stub s (op, abi, call_ptr, fn, bb);
  s.check_tag ();					/* 1 */
  s.unpack_request_words ();				/* 2 */
  s.check_counts ();					/* 3 */
  s.check_request_payload ();				/* 4 */
  if (!op->bulk.empty ())
    bulk_server_request (bb, abi, op, s.msg, s.count, s.inlen, s.in_ptr,
			 s.out_ptr, s.bad);
  s.receive_descriptors ();				/* 5 */
  if (s.has_regions)
    region_server_accept (bb, abi, op, s.arg_values, s.bad);
  s.prepare_reply_words ();				/* 6 */
  s.build_arguments ();					/* 7 */
  s.call_implementation ();				/* 8 */
  if (s.has_regions)
    region_server_release (bb, abi, op, s.arg_values);
  if (op->oneway)
    bb.ret (u64_cst (abi, IDL_TAG_ONEWAY));
  else
    {
      s.list_reply_descriptors ();			/* 9 */
      s.pack_reply_items ();
      if (!op->bulk.empty ()
	  && bulk_server_reply (bb, abi, op, s.msg, s.count, s.locals,
				s.out_ptr, s.too_long))
	s.used_too_long = true;
      s.pack_reply_words ();
    }
  s.error_replies ();					/* 10 */
  bb.finish ();
  add_function (fn);
  return fn;
}
