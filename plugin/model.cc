/* model.cc -- the interface model's containers and type rules.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.  */

#include "gcc-compat.h"
#include "model.h"
#include "bulk.h"
#include "xdr.h"

std::vector<idl_interface *> idl_interfaces;

/* Trees the model refers to, kept alive across the C front end's
   collections.  Registered as a root by plugin_init.  */
vec<tree, va_gc> *idl_kept_trees;

void
idl_model_keep (tree t)
{
  if (t)
    vec_safe_push (idl_kept_trees, t);
}

const char *
idl_operation::name () const
{
  return IDENTIFIER_POINTER (DECL_NAME (decl));
}

idl_interface *
idl_find_interface (tree var)
{
  for (idl_interface *iface : idl_interfaces)
    if (iface->decl == var)
      return iface;
  return NULL;
}

/* Operations by FUNCTION_DECL and by name (an IDENTIFIER_NODE): every
   declaration the front end finishes is looked up, so the lookups must
   not walk the operations.  The trees are kept by idl_model_keep.  */
static hash_map<tree, idl_operation *> *ops_by_decl, *ops_by_name;

idl_operation *
idl_find_operation (tree fndecl)
{
  idl_operation **op = ops_by_decl ? ops_by_decl->get (fndecl) : NULL;
  return op ? *op : NULL;
}

idl_operation *
idl_find_operation_by_name (const char *name)
{
  tree id = maybe_get_identifier (name);
  idl_operation **op = id && ops_by_name ? ops_by_name->get (id) : NULL;
  return op ? *op : NULL;
}

void
idl_model_reset (void)
{
  for (idl_interface *iface : idl_interfaces)
    {
      for (idl_operation *op : iface->ops)
	delete op;
      delete iface;
    }
  idl_interfaces.clear ();
  delete ops_by_decl;
  delete ops_by_name;
  ops_by_decl = ops_by_name = NULL;
  idl_kept_trees = NULL;
}

void
idl_add_operation (idl_operation *op)
{
  if (!ops_by_decl)
    {
      ops_by_decl = new hash_map<tree, idl_operation *>;
      ops_by_name = new hash_map<tree, idl_operation *>;
    }
  idl_interface *iface = op->iface;
  iface->ops.push_back (op);
  iface->by_number[op->number] = op;
  iface->stale = true;
  ops_by_decl->put (op->decl, op);
  if (!ops_by_name->get (DECL_NAME (op->decl)))
    ops_by_name->put (DECL_NAME (op->decl), op);
}

/* Scalars cross as 1, 2, 4 or 8 bytes of a message word (paper 000,
   4.2.1).  Wider types (__int128, long double, _Complex) and everything
   that is not a scalar are for the argument-model work to add.  */
