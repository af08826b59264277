/* emit.cc -- stage 4: GIMPLE for client stubs, server stubs, dispatcher.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The pass "idlstub" is a simple IPA pass that runs right before
   "visibility", i.e. after the front end finished and before GCC builds
   SSA, inlines early or analyses anything: bodies given to functions
   here are lowered, put into SSA, inlined and optimized like the user's
   own code (paper 000, 4.3.2-4.3.3: compile-time evaluation and
   inlining; paper 003, section 6: optimal stubs need the compiler's own
   code generation).  It is an IPA pass rather than a PLUGIN_FINISH_UNIT
   hook because that one runs after the callers were compiled, and it
   sits before "visibility" so that -flto streams the new bodies
   (GCC-NOTES.md).  -fdump-ipa-idlstub shows the model, the layouts and
   every body built.

   What it builds, for

     IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long c,
				  short d);

   1. The client stub: the prototype gets a body, as a COMDAT inline
      function (one copy per program, inlined at -O2):

	small (b, a, c, d)
	{
	  w1 = (uint64) (unsigned short) a | (uint64) (unsigned short) d << 16;
	  w2 = (uint64) c;
	  rtag = idl_call_r4 (b, 0x10_0002_0002, w1, w2, 0, 0);
	  if (rtag != 0x10_0002_0001) goto fail;
	  mr = MEM <uint64 *> [b];            // the binding's registers
	  result = (long) MEM <uint64> [mr + 8];
	  return result;
	fail:                                  // cold
	  idl_stub_failed (b, rtag);
	  return 0;
	}

      (the tag constants are interface 0x10, operation 2, word counts).

   2. The server stub, static, called by the dispatcher with the
      server's private copy of the request:

	__idl_server_small (call, msg, tag)
	{
	  if (tag != 0x10_0002_0002) goto bad;
	  w1 = MEM [msg + 8];  w2 = MEM [msg + 16];
	  result = small_impl (call, (short) w1, (long) w2,
			       (short) (w1 >> 16));
	  MEM [msg + 8] = (uint64) result;
	  return 0x10_0002_0001;
	bad:
	  return IDL_TAG_ERROR | IDL_E_BADMSG << 16;
	}

   3. The dispatcher, for IDL_SERVER (calc): a switch on the operation
      number, which GCC turns into a jump table at -O2 (paper 000,
      4.4.2); an unknown number takes the default, the error path.  The
      whole request tag is compared once, in the server stub, so the
      interface id, flags and word count are checked by one compare.

   4. The interface descriptor's fields are filled in (model.cc) once
      more, now that every operation is known.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"
#include "abi.h"

/* IDL_E_BADMSG from idlrt.h; the plugin does not include that header's
   C declarations.  */
#ifndef IDL_E_BADMSG
# define IDL_E_BADMSG 4
#endif

/* -fplugin-arg-idlstub-inline=always (idlstub.cc).  */
bool idl_always_inline;

/* A GIMPLE body under construction for function FN.  Statements are
   high GIMPLE over temporaries; GCC's own lowering and into-SSA passes
   run on it afterwards, as on any function.  */
class body_builder
{
public:
  body_builder (tree fn, location_t loc);
  void finish ();

  tree temp (tree type, const char *name);
  tree assign (tree type, enum tree_code code, tree a, tree b = NULL_TREE);
  void store (tree lhs, tree rhs);
  tree load (tree ref);
  tree call (tree fndecl, const vec<tree> &args, tree result_type);
  void call_void (tree fndecl, const vec<tree> &args);
  void label (tree lab);
  void cond_goto (enum tree_code code, tree a, tree b, tree then_lab,
		  tree else_lab);
  void ret (tree value);
  tree new_label ();
  void add (gimple *stmt);

  tree fn;
  location_t loc;

private:
  gimple_seq seq;
};

body_builder::body_builder (tree fn_, location_t loc_)
  : fn (fn_), loc (loc_), seq (NULL)
{
  push_struct_function (fn);
  /* Without this the "ssa" pass crashes on the new body (GCC-NOTES).  */
  init_tree_ssa (cfun);
}

void
body_builder::add (gimple *stmt)
{
  gimple_set_location (stmt, loc);
  gimple_seq_add_stmt (&seq, stmt);
}

