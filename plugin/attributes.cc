/* attributes.cc -- stage 1: annotations -> validated interface model.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The attributes behind <idlstub.h>'s macros:

     idl_interface (id, version)   on the interface descriptor variable
     idl_op (iface, number)        on an operation's prototype
     idl_oneway                    on an operation's prototype
     idl_in, idl_out, idl_inout    on an operation's pointer parameters
     idl_string (max)              char * parameter: a string of at most
                                   MAX chars
     idl_size_is ("count", max)    T * parameter: COUNT elements (another
                                   parameter), at most MAX
     idl_length_is ("len")         out/inout buffer: *LEN elements come
                                   back
     idl_max (max)                 bound of a buffer whose count comes from
                                   GCC's access attribute
     idl_typical (n)               a typical size (a hint)
     idl_fd                        int (in) or int * (out): a descriptor
     idl_dispatcher (iface)        on IDL_SERVER's NAME_dispatch

   GCC's own access (read_only | write_only | read_write, ptr[, size])
   attribute gives a pointer parameter its direction, and a buffer its
   count; a T[N] parameter (GCC records N as the parameter's "arg spec")
   is an array of N elements moved en bloc.

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
#include "xdr.h"

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

/* The parameter an argument-model attribute sits on, or NULL after an
   error.  */
static tree
parameter_node (tree *node, tree name)
{
  if (TREE_CODE (*node) != PARM_DECL)
    {
      error_at (attribute_location (*node),
		"%qE attribute applies only to parameters of an operation",
		name);
      return NULL_TREE;
    }
  return *node;
}

/* A parameter name given as a string (the macros stringify it), or
   NULL after an error at LOC.  */
static bool
name_argument (location_t loc, tree attr_name, tree arg)
{
  arg = idl_strip_attribute_arg (arg);
  if (!arg || TREE_CODE (arg) != STRING_CST
      || TREE_STRING_LENGTH (arg) < 2)
    {
      error_at (loc, "first argument of %qE must name a parameter",
		attr_name);
      return false;
    }
  return true;
}

/* Is TYPE one of the three character types?  */
static bool
char_type_p (tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  return (type == char_type_node || type == signed_char_type_node
	  || type == unsigned_char_type_node);
}

