/* onc.cc -- ONC RPC numbers, refusals and codec tables.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   An interface is an ONC RPC program, an operation a procedure of the
   same number (procedure 0, NULLPROC, is the runtime's own).  The
   program number and version come from

     IDL_ONC_PROGRAM (iface, program[, version]);

   or, without it, from the rule in xdr.cc (0x20000000 + id mod
   0x20000000, the interface's version).  IDL_ONC_PROGRAM also asks for
   the network: every operation of that interface must then be
   expressible in XDR, and one that is not is a compile-time error at
   the parameter that XDR cannot carry.  Without it such an operation
   is only marked unsupported in the table, and an ONC call of it fails
   at run time with IDL_E_UNSUPPORTED.

   The table (idlrt-xdr.h) is built in the IPA pass, when every
   operation is known, like the table of operations it sits beside
   (model.cc, idl_emit_ops_table), and reached from the descriptor's
   ONC field.  */

#include "gcc-compat.h"
#include "model.h"
#include "xdr.h"

/* The interface descriptor an attribute argument names, or NULL.  */
static tree
onc_interface_arg (tree arg)
{
  tree var = idl_strip_attribute_arg (arg);
  if (var && TREE_CODE (var) == ADDR_EXPR)
    var = TREE_OPERAND (var, 0);
  if (!var || TREE_CODE (var) != VAR_DECL
      || !lookup_attribute ("idl_interface", DECL_ATTRIBUTES (var)))
    return NULL_TREE;
  return var;
}

/* A 32-bit constant argument, or false after an error at LOC.  */
static bool
onc_number_arg (location_t loc, const char *what, tree arg,
		unsigned HOST_WIDE_INT *out)
{
  arg = idl_strip_attribute_arg (arg);
  if (!arg || TREE_CODE (arg) != INTEGER_CST
      || !INTEGRAL_TYPE_P (TREE_TYPE (arg)))
    {
      error_at (loc, "the %s of %<IDL_ONC_PROGRAM%> must be an integer "
		"constant", what);
      return false;
    }
  if (tree_int_cst_sgn (arg) < 0 || !tree_fits_uhwi_p (arg)
      || tree_to_uhwi (arg) > 0xffffffff)
    {
      error_at (loc, "the %s %qE of %<IDL_ONC_PROGRAM%> is out of range; "
		"ONC RPC numbers are 32 bits", what, arg);
      return false;
    }
  *out = tree_to_uhwi (arg);
  return true;
}

/* idl_onc_program (iface, program[, version]), on the function
   declaration IDL_ONC_PROGRAM makes.  */
static tree
handle_idl_onc_program (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = *node;
  location_t loc = linemap_resolve_location (line_table,
					     DECL_P (decl)
					     ? DECL_SOURCE_LOCATION (decl)
					     : input_location,
					     LRK_MACRO_EXPANSION_POINT, NULL);
  if (TREE_CODE (decl) != FUNCTION_DECL)
    {
      error_at (loc, "%qE attribute applies only to the declaration "
		"%<IDL_ONC_PROGRAM (iface, program[, version])%> makes", name);
      return NULL_TREE;
    }
  if (!onc_interface_arg (TREE_VALUE (args)))
    {
      auto_diagnostic_group d;
      error_at (loc, "the first argument of %<IDL_ONC_PROGRAM%> must name "
		"an idlstub interface");
      inform (loc, "declare the interface first with "
	      "%<IDL_INTERFACE (name, id, version)%>");
      return NULL_TREE;
    }
  unsigned HOST_WIDE_INT v;
  if (!onc_number_arg (loc, "program number",
		       TREE_VALUE (TREE_CHAIN (args)), &v))
    return NULL_TREE;
  if (TREE_CHAIN (TREE_CHAIN (args))
      && !onc_number_arg (loc, "version",
			  TREE_VALUE (TREE_CHAIN (TREE_CHAIN (args))), &v))
    return NULL_TREE;
  *no_add = false;
  return NULL_TREE;
}

static attribute_spec onc_attributes[1];

void
idl_onc_register_attributes (void *, void *)
{
  onc_attributes[0] = idl_make_attribute_spec ("idl_onc_program", 2, 3, true,
					       handle_idl_onc_program);
  register_attribute (&onc_attributes[0]);
}

/* An operation of an interface that asked for the network must be
   expressible in XDR: otherwise an error at what is not.  Called for
   each operation as it joins the model (attributes.cc) and for those
   before IDL_ONC_PROGRAM when it comes.  */
