/* attributes.cc -- stage 1: annotations -> validated interface model.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The attributes behind <idlstub.h>'s macros:

     idl_interface (id, version)   on the interface descriptor variable
     idl_op (iface, number)        on an operation's prototype
     idl_oneway                    on an operation's prototype
     idl_in, idl_out, idl_inout    on an operation's pointer parameters
     idl_dispatcher (iface)        on IDL_SERVER's NAME_dispatch

   Every diagnostic of the plugin is issued here, while the front end
   parses: from IPA onward no hook runs once an error was reported, so
   validating late would show only the first kind of mistake
   (GCC-NOTES.md).  Attribute handlers check what they can see alone
   (the attribute's own arguments and the declaration it sits on); the
   PLUGIN_FINISH_DECL callback checks the whole prototype once its
   parameters are known, and records the operation in the model.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"
#include "abi.h"

/* Is ATTR (an idl_* attribute name without underscores) on DECL?  */
static tree
idl_attr (const char *name, tree decl)
{
  return lookup_attribute (name, DECL_ATTRIBUTES (decl));
}

/* The interface an attribute argument names, or NULL after an error
   at LOC.  */
static tree
interface_argument (location_t loc, tree attr_name, tree arg)
{
  tree var = idl_strip_attribute_arg (arg);
  if (var && TREE_CODE (var) == ADDR_EXPR)
    var = TREE_OPERAND (var, 0);
  if (!var || TREE_CODE (var) != VAR_DECL
      || !lookup_attribute ("idl_interface", DECL_ATTRIBUTES (var)))
    {
      auto_diagnostic_group d;
      if (var && DECL_P (var))
	error_at (loc, "%qD is not an idlstub interface", var);
      else
	error_at (loc, "first argument of %qE must name an idlstub "
		  "interface", attr_name);
      inform (loc, "declare the interface first with "
	      "%<IDL_INTERFACE (name, id, version)%>");
      return NULL_TREE;
    }
  return var;
}

/* An integer constant argument in [LO, HI], or false after an error.  */
static bool
integer_argument (location_t loc, tree attr_name, const char *what,
		  tree arg, unsigned HOST_WIDE_INT lo,
		  unsigned HOST_WIDE_INT hi, unsigned HOST_WIDE_INT *out)
{
  arg = idl_strip_attribute_arg (arg);
  if (!arg || TREE_CODE (arg) != INTEGER_CST
      || !INTEGRAL_TYPE_P (TREE_TYPE (arg)))
    {
      error_at (loc, "%s of %qE must be an integer constant", what,
		attr_name);
      return false;
    }
  if (tree_int_cst_sgn (arg) < 0 || !tree_fits_uhwi_p (arg)
      || tree_to_uhwi (arg) < lo || tree_to_uhwi (arg) > hi)
    {
      error_at (loc, "%s %qE of %qE is out of range; it must be between "
		"%wu and %wu", what, arg, attr_name, lo, hi);
      return false;
    }
  *out = tree_to_uhwi (arg);
  return true;
}

/* Attribute handlers: reject first, check the node, report at the
   user's location, then accept (the Linux gcc-plugins habit).  */

/* Where to report a problem with an attribute on NODE.  */
static location_t
attribute_location (tree node)
{
  return DECL_P (node) ? DECL_SOURCE_LOCATION (node) : input_location;
}

