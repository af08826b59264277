/* compact.cc -- stage 4, compact mode: tables and glue for one engine.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   With -fplugin-arg-idlstub-mode=compact the plugin trades speed for
   size the way TAO's interpretive stubs do (paper 002): instead of a
   specialized body per operation (emit.cc), each operation gets a small
   constant table that describes its messages, and one engine in the
   runtime (runtime/compact-client.c, compact-server.c) marshals from
   it.  What is left in the program per operation is glue:

     long small (idl_binding_t *b, short a, long c, short d)
     {
       uint64_t words[2] = { (uint16_t) a | (uint64_t) (uint16_t) d << 16,
			     c };
       return idl_compact_call (b, small.idl_ct, NULL, words);
     }

   The client stub packs the request's words itself: the layout is a
   constant, and a few shifts cost less code than the table entries an
   engine would read them from.  It hands the engine, per parameter,
   only what the table's slots and items name (pointers to strings,
   buffers and out parameters, descriptors).

     static void __idl_thunk_small (idl_call_t *call, void *const *msg,
				    void *unused)
     {
       ((uint64_t *) msg)[1]
	 = small_impl (call, *(short *) ((char *) msg + 8),
		       *(long *) ((char *) msg + 16),
		       *(short *) ((char *) msg + 10));
     }

     uint64_t calc_dispatch (idl_call_t *call, uint64_t *msg)
     {
       return idl_compact_dispatch (call, msg, calc.idl_cops);
     }

   An operation whose messages hold values only gets such a "direct"
   thunk: it reads its arguments in the request's words and writes the
   reply's (direct stack transfer, paper 000, 4.3.1), and needs no table
   on the server at all (its entry in the table of operations holds the
   tags).  So does one with values in and one buffer out (SawMill's
   pfs_get_direntries), whose thunk also checks the buffer's count and
   length (direct_out_op).  Any other operation's thunk takes the
   arguments the engine prepared, one pointer per parameter:

     static void __idl_thunk_strxfer (idl_call_t *call, void *const *argv,
				      void *result)
     {
       strxfer_impl (call, (const char *) argv[0], (long *) argv[1],
		     (long *) argv[2]);
     }

   The tables hold the same layout the fast stubs are built from
   (layout.cc: offsets and alignments are copied, never re-derived), so
   the wire format is the same in both modes and a compact client talks
   to a fast server and the other way round.  The format is documented
   in runtime/idlrt-abi.h ("Compact mode").  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "emit.h"

/* Error codes from idlrt.h (emit.cc has the same): the plugin does not
   include that header's C declarations.  */
#ifndef IDL_E_BADMSG
# define IDL_E_BADMSG 4
# define IDL_E_BOUNDS 9
#endif

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


/* Does OP's every message hold values only: no payload, no string
   length, no descriptor, no block?  Then the engine's fast paths serve
   it, and its server thunk is a direct one.  */
static bool
values_only (const idl_operation *op)
{
  for (const idl_message_layout *m : { &op->request, &op->reply })
    {
      if (!m->items.empty ())
	return false;
      for (const idl_slot &s : m->slots)
	if (s.role != IDL_SLOT_VALUE)
	  return false;
    }
  return true;
}

static unsigned
log2_of (unsigned HOST_WIDE_INT a)
{
  unsigned k = 0;
  while ((1ULL << k) < a)
    k++;
  return k;
}

/* Slot S of OP as a table word (idlrt-abi.h).  */
static unsigned
slot_word (const idl_operation *op, const idl_slot &s, bool reply,
	   bool bools)
{
  unsigned cls = IDL_CT_V_UNSIGNED;
  bool inout = false;
  if (s.param < 0)
    cls = op->result.cls;
  else
    {
      const idl_param &p = op->params[s.param];
      if (s.role == IDL_SLOT_VALUE)
	cls = p.value.cls;
      else if (s.role == IDL_SLOT_FD)
	cls = IDL_CT_V_SIGNED;
      inout = reply && p.dir == IDL_DIR_INOUT;
    }
  if (s.role == IDL_SLOT_BLOCK)
    cls = bools ? IDL_CT_S_BOOLS >> IDL_CT_S_CLASS_SHIFT : 0;
  if (s.size > 255 || s.word > 255 || s.offset > 7)
    sorry_at (DECL_SOURCE_LOCATION (op->decl),
	      "compact mode: a slot of %qs does not fit its table",
	      op->name ());
  unsigned b2 = s.offset | s.role << IDL_CT_S_ROLE_SHIFT
		| cls << IDL_CT_S_CLASS_SHIFT | (inout ? IDL_CT_S_INOUT : 0);
  return (s.param < 0 ? IDL_CT_RESULT : (unsigned) s.param) | s.word << 8
	 | b2 << 16 | s.size << 24;
}

/* OP's slot of parameter I in message M (a scalar: a count or a
   length), or NULL.  */
static const idl_slot *
slot_of (const idl_message_layout &m, int i)
{
  for (const idl_slot &s : m.slots)
    if (s.param == i)
      return &s;
  return NULL;
}

/* OP's slot of parameter I of role ROLE in message M, or NULL.  */
static const idl_slot *
slot_of_role (const idl_message_layout &m, int i, enum idl_slot_role role)
{
  for (const idl_slot &s : m.slots)
    if (s.param == i && s.role == role)
      return &s;
  return NULL;
}

/* A table under construction: its words, and the _Bool lists to append,
   each with the word that will hold its index.  */
struct table_builder
{
  std::vector<unsigned> w;
  std::vector<std::pair<unsigned, std::vector<unsigned> > > lists;

  bool wide = false;		/* a slot with a _Bool list */

  void bools (const std::vector<unsigned> &offs)
  {
    lists.push_back (std::make_pair (w.size (), offs));
    w.push_back (0);
  }
  void finish ()
  {
    for (auto &l : lists)
      {
	w[l.first] = w.size ();
	w.push_back (l.second.size ());
	w.insert (w.end (), l.second.begin (), l.second.end ());
      }
  }
};

