/* bulk.cc -- bulk items: the checks, the stubs' parts, the table.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A string or buffer whose bound does not fit the page's payload
   (IDL_PAYLOAD_MAX) travels as a bulk item (HACKING, "Large buffers:
   the design"; idlrt-abi.h, "Bulk items"): layout.cc chooses which,
   and this file gives fast mode's stubs their part of it.  (Compact
   mode lists bulk items in its tables, compact-tables.cc, and the
   runtime's engine does the same with them.)

   Client stub: an array of struct idl_bulk_item on the stack, one per
   bulk item in parameter order, each pointing at the caller's own
   memory (the runtime copies once from it and into it), and
   idl_callv_bulk instead of idl_callv_x.  Lengths are in bytes.  A
   string's length counts its NUL, as the bytes that travel do: an in
   string's item is its strlen + 1 bytes, an out string's room the
   bound + 1 the caller's buffer holds.  An inout item sends its whole
   room, so that the server's stub can prove the room it lets the
   implementation fill (the contract gives the server no room for an
   inout item apart from the bytes it received).  After a call that
   succeeded
   each out length is checked before anything reaches the caller (a
   hostile server must not make the stub report more than was
   written, nor a count its IDL_LENGTH_IS parameter does not match):
   within the room, whole elements, a string's NUL as its last byte.

   Server stub: the runtime has copied every in byte once into private
   memory (the no-double-fetch rule) and gives each item's buffer and
   length at MSG[IDL_MSG_BULK + 2 I]; the stub checks them against the
   counts the request's words carry before the implementation sees a
   pointer, and writes each out length for the reply.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"
#include "abi.h"
#include "marshal.h"
#include "bulk.h"

/* The macro that bounds parameter P, for diagnostics.  */
static const char *
bound_macro (const idl_param &p)
{
  return p.kind == IDL_KIND_STRING ? "IDL_STRING" : "IDL_SIZE_IS";
}

bool
idl_check_bulk_operation (const idl_operation *op)
{
  if (op->bulk.empty ())
    return true;
  const idl_param &first = op->params[op->bulk[0]];
  location_t loc = DECL_SOURCE_LOCATION (first.decl);
  if (op->bulk.size () > IDL_BULK_ITEMS)
    {
      const idl_param &p = op->params[op->bulk[IDL_BULK_ITEMS]];
      error_at (DECL_SOURCE_LOCATION (p.decl), "operation %qD has %u "
		"strings and buffers that do not fit the page of a message "
		"together; at most %d (%<IDL_BULK_ITEMS%>) may travel "
		"beside it, and %qD is one more (bound by %qs)", op->decl,
		(unsigned) op->bulk.size (), IDL_BULK_ITEMS, p.decl,
		bound_macro (p));
      return false;
    }
  if (op->oneway)
    {
      error_at (loc, "one-way operation %qD: the %qs bound of %qD, %wu "
		"bytes, does not fit the page of a message (%d bytes); only an "
		"operation with a reply carries larger items", op->decl,
		bound_macro (first), first.decl, first.max_bytes (),
		IDL_PAYLOAD_MAX);
      return false;
    }
  return true;
}

/* Field F of bulk item K of the array ITEMS.  */
static tree
item_field (const idl_abi &abi, tree items, unsigned k, tree f)
{
  tree elt = build4 (ARRAY_REF, abi.bulk_item, items, size_int (k),
		     NULL_TREE, NULL_TREE);
  return build3 (COMPONENT_REF, TREE_TYPE (f), elt, f, NULL_TREE);
}

