/* xdr.cc -- stage 2b: each operation's XDR description and codec
   programs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Across machines a call is ONC RPC, its arguments and result in XDR
   exactly as rpcgen encodes the equivalent .x declaration (RFC 4506):

     C (idlstub)                       XDR (.x)
     _Bool                             bool
     char, signed/unsigned char        char, unsigned char (4 bytes)
     short, unsigned short             short, unsigned short (4 bytes)
     int, unsigned, 4-byte enum        int, unsigned int, enum NAME
     64-bit integers, 8-byte enum      hyper, unsigned hyper
     float, double                     float, double
     struct                            struct, member by member
     T a[N]                            T a[N]; opaque a[N] for bytes
     IDL_STRING (max)                  string<max>
     IDL_SIZE_IS (n, max) bytes        opaque<max>
     IDL_SIZE_IS (n, max) T            T<max>

   The arguments are the in and inout parameters in order, the result
   the return value (a scalar or a struct) and then the out and inout
   parameters, as rpcgen -N
   declares a procedure of several arguments; a count or length
   parameter is an element of its own besides the array's own length.
   What XDR cannot say is refused: a union (a C union carries no
   discriminant), a bit-field, a descriptor, a long double or a vector.

   This file describes each element (its XDR type, and where the
   message layout, layout.cc, put it) and turns a description into the
   program the runtime's interpreter runs for one message
   (idlrt-xdr.h): compact mode's interpretive marshalling (paper 002)
   for Flick's network back end (paper 000, 6.1).  No GIMPLE here; the
   trees it reads are types and names.

   For strxfer (in string<119> a, out long b, out long c) of idl4.h the
   request's program is

     [words 0 | flags 0x10100... ]   header: 0 words, fixed bytes 0
     IDL_X_STRING 119, IDL_XR_NONE   a: the payload, ending with its NUL

   and the reply's (b and c in reply words 1 and 2)

     IDL_X_RUN 16, 2, CODEC          one XDR_INLINE of 16 bytes for:
     IDL_X_I64 @8                      b, hyper, word 1
     IDL_X_I64 @16                     c, hyper, word 2  */

#include "gcc-compat.h"
#include "model.h"
#include "xdr.h"

xdr_context::~xdr_context ()
{
  for (xdr_type *t : all)
    delete t;
}

xdr_type *
xdr_context::make (enum xdr_kind kind, tree ctype, unsigned size,
		   unsigned wire)
{
  xdr_type *t = new xdr_type ();
  t->kind = kind;
  t->ctype = ctype;
  t->size = size;
  t->wire = wire;
  t->n = 0;
  t->elem = NULL;
  all.push_back (t);
  return t;
}

/* The name C code knows type T by, as seen at a use: its typedef name,
   else its tag; empty if neither.  */
static std::string
c_name (tree t)
{
  tree n = TYPE_NAME (t);
  if (n && TREE_CODE (n) == TYPE_DECL && DECL_NAME (n))
    return IDENTIFIER_POINTER (DECL_NAME (n));
  n = TYPE_NAME (TYPE_MAIN_VARIANT (t));
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  if (n && TREE_CODE (n) == IDENTIFIER_NODE)
    return IDENTIFIER_POINTER (n);
  return "";
}

/* A pretty-printer that knows the C front end's %qD and %qT (a copy of
   the diagnostics' own), for reasons kept as text: a message, a
   comment in the .x file.  */
class c_printer
{
public:
  c_printer () : pp (global_dc->printer->clone ())
  {
    pp_show_color (pp) = false;
  }
  ~c_printer () { delete pp; }
  c_printer (const c_printer &) = delete;
  c_printer &operator= (const c_printer &) = delete;
  pretty_printer *pp;
};

/* A 1-byte integer: what opaque carries (not a _Bool, not an enum).  */
static bool
byte_type_p (const xdr_type *t)
{
  return ((t->kind == XDR_CHAR || t->kind == XDR_UCHAR)
	  && TREE_CODE (t->ctype) == INTEGER_TYPE);
}

/* The XDR type of C type T, or NULL with *WHY saying what XDR cannot
   express.  */