/* The _Bool offsets in one block or element of parameter P.  */
static std::vector<unsigned>
param_bools (const idl_param &p)
{
  std::vector<unsigned> offs;
  if (p.kind == IDL_KIND_BLOCK)
    bool_offsets (p.block_type, 0, offs);
  else if (p.kind == IDL_KIND_BUFFER)
    bool_offsets (p.elem_type, 0, offs);
  return offs;
}

/* Which slots a table lists.  */
enum slot_filter
{
  SLOTS_ENGINE,		/* a request's lengths and descriptors */
  SLOTS_OTHERS,		/* a request's values and blocks */
  SLOTS_ALL,
  SLOTS_BOOL_BLOCKS	/* blocks with _Bools, which a server engine
			   rewrites before a direct thunk runs */
};

/* Append message M's slots of OP that WHICH selects to T.  Returns how
   many.  */
static unsigned
append_slots (table_builder &t, const idl_operation *op,
	      const idl_message_layout &m, bool reply, slot_filter which)
{
  unsigned n = 0;
  for (const idl_slot &s : m.slots)
    {
      bool engine = s.role == IDL_SLOT_LENGTH || s.role == IDL_SLOT_FD;
      std::vector<unsigned> offs;
      if (s.role == IDL_SLOT_BLOCK)
	offs = param_bools (op->params[s.param]);
      /* An inout block in the request's words whose reply is in the
	 payload: the engine copies it there, so it needs it too.  */
      bool to_payload = s.role == IDL_SLOT_BLOCK && !reply
			&& op->params[s.param].dir == IDL_DIR_INOUT
			&& !slot_of_role (op->reply, s.param, IDL_SLOT_BLOCK);
      if ((which == SLOTS_ENGINE && !engine)
	  || (which == SLOTS_OTHERS && engine)
	  || (which == SLOTS_BOOL_BLOCKS && offs.empty () && !to_payload))
	continue;
      t.w.push_back (slot_word (op, s, reply, !offs.empty ()));
      if (!offs.empty ())
	{
	  t.bools (offs);
	  t.wide = true;
	}
      n++;
    }
  return n;
}

static bool out_op (const idl_operation *op);

/* Append message M's items of OP to T.  */
static void
append_items (table_builder &t, const idl_operation *op,
	      const idl_message_layout &m, bool reply, bool no_count = false)
{
  for (const idl_item &it : m.items)
    {
      const idl_param &p = op->params[it.param];
      unsigned kind = it.fixed ? IDL_CT_K_FIXED
		      : p.kind == IDL_KIND_STRING ? IDL_CT_K_STRING
		      : IDL_CT_K_BUFFER;
      std::vector<unsigned> offs = param_bools (p);
      const idl_slot *len = NULL;
      if (kind == IDL_CT_K_BUFFER && p.length_param >= 0
	  && (reply || p.dir == IDL_DIR_INOUT))
	len = slot_of (m, p.length_param);
      unsigned flags = kind;
      if (it.implied)
	flags |= IDL_CT_IF_IMPLIED;
      if (p.dir == IDL_DIR_INOUT)
	flags |= IDL_CT_IF_INOUT;
      if (!offs.empty () && kind != IDL_CT_K_STRING)
	flags |= IDL_CT_IF_BOOLS;
      /* A reply's string of an IDL_CT_F_OUT operation carries its
	 length slot (its table lists no slots).  */
      if (kind == IDL_CT_K_STRING && reply && out_op (op))
	len = slot_of_role (m, it.param, IDL_SLOT_LENGTH);
      if (len)
	flags |= IDL_CT_IF_LENGTH;
      if (it.offset)
	flags |= IDL_CT_IF_OFFSET;
      /* A buffer's element size in byte 3 when it fits (else 0 and a
	 word of its own).  */
      unsigned esize_byte = kind == IDL_CT_K_BUFFER && p.elem_size < 256
			    ? p.elem_size : 0;
      t.w.push_back (it.param | flags << 8 | log2_of (it.align) << 16
		     | esize_byte << 24);
      t.w.push_back (kind == IDL_CT_K_FIXED ? it.max_bytes : p.max);
      if (it.offset)
	t.w.push_back (it.offset);
      if (kind == IDL_CT_K_STRING && len)
	t.w.push_back (slot_word (op, *len, reply, false));
      if (kind == IDL_CT_K_BUFFER)
	{
	  const idl_slot *count = it.count_slot.param >= 0 ? &it.count_slot
				  : slot_of (op->request, p.size_param);
	  gcc_assert (count);
	  if (!esize_byte)
	    t.w.push_back (p.elem_size);
	  if (!no_count)
	    t.w.push_back (slot_word (op, *count, false, false));
	  if (len)
	    t.w.push_back (slot_word (op, *len, reply, false));
	}
      if (flags & IDL_CT_IF_BOOLS)
	t.bools (offs);
    }
}

/* Does OP take the engines' other short paths (IDL_CT_F_OUT): values
   only in the request, payload items (at most 8) and values and string
   lengths in the reply, no descriptors, no blocks in words?  */
static bool
out_op (const idl_operation *op)
{
  if (op->oneway || !op->request.items.empty () || op->request.nfds
      || op->reply.items.empty () || op->reply.items.size () > 8
      || op->reply.nfds)
    return false;
  for (const idl_slot &s : op->request.slots)
    if (s.role != IDL_SLOT_VALUE)
      return false;
  for (const idl_slot &s : op->reply.slots)
    if (s.role != IDL_SLOT_VALUE && s.role != IDL_SLOT_LENGTH)
      return false;
  return true;
}

/* Is OP an out operation (out_op) whose reply's one payload item is a
   buffer, at 0?  Its server thunk checks the buffer itself and is a
   direct one, called for an odd entry of the table of operations, with
   no table: the checks are a couple of comparisons with constants,
   fewer bytes than the table and far fewer instructions than the
   engine reading it.  */