tree
bulk_client_items (body_builder &bb, const idl_abi &abi,
		   const idl_operation *op, tree fn,
		   const std::vector<tree> &sent, const std::vector<tree> &cap,
		   std::vector<tree> &room)
{
  unsigned n = op->bulk.size ();
  tree items = bb.temp (build_array_type_nelts (abi.bulk_item, n), "bulk");
  TREE_ADDRESSABLE (items) = 1;
  room.assign (n, NULL_TREE);
  for (unsigned k = 0; k < n; k++)
    {
      int i = op->bulk[k];
      const idl_param &p = op->params[i];
      tree len, max;
      if (p.kind == IDL_KIND_STRING)
	{
	  len = p.sent () ? bb.assign (sizetype, PLUS_EXPR, sent[i],
				       size_cst (1)) : size_cst (0);
	  max = p.returned () ? size_cst (p.max + 1) : len;
	}
      else
	{
	  len = p.sent () ? item_bytes (bb, p, sent[i], false)
		: size_cst (0);
	  max = p.returned () ? item_bytes (bb, p, cap[i], false) : len;
	}
      if (p.dir == IDL_DIR_INOUT)
	/* The whole room goes, not only the length sent: the server's
	   private buffer is as large as what arrives, and its stub
	   checks that this is the room the implementation may fill
	   (the count's elements, the bound's chars and NUL), which a
	   room announced apart could not prove.  The caller's buffer
	   has that room (an inout string's is MAX + 1 bytes).  */
	len = max;
      room[k] = max;
      unsigned long dir = p.dir == IDL_DIR_IN ? IDL_BULK_IN
			  : p.dir == IDL_DIR_OUT ? IDL_BULK_OUT
			  : IDL_BULK_INOUT;
      tree parm = parm_at (fn, p.index);
      bb.store (item_field (abi, items, k, abi.bulk_ptr),
		bb.assign (ptr_type_node, NOP_EXPR, parm));
      bb.store (item_field (abi, items, k, abi.bulk_len),
		bb.assign (size_type_node, NOP_EXPR, len));
      bb.store (item_field (abi, items, k, abi.bulk_max),
		bb.assign (size_type_node, NOP_EXPR, max));
      bb.store (item_field (abi, items, k, abi.bulk_dir),
		build_int_cstu (long_unsigned_type_node, dir));
    }
  return items;
}

void
bulk_client_check (body_builder &bb, const idl_abi &abi,
		   const idl_operation *op, tree fn, tree items,
		   const std::vector<tree> &room, const std::vector<tree> &cap,
		   const std::vector<tree> &got, tree fail)
{
  for (unsigned k = 0; k < op->bulk.size (); k++)
    {
      int i = op->bulk[k];
      const idl_param &p = op->params[i];
      if (!p.returned ())
	continue;
      tree parm = parm_at (fn, p.index);
      tree len = bb.assign (sizetype, NOP_EXPR,
			    bb.load (item_field (abi, items, k,
						 abi.bulk_len)));
      if (p.kind == IDL_KIND_STRING)
	{
	  /* At least the NUL, at most the bound's chars before it (one
	     comparison: a length of 0 wraps round), and the NUL the
	     last byte: what the caller reads ends within what came.  */
	  tree m = bb.assign (sizetype, MINUS_EXPR, len, size_cst (1));
	  fail_if (bb, GT_EXPR, m, size_cst (p.max), fail);
	  tree end = ptr_add (bb, parm, m, abi.alias_ptr);
	  tree c = bb.load (byte_at (abi, end, 0));
	  fail_if (bb, NE_EXPR, c, build_zero_cst (TREE_TYPE (c)), fail);
	  continue;
	}
      fail_if (bb, GT_EXPR, len, room[k], fail);
      tree n = whole_elements (bb, len, p.elem_size, fail);
      if (p.length_param >= 0 && got[p.length_param])
	{
	  /* The count the reply's words give the IDL_LENGTH_IS
	     parameter must be the bytes that came.  */
	  const idl_param &lp = op->params[p.length_param];
	  tree v = bb.assign (lp.value.type, NOP_EXPR, got[p.length_param]);
	  v = bb.assign (sizetype, NOP_EXPR, v);
	  fail_if (bb, NE_EXPR, v, n, fail);
	}
      else if (p.length_param < 0)
	/* Without IDL_LENGTH_IS the whole buffer comes back.  */
	fail_if (bb, NE_EXPR, n, cap[i], fail);
      fix_bools (bb, abi, parm, p.elem_type, n);
    }
}

