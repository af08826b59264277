/* abi.cc -- stage 3: the transport ABI for libidlrt on Linux.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A request of at most IDL_REG_WORDS words goes to the runtime in
   argument registers (idl_call_r4: binding, tag and four words fill the
   six integer argument registers of the x86-64 SysV ABI), so a small
   call never builds a message in memory on the client side (paper 000,
   4.2.1); a longer one is built in a stack array and passed by address
   (idl_call_m).  Both return the reply tag in a register; the reply's
   words are read from the binding's message registers.

   A message with a payload or descriptors goes through idl_call_x: the
   stub writes the payload straight into the shared page (the pointer
   idl_request_payload returns), so a string or buffer is copied once
   on the way in, like an L4 string item (paper 000, 4.3.4).  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "gimple-builder.h"

static idl_abi abi;
static bool abi_built;

/* The runtime's entry points as <idlrt.h> declared them (recorded by
   idl_abi_note_decl while the front end parses).  Reusing those
   declarations keeps one symbol per assembler name.  */
static const char *const entry_names[] = {
  "idl_callv_r4", "idl_callv_m", "idl_send_r4", "idl_send_m",
  "idl_stub_failed", "idl_request_payload", "idl_callv_x", "idl_send_x",
  "idl_stub_error", "idl_compact_call", "idl_compact_dispatch",
  "idl_stub_direct_ok", "idl_error", "idl_error_errno", "idl_callv_bulk",
  "idl_region_prepare", "idl_region_accept", "idl_region_release"
};
static tree entry_decls[ARRAY_SIZE (entry_names)];

void
idl_abi_note_decl (tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  for (unsigned i = 0; i < ARRAY_SIZE (entry_names); i++)
    if (strcmp (name, entry_names[i]) == 0)
      {
	entry_decls[i] = fndecl;
	idl_model_keep (fndecl);
      }
}

/* The declaration of runtime function NAME, of type TYPE unless the
   user's headers already declared it.  */
static tree
runtime_function (const char *name, tree type)
{
  for (unsigned i = 0; i < ARRAY_SIZE (entry_names); i++)
    if (strcmp (name, entry_names[i]) == 0 && entry_decls[i])
      return entry_decls[i];
  tree decl = build_fn_decl (name, type);
  TREE_NOTHROW (decl) = 1;
  idl_model_keep (decl);
  return decl;
}

/* idl_reply_t, what a call returns (idlrt.h): the reply's tag and the
   view that holds the reply (the binding, or the calling thread's own
   connection of it).  <idlrt.h>'s type when its idl_callv_r4 was seen,
   else one built alike: a record of a uint64_t and a binding pointer,
   which the ABI returns in two registers.  */
static bool
reply_fields (tree rt)
{
  abi.reply = rt;
  abi.reply_tag = abi.reply_view = NULL_TREE;
  if (!rt || TREE_CODE (rt) != RECORD_TYPE)
    return false;
  for (tree f = TYPE_FIELDS (rt); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f))
      {
	const char *n = IDENTIFIER_POINTER (DECL_NAME (f));
	if (strcmp (n, "tag") == 0)
	  abi.reply_tag = f;
	else if (strcmp (n, "view") == 0)
	  abi.reply_view = f;
      }
  return abi.reply_tag && abi.reply_view;
}

static void
reply_type (tree binding_ptr_type)
{
  for (unsigned i = 0; i < ARRAY_SIZE (entry_names); i++)
    if (strcmp (entry_names[i], "idl_callv_r4") == 0 && entry_decls[i]
	&& reply_fields (TREE_TYPE (TREE_TYPE (entry_decls[i]))))
      return;
  tree rt = make_node (RECORD_TYPE);
  tree tag = build_decl (UNKNOWN_LOCATION, FIELD_DECL,
			 get_identifier ("tag"), abi.u64);
  tree view = build_decl (UNKNOWN_LOCATION, FIELD_DECL,
			  get_identifier ("view"), binding_ptr_type);
  DECL_CONTEXT (tag) = DECL_CONTEXT (view) = rt;
  DECL_CHAIN (tag) = view;
  TYPE_FIELDS (rt) = tag;
  TYPE_NAME (rt) = get_identifier ("idl_reply");
  layout_type (rt);
  idl_model_keep (rt);
  reply_fields (rt);
}