static bool
direct_out_op (const idl_operation *op)
{
  if (!out_op (op) || op->reply.items.size () != 1)
    return false;
  const idl_item &it = op->reply.items[0];
  return !it.fixed && it.offset == 0
	 && op->params[it.param].kind == IDL_KIND_BUFFER;
}

/* Does OP take the engines' short paths (IDL_CT_F_SIMPLE): payload items
   in the request only, at most 8, no descriptors or length slots, and
   values only in the reply?  */
static bool
simple_op (const idl_operation *op)
{
  if (op->request.items.empty () || op->request.items.size () > 8
      || op->request.nfds || !op->reply.items.empty ())
    return false;
  for (const idl_slot &s : op->request.slots)
    if (s.role != IDL_SLOT_VALUE && s.role != IDL_SLOT_BLOCK)
      return false;
  for (const idl_slot &s : op->reply.slots)
    if (s.role != IDL_SLOT_VALUE)
      return false;
  return true;
}

/* OP's table (idlrt-abi.h), as words.  FOR_CLIENT leaves out the
   request slots only a server reads; a server's (for a direct thunk,
   IDL_CT_F_DIRECT) lists only the slots the server engine handles.  */
static std::vector<unsigned>
operation_table (const idl_operation *op, bool for_client)
{
  table_builder t;
  unsigned HOST_WIDE_INT rq = idl_request_tag (op);
  unsigned flags = (op->oneway ? IDL_CT_F_ONEWAY : 0)
		   | (op->has_result && !op->oneway ? IDL_CT_F_RESULT : 0)
		   | (values_only (op) ? 0 : IDL_CT_F_GENERAL)
		   | (!op->request.items.empty () || op->request.nfds
		      ? IDL_CT_F_XREQ : 0)
		   | (for_client ? 0 : IDL_CT_F_DIRECT);
  /* A server's table has no interface id (the table of operations
     has it): a header of IDL_CT_SHDR_WORDS.  */
  unsigned counts = for_client ? 3 : 2;
  t.w.resize (for_client ? IDL_CT_HDR_WORDS : IDL_CT_SHDR_WORDS, 0);
  t.w[1] = rq & 0xffffffff;
  if (for_client)
    t.w[2] = rq >> 32;
  unsigned nrqe = append_slots (t, op, op->request, false, SLOTS_ENGINE);
  unsigned nrq = nrqe;
  if (!for_client)
    nrq += append_slots (t, op, op->request, false, SLOTS_BOOL_BLOCKS);
  /* (A simple operation's client stub reads the reply's values
     itself.)  */
  unsigned nrp = 0;
  if (!op->oneway && !(for_client && simple_op (op)) && !out_op (op))
    nrp = append_slots (t, op, op->reply, true,
			for_client ? SLOTS_ALL : SLOTS_ENGINE);
  append_items (t, op, op->request, false);
  if (!op->oneway)
    /* (A client's out operation with one item: the stub passes a
       buffer's count, idl_compact_call_out_one.)  */
    append_items (t, op, op->reply, true,
		  for_client && out_op (op) && op->reply.items.size () == 1);
  t.finish ();
  if (op->params.size () > 255 || nrq > 255 || nrp > 255
      || op->request.items.size () > 255 || op->reply.items.size () > 255)
    sorry_at (DECL_SOURCE_LOCATION (op->decl),
	      "compact mode: %qs does not fit its table", op->name ());
  if (t.wide)
    flags |= IDL_CT_F_WIDE;
  if (simple_op (op))
    flags |= IDL_CT_F_SIMPLE;
  if (out_op (op))
    flags |= IDL_CT_F_OUT;
  t.w[0] = op->params.size () | flags << 8 | nrq << 16 | nrp << 24;
  t.w[counts] = op->request.items.size ()
	   | (op->oneway ? 0 : op->reply.items.size ()) << 8
	   | (op->oneway ? 0 : op->reply.words) << 16 | nrqe << 24;
  return t.w;
}

static tree
u32_const_type ()
{
  return build_qualified_type (unsigned_intSI_type_node, TYPE_QUAL_CONST);
}

/* OP's table in this translation unit, for its client stub or for its
   dispatcher, built once.  */
static tree
table_of (idl_operation *op, bool for_client)
{
  static hash_map<tree, tree> *tables[2];
  if (!tables[for_client])
    tables[for_client] = new hash_map<tree, tree>;
  if (tree *t = tables[for_client]->get (op->decl))
    return *t;
  std::vector<unsigned> w = operation_table (op, for_client);
  tree elt = u32_const_type ();
  vec<constructor_elt, va_gc> *init = NULL;
  for (unsigned i = 0; i < w.size (); i++)
    CONSTRUCTOR_APPEND_ELT (init, size_int (i), build_int_cstu (elt, w[i]));
  tree var = idl_static_array (std::string (op->name ())
			       + (for_client ? ".idl_ct" : ".idl_st"),
			       elt, init, w.size (),
			       DECL_SOURCE_LOCATION (op->decl));
  /* Words are read one at a time: no padding to a vector's alignment
     (-O2 gives arrays of 32 bytes and more 32), which would cost more
     than a small table holds.  */
  SET_DECL_ALIGN (var, TYPE_ALIGN (elt));
  DECL_USER_ALIGN (var) = 1;
  /* Nor after one: in a section of their own, the tables do not pad
     the arrays of 32-byte alignment that .rodata holds (a table of
     operations, 8 bytes per operation, follows them there).  */
  set_decl_section_name (var, ".rodata.idlstub_ct");
  tables[for_client]->put (op->decl, var);
  return var;
}

/* Does the client engine need OP's parameter P in its ARGV (what the
   table's slots and items name, other than request values)?  */
static bool simple_op (const idl_operation *op);

static bool
engine_needs (const idl_operation *op, const idl_param &p, unsigned i)
{
  switch (p.kind)
    {
    case IDL_KIND_SCALAR:
      /* (A simple operation's stub delivers the reply's values.)  */
      return p.dir != IDL_DIR_IN && !simple_op (op) && !out_op (op);
    case IDL_KIND_BLOCK:
      if (p.dir != IDL_DIR_IN)
	return true;
      /* An in block goes in the words (packed by the stub) or in the
	 payload (copied by the engine).  */
      for (const idl_item &it : op->request.items)
	if (it.param == (int) i)
	  return true;
      return false;
    default:
      return true;
    }
}

