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

   3. The dispatcher, for IDL_SERVER (calc): a jump through a table of
      the server stubs' code, indexed by the operation number masked to
      the table's power-of-two size (paper 000, 4.4.2), whose empty
      slots lead to the error path (dispatch_table; a switch on the
      number when the table would be large).  The whole request tag is
      compared once, in the server stub, so the interface id, flags,
      word count and the number itself are checked by one compare.

   4. The interface descriptor's fields are filled in (model.cc) once
      more, now that every operation is known.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"
#include "abi.h"
#include "emit.h"

/* Error codes from idlrt.h; the plugin does not include that header's
   C declarations.  */
#ifndef IDL_E_BADMSG
# define IDL_E_BADMSG 4
# define IDL_E_INVAL 8
# define IDL_E_BOUNDS 9
#endif

/* -fplugin-arg-idlstub-inline=always (idlstub.cc).  */
bool idl_always_inline;

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

/* The last statement added must not warn OPT: the stub's own calls are
   correct whatever the object its caller passes (a string's strnlen
   bound is the string's bound, not the caller's array size).  */
void
body_builder::suppress_last_warning (opt_code opt)
{
  suppress_warning (gimple_seq_last_stmt (seq), opt);
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

/* VAR = A CODE B, for a temporary assigned on several paths.  */
void
body_builder::set (tree var, enum tree_code code, tree a, tree b)
{
  if (b)
    add (gimple_build_assign (var, code, a, b));
  else
    add (gimple_build_assign (var, code, a));
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

/* A call of FN (a FUNCTION_DECL, or a pointer to a function) with
   ARGS, passed as the C front end passes them: where the target
   promotes prototypes (x86-64 does), an integer narrower than int is
   widened to int at the call (convert_arguments in c-typeck.cc).  Code
   from other compilers relies on it: Clang's callees read a short
   argument's register as an int.  */
gcall *
body_builder::build_call (tree fn, const vec<tree> &args)
{
  tree fntype = TREE_TYPE (fn);
  if (POINTER_TYPE_P (fntype))
    fntype = TREE_TYPE (fntype);
  auto_vec<tree> promoted;
  promoted.safe_splice (args);
  if (targetm.calls.promote_prototypes (fntype))
    for (tree &a : promoted)
      {
	tree t = TREE_TYPE (a);
	if (INTEGRAL_TYPE_P (t)
	    && TYPE_PRECISION (t) < TYPE_PRECISION (integer_type_node))
	  a = assign (integer_type_node, NOP_EXPR, a);
      }
  return gimple_build_call_vec (fn, promoted);
}

tree
body_builder::call (tree fndecl, const vec<tree> &args, tree result_type)
{
  gcall *c = build_call (fndecl, args);
  tree t = temp (result_type, NULL);
  gimple_call_set_lhs (c, t);
  add (c);
  return t;
}

void
body_builder::call_void (tree fndecl, const vec<tree> &args)
{
  add (build_call (fndecl, args));
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
   a libc call.

   The front end gives every function it defines the optimization and
   target options in force (DECL_FUNCTION_SPECIFIC_OPTIMIZATION), and
   -flto streams them with the body; a body built here must carry them
   too.  Without them IPA analysis treats the stub as unconstrained: at
   -O1 it built IPA-CP jump functions for the stub alone (the front
   end's functions, with -fno-ipa-cp recorded, were skipped), and lto1
   then segfaulted in IPA-CP on the mixture.  */
void
add_function (tree fn)
{
  DECL_IGNORED_P (fn) = 1;
  if (!DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn))
    DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn) = optimization_default_node;
  if (!DECL_FUNCTION_SPECIFIC_TARGET (fn))
    DECL_FUNCTION_SPECIFIC_TARGET (fn) = target_option_default_node;
  cgraph_node::add_new_function (fn, false);
  /* add_new_function keeps every new function; a static one (a server
     stub, a thunk) is needed only while something refers to it, and
     a server stub inlined into the dispatcher is not.  */
  if (!TREE_PUBLIC (fn))
    cgraph_node::get (fn)->force_output = false;
}

/* Give FN (declared only) what a definition has: a result, an outermost
   block and PARM_DECLs.  The prototype's own PARM_DECLs are copied when
   there are any, keeping names and the front end's DECL_ARG_TYPE.  */
void
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
tree
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

/* Co-location (paper 001): a binding to a server of this process with
   workers carries the server's table of implementations, and the stub
   calls the implementation itself (idlrt-abi.h).  Only operations whose
   direct call means exactly what the message path means take part:
   the message path still checks what an implementation gives back (an
   out string's terminator, an IDL_LENGTH_IS length) and duplicates
   descriptors it returns, which a direct call cannot do after the
   fact.  In strings and buffers need nothing more than the bounds the
   stub checked before this point.  */
static bool
direct_capable (const idl_operation *op)
{
  for (const idl_param &p : op->params)
    switch (p.kind)
      {
      case IDL_KIND_STRING:
	if (p.returned ())
	  return false;
	break;
      case IDL_KIND_BUFFER:
	if (p.returned () && p.length_param >= 0)
	  return false;
	break;
      case IDL_KIND_FD:
	if (p.returned ())
	  return false;
	break;
      default:
	break;
      }
  return true;
}

/* The direct path of a client stub, at the point BB has reached (the
   arguments checked):

     if (MEM <void *> [b + IDL_BINDING_DIRECT_OFFSET] != 0)
       {
	 d = __atomic_load_n (b + IDL_BINDING_DIRECT_OFFSET, relaxed);
	 f = d[position];
	 if (f != 0)
	   return f (call, ...);
       }

   and on to the message path.  A remote call pays one compare with
   memory and a branch: the table is loaded again, with a load GCC does
   not merge with the first, so that the first has a single use and
   becomes a "cmp $0, mem" (otherwise a load, a test and a branch).  */
static void
emit_direct_call (body_builder &bb, idl_operation *op)
{
  tree fn = op->decl;
  tree binding = DECL_ARGUMENTS (fn);
  tree alias_ptr = build_pointer_type_for_mode (char_type_node, ptr_mode,
						true);
  tree impl_ptr = build_pointer_type (implementation_type (op,
							   ptr_type_node));
  tree slot = build2 (MEM_REF, ptr_type_node, binding,
		      build_int_cst (alias_ptr, IDL_BINDING_DIRECT_OFFSET));
  tree have_table = bb.new_label (), have_impl = bb.new_label ();
  tree remote = bb.new_label ();
  bb.cond_goto (NE_EXPR, bb.load (slot), null_pointer_node, have_table,
		remote);
  bb.label (have_table);
  auto_vec<tree> largs;
  tree base = bb.assign (ptr_type_node, NOP_EXPR, binding);
  largs.safe_push (bb.assign (ptr_type_node, POINTER_PLUS_EXPR, base,
			      size_int (IDL_BINDING_DIRECT_OFFSET)));
  largs.safe_push (build_int_cst (integer_type_node, MEMMODEL_RELAXED));
  tree table = bb.call (builtin_decl_explicit (BUILT_IN_ATOMIC_LOAD_8),
			largs, long_long_unsigned_type_node);
  table = bb.assign (ptr_type_node, NOP_EXPR, table);
  tree impl = bb.load (build2 (MEM_REF, ptr_type_node, table,
			       build_int_cst (alias_ptr,
					      idl_operation_position (op)
					      * POINTER_SIZE_UNITS)));
  bb.cond_goto (NE_EXPR, impl, null_pointer_node, have_impl, remote);
  bb.label (have_impl);
  auto_vec<tree> args;
  args.safe_push (bb.load (build2 (MEM_REF, ptr_type_node, binding,
				   build_int_cst (alias_ptr,
						  IDL_BINDING_CALL_OFFSET))));
  for (tree p = DECL_CHAIN (binding); p; p = DECL_CHAIN (p))
    args.safe_push (p);
  tree callee = bb.assign (impl_ptr, NOP_EXPR, impl);
  gcall *c = bb.build_call (callee, args);
  tree result = NULL_TREE;
  if (op->has_result)
    {
      result = bb.temp (TREE_TYPE (TREE_TYPE (fn)), NULL);
      gimple_call_set_lhs (c, result);
    }
  bb.add (c);
  bb.ret (result);
  bb.label (remote);
}

/* Whether FN takes a record or union by value that is too large for
   message words (layout.cc, IDL_BLOCK_IN_WORDS_MAX).  */
static bool
large_record_parameter (tree fn)
{
  for (tree a = TYPE_ARG_TYPES (TREE_TYPE (fn)); a; a = TREE_CHAIN (a))
    {
      tree t = TREE_VALUE (a);
      if (AGGREGATE_TYPE_P (t) && TYPE_SIZE_UNIT (t)
	  && tree_fits_uhwi_p (TYPE_SIZE_UNIT (t))
	  && tree_to_uhwi (TYPE_SIZE_UNIT (t)) > 64)
	return true;
    }
  return false;
}

/* Make the prototype FN a client stub's definition, for a body to
   come.  It becomes an inline COMDAT definition: every translation
   unit that calls the operation may carry a copy, the linker keeps
   one, and the optimizer may inline it (C99 inline semantics, as C++
   gives an inline function).  */
void
prepare_client_stub (tree fn, location_t loc)
{
  DECL_EXTERNAL (fn) = 0;
  TREE_STATIC (fn) = 1;
  DECL_DECLARED_INLINE_P (fn) = 1;
  if (idl_always_inline)
    {
      DECL_DISREGARD_INLINE_LIMITS (fn) = 1;
      DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("always_inline"),
					NULL_TREE, DECL_ATTRIBUTES (fn));
    }
  else if (large_record_parameter (fn))
    {
      /* GCC's inliner copies every aggregate parameter into a local of
	 the caller (tree-inline.cc, setup_one_parameter), and nothing
	 removes the copy: a record sent by value would be copied twice,
	 where a call copies it once into the argument area, from which
	 the stub copies it into the payload.  */
      DECL_UNINLINABLE (fn) = 1;
      DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("noinline"),
					NULL_TREE, DECL_ATTRIBUTES (fn));
    }
  prepare_definition (fn, loc);
  DECL_COMDAT (fn) = 1;
  make_decl_one_only (fn, DECL_ASSEMBLER_NAME (fn));
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

/* Where slot S's bytes are in its word in memory: the layout counts
   bytes by significance (pack_message shifts), the memory order is
   the target's.  */
static unsigned
word_byte (const idl_slot &s)
{
  return BYTES_BIG_ENDIAN ? 8 - s.offset - s.size : s.offset;
}

/* Slot S of the message at BASE, with a load of its own size (a
   word's high half: movl 12(%rax)) rather than a shift of the whole
   word, as a 64-bit value; *LOW becomes S at offset 0, to unpack it
   with.  Each byte of the message is still read once.  */
static tree
load_slot (body_builder &bb, const idl_abi &abi, tree base,
	   const idl_slot &s, idl_slot *low)
{
  tree t = build_nonstandard_integer_type (s.size * BITS_PER_UNIT, 1);
  tree v = bb.load (build2 (MEM_REF, t, base,
			    build_int_cst (abi.alias_ptr,
					   s.word * 8 + word_byte (s))));
  *low = s;
  low->offset = 0;
  return bb.assign (abi.u64, NOP_EXPR, v);
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
      if (slot.role == IDL_SLOT_BLOCK)
	continue;		/* copied en bloc by the caller */
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
  idl_scalar u32;
  idl_classify_scalar (unsigned_type_node, &u32);
  for (const idl_slot &s : m.slots)
    if (s.param < 0)
      v.push_back (op->result);
    else if (s.role != IDL_SLOT_VALUE)
      v.push_back (u32);	/* lengths, descriptor indices; unused for
				   blocks */
    else if (raw_pointees && op->params[s.param].by_pointer)
      v.push_back (raw_scalar (op->params[s.param].value));
    else
      v.push_back (op->params[s.param].value);
  return v;
}

tree
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

/* Byte arithmetic for payloads.  Lengths and offsets are sizetype
   values, and every bound check compares them, never pointers: a
   pointer past the end of an object is undefined behaviour, and a
   compiler may fold such a check away (Cap'n Proto advisory
   2017-04-17-0).  */

static tree
size_cst (unsigned HOST_WIDE_INT v)
{
  return build_int_cstu (sizetype, v);
}

/* PTR + OFF bytes, as a pointer of TYPE.  */
static tree
ptr_add (body_builder &bb, tree ptr, tree off, tree type)
{
  tree p = ptr;
  if (!integer_zerop (off))
    p = bb.assign (TREE_TYPE (ptr), POINTER_PLUS_EXPR, ptr,
		   fold_convert (sizetype, off));
  if (!useless_type_conversion_p (type, TREE_TYPE (p)))
    p = bb.assign (type, NOP_EXPR, p);
  return p;
}

/* SIZE bytes at PTR + OFF, aligned to ALIGN bytes: an array of unsigned
   char accessed with alias set 0, so that a block is copied en bloc
   whatever its C type (paper 000, 4.3.5).  */
static tree
bytes_at (const idl_abi &abi, tree ptr, unsigned HOST_WIDE_INT off,
	  unsigned HOST_WIDE_INT size, unsigned align)
{
  tree t = build_array_type_nelts (unsigned_char_type_node, size);
  if (align > 1)
    t = build_aligned_type (t, align * BITS_PER_UNIT);
  return build2 (MEM_REF, t, ptr, build_int_cst (abi.alias_ptr, off));
}

/* The byte at PTR + OFF.  */
static tree
byte_at (const idl_abi &abi, tree ptr, unsigned HOST_WIDE_INT off)
{
  return build2 (MEM_REF, unsigned_char_type_node, ptr,
		 build_int_cst (abi.alias_ptr, off));
}

/* V rounded up to a multiple of A (a power of two).  */
static tree
align_size (body_builder &bb, tree v, unsigned a)
{
  if (a <= 1)
    return v;
  tree t = bb.assign (sizetype, PLUS_EXPR, v, size_cst (a - 1));
  return bb.assign (sizetype, BIT_AND_EXPR, t, size_cst (-(HOST_WIDE_INT) a));
}

/* Bytes of a variable item of parameter P holding N elements (chars of
   a string, plus its NUL when WITH_NUL).  */
static tree
item_bytes (body_builder &bb, const idl_param &p, tree n, bool with_nul)
{
  if (p.kind == IDL_KIND_STRING)
    return with_nul ? bb.assign (sizetype, PLUS_EXPR, n, size_cst (1)) : n;
  if (p.elem_size == 1)
    return n;
  return bb.assign (sizetype, MULT_EXPR, n, size_cst (p.elem_size));
}

static void
call3 (body_builder &bb, tree fn, tree a, tree b, tree c)
{
  auto_vec<tree> args;
  args.safe_push (a);
  args.safe_push (b);
  args.safe_push (c);
  bb.call_void (fn, args);
}

/* Copies of more bytes than this whose size is known only at run time
   go to the C library's memcpy; up to it, GCC's generic x86-64 tuning
   copies with a short inline loop.  */
#define IDL_INLINE_COPY_MAX 32

/* Copy N bytes, at most MAX, from SRC to DST.  When N is not a constant
   (after inlining) and MAX is over IDL_INLINE_COPY_MAX, the copy goes
   to the C library's memcpy, which the dynamic linker picked for this
   CPU, as a hand-written stub's does: GCC's generic tuning would expand
   a copy it can bound under 8 KiB as rep movsq (which the bounds checks
   before every copy let it do), and glibc's memcpy took 2.9 ns where
   rep movsq took 5.0 for 64 bytes, 13 where it took 18 for 1 KiB, on
   the x86-64 machine of bench/.  An empty asm hides the bound.  */
static void
copy_bytes (body_builder &bb, tree dst, tree src, tree n,
	    unsigned HOST_WIDE_INT max)
{
  tree builtin = builtin_decl_explicit (BUILT_IN_MEMCPY);
  if (max <= IDL_INLINE_COPY_MAX || TREE_CODE (n) == INTEGER_CST)
    {
      call3 (bb, builtin, dst, src, n);
      return;
    }
  tree known = bb.new_label (), lib = bb.new_label ();
  tree done = bb.new_label ();
  auto_vec<tree> args;
  args.safe_push (n);
  tree k = bb.call (builtin_decl_explicit (BUILT_IN_CONSTANT_P), args,
		    integer_type_node);
  bb.cond_goto (NE_EXPR, k, integer_zero_node, known, lib);
  bb.label (known);
  call3 (bb, builtin, dst, src, n);
  bb.add (gimple_build_goto (done));
  bb.label (lib);
  tree h = bb.temp (TREE_TYPE (n), "n");
  vec<tree, va_gc> *in = NULL, *out = NULL;
  vec_safe_push (out, build_tree_list (build_tree_list
				       (NULL_TREE, build_string (3, "=r")),
				       h));
  vec_safe_push (in, build_tree_list (build_tree_list
				      (NULL_TREE, build_string (2, "0")), n));
  bb.add (gimple_build_asm_vec ("", in, out, NULL, NULL));
  call3 (bb, idl_libc_decl (BUILT_IN_MEMCPY), dst, src, h);
  bb.label (done);
}

/* If A CODE B, go to LAB (an unlikely path); else go on.  */
static void
fail_if (body_builder &bb, enum tree_code code, tree a, tree b, tree lab)
{
  tree next = bb.new_label ();
  bb.cond_goto (code, a, b, lab, next);
  bb.label (next);
}

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
   NULL, then return zero.  */
static void
cold_return (body_builder &bb, const idl_operation *op, tree lab,
	     tree callee, tree b, tree arg)
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
  bb.ret (op->has_result ? build_zero_cst (op->result.type) : NULL_TREE);
}

