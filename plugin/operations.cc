/* operations.cc -- stage 1: declarations -> the interface model.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The declaration callbacks: PLUGIN_FINISH_DECL sees every declaration
   the front end completes.  An interface descriptor (IDL_INTERFACE)
   gets its model; a prototype with IDL_OP becomes an operation of its
   interface, each parameter classified (parameters.cc) and its message
   layouts computed (layout.cc), a redeclaration compared with the first
   declaration; a function NAME_impl is checked against operation NAME,
   as the server's implementation.  PLUGIN_PRE_GENERICIZE refuses a body
   for an operation or a dispatcher, which the plugin defines.  Every
   error is reported before giving up, so that one compilation shows
   all of a prototype's mistakes.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"
#include "abi.h"
#include "attributes.h"
#include "xdr.h"

/* Every message's tag names its interface by id alone: a second
   interface with IFACE's id in one unit is an error, with a note at the
   first, so that a header cannot give two interfaces messages that look
   alike (issue 17).  Two programs built from different headers can
   still clash; the handshake compares the interfaces' names too
   (runtime/handshake.c).  */
static void
check_unique_id (const idl_interface *iface)
{
  for (const idl_interface *other : idl_interfaces)
    if (other->id == iface->id)
      {
	auto_diagnostic_group d;
	error_at (DECL_SOURCE_LOCATION (iface->decl), "interface %qD reuses "
		  "id %wx of interface %qD; give each interface an id of "
		  "its own", iface->decl, iface->id, other->decl);
	inform (DECL_SOURCE_LOCATION (other->decl), "%qD has id %wx",
		other->decl, other->id);
	return;
      }
}

/* The model of interface descriptor VAR, created on first sight.  */
static idl_interface *
interface_model (tree var)
{
  if (idl_interface *iface = idl_find_interface (var))
    return iface;
  tree attr = idl_attr ("idl_interface", var);
  tree args = TREE_VALUE (attr);
  idl_interface *iface = new idl_interface ();
  iface->decl = var;
  iface->name = IDENTIFIER_POINTER (DECL_NAME (var));
  iface->id = tree_to_uhwi (idl_strip_attribute_arg (TREE_VALUE (args)));
  iface->version
    = tree_to_uhwi (idl_strip_attribute_arg (TREE_VALUE (TREE_CHAIN (args))));
  iface->dispatcher = NULL_TREE;
  iface->signature = 0;
  idl_model_keep (var);
  /* The IPA pass completes the initializer (the table of operations,
     model.cc): no read of the descriptor may be folded from the
     incomplete one meanwhile, so it is not a constant to GCC, though
     nothing ever writes it.  */
  TREE_READONLY (var) = 0;
  check_unique_id (iface);
  idl_interfaces.push_back (iface);
  idl_fill_descriptor (iface);
  return iface;
}

static tree
interface_of (tree attr)
{
  tree var = idl_strip_attribute_arg (TREE_VALUE (TREE_VALUE (attr)));
  if (TREE_CODE (var) == ADDR_EXPR)
    var = TREE_OPERAND (var, 0);
  return var;
}

/* OP redeclares PREV: the annotations must say the same.  */
static void
compare_redeclaration (const idl_operation *op, const idl_operation *prev)
{
  auto_diagnostic_group d;
  location_t loc = DECL_SOURCE_LOCATION (op->decl);
  bool same = true;
  if (op->iface != prev->iface || op->number != prev->number)
    {
      error_at (loc, "operation %qD redeclared as number %u of %qs; it was "
		"number %u of %qs", op->decl, op->number,
		op->iface->name.c_str (), prev->number,
		prev->iface->name.c_str ());
      same = false;
    }
  else if (op->oneway != prev->oneway)
    {
      error_at (loc, "operation %qD redeclared %s %<IDL_ONEWAY%>", op->decl,
		op->oneway ? "with" : "without");
      same = false;
    }
  else
    for (unsigned i = 0; i < op->params.size () && i < prev->params.size ();
	 i++)
      {
	const idl_param &a = op->params[i], &b = prev->params[i];
	if (a.kind != b.kind || a.dir != b.dir || a.by_pointer != b.by_pointer
	    || a.max != b.max || a.size_param != b.size_param
	    || a.length_param != b.length_param || a.typical != b.typical)
	  {
	    error_at (DECL_SOURCE_LOCATION (a.decl), "parameter %qD of "
		      "operation %qD is annotated differently than in its "
		      "first declaration", a.decl, op->decl);
	    same = false;
	    break;
	  }
      }
  if (!same)
    inform (prev->loc, "%qD first declared here", prev->decl);
}