bool
idl_classify_scalar (tree type, idl_scalar *out)
{
  type = TYPE_MAIN_VARIANT (type);
  if (!COMPLETE_TYPE_P (type) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
    return false;
  unsigned HOST_WIDE_INT size = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  if (size != 1 && size != 2 && size != 4 && size != 8)
    return false;

  idl_scalar s;
  s.type = type;
  s.size = size;
  switch (TREE_CODE (type))
    {
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
      /* An integer's precision must fill its bytes: a bit-precise
	 type would need masking that nothing here does.  */
      if (TYPE_PRECISION (type) != size * BITS_PER_UNIT)
	return false;
      s.cls = TYPE_UNSIGNED (type) ? IDL_VAL_UNSIGNED : IDL_VAL_SIGNED;
      break;
    case BOOLEAN_TYPE:
      s.cls = IDL_VAL_BOOL;
      break;
    case REAL_TYPE:
      if (TYPE_MODE (type) != SFmode && TYPE_MODE (type) != DFmode)
	return false;
      s.cls = IDL_VAL_FLOAT;
      break;
    default:
      return false;
    }
  *out = s;
  return true;
}

bool
idl_pointer_to_struct_p (tree type, const char *tag)
{
  if (!POINTER_TYPE_P (type))
    return false;
  tree pointee = TYPE_MAIN_VARIANT (TREE_TYPE (type));
  if (TREE_CODE (pointee) != RECORD_TYPE)
    return false;
  tree name = TYPE_NAME (pointee);
  if (name && TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);
  return name && TREE_CODE (name) == IDENTIFIER_NODE
	 && strcmp (IDENTIFIER_POINTER (name), tag) == 0;
}

/* FNV-1a, 64 bits: small, stable across hosts, and good enough to tell
   two interface revisions apart; it is a consistency check between two
   builds of one header, not a defence against an adversary.  */
static void
fnv1a (unsigned HOST_WIDE_INT *h, unsigned HOST_WIDE_INT v)
{
  for (int i = 0; i < 8; i++)
    {
      *h ^= (v >> (8 * i)) & 0xff;
      *h *= HOST_WIDE_INT_UC (0x100000001b3);
    }
}

static void
hash_scalar (unsigned HOST_WIDE_INT *h, const idl_scalar &s)
{
  fnv1a (h, s.cls);
  fnv1a (h, s.size);
}

/* Hash the memory layout of TYPE (a block, or a buffer's element):
   its size and alignment, and for records every member's offset and
   layout, so that a member added, removed, resized or moved changes
   the signature, while a renamed one does not.  */
static void
hash_layout (unsigned HOST_WIDE_INT *h, tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  fnv1a (h, TREE_CODE (type));
  fnv1a (h, tree_to_uhwi (TYPE_SIZE_UNIT (type)));
  fnv1a (h, TYPE_ALIGN_UNIT (type));
  switch (TREE_CODE (type))
    {
    case RECORD_TYPE:
    case UNION_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL)
	  {
	    fnv1a (h, int_bit_position (f));
	    if (DECL_BIT_FIELD (f))
	      fnv1a (h, tree_to_uhwi (DECL_SIZE (f)));
	    hash_layout (h, TREE_TYPE (f));
	  }
      break;
    case ARRAY_TYPE:
      hash_layout (h, TREE_TYPE (type));
      break;
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
      fnv1a (h, TYPE_UNSIGNED (type));
      break;
    default:
      break;
    }
}

/* The signature of one operation: its number, kind, result and every
   parameter's type, direction and bounds.  */
static unsigned HOST_WIDE_INT
operation_hash (const idl_operation *op)
{
  unsigned HOST_WIDE_INT h = HOST_WIDE_INT_UC (0xcbf29ce484222325);
  fnv1a (&h, op->number);
  fnv1a (&h, op->oneway);
  /* A record result is hashed as the out record it travels as (the
     last parameter), and this says it is the result: 2, never one of
     the values an operation without a record result hashes here.  */
  fnv1a (&h, op->record_result () ? 2 : op->has_result);
  if (op->has_result)
    hash_scalar (&h, op->result);
  fnv1a (&h, op->params.size ());
  for (const idl_param &p : op->params)
    {
      fnv1a (&h, p.kind);
      fnv1a (&h, p.dir);
      fnv1a (&h, p.by_pointer);
      /* A region is an in descriptor to the layout: in or out, it must
	 not hash as a plain IDL_FD int, nor as the other kind.  Hashed
	 only when there is one, so that other operations' hashes stay
	 what they were.  */
      if (p.region)
	fnv1a (&h, 0x7e610000u + p.region);
      hash_scalar (&h, p.value);
      switch (p.kind)
	{
	case IDL_KIND_BLOCK:
	  hash_layout (&h, p.block_type);
	  break;
	case IDL_KIND_BUFFER:
	  hash_layout (&h, p.elem_type);
	  fnv1a (&h, p.size_param);
	  fnv1a (&h, p.length_param + 1);
	  /* FALLTHRU */
	case IDL_KIND_STRING:
	  fnv1a (&h, p.max);
	  break;
	default:
	  break;
	}
    }
  return h;
}

unsigned HOST_WIDE_INT
idl_operation_entry (const idl_operation *op)
{
  return ((unsigned HOST_WIDE_INT) op->number << IDL_OPS_NUMBER_SHIFT)
	 | (operation_hash (op) & IDL_OPS_HASH_MASK);
}

static std::vector<const idl_operation *>
ops_by_number (const idl_interface *iface)
{
  std::vector<const idl_operation *> ops;
  ops.reserve (iface->by_number.size ());
  for (const auto &n_op : iface->by_number)
    ops.push_back (n_op.second);
  return ops;
}