/* _Bool objects in data a peer sent.  A _Bool holding anything but 0
   or 1 is undefined behaviour in C, so after a record, array or buffer
   that contains one is copied in, each such byte is rewritten as
   byte != 0: no byte pattern a peer sends makes an invalid _Bool.
   (Scalars are rebuilt the same way by unpack_value.)  Union members
   are left alone: rewriting one would change the bytes of the others.  */

/* Does TYPE hold a _Bool that fix_bools would fix?  */
static bool
contains_bool (tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  switch (TREE_CODE (type))
    {
    case BOOLEAN_TYPE:
      return true;
    case ARRAY_TYPE:
      return contains_bool (TREE_TYPE (type));
    case RECORD_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL && !DECL_BIT_FIELD (f)
	    && contains_bool (TREE_TYPE (f)))
	  return true;
      return false;
    default:
      return false;
    }
}

static void
fix_bool_at (body_builder &bb, const idl_abi &abi, tree ptr)
{
  tree v = bb.load (byte_at (abi, ptr, 0));
  tree b = bb.assign (boolean_type_node, NE_EXPR, v,
		      build_zero_cst (unsigned_char_type_node));
  bb.store (byte_at (abi, ptr, 0),
	    bb.assign (unsigned_char_type_node, NOP_EXPR, b));
}

