/* compact.cc -- stage 4, compact mode: tables and glue for one engine.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   With -fplugin-arg-idlstub-mode=compact the plugin trades speed for
   size the way TAO's interpretive stubs do (paper 002): instead of a
   specialized body per operation (emit.cc), each operation gets a
   constant table that describes its messages, and one engine in the
   runtime (runtime/compact.c) marshals from it.  What is left in the
   program per operation is glue:

     long small (idl_binding_t *b, short a, long c, short d)
     {
       void *argv[3] = { &a, &c, &d };
       long result = 0;
       idl_compact_call (b, small.idl_ct, argv, &result);
       return result;
     }

     static void __idl_thunk_small (idl_call_t *call, void *const *argv,
				    void *result)
     {
       *(long *) result = small_impl (call, *(short *) argv[0],
				      *(long *) argv[1],
				      *(short *) argv[2]);
     }

     uint64_t calc_dispatch (idl_call_t *call, uint64_t *msg)
     {
       return idl_compact_dispatch (call, msg, calc.idl_cops);
     }

   The tables hold the same layout the fast stubs are built from
   (layout.cc), so the wire format is the same in both modes and a
   compact client talks to a fast server and the other way round.  The
   format is documented in runtime/idlrt-abi.h ("Compact mode").  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "emit.h"

/* -fplugin-arg-idlstub-mode=compact.  */
bool idl_compact_mode;

/* The byte offsets of the _Bool objects in one object of TYPE, from
   BASE on, as fast mode's fix_bools (emit.cc) visits them: record
   members that are not bit-fields, array elements; not union
   members.  */
static void
bool_offsets (tree type, unsigned HOST_WIDE_INT base,
	      std::vector<unsigned> &out)
{
  type = TYPE_MAIN_VARIANT (type);
  switch (TREE_CODE (type))
    {
    case BOOLEAN_TYPE:
      out.push_back (base);
      break;
    case ARRAY_TYPE:
      {
	tree elt = TREE_TYPE (type);
	std::vector<unsigned> one;
	bool_offsets (elt, 0, one);
	if (one.empty ())
	  break;
	unsigned HOST_WIDE_INT esz = tree_to_uhwi (TYPE_SIZE_UNIT (elt));
	unsigned HOST_WIDE_INT n = tree_to_uhwi (TYPE_SIZE_UNIT (type)) / esz;
	for (unsigned HOST_WIDE_INT i = 0; i < n; i++)
	  for (unsigned off : one)
	    out.push_back (base + i * esz + off);
	break;
      }
    case RECORD_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL && !DECL_BIT_FIELD (f))
	  bool_offsets (TREE_TYPE (f), base + int_byte_position (f), out);
      break;
    default:
      break;
    }
}

static unsigned
ct_value (const idl_scalar &s)
{
  return (unsigned) s.cls | s.size << 8;
}

/* Append layout M's message record to W.  */
static void
append_message (std::vector<unsigned> &w, const idl_message_layout &m)
{
  w.push_back (m.words);
  w.push_back (m.slots.size ());
  w.push_back (m.items.size ());
  w.push_back (m.fixed_bytes);
  w.push_back (m.max_payload);
  w.push_back (m.nfds);
  for (const idl_slot &s : m.slots)
    {
      w.push_back (s.param < 0 ? IDL_CT_NONE : (unsigned) s.param);
      w.push_back (s.word);
      w.push_back (s.offset);
      w.push_back (s.size);
      w.push_back (s.role);
    }
  for (const idl_item &it : m.items)
    {
      w.push_back (it.param);
      w.push_back (it.fixed ? 1 : it.implied ? IDL_CT_I_IMPLIED : 0);
      w.push_back (it.offset);
      w.push_back (it.align);
      w.push_back (it.max_bytes);
    }
}

