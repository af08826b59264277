/* gimple-builder.cc -- building a function's body in GIMPLE (stage 4).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Both modes' emitters (client-stub.cc, server-stub.cc, dispatcher.cc,
   direct-call.cc; compact-client.cc, compact-server.cc) build bodies
   the same way, with what is here:

     body_builder bb (fn, loc);       // push_struct_function, SSA data
     tree t = bb.assign (...);        // t.1 = a | b;
     bb.cond_goto (NE_EXPR, t, 0, ok, bad);
     ...
     bb.ret (value);
     bb.finish ();                    // one GIMPLE_BIND, PROP_gimple_any
     add_function (fn);               // to the call graph

   The body is high GIMPLE over temporaries, without a CFG: GCC's own
   lowering passes build it, and into-SSA, the inliner and the
   optimizers then treat the stub as the user's own code (paper 000,
   4.3.2-4.3.3; paper 003, section 6).  The facts this rests on (the
   SSA data, labels' contexts, the properties) are in GCC-NOTES.md.

   Before a body, a function needs the parts of a definition:
   prepare_definition for one the user declared (a client stub's
   prototype, a dispatcher), new_static_function for one made here (a
   server stub, a thunk), prepare_client_stub for the linkage of a
   client stub.  implementation_decl finds or declares the function a
   server stub calls.  */

#include "gcc-compat.h"
#include "model.h"
#include "gimple-builder.h"

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

/* Return VALUE.  A record returned in memory is returned as the
   RESULT_DECL, assigned first when VALUE is another object: the
   gimplifier makes every return of such a function so, and later
   passes rely on it (tree-nrv.cc asserts it).  */
void
body_builder::ret (tree value)
{
  tree result = DECL_RESULT (fn);
  if (value && result && value != result
      && AGGREGATE_TYPE_P (TREE_TYPE (value))
      && aggregate_value_p (result, fn))
    {
      store (result, value);
      value = result;
    }
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
      /* A qualifier on a parameter of a prototype means nothing to its
	 callers (C11 6.7.6.3p15) and nothing to a body built here, but
	 a volatile PARM_DECL is no GIMPLE value: used as an operand it
	 fails GIMPLE verification, and at -O2 DCE crashed on it.  */
      TREE_THIS_VOLATILE (p) = 0;
      TREE_SIDE_EFFECTS (p) = 0;
      TREE_READONLY (p) = 0;
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

/* Whether FN takes a record or union by value that is too large for
   message words (layout.cc, IDL_BLOCK_IN_WORDS_MAX).  */
bool
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
  /* A static operation's stub is this file's own, like a static inline
     function: a COMDAT group would merge it with another file's
     operation of that name.  */
  if (TREE_PUBLIC (fn))
    {
      DECL_COMDAT (fn) = 1;
      make_decl_one_only (fn, DECL_ASSEMBLER_NAME (fn));
    }
}

/* FN's parameter number INDEX (0: the binding or the call).  */
tree
parm_at (tree fn, unsigned index)
{
  tree p = DECL_ARGUMENTS (fn);
  while (index-- && p)
    p = DECL_CHAIN (p);
  return p;
}

tree
record_result_local (body_builder &bb, const idl_operation *op, bool zeroed)
{
  const idl_param *r = op->record_result ();
  if (!r)
    return NULL_TREE;
  /* Returned in memory, the stub's own result is where the record is
     written, and no copy follows (the caller's object, when it passes
     it as the return slot).  */
  tree rec = DECL_RESULT (bb.fn);
  if (!rec || !aggregate_value_p (rec, bb.fn))
    rec = bb.temp (r->block_type, "result");
  TREE_ADDRESSABLE (rec) = 1;
  if (zeroed)
    bb.store (rec, build_constructor (TREE_TYPE (rec), NULL));
  return rec;
}

tree
failed_call_result (body_builder &bb, const idl_operation *op)
{
  if (op->has_result)
    return build_zero_cst (op->result.type);
  return record_result_local (bb, op, true);
}

tree
client_target (tree fn, const idl_param &p, tree rec)
{
  if (p.record_result)
    return build_fold_addr_expr_with_type (rec, p.type);
  return parm_at (fn, p.index);
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

/* The checks emit_null_checks describes (gimple-builder.h).  In two
   passes: first the pointers to values and strings, so that a count
   read through a pointer in the second is known not to be NULL; then
   each buffer, NULL only with a count of 0.  */
bool
emit_null_checks (body_builder &bb, const idl_operation *op, tree fn,
		  tree lab)
{
  bool used = false;
  for (const idl_param &p : op->params)
    if ((p.by_pointer && !p.record_result) || p.kind == IDL_KIND_STRING)
      {
	tree parm = parm_at (fn, p.index), ok = bb.new_label ();
	used = true;
	bb.cond_goto (EQ_EXPR, parm, build_zero_cst (TREE_TYPE (parm)), lab,
		      ok);
	bb.label (ok);
      }
  for (const idl_param &p : op->params)
    if (p.kind == IDL_KIND_BUFFER)
      {
	const idl_param &cp = op->params[p.size_param];
	tree parm = parm_at (fn, p.index), cparm = parm_at (fn, cp.index);
	tree ok = bb.new_label (), check = bb.new_label ();
	used = true;
	bb.cond_goto (EQ_EXPR, parm, build_zero_cst (TREE_TYPE (parm)), check,
		      ok);
	bb.label (check);
	tree n = cparm;
	if (cp.by_pointer)
	  n = bb.load (build2 (MEM_REF, cp.value.type, cparm,
			       build_int_cst (TREE_TYPE (cparm), 0)));
	bb.cond_goto (NE_EXPR, n, build_zero_cst (TREE_TYPE (n)), lab, ok);
	bb.label (ok);
      }
  return used;
}