static tree
handle_idl_string (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = parameter_node (node, name);
  if (!decl)
    return NULL_TREE;
  location_t loc = DECL_SOURCE_LOCATION (decl);
  tree type = TREE_TYPE (decl);
  if (!POINTER_TYPE_P (type) || !char_type_p (TREE_TYPE (type)))
    {
      error_at (loc, "%<IDL_STRING%> parameter %qD has type %qT; a string "
		"is a %<char *%> (or %<const char *%>)", decl, type);
      return NULL_TREE;
    }
  unsigned HOST_WIDE_INT max;
  if (!integer_argument (loc, name, "string bound", TREE_VALUE (args), 1,
			 IDL_PAYLOAD_MAX - 1, &max))
    return NULL_TREE;
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_size_is (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = parameter_node (node, name);
  if (!decl)
    return NULL_TREE;
  location_t loc = DECL_SOURCE_LOCATION (decl);
  tree type = TREE_TYPE (decl);
  if (!POINTER_TYPE_P (type) || FUNC_OR_METHOD_TYPE_P (TREE_TYPE (type)))
    {
      error_at (loc, "%<IDL_SIZE_IS%> parameter %qD has type %qT; a "
		"buffer is a pointer to its first element", decl, type);
      return NULL_TREE;
    }
  unsigned HOST_WIDE_INT max;
  if (!name_argument (loc, name, TREE_VALUE (args))
      || !integer_argument (loc, name, "buffer bound",
			    TREE_VALUE (TREE_CHAIN (args)), 1,
			    IDL_PAYLOAD_MAX, &max))
    return NULL_TREE;
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_length_is (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = parameter_node (node, name);
  if (!decl || !name_argument (DECL_SOURCE_LOCATION (decl), name,
			       TREE_VALUE (args)))
    return NULL_TREE;
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_bound (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = parameter_node (node, name);
  unsigned HOST_WIDE_INT v;
  if (!decl
      || !integer_argument (DECL_SOURCE_LOCATION (decl), name,
			    is_attribute_p ("idl_max", name) ? "bound" : "size",
			    TREE_VALUE (args),
			    is_attribute_p ("idl_max", name) ? 1 : 0,
			    IDL_PAYLOAD_MAX, &v))
    return NULL_TREE;
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_fd (tree *node, tree name, tree, int, bool *no_add)
{
  *no_add = true;
  tree decl = parameter_node (node, name);
  if (!decl)
    return NULL_TREE;
  tree type = TREE_TYPE (decl);
  tree base = POINTER_TYPE_P (type) ? TREE_TYPE (type) : type;
  if (TYPE_MAIN_VARIANT (base) != integer_type_node)
    {
      error_at (DECL_SOURCE_LOCATION (decl), "%<IDL_FD%> parameter %qD has "
		"type %qT; a descriptor is an %<int%> (in) or an %<int *%> "
		"(out)", decl, type);
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

/* Parameters an attribute handler already reported: classifying them
   again would only add a misleading second error (an IDL_STRING with a
   bad bound is dropped, and the parameter would then look unbounded).  */
static std::vector<tree> rejected_parms;

template <tree (*handler) (tree *, tree, tree, int, bool *)>
static tree
remember_rejection (tree *node, tree name, tree args, int flags,
		    bool *no_add)
{
  tree r = handler (node, name, args, flags, no_add);
  if (*no_add && TREE_CODE (*node) == PARM_DECL)
    rejected_parms.push_back (*node);
  return r;
}

static attribute_spec idl_attributes[13];

void
idl_register_attributes (void *, void *)
{
  unsigned n = 0;
  auto add = [&n] (const char *name, int min, int max,
		   tree (*handler) (tree *, tree, tree, int, bool *))
    {
      idl_attributes[n++] = idl_make_attribute_spec (name, min, max, true,
						     handler);
    };
  add ("idl_interface", 2, 2, handle_idl_interface);
  add ("idl_op", 2, 2, handle_idl_op);
  add ("idl_oneway", 0, 0, handle_idl_oneway);
  add ("idl_in", 0, 0, remember_rejection<handle_idl_direction>);
  add ("idl_out", 0, 0, remember_rejection<handle_idl_direction>);
  add ("idl_inout", 0, 0, remember_rejection<handle_idl_direction>);
  add ("idl_string", 1, 1, remember_rejection<handle_idl_string>);
  add ("idl_size_is", 2, 2, remember_rejection<handle_idl_size_is>);
  add ("idl_length_is", 1, 1, remember_rejection<handle_idl_length_is>);
  add ("idl_max", 1, 1, remember_rejection<handle_idl_bound>);
  add ("idl_typical", 1, 1, remember_rejection<handle_idl_bound>);
  add ("idl_fd", 0, 0, remember_rejection<handle_idl_fd>);
  add ("idl_dispatcher", 1, 1, handle_idl_dispatcher);
  gcc_assert (n == ARRAY_SIZE (idl_attributes));
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
  /* The IPA pass completes the initializer (the table of operations,
     model.cc): no read of the descriptor may be folded from the
     incomplete one meanwhile, so it is not a constant to GCC, though
     nothing ever writes it.  */
  TREE_READONLY (var) = 0;
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
  else
    error_at (loc, "%s %qD has type %qT, which cannot cross a process "
	      "boundary", what, decl, type);
}

/* The Ith argument of attribute NAME on DECL, stripped, or NULL.  */
static tree
attr_arg (tree decl, const char *name, unsigned i = 0)
{
  tree attr = idl_attr (name, decl);
  if (!attr)
    return NULL_TREE;
  tree args = TREE_VALUE (attr);
  while (i-- && args)
    args = TREE_CHAIN (args);
  return args ? idl_strip_attribute_arg (TREE_VALUE (args)) : NULL_TREE;
}

/* Is TYPE flat, bytes that mean the same in another process (paper
   000, 4.3.5: such records move en bloc)?  If not, says why at LOC for
   parameter DECL and returns false.  */
static bool
check_flat (location_t loc, tree decl, tree top, tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  switch (TREE_CODE (type))
    {
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
    case BOOLEAN_TYPE:
    case REAL_TYPE:
    case COMPLEX_TYPE:
    case VECTOR_TYPE:
      return true;
    case ARRAY_TYPE:
      if (!COMPLETE_TYPE_P (type)
	  || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
	{
	  error_at (loc, "parameter %qD: %qT contains %qT, an array of "
		    "unknown or variable size", decl, top, type);
	  return false;
	}
      return check_flat (loc, decl, top, TREE_TYPE (type));
    case RECORD_TYPE:
    case UNION_TYPE:
      if (!COMPLETE_TYPE_P (type))
	{
	  error_at (loc, "parameter %qD: %qT is incomplete", decl, type);
	  return false;
	}
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	{
	  if (TREE_CODE (f) != FIELD_DECL)
	    continue;
	  tree ft = TREE_TYPE (f);
	  if (TREE_CODE (ft) == ARRAY_TYPE && !COMPLETE_TYPE_P (ft))
	    {
	      auto_diagnostic_group d;
	      error_at (loc, "parameter %qD: %qT has a flexible array member "
			"%qD; only records of a fixed size can cross",
			decl, top, f);
	      inform (DECL_SOURCE_LOCATION (f), "give it a size, and pass "
		      "variable data as a separate %<IDL_SIZE_IS%> buffer");
	      return false;
	    }
	  if (POINTER_TYPE_P (ft))
	    {
	      auto_diagnostic_group d;
	      error_at (loc, "parameter %qD: %qT has pointer member %qD, "
			"which means nothing in another process", decl, top, f);
	      if (FUNC_OR_METHOD_TYPE_P (TREE_TYPE (ft)))
		inform (DECL_SOURCE_LOCATION (f), "the address of a function is "
			"only valid in its own process; send a value that "
			"selects the function instead");
	      else
		inform (DECL_SOURCE_LOCATION (f), "use a fixed-size array "
			"member, or pass what it points to as a parameter of "
			"its own");
	      return false;
	    }
	  if (!check_flat (loc, decl, top, ft))
	    return false;
	}
      return true;
    default:
      error_at (loc, "parameter %qD: %qT contains %qT, which cannot cross "
		"a process boundary", decl, top, type);
      return false;
    }
}

/* Make PARAM a block of TYPE; false after an error.  */
static bool
classify_block (location_t loc, tree decl, tree type, idl_param *param)
{
  type = TYPE_MAIN_VARIANT (type);
  if (!check_flat (loc, decl, type, type))
    return false;
  if (!tree_fits_uhwi_p (TYPE_SIZE_UNIT (type))
      || tree_to_uhwi (TYPE_SIZE_UNIT (type)) > IDL_PAYLOAD_MAX)
    {
      error_at (loc, "parameter %qD: %qT is larger than a message can carry "
		"(%d bytes)", decl, type, IDL_PAYLOAD_MAX);
      return false;
    }
  param->kind = IDL_KIND_BLOCK;
  param->block_type = TYPE_MAIN_VARIANT (type);
  param->block_size = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  param->block_align = TYPE_ALIGN_UNIT (type);
  return true;
}

/* The direction GCC's access attribute ACC gives, or -1.  */
static int
access_direction (const attr_access *acc)
{
  if (!acc || acc->internal_p)
    return -1;
  switch (acc->mode)
    {
    case access_read_only:
      return IDL_DIR_IN;
    case access_write_only:
      return IDL_DIR_OUT;
    case access_read_write:
      return IDL_DIR_INOUT;
    default:
      return -1;
    }
}

static const char *
direction_name (int dir)
{
  return dir == IDL_DIR_IN ? "IDL_IN" : dir == IDL_DIR_OUT ? "IDL_OUT"
	 : "IDL_INOUT";
}

/* What the count and length of a buffer refer to, resolved once every
   parameter is known (record_operation).  */
struct buffer_refs
{
  tree size_name;		/* STRING_CST from IDL_SIZE_IS, or NULL */
  int size_pos;			/* access's size position (0-based), or -1 */
  tree length_name;		/* STRING_CST from IDL_LENGTH_IS, or NULL */
};

/* Build PARAM from PARM_DECL DECL of type TYPE; false after an error.
   ACC is what GCC's access attribute (explicit or, for a T[N]
   parameter, internal) says about this parameter, or NULL.  */
static bool
classify_parameter (tree decl, tree type, unsigned index,
		    const attr_access *acc, idl_param *param,
		    buffer_refs *refs)
{
  /* An unnamed parameter's location is that of its last attribute,
     inside the macro that spelled it: report where the user wrote the
     macro.  */
  location_t loc = linemap_resolve_location (line_table,
					     DECL_SOURCE_LOCATION (decl),
					     LRK_MACRO_EXPANSION_POINT, NULL);
  tree a_in = idl_attr ("idl_in", decl);
  tree a_out = idl_attr ("idl_out", decl);
  tree a_inout = idl_attr ("idl_inout", decl);
  int ndirs = !!a_in + !!a_out + !!a_inout;

  param->decl = decl;
  param->type = type;
  param->index = index;
  param->kind = IDL_KIND_SCALAR;
  param->by_pointer = false;
  param->dir = a_out ? IDL_DIR_OUT : a_inout ? IDL_DIR_INOUT : IDL_DIR_IN;
  param->block_type = NULL_TREE;
  param->block_size = param->block_align = 0;
  param->max = param->typical = 0;
  param->elem_type = NULL_TREE;
  param->elem_size = param->elem_align = 0;
  param->size_param = param->length_param = -1;
  refs->size_name = refs->length_name = NULL_TREE;
  refs->size_pos = -1;

  if (std::find (rejected_parms.begin (), rejected_parms.end (), decl)
      != rejected_parms.end ())
    return false;
  for (const char *a : { "idl_string", "idl_size_is", "idl_length_is",
			 "idl_max", "idl_typical" })
    {
      tree first = idl_attr (a, decl);
      if (first && lookup_attribute (a, TREE_CHAIN (first)))
	{
	  error_at (loc, "parameter %qD has two %qs attributes; give it "
		    "one", decl, a);
	  return false;
	}
    }
  if (ndirs > 1)
    {
      auto_diagnostic_group d;
      error_at (loc, "parameter %qD has more than one direction", decl);
      inform (loc, "use one of %<IDL_IN%>, %<IDL_OUT%> or %<IDL_INOUT%>");
      return false;
    }
  int adir = access_direction (acc);
  if (adir >= 0)
    {
      if (ndirs && adir != (int) param->dir)
	{
	  error_at (loc, "parameter %qD is %qs, but its %<access%> attribute "
		    "makes it %qs", decl, direction_name (param->dir),
		    direction_name (adir));
	  return false;
	}
      param->dir = (enum idl_direction) adir;
      ndirs = 1;
    }

  tree a_string = idl_attr ("idl_string", decl);
  tree a_size = idl_attr ("idl_size_is", decl);
  tree a_length = idl_attr ("idl_length_is", decl);
  tree a_max = idl_attr ("idl_max", decl);
  if (tree t = attr_arg (decl, "idl_typical"))
    param->typical = tree_to_uhwi (t);
  bool access_size = acc && !acc->internal_p && acc->sizarg != UINT_MAX;
  bool is_buffer = a_size || access_size;
  if (a_size && access_size)
    {
      error_at (loc, "buffer %qD is counted both by its %<access%> "
		"attribute and by %<IDL_SIZE_IS%>; keep one", decl);
      return false;
    }
  if (a_size && a_max)
    {
      error_at (loc, "%<IDL_MAX%> bounds a buffer counted by an "
		"%<access%> attribute; %qD has %<IDL_SIZE_IS%>, whose "
		"second argument is its bound", decl);
      return false;
    }
  if (param->typical && !a_string && !is_buffer)
    {
      error_at (loc, "%<IDL_TYPICAL%> applies to strings and buffers; "
		"%qD is neither", decl);
      return false;
    }

  if (idl_attr ("idl_fd", decl))
    {
      param->kind = IDL_KIND_FD;
      idl_classify_scalar (integer_type_node, &param->value);
      param->by_pointer = POINTER_TYPE_P (type);
      if (a_string || is_buffer || a_length || a_max)
	{
	  error_at (loc, "descriptor %qD cannot also be a string or a buffer",
		    decl);
	  return false;
	}
      if (param->by_pointer ? param->dir != IDL_DIR_OUT
			    : param->dir != IDL_DIR_IN)
	{
	  auto_diagnostic_group d;
	  error_at (loc, "descriptor parameter %qD must be an %<int%> sent to "
		    "the server or an %<IDL_OUT int *%> that receives one",
		    decl);
	  if (param->dir == IDL_DIR_INOUT)
	    inform (loc, "to pass a descriptor both ways, use two "
		    "parameters");
	  return false;
	}
      return true;
    }

  if (!POINTER_TYPE_P (type) || FUNC_OR_METHOD_TYPE_P (TREE_TYPE (type)))
    {
      if (a_length || a_max)
	{
	  error_at (loc, "%qs applies only to a buffer parameter; %qD is not "
		    "a pointer", a_length ? "IDL_LENGTH_IS" : "IDL_MAX", decl);
	  return false;
	}
      if (idl_classify_scalar (type, &param->value))
	return true;
      if (RECORD_OR_UNION_TYPE_P (type))
	return classify_block (loc, decl, type, param);
      report_unsupported_type (loc, "parameter", decl, type);
      return false;
    }

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
		direction_name (param->dir), decl);
      return false;
    }

  if (a_string)
    {
      if (is_buffer || a_length || a_max)
	{
	  error_at (loc, "string %qD takes its bound from %<IDL_STRING%>; "
		    "it cannot also be a buffer", decl);
	  return false;
	}
      param->kind = IDL_KIND_STRING;
      param->max = tree_to_uhwi (attr_arg (decl, "idl_string"));
      idl_classify_scalar (unsigned_type_node, &param->value);
      return true;
    }

  if (is_buffer)
    {
      tree elem = VOID_TYPE_P (pointee) ? unsigned_char_type_node : pointee;
      idl_scalar es;
      if (POINTER_TYPE_P (elem))
	{
	  error_at (loc, "buffer %qD holds pointers (%qT), which mean nothing "
		    "in another process", decl, elem);
	  return false;
	}
      if (!idl_classify_scalar (elem, &es)
	  && !check_flat (loc, decl, elem, elem))
	return false;
      if (!COMPLETE_TYPE_P (elem) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (elem))
	  || integer_zerop (TYPE_SIZE_UNIT (elem)))
	{
	  error_at (loc, "buffer %qD has elements of type %qT, which has no "
		    "size", decl, elem);
	  return false;
	}
      param->kind = IDL_KIND_BUFFER;
      param->elem_type = TYPE_MAIN_VARIANT (elem);
      param->elem_size = tree_to_uhwi (TYPE_SIZE_UNIT (elem));
      param->elem_align = TYPE_ALIGN_UNIT (elem);
      if (a_size)
	{
	  refs->size_name = attr_arg (decl, "idl_size_is", 0);
	  param->max = tree_to_uhwi (attr_arg (decl, "idl_size_is", 1));
	}
      else
	{
	  refs->size_pos = acc->sizarg;
	  if (!a_max)
	    {
	      auto_diagnostic_group d;
	      error_at (loc, "buffer %qD, sized by its %<access%> attribute, "
			"needs a bound", decl);
	      inform (loc, "add %<IDL_MAX (n)%>: the most elements it may "
		      "hold");
	      return false;
	    }
	  param->max = tree_to_uhwi (attr_arg (decl, "idl_max"));
	}
      if (a_length)
	{
	  if (param->dir == IDL_DIR_IN)
	    {
	      error_at (loc, "%<IDL_LENGTH_IS%> applies to %<IDL_OUT%> and "
			"%<IDL_INOUT%> buffers; %<IDL_IN%> buffer %qD sends "
			"its count", decl);
	      return false;
	    }
	  refs->length_name = attr_arg (decl, "idl_length_is");
	}
      if (param->max * param->elem_size > IDL_PAYLOAD_MAX)
	{
	  error_at (loc, "buffer %qD may hold %wu bytes; a message carries at "
		    "most %d", decl, param->max * param->elem_size,
		    IDL_PAYLOAD_MAX);
	  return false;
	}
      idl_classify_scalar (unsigned_type_node, &param->value);
      return true;
    }
  if (a_length || a_max)
    {
      error_at (loc, "%qs applies only to a buffer; give %qD a count with "
		"%<IDL_SIZE_IS (count, max)%>",
		a_length ? "IDL_LENGTH_IS" : "IDL_MAX", decl);
      return false;
    }

  /* T a[N]: GCC remembers N in an internal access specification.  */
  if (acc && acc->internal_p)
    {
      if (acc->minsize == HOST_WIDE_INT_M1U || acc->size)
	{
	  error_at (loc, "parameter %qD is a variable-length array; pass its "
		    "length as another parameter with %<IDL_SIZE_IS%>", decl);
	  return false;
	}
      if (acc->minsize > 0)
	{
	  if (VOID_TYPE_P (pointee))
	    {
	      report_unsupported_type (loc, "parameter", decl, type);
	      return false;
	    }
	  tree arr = build_array_type_nelts (TYPE_MAIN_VARIANT (pointee),
					     acc->minsize);
	  if (!classify_block (loc, decl, arr, param))
	    return false;
	  param->by_pointer = true;
	  return true;
	}
    }

  if (TYPE_MAIN_VARIANT (pointee) == char_type_node)
    {
      auto_diagnostic_group d;
      error_at (loc, "%<char%> pointer %qD needs a bound", decl);
      inform (loc, "mark a string %<IDL_STRING (max)%>, or a buffer "
	      "%<IDL_SIZE_IS (count, max)%>; a single character is a "
	      "%<signed char%> or an %<unsigned char%>");
      return false;
    }
  if (idl_classify_scalar (pointee, &param->value))
    {
      param->by_pointer = true;
      return true;
    }
  if (RECORD_OR_UNION_TYPE_P (pointee) || TREE_CODE (pointee) == ARRAY_TYPE)
    {
      if (!classify_block (loc, decl, pointee, param))
	return false;
      param->by_pointer = true;
      return true;
    }
  if (POINTER_TYPE_P (pointee))
    error_at (loc, "parameter %qD points to a pointer (%qT), which means "
	      "nothing in another process", decl, pointee);
  else
    error_at (loc, "parameter %qD points to %qT, which cannot cross a "
	      "process boundary", decl, pointee);
  return false;
}

/* The index in OP->params of the parameter named by STRING_CST NAME, or
   at prototype position POS; -1 if there is none.  */
static int
find_param (const idl_operation *op, tree name, int pos)
{
  for (unsigned i = 0; i < op->params.size (); i++)
    {
      tree d = op->params[i].decl;
      if (name ? (DECL_NAME (d)
		  && strcmp (IDENTIFIER_POINTER (DECL_NAME (d)),
			     TREE_STRING_POINTER (name)) == 0)
	       : (int) op->params[i].index == pos)
	return i;
    }
  return -1;
}

/* Resolve buffer P's count and length parameters (REFS); false after
   an error.  */
static bool
resolve_buffer (idl_operation *op, unsigned i, const buffer_refs &refs)
{
  idl_param &p = op->params[i];
  location_t loc = DECL_SOURCE_LOCATION (p.decl);
  int c = find_param (op, refs.size_name, refs.size_pos);
  tree binding = DECL_ARGUMENTS (op->decl);
  if (c < 0 && refs.size_name && binding && DECL_NAME (binding)
      && strcmp (IDENTIFIER_POINTER (DECL_NAME (binding)),
		 TREE_STRING_POINTER (refs.size_name)) == 0)
    {
      error_at (loc, "the count of buffer %qD names the binding %qD; a "
		"count is an integer parameter", p.decl, binding);
      return false;
    }
  if (c < 0 || c == (int) i)
    {
      if (c == (int) i)
	error_at (loc, "buffer %qD cannot be its own count", p.decl);
      else if (refs.size_name)
	error_at (loc, "the count of buffer %qD names %qs, which is not a "
		  "parameter of %qD", p.decl,
		  TREE_STRING_POINTER (refs.size_name), op->decl);
      else
	error_at (loc, "the %<access%> size of %qD is not a parameter of "
		  "%qD", p.decl, op->decl);
      return false;
    }
  const idl_param &cp = op->params[c];
  if (cp.kind != IDL_KIND_SCALAR || cp.by_pointer
      || TREE_CODE (cp.value.type) != INTEGER_TYPE)
    {
      auto_diagnostic_group d;
      error_at (loc, "the count of buffer %qD, %qD, must be an integer "
		"parameter passed by value", p.decl, cp.decl);
      inform (DECL_SOURCE_LOCATION (cp.decl), "%qD declared here", cp.decl);
      return false;
    }
  p.size_param = c;
  if (!refs.length_name)
    return true;
  int l = find_param (op, refs.length_name, -1);
  if (l == c)
    {
      error_at (loc, "the length of buffer %qD, %qD, is also its count; "
		"the length is what comes back, in an integer of its own",
		p.decl, op->params[c].decl);
      return false;
    }
  if (l < 0 || l == (int) i)
    {
      error_at (loc, "the length of buffer %qD names %qs, which is not "
		"another parameter of %qD", p.decl,
		TREE_STRING_POINTER (refs.length_name), op->decl);
      return false;
    }
  const idl_param &lp = op->params[l];
  if (lp.kind != IDL_KIND_SCALAR || !lp.by_pointer || lp.dir == IDL_DIR_IN
      || TREE_CODE (lp.value.type) != INTEGER_TYPE
      || (p.dir == IDL_DIR_INOUT && lp.dir != IDL_DIR_INOUT))
    {
      auto_diagnostic_group d;
      error_at (loc, "the length of buffer %qD, %qD, must be a pointer to "
		"an integer marked %qs", p.decl, lp.decl,
		p.dir == IDL_DIR_INOUT ? "IDL_INOUT" : "IDL_OUT");
      inform (DECL_SOURCE_LOCATION (lp.decl), "%qD declared here", lp.decl);
      return false;
    }
  p.length_param = l;
  return true;
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