/* The unsigned integer type of SIZE bytes.  */
static tree
bits_type (unsigned size)
{
  return build_nonstandard_integer_type (size * BITS_PER_UNIT, 1);
}

/* A SIZE-byte unsigned integer as an object of scalar type TYPE, and
   the other way round.  */
static tree
from_bits (body_builder &bb, tree type, enum idl_value_class cls, tree bits)
{
  if (cls == IDL_VAL_FLOAT)
    return bb.assign (type, VIEW_CONVERT_EXPR,
		      build1 (VIEW_CONVERT_EXPR, type, bits));
  if (cls == IDL_VAL_BOOL)
    return bb.assign (type, NE_EXPR, bits, build_zero_cst (TREE_TYPE (bits)));
  return bb.assign (type, NOP_EXPR, bits);
}

static tree
to_bits (body_builder &bb, tree value, const idl_scalar &s)
{
  tree bits = bits_type (s.size);
  if (s.cls == IDL_VAL_FLOAT)
    return bb.assign (bits, VIEW_CONVERT_EXPR,
		      build1 (VIEW_CONVERT_EXPR, bits, value));
  return bb.assign (bits, NOP_EXPR, value);
}

/* The object of TYPE at byte OFFSET from pointer BASE, alias set 0.  */
static tree
bytes_at (tree type, tree base, unsigned offset)
{
  tree alias_ptr = build_pointer_type_for_mode (char_type_node, ptr_mode,
						true);
  return build2 (MEM_REF, type, base, build_int_cst (alias_ptr, offset));
}

/* The request's words of OP's client stub FN, packed: each value's bytes
   at its offset, zero-extended (emit.cc, pack_message).  Blocks, string
   lengths and descriptor indices are not values: zero here.  Returns
   the words, 1-based (index 0 unused).  */
static std::vector<tree>
pack_values (body_builder &bb, const idl_abi &abi, idl_operation *op,
	     tree fn, bool implied_counts = true)
{
  const idl_message_layout &rq = op->request;
  /* An implied count goes to the engine in a word past the message's
     (layout.cc), which is packed like the others but not sent (unless
     IMPLIED_COUNTS is false: the stub passes it otherwise).  */
  std::vector<idl_slot> slots = rq.slots;
  unsigned nwords = rq.words;
  for (const idl_item &it : rq.items)
    if (it.count_slot.param >= 0 && implied_counts)
      {
	slots.push_back (it.count_slot);
	nwords = it.count_slot.word;
      }
  std::vector<tree> w (nwords + 1, NULL_TREE);
  for (const idl_slot &s : slots)
    {
      if (s.role != IDL_SLOT_VALUE)
	continue;
      const idl_param &p = op->params[s.param];
      tree parm = parm_at (fn, p.index);
      tree bits = p.by_pointer
		  ? bb.load (bytes_at (bits_type (s.size), parm, 0))
		  : to_bits (bb, parm, p.value);
      tree v = bb.assign (abi.u64, NOP_EXPR, bits);
      if (s.offset)
	v = bb.assign (abi.u64, LSHIFT_EXPR, v,
		       build_int_cst (integer_type_node,
				      s.offset * BITS_PER_UNIT));
      w[s.word] = w[s.word] ? bb.assign (abi.u64, BIT_IOR_EXPR, w[s.word], v)
		  : v;
    }
  for (unsigned k = 1; k <= nwords; k++)
    if (!w[k])
      w[k] = build_zero_cst (abi.u64);
  return w;
}

/* The runtime's compact entry point NAME (<idlrt.h>), declared once
   in SLOT: it takes a binding of type B, an operation's table, A3, A4
   and A5 unless it is NULL_TREE, and returns the reply's words.  */
static tree
engine_decl (tree &slot, const idl_abi &abi, const char *name, tree b,
	     tree a3, tree a4, tree a5 = NULL_TREE)
{
  if (!slot)
    {
      slot = build_fn_decl (name, build_function_type_list
			    (abi.u64_cptr, b,
			     build_pointer_type (u32_const_type ()), a3, a4,
			     a5, NULL_TREE));
      TREE_NOTHROW (slot) = 1;
      idl_model_keep (slot);
    }
  return slot;
}

/* The runtime's idl_compact_call_r4 (REGS) or idl_compact_call_m, or
   with W1 their _w1 variants, for bindings of type B.  <idlrt.h>
   declares them with the same types (so do the other entry points of
   the compact stubs below): a program that includes it and never calls
   them has no use of its declarations, so the stubs use these.  */
static tree
values_call_decl (const idl_abi &abi, tree b, bool regs, bool w1)
{
  static tree decls[4];
  tree &decl = decls[regs * 2 + w1];
  if (!decl)
    {
      tree w = abi.u64;
      tree ret = w1 ? w : abi.u64_cptr;
      tree type = regs
		  ? build_function_type_list (ret, b, w, w, w, w, w, NULL_TREE)
		  : build_function_type_list (ret, b, w, abi.u64_cptr,
					      NULL_TREE);
      const char *name = regs ? (w1 ? "idl_compact_call_r4_w1"
				 : "idl_compact_call_r4")
			 : (w1 ? "idl_compact_call_m_w1" : "idl_compact_call_m");
      decl = build_fn_decl (name, type);
      TREE_NOTHROW (decl) = 1;
      idl_model_keep (decl);
    }
  return decl;
}

/* The rest of OP's client stub FN once the runtime returned MR, the
   reply's words or NULL: NULL returns 0; else the reply's values go to
   the out parameters and the result is returned (every word read
   once).  */