const xdr_type *
xdr_context::type_of (tree t, std::string *why)
{
  tree m = TYPE_MAIN_VARIANT (t);
  auto found = interned.find (m);
  if (found != interned.end ())
    {
      /* A name seen only at a later use (a typedef of an anonymous
	 struct) still names it.  */
      if (found->second->cname.empty ())
	found->second->cname = c_name (t);
      return found->second;
    }

  const char *what = NULL;
  xdr_type *r = NULL;
  switch (TREE_CODE (m))
    {
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
    case BOOLEAN_TYPE:
    case REAL_TYPE:
      {
	idl_scalar s;
	if (!idl_classify_scalar (m, &s))
	  {
	    what = "a scalar type without an XDR equivalent";
	    break;
	  }
	enum xdr_kind k;
	if (s.cls == IDL_VAL_BOOL)
	  {
	    if (s.size != 1)
	      {
		what = "a boolean type of more than one byte";
		break;
	      }
	    k = XDR_BOOL;
	  }
	else if (s.cls == IDL_VAL_FLOAT)
	  k = s.size == 4 ? XDR_FLOAT : XDR_DOUBLE;
	else
	  {
	    bool u = s.cls == IDL_VAL_UNSIGNED;
	    k = (s.size == 1 ? (u ? XDR_UCHAR : XDR_CHAR)
		 : s.size == 2 ? (u ? XDR_USHORT : XDR_SHORT)
		 : s.size == 4 ? (u ? XDR_UINT : XDR_INT)
		 : (u ? XDR_UHYPER : XDR_HYPER));
	  }
	r = make (k, m, s.size, s.size == 8 ? 8 : 4);
	/* A 4-byte enum with a name is an XDR enum (4 bytes, like int);
	   other enums travel as the integer of their size.  */
	if (TREE_CODE (m) == ENUMERAL_TYPE && s.size == 4
	    && !c_name (t).empty ())
	  {
	    r->kind = XDR_ENUM;
	    r->cname = c_name (t);
	    for (tree v = TYPE_VALUES (m); v; v = TREE_CHAIN (v))
	      {
		tree val = TREE_VALUE (v);
		if (TREE_CODE (val) == CONST_DECL)
		  val = DECL_INITIAL (val);
		r->values.emplace_back (IDENTIFIER_POINTER (TREE_PURPOSE (v)),
					tree_to_shwi (val));
	      }
	    if (r->values.empty ())
	      r->kind = s.cls == IDL_VAL_UNSIGNED ? XDR_UINT : XDR_INT;
	  }
	break;
      }
    case ARRAY_TYPE:
      {
	if (!COMPLETE_TYPE_P (m) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (m)))
	  {
	    what = "an array of unknown size";
	    break;
	  }
	const xdr_type *e = type_of (TREE_TYPE (t), why);
	if (!e)
	  return NULL;
	unsigned HOST_WIDE_INT n = tree_to_uhwi (TYPE_SIZE_UNIT (m)) / e->size;
	if (n == 0)
	  {
	    what = "an array of no elements";
	    break;
	  }
	if (byte_type_p (e))
	  r = make (XDR_OPAQUE_FIXED, m, n, (n + 3) & ~3u);
	else
	  {
	    r = make (XDR_ARRAY_FIXED, m, n * e->size, n * e->wire);
	    r->elem = e;
	  }
	r->n = n;
	r->cname = c_name (t);
	break;
      }
    case RECORD_TYPE:
      return record_type (t, m, why);
    case UNION_TYPE:
      what = "a union, which carries no discriminant";
      break;
    case POINTER_TYPE:
      what = "a pointer";
      break;
    case COMPLEX_TYPE:
      what = "a complex type";
      break;
    case VECTOR_TYPE:
      what = "a vector type";
      break;
    default:
      what = "a type without an XDR equivalent";
      break;
    }
  if (!r)
    {
      c_printer cp;
      pp_printf (cp.pp, "%qT is %s", t, what);
      *why = pp_formatted_text (cp.pp);
      return NULL;
    }
  interned[m] = r;
  return r;
}

