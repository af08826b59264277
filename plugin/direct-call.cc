/* direct-call.cc -- stage 4, fast mode: co-located direct calls.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   When the server of an interface lives in the caller's process, a call
   need not become a message: the binding carries the server's table of
   implementations, and the client stub calls the implementation itself
   (paper 001: Mach's in-kernel servers bound to the same stubs; the
   runtime's side is in idlrt-abi.h).  Both halves are here.

   On the server's side, the file with IDL_SERVER (calc) gets a table
   of the implementations in the order of the table of operations, NULL
   where the operation must take the message path (emit_direct_table):

     static const void *const calc.idl_direct[7]
       = { &tiny_impl, &small_impl, ..., &last_logged_impl };

   (for examples/calc.h), and the interface descriptor points at it.
   On the client's side, the stub of

     IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long c,
				  short d);

   tries the table once its arguments are checked, before it builds a
   message (emit_direct_call, step 2 of client-stub.cc):

	small (b, a, c, d)
	{
	  if (MEM <void *> [b + 48] != 0) goto table; else goto remote;
	table:                          // 48: IDL_BINDING_DIRECT_OFFSET
	  t = (void *) __atomic_load_8 (b + 48, relaxed);
	  f = MEM <void *> [t + 8];           // small's position: 1
	  if (f != 0) goto direct; else goto remote;
	direct:                         // 64: IDL_BINDING_NERR_OFFSET
	  if (MEM <uint32> [b + 64] != 0) goto clear; else goto call;
	clear:                                // cold: reset a status
	  idl_stub_direct_ok (b);
	call:                           // 56: IDL_BINDING_CALL_OFFSET
	  result = ((long (*) (void *, short, long, short)) f)
		     (MEM <void *> [b + 56], (int) a, c, (int) d);
	  return result;
	remote:
	  ...                                 // the message path
	}

   A remote call pays one compare with memory and a branch for it; a
   direct one another, for idl_error's sake (idlrt-abi.h).  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "gimple-builder.h"
#include "fast-stubs.h"

/* Co-location (paper 001): a binding to a server of this process with
   workers carries the server's table of implementations, and the stub
   calls the implementation itself (idlrt-abi.h).  Only operations whose
   direct call means exactly what the message path means take part:
   the message path still checks what an implementation gives back (an
   out string's terminator, an IDL_LENGTH_IS length) and duplicates
   descriptors it returns, which a direct call cannot do after the
   fact.  In strings and buffers need nothing more than the bounds the
   stub checked before this point.  */
bool
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
	   {
	     if (MEM <uint32> [b + IDL_BINDING_NERR_OFFSET] != 0)
	       idl_stub_direct_ok (b);        // cold: a status to reset
	     return f (call, ...);
	   }
       }

   and on to the message path.  A remote call pays one compare with
   memory and a branch: the table is loaded again, with a load GCC does
   not merge with the first, so that the first has a single use and
   becomes a "cmp $0, mem" (otherwise a load, a test and a branch).  */
void
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
  /* A connection of the binding holds an error status: make the
     calling thread's IDL_OK first, as a call that went through the
     runtime would (idlrt-abi.h, IDL_BINDING_NERR_OFFSET).  */
  tree nerr = bb.load (build2 (MEM_REF, unsigned_type_node, binding,
			       build_int_cst (alias_ptr,
					      IDL_BINDING_NERR_OFFSET)));
  tree clear = bb.new_label (), go = bb.new_label ();
  bb.cond_goto (NE_EXPR, nerr, build_zero_cst (unsigned_type_node), clear,
		go);
  bb.label (clear);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  auto_vec<tree> okargs;
  okargs.safe_push (binding);
  bb.call_void (idl_get_abi (TREE_TYPE (binding)).stub_direct_ok, okargs);
  bb.label (go);
  auto_vec<tree> args;
  args.safe_push (bb.load (build2 (MEM_REF, ptr_type_node, binding,
				   build_int_cst (alias_ptr,
						  IDL_BINDING_CALL_OFFSET))));
  for (tree p = DECL_CHAIN (binding); p; p = DECL_CHAIN (p))
    args.safe_push (p);
  tree callee = bb.assign (impl_ptr, NOP_EXPR, impl);
  gcall *c = bb.build_call (callee, args);
  tree result = NULL_TREE;
  if (op->record_result () && aggregate_value_p (DECL_RESULT (fn), fn))
    {
      /* A record returned in memory: the implementation builds it in
	 the stub's own return slot, not in a copy.  */
      result = DECL_RESULT (fn);
      gimple_call_set_lhs (c, result);
      gimple_call_set_return_slot_opt (c, true);
    }
  else if (op->returns_value ())
    {
      result = bb.temp (TREE_TYPE (TREE_TYPE (fn)), NULL);
      gimple_call_set_lhs (c, result);
    }
  bb.add (c);
  bb.ret (result);
  bb.label (remote);
}

/* IFACE's table of implementations for co-located direct calls, in
   the descriptor of the file with IDL_SERVER (idlrt-abi.h): in the
   order of the table of operations, NULL where the operation must take
   the message path.  */
void
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