tree
body_builder::temp (tree type, const char *name)
{
  return create_tmp_var (type, name);
}

tree
body_builder::assign (tree type, enum tree_code code, tree a, tree b)
{
  tree t = temp (type, NULL);
  if (b)
    add (gimple_build_assign (t, code, a, b));
  else
    add (gimple_build_assign (t, code, a));
  return t;
}

void
body_builder::store (tree lhs, tree rhs)
{
  add (gimple_build_assign (lhs, rhs));
}

tree
body_builder::load (tree ref)
{
  tree t = temp (TREE_TYPE (ref), NULL);
  add (gimple_build_assign (t, ref));
  return t;
}

tree
body_builder::call (tree fndecl, const vec<tree> &args, tree result_type)
{
  gcall *c = gimple_build_call_vec (fndecl, args);
  tree t = temp (result_type, NULL);
  gimple_call_set_lhs (c, t);
  add (c);
  return t;
}

void
body_builder::call_void (tree fndecl, const vec<tree> &args)
{
  add (gimple_build_call_vec (fndecl, args));
}

tree
body_builder::new_label ()
{
  tree lab = create_artificial_label (loc);
  /* Labels made outside a body need their function; only -fchecking
     notices when it is missing (GCC-NOTES.md).  */
  DECL_CONTEXT (lab) = fn;
  return lab;
}

void
body_builder::label (tree lab)
{
  add (gimple_build_label (lab));
}

void
body_builder::cond_goto (enum tree_code code, tree a, tree b, tree then_lab,
			 tree else_lab)
{
  add (gimple_build_cond (code, a, b, then_lab, else_lab));
}

void
body_builder::ret (tree value)
{
  add (gimple_build_return (value));
}

void
body_builder::finish ()
{
  tree block = DECL_INITIAL (fn);
  gbind *bind = gimple_build_bind (NULL_TREE, seq, block);
  gimple_set_body (fn, gimple_seq_alloc_with_stmt (bind));
  cfun->curr_properties = PROP_gimple_any | PROP_gimple_lva;
  pop_cfun ();
}

/* Hand the finished body of FN to the call graph.

   GCC writes early debug information for every function in
   finalize_compilation_unit, before this pass, and then closes it;
   inlining a function that has no early DIE trips an assertion in
   dwarf2out_abstract_function under -g.  Generated bodies therefore
   carry no debug information of their own (DECL_IGNORED_P, as GCC's
   own artificial functions): a debugger steps over a stub as over
   a libc call.  */
static void
add_function (tree fn)
{
  DECL_IGNORED_P (fn) = 1;
  cgraph_node::add_new_function (fn, false);
}

/* Give FN (declared only) what a definition has: a result, an outermost
   block and PARM_DECLs.  The prototype's own PARM_DECLs are copied when
   there are any, keeping names and the front end's DECL_ARG_TYPE.  */
static void
prepare_definition (tree fn, location_t loc)
{
  tree fntype = TREE_TYPE (fn);
  tree result = build_decl (loc, RESULT_DECL, NULL_TREE,
			    TREE_TYPE (fntype));
  DECL_ARTIFICIAL (result) = 1;
  DECL_IGNORED_P (result) = 1;
  DECL_CONTEXT (result) = fn;
  DECL_RESULT (fn) = result;

  tree block = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (block) = fn;
  TREE_USED (block) = 1;
  DECL_INITIAL (fn) = block;

  tree old = DECL_ARGUMENTS (fn), parms = NULL_TREE, *tail = &parms;
  unsigned i = 0;
  for (tree a = TYPE_ARG_TYPES (fntype); a && !VOID_TYPE_P (TREE_VALUE (a));
       a = TREE_CHAIN (a), i++)
    {
      tree p;
      if (old)
	{
	  p = copy_node (old);
	  old = DECL_CHAIN (old);
	}
      else
	{
	  char name[16];
	  snprintf (name, sizeof name, "arg%u", i);
	  p = build_decl (loc, PARM_DECL, get_identifier (name),
			  TREE_VALUE (a));
	  DECL_ARG_TYPE (p) = TREE_VALUE (a);
	  DECL_ARTIFICIAL (p) = 1;
	}
      TREE_TYPE (p) = TREE_VALUE (a);
      DECL_CONTEXT (p) = fn;
      TREE_USED (p) = 1;
      DECL_CHAIN (p) = NULL_TREE;
      *tail = p;
      tail = &DECL_CHAIN (p);
    }
  DECL_ARGUMENTS (fn) = parms;
}