/* Fix the _Bools of COUNT objects of TYPE at PTR (COUNT NULL: one):
   straight-line code for a record's members and short arrays, a loop
   for long arrays and buffers.  */
static void
fix_bools (body_builder &bb, const idl_abi &abi, tree ptr, tree type,
	   tree count = NULL_TREE)
{
  type = TYPE_MAIN_VARIANT (type);
  if (!contains_bool (type))
    return;
  ptr = bb.assign (abi.alias_ptr, NOP_EXPR, ptr);
  unsigned HOST_WIDE_INT esz = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  if (count)
    {
      tree i = bb.temp (sizetype, "i");
      bb.set (i, INTEGER_CST, size_cst (0));
      tree head = bb.new_label (), body = bb.new_label ();
      tree done = bb.new_label ();
      bb.label (head);
      bb.cond_goto (GE_EXPR, i, count, done, body);
      bb.label (body);
      tree off = bb.assign (sizetype, MULT_EXPR, i, size_cst (esz));
      fix_bools (bb, abi, ptr_add (bb, ptr, off, abi.alias_ptr), type);
      bb.set (i, PLUS_EXPR, i, size_cst (1));
      bb.add (gimple_build_goto (head));
      bb.label (done);
      return;
    }
  switch (TREE_CODE (type))
    {
    case BOOLEAN_TYPE:
      fix_bool_at (bb, abi, ptr);
      break;
    case ARRAY_TYPE:
      {
	tree elt = TREE_TYPE (type);
	unsigned HOST_WIDE_INT n = esz / tree_to_uhwi (TYPE_SIZE_UNIT (elt));
	fix_bools (bb, abi, ptr, elt, size_cst (n));
	break;
      }
    case RECORD_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL && !DECL_BIT_FIELD (f)
	    && contains_bool (TREE_TYPE (f)))
	  fix_bools (bb, abi,
		     ptr_add (bb, ptr, size_cst (int_byte_position (f)),
			      abi.alias_ptr),
		     TREE_TYPE (f));
      break;
    default:
      break;
    }
}