static tree
deliver_values (body_builder &bb, const idl_abi &abi, idl_operation *op,
		tree fn, tree mr, unsigned bias = 0)
{
  /* One return for both ways (the failure's 0 set first): a second
     epilogue, aligned out of line, would cost more bytes than the
     jump over the stores.  GCC predicts a pointer non-null.  */
  tree ok = bb.new_label (), done = bb.new_label ();
  tree res = NULL_TREE;
  if (op->has_result && !op->oneway)
    {
      res = bb.temp (op->result.type, "result");
      bb.add (gimple_build_assign (res, build_zero_cst (op->result.type)));
    }
  bb.cond_goto (NE_EXPR, mr, null_pointer_node, ok, done);
  bb.label (ok);
  tree result = NULL_TREE;
  if (op->oneway)
    {
      bb.label (done);
      return op->has_result ? build_zero_cst (op->result.type) : NULL_TREE;
    }
  std::vector<tree> words (op->reply.words + 1, NULL_TREE);
  for (const idl_slot &s : op->reply.slots)
    {
      tree &word = words[s.word];
      if (!word)
	word = bb.load (bytes_at (abi.u64, mr, (s.word - bias) * 8));
      tree v = word;
      if (s.offset)
	v = bb.assign (abi.u64, RSHIFT_EXPR, v,
		       build_int_cst (integer_type_node,
				      s.offset * BITS_PER_UNIT));
      tree bits = bits_type (s.size);
      if (s.size < 8)
	v = bb.assign (bits, NOP_EXPR, v);
      else
	bits = abi.u64;
      if (s.role == IDL_SLOT_LENGTH)
	continue;
      if (s.param < 0)
	/* A _Bool is rebuilt as bits != 0 (emit.cc, unpack_value).  */
	result = from_bits (bb, op->result.type, op->result.cls, v);
      else
	{
	  /* An out scalar gets the bytes as they came, but a _Bool 0 or 1
	     whatever a hostile server sent.  */
	  if (op->params[s.param].value.cls == IDL_VAL_BOOL)
	    v = bb.assign (bits, NOP_EXPR,
			   bb.assign (boolean_type_node, NE_EXPR, v,
				      build_zero_cst (bits)));
	  bb.store (bytes_at (bits, parm_at (fn, op->params[s.param].index),
			      0), v);
	}
    }
  if (res)
    bb.add (gimple_build_assign (res, result));
  bb.label (done);
  return res;
}

/* The client stub of an operation whose messages hold values only: the
   words packed here go to the transport through idl_compact_call_r4
   or idl_compact_call_m, which compares the reply's tag once (the
   request's tag carries the reply's word count for it) and returns the
   reply's words, or NULL; the words are read once each.  A table and
   the engine's generality would cost more bytes than the few
   instructions they replace, and several times the instructions.  */
static void
emit_values_client_stub (body_builder &bb, const idl_abi &abi,
			 idl_operation *op, tree fn)
{
  tree b = DECL_ARGUMENTS (fn);
  std::vector<tree> w = pack_values (bb, abi, op, fn);
  unsigned n = op->request.words;
  unsigned HOST_WIDE_INT tagx = idl_request_tag (op);
  if (!op->oneway)
    tagx |= (unsigned HOST_WIDE_INT) op->reply.words << 9;
  auto_vec<tree> args;
  args.safe_push (b);
  args.safe_push (build_int_cstu (abi.u64, tagx));
  /* A reply that is the result in word 1 and nothing else: the
     runtime returns that word (0 on failure), and the stub is a call.  */
  bool w1_only = !op->oneway && op->reply.words == 1
		 && op->reply.slots.size () == 1
		 && op->reply.slots[0].param < 0
		 && op->reply.slots[0].offset == 0;
  tree helper = values_call_decl (abi, TREE_TYPE (b), n <= IDL_REG_WORDS,
				  w1_only);
  if (n <= IDL_REG_WORDS)
    for (unsigned k = 1; k <= IDL_REG_WORDS; k++)
      args.safe_push (k <= n ? w[k] : build_zero_cst (abi.u64));
  else
    {
      tree arr = bb.temp (build_array_type_nelts (abi.u64, n), "words");
      TREE_ADDRESSABLE (arr) = 1;
      for (unsigned k = 1; k <= n; k++)
	bb.store (build4 (ARRAY_REF, abi.u64, arr, size_int (k - 1),
			  NULL_TREE, NULL_TREE), w[k]);
      args.safe_push (idl_first_element_address (arr, abi.u64_cptr));
    }
  if (w1_only)
    {
      tree v = bb.call (helper, args, abi.u64);
      const idl_slot &s = op->reply.slots[0];
      if (s.size < 8)
	v = bb.assign (bits_type (s.size), NOP_EXPR, v);
      bb.ret (from_bits (bb, op->result.type, op->result.cls, v));
      return;
    }
  tree mr = bb.call (helper, args, abi.u64_cptr);
  bb.ret (deliver_values (bb, abi, op, fn, mr));
}