/* A new static function NAME of TYPE, for a body built here.  */
static tree
new_static_function (const char *name, tree type, tree context,
		     location_t loc)
{
  tree fn = build_decl (loc, FUNCTION_DECL, get_identifier (name), type);
  TREE_STATIC (fn) = 1;
  TREE_PUBLIC (fn) = 0;
  DECL_EXTERNAL (fn) = 0;
  DECL_ARTIFICIAL (fn) = 1;
  DECL_IGNORED_P (fn) = 0;
  TREE_USED (fn) = 1;
  DECL_CONTEXT (fn) = context;
  DECL_DECLARED_INLINE_P (fn) = 1;
  prepare_definition (fn, loc);
  return fn;
}

/* Message words are read and written through a char * (alias set 0):
   the runtime fills them with its own accesses, and the stubs must not
   let type-based alias analysis reorder around them.  */
static tree
message_word (const idl_abi &abi, tree base, unsigned word)
{
  return build2 (MEM_REF, abi.u64, base,
		 build_int_cst (abi.alias_ptr, word * 8));
}

/* The unsigned integer type of S's size; the message word type itself
   for 8-byte values, so they need no conversion.  */
static tree
word_sized_bits (const idl_abi &abi, const idl_scalar &s)
{
  return s.size == 8 ? abi.u64
	 : build_nonstandard_integer_type (s.size * BITS_PER_UNIT, 1);
}

/* VALUE, of scalar S, as the low bytes of a zero-extended word.  */
static tree
pack_value (body_builder &bb, const idl_abi &abi, tree value,
	    const idl_scalar &s)
{
  tree bits = word_sized_bits (abi, s);
  tree t;
  if (s.cls == IDL_VAL_FLOAT)
    t = bb.assign (bits, VIEW_CONVERT_EXPR,
		   build1 (VIEW_CONVERT_EXPR, bits, value));
  else if (s.cls == IDL_VAL_BOOL)
    return bb.assign (abi.u64, NOP_EXPR, value);
  else
    t = bb.assign (bits, NOP_EXPR, value);
  return bits == abi.u64 ? t : bb.assign (abi.u64, NOP_EXPR, t);
}

/* The value of slot SLOT, of scalar S, from message word WORD.  A bool
   is rebuilt as WORD != 0, so no byte pattern a peer sends can make an
   invalid _Bool.  */
static tree
unpack_value (body_builder &bb, const idl_abi &abi, tree word,
	      const idl_slot &slot, const idl_scalar &s)
{
  tree bits = word_sized_bits (abi, s);
  tree t = word;
  if (slot.offset)
    t = bb.assign (abi.u64, RSHIFT_EXPR, t,
		   build_int_cst (integer_type_node,
				  slot.offset * BITS_PER_UNIT));
  if (s.size < 8)
    t = bb.assign (bits, NOP_EXPR, t);
  switch (s.cls)
    {
    case IDL_VAL_FLOAT:
      return bb.assign (s.type, VIEW_CONVERT_EXPR,
			build1 (VIEW_CONVERT_EXPR, s.type, t));
    case IDL_VAL_BOOL:
      return bb.assign (s.type, NE_EXPR, t, build_zero_cst (TREE_TYPE (t)));
    default:
      return bb.assign (s.type, NOP_EXPR, t);
    }
}

/* Pack the values of layout M into words: VALUES[k] is the value of
   M.slots[k].  Returns the words, 1-based (index 0 unused).  */