/* OP's table (idlrt-abi.h), as words.  */
static std::vector<unsigned>
operation_table (const idl_operation *op)
{
  unsigned n = op->params.size ();
  std::vector<unsigned> w (IDL_CT_HDR_WORDS + n * IDL_CT_PARAM_WORDS, 0);
  unsigned HOST_WIDE_INT rq = idl_request_tag (op);
  unsigned HOST_WIDE_INT rp = op->oneway ? 0 : idl_reply_tag (op);
  w[IDL_CT_NPARAMS] = n;
  w[IDL_CT_FLAGS] = (op->oneway ? IDL_CT_F_ONEWAY : 0)
		    | (op->has_result ? IDL_CT_F_RESULT : 0);
  w[IDL_CT_RESULT] = op->has_result ? ct_value (op->result) : 0;
  w[IDL_CT_REQ_TAG] = rq & 0xffffffff;
  w[IDL_CT_REQ_TAG + 1] = rq >> 32;
  w[IDL_CT_REPLY_TAG] = rp & 0xffffffff;
  w[IDL_CT_REPLY_TAG + 1] = rp >> 32;
  for (unsigned i = 0; i < n; i++)
    {
      const idl_param &p = op->params[i];
      unsigned *r = &w[IDL_CT_HDR_WORDS + i * IDL_CT_PARAM_WORDS];
      r[IDL_CT_P_KIND] = p.kind;
      r[IDL_CT_P_DIR] = p.dir;
      r[IDL_CT_P_FLAGS] = p.by_pointer ? IDL_CT_PF_POINTER : 0;
      for (const idl_item &it : op->request.items)
	if (it.implied && it.param == (int) i)
	  r[IDL_CT_P_FLAGS] |= IDL_CT_PF_IMPLIED;
      r[IDL_CT_P_COUNT] = IDL_CT_NONE;
      r[IDL_CT_P_LENGTH] = IDL_CT_NONE;
      if (p.kind != IDL_KIND_BLOCK)
	r[IDL_CT_P_VALUE] = ct_value (p.value);
      if (p.kind == IDL_KIND_BLOCK)
	{
	  r[IDL_CT_P_SIZE] = p.block_size;
	  r[IDL_CT_P_ALIGN] = p.block_align;
	}
      else if (p.kind == IDL_KIND_STRING)
	r[IDL_CT_P_MAX] = p.max;
      else if (p.kind == IDL_KIND_BUFFER)
	{
	  r[IDL_CT_P_SIZE] = p.elem_size;
	  r[IDL_CT_P_ALIGN] = p.elem_align;
	  r[IDL_CT_P_MAX] = p.max;
	  r[IDL_CT_P_COUNT] = p.size_param;
	  if (p.length_param >= 0)
	    r[IDL_CT_P_LENGTH] = p.length_param;
	}
    }
  w[IDL_CT_REQ] = w.size ();
  append_message (w, op->request);
  w[IDL_CT_REPLY] = w.size ();
  append_message (w, op->reply);
  /* The _Bool lists last: they may be long (an array of bools).  */
  for (unsigned i = 0; i < n; i++)
    {
      const idl_param &p = op->params[i];
      std::vector<unsigned> offs;
      if (p.kind == IDL_KIND_BLOCK)
	bool_offsets (p.block_type, 0, offs);
      else if (p.kind == IDL_KIND_BUFFER)
	bool_offsets (p.elem_type, 0, offs);
      if (offs.empty ())
	continue;
      w[IDL_CT_HDR_WORDS + i * IDL_CT_PARAM_WORDS + IDL_CT_P_BOOLS]
	= w.size ();
      w.push_back (offs.size ());
      w.insert (w.end (), offs.begin (), offs.end ());
    }
  return w;
}

static tree
u32_const_type ()
{
  return build_qualified_type (unsigned_intSI_type_node, TYPE_QUAL_CONST);
}

/* OP's table in this translation unit, built once.  */
static tree
table_of (idl_operation *op)
{
  static hash_map<tree, tree> *tables;
  if (!tables)
    tables = new hash_map<tree, tree>;
  if (tree *t = tables->get (op->decl))
    return *t;
  std::vector<unsigned> w = operation_table (op);
  tree elt = u32_const_type ();
  vec<constructor_elt, va_gc> *init = NULL;
  for (unsigned i = 0; i < w.size (); i++)
    CONSTRUCTOR_APPEND_ELT (init, size_int (i), build_int_cstu (elt, w[i]));
  tree var = idl_static_array (std::string (op->name ()) + ".idl_ct", elt,
			       init, w.size (),
			       DECL_SOURCE_LOCATION (op->decl));
  tables->put (op->decl, var);
  return var;
}

/* How OP's argument I travels in an ARGV: by its address (a value) or
   as itself (a pointer).  */
static bool
passed_by_address (const idl_param &p)
{
  return (p.kind == IDL_KIND_SCALAR || p.kind == IDL_KIND_BLOCK
	  || p.kind == IDL_KIND_FD) && !p.by_pointer;
}

/* The client stub: collect the arguments, call the engine.  */
void
idl_emit_compact_client_stub (idl_operation *op)
{
  tree fn = op->decl;
  location_t loc = DECL_SOURCE_LOCATION (fn);
  const idl_abi &abi
    = idl_get_abi (TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (fn))));
  unsigned n = op->params.size ();
  prepare_client_stub (fn, loc);

  body_builder bb (fn, loc);
  tree argv_type = TREE_VALUE (TREE_CHAIN (TREE_CHAIN
					   (TYPE_ARG_TYPES (TREE_TYPE
							    (abi.compact_call)))));
  tree argv = null_pointer_node;
  if (n)
    {
      tree arr = bb.temp (build_array_type_nelts (ptr_type_node, n), "argv");
      TREE_ADDRESSABLE (arr) = 1;
      for (unsigned i = 0; i < n; i++)
	{
	  const idl_param &p = op->params[i];
	  tree parm = parm_at (fn, p.index);
	  tree v;
	  if (passed_by_address (p))
	    {
	      TREE_ADDRESSABLE (parm) = 1;
	      v = build_fold_addr_expr_with_type (parm, ptr_type_node);
	    }
	  else
	    v = bb.assign (ptr_type_node, NOP_EXPR, parm);
	  bb.store (build4 (ARRAY_REF, ptr_type_node, arr, size_int (i),
			    NULL_TREE, NULL_TREE), v);
	}
      argv = idl_first_element_address (arr, argv_type);
    }
  argv = fold_convert (argv_type, argv);

  tree result = NULL_TREE, result_addr = null_pointer_node;
  if (op->has_result)
    {
      result = bb.temp (op->result.type, "result");
      TREE_ADDRESSABLE (result) = 1;
      bb.store (result, build_zero_cst (op->result.type));
      result_addr = build_fold_addr_expr_with_type (result, ptr_type_node);
    }

  auto_vec<tree> args;
  args.safe_push (DECL_ARGUMENTS (fn));
  args.safe_push (idl_first_element_address
		  (table_of (op), build_pointer_type (u32_const_type ())));
  args.safe_push (argv);
  args.safe_push (result_addr);
  bb.call_void (abi.compact_call, args);
  bb.ret (result ? bb.load (result) : NULL_TREE);
  bb.finish ();

  add_function (fn);
  /* As a fast stub: a body every call inlined is dropped.  */
  cgraph_node::get (fn)->force_output = false;
}