/* Check operation FNDECL (which carries idl_op ATTR) and add it to the
   model.  Every error is reported before giving up, so one compilation
   shows all of a prototype's mistakes.  */
static void
record_operation (tree fndecl, tree attr)
{
  /* A redeclaration is checked like a first declaration, and then
     compared with it.  */
  idl_operation *prev = idl_find_operation (fndecl);

  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  tree fntype = TREE_TYPE (fndecl);
  idl_interface *iface = interface_model (interface_of (attr));
  unsigned number
    = tree_to_uhwi (idl_strip_attribute_arg
		    (TREE_VALUE (TREE_CHAIN (TREE_VALUE (attr)))));
  bool ok = true;

  if (!prototype_p (fntype))
    {
      auto_diagnostic_group d;
      error_at (loc, "operation %qD has no prototype", fndecl);
      inform (loc, "declare its parameters, starting with "
	      "%<idl_binding_t *%>");
      return;
    }
  if (stdarg_p (fntype))
    {
      error_at (loc, "operation %qD is variadic; the plugin must know "
		"the type of every parameter", fndecl);
      ok = false;
    }

  idl_operation *op = new idl_operation ();
  op->decl = fndecl;
  op->loc = loc;
  op->iface = iface;
  op->number = number;
  op->oneway = idl_attr ("idl_oneway", fndecl) != NULL_TREE;
  op->impl = NULL_TREE;

  /* The result: a scalar, a record (after the parameters, below), or
     nothing.  */
  tree ret = TREE_TYPE (fntype);
  op->has_result = !VOID_TYPE_P (ret) && idl_classify_scalar (ret,
							      &op->result);
  bool record = !VOID_TYPE_P (ret) && !op->has_result
		&& RECORD_OR_UNION_TYPE_P (ret);
  if (!VOID_TYPE_P (ret) && !op->has_result && !record)
    {
      error_at (loc, "operation %qD returns %qT, which cannot cross a "
		"process boundary yet", fndecl, ret);
      ok = false;
    }

  /* Walk the PARM_DECLs (names, locations, direction attributes) with
     the prototype's types.  */
  tree parm = DECL_ARGUMENTS (fndecl);
  tree argtype = TYPE_ARG_TYPES (fntype);
  unsigned index = 0;
  /* Unnamed parameters get a name while they are checked, so that a
     message says which one it is rather than "({anonymous})".  */
  std::vector<tree> named;
  for (tree p = parm; p; p = DECL_CHAIN (p))
    if (!DECL_NAME (p))
      {
	char buf[32];
	snprintf (buf, sizeof buf, "<parameter %u>",
		  (unsigned) (list_length (parm) - list_length (p) + 1));
	DECL_NAME (p) = get_identifier (buf);
	named.push_back (p);
      }
  rdwr_map access;
  init_attr_rdwr_indices (&access, TYPE_ATTRIBUTES (fntype));
  std::vector<buffer_refs> refs;
  struct unname
  {
    std::vector<tree> &v;
    ~unname () { for (tree p : v) DECL_NAME (p) = NULL_TREE; }
  } restore_names { named };
  for (; argtype && !VOID_TYPE_P (TREE_VALUE (argtype));
       argtype = TREE_CHAIN (argtype), index++)
    {
      tree type = TREE_VALUE (argtype);
      tree decl = parm;
      if (parm)
	parm = DECL_CHAIN (parm);
      location_t ploc = decl ? DECL_SOURCE_LOCATION (decl) : loc;
      if (index == 0)
	{
	  if (!idl_pointer_to_struct_p (type, "idl_binding"))
	    {
	      error_at (ploc, "the first parameter of operation %qD must be "
			"the binding, of type %<idl_binding_t *%>", fndecl);
	      ok = false;
	    }
	  continue;
	}
      if (!decl)
	{
	  error_at (loc, "operation %qD: parameter %u has no declaration",
		    fndecl, index + 1);
	  ok = false;
	  continue;
	}
      idl_param p;
      buffer_refs r;
      /* GCC files an access specification under its size argument's
	 position too: only the pointer's own entry describes it.  */
      const attr_access *acc = access.get (index);
      if (acc && acc->ptrarg != index)
	acc = NULL;
      if (classify_parameter (decl, type, index, acc, &p, &r))
	{
	  op->params.push_back (p);
	  refs.push_back (r);
	}
      else
	ok = false;
    }
  if (ok)
    for (unsigned i = 0; i < op->params.size (); i++)
      if (op->params[i].kind == IDL_KIND_BUFFER
	  && !resolve_buffer (op, i, refs[i]))
	ok = false;
  if (index == 0)
    {
      error_at (loc, "operation %qD has no parameters; its first must be "
		"the binding, of type %<idl_binding_t *%>", fndecl);
      ok = false;
    }

  if (op->oneway)
    {
      if (!VOID_TYPE_P (ret))
	{
	  error_at (loc, "one-way operation %qD must return %<void%>; "
		    "nothing comes back to carry %qT", fndecl, ret);
	  ok = false;
	}
      for (const idl_param &p : op->params)
	if (p.returned ())
	  {
	    error_at (DECL_SOURCE_LOCATION (p.decl),
		      "one-way operation %qD cannot have %qs parameter %qD",
		      fndecl, p.dir == IDL_DIR_OUT ? "IDL_OUT" : "IDL_INOUT",
		      p.decl);
	    ok = false;
	  }
    }
  else if (record)
    {
      idl_param r;
      if (classify_record_result (fndecl, ret, index, &r))
	op->params.push_back (r);
      else
	ok = false;
    }

  if (!prev)
    for (idl_operation *other : iface->ops)
      if (DECL_NAME (other->decl) == DECL_NAME (fndecl))
	{
	  /* GCC made a new declaration after "conflicting types": it has
	     said what is wrong.  */
	  delete op;
	  return;
	}
  if (prev)
    {
      if (ok)
	compare_redeclaration (op, prev);
      delete op;
      return;
    }

  for (idl_operation *other : iface->ops)
    if (other->number == number)
      {
	auto_diagnostic_group d;
	error_at (loc, "operation %qD reuses number %u of interface %qs",
		  fndecl, number, iface->name.c_str ());
	inform (DECL_SOURCE_LOCATION (other->decl),
		"%qD has number %u", other->decl, number);
	ok = false;
	break;
      }

  if (ok && !idl_layout_operation (op))
    {
      unsigned nfds = MAX (op->request.nfds, op->reply.nfds);
      if (nfds > IDL_MAX_FDS)
	error_at (loc, "the messages of operation %qD carry %u descriptors; "
		  "at most %d fit in one message", fndecl, nfds, IDL_MAX_FDS);
      else
	error_at (loc, "the messages of operation %qD do not fit in %d "
		  "message words and %d bytes of payload", fndecl,
		  IDL_MR_WORDS - 1, IDL_PAYLOAD_MAX);
      ok = false;
    }

  if (!ok)
    {
      delete op;
      return;
    }
  idl_model_keep (fndecl);
  iface->ops.push_back (op);
  idl_fill_descriptor (iface);
  idl_onc_check_operation (op);
}