static std::vector<tree>
pack_message (body_builder &bb, const idl_abi &abi,
	      const idl_message_layout &m, const std::vector<tree> &values,
	      const std::vector<idl_scalar> &scalars)
{
  std::vector<tree> words (m.words + 1, NULL_TREE);
  for (unsigned k = 0; k < m.slots.size (); k++)
    {
      const idl_slot &slot = m.slots[k];
      tree v = pack_value (bb, abi, values[k], scalars[k]);
      if (slot.offset)
	v = bb.assign (abi.u64, LSHIFT_EXPR, v,
		       build_int_cst (integer_type_node,
				      slot.offset * BITS_PER_UNIT));
      tree &w = words[slot.word];
      w = w ? bb.assign (abi.u64, BIT_IOR_EXPR, w, v) : v;
    }
  for (unsigned i = 1; i <= m.words; i++)
    if (!words[i])
      words[i] = build_zero_cst (abi.u64);
  return words;
}

/* The object representation of S: the unsigned integer of its size.  */
static idl_scalar
raw_scalar (const idl_scalar &s)
{
  idl_scalar raw = s;
  raw.type = build_nonstandard_integer_type (s.size * BITS_PER_UNIT, 1);
  raw.cls = IDL_VAL_UNSIGNED;
  return raw;
}

/* The pointee of parameter PARM (of OP's parameter P) as raw bytes.  The
   client stub only copies the caller's object into and out of message
   words, so it reads and writes its representation, through a char
   pointer (alias set 0) rather than as the C type: the stub then never
   depends on how the caller's type aliases (and LTO's IPA-ICF does not
   see enum-typed accesses synthesized outside the front end, which
   GCC 12 cannot hash).  */
static tree
pointee_bytes (const idl_abi &abi, tree parm, const idl_param &p)
{
  return build2 (MEM_REF, raw_scalar (p.value).type, parm,
		 build_int_cst (abi.alias_ptr, 0));
}

/* The scalar descriptions of M's slots, in slot order; RAW_POINTEES
   describes pointer parameters by their representation (client side,
   see pointee_bytes).  */
static std::vector<idl_scalar>
slot_scalars (const idl_operation *op, const idl_message_layout &m,
	      bool raw_pointees)
{
  std::vector<idl_scalar> v;
  for (const idl_slot &s : m.slots)
    if (s.param < 0)
      v.push_back (op->result);
    else if (raw_pointees && op->params[s.param].by_pointer)
      v.push_back (raw_scalar (op->params[s.param].value));
    else
      v.push_back (op->params[s.param].value);
  return v;
}

static tree
parm_at (tree fn, unsigned index)
{
  tree p = DECL_ARGUMENTS (fn);
  while (index-- && p)
    p = DECL_CHAIN (p);
  return p;
}

static tree
u64_cst (const idl_abi &abi, unsigned HOST_WIDE_INT v)
{
  return build_int_cstu (abi.u64, v);
}

