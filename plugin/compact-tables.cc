/* compact-tables.cc -- stage 4, compact mode: the per-operation tables.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   With -fplugin-arg-idlstub-mode=compact the plugin trades speed for
   size the way TAO's interpretive stubs do (paper 002): instead of a
   specialized body per operation (fast mode, client-stub.cc and
   server-stub.cc), each operation gets a small constant table that
   describes its messages, and one engine in the runtime
   (runtime/compact-client.c, compact-server.c) marshals from it.  What
   is left in the program per operation is glue: a client stub
   (compact-client.cc) and a server thunk (compact-server.cc).

   The tables hold the same layout the fast stubs are built from
   (layout.cc: offsets and alignments are copied, never re-derived), so
   the wire format is the same in both modes and a compact client talks
   to a fast server and the other way round.  The format is documented
   in runtime/idlrt-abi.h ("Compact mode").  An operation's table is
   an array of 32-bit words in .rodata.idlstub_ct, OP.idl_ct for its
   client stub and OP.idl_st for its dispatcher (table_of):

     header      parameter count, flags, slot counts; the request's tag
		 (its interface id on the client's side only); item and
		 word counts
     slots       a word per slot the engine handles (lengths,
		 descriptors; on the client's side the reply's values
		 too): parameter, word, offset, role, class, size
     items       per payload item, its parameter, kind, alignment and
		 element size, its bound, and the slots of its count and
		 length
     _Bools      per record or element holding one, the offsets the
		 engine rewrites as 0 or 1

   Operations of a few common shapes take the engines' short paths,
   which their tables' flags name (simple_op, out_op), or need no table
   on the server at all (values_only, direct_out_op: compact-server.cc).
   The tables also tell the engine where the stubs and thunks do part
   of the work themselves (compact-client.cc, compact-server.cc).  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "compact-tables.h"

/* The byte offsets of the _Bool objects in one object of TYPE, from
   BASE on, as fast mode's fix_bools (marshal.cc) visits them: record
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
bool
values_only (const idl_operation *op)
{
  /* (A bulk operation's items are beside the messages.)  */
  if (!op->bulk.empty ())
    return false;
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
	/* A descriptor's class says whether it is a region, and which
	   kind (idlrt-abi.h): 0 (IDL_CT_V_SIGNED) for a plain one.  */
	cls = p.region;
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
const idl_slot *
slot_of (const idl_message_layout &m, int i)
{
  for (const idl_slot &s : m.slots)
    if (s.param == i)
      return &s;
  return NULL;
}

/* OP's slot of parameter I of role ROLE in message M, or NULL.  */
const idl_slot *
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
std::vector<unsigned>
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

/* Append item IT of message M of OP to T (idlrt-abi.h); a bulk item
   (IT.param a parameter with idl_param::bulk) has its bulk index where
   a payload item has its alignment.  */