/* struct idl_bulk_item (idlrt.h), built alike: a bulk item's place,
   length, room and direction (idlrt-abi.h, "Bulk items").  A stub
   passes its array's address converted to the parameter type of the
   idl_callv_bulk it calls, <idlrt.h>'s when that was seen.  */
static void
bulk_item_type (void)
{
  tree rt = make_node (RECORD_TYPE);
  tree types[4] = { ptr_type_node, size_type_node, size_type_node,
		    long_unsigned_type_node };
  const char *names[4] = { "ptr", "len", "max", "dir" };
  tree *fields[4] = { &abi.bulk_ptr, &abi.bulk_len, &abi.bulk_max,
		      &abi.bulk_dir };
  tree prev = NULL_TREE;
  for (unsigned i = 0; i < 4; i++)
    {
      tree f = build_decl (UNKNOWN_LOCATION, FIELD_DECL,
			   get_identifier (names[i]), types[i]);
      DECL_CONTEXT (f) = rt;
      if (prev)
	DECL_CHAIN (prev) = f;
      else
	TYPE_FIELDS (rt) = f;
      prev = f;
      *fields[i] = f;
    }
  TYPE_NAME (rt) = get_identifier ("idl_bulk_item");
  layout_type (rt);
  idl_model_keep (rt);
  abi.bulk_item = rt;
}

/* BINDING_PTR_TYPE is the user's idl_binding_t *, taken from an
   operation's prototype, so that the declarations built here match
   <idlrt.h> exactly.  */
const idl_abi &
idl_get_abi (tree binding_ptr_type)
{
  if (abi_built)
    return abi;
  abi.u64 = long_long_unsigned_type_node;
  if (TYPE_PRECISION (long_unsigned_type_node) == 64)
    abi.u64 = long_unsigned_type_node;	/* uint64_t on LP64 */
  abi.u64_ptr = build_pointer_type (abi.u64);
  abi.alias_ptr = build_pointer_type_for_mode (char_type_node, ptr_mode,
					       true);
  tree b = binding_ptr_type, w = abi.u64;
  reply_type (b);
  tree rt = abi.reply;
  tree r4 = build_function_type_list (w, b, w, w, w, w, w, NULL_TREE);
  tree m = build_function_type_list (w, b, w,
				     build_pointer_type
				     (build_qualified_type (w,
							    TYPE_QUAL_CONST)),
				     NULL_TREE);
  abi.call_r4
    = runtime_function ("idl_callv_r4",
			build_function_type_list (rt, b, w, w, w, w, w,
						  NULL_TREE));
  abi.call_m
    = runtime_function ("idl_callv_m",
			build_function_type (rt, TYPE_ARG_TYPES (m)));
  abi.send_r4 = runtime_function ("idl_send_r4", r4);
  abi.send_m = runtime_function ("idl_send_m", m);
  abi.stub_failed
    = runtime_function ("idl_stub_failed",
			build_function_type_list (void_type_node, b, w,
						  NULL_TREE));
  abi.u64_cptr = build_pointer_type (build_qualified_type (w,
							   TYPE_QUAL_CONST));
  abi.int_ptr = build_pointer_type (build_qualified_type (integer_type_node,
							  TYPE_QUAL_CONST));
  abi.request_payload
    = runtime_function ("idl_request_payload",
			build_function_type_list (ptr_type_node, b,
						  NULL_TREE));
  tree x = build_function_type_list (w, b, w, abi.u64_cptr, w, abi.int_ptr,
				     w, NULL_TREE);
  abi.call_x = runtime_function ("idl_callv_x",
				 build_function_type (rt, TYPE_ARG_TYPES (x)));
  abi.send_x = runtime_function ("idl_send_x", x);
  bulk_item_type ();
  tree xb = build_function_type_list (w, b, w, abi.u64_cptr, w, abi.int_ptr,
				      w, build_pointer_type (abi.bulk_item),
				      w, NULL_TREE);
  abi.call_bulk
    = runtime_function ("idl_callv_bulk",
			build_function_type (rt, TYPE_ARG_TYPES (xb)));
  abi.region_prepare
    = runtime_function ("idl_region_prepare",
			build_function_type_list (integer_type_node,
						  ptr_type_node,
						  integer_type_node,
						  NULL_TREE));
  abi.region_accept
    = runtime_function ("idl_region_accept",
			build_function_type_list (ptr_type_node,
						  integer_type_node,
						  integer_type_node,
						  NULL_TREE));
  abi.region_release
    = runtime_function ("idl_region_release",
			build_function_type_list (void_type_node,
						  ptr_type_node, NULL_TREE));
  abi.stub_error
    = runtime_function ("idl_stub_error",
			build_function_type_list (void_type_node, b,
						  integer_type_node,
						  NULL_TREE));
  abi.stub_direct_ok
    = runtime_function ("idl_stub_direct_ok",
			build_function_type_list (void_type_node, b,
						  NULL_TREE));
  DECL_ATTRIBUTES (abi.stub_direct_ok)
    = tree_cons (get_identifier ("cold"), NULL_TREE, NULL_TREE);
  /* Compact mode's engine: the table and the arguments' array are
     read-only to it (idlrt.h).  */
  tree argv_type = build_pointer_type (build_qualified_type
				       (ptr_type_node, TYPE_QUAL_CONST));
  tree u32_cptr = build_pointer_type (build_qualified_type
				      (unsigned_intSI_type_node,
				       TYPE_QUAL_CONST));
  abi.compact_call
    = runtime_function ("idl_compact_call",
			build_function_type_list (w, b, u32_cptr, argv_type,
						  ptr_type_node, NULL_TREE));
  /* A failed call's result (IDL_FAILS): idl_error (B) and
     idl_error_errno (B), as <idlrt.h> declares them.  */
  tree b_to_int = build_function_type_list (integer_type_node, b,
					    NULL_TREE);
  abi.error = runtime_function ("idl_error", b_to_int);
  abi.error_errno = runtime_function ("idl_error_errno", b_to_int);
  DECL_ATTRIBUTES (abi.stub_error)
    = tree_cons (get_identifier ("cold"), NULL_TREE, NULL_TREE);
  /* The failure path is cold: GCC then moves it out of line and
     predicts the reply check as taken (paper 000, 4.4.2: error paths
     off the fast path).  */
  DECL_ATTRIBUTES (abi.stub_failed)
    = tree_cons (get_identifier ("cold"), NULL_TREE, NULL_TREE);
  abi_built = true;
  return abi;
}