/* 1. The client stub for OP.  */
static void
emit_client_stub (idl_operation *op)
{
  tree fn = op->decl;
  location_t loc = DECL_SOURCE_LOCATION (fn);
  tree fntype = TREE_TYPE (fn);
  const idl_abi &abi = idl_get_abi (TREE_VALUE (TYPE_ARG_TYPES (fntype)));

  /* The prototype becomes an inline COMDAT definition: every
     translation unit that calls the operation may carry a copy, the
     linker keeps one, and the optimizer may inline it (C99 inline
     semantics, as C++ gives an inline function).  */
  DECL_EXTERNAL (fn) = 0;
  TREE_STATIC (fn) = 1;
  DECL_DECLARED_INLINE_P (fn) = 1;
  if (idl_always_inline)
    {
      DECL_DISREGARD_INLINE_LIMITS (fn) = 1;
      DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("always_inline"),
					NULL_TREE, DECL_ATTRIBUTES (fn));
    }
  prepare_definition (fn, loc);
  DECL_COMDAT (fn) = 1;
  make_decl_one_only (fn, DECL_ASSEMBLER_NAME (fn));

  body_builder bb (fn, loc);
  tree binding = DECL_ARGUMENTS (fn);

  /* Request values: in and inout, through the pointer when there is
     one.  */
  std::vector<tree> values;
  for (const idl_slot &s : op->request.slots)
    {
      const idl_param &p = op->params[s.param];
      tree parm = parm_at (fn, p.index);
      if (p.by_pointer)
	values.push_back (bb.load (pointee_bytes (abi, parm, p)));
      else
	values.push_back (parm);
    }
  std::vector<tree> words = pack_message (bb, abi, op->request, values,
					  slot_scalars (op, op->request,
							true));

  tree tag = u64_cst (abi, idl_request_tag (op));
  auto_vec<tree> args;
  args.safe_push (binding);
  args.safe_push (tag);
  tree entry;
  if (op->request.words <= IDL_REG_WORDS)
    {
      entry = op->oneway ? abi.send_r4 : abi.call_r4;
      for (unsigned i = 1; i <= IDL_REG_WORDS; i++)
	args.safe_push (i <= op->request.words ? words[i]
			: build_zero_cst (abi.u64));
    }
  else
    {
      entry = op->oneway ? abi.send_m : abi.call_m;
      tree arr_type = build_array_type_nelts (abi.u64, op->request.words);
      tree arr = bb.temp (arr_type, "request");
      TREE_ADDRESSABLE (arr) = 1;
      for (unsigned i = 1; i <= op->request.words; i++)
	bb.store (build4 (ARRAY_REF, abi.u64, arr, size_int (i - 1),
			  NULL_TREE, NULL_TREE), words[i]);
      tree first = build4 (ARRAY_REF, abi.u64, arr, size_int (0), NULL_TREE,
			   NULL_TREE);
      args.safe_push (build_fold_addr_expr_with_type
		      (first, TREE_VALUE (TREE_CHAIN (TREE_CHAIN
						      (TYPE_ARG_TYPES
						       (TREE_TYPE (entry)))))));
    }
  tree rtag = bb.call (entry, args, abi.u64);

  tree ok = bb.new_label (), fail = bb.new_label ();
  tree expect = op->oneway ? build_zero_cst (abi.u64)
			   : u64_cst (abi, idl_reply_tag (op));
  bb.cond_goto (EQ_EXPR, rtag, expect, ok, fail);

  bb.label (ok);
  tree result = NULL_TREE;
  if (!op->oneway && op->reply.words)
    {
      tree mr = bb.load (build2 (MEM_REF, abi.u64_ptr, binding,
				 build_int_cst (abi.alias_ptr,
						IDL_BINDING_MR_OFFSET)));
      std::vector<tree> rwords (op->reply.words + 1);
      for (unsigned i = 1; i <= op->reply.words; i++)
	rwords[i] = bb.load (message_word (abi, mr, i));
      std::vector<idl_scalar> sc = slot_scalars (op, op->reply, true);
      for (unsigned k = 0; k < op->reply.slots.size (); k++)
	{
	  const idl_slot &s = op->reply.slots[k];
	  tree v = unpack_value (bb, abi, rwords[s.word], s, sc[k]);
	  if (s.param < 0)
	    result = v;
	  else
	    {
	      const idl_param &p = op->params[s.param];
	      bb.store (pointee_bytes (abi, parm_at (fn, p.index), p), v);
	    }
	}
    }
  bb.ret (result);

  /* The failure path: cold, out of line (idl_stub_failed is cold).  */
  bb.label (fail);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  auto_vec<tree> fargs;
  fargs.safe_push (binding);
  fargs.safe_push (rtag);
  bb.call_void (abi.stub_failed, fargs);
  bb.ret (op->has_result ? build_zero_cst (op->result.type) : NULL_TREE);
  bb.finish ();

  add_function (fn);
  /* Do not force a copy out: where every call was inlined, the COMDAT
     body is dropped like any unused inline function.  */
  cgraph_node::get (fn)->force_output = false;
}

/* The type of OP's implementation: the operation's, with the call
   context in place of the binding.  */
static tree
implementation_type (const idl_operation *op, tree call_ptr_type)
{
  tree optype = TREE_TYPE (op->decl);
  auto_vec<tree> types;
  types.safe_push (call_ptr_type);
  for (tree a = TREE_CHAIN (TYPE_ARG_TYPES (optype));
       a && !VOID_TYPE_P (TREE_VALUE (a)); a = TREE_CHAIN (a))
    types.safe_push (TREE_VALUE (a));
  return build_function_type_array (TREE_TYPE (optype), types.length (),
				    types.address ());
}

/* The implementation NAME_impl of OP: the user's declaration when this
   file has one, else an external declaration built here.  */