/* The client stub: pack the request's words, collect what the engine
   needs, call it.  */
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
  if (values_only (op))
    {
      emit_values_client_stub (bb, abi, op, fn);
      bb.finish ();
      add_function (fn);
      cgraph_node::get (fn)->force_output = false;
      return;
    }
  tree argv_type = TREE_VALUE (TREE_CHAIN (TREE_CHAIN
					   (TYPE_ARG_TYPES (TREE_TYPE
							    (abi.compact_call)))));
  tree argv = null_pointer_node;
  bool any = false;
  /* An out operation with one item hands the engine that item's
     pointer itself (idl_compact_call_out_one), and so does a simple
     one with one item (idl_compact_call_simple_one, _string).  */
  bool out_one = out_op (op) && op->reply.items.size () == 1;
  bool simple_one = simple_op (op) && op->request.items.size () == 1;
  tree item = NULL_TREE;
  for (unsigned i = 0; i < n; i++)
    any |= engine_needs (op, op->params[i], i);
  if (any && !out_one)
    {
      tree arr = bb.temp (build_array_type_nelts (ptr_type_node, n), "argv");
      TREE_ADDRESSABLE (arr) = 1;
      for (unsigned i = 0; i < n; i++)
	{
	  const idl_param &p = op->params[i];
	  if (!engine_needs (op, p, i))
	    continue;
	  tree parm = parm_at (fn, p.index);
	  tree v;
	  if (p.kind == IDL_KIND_BLOCK && !p.by_pointer)
	    {
	      TREE_ADDRESSABLE (parm) = 1;
	      v = build_fold_addr_expr_with_type (parm, ptr_type_node);
	    }
	  else if (p.kind == IDL_KIND_FD && !p.by_pointer)
	    v = bb.assign (ptr_type_node, NOP_EXPR,
			   bb.assign (build_nonstandard_integer_type
				      (TYPE_PRECISION (ptr_type_node), 0),
				      NOP_EXPR, parm));
	  else
	    v = bb.assign (ptr_type_node, NOP_EXPR, parm);
	  if (simple_one)
	    {
	      /* (The item is all a simple operation's engine needs.)  */
	      gcc_assert (!item);
	      item = v;
	      continue;
	    }
	  bb.store (build4 (ARRAY_REF, ptr_type_node, arr, size_int (i),
			    NULL_TREE, NULL_TREE), v);
	}
      if (!simple_one)
	argv = idl_first_element_address (arr, argv_type);
    }
  argv = fold_convert (argv_type, argv);

  /* The request's words: each value's bytes at its offset, zero-extended
     (emit.cc, pack_message); blocks over the zeroed words they
     occupy; lengths and descriptor indices left to the engine.  */
  tree words = null_pointer_node;
  const idl_message_layout &rq = op->request;
  /* An IDL_CT_F_OUT operation's engine copies the reply's words into
     the same array.  */
  unsigned nwords = rq.words;
  if (out_op (op))
    nwords = MAX (MAX (rq.words, op->reply.words), 1u);
  /* (A simple operation's one buffer: its count goes to the engine as
     an argument, idl_compact_call_simple_one.)  */
  bool count_arg = simple_one && !op->request.items[0].fixed
		   && op->params[op->request.items[0].param].kind
		      == IDL_KIND_BUFFER;
  for (const idl_item &it : rq.items)
    if (it.count_slot.param >= 0 && !count_arg)
      nwords = it.count_slot.word;
  tree arr = NULL_TREE;
  if (nwords)
    {
      arr = bb.temp (build_array_type_nelts (abi.u64, nwords), "words");
      TREE_ADDRESSABLE (arr) = 1;
      std::vector<tree> w = pack_values (bb, abi, op, fn, !count_arg);
      for (unsigned k = 1; k < w.size (); k++)
	bb.store (build4 (ARRAY_REF, abi.u64, arr, size_int (k - 1),
			  NULL_TREE, NULL_TREE), w[k]);
      for (const idl_slot &s : rq.slots)
	{
	  if (s.role != IDL_SLOT_BLOCK)
	    continue;
	  const idl_param &p = op->params[s.param];
	  tree parm = parm_at (fn, p.index);
	  tree type = p.block_type;
	  tree v = p.by_pointer ? bb.load (bytes_at (type, parm, 0)) : parm;
	  bb.store (bytes_at (type, build_fold_addr_expr (arr),
			      (s.word - 1) * 8), v);
	}
      words = build_fold_addr_expr_with_type (arr, ptr_type_node);
    }

  auto_vec<tree> args;
  args.safe_push (DECL_ARGUMENTS (fn));
  args.safe_push (idl_first_element_address
		  (table_of (op, true), build_pointer_type (u32_const_type ())));
  if (out_one)
    {
      /* The item's pointer, and a buffer's count as C converts it to a
	 size_t (what the engine would read from its slot): the engine
	 checks them, calls, copies the reply's words into WORDS and the
	 item to the caller.  */
      const idl_param &p = op->params[op->reply.items[0].param];
      args.safe_push (bb.assign (ptr_type_node, NOP_EXPR,
				 parm_at (fn, p.index)));
      args.safe_push (words);
      tree count = build_zero_cst (abi.u64);
      if (p.kind == IDL_KIND_BUFFER && !op->reply.items[0].fixed)
	count = bb.assign (abi.u64, NOP_EXPR,
			   parm_at (fn, op->params[p.size_param].index));
      args.safe_push (count);
      static tree one_decl;
      engine_decl (one_decl, abi, "idl_compact_call_out_one",
		   TREE_TYPE (DECL_ARGUMENTS (fn)), ptr_type_node,
		   ptr_type_node, abi.u64);
      tree mr = bb.call (one_decl, args, abi.u64_cptr);
      bb.ret (deliver_values (bb, abi, op, fn, mr, 1));
      bb.finish ();
      add_function (fn);
      cgraph_node::get (fn)->force_output = false;
      return;
    }
  args.safe_push (argv);
  args.safe_push (words);
  if (out_op (op))
    {
      /* The engine checks, calls, copies the reply's words into WORDS
	 (read once from the shared page) and the payload's items to the
	 caller; the reply's values are read here from that copy.  */
      static tree out_decl;
      engine_decl (out_decl, abi, "idl_compact_call_out",
		   TREE_TYPE (DECL_ARGUMENTS (fn)), argv_type, ptr_type_node);
      tree mr = bb.call (out_decl, args, abi.u64_cptr);
      bb.ret (deliver_values (bb, abi, op, fn, mr, 1));
      bb.finish ();
      add_function (fn);
      cgraph_node::get (fn)->force_output = false;
      return;
    }
  if (simple_op (op))
    {
      /* The engine checks, copies and calls; the reply's values are
	 read here, as in a values-only stub.  */
      static tree simple_decl;
      engine_decl (simple_decl, abi, "idl_compact_call_simple",
		   TREE_TYPE (DECL_ARGUMENTS (fn)), argv_type, ptr_type_node);
      /* A single string: the runtime's shortest path for it.  */
      static tree string_decl;
      engine_decl (string_decl, abi, "idl_compact_call_string",
		   TREE_TYPE (DECL_ARGUMENTS (fn)), const_ptr_type_node,
		   ptr_type_node);
      /* One item: the engine's path for it, without a test.  */
      static tree one_decl;
      engine_decl (one_decl, abi, "idl_compact_call_simple_one",
		   TREE_TYPE (DECL_ARGUMENTS (fn)), const_ptr_type_node,
		   ptr_type_node, abi.u64);
      bool one_string = op->request.items.size () == 1
			&& !op->request.items[0].fixed
			&& op->params[op->request.items[0].param].kind
			   == IDL_KIND_STRING;
      if (simple_one)
	{
	  gcc_assert (item);
	  args[2] = item;
	  if (!one_string)
	    {
	      /* A buffer's count as C converts it to a size_t, else 0.  */
	      tree count = build_zero_cst (abi.u64);
	      if (count_arg)
		count = bb.assign (abi.u64, NOP_EXPR,
				   parm_at (fn, op->params[op->params
							   [op->request.items[0]
							    .param].size_param]
					    .index));
	      args.safe_push (count);
	    }
	}
      tree mr = bb.call (one_string ? string_decl
			 : simple_one ? one_decl : simple_decl, args,
			 abi.u64_cptr);
      bb.ret (deliver_values (bb, abi, op, fn, mr));
      bb.finish ();
      add_function (fn);
      cgraph_node::get (fn)->force_output = false;
      return;
    }
  tree r = bb.call (abi.compact_call, args, abi.u64);
  tree result = NULL_TREE;
  if (op->has_result)
    {
      tree rt = op->result.type;
      if (op->result.cls == IDL_VAL_FLOAT)
	result = from_bits (bb, rt, IDL_VAL_FLOAT,
			    op->result.size == 8 ? r
			    : bb.assign (bits_type (op->result.size),
					 NOP_EXPR, r));
      else
	result = bb.assign (rt, NOP_EXPR, r);
    }
  bb.ret (result);
  bb.finish ();

  add_function (fn);
  /* As a fast stub: a body every call inlined is dropped.  */
  cgraph_node::get (fn)->force_output = false;
}

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