tree
idl_compact_dispatch_decl (tree dispatcher_type)
{
  tree args = TYPE_ARG_TYPES (dispatcher_type);
  tree ops = build_pointer_type (build_qualified_type
				 (build_pointer_type
				  (build_qualified_type (void_type_node,
							 TYPE_QUAL_CONST)),
				  TYPE_QUAL_CONST));
  return runtime_function ("idl_compact_dispatch",
			   build_function_type_list
			   (TREE_TYPE (dispatcher_type), TREE_VALUE (args),
			    TREE_VALUE (TREE_CHAIN (args)), ops, NULL_TREE));
}

/* A stub's calls of the C library skip the PLT, as every call does
   under -fno-plt: in position-independent code the call site loads the
   function's address from the GOT itself (call *memcpy@GOTPCREL(%rip))
   instead of calling a PLT stub that jumps through the same GOT slot,
   an instruction less on each call.  A static link turns it into a
   direct call where it can; glibc's memcpy and strnlen are IFUNCs, so
   it stays indirect there, where a PLT stub would also jump through a
   GOT slot.  The user's own calls keep what their options chose.

   The declaration is a copy of GCC's built-in one, with its attributes
   (nothrow, leaf, nonnull) and its pure flag, but not itself a built-in:
   GCC expands a built-in memcpy it cannot inline as a call of its own
   declaration, PLT and all.  So emission calls this only where it wants
   the library's function (a copy whose size it hid, a strnlen), and
   GCC's built-in where a copy may be expanded inline.  What the
   optimizers know of the built-in's memory effects, and that memcpy
   returns its first argument (which saves a register for the
   destination across the call), goes on the copy's type as the "fn
   spec" GCC gives the built-in.  */