static tree
implementation_decl (idl_operation *op, tree call_ptr_type)
{
  if (op->impl)
    return op->impl;
  std::string name = std::string (op->name ()) + "_impl";
  tree decl = build_fn_decl (name.c_str (),
			     implementation_type (op, call_ptr_type));
  DECL_SOURCE_LOCATION (decl) = DECL_SOURCE_LOCATION (op->decl);
  idl_model_keep (decl);
  op->impl = decl;
  return decl;
}

/* 2. The server stub for OP; returns its FUNCTION_DECL.  */
static tree
emit_server_stub (idl_operation *op, tree dispatcher)
{
  location_t loc = DECL_SOURCE_LOCATION (op->decl);
  tree dtype = TREE_TYPE (dispatcher);
  tree call_ptr = TREE_VALUE (TYPE_ARG_TYPES (dtype));
  tree msg_ptr = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (dtype)));
  const idl_abi &abi
    = idl_get_abi (TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (op->decl))));

  tree type = build_function_type_list (abi.u64, call_ptr, msg_ptr, abi.u64,
					NULL_TREE);
  std::string name = std::string ("__idl_server_") + op->name ();
  tree fn = new_static_function (name.c_str (), type,
				 DECL_CONTEXT (dispatcher), loc);
  tree call = DECL_ARGUMENTS (fn);
  tree msg = DECL_CHAIN (call);
  tree tag = DECL_CHAIN (msg);

  body_builder bb (fn, loc);
  tree ok = bb.new_label (), bad = bb.new_label ();
  bb.cond_goto (EQ_EXPR, tag, u64_cst (abi, idl_request_tag (op)), ok, bad);
  bb.label (ok);

  /* Unpack the request straight into the implementation's arguments
     (direct stack transfer, paper 000, 4.3.1).  Pointer parameters get
     a local the implementation reads and writes.  */
  std::vector<tree> rwords (op->request.words + 1);
  for (unsigned i = 1; i <= op->request.words; i++)
    rwords[i] = bb.load (message_word (abi, msg, i));
  std::vector<tree> arg_values (op->params.size (), NULL_TREE);
  for (const idl_slot &s : op->request.slots)
    arg_values[s.param] = unpack_value (bb, abi, rwords[s.word], s,
					op->params[s.param].value);

  auto_vec<tree> args;
  args.safe_push (call);
  std::vector<tree> locals (op->params.size (), NULL_TREE);
  for (unsigned i = 0; i < op->params.size (); i++)
    {
      const idl_param &p = op->params[i];
      if (!p.by_pointer)
	{
	  args.safe_push (arg_values[i]);
	  continue;
	}
      tree local = bb.temp (p.value.type, IDENTIFIER_POINTER
			    (DECL_NAME (p.decl)));
      TREE_ADDRESSABLE (local) = 1;
      /* An out value starts as zero: the implementation may not set it,
	 and server stack contents never reach the client.  */
      bb.store (local, arg_values[i] ? arg_values[i]
		: build_zero_cst (p.value.type));
      locals[i] = local;
      args.safe_push (build1 (ADDR_EXPR, p.type, local));
    }

  tree impl = implementation_decl (op, call_ptr);
  tree result = NULL_TREE;
  if (op->has_result)
    result = bb.call (impl, args, op->result.type);
  else
    bb.call_void (impl, args);

  if (op->oneway)
    bb.ret (u64_cst (abi, IDL_TAG_ONEWAY));
  else
    {
      std::vector<tree> values;
      for (const idl_slot &s : op->reply.slots)
	values.push_back (s.param < 0 ? result : bb.load (locals[s.param]));
      std::vector<tree> words = pack_message (bb, abi, op->reply, values,
					      slot_scalars (op, op->reply,
							    false));
      for (unsigned i = 1; i <= op->reply.words; i++)
	bb.store (message_word (abi, msg, i), words[i]);
      bb.ret (u64_cst (abi, idl_reply_tag (op)));
    }

  bb.label (bad);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  bb.ret (u64_cst (abi, idl_error_tag (IDL_E_BADMSG)));
  bb.finish ();
  add_function (fn);
  return fn;
}

/* 3. The dispatcher of IFACE, after its server stubs (returned in
   STUBS).  */