/* OP's direct thunk: the arguments read in the request MSG (given as
   ARGV) where they are in words, taken from the engine's ARGV (given as
   RESULT) where they are in the payload; the reply's words written in
   MSG.  Out values start as zero, out descriptors as -1 (emit.cc,
   emit_server_stub).  The reply's words are built in place when no
   argument points into the request's words (they are zeroed once every
   value has been read), else in a scratch copy then copied.  The engine
   has turned descriptor indices into descriptors and rewritten _Bools
   in blocks before, and deals with descriptors and lengths in the
   reply's words after.  */
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
  tree call_ptr = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (dispatcher)));
  tree call = DECL_ARGUMENTS (fn);
  tree msg = DECL_CHAIN (call);
  tree argv = DECL_CHAIN (msg);

  body_builder bb (fn, DECL_SOURCE_LOCATION (fn));
  unsigned rwords = op->oneway ? 0 : op->reply.words;
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
  /* Reply word K (1-based) is at REPLY + (K - 1) * 8.  */
  tree scratch = NULL_TREE, reply = NULL_TREE;
  if (rwords && !in_place)
    {
      scratch = bb.temp (build_array_type_nelts (u64, rwords), "reply");
      TREE_ADDRESSABLE (scratch) = 1;
      reply = build_fold_addr_expr (scratch);
    }
  else if (rwords)
    reply = bb.assign (TREE_TYPE (msg), POINTER_PLUS_EXPR, msg, size_int (8));
  /* BASE + OFFSET as a pointer of BASE's type.  */
  auto at = [&] (tree base, unsigned offset) {
    if (!offset)
      return base;
    return bb.assign (TREE_TYPE (base), POINTER_PLUS_EXPR, base,
		      size_int (offset));
  };
  auto engine_ptr = [&] (unsigned i) {
    return bb.load (bytes_at (ptr_type_node, argv, i * POINTER_SIZE_UNITS));
  };
  /* Stores into the reply's words, made once they are zeroed, and the
     bytes they and the result's store cover: a word they cover whole
     needs no zeroing.  */
  std::vector<std::pair<tree, tree> > later;
  std::vector<bool> covered (rwords * 8, false);
  auto cover = [&] (unsigned o, unsigned n) {
    for (unsigned i = o; i < o + n && i < covered.size (); i++)
      covered[i] = true;
  };

  auto_vec<tree> args;
  args.safe_push (call);
  tree a = TREE_CHAIN (TYPE_ARG_TYPES (TREE_TYPE (op->decl)));
  for (unsigned i = 0; i < op->params.size (); i++, a = TREE_CHAIN (a))
    {
      const idl_param &p = op->params[i];
      tree ptype = TREE_VALUE (a);
      if (out_buffer && p.kind == IDL_KIND_BUFFER)
	{
	  /* The reply area, where the runtime sends it from.  */
	  args.safe_push (bb.assign (ptype, NOP_EXPR,
				     at (msg, IDL_MSG_REPLY_PAYLOAD)));
	  continue;
	}
      if (p.kind == IDL_KIND_STRING || p.kind == IDL_KIND_BUFFER)
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
	  tree type = p.block_type;
	  if (p.dir == IDL_DIR_IN ? !in : !out)
	    {
	      /* In the payload: the engine's pointer (into the request,
		 or the reply area with an inout block copied there).  */
	      tree ptr = engine_ptr (i);
	      args.safe_push (p.by_pointer ? bb.assign (ptype, NOP_EXPR, ptr)
			      : bytes_at (type, ptr, 0));
	      continue;
	    }
	  if (!p.by_pointer)
	    {
	      args.safe_push (bytes_at (type, msg, in->word * 8));
	      continue;
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
				 (bytes_at (type, reply, o),
				  bb.load (in ? bytes_at (type, msg, in->word * 8)
					   : bytes_at (type, engine_ptr (i),
						       0))));
		}
	      ptr = at (reply, o);
	    }
	  else
	    ptr = at (msg, in->word * 8);
	  args.safe_push (bb.assign (ptype, NOP_EXPR, ptr));
	  continue;
	}
      unsigned size = p.kind == IDL_KIND_FD ? 4 : in ? in->size : out->size;
      tree bits = bits_type (size);
      unsigned from = in ? in->word * 8 + in->offset : 0;
      if (!p.by_pointer)
	{
	  /* A _Bool is rebuilt as bits != 0 (emit.cc, unpack_value); a
	     descriptor is already one (the engine).  */
	  tree v = bb.load (bytes_at (bits, msg, from));
	  args.safe_push (p.kind == IDL_KIND_FD
			  ? bb.assign (ptype, NOP_EXPR, v)
			  : from_bits (bb, ptype, p.value.cls, v));
	  continue;
	}
      tree v = NULL_TREE;
      if (in)
	{
	  v = bb.load (bytes_at (bits, msg, from));
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
	      later.push_back (std::make_pair (bytes_at (bits, reply, o),
					       v ? v
					       : build_all_ones_cst (bits)));
	    }
	  ptr = at (reply, o);
	}
      else
	{
	  if (p.value.cls == IDL_VAL_BOOL)
	    bb.store (bytes_at (bits, msg, from), v);
	  ptr = at (msg, from);
	}
      args.safe_push (bb.assign (ptype, NOP_EXPR, ptr));
    }
  /* A result alone in its word is stored as the whole word, zero-
     extended, after the call.  */
  const idl_slot *rs = op->has_result && !op->oneway
		       ? slot_of (op->reply, -1) : NULL;
  bool result_word = rs && rs->offset == 0;
  if (result_word)
    for (const idl_slot &sl : op->reply.slots)
      if (sl.word == rs->word && &sl != rs)
	result_word = false;
  if (rs)
    cover ((rs->word - 1) * 8 + (result_word ? 0 : rs->offset),
	   result_word ? 8 : rs->size);
  /* A direct out operation's buffer: its count (an in value, as C
     converts it to a size_t) within the bound before the implementation
     writes anything; a malformed request otherwise (emit.cc, the server
     stub's checks).  */
  tree count = NULL_TREE;
  const idl_param *buf = NULL;
  auto fail_unless = [&] (tree a, tree b, int code) {
    tree ok = bb.new_label (), bad = bb.new_label ();
    bb.cond_goto (LE_EXPR, a, b, ok, bad);
    bb.label (bad);
    bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
    bb.ret (build_int_cstu (u64, idl_error_tag (code)));
    bb.label (ok);
  };
  if (out_buffer)
    {
      buf = &op->params[op->reply.items[0].param];
      count = bb.assign (u64, NOP_EXPR, args[1 + buf->size_param]);
      fail_unless (count, build_int_cstu (u64, buf->max), IDL_E_BADMSG);
    }
  for (unsigned k = 0; k < rwords; k++)
    if (std::find (covered.begin () + k * 8, covered.begin () + k * 8 + 8,
		   false) != covered.begin () + k * 8 + 8)
      bb.store (bytes_at (u64, reply, k * 8), build_zero_cst (u64));
  for (auto &st : later)
    bb.store (st.first, st.second);
  tree impl = implementation_decl (op, call_ptr);
  if (op->has_result && !op->oneway)
    {
      tree r = bb.call (impl, args, op->result.type);
      tree bits = to_bits (bb, r, op->result);
      if (result_word)
	bb.store (bytes_at (u64, reply, (rs->word - 1) * 8),
		  bb.assign (u64, NOP_EXPR, bits));
      else
	bb.store (bytes_at (bits_type (rs->size), reply,
			    (rs->word - 1) * 8 + rs->offset), bits);
    }
  else
    bb.call_void (impl, args);
  if (out_buffer)
    {
      /* The elements the implementation filled: its IDL_LENGTH_IS
	 within the caller's capacity (IDL_E_BOUNDS otherwise, as a fast
	 server stub), or the capacity.  */
      tree n = count;
      if (buf->length_param >= 0)
	{
	  const idl_param &lp = op->params[buf->length_param];
	  const idl_slot *ls = slot_of (op->reply, buf->length_param);
	  n = bb.assign (u64, NOP_EXPR,
			 bb.load (bytes_at (lp.value.type, reply,
					    (ls->word - 1) * 8
					    + ls->offset)));
	  fail_unless (n, count, IDL_E_BOUNDS);
	}
      bb.store (bytes_at (u64, msg, IDL_MSG_REPLY_LEN * 8),
		bb.assign (u64, MULT_EXPR, n,
			   build_int_cstu (u64, buf->elem_size)));
    }
  /* (Read as bytes, alias set 0: the implementation wrote them as
     whatever its types are.)  */
  if (scratch)
    for (unsigned k = 0; k < rwords; k++)
      bb.store (bytes_at (u64, msg, (k + 1) * 8),
		bb.load (bytes_at (u64, reply, k * 8)));
  tree rtag = NULL_TREE;
  if (values && op->oneway)
    rtag = build_int_cstu (u64, IDL_TAG_ONEWAY);
  else if (values)
    {
      /* The reply's tag is the request's (checked whole by the engine)
	 with the reply's word count in its low byte: a byte inserted in
	 the tag MSG still holds costs fewer bytes than a 64-bit
	 constant.  */
      rtag = bb.temp (u64, NULL);
      bb.add (gimple_build_assign (rtag, BIT_INSERT_EXPR,
				   bb.load (bytes_at (u64, msg, 0)),
				   build_int_cstu (unsigned_char_type_node,
						   idl_reply_tag (op) & 0xff),
				   bitsize_zero_node));
    }
  bb.ret (rtag);
  bb.finish ();
  add_function (fn);
  return fn;
}

/* The dispatcher: the table of operations (idlrt-abi.h), and a call of
   the engine.  */
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
      words.push_back ((nent + tables.size ()) << IDL_CT_W_SHIFT | kind);
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