tree
idl_libc_decl (enum built_in_function code)
{
  static const enum built_in_function codes[] = {
    BUILT_IN_MEMCPY, BUILT_IN_STRNLEN
  };
  static tree decls[ARRAY_SIZE (codes)];
  for (unsigned i = 0; i < ARRAY_SIZE (codes); i++)
    if (codes[i] == code)
      {
	if (!decls[i])
	  {
	    tree builtin = builtin_decl_explicit (code);
	    tree d = copy_node (builtin);
	    set_decl_built_in_function (d, NOT_BUILT_IN, 0);
	    const char *spec = builtin_fnspec (builtin).get_str ();
	    if (*spec)
	      {
		tree type = TREE_TYPE (d);
		tree attr = build_tree_list (NULL_TREE,
					     build_string (strlen (spec), spec));
		attr = tree_cons (get_identifier ("fn spec"), attr,
				  TYPE_ATTRIBUTES (type));
		TREE_TYPE (d) = build_type_attribute_variant (type, attr);
	      }
	    /* Its own symbol, made at expansion, is what carries the
	       attribute to the back end.  */
	    DECL_WRTL_CHECK (d)->decl_with_rtl.rtl = NULL;
	    DECL_ATTRIBUTES (d) = tree_cons (get_identifier ("noplt"),
					     NULL_TREE, DECL_ATTRIBUTES (d));
	    idl_model_keep (d);
	    decls[i] = d;
	  }
	return decls[i];
      }
  gcc_unreachable ();
}

static unsigned HOST_WIDE_INT
tag_base (const idl_operation *op)
{
  return ((unsigned HOST_WIDE_INT) op->iface->id << IDL_TAG_IFACE_SHIFT)
	 | ((unsigned HOST_WIDE_INT) op->number << IDL_TAG_OP_SHIFT);
}

unsigned HOST_WIDE_INT
idl_request_tag (const idl_operation *op)
{
  return tag_base (op) | op->request.words
	 | (op->oneway ? IDL_TAG_ONEWAY : 0);
}

unsigned HOST_WIDE_INT
idl_reply_tag (const idl_operation *op)
{
  return tag_base (op) | op->reply.words;
}

unsigned HOST_WIDE_INT
idl_error_tag (int code)
{
  return IDL_TAG_ERROR | ((unsigned HOST_WIDE_INT) code << IDL_TAG_OP_SHIFT);
}

/* The result of a failed call of OP (abi.h).  An operation whose
   result is errno-style returns 0 on success: a failed call must not
   return 0 too (issue 19, item 1), hence IDL_FAILS.  */
tree
idl_failed_result (body_builder &bb, const idl_operation *op, tree binding)
{
  /* Zero, a zeroed record, or nothing.  */
  if (op->fails == IDL_FAILS_ZERO || !op->has_result)
    return failed_call_result (bb, op);
  tree rt = op->result.type;
  switch (op->fails)
    {
    case IDL_FAILS_VALUE:
      return op->fail_value;
    case IDL_FAILS_ERRNO:
      {
	const idl_abi &abi = idl_get_abi (TREE_TYPE (binding));
	auto_vec<tree> args;
	args.safe_push (binding);
	return bb.assign (rt, NOP_EXPR,
			  bb.call (abi.error_errno, args, integer_type_node));
      }
    default:
      return build_zero_cst (rt);
    }
}

/* The result of a compact engine's call (abi.h): R, unless R is zero
   and the call failed.  The engine returns 0 both ways, so a zero
   result asks idl_error; a result of zero is common (an errno-style
   success), but compact mode trades instructions for bytes, and the
   question is one call.  The errno form asks idl_error_errno alone,
   which is 0 when the call went through.  */
tree
idl_checked_result (body_builder &bb, const idl_operation *op,
		    tree binding, tree r)
{
  if (op->fails == IDL_FAILS_ZERO || !op->has_result)
    return r;
  const idl_abi &abi = idl_get_abi (TREE_TYPE (binding));
  tree rt = op->result.type;
  tree res = bb.temp (rt, "result");
  tree zero = bb.new_label (), done = bb.new_label ();
  bb.set (res, NOP_EXPR, r);
  bb.cond_goto (EQ_EXPR, res, build_zero_cst (rt), zero, done);
  bb.label (zero);
  auto_vec<tree> args;
  args.safe_push (binding);
  if (op->fails == IDL_FAILS_ERRNO)
    bb.set (res, NOP_EXPR, bb.call (abi.error_errno, args,
				    integer_type_node));
  else
    {
      tree err = bb.call (abi.error, args, integer_type_node);
      tree failed = bb.new_label ();
      bb.cond_goto (NE_EXPR, err, integer_zero_node, failed, done);
      bb.label (failed);
      bb.set (res, NOP_EXPR, op->fail_value);
    }
  bb.label (done);
  return res;
}