/* The interface's signature: its id and version, then every operation
   in number order.  Client and server built from the same header have
   the same one, and connect at once; otherwise the runtime compares
   the operation tables (idl_emit_ops_table).  */
unsigned HOST_WIDE_INT
idl_interface_signature (const idl_interface *iface)
{
  unsigned HOST_WIDE_INT h = HOST_WIDE_INT_UC (0xcbf29ce484222325);
  fnv1a (&h, iface->id);
  fnv1a (&h, iface->version);
  for (const idl_operation *op : ops_by_number (iface))
    fnv1a (&h, idl_operation_entry (op));
  /* Zero means "not computed" in an idl_interface_t.  */
  return h ? h : 1;
}

/* The field NAME of record TYPE, or NULL.  */
static tree
descriptor_field (tree type, const char *name)
{
  for (tree field = TYPE_FIELDS (type); field; field = DECL_CHAIN (field))
    if (TREE_CODE (field) == FIELD_DECL && DECL_NAME (field)
	&& strcmp (IDENTIFIER_POINTER (DECL_NAME (field)), name) == 0)
      return field;
  return NULL_TREE;
}

/* Set field NAME of constructor INIT (of record TYPE) to VALUE (an
   integer, or a tree when VALUE_TREE is given), adding the element when
   the initializer left it out (IDL_INTERFACE gives every field, a raw
   idl_interface attribute may come with { "name" } alone).  The back
   end outputs a record's elements in the order of its fields, and
   stops at an element out of order (an internal compiler error in
   output_constructor_regular_field): an added element goes where its
   field is.  */
static void
set_descriptor_field (tree init, tree type, const char *name,
		      unsigned HOST_WIDE_INT value,
		      tree value_tree = NULL_TREE)
{
  tree field = descriptor_field (type, name);
  if (!field)
    return;
  tree v = value_tree ? value_tree : build_int_cstu (TREE_TYPE (field), value);
  unsigned i;
  tree f, old;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, f, old)
    if (f == field)
      {
	(*CONSTRUCTOR_ELTS (init))[i].value = v;
	return;
      }
  unsigned pos = 0;
  for (tree fl = TYPE_FIELDS (type); fl && fl != field; fl = DECL_CHAIN (fl))
    if (pos < vec_safe_length (CONSTRUCTOR_ELTS (init))
	&& (*CONSTRUCTOR_ELTS (init))[pos].index == fl)
      pos++;
  constructor_elt elt = { field, v };
  vec_safe_insert (CONSTRUCTOR_ELTS (init), pos, elt);
}

/* Fill in IFACE's descriptor: id and version from the attribute (the
   macro does not repeat them, so a bad id is reported once, by the
   plugin), and the signature computed from the operations so far.

   Called while the front end parses, when the interface is declared and
   after each of its operations: gimplification folds a direct read such
   as "calc.version" from the initializer, so the initializer must be
   final before any function that reads it is compiled (operations come
   before code in a header).  The IPA pass calls it once more.  */
void
idl_fill_descriptor (idl_interface *iface)
{
  iface->stale = false;
  unsigned k = 0;
  for (auto &n_op : iface->by_number)
    n_op.second->position = k++;
  iface->signature = idl_interface_signature (iface);
  tree init = DECL_INITIAL (iface->decl);
  if (!init || TREE_CODE (init) != CONSTRUCTOR)
    return;
  tree type = TREE_TYPE (iface->decl);
  set_descriptor_field (init, type, "id", iface->id);
  set_descriptor_field (init, type, "version", iface->version);
  set_descriptor_field (init, type, "signature", iface->signature);
}

/* Give IFACE's descriptor its table of operations: one word per
   operation, number and signature (idl_operation_entry), in number
   order.  A server accepts a client whose every entry it has too, so
   an operation added under a new number keeps old clients working,
   while one removed or changed is refused at connect time, never
   mis-dispatched.

   Built once every operation is known, in the IPA pass: the table is
   a new static variable, and the descriptor's initializer gets its
   address and a reference to it in the symbol table.  */
