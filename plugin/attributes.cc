/* attributes.cc -- stage 1: annotations -> validated interface model.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The attributes behind <idlstub.h>'s macros:

     idl_interface (id, version)   on the interface descriptor variable
     idl_op (iface, number)        on an operation's prototype
     idl_oneway                    on an operation's prototype
     idl_fails ([value])           on an operation's prototype: what a
                                   failed call returns (no argument:
                                   a negated errno code)
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
     idl_region                    idl_region_t * (in or out): a region
     idl_dispatcher (iface)        on IDL_SERVER's NAME_dispatch

   GCC's own access (read_only | write_only | read_write, ptr[, size])
   attribute gives a pointer parameter its direction, and a buffer its
   count; a T[N] parameter (GCC records N as the parameter's "arg spec")
   is an array of N elements moved en bloc.

   Every diagnostic of the plugin is issued in stage 1, while the front end
   parses: from IPA onward no hook runs once an error was reported, so
   validating late would show only the first kind of mistake
   (GCC-NOTES.md).  Attribute handlers check what they can see alone
   (the attribute's own arguments and the declaration it sits on); the
   PLUGIN_FINISH_DECL callback checks the whole prototype once its
   parameters are known, and records the operation in the model
   (operations.cc, parameters.cc).  This file holds the handlers.  */

#include "gcc-compat.h"
#include "model.h"
#include "attributes.h"
#include "diag.h"

/* Is ATTR (an idl_* attribute name without underscores) on DECL?  */
tree
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
	error_at (loc, "first argument of %qs must name an idlstub "
		  "interface", idl_annotation_name (attr_name));
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
      error_at (loc, "%s of %qs must be an integer constant", what,
		idl_annotation_name (attr_name));
      return false;
    }
  if (tree_int_cst_sgn (arg) < 0 || !tree_fits_uhwi_p (arg)
      || tree_to_uhwi (arg) < lo || tree_to_uhwi (arg) > hi)
    {
      error_at (loc, "%s %qE of %qs is out of range; it must be between "
		"%wu and %wu", what, arg, idl_annotation_name (attr_name),
		lo, hi);
      return false;
    }
  *out = tree_to_uhwi (arg);
  return true;
}

/* Attribute handlers: reject first, check the node, report at the
   user's location, then accept (the Linux gcc-plugins habit).  */

/* Is LOC (a spelling location) in <idlstub.h>?  */
static bool
in_idlstub_header (location_t loc)
{
  const char *file = LOCATION_FILE (loc);
  if (!file)
    return false;
  const char *base = lbasename (file);
  return strcmp (base, "idlstub.h") == 0;
}

/* LOC, or where the user wrote the macro of <idlstub.h> that LOC is
   inside of.  An unnamed parameter's location is that of its last
   attribute, in the definition of the macro that spelled it
   (IDL_OUT): a diagnostic there would point into <idlstub.h>, with the
   user's line only in a note.  A location in the user's own macro
   stays there (GCC's notes then show its expansion).  */
location_t
user_location (location_t loc)
{
  while (linemap_location_from_macro_expansion_p (line_table, loc)
	 && in_idlstub_header (linemap_resolve_location
			       (line_table, loc, LRK_SPELLING_LOCATION, NULL)))
    {
      loc = get_pure_location (line_table, loc);
      const line_map *map = linemap_lookup (line_table, loc);
      loc = linemap_unwind_toward_expansion (line_table, loc, &map);
    }
  return loc;
}

/* Where to report a problem with an attribute on NODE.  */
static location_t
attribute_location (tree node)
{
  return user_location (DECL_P (node) ? DECL_SOURCE_LOCATION (node)
			: input_location);
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
  /* The plugin fills in the descriptor's initializer (model.cc): one
     without, here or in another file, would leave the id, version and
     signature zero, and every call would fail at run time.  The front
     end marks an initializer to come before it applies attributes.  */
  if (!DECL_INITIAL (decl))
    error_at (loc, "interface descriptor %qD has no initializer; define "
	      "it with %<IDL_INTERFACE (name, id, version)%>", decl);
  else if (DECL_THREAD_LOCAL_P (decl))
    error_at (loc, "interface descriptor %qD is thread-local; define it "
	      "with %<IDL_INTERFACE (name, id, version)%>", decl);
  *no_add = false;
  return NULL_TREE;
}

written_declaration idl_written;

/* The written declaration is DECL's: the handler of one of its
   attributes runs.  */
static void
note_written (tree decl)
{
  if (idl_written.decl != decl)
    {
      idl_written.decl = decl;
      idl_written.op_args = NULL_TREE;
      idl_written.oneway = false;
      idl_written.fails = NULL_TREE;
    }
}