void
bulk_server_request (body_builder &bb, const idl_abi &abi,
		     const idl_operation *op, tree msg,
		     const std::vector<tree> &count, std::vector<tree> &inlen,
		     std::vector<tree> &in_ptr, std::vector<tree> &out_ptr,
		     tree bad)
{
  for (unsigned k = 0; k < op->bulk.size (); k++)
    {
      int i = op->bulk[k];
      const idl_param &p = op->params[i];
      tree w = bb.load (message_word (abi, msg, IDL_MSG_BULK + 2 * k));
      tree buf = bb.assign (abi.alias_ptr, NOP_EXPR, w);
      tree blen = bb.load (message_word (abi, msg, IDL_MSG_BULK + 2 * k + 1));
      blen = bb.assign (sizetype, NOP_EXPR, blen);
      if (p.kind == IDL_KIND_STRING && p.dir == IDL_DIR_INOUT)
	{
	  /* The whole room came (bulk_client_items): the bound and its
	     NUL; the string ends within it.  */
	  fail_if (bb, NE_EXPR, blen, size_cst (p.max + 1), bad);
	  auto_vec<tree> args;
	  args.safe_push (buf);
	  args.safe_push (size_cst (p.max + 1));
	  tree n = bb.call (idl_libc_decl (BUILT_IN_STRNLEN), args,
			    size_type_node);
	  n = bb.assign (sizetype, NOP_EXPR, n);
	  fail_if (bb, GT_EXPR, n, size_cst (p.max), bad);
	  inlen[i] = n;
	}
      else if (p.kind == IDL_KIND_STRING && p.sent ())
	{
	  /* The NUL last, within the bound (as the client checks an
	     out string): the implementation never reads past it.  */
	  tree n = bb.assign (sizetype, MINUS_EXPR, blen, size_cst (1));
	  fail_if (bb, GT_EXPR, n, size_cst (p.max), bad);
	  tree end = ptr_add (bb, buf, n, abi.alias_ptr);
	  tree c = bb.load (byte_at (abi, end, 0));
	  fail_if (bb, NE_EXPR, c, build_zero_cst (TREE_TYPE (c)), bad);
	  inlen[i] = n;
	}
      else if (p.kind == IDL_KIND_STRING)
	/* An out string's room: the bound and its NUL.  */
	fail_if (bb, LT_EXPR, blen, size_cst (p.max + 1), bad);
      else if (p.dir == IDL_DIR_INOUT)
	/* The whole room came: the elements the count allows, of which
	   the first INLEN (the count, or the IDL_LENGTH_IS length the
	   words give, checked against it) are the ones sent.  */
	fail_if (bb, NE_EXPR, blen, item_bytes (bb, p, count[i], false),
		 bad);
      else if (p.sent ())
	/* Exactly the elements the words count: whole elements, within
	   the bound the count was checked against.  */
	fail_if (bb, NE_EXPR, blen, item_bytes (bb, p, inlen[i], false),
		 bad);
      else
	/* An out buffer's room: the elements the count allows.  */
	fail_if (bb, LT_EXPR, blen, item_bytes (bb, p, count[i], false),
		 bad);
      if (p.sent ())
	in_ptr[i] = buf;
      if (p.returned ())
	out_ptr[i] = buf;
    }
}