void
idl_onc_check_operation (const idl_operation *op)
{
  const idl_interface *iface = op->iface;
  if (!iface->onc_program_set)
    return;
  xdr_context cx;
  xdr_op x = cx.describe (op);
  if (x.supported)
    return;
  auto_diagnostic_group d;
  location_t loc = x.culprit == op->decl ? op->loc
		   : DECL_SOURCE_LOCATION (x.culprit);
  error_at (loc, "operation %qD cannot cross the network: %s",
	    op->decl, x.why.c_str ());
  inform (iface->onc_loc, "interface %qs asks for the network here, with "
	  "%<IDL_ONC_PROGRAM%>", iface->name.c_str ());
}

/* PLUGIN_FINISH_DECL: IDL_ONC_PROGRAM's declaration.  */
void
idl_onc_finish_decl (void *gcc_data, void *)
{
  tree decl = (tree) gcc_data;
  if (!decl || TREE_CODE (decl) != FUNCTION_DECL)
    return;
  tree attr = lookup_attribute ("idl_onc_program", DECL_ATTRIBUTES (decl));
  if (!attr)
    return;
  tree args = TREE_VALUE (attr);
  idl_interface *iface = idl_find_interface (onc_interface_arg
					     (TREE_VALUE (args)));
  if (!iface)
    return;
  unsigned HOST_WIDE_INT program
    = tree_to_uhwi (idl_strip_attribute_arg (TREE_VALUE (TREE_CHAIN (args))));
  unsigned HOST_WIDE_INT version = iface->version;
  if (TREE_CHAIN (TREE_CHAIN (args)))
    version = tree_to_uhwi (idl_strip_attribute_arg
			    (TREE_VALUE (TREE_CHAIN (TREE_CHAIN (args)))));
  /* Where the user wrote the macro, not inside it.  */
  location_t loc = linemap_resolve_location (line_table,
					     DECL_SOURCE_LOCATION (decl),
					     LRK_MACRO_EXPANSION_POINT, NULL);
  if (iface->onc_program_set)
    {
      if (iface->onc_program != program || iface->onc_version != version)
	{
	  auto_diagnostic_group d;
	  error_at (loc, "interface %qs is ONC program %wu version %wu "
		    "already", iface->name.c_str (), iface->onc_program,
		    iface->onc_version);
	  inform (iface->onc_loc, "its %<IDL_ONC_PROGRAM%> is here");
	}
      return;
    }
  iface->onc_program_set = true;
  iface->onc_program = program;
  iface->onc_version = version;
  iface->onc_loc = loc;
  for (const idl_operation *op : iface->ops)
    idl_onc_check_operation (op);
}

/* The descriptor's field NAME, or NULL (a header older than it).  */
static tree
descriptor_field (tree type, const char *name)
{
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f)
	&& strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), name) == 0)
      return f;
  return NULL_TREE;
}

/* Whether a ref of the instructions from IP to END (a program's, or
   an element's) names the request's words (IDL_XR_REQUEST).  */
static bool
reads_request (const uint32_t *ip, const uint32_t *end)
{
  auto req = [] (uint32_t r)
    { return r != IDL_XR_NONE && (r & IDL_XR_REQUEST); };
  while (ip < end)
    switch (ip[0] & IDL_X_OP_MASK)
      {
      case IDL_X_OPAQUE:
	ip += 2;
	break;
      case IDL_X_LOOP:
	if (reads_request (ip + 3, ip + 3 + ip[2]))
	  return true;
	ip += 3 + ip[2];
	break;
      case IDL_X_RUN:
	if (reads_request (ip + 3, ip + 3 + ip[1]))
	  return true;
	ip += 3 + ip[1];
	break;
      case IDL_X_STRING:
      case IDL_X_BOUND:
	if (req (ip[1]))
	  return true;
	ip += 2;
	break;
      case IDL_X_BUFFER:
	if (req (ip[3]) || req (ip[4])
	    || reads_request (ip + 7, ip + 7 + ip[6]))
	  return true;
	ip += 7 + ip[6];
	break;
      default:
	ip++;
      }
  return false;
}