static tree
handle_idl_op (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = *node;
  /* <idlstub.h>'s IDL_OP gives a third argument: which expansion of
     the macro this is (op-uses.cc).  */
  if (tree k = TREE_CHAIN (TREE_CHAIN (args)))
    idl_op_seen (TREE_VALUE (k));
  location_t loc = attribute_location (decl);
  if (TREE_CODE (decl) != FUNCTION_DECL)
    {
      error_at (loc, "%qs applies only to function prototypes",
		idl_annotation_name (name));
      return NULL_TREE;
    }
  unsigned HOST_WIDE_INT number;
  if (!interface_argument (loc, name, TREE_VALUE (args))
      || !integer_argument (loc, name, "operation number",
			    TREE_VALUE (TREE_CHAIN (args)), 1, IDL_MAX_OPNUM,
			    &number))
    return NULL_TREE;
  /* DECL is the declaration as written, before the front end merges it
     with an earlier one: an IDL_OP already on it is this declaration's
     own, and the merged declaration would keep only one of them.  */
  if (tree first = lookup_attribute ("idl_op", DECL_ATTRIBUTES (decl)))
    {
      error_at (loc, "operation %qD has two %<IDL_OP%> annotations, %<IDL_OP "
		"(%E, %E)%> and %<IDL_OP (%E, %E)%>; give it one", decl,
		idl_strip_attribute_arg (TREE_VALUE (TREE_VALUE (first))),
		idl_strip_attribute_arg (TREE_VALUE (TREE_CHAIN
						     (TREE_VALUE (first)))),
		idl_strip_attribute_arg (TREE_VALUE (args)),
		idl_strip_attribute_arg (TREE_VALUE (TREE_CHAIN (args))));
      return NULL_TREE;
    }
  note_written (decl);
  idl_written.op_args = args;
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
		"%qs applies only to operation prototypes",
		idl_annotation_name (name));
      return NULL_TREE;
    }
  note_written (*node);
  idl_written.oneway = true;
  *no_add = false;
  return NULL_TREE;
}

/* IDL_FAILS (value), IDL_FAILS_ERRNO (no argument).  Whether the
   operation's result can hold the value is checked with the whole
   prototype (operations.cc, check_fails).  */
static tree
handle_idl_fails (tree *node, tree, tree args, int, bool *no_add)
{
  *no_add = true;
  const char *macro = args ? "IDL_FAILS" : "IDL_FAILS_ERRNO";
  location_t loc = attribute_location (*node);
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      error_at (loc, "%qs applies only to operation prototypes", macro);
      return NULL_TREE;
    }
  if (args)
    {
      tree v = idl_strip_attribute_arg (TREE_VALUE (args));
      if (v && TREE_CODE (v) != INTEGER_CST)
	v = fold (v);
      if (!v || TREE_CODE (v) != INTEGER_CST
	  || !INTEGRAL_TYPE_P (TREE_TYPE (v)))
	{
	  error_at (loc, "the value of %<IDL_FAILS%> must be an integer "
		    "constant, such as %<-1%>");
	  return NULL_TREE;
	}
      TREE_VALUE (args) = v;
    }
  if (tree other = (idl_written.decl == *node ? idl_written.fails
		    : NULL_TREE))
    {
      error_at (loc, "operation %qD has two failure values (%qs and %qs); "
		"give it one", *node,
		TREE_VALUE (other) ? "IDL_FAILS" : "IDL_FAILS_ERRNO", macro);
      return NULL_TREE;
    }
  note_written (*node);
  idl_written.fails = tree_cons (NULL_TREE, args ? TREE_VALUE (args)
				 : NULL_TREE, NULL_TREE);
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
		"%qs applies only to parameters of an operation",
		idl_annotation_name (name));
      return NULL_TREE;
    }
  if (!is_attribute_p ("idl_in", name) && !POINTER_TYPE_P (TREE_TYPE (decl)))
    {
      auto_diagnostic_group d;
      location_t loc = attribute_location (decl);
      error_at (loc, "%qs parameter %qD is not a pointer",
		is_attribute_p ("idl_out", name) ? "IDL_OUT" : "IDL_INOUT",
		decl);
      const char *n = IDENTIFIER_POINTER (DECL_NAME (decl));
      inform (loc, "a value that comes back from the server needs a "
	      "pointer to land in, as in %<%T *%s%>", TREE_TYPE (decl),
	      *n == '<' ? "" : n);
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
		"%qs applies only to parameters of an operation",
		idl_annotation_name (name));
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
      error_at (loc, "first argument of %qs must name a parameter",
		idl_annotation_name (attr_name));
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
  location_t loc = attribute_location (decl);
  tree type = TREE_TYPE (decl);
  if (!POINTER_TYPE_P (type) || !char_type_p (TREE_TYPE (type)))
    {
      error_at (loc, "%<IDL_STRING%> parameter %qD has type %qT; a string "
		"is a %<char *%> (or %<const char *%>)", decl, type);
      return NULL_TREE;
    }
  unsigned HOST_WIDE_INT max;
  /* Up to IDL_BULK_MAX bytes with the NUL: a string over the page's
     room travels as a bulk item (layout.cc, bulk.cc).  */
  if (!integer_argument (loc, name, "string bound", TREE_VALUE (args), 1,
			 IDL_BULK_MAX - 1, &max))
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
  location_t loc = attribute_location (decl);
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
			    IDL_BULK_MAX, &max))
    return NULL_TREE;
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_length_is (tree *node, tree name, tree args, int, bool *no_add)
{
  *no_add = true;
  tree decl = parameter_node (node, name);
  if (!decl || !name_argument (attribute_location (decl), name,
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
      || !integer_argument (attribute_location (decl), name,
			    is_attribute_p ("idl_max", name) ? "bound" : "size",
			    TREE_VALUE (args),
			    is_attribute_p ("idl_max", name) ? 1 : 0,
			    is_attribute_p ("idl_max", name)
			    ? IDL_BULK_MAX : IDL_PAYLOAD_MAX, &v))
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
      error_at (attribute_location (decl), "%<IDL_FD%> parameter %qD has "
		"type %qT; a descriptor is an %<int%> (in) or an %<int *%> "
		"(out)", decl, type);
      return NULL_TREE;
    }
  *no_add = false;
  return NULL_TREE;
}