bool
bulk_server_reply (body_builder &bb, const idl_abi &abi,
		   const idl_operation *op, tree msg,
		   const std::vector<tree> &count,
		   const std::vector<tree> &locals,
		   const std::vector<tree> &out_ptr, tree too_long)
{
  bool used = false;
  for (unsigned k = 0; k < op->bulk.size (); k++)
    {
      int i = op->bulk[k];
      const idl_param &p = op->params[i];
      if (!p.returned ())
	continue;
      tree bytes;
      if (p.kind == IDL_KIND_STRING)
	{
	  auto_vec<tree> args;
	  args.safe_push (out_ptr[i]);
	  args.safe_push (size_cst (p.max + 1));
	  tree n = bb.call (idl_libc_decl (BUILT_IN_STRNLEN), args,
			    size_type_node);
	  n = bb.assign (sizetype, NOP_EXPR, n);
	  fail_if (bb, GT_EXPR, n, size_cst (p.max), too_long);
	  used = true;
	  bytes = bb.assign (sizetype, PLUS_EXPR, n, size_cst (1));
	}
      else if (p.length_param >= 0)
	{
	  tree n = bb.assign (sizetype, NOP_EXPR,
			      bb.load (locals[p.length_param]));
	  fail_if (bb, GT_EXPR, n, count[i], too_long);
	  used = true;
	  bytes = item_bytes (bb, p, n, false);
	}
      else
	bytes = item_bytes (bb, p, count[i], false);
      bb.store (message_word (abi, msg, IDL_MSG_BULK + 2 * k + 1),
		bb.assign (abi.u64, NOP_EXPR, bytes));
    }
  return used;
}

/* The table (idlrt-abi.h, "Bulk items"): for each bulk operation, by
   number, a header word and a word per item, its direction and bound
   in bytes; a zero word ends it.  Empty when no operation is bulk.  */
static std::vector<unsigned HOST_WIDE_INT>
bulk_table (const idl_interface *iface)
{
  std::vector<const idl_operation *> ops (iface->ops.begin (),
					  iface->ops.end ());
  std::sort (ops.begin (), ops.end (),
	     [] (const idl_operation *a, const idl_operation *b)
	     { return a->number < b->number; });
  std::vector<unsigned HOST_WIDE_INT> t;
  for (const idl_operation *op : ops)
    {
      if (op->bulk.empty ())
	continue;
      t.push_back ((unsigned HOST_WIDE_INT) op->number << IDL_BULK_OP_SHIFT
		   | op->bulk.size ());
      for (int i : op->bulk)
	{
	  const idl_param &p = op->params[i];
	  unsigned HOST_WIDE_INT dir
	    = p.dir == IDL_DIR_IN ? IDL_BULK_IN
	      : p.dir == IDL_DIR_OUT ? IDL_BULK_OUT : IDL_BULK_INOUT;
	  t.push_back (dir << IDL_BULK_DIR_SHIFT | p.max_bytes ());
	}
    }
  if (!t.empty ())
    t.push_back (0);
  return t;
}

void
idl_emit_bulk_table (idl_interface *iface)
{
  std::vector<unsigned HOST_WIDE_INT> t = bulk_table (iface);
  tree type = TREE_TYPE (iface->decl);
  tree field = NULL_TREE;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f)
	&& strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), "bulk") == 0)
      field = f;
  if (t.empty () || !field || !POINTER_TYPE_P (TREE_TYPE (field))
      || !varpool_node::get (iface->decl))
    return;
  if (dump_file)
    {
      fprintf (dump_file, "interface %s: bulk table", iface->name.c_str ());
      for (unsigned HOST_WIDE_INT w : t)
	fprintf (dump_file, " 0x%lx", (unsigned long) w);
      fputc ('\n', dump_file);
    }
  tree elt = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (field)));
  vec<constructor_elt, va_gc> *elts = NULL;
  for (unsigned i = 0; i < t.size (); i++)
    CONSTRUCTOR_APPEND_ELT (elts, size_int (i), build_int_cstu (elt, t[i]));
  tree var = idl_static_array (iface->name + ".idl_bulk", elt, elts,
			       t.size (), DECL_SOURCE_LOCATION (iface->decl));
  idl_point_descriptor_at (iface, "bulk", var);
}