static void
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

  body_builder bb (fn, loc);
  tree tag = bb.load (build2 (MEM_REF, u64, msg,
			      build_int_cst (alias_ptr, 0)));
  tree shifted = bb.assign (u64, RSHIFT_EXPR, tag,
			    build_int_cst (integer_type_node,
					   IDL_TAG_OP_SHIFT));
  tree masked = bb.assign (u64, BIT_AND_EXPR, shifted,
			   build_int_cstu (u64, IDL_TAG_OP_MASK));
  tree opnum = bb.assign (unsigned_type_node, NOP_EXPR, masked);

  tree bad = bb.new_label ();
  auto_vec<tree> cases;
  std::vector<tree> labels;
  for (idl_operation *op : iface->ops)
    {
      tree lab = bb.new_label ();
      labels.push_back (lab);
      cases.safe_push (build_case_label (build_int_cst (unsigned_type_node,
							op->number),
					 NULL_TREE, lab));
    }
  sort_case_labels (cases);
  bb.add (gimple_build_switch (opnum, build_case_label (NULL_TREE,
							 NULL_TREE, bad),
			       cases));
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

/* Does this translation unit call (or take the address of) FNDECL
   without defining it?  */
static bool
needs_client_stub (tree fndecl)
{
  cgraph_node *node = cgraph_node::get (fndecl);
  if (!node || node->definition)
    return false;
  return node->callers != NULL || node->ref_list.referring.length () > 0;
}

static void
dump_model (FILE *file)
{
  for (idl_interface *iface : idl_interfaces)
    {
      fprintf (file, "interface %s: id 0x%lx, version %lu, signature "
	       "0x%016lx%s%s\n", iface->name.c_str (),
	       (unsigned long) iface->id, (unsigned long) iface->version,
	       (unsigned long) iface->signature,
	       iface->dispatcher ? ", dispatcher " : "",
	       iface->dispatcher
	       ? IDENTIFIER_POINTER (DECL_NAME (iface->dispatcher)) : "");
      for (idl_operation *op : iface->ops)
	{
	  idl_dump_layout (file, op);
	  fprintf (file, "  request tag 0x%016lx",
		   (unsigned long) idl_request_tag (op));
	  if (!op->oneway)
	    fprintf (file, ", reply tag 0x%016lx",
		     (unsigned long) idl_reply_tag (op));
	  fputc ('\n', file);
	}
    }
}

static void
dump_body (FILE *file, const char *what, tree fn)
{
  fprintf (file, "\n;; %s\n", what);
  dump_function_to_file (fn, file, TDF_NONE);
}

static unsigned int
execute_idlstub (void)
{
  if (seen_error ())
    return 0;
  for (idl_interface *iface : idl_interfaces)
    idl_fill_descriptor (iface);
  if (dump_file)
    dump_model (dump_file);

  for (idl_interface *iface : idl_interfaces)
    {
      for (idl_operation *op : iface->ops)
	if (needs_client_stub (op->decl))
	  {
	    emit_client_stub (op);
	    if (dump_file)
	      dump_body (dump_file, "client stub", op->decl);
	  }
      if (iface->dispatcher && !cgraph_node::get_create
	  (iface->dispatcher)->definition)
	{
	  std::vector<tree> stubs;
	  emit_dispatcher (iface, stubs);
	  if (dump_file)
	    {
	      for (tree stub : stubs)
		dump_body (dump_file, "server stub", stub);
	      dump_body (dump_file, "dispatcher", iface->dispatcher);
	    }
	}
    }
  return 0;
}

namespace {

const pass_data idlstub_pass_data = {
  SIMPLE_IPA_PASS,		/* type */
  "idlstub",			/* name: -fdump-ipa-idlstub */
  OPTGROUP_NONE,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  0,				/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class idlstub_pass : public simple_ipa_opt_pass
{
public:
  idlstub_pass (gcc::context *ctxt)
    : simple_ipa_opt_pass (idlstub_pass_data, ctxt)
  {
  }
  unsigned int execute (function *) final override
  {
    return execute_idlstub ();
  }
};

} // anon namespace

opt_pass *
make_idlstub_pass (gcc::context *ctxt)
{
  return new idlstub_pass (ctxt);
}