static tree
handle_idl_region (tree *node, tree name, tree, int, bool *no_add)
{
  *no_add = true;
  tree decl = parameter_node (node, name);
  if (!decl)
    return NULL_TREE;
  tree type = TREE_TYPE (decl);
  if (!idl_pointer_to_struct_p (type, "idl_region"))
    {
      error_at (attribute_location (decl), "%<IDL_REGION%> parameter %qD "
		"has type %qT; a region is an %<idl_region_t *%> (from "
		"%<idl_region_new%>)", decl, type);
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
std::vector<tree> rejected_parms;

template <tree (*handler) (tree *, tree, tree, int, bool *)>
static tree
remember_rejection (tree *node, tree name, tree args, int flags,
		    bool *no_add)
{
  /* An unnamed parameter is called "<unnamed>" in a message rather
     than "({anonymous})"; which one it is, the front end does not say
     yet (record_operation numbers them later).  */
  tree unnamed = NULL_TREE;
  if (TREE_CODE (*node) == PARM_DECL && !DECL_NAME (*node))
    {
      unnamed = *node;
      DECL_NAME (unnamed) = get_identifier ("<unnamed>");
    }
  tree r = handler (node, name, args, flags, no_add);
  if (unnamed)
    DECL_NAME (unnamed) = NULL_TREE;
  if (*no_add && TREE_CODE (*node) == PARM_DECL)
    rejected_parms.push_back (*node);
  return r;
}

static attribute_spec idl_attributes[15];

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
  add ("idl_op", 2, 3, handle_idl_op);
  add ("idl_oneway", 0, 0, handle_idl_oneway);
  add ("idl_fails", 0, 1, handle_idl_fails);
  add ("idl_in", 0, 0, remember_rejection<handle_idl_direction>);
  add ("idl_out", 0, 0, remember_rejection<handle_idl_direction>);
  add ("idl_inout", 0, 0, remember_rejection<handle_idl_direction>);
  add ("idl_string", 1, 1, remember_rejection<handle_idl_string>);
  add ("idl_size_is", 2, 2, remember_rejection<handle_idl_size_is>);
  add ("idl_length_is", 1, 1, remember_rejection<handle_idl_length_is>);
  add ("idl_max", 1, 1, remember_rejection<handle_idl_bound>);
  add ("idl_typical", 1, 1, remember_rejection<handle_idl_bound>);
  add ("idl_fd", 0, 0, remember_rejection<handle_idl_fd>);
  add ("idl_region", 0, 0, remember_rejection<handle_idl_region>);
  add ("idl_dispatcher", 1, 1, handle_idl_dispatcher);
  gcc_assert (n == ARRAY_SIZE (idl_attributes));
  for (attribute_spec &spec : idl_attributes)
    register_attribute (&spec);
}