/* OP's thunk: the implementation called with ARGV's arguments.  */
static tree
emit_thunk (idl_operation *op, tree dispatcher)
{
  location_t loc = DECL_SOURCE_LOCATION (op->decl);
  tree call_ptr = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (dispatcher)));
  tree argv_type = build_pointer_type (build_qualified_type
				       (ptr_type_node, TYPE_QUAL_CONST));
  tree type = build_function_type_list (void_type_node, call_ptr, argv_type,
					ptr_type_node, NULL_TREE);
  std::string name = std::string ("__idl_thunk_") + op->name ();
  tree fn = new_static_function (name.c_str (), type,
				 DECL_CONTEXT (dispatcher), loc);
  tree call = DECL_ARGUMENTS (fn);
  tree argv = DECL_CHAIN (call);
  tree result = DECL_CHAIN (argv);
  tree alias_ptr = build_pointer_type_for_mode (char_type_node, ptr_mode,
						true);

  body_builder bb (fn, loc);
  auto_vec<tree> args;
  args.safe_push (call);
  tree optype = TREE_TYPE (op->decl);
  tree a = TREE_CHAIN (TYPE_ARG_TYPES (optype));
  for (unsigned i = 0; i < op->params.size (); i++, a = TREE_CHAIN (a))
    {
      const idl_param &p = op->params[i];
      tree ptype = TREE_VALUE (a);
      tree slot = bb.load (build2 (MEM_REF, ptr_type_node, argv,
				   build_int_cst (argv_type,
						  i * POINTER_SIZE_UNITS)));
      if (passed_by_address (p))
	args.safe_push (bb.load (build2 (MEM_REF, ptype, slot,
					 build_int_cst (alias_ptr, 0))));
      else
	args.safe_push (bb.assign (ptype, NOP_EXPR, slot));
    }
  tree impl = implementation_decl (op, call_ptr);
  if (op->has_result)
    {
      tree r = bb.call (impl, args, op->result.type);
      bb.store (build2 (MEM_REF, op->result.type, result,
			build_int_cst (alias_ptr, 0)), r);
    }
  else
    bb.call_void (impl, args);
  bb.ret (NULL_TREE);
  bb.finish ();
  add_function (fn);
  return fn;
}

/* The dispatcher: the operations' table, and a call of the engine.  */
void
idl_emit_compact_dispatcher (idl_interface *iface, std::vector<tree> &thunks)
{
  tree fn = iface->dispatcher;
  location_t loc = DECL_SOURCE_LOCATION (fn);
  std::vector<idl_operation *> ops (iface->ops);
  std::sort (ops.begin (), ops.end (),
	     [] (const idl_operation *x, const idl_operation *y)
	     { return x->number < y->number; });

  tree cvoid_ptr = build_pointer_type (build_qualified_type
				       (void_type_node, TYPE_QUAL_CONST));
  tree elt = build_qualified_type (cvoid_ptr, TYPE_QUAL_CONST);
  vec<constructor_elt, va_gc> *init = NULL;
  unsigned k = 0;
  CONSTRUCTOR_APPEND_ELT (init, size_int (k++),
			  build_int_cst (cvoid_ptr, ops.size ()));
  for (idl_operation *op : ops)
    {
      tree thunk = emit_thunk (op, fn);
      thunks.push_back (thunk);
      CONSTRUCTOR_APPEND_ELT (init, size_int (k++),
			      build_int_cst (cvoid_ptr, op->number));
      CONSTRUCTOR_APPEND_ELT (init, size_int (k++),
			      idl_first_element_address (table_of (op),
							 cvoid_ptr));
      CONSTRUCTOR_APPEND_ELT (init, size_int (k++),
			      fold_convert (cvoid_ptr,
					    build_fold_addr_expr (thunk)));
    }
  tree table = idl_static_array (iface->name + ".idl_cops", elt, init, k,
				 loc);

  DECL_EXTERNAL (fn) = 0;
  TREE_STATIC (fn) = 1;
  prepare_definition (fn, loc);
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