/* The table of IFACE (idlrt-xdr.h) as words.  */
static std::vector<uint32_t>
onc_table (const idl_interface *iface)
{
  std::vector<const idl_operation *> ops (iface->ops.begin (),
					  iface->ops.end ());
  std::sort (ops.begin (), ops.end (),
	     [] (const idl_operation *a, const idl_operation *b)
	     { return a->number < b->number; });
  std::vector<uint32_t> t;
  t.push_back (IDL_XT_FORMAT);
  t.push_back (idl_onc_program (iface));
  t.push_back (idl_onc_version (iface));
  t.push_back (iface->id);
  t.push_back (ops.size ());
  size_t entries = t.size ();
  t.resize (entries + ops.size () * IDL_XT_OP_WORDS, 0);
  xdr_context cx;
  for (unsigned k = 0; k < ops.size (); k++)
    {
      const idl_operation *op = ops[k];
      size_t at = entries + k * IDL_XT_OP_WORDS;
      xdr_op x = cx.describe (op);
      t[at] = (op->number | (op->oneway ? IDL_XT_OP_ONEWAY : 0)
	       | (x.supported ? 0 : IDL_XT_OP_UNSUPPORTED));
      if (!x.supported)
	continue;
      std::vector<uint32_t> req = idl_xdr_program (x, false);
      t[at + 1] = t.size ();
      t.insert (t.end (), req.begin (), req.end ());
      if (!op->oneway)
	{
	  std::vector<uint32_t> rep = idl_xdr_program (x, true);
	  t[at + 2] = t.size ();
	  t.insert (t.end (), rep.begin (), rep.end ());
	  const uint32_t *p = &t[t[at + 2]];
	  if (reads_request (p + IDL_XP_HDR_WORDS,
			     p + IDL_XP_HDR_WORDS + p[2]))
	    t[at] |= IDL_XT_OP_REQREF;
	}
    }
  return t;
}

/* Print TABLE to the pass's dump file, a program per line.  */
static void
dump_onc_table (const idl_interface *iface, const std::vector<uint32_t> &t)
{
  fprintf (dump_file, "interface %s: ONC program %u (0x%x), version %u, "
	   "%zu words of XDR programs\n", iface->name.c_str (), t[1], t[1],
	   t[2], t.size ());
  for (unsigned k = 0; k < t[4]; k++)
    {
      const uint32_t *e = &t[IDL_XT_HDR_WORDS + k * IDL_XT_OP_WORDS];
      fprintf (dump_file, "  procedure %u%s%s\n", e[0] & 0xffff,
	       e[0] & IDL_XT_OP_ONEWAY ? ", one-way" : "",
	       e[0] & IDL_XT_OP_UNSUPPORTED ? ": not expressible in XDR" : "");
      for (int r = 1; r <= 2; r++)
	if (e[r])
	  {
	    const uint32_t *p = &t[e[r]];
	    fprintf (dump_file, "    %s:", r == 1 ? "arguments" : "result");
	    for (unsigned i = 0; i < IDL_XP_HDR_WORDS + p[2]; i++)
	      fprintf (dump_file, " %x", p[i]);
	    fputc ('\n', dump_file);
	  }
    }
}

/* Give IFACE's descriptor its ONC table, when the descriptor is used
   and has the field.  */
void
idl_emit_onc_table (idl_interface *iface)
{
  tree type = TREE_TYPE (iface->decl);
  tree field = descriptor_field (type, "onc");
  tree init = DECL_INITIAL (iface->decl);
  if (!varpool_node::get (iface->decl) || !field || !init
      || TREE_CODE (init) != CONSTRUCTOR
      || !POINTER_TYPE_P (TREE_TYPE (field)))
    return;
  std::vector<uint32_t> t = onc_table (iface);
  idl_emit_onc_codecs (iface, t);
  if (dump_file)
    dump_onc_table (iface, t);
  tree elt = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (field)));
  vec<constructor_elt, va_gc> *elts = NULL;
  for (unsigned i = 0; i < t.size (); i++)
    CONSTRUCTOR_APPEND_ELT (elts, size_int (i), build_int_cstu (elt, t[i]));
  tree var = idl_static_array (iface->name + ".idl_onc", elt, elts, t.size (),
			       DECL_SOURCE_LOCATION (iface->decl));
  /* Its elements' alignment, not the 32 bytes x86-64 gives a large
     array for vector code that never reads it: no padding before it.  */
  SET_DECL_ALIGN (var, TYPE_ALIGN (elt));
  DECL_USER_ALIGN (var) = 1;
  idl_point_descriptor_at (iface, "onc", var);
}