/* Add record REC's members to R, at BASE bytes into it: anonymous
   struct members are flattened (C reaches their members as R's own).
   False with *WHY set when one cannot be expressed (about REC as
   SHOWN, the type with the name the user knows).  */
bool
xdr_context::add_fields (xdr_type *r, tree rec, tree shown, unsigned base,
			 std::string *why)
{
  for (tree f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      c_printer cp;
      if (DECL_BIT_FIELD (f) || DECL_C_BIT_FIELD (f))
	{
	  if (DECL_NAME (f))
	    pp_printf (cp.pp, "%qT has bit-field %qD, which XDR cannot "
		       "express", shown, f);
	  else
	    pp_printf (cp.pp, "%qT has an unnamed bit-field, which XDR cannot "
		       "express", shown);
	  *why = pp_formatted_text (cp.pp);
	  return false;
	}
      unsigned off = base + int_byte_position (f);
      if (!DECL_NAME (f) && TREE_CODE (TREE_TYPE (f)) == RECORD_TYPE)
	{
	  if (!add_fields (r, TREE_TYPE (f), shown, off, why))
	    return false;
	  continue;
	}
      if (!DECL_NAME (f))
	{
	  pp_printf (cp.pp, "%qT has an anonymous union member, which carries "
		     "no discriminant", shown);
	  *why = pp_formatted_text (cp.pp);
	  return false;
	}
      std::string inner;
      const xdr_type *ft = type_of (TREE_TYPE (f), &inner);
      if (!ft)
	{
	  pp_printf (cp.pp, "member %qD of %qT: %s", f, shown, inner.c_str ());
	  *why = pp_formatted_text (cp.pp);
	  return false;
	}
      r->fields.push_back (xdr_field { IDENTIFIER_POINTER (DECL_NAME (f)),
				       off, ft });
      r->wire += ft->wire;
    }
  return true;
}

const xdr_type *
xdr_context::record_type (tree t, tree m, std::string *why)
{
  xdr_type *r = make (XDR_STRUCT, m, tree_to_uhwi (TYPE_SIZE_UNIT (m)), 0);
  r->cname = c_name (t);
  /* Messages name it as the user wrote it, but for its qualifiers.  */
  t = build_qualified_type (t, TYPE_UNQUALIFIED);
  /* Interned before its members: a member cannot be of its own type,
     but a failed member must not leave a half record behind.  */
  if (!add_fields (r, m, t, 0, why))
    return NULL;
  if (r->fields.empty ())
    {
      c_printer cp;
      pp_printf (cp.pp, "%qT has no members, and an XDR struct needs one", t);
      *why = pp_formatted_text (cp.pp);
      return NULL;
    }
  interned[m] = r;
  return r;
}

/* The ref (idlrt-xdr.h) of slot S, holding an integer of class CLS.  */
static uint32_t
slot_ref (const idl_slot &s, enum idl_value_class cls, bool request)
{
  return ((s.word * 8 + s.offset)
	  | s.size << IDL_XR_SIZE_SHIFT
	  | (cls == IDL_VAL_SIGNED ? IDL_XR_SIGNED : 0)
	  | (request ? IDL_XR_REQUEST : 0));
}

static const idl_slot *
find_slot (const idl_message_layout &m, int param)
{
  for (const idl_slot &s : m.slots)
    if (s.param == param)
      return &s;
  return NULL;
}

static const idl_item *
find_item (const idl_message_layout &m, int param)
{
  for (const idl_item &it : m.items)
    if (it.param == param)
      return &it;
  return NULL;
}

static std::string
param_name (const idl_param &p)
{
  return p.decl && DECL_NAME (p.decl)
	 ? IDENTIFIER_POINTER (DECL_NAME (p.decl)) : "arg";
}

/* The type a block parameter P is declared with (its typedef name
   kept, for the .x file).  */
static tree
block_decl_type (const idl_param &p)
{
  tree t = p.by_pointer ? TREE_TYPE (p.type) : p.type;
  if (TYPE_MAIN_VARIANT (t) == p.block_type)
    return t;
  /* T a[N]: the parameter is a T *.  */
  return p.block_type;
}