static tree
handle_idl_interface (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = *node;
  location_t loc = attribute_location (decl);
  if (TREE_CODE (decl) != VAR_DECL)
    {
      error_at (loc, "%qE attribute applies only to an interface "
		"descriptor; use %<IDL_INTERFACE (name, id, version)%>", name);
      return NULL_TREE;
    }
  if (TYPE_MAIN_VARIANT (TREE_TYPE (decl)) == NULL_TREE
      || TREE_CODE (TREE_TYPE (decl)) != RECORD_TYPE
      || !idl_pointer_to_struct_p (build_pointer_type (TREE_TYPE (decl)),
				   "idl_interface"))
    {
      error_at (loc, "interface descriptor %qD must have type "
		"%<idl_interface_t%>; use %<IDL_INTERFACE%>", decl);
      return NULL_TREE;
    }
  unsigned HOST_WIDE_INT id, version;
  if (!integer_argument (loc, name, "interface id", TREE_VALUE (args), 0,
			 IDL_MAX_IFACE_ID, &id)
      || !integer_argument (loc, name, "interface version",
			    TREE_VALUE (TREE_CHAIN (args)), 0, 0xffffffff,
			    &version))
    return NULL_TREE;
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_op (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = *node;
  location_t loc = attribute_location (decl);
  if (TREE_CODE (decl) != FUNCTION_DECL)
    {
      error_at (loc, "%qE attribute applies only to function "
		"prototypes", name);
      return NULL_TREE;
    }
  unsigned HOST_WIDE_INT number;
  if (!interface_argument (loc, name, TREE_VALUE (args))
      || !integer_argument (loc, name, "operation number",
			    TREE_VALUE (TREE_CHAIN (args)), 1, IDL_MAX_OPNUM,
			    &number))
    return NULL_TREE;
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_oneway (tree *node, tree name, tree, int, bool *no_add)
{
  *no_add = true;
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      error_at (attribute_location (*node),
		"%qE attribute applies only to operation prototypes", name);
      return NULL_TREE;
    }
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_direction (tree *node, tree name, tree, int, bool *no_add)
{
  *no_add = true;
  tree decl = *node;
  if (TREE_CODE (decl) != PARM_DECL)
    {
      error_at (attribute_location (decl),
		"%qE attribute applies only to parameters of an operation",
		name);
      return NULL_TREE;
    }
  if (!is_attribute_p ("idl_in", name) && !POINTER_TYPE_P (TREE_TYPE (decl)))
    {
      auto_diagnostic_group d;
      error_at (DECL_SOURCE_LOCATION (decl),
		"%qE parameter %qD is not a pointer", name, decl);
      inform (DECL_SOURCE_LOCATION (decl),
	      "a value that comes back from the server needs a pointer "
	      "to land in, as in %<%T *%E%>", TREE_TYPE (decl),
	      DECL_NAME (decl));
      return NULL_TREE;
    }
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_dispatcher (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = *node;
  location_t loc = attribute_location (decl);
  if (TREE_CODE (decl) != FUNCTION_DECL)
    {
      error_at (loc, "%qE attribute applies only to a dispatcher "
		"declaration; use %<IDL_SERVER (iface)%>", name);
      return NULL_TREE;
    }
  if (!interface_argument (loc, name, TREE_VALUE (args)))
    return NULL_TREE;
  tree fntype = TREE_TYPE (decl);
  tree argtypes = TYPE_ARG_TYPES (fntype);
  if (!prototype_p (fntype) || list_length (argtypes) != 3
      || !idl_pointer_to_struct_p (TREE_VALUE (argtypes), "idl_call")
      || !POINTER_TYPE_P (TREE_VALUE (TREE_CHAIN (argtypes)))
      || TREE_CODE (TREE_TYPE (fntype)) != INTEGER_TYPE
      || TYPE_PRECISION (TREE_TYPE (fntype)) != 64)
    {
      error_at (loc, "dispatcher %qD must be declared as %<uint64_t %D "
		"(idl_call_t *, uint64_t *)%>; use %<IDL_SERVER (iface)%>",
		decl, decl);
      return NULL_TREE;
    }
  *no_add = false;
  return NULL_TREE;
}

static attribute_spec idl_attributes[7];

void
idl_register_attributes (void *, void *)
{
  idl_attributes[0] = idl_make_attribute_spec ("idl_interface", 2, 2, true,
					       handle_idl_interface);
  idl_attributes[1] = idl_make_attribute_spec ("idl_op", 2, 2, true,
					       handle_idl_op);
  idl_attributes[2] = idl_make_attribute_spec ("idl_oneway", 0, 0, true,
					       handle_idl_oneway);
  idl_attributes[3] = idl_make_attribute_spec ("idl_in", 0, 0, true,
					       handle_idl_direction);
  idl_attributes[4] = idl_make_attribute_spec ("idl_out", 0, 0, true,
					       handle_idl_direction);
  idl_attributes[5] = idl_make_attribute_spec ("idl_inout", 0, 0, true,
					       handle_idl_direction);
  idl_attributes[6] = idl_make_attribute_spec ("idl_dispatcher", 1, 1, true,
					       handle_idl_dispatcher);
  for (attribute_spec &spec : idl_attributes)
    register_attribute (&spec);
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

/* Explain why TYPE cannot cross, at LOC.  */
static void
report_unsupported_type (location_t loc, const char *what, tree decl,
			 tree type)
{
  if (POINTER_TYPE_P (type) && FUNC_OR_METHOD_TYPE_P (TREE_TYPE (type)))
    error_at (loc, "%s %qD is a function pointer, which cannot cross a "
	      "process boundary", what, decl);
  else if (RECORD_OR_UNION_TYPE_P (type))
    error_at (loc, "%s %qD has type %qT; structures and unions cannot "
	      "cross yet", what, decl, type);
  else
    error_at (loc, "%s %qD has type %qT, which cannot cross a process "
	      "boundary", what, decl, type);
}

/* Build PARAM from PARM_DECL DECL of type TYPE; false after an error.  */
static bool
classify_parameter (tree decl, tree type, unsigned index, idl_param *param)
{
  location_t loc = DECL_SOURCE_LOCATION (decl);
  tree a_in = idl_attr ("idl_in", decl);
  tree a_out = idl_attr ("idl_out", decl);
  tree a_inout = idl_attr ("idl_inout", decl);
  int ndirs = !!a_in + !!a_out + !!a_inout;

  param->decl = decl;
  param->type = type;
  param->index = index;
  param->by_pointer = false;
  param->dir = a_out ? IDL_DIR_OUT : a_inout ? IDL_DIR_INOUT : IDL_DIR_IN;

  if (ndirs > 1)
    {
      auto_diagnostic_group d;
      error_at (loc, "parameter %qD has more than one direction", decl);
      inform (loc, "use one of %<IDL_IN%>, %<IDL_OUT%> or %<IDL_INOUT%>");
      return false;
    }

  if (idl_classify_scalar (type, &param->value))
    return true;

  if (POINTER_TYPE_P (type) && !FUNC_OR_METHOD_TYPE_P (TREE_TYPE (type)))
    {
      tree pointee = TREE_TYPE (type);
      if (ndirs == 0)
	{
	  auto_diagnostic_group d;
	  gcc_rich_location richloc (loc);
	  richloc.add_fixit_insert_before (get_start (loc), "IDL_IN ");
	  error_at (&richloc, "pointer parameter %qD of an operation needs a "
		    "direction", decl);
	  inform (loc, "mark it %<IDL_IN%> (the server reads %<*%D%>), "
		  "%<IDL_OUT%> (the server writes it) or %<IDL_INOUT%>",
		  decl);
	  return false;
	}
      if (param->dir != IDL_DIR_IN && TYPE_READONLY (pointee))
	{
	  error_at (loc, "%qs parameter %qD points to const",
		    param->dir == IDL_DIR_OUT ? "IDL_OUT" : "IDL_INOUT", decl);
	  return false;
	}
      if (idl_classify_scalar (pointee, &param->value))
	{
	  param->by_pointer = true;
	  return true;
	}
      error_at (loc, "parameter %qD points to %qT; only pointers to "
		"scalars can cross yet", decl, pointee);
      return false;
    }

  report_unsupported_type (loc, "parameter", decl, type);
  return false;
}

/* Check operation FNDECL (which carries idl_op ATTR) and add it to the
   model.  Every error is reported before giving up, so one compilation
   shows all of a prototype's mistakes.  */
static void
record_operation (tree fndecl, tree attr)
{
  if (idl_find_operation (fndecl))
    return;			/* a compatible redeclaration */

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
  op->iface = iface;
  op->number = number;
  op->oneway = idl_attr ("idl_oneway", fndecl) != NULL_TREE;
  op->impl = NULL_TREE;

  tree ret = TREE_TYPE (fntype);
  op->has_result = !VOID_TYPE_P (ret);
  if (op->has_result && !idl_classify_scalar (ret, &op->result))
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
      if (classify_parameter (decl, type, index, &p))
	op->params.push_back (p);
      else
	ok = false;
    }
  if (index == 0)
    {
      error_at (loc, "operation %qD has no parameters; its first must be "
		"the binding, of type %<idl_binding_t *%>", fndecl);
      ok = false;
    }

  if (op->oneway)
    {
      if (op->has_result)
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
      error_at (loc, "the messages of operation %qD do not fit in %d "
		"message words", fndecl, IDL_MR_WORDS - 1);
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