/* Does the implementation's type IMPL_T fit the operation's OP_T?  An
   implementation may add const to an in-pointer's pointee.  */
static bool
impl_type_matches (tree impl_t, tree op_t)
{
  if (TYPE_MAIN_VARIANT (impl_t) == TYPE_MAIN_VARIANT (op_t))
    return true;
  if (POINTER_TYPE_P (impl_t) && POINTER_TYPE_P (op_t))
    return (TYPE_MAIN_VARIANT (TREE_TYPE (impl_t))
	    == TYPE_MAIN_VARIANT (TREE_TYPE (op_t)))
	   && (TYPE_QUALS (TREE_TYPE (op_t)) & ~TYPE_QUALS (TREE_TYPE (impl_t)))
	      == 0;
  return false;
}

/* FNDECL is named NAME_impl for an operation NAME: check that it takes
   the operation's parameters after an idl_call_t *, and returns its
   result type.  Errors at the implementation, notes at the operation.  */
static void
check_implementation (tree fndecl)
{
  /* A definition after a declaration reuses the FUNCTION_DECL: check
     each once, so a mismatch is reported once.  */
  static std::vector<tree> checked;
  if (std::find (checked.begin (), checked.end (), fndecl) != checked.end ())
    return;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  size_t len = strlen (name);
  if (len <= 5 || strcmp (name + len - 5, "_impl") != 0)
    return;
  std::string opname (name, len - 5);
  idl_operation *op = idl_find_operation_by_name (opname.c_str ());
  if (!op)
    return;
  checked.push_back (fndecl);
  idl_model_keep (fndecl);

  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  tree impl_t = TREE_TYPE (fndecl);
  auto_diagnostic_group d;
  tree op_t = TREE_TYPE (op->decl);
  bool ok = true;

  if (!prototype_p (impl_t))
    {
      error_at (loc, "implementation %qD of operation %qD has no "
		"prototype", fndecl, op->decl);
      ok = false;
    }
  else if (!impl_type_matches (TREE_TYPE (impl_t), TREE_TYPE (op_t)))
    {
      error_at (loc, "implementation %qD returns %qT but operation %qD "
		"returns %qT", fndecl, TREE_TYPE (impl_t), op->decl,
		TREE_TYPE (op_t));
      ok = false;
    }
  else
    {
      tree ia = TYPE_ARG_TYPES (impl_t), oa = TYPE_ARG_TYPES (op_t);
      unsigned i = 1;
      if (!idl_pointer_to_struct_p (TREE_VALUE (ia), "idl_call"))
	{
	  error_at (loc, "the first parameter of implementation %qD must be "
		    "the call context, of type %<idl_call_t *%>", fndecl);
	  ok = false;
	}
      /* Prototypes end in void_list_node: stop at it on either side.  */
      auto more = [] (tree l) { return l && !VOID_TYPE_P (TREE_VALUE (l)); };
      for (ia = TREE_CHAIN (ia), oa = TREE_CHAIN (oa);
	   ok && more (ia) && more (oa);
	   ia = TREE_CHAIN (ia), oa = TREE_CHAIN (oa), i++)
	if (!impl_type_matches (TREE_VALUE (ia), TREE_VALUE (oa)))
	  {
	    error_at (loc, "parameter %u of implementation %qD has type %qT "
		      "but operation %qD passes %qT", i + 1, fndecl,
		      TREE_VALUE (ia), op->decl, TREE_VALUE (oa));
	    ok = false;
	  }
      if (ok && more (ia) != more (oa))
	{
	  error_at (loc, "implementation %qD takes %d parameters but "
		    "operation %qD takes %d", fndecl,
		    list_length (TYPE_ARG_TYPES (impl_t)) - 1, op->decl,
		    list_length (TYPE_ARG_TYPES (op_t)) - 1);
	  ok = false;
	}
    }
  if (!ok)
    {
      inform (DECL_SOURCE_LOCATION (op->decl), "operation %qD declared here",
	      op->decl);
      return;
    }
  op->impl = fndecl;
  idl_model_keep (fndecl);
}