/* Where parameter I of OP lives in message M (REPLY: a reply, whose
   counts are in the request), into E.  */
static void
place_elem (const idl_operation *op, int i, const idl_message_layout &m,
	    bool reply, xdr_elem &e)
{
  e.align = 1;
  e.implied = false;
  e.length_ref = e.count_ref = IDL_XR_NONE;
  if (const idl_slot *s = find_slot (m, i))
    {
      e.where = s->role == IDL_SLOT_BLOCK ? XDR_AT_WORDS : XDR_AT_SLOT;
      e.offset = s->word * 8 + s->offset;
      if (s->role != IDL_SLOT_LENGTH)
	return;
    }
  if (i < 0)
    return;
  const idl_param &p = op->params[i];
  if (p.kind == IDL_KIND_SCALAR)
    {
      /* Not in the words: the implied count of the request's last
	 item.  */
      for (const idl_item &it : m.items)
	if (it.implied && it.count_slot.param == i)
	  {
	    e.where = XDR_AT_IMPLIED;
	    e.offset = it.count_slot.word * 8;
	  }
      return;
    }
  const idl_item *it = find_item (m, i);
  gcc_assert (it);
  if (it->fixed)
    {
      e.where = XDR_AT_FIXED;
      e.offset = it->offset;
      return;
    }
  e.where = XDR_AT_ITEM;
  e.offset = it->offset;
  e.align = it->align;
  e.implied = it->implied;
  if (p.kind == IDL_KIND_STRING)
    {
      const idl_slot *len = find_slot (m, i);
      e.length_ref = len ? slot_ref (*len, IDL_VAL_UNSIGNED, false)
		     : IDL_XR_NONE;
      return;
    }
  const idl_param &cp = op->params[p.size_param];
  if (it->implied)
    e.count_ref = slot_ref (it->count_slot, cp.value.cls, false);
  else
    {
      const idl_slot *c = find_slot (op->request, p.size_param);
      gcc_assert (c);
      e.count_ref = slot_ref (*c, cp.value.cls, reply);
    }
  if (p.length_param >= 0)
    {
      const idl_slot *l = find_slot (m, p.length_param);
      gcc_assert (l);
      e.length_ref = slot_ref (*l, op->params[p.length_param].value.cls,
			       false);
    }
}

xdr_op
xdr_context::describe (const idl_operation *op)
{
  xdr_op x;
  x.op = op;
  x.supported = true;
  x.culprit = op->decl;
  if (!op->bulk.empty ())
    {
      /* Its bulk items travel beside the message (idlrt-abi.h, "Bulk
	 items"), which the ONC transport does not do: the table marks
	 it unsupported (IDL_E_UNSUPPORTED at call time), and an
	 interface that asks for the network is told here.  */
      x.supported = false;
      x.why = "it carries strings or buffers larger than a message's "
	      "page (a bulk operation), which ONC RPC does not carry";
      return x;
    }
  for (int pass = 0; pass < 2 && x.supported; pass++)
    {
      bool reply = pass == 1;
      if (reply && op->oneway)
	break;
      std::vector<xdr_elem> &out = reply ? x.results : x.args;
      const idl_message_layout &m = reply ? op->reply : op->request;
      if (reply && op->returns_value ())
	{
	  /* A record result is the result here too, placed where the
	     message carries it (the out record it travels as).  */
	  xdr_elem e;
	  e.param = -1;
	  e.name = "result";
	  std::string why;
	  e.type = type_of (TREE_TYPE (TREE_TYPE (op->decl)), &why);
	  if (!e.type)
	    {
	      x.supported = false;
	      x.why = "its result: " + why;
	      break;
	    }
	  place_elem (op, op->has_result ? -1 : (int) op->nargs (), m, true,
		      e);
	  out.push_back (e);
	}
      for (unsigned i = 0; i < op->nargs (); i++)
	{
	  const idl_param &p = op->params[i];
	  if (reply ? !p.returned () : !p.sent ())
	    continue;
	  xdr_elem e;
	  e.param = i;
	  e.name = param_name (p);
	  std::string why;
	  switch (p.kind)
	    {
	    case IDL_KIND_FD:
	      why = p.region ? "it is a region (IDL_REGION), memory shared "
			       "on one machine"
		    : "it is a descriptor, which means nothing on another "
		      "machine";
	      e.type = NULL;
	      break;
	    case IDL_KIND_SCALAR:
	      e.type = type_of (p.by_pointer ? TREE_TYPE (p.type) : p.type,
				&why);
	      break;
	    case IDL_KIND_BLOCK:
	      e.type = type_of (block_decl_type (p), &why);
	      break;
	    case IDL_KIND_STRING:
	      {
		xdr_type *t = make (XDR_STRING, NULL_TREE, 1, 0);
		t->n = p.max;
		e.type = t;
		break;
	      }
	    case IDL_KIND_BUFFER:
	      {
		tree et = VOID_TYPE_P (TREE_TYPE (p.type)) ? p.elem_type
			  : TREE_TYPE (p.type);
		const xdr_type *elem = type_of (et, &why);
		if (!elem)
		  {
		    e.type = NULL;
		    break;
		  }
		xdr_type *t = make (byte_type_p (elem) ? XDR_OPAQUE_VAR
				    : XDR_ARRAY_VAR, NULL_TREE, elem->size, 0);
		t->n = p.max;
		t->elem = elem;
		e.type = t;
		break;
	      }
	    }
	  if (!e.type)
	    {
	      x.supported = false;
	      x.culprit = p.decl;
	      c_printer cp;
	      pp_printf (cp.pp, "parameter %qD", p.decl);
	      x.why = pp_formatted_text (cp.pp) + std::string (": ") + why;
	      break;
	    }
	  place_elem (op, i, m, reply, e);
	  out.push_back (e);
	}
    }
  return x;
}