void
idl_emit_ops_table (idl_interface *iface)
{
  /* Beside it, the ONC RPC codecs (onc.cc) and the bulk operations'
     bounds (bulk.cc).  */
  idl_emit_onc_table (iface);
  idl_emit_bulk_table (iface);
  varpool_node *desc = varpool_node::get (iface->decl);
  tree init = DECL_INITIAL (iface->decl);
  tree type = TREE_TYPE (iface->decl);
  tree ops_field = descriptor_field (type, "ops");
  if (!desc || !init || TREE_CODE (init) != CONSTRUCTOR || !ops_field
      || !POINTER_TYPE_P (TREE_TYPE (ops_field)) || iface->ops.empty ())
    return;

  tree elt = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (ops_field)));
  std::vector<const idl_operation *> ops = ops_by_number (iface);
  vec<constructor_elt, va_gc> *elts = NULL;
  for (unsigned i = 0; i < ops.size (); i++)
    CONSTRUCTOR_APPEND_ELT (elts, size_int (i),
			    build_int_cstu (elt, idl_operation_entry (ops[i])));
  tree var = idl_static_array (iface->name + ".idl_ops", elt, elts,
			       ops.size (), DECL_SOURCE_LOCATION (iface->decl));
  idl_point_descriptor_at (iface, "ops", var);
  set_descriptor_field (init, type, "nops", ops.size ());
}

void
idl_refresh_descriptors (void)
{
  for (idl_interface *iface : idl_interfaces)
    if (iface->stale)
      idl_fill_descriptor (iface);
}

unsigned
idl_operation_position (const idl_operation *op)
{
  if (op->iface->stale)
    idl_fill_descriptor (op->iface);
  return op->position;
}

/* A static, read-only array NAME of N ELTs initialized with INIT, in
   the varpool (built in the IPA pass, after the front end's variables
   were analysed: so analyse it here); a static of function CONTEXT if
   that is not NULL.  */
tree
idl_static_array (const std::string &name, tree elt,
		  vec<constructor_elt, va_gc> *init, unsigned n,
		  location_t loc, tree context)
{
  tree type = build_array_type_nelts (elt, n);
  /* A file-scope static's assembler name is its name: two interfaces
     of one name (each in a block scope of its own) would define the
     symbol "x.idl_ops" twice, which the assembler refuses.  The second
     and later of a name get a number.  */
  static std::map<std::string, unsigned> used;
  std::string unique = name;
  if (!context)
    if (unsigned k = used[name]++)
      unique += "." + std::to_string (k);
  tree var = build_decl (loc, VAR_DECL, get_identifier (unique.c_str ()),
			 type);
  TREE_STATIC (var) = 1;
  TREE_PUBLIC (var) = 0;
  TREE_READONLY (var) = 1;
  TREE_USED (var) = 1;
  TREE_ADDRESSABLE (var) = 1;	/* its address is taken */
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  DECL_CONTEXT (var) = context;
  DECL_INITIAL (var) = build_constructor (type, init);
  TREE_CONSTANT (DECL_INITIAL (var)) = 1;
  TREE_STATIC (DECL_INITIAL (var)) = 1;
  varpool_node::add (var);
  varpool_node *vn = varpool_node::get (var);
  if (!vn->analyzed)
    vn->analyze ();
  idl_model_keep (var);
  return var;
}

/* &VAR[0], as a TYPE.  */
tree
idl_first_element_address (tree var, tree type)
{
  return build_fold_addr_expr_with_type
    (build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (var)), var, size_int (0),
	     NULL_TREE, NULL_TREE), type);
}

/* Point IFACE's descriptor field FIELD (a pointer) at array VAR.  */
void
idl_point_descriptor_at (idl_interface *iface, const char *field, tree var)
{
  varpool_node *desc = varpool_node::get (iface->decl);
  tree init = DECL_INITIAL (iface->decl);
  tree type = TREE_TYPE (iface->decl);
  tree f = descriptor_field (type, field);
  if (!desc || !init || TREE_CODE (init) != CONSTRUCTOR || !f
      || !POINTER_TYPE_P (TREE_TYPE (f)))
    return;
  set_descriptor_field (init, type, field, 0,
			idl_first_element_address (var, TREE_TYPE (f)));
  desc->create_reference (varpool_node::get (var), IPA_REF_ADDR);
}