/* The message index of descriptor FD: when FD >= 0, the count K, after
   STORE (K) has put FD in the K-th place of the message's list and K has
   been incremented; IDL_FD_NONE for a negative FD, which is not listed.
   Client requests and server replies list descriptors alike.  */
template <typename store_fn>
static tree
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

/* 1. The client stub for OP.  */
static void
emit_client_stub (idl_operation *op)
{
  tree fn = op->decl;
  location_t loc = DECL_SOURCE_LOCATION (fn);
  tree fntype = TREE_TYPE (fn);
  const idl_abi &abi = idl_get_abi (TREE_VALUE (TYPE_ARG_TYPES (fntype)));
  const idl_message_layout &rq = op->request, &rp = op->reply;
  unsigned nparams = op->params.size ();

  prepare_client_stub (fn, loc);

  body_builder bb (fn, loc);
  tree binding = DECL_ARGUMENTS (fn);
  tree bounds = bb.new_label ();	/* an argument over its bound */
  tree lost = bb.new_label ();		/* no page: the runtime said why */
  tree fail = bb.new_label ();		/* a failed call or a bad reply */
  tree inval = bb.new_label ();		/* a null string */
  bool used_bounds = false, used_lost = false, used_inval = false;

  /* Check every bound before anything is sent (never truncate).  SENT
     is the element count of each variable item in the request, CAP the
     caller's capacity of each buffer.  */
  std::vector<tree> sent (nparams, NULL_TREE), cap (nparams, NULL_TREE);
  for (unsigned i = 0; i < nparams; i++)
    {
      const idl_param &p = op->params[i];
      tree parm = parm_at (fn, p.index);
      if (p.kind == IDL_KIND_STRING && p.sent ())
	{
	  used_bounds = used_inval = true;
	  fail_if (bb, EQ_EXPR, parm, build_zero_cst (TREE_TYPE (parm)),
		   inval);
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

  if (direct_capable (op))
    emit_direct_call (bb, op);

  /* The payload goes straight into the shared page: fixed items at
     their offsets, then each variable item at the next aligned
     offset.  */
  tree payload_len = size_cst (0);
  if (!rq.items.empty ())
    {
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

  /* Descriptors: the k-th one actually passed has index k in the
     message; a negative one travels as IDL_FD_NONE.  */
  tree fds = NULL_TREE, nfds = size_cst (0);
  std::vector<tree> fd_index (nparams, NULL_TREE);
  if (rq.nfds)
    {
      fds = bb.temp (build_array_type_nelts (integer_type_node, rq.nfds),
		     "fds");
      TREE_ADDRESSABLE (fds) = 1;
      nfds = bb.temp (sizetype, "nfds");
      bb.set (nfds, INTEGER_CST, size_cst (0));
      for (const idl_slot &s : rq.slots)
	if (s.role == IDL_SLOT_FD)
	  {
	    tree v = parm_at (fn, op->params[s.param].index);
	    fd_index[s.param] = list_descriptor
	      (bb, v, nfds, [&] (tree pos)
	       {
		 bb.store (build4 (ARRAY_REF, integer_type_node, fds, pos,
				   NULL_TREE, NULL_TREE), v);
	       });
	  }
    }

  /* Request words: in and inout values, through the pointer when there
     is one; string lengths; descriptor indices.  */
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
  std::vector<tree> words = pack_message (bb, abi, rq, values,
					  slot_scalars (op, rq, true));

  tree tag = u64_cst (abi, idl_request_tag (op));
  auto_vec<tree> args;
  args.safe_push (binding);
  args.safe_push (tag);
  bool extended = !rq.items.empty () || rq.nfds;
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
	{
	  tree arr_type = build_array_type_nelts (abi.u64, rq.words);
	  tree arr = bb.temp (arr_type, "request");
	  TREE_ADDRESSABLE (arr) = 1;
	  for (unsigned i = 1; i <= rq.words; i++)
	    bb.store (build4 (ARRAY_REF, abi.u64, arr, size_int (i - 1),
			      NULL_TREE, NULL_TREE), words[i]);
	  /* Blocks over the (zeroed) words they occupy.  */
	  tree base = build_fold_addr_expr (arr);
	  for (const idl_slot &s : rq.slots)
	    if (s.role == IDL_SLOT_BLOCK)
	      {
		const idl_param &p = op->params[s.param];
		tree parm = parm_at (fn, p.index);
		if (!p.by_pointer)
		  /* Assigned, not copied from its address (above).  */
		  bb.store (build2 (MEM_REF, TREE_TYPE (parm), base,
				    build_int_cst (abi.alias_ptr,
						   (s.word - 1) * 8)), parm);
		else
		  bb.store (bytes_at (abi, base, (s.word - 1) * 8, s.size, 1),
			    bytes_at (abi, parm, 0, s.size, 1));
	      }
	  args.safe_push (build_fold_addr_expr_with_type
			  (build4 (ARRAY_REF, abi.u64, arr, size_int (0),
				   NULL_TREE, NULL_TREE), abi.u64_cptr));
	}
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
    }
  tree rtag = bb.call (entry, args, abi.u64);

  tree ok = bb.new_label ();
  tree expect = op->oneway ? build_zero_cst (abi.u64)
			   : u64_cst (abi, idl_reply_tag (op));
  bb.cond_goto (EQ_EXPR, rtag, expect, ok, fail);
  bb.label (ok);

  tree result = NULL_TREE;
  if (!op->oneway)
    {
      /* Read and check the whole reply before writing anything the
	 caller sees: a bad reply leaves every out parameter as it
	 was.  */
      tree mr = NULL_TREE;
      if (rp.words)
	mr = bb.load (build2 (MEM_REF, abi.u64_ptr, binding,
			      build_int_cst (abi.alias_ptr,
					     IDL_BINDING_MR_OFFSET)));
      std::vector<idl_scalar> sc = slot_scalars (op, rp, true);
      std::vector<tree> got (nparams, NULL_TREE);
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

      tree pay = NULL_TREE;
      std::vector<tree> src (nparams, NULL_TREE), len (nparams, NULL_TREE);
      if (!rp.items.empty ())
	{
	  pay = bb.load (build2 (MEM_REF, abi.alias_ptr, binding,
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

      /* Everything checks: deliver.  */
      for (unsigned k = 0; k < rp.slots.size (); k++)
	{
	  const idl_slot &s = rp.slots[k];
	  if (s.param < 0 || s.role == IDL_SLOT_LENGTH)
	    continue;
	  const idl_param &p = op->params[s.param];
	  tree parm = parm_at (fn, p.index);
	  if (s.role == IDL_SLOT_BLOCK)
	    {
	      bb.store (bytes_at (abi, parm, 0, s.size, 1),
			bytes_at (abi, mr, s.word * 8, s.size, 1));
	      fix_bools (bb, abi, parm, p.block_type);
	    }
	  else if (s.role == IDL_SLOT_FD)
	    {
	      /* Take the descriptor from the binding's array, leaving -1
		 there: whatever the stub does not take, the runtime
		 closes at the next call.  */
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
	      tree slot = ptr_add (bb, binding, off,
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
	  else
	    bb.store (pointee_bytes (abi, parm, p), got[s.param]);
	}
      for (const idl_item &it : rp.items)
	{
	  const idl_param &p = op->params[it.param];
	  tree parm = parm_at (fn, p.index);
	  if (it.fixed)
	    {
	      bb.store (bytes_at (abi, parm, 0, p.block_size, 1),
			bytes_at (abi, pay, it.offset, p.block_size, 1));
	      fix_bools (bb, abi, parm, p.block_type);
	      continue;
	    }
	  tree from = ptr_add (bb, pay, src[it.param], ptr_type_node);
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
  bb.ret (result);

  /* The failure paths: cold, out of line (the runtime's functions for
     them are cold too).  */
  cold_return (bb, op, fail, abi.stub_failed, binding, rtag);
  if (used_bounds)
    cold_return (bb, op, bounds, abi.stub_error, binding,
		 build_int_cst (integer_type_node, IDL_E_BOUNDS));
  if (used_inval)
    cold_return (bb, op, inval, abi.stub_error, binding,
		 build_int_cst (integer_type_node, IDL_E_INVAL));
  if (used_lost)
    cold_return (bb, op, lost, NULL_TREE, NULL_TREE, NULL_TREE);
  bb.finish ();

  add_function (fn);
  /* Do not force a copy out: where every call was inlined, the COMDAT
     body is dropped like any unused inline function.  */
  cgraph_node::get (fn)->force_output = false;
}

/* The type of OP's implementation: the operation's, with the call
   context in place of the binding.  */
tree
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
tree
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

/* 2. The server stub for OP; returns its FUNCTION_DECL.

   MSG is the server's private copy of the request (idlrt-abi.h): the
   stub checks every length in it before it trusts any, gives the
   implementation pointers straight into it for what was sent (in
   strings, buffers and blocks), and pointers into the reply area for
   what goes back, so nothing is copied beyond the runtime's one copy
   out of shared memory except an inout item, once, into the reply
   area (paper 000, 4.4.1).  */
/* The slot of parameter I among M's.  */
static const idl_slot *
reply_slot (const idl_message_layout &m, int i)
{
  for (const idl_slot &s : m.slots)
    if (s.param == i)
      return &s;
  gcc_unreachable ();
}

static tree
emit_server_stub (idl_operation *op, tree dispatcher)
{
  location_t loc = DECL_SOURCE_LOCATION (op->decl);
  tree dtype = TREE_TYPE (dispatcher);
  tree call_ptr = TREE_VALUE (TYPE_ARG_TYPES (dtype));
  tree msg_ptr = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (dtype)));
  const idl_abi &abi
    = idl_get_abi (TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (op->decl))));
  const idl_message_layout &rq = op->request, &rp = op->reply;
  unsigned nparams = op->params.size ();

  tree type = build_function_type_list (abi.u64, call_ptr, msg_ptr, abi.u64,
					NULL_TREE);
  std::string name = std::string ("__idl_server_") + op->name ();
  tree fn = new_static_function (name.c_str (), type,
				 DECL_CONTEXT (dispatcher), loc);
  if (large_record_parameter (op->decl))
    {
      /* Its call copies the record with a string move, whose fixed
	 registers would cost every other operation a register move in
	 the dispatcher it was inlined into.  */
      DECL_UNINLINABLE (fn) = 1;
      DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("noinline"),
					NULL_TREE, DECL_ATTRIBUTES (fn));
    }
  tree call = DECL_ARGUMENTS (fn);
  tree msg = DECL_CHAIN (call);
  tree tag = DECL_CHAIN (msg);

  body_builder bb (fn, loc);
  tree ok = bb.new_label (), bad = bb.new_label ();
  tree too_long = bb.new_label ();
  bool used_too_long = false;
  bb.cond_goto (EQ_EXPR, tag, u64_cst (abi, idl_request_tag (op)), ok, bad);
  bb.label (ok);

  /* Unpack the request straight into the implementation's arguments
     (direct stack transfer, paper 000, 4.3.1).  */
  std::vector<tree> arg_values (nparams, NULL_TREE);
  std::vector<const idl_slot *> block_slot (nparams, NULL);
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

  tree bytes = bb.assign (abi.alias_ptr, NOP_EXPR, msg);
  tree req_pay = ptr_add (bb, bytes, size_cst (IDL_MSG_REQ_PAYLOAD),
			  abi.alias_ptr);
  tree rep_pay = ptr_add (bb, bytes, size_cst (IDL_MSG_REPLY_PAYLOAD),
			  abi.alias_ptr);

  /* Counts: a buffer's count is checked against its bound before
     anything uses it, whichever direction the buffer goes.  */
  std::vector<tree> count (nparams, NULL_TREE), inlen (nparams, NULL_TREE);
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
	      const idl_param &lp = op->params[p.length_param];
	      tree l = bb.assign (sizetype, NOP_EXPR,
				  arg_values[p.length_param]);
	      (void) lp;
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

  /* The request payload: every item must lie within what was
     received; lengths are compared, never pointers.  */
  std::vector<tree> in_ptr (nparams, NULL_TREE);
  if (!rq.items.empty ())
    {
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
	      if (p.elem_size > 1)
		{
		  tree r = bb.assign (sizetype, TRUNC_MOD_EXPR, n,
				      size_cst (p.elem_size));
		  fail_if (bb, NE_EXPR, r, size_cst (0), bad);
		  n = bb.assign (sizetype, EXACT_DIV_EXPR, n,
				 size_cst (p.elem_size));
		}
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

  /* Descriptors received: index IDL_FD_NONE is -1, others must be
     below the count the runtime received.  */
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

  /* Where each reply item's region is.  */
  std::vector<tree> out_ptr (nparams, NULL_TREE);
  for (const idl_item &it : rp.items)
    out_ptr[it.param] = ptr_add (bb, rep_pay, size_cst (it.offset),
				 abi.alias_ptr);

  /* Out and inout scalars live where the reply sends them from: the
     implementation gets a pointer into their reply word (paper 000,
     4.4.1; 003, section 3), as a C callee gets a pointer to its
     caller's variable.  An inout value is there already when the
     request had it at the same place; else it is stored there first.
     An out value starts as zero (a store of its size): the
     implementation may not set it.  Not a _Bool (it is sent as 0 or 1, whatever was
     stored), nor in a word that the request had a record in (the
     implementation may be reading it).  The other values of such a
     word are stored after the call, each with a store of its own
     size.  */
  std::vector<bool> in_place (nparams, false);
  std::vector<bool> word_in_place (rp.words + 1, false);
  if (!op->oneway)
    {
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

  auto_vec<tree> args;
  args.safe_push (call);
  std::vector<tree> locals (nparams, NULL_TREE);
  /* What the implementation gets for a record or buffer that was
     sent: its _Bools are fixed there before the call.  */
  std::vector<tree> sent_obj (nparams, NULL_TREE);
  for (unsigned i = 0; i < nparams; i++)
    {
      const idl_param &p = op->params[i];
      tree ptype = p.type;
      switch (p.kind)
	{
	case IDL_KIND_SCALAR:
	case IDL_KIND_FD:
	  if (!p.by_pointer)
	    {
	      args.safe_push (arg_values[i]);
	      break;
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
	      break;
	    }
	  {
	    tree local = bb.temp (p.value.type, IDENTIFIER_POINTER
				  (DECL_NAME (p.decl)));
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
	  break;

	case IDL_KIND_BLOCK:
	  {
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
		break;
	      }
	    if (p.dir == IDL_DIR_IN)
	      {
		sent_obj[i] = from;
		args.safe_push (ptr_add (bb, from, size_cst (0), ptype));
		break;
	      }
	    tree to;
	    if (out_ptr[i])
	      to = out_ptr[i];
	    else
	      {
		/* Comes back in words: a local, copied after the call.  */
		tree local = bb.temp (p.block_type, IDENTIFIER_POINTER
				      (DECL_NAME (p.decl)));
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
	    break;
	  }

	case IDL_KIND_STRING:
	case IDL_KIND_BUFFER:
	  if (p.dir == IDL_DIR_IN)
	    {
	      sent_obj[i] = in_ptr[i];
	      args.safe_push (ptr_add (bb, in_ptr[i], size_cst (0), ptype));
	      break;
	    }
	  if (p.dir == IDL_DIR_INOUT)
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
	  break;
	}
    }

  for (unsigned i = 0; i < nparams; i++)
    if (sent_obj[i] && op->params[i].kind == IDL_KIND_BLOCK)
      fix_bools (bb, abi, sent_obj[i], op->params[i].block_type);
    else if (sent_obj[i] && op->params[i].kind == IDL_KIND_BUFFER)
      fix_bools (bb, abi, sent_obj[i], op->params[i].elem_type, inlen[i]);

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
      /* Descriptors first: once listed, the runtime closes them even
	 if the reply turns into an error below.  */
      std::vector<tree> fd_index (nparams, NULL_TREE);
      if (rp.nfds)
	{
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

      /* What the implementation put in the variable items: a string
	 must end within its bound, a buffer's length within the
	 caller's capacity.  Then pack them without gaps.  */
      std::vector<tree> outlen (nparams, NULL_TREE);
      if (!rp.items.empty ())
	{
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

  if (used_too_long)
    {
      bb.label (too_long);
      bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
      bb.ret (u64_cst (abi, idl_error_tag (IDL_E_BOUNDS)));
    }
  bb.label (bad);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  bb.ret (u64_cst (abi, idl_error_tag (IDL_E_BADMSG)));
  bb.finish ();
  add_function (fn);
  return fn;
}

/* The most slots of a dispatcher's table indexed by the masked
   operation number (emit_dispatcher).  */
#define IDL_DISPATCH_SLOTS_MAX 256

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
static std::vector<int>
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
    {
      tree opnum = bb.assign (unsigned_type_node, NOP_EXPR, masked);
      auto_vec<tree> cases;
      for (unsigned i = 0; i < iface->ops.size (); i++)
	cases.safe_push (build_case_label
			 (build_int_cst (unsigned_type_node,
					 iface->ops[i]->number),
			  NULL_TREE, labels[i]));
      sort_case_labels (cases);
      bb.add (gimple_build_switch (opnum, build_case_label (NULL_TREE,
							     NULL_TREE, bad),
				   cases));
    }
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

/* IFACE's table of implementations for co-located direct calls, in
   the descriptor of the file with IDL_SERVER (idlrt-abi.h): in the
   order of the table of operations, NULL where the operation must take
   the message path.  */
static void
emit_direct_table (idl_interface *iface)
{
  tree call_ptr
    = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (iface->dispatcher)));
  tree cvoid_ptr = build_pointer_type (build_qualified_type
				       (void_type_node, TYPE_QUAL_CONST));
  std::vector<idl_operation *> ops (iface->ops.size ());
  for (idl_operation *op : iface->ops)
    ops[idl_operation_position (op)] = op;
  vec<constructor_elt, va_gc> *init = NULL;
  for (unsigned i = 0; i < ops.size (); i++)
    CONSTRUCTOR_APPEND_ELT
      (init, size_int (i),
       direct_capable (ops[i])
       ? fold_convert (cvoid_ptr, build_fold_addr_expr
		       (implementation_decl (ops[i], call_ptr)))
       : null_pointer_node);
  tree var = idl_static_array (iface->name + ".idl_direct",
			       build_qualified_type (cvoid_ptr,
						     TYPE_QUAL_CONST),
			       init, ops.size (),
			       DECL_SOURCE_LOCATION (iface->decl));
  idl_point_descriptor_at (iface, "direct", var);
}

/* Does this translation unit call (or take the address of) FNDECL
   without defining it?  */
bool
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
      if (iface->dispatcher && !idl_compact_mode)
	{
	  std::vector<int> slot = dispatch_table (iface);
	  if (!slot.empty ())
	    {
	      unsigned slots = slot.size ();
	      fprintf (file, "  dispatch: a table of %u slots, operation "
		       "number & %u; empty:", slots, slots - 1);
	      for (unsigned i = 0; i < slots; i++)
		if (slot[i] < 0)
		  fprintf (file, " %u", i);
	      fputc ('\n', file);
	    }
	  else
	    fprintf (file, "  dispatch: a switch on the operation number\n");
	}
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
    {
      idl_fill_descriptor (iface);
      idl_emit_ops_table (iface);
    }
  if (dump_file)
    dump_model (dump_file);

  for (idl_interface *iface : idl_interfaces)
    {
      for (idl_operation *op : iface->ops)
	if (needs_client_stub (op->decl))
	  {
	    if (idl_compact_mode)
	      idl_emit_compact_client_stub (op);
	    else
	      emit_client_stub (op);
	    if (dump_file)
	      dump_body (dump_file, "client stub", op->decl);
	  }
      if (iface->dispatcher && !cgraph_node::get_create
	  (iface->dispatcher)->definition)
	{
	  std::vector<tree> stubs;
	  /* (Compact clients' co-located calls take the message path:
	     no table of implementations, and fast clients of a compact
	     server do the same.)  */
	  if (!iface->ops.empty () && !idl_compact_mode)
	    emit_direct_table (iface);
	  if (idl_compact_mode)
	    idl_emit_compact_dispatcher (iface, stubs);
	  else
	    emit_dispatcher (iface, stubs);
	  if (dump_file)
	    {
	      for (tree stub : stubs)
		dump_body (dump_file, idl_compact_mode ? "thunk"
			   : "server stub", stub);
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