/* The program builder: instructions for the fixed types.  */
namespace {

class program_builder
{
public:
  std::vector<uint32_t> code;

  static uint32_t leaf_op (const xdr_type *t)
  {
    switch (t->kind)
      {
      case XDR_CHAR: return IDL_X_I8;
      case XDR_UCHAR: return IDL_X_U8;
      case XDR_SHORT: return IDL_X_I16;
      case XDR_USHORT: return IDL_X_U16;
      case XDR_INT: return IDL_X_I32;
      case XDR_ENUM:
	return TYPE_UNSIGNED (t->ctype) ? IDL_X_U32 : IDL_X_I32;
      case XDR_UINT: return IDL_X_U32;
      case XDR_HYPER: return IDL_X_I64;
      case XDR_UHYPER: return IDL_X_U64;
      case XDR_BOOL: return IDL_X_BOOL;
      case XDR_FLOAT: return IDL_X_F32;
      case XDR_DOUBLE: return IDL_X_F64;
      default: gcc_unreachable ();
      }
  }

  /* T at OFFSET from the base, in the payload if PAYLOAD; FLAGS more
     bits for a leaf (IDL_X_ICOUNT).  */
  void fixed (const xdr_type *t, unsigned offset, bool payload,
	      uint32_t flags = 0)
  {
    uint32_t area = payload ? IDL_X_PAYLOAD : 0;
    switch (t->kind)
      {
      case XDR_OPAQUE_FIXED:
	code.push_back (IDL_X_OPAQUE | area | offset << IDL_X_ARG_SHIFT);
	code.push_back (t->n);
	break;
      case XDR_ARRAY_FIXED:
	{
	  code.push_back (IDL_X_LOOP | (uint32_t) t->n << IDL_X_ARG_SHIFT);
	  code.push_back (t->elem->size);
	  size_t w = code.size ();
	  code.push_back (0);
	  fixed (t->elem, offset, payload);
	  code[w] = code.size () - w - 1;
	  break;
	}
      case XDR_STRUCT:
	for (const xdr_field &f : t->fields)
	  fixed (f.type, offset + f.offset, payload);
	break;
      default:
	code.push_back (leaf_op (t) | area | flags
			| offset << IDL_X_ARG_SHIFT);
      }
  }
};

} // anon namespace