static void
append_item (table_builder &t, const idl_operation *op,
	     const idl_message_layout &m, const idl_item &it, bool reply,
	     bool no_count)
{
  const idl_param &p = op->params[it.param];
  bool bulk = p.bulk >= 0;
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
  if (bulk)
    flags |= IDL_CT_IF_BULK;
  /* A buffer's element size in byte 3 when it fits (else 0 and a
     word of its own).  */
  unsigned esize_byte = kind == IDL_CT_K_BUFFER && p.elem_size < 256
			? p.elem_size : 0;
  t.w.push_back (it.param | flags << 8
		 | (bulk ? p.bulk : log2_of (it.align)) << 16
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

/* Append message M's items of OP to T: its payload items, then the
   bulk items that travel its way (idlrt-abi.h).  */
static void
append_items (table_builder &t, const idl_operation *op,
	      const idl_message_layout &m, bool reply, bool no_count = false)
{
  for (const idl_item &it : m.items)
    append_item (t, op, m, it, reply, no_count);
  for (int i : op->bulk)
    {
      const idl_param &p = op->params[i];
      if (reply ? !p.returned () : !p.sent ())
	continue;
      idl_item it = { i, false, false, { -1, 0, 0, 0, IDL_SLOT_VALUE },
		      0, 1, p.max_bytes () };
      append_item (t, op, m, it, reply, false);
    }
}

/* Does OP have IDL_REGION parameters?  Its client stub calls the
   engine's region entry points, and its server table says so.  */
bool
has_regions (const idl_operation *op)
{
  for (const idl_param &p : op->params)
    if (p.region)
      return true;
  return false;
}

/* Does OP take the engines' other short paths (IDL_CT_F_OUT): values
   only in the request, payload items (at most 8) and values and string
   lengths in the reply, no descriptors, no blocks in words?  */
bool
out_op (const idl_operation *op)
{
  if (op->oneway || !op->bulk.empty () || !op->request.items.empty ()
      || op->request.nfds
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
bool
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
bool
simple_op (const idl_operation *op)
{
  if (!op->bulk.empty ()
      || op->request.items.empty () || op->request.items.size () > 8
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
std::vector<unsigned>
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
  unsigned niq = op->request.items.size (), nip = op->reply.items.size ();
  for (int i : op->bulk)
    {
      niq += op->params[i].sent ();
      nip += op->params[i].returned ();
    }
  if (op->params.size () > 255 || nrq > 255 || nrp > 255
      || niq > 255 || nip > 255 || nrqe >= IDL_CT_SD_BULK)
    sorry_at (DECL_SOURCE_LOCATION (op->decl),
	      "compact mode: %qs does not fit its table", op->name ());
  if (t.wide)
    flags |= IDL_CT_F_WIDE;
  if (simple_op (op))
    flags |= IDL_CT_F_SIMPLE;
  if (out_op (op))
    flags |= IDL_CT_F_OUT;
  t.w[0] = op->params.size () | flags << 8 | nrq << 16 | nrp << 24;
  /* (A server's engine reads no NRQE; its byte says whether the
     operation has bulk items and regions.)  */
  if (!for_client)
    nrqe = (op->bulk.empty () ? 0 : IDL_CT_SD_BULK)
	   | (has_regions (op) ? IDL_CT_SD_REGIONS : 0);
  t.w[counts] = niq | (op->oneway ? 0 : nip) << 8
	   | (op->oneway ? 0 : op->reply.words) << 16 | nrqe << 24;
  return t.w;
}

tree
u32_const_type ()
{
  return build_qualified_type (unsigned_intSI_type_node, TYPE_QUAL_CONST);
}

/* OP's table in this translation unit, for its client stub or for its
   dispatcher, built once.  */
tree
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

/* The unsigned integer type of SIZE bytes.  */
tree
bits_type (unsigned size)
{
  return build_nonstandard_integer_type (size * BITS_PER_UNIT, 1);
}

/* A SIZE-byte unsigned integer as an object of scalar type TYPE, and
   the other way round.  */
tree
from_bits (body_builder &bb, tree type, enum idl_value_class cls, tree bits)
{
  if (cls == IDL_VAL_FLOAT)
    return bb.assign (type, VIEW_CONVERT_EXPR,
		      build1 (VIEW_CONVERT_EXPR, type, bits));
  if (cls == IDL_VAL_BOOL)
    return bb.assign (type, NE_EXPR, bits, build_zero_cst (TREE_TYPE (bits)));
  return bb.assign (type, NOP_EXPR, bits);
}

tree
to_bits (body_builder &bb, tree value, const idl_scalar &s)
{
  tree bits = bits_type (s.size);
  if (s.cls == IDL_VAL_FLOAT)
    return bb.assign (bits, VIEW_CONVERT_EXPR,
		      build1 (VIEW_CONVERT_EXPR, bits, value));
  return bb.assign (bits, NOP_EXPR, value);
}

/* The object of TYPE at byte OFFSET from pointer BASE, alias set 0.  */
tree
object_at (tree type, tree base, unsigned offset)
{
  tree alias_ptr = build_pointer_type_for_mode (char_type_node, ptr_mode,
						true);
  return build2 (MEM_REF, type, base, build_int_cst (alias_ptr, offset));
}