/* PLUGIN_FINISH_DECL: every declaration the front end completes.  */
void
idl_finish_decl (void *gcc_data, void *)
{
  tree decl = (tree) gcc_data;
  if (!decl)
    return;
  switch (TREE_CODE (decl))
    {
    case VAR_DECL:
      if (idl_attr ("idl_interface", decl))
	interface_model (decl);
      break;
    case FUNCTION_DECL:
      if (tree attr = idl_attr ("idl_op", decl))
	record_operation (decl, attr);
      else if (idl_attr ("idl_oneway", decl))
	error_at (DECL_SOURCE_LOCATION (decl), "%qD is marked "
		  "%<IDL_ONEWAY%> but is not an operation; add "
		  "%<IDL_OP (iface, number)%>", decl);
      else if (tree attr = idl_attr ("idl_dispatcher", decl))
	{
	  idl_interface *iface = interface_model (interface_of (attr));
	  iface->dispatcher = decl;
	  idl_model_keep (decl);
	}
      else if (DECL_NAME (decl))
	{
	  idl_abi_note_decl (decl);
	  check_implementation (decl);
	}
      break;
    default:
      break;
    }
}

/* PLUGIN_PRE_GENERICIZE: every function definition.  */
void
idl_pre_genericize (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_NAME (fndecl))
    return;
  if (idl_attr ("idl_op", fndecl) || idl_find_operation (fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl), "operation %qD is defined "
	      "here, but the plugin generates its client stub; implement "
	      "it on the server as %<%s_impl%>", fndecl,
	      IDENTIFIER_POINTER (DECL_NAME (fndecl)));
  else if (idl_attr ("idl_dispatcher", fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl), "dispatcher %qD is generated "
	      "by the plugin and cannot be defined", fndecl);
  else
    check_implementation (fndecl);
}