std::vector<uint32_t>
idl_xdr_program (const xdr_op &x, bool reply)
{
  const idl_operation *op = x.op;
  const idl_message_layout &m = reply ? op->reply : op->request;
  const std::vector<xdr_elem> &elems = reply ? x.results : x.args;
  program_builder b;
  unsigned nbuf = 0;
  bool icount = false;
  size_t run = 0;		/* where the open run's header is, or 0 */
  unsigned run_wire = 0;
  auto close_run = [&] ()
    {
      if (run)
	{
	  b.code[run - 1] = IDL_X_RUN | run_wire << IDL_X_ARG_SHIFT;
	  b.code[run] = b.code.size () - run - 2;
	  /* Its generated codec, if any: onc.cc numbers them.  */
	  b.code[run + 1] = IDL_XR_NONE;
	}
      run = 0;
      run_wire = 0;
    };

  for (const xdr_elem &e : elems)
    {
      const xdr_type *t = e.type;
      if (t->fixed_p ())
	{
	  /* Consecutive fixed elements: one run, one XDR_INLINE.  */
	  if (!run)
	    {
	      b.code.push_back (0);
	      b.code.push_back (0);
	      b.code.push_back (0);
	      run = b.code.size () - 2;
	    }
	  run_wire += t->wire;
	  b.fixed (t, e.offset, e.where == XDR_AT_FIXED,
		   e.where == XDR_AT_IMPLIED ? IDL_X_ICOUNT : 0);
	  continue;
	}
      close_run ();
      if (t->kind == XDR_STRING)
	{
	  b.code.push_back (IDL_X_STRING | t->n << IDL_X_ARG_SHIFT);
	  b.code.push_back (e.length_ref);
	  continue;
	}
      nbuf++;
      icount |= e.implied;
      b.code.push_back (IDL_X_BUFFER | t->n << IDL_X_ARG_SHIFT);
      b.code.push_back (t->size);
      b.code.push_back (exact_log2 (e.align)
			| (t->kind == XDR_OPAQUE_VAR ? IDL_XB_OPAQUE : 0)
			| (e.implied ? IDL_XB_IMPLIED : 0));
      b.code.push_back (e.count_ref);
      b.code.push_back (e.length_ref);
      b.code.push_back (t->kind == XDR_OPAQUE_VAR ? 1 : t->elem->wire);
      size_t w = b.code.size ();
      b.code.push_back (0);
      if (t->kind == XDR_ARRAY_VAR)
	b.fixed (t->elem, 0, true);
      b.code[w] = b.code.size () - w - 1;
    }
  close_run ();
  /* An out buffer's count travels as a value, and the local server
     refuses a request whose count is over the buffer's bound: so do the
     decoders.  */
  if (!reply)
    for (const idl_param &p : op->params)
      if (p.kind == IDL_KIND_BUFFER && p.dir == IDL_DIR_OUT)
	{
	  const idl_slot *c = find_slot (op->request, p.size_param);
	  gcc_assert (c);
	  b.code.push_back (IDL_X_BOUND | p.max << IDL_X_ARG_SHIFT);
	  b.code.push_back (slot_ref (*c, op->params[p.size_param].value.cls,
				      false));
	}

  std::vector<uint32_t> prog;
  prog.push_back (m.words | (reply ? IDL_XP_REPLY : 0)
		  | (icount ? IDL_XP_ICOUNT : 0)
		  | nbuf << IDL_XP_NBUF_SHIFT);
  prog.push_back (m.fixed_bytes);
  prog.push_back (b.code.size ());
  prog.insert (prog.end (), b.code.begin (), b.code.end ());
  return prog;
}

/* RFC 5531 leaves 0x20000000-0x3fffffff to users: without
   IDL_ONC_PROGRAM an interface takes the number there that its id
   names, so two interfaces of different ids below 2^29 never share
   one.  */
unsigned HOST_WIDE_INT
idl_onc_program (const idl_interface *iface)
{
  if (iface->onc_program_set)
    return iface->onc_program;
  return IDL_ONC_USER_BASE + iface->id % IDL_ONC_USER_SPAN;
}

unsigned HOST_WIDE_INT
idl_onc_version (const idl_interface *iface)
{
  return iface->onc_program_set ? iface->onc_version : iface->version;
}
