/* impl-check.cc -- stage 1: the server's implementations.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The server stub of operation NAME calls NAME_impl (server-stub.cc),
   which the user writes.  What can go wrong there is found here, at
   the user's own lines, rather than at link time inside a generated
   stub (issue 19, item 2):

   - IDL_SERVER (iface) declares NAME_impl for every operation of
     IFACE, known then or declared later, as if the user had written
     its prototype: a definition after it has a previous prototype
     (-Wmissing-prototypes stays quiet), and a call of it is checked.
     The declaration is pushed with the location the C front end gives
     its predeclared functions (BUILTINS_LOCATION): a user declaration
     that matches merges with it, one that does not silently replaces
     it (c-decl.cc, diagnose_mismatched_decls, "a conflicting function
     declaration for a predeclared function that isn't actually built
     in"), so the mismatch is reported once, here, not also as GCC's
     "conflicting types".  Only in C and at file scope.

   - An implementation whose type differs from its operation's (after
     the idl_call_t * that replaces the binding) is one error listing
     every difference, with a caret on the first differing parameter,
     ranges on the others, and a note at each.

   - At the end of the unit, an operation whose implementation this
     file neither defines nor declares is missing if the file defines
     another implementation of the same interface: a file that defines
     none holds the dispatcher only, and the implementations are
     elsewhere (a clang-built file, another unit), which a compiler of
     one unit cannot see.  Declaring NAME_impl (a prototype) says it is
     defined in another file.  A function defined here whose name is
     close to a missing NAME_impl is taken for a misspelling of it: an
     error at that name, with GCC's spelling suggestion and a fix-it,
     even in a file that defines no other implementation if the name
     ends in "_impl".  */

#include "gcc-compat.h"
#include "model.h"
#include "attributes.h"
#include "gimple-builder.h"
#include "impl-check.h"
#include "spellcheck.h"

/* The C front end's (c-decl.cc).  cc1plus's pushdecl takes two
   arguments and lto1 has none: weak, and checked before use.  */
extern tree pushdecl (tree) __attribute__ ((__weak__));
extern tree lookup_name (tree) __attribute__ ((__weak__));

/* Implementations declared or defined before their operation, by the
   operation's identifier, with the parameters they were written with:
   checked when the operation comes.  */
static hash_map<tree, tree> early_implementations;
static hash_map<tree, tree> early_parms;

/* What the user wrote of each NAME_impl, by its name.  */
enum { IMPL_DECLARED = 1, IMPL_DEFINED = 2 };
static std::map<std::string, int> impl_seen;

/* The functions defined at file scope, for the spelling suggestion.  */
struct defined_function
{
  std::string name;
  location_t loc;
};
static std::vector<defined_function> defined_functions;

static void report_forgotten_servers (void);

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

/* The operation NAME_impl implements, or NULL.  */
static idl_operation *
implemented_operation (const char *name, std::string *opname = NULL)
{
  size_t len = strlen (name);
  if (len <= 5 || strcmp (name + len - 5, "_impl") != 0)
    return NULL;
  std::string base (name, len - 5);
  if (opname)
    *opname = base;
  return idl_find_operation_by_name (base.c_str ());
}

/* "3", "3 and 4", "3, 4 and 5".  */
static std::string
join_numbers (const std::vector<unsigned> &v)
{
  std::string s;
  for (unsigned i = 0; i < v.size (); i++)
    {
      if (i)
	s += i + 1 == v.size () ? " and " : ", ";
      s += std::to_string (v[i]);
    }
  return s;
}

/* The location of parameter I (0-based) of PARMS, or DEFLOC.  */
static location_t
parm_location (tree parms, unsigned i, location_t defloc)
{
  for (tree p = parms; p; p = DECL_CHAIN (p), i--)
    if (i == 0)
      return DECL_SOURCE_LOCATION (p);
  return defloc;
}

/* FNDECL implements OP: check that it takes the operation's parameters
   after an idl_call_t *, and returns its result type; PARMS are its
   parameters as written.  One error lists every difference.  */
static void
check_against (tree fndecl, tree parms, idl_operation *op)
{
  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  tree impl_t = TREE_TYPE (fndecl);
  tree op_t = TREE_TYPE (op->decl);
  auto_diagnostic_group d;
  if (!prototype_p (impl_t))
    {
      error_at (loc, "implementation %qD of operation %qD has no "
		"prototype", fndecl, op->decl);
      inform (DECL_SOURCE_LOCATION (op->decl), "operation %qD declared here",
	      op->decl);
      return;
    }
  if (!parms)
    parms = DECL_ARGUMENTS (fndecl);

  /* The differences, in the order of the prototype.  */
  std::vector<std::string> what;
  std::vector<unsigned> bad;	/* 1-based parameter numbers */
  std::vector<std::pair<tree, tree>> bad_types;	/* impl's, operation's */
  bool bad_result = !impl_type_matches (TREE_TYPE (impl_t),
					TREE_TYPE (op_t));
  if (bad_result)
    what.push_back ("its result type");
  tree ia = TYPE_ARG_TYPES (impl_t), oa = TYPE_ARG_TYPES (op_t);
  /* Prototypes end in void_list_node: stop at it on either side.  */
  auto more = [] (tree l) { return l && !VOID_TYPE_P (TREE_VALUE (l)); };
  bool bad_context = !more (ia)
		     || !idl_pointer_to_struct_p (TREE_VALUE (ia), "idl_call");
  if (bad_context)
    what.push_back ("parameter 1, the call context, which must be "
		    "'idl_call_t *'");
  unsigned i = 2;
  if (more (ia))
    for (ia = TREE_CHAIN (ia), oa = TREE_CHAIN (oa); more (ia) && more (oa);
	 ia = TREE_CHAIN (ia), oa = TREE_CHAIN (oa), i++)
      if (!impl_type_matches (TREE_VALUE (ia), TREE_VALUE (oa)))
	{
	  bad.push_back (i);
	  bad_types.push_back (std::make_pair (TREE_VALUE (ia),
					       TREE_VALUE (oa)));
	}
  if (!bad.empty ())
    what.push_back (std::string (bad.size () == 1 ? "the type of parameter "
				 : "the types of parameters ")
		    + join_numbers (bad));
  int n_impl = list_length (TYPE_ARG_TYPES (impl_t)) - 1;
  int n_op = list_length (TYPE_ARG_TYPES (op_t)) - 1;
  if (n_impl != n_op)
    what.push_back ("the number of parameters, " + std::to_string (n_impl)
		    + " where the operation has " + std::to_string (n_op));
  if (what.empty ())
    {
      op->impl = fndecl;
      return;
    }

  /* The caret on the first differing parameter; ranges on the others.  */
  location_t primary = loc;
  if (!bad.empty ())
    primary = parm_location (parms, bad[0] - 1, loc);
  else if (bad_context)
    primary = parm_location (parms, 0, loc);
  gcc_rich_location rich (primary);
  for (unsigned k = 1; k < bad.size (); k++)
    rich.add_range (parm_location (parms, bad[k] - 1, loc));
  std::string list;
  for (unsigned k = 0; k < what.size (); k++)
    {
      if (k)
	list += k + 1 == what.size () ? " and " : ", ";
      list += what[k];
    }
  error_at (&rich, "implementation %qD does not match operation %qD "
	    "in %s", fndecl, op->decl, list.c_str ());
  if (bad_result)
    inform (loc, "implementation %qD returns %qT but operation %qD returns "
	    "%qT", fndecl, TREE_TYPE (impl_t), op->decl, TREE_TYPE (op_t));
  for (unsigned k = 0; k < bad.size (); k++)
    inform (parm_location (parms, bad[k] - 1, loc), "parameter %u of "
	    "implementation %qD has type %qT but operation %qD passes %qT",
	    bad[k], fndecl, bad_types[k].first, op->decl,
	    bad_types[k].second);
  for (unsigned k = 0; k < bad.size (); k++)
    for (const idl_param &p : op->params)
      if (p.region && p.index == bad[k] - 1)
	inform (parm_location (parms, bad[k] - 1, loc), "an %<IDL_REGION%> "
		"parameter reaches the implementation as the region itself, "
		"%<idl_region_t *%> (%<idl_region_data%>, "
		"%<idl_region_size%>: read-only for %<IDL_IN%>)");
  inform (DECL_SOURCE_LOCATION (op->decl), "operation %qD declared here",
	  op->decl);
}

/* FNDECL, a function named NAME_impl for an operation NAME: checked
   once (a definition after a declaration reuses the FUNCTION_DECL, and
   a mismatch is reported once).  */
static void
check_implementation (tree fndecl, tree parms)
{
  static hash_set<tree> checked;
  if (checked.contains (fndecl))
    return;
  std::string opname;
  idl_operation *op
    = implemented_operation (IDENTIFIER_POINTER (DECL_NAME (fndecl)),
			     &opname);
  if (opname.empty ())
    return;
  idl_model_keep (fndecl);
  if (!op)
    {
      /* Maybe its operation comes later: check it then.  */
      tree id = get_identifier (opname.c_str ());
      early_implementations.put (id, fndecl);
      if (parms)
	{
	  idl_model_keep (parms);
	  early_parms.put (id, parms);
	}
      else
	early_parms.remove (id);
      return;
    }
  checked.add (fndecl);
  check_against (fndecl, parms, op);
}

void
idl_note_function (tree fndecl, tree parms, bool definition)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  if (definition && !decl_function_context (fndecl))
    defined_functions.push_back ({ name, DECL_SOURCE_LOCATION (fndecl) });
  std::string opname;
  implemented_operation (name, &opname);
  if (!opname.empty ())
    impl_seen[name] |= definition ? IMPL_DEFINED : IMPL_DECLARED;
  check_implementation (fndecl, parms);
}

/* Declare OP's implementation, as IDL_SERVER of its interface does
   (see the top of this file).  */
static void
declare_implementation (idl_operation *op)
{
  tree dispatcher = op->iface->dispatcher;
  if (!pushdecl || !lookup_name || current_function_decl || op->in_block
      || DECL_CONTEXT (dispatcher))
    return;
  std::string name = std::string (op->name ()) + "_impl";
  tree id = get_identifier (name.c_str ());
  /* The user's own declaration, before IDL_SERVER, stands.  */
  if (lookup_name (id))
    return;
  tree call_ptr = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (dispatcher)));
  tree decl = build_decl (BUILTINS_LOCATION, FUNCTION_DECL, id,
			  implementation_type (op, call_ptr));
  DECL_EXTERNAL (decl) = 1;
  TREE_PUBLIC (decl) = 1;
  decl = pushdecl (decl);
  if (decl && decl != error_mark_node && !op->impl)
    op->impl = decl;
  idl_model_keep (decl);
}

void
idl_operation_recorded (idl_operation *op)
{
  /* An implementation declared or defined before its operation is
     checked now: unchecked, the dispatcher would pass the operation's
     arguments to whatever parameters it has.  */
  tree id = DECL_NAME (op->decl);
  if (tree *impl = early_implementations.get (id))
    {
      tree *parms = early_parms.get (id);
      check_implementation (*impl, parms ? *parms : NULL_TREE);
    }
  if (op->iface->dispatcher)
    declare_implementation (op);
}

void
idl_dispatcher_recorded (idl_interface *iface)
{
  for (idl_operation *op : iface->ops)
    declare_implementation (op);
}

/* OP has no implementation in this file, which defines others of its
   interface if SERVES.  A misspelling of its name, among the functions
   defined here (those not already taken: TAKEN), is an error at it;
   else, if SERVES, an error at IDL_SERVER.  */
static void
report_missing (idl_operation *op, bool serves, std::map<std::string, bool> &taken)
{
  std::string want = std::string (op->name ()) + "_impl";
  auto_vec<const char *> names;
  for (const defined_function &f : defined_functions)
    if (!taken.count (f.name)
	&& !implemented_operation (f.name.c_str ())
	&& (serves || (f.name.size () > 5
		       && f.name.compare (f.name.size () - 5, 5, "_impl")
			  == 0)))
      names.safe_push (f.name.c_str ());
  const char *close = find_closest_string (want.c_str (), &names);
  auto_diagnostic_group d;
  if (close)
    {
      taken[close] = true;
      location_t loc = UNKNOWN_LOCATION;
      for (const defined_function &f : defined_functions)
	if (f.name == close)
	  loc = f.loc;
      gcc_rich_location rich (loc);
      rich.add_fixit_replace (want.c_str ());
      error_at (&rich, "%qs is not the implementation of an operation; did "
		"you mean %qs, the implementation of operation %qD of %qs?",
		close, want.c_str (), op->decl, op->iface->name.c_str ());
    }
  else if (serves)
    error_at (user_location (DECL_SOURCE_LOCATION (op->iface->dispatcher)),
	      "no implementation of operation %qD of %qs in this file: "
	      "define %qs, or declare it if another file defines it",
	      op->decl, op->iface->name.c_str (), want.c_str ());
  else
    return;
  inform (DECL_SOURCE_LOCATION (op->decl), "operation %qD declared here",
	  op->decl);
}

void
idl_check_implementations (void)
{
  static bool done;
  if (done || seen_error ())
    return;
  done = true;
  report_forgotten_servers ();
  std::map<std::string, bool> taken;
  for (idl_interface *iface : idl_interfaces)
    {
      if (!iface->dispatcher)
	continue;
      bool serves = false;
      for (idl_operation *op : iface->ops)
	{
	  auto it = impl_seen.find (std::string (op->name ()) + "_impl");
	  if (it != impl_seen.end () && (it->second & IMPL_DEFINED))
	    serves = true;
	}
      for (idl_operation *op : iface->ops)
	if (!impl_seen.count (std::string (op->name ()) + "_impl"))
	  report_missing (op, serves, taken);
    }
}

/* IFACE was defined (IDL_INTERFACE): declare its dispatcher, as the
   C front end predeclares a function (BUILTINS_LOCATION, see the top
   of this file), so that a use of it without IDL_SERVER compiles and
   is reported below, at the use, rather than as an undeclared name.
   IDL_SERVER's declaration merges with it, but would draw a
   -Wredundant-decls warning (the front end exempts only real built-in
   functions): with -Wredundant-decls, no such declaration, and a
   forgotten IDL_SERVER is an undeclared name.  Only in C and at file
   scope.  */
void
idl_interface_recorded (idl_interface *iface)
{
  if (!pushdecl || !lookup_name || current_function_decl
      || DECL_CONTEXT (iface->decl) || warn_redundant_decls)
    return;
  tree id = get_identifier ((iface->name + "_dispatch").c_str ());
  tree call = lookup_name (get_identifier ("idl_call_t"));
  tree u64 = lookup_name (get_identifier ("idl_uint64_t"));
  if (lookup_name (id) || !call || !u64 || TREE_CODE (call) != TYPE_DECL
      || TREE_CODE (u64) != TYPE_DECL)
    return;
  tree u64_t = TREE_TYPE (u64);
  tree type = build_function_type_list (u64_t,
					build_pointer_type (TREE_TYPE (call)),
					build_pointer_type (u64_t),
					NULL_TREE);
  tree decl = build_decl (BUILTINS_LOCATION, FUNCTION_DECL, id, type);
  DECL_EXTERNAL (decl) = 1;
  TREE_PUBLIC (decl) = 1;
  decl = pushdecl (decl);
  idl_model_keep (decl);
}

/* The interface whose dispatcher FNDECL would be, by its name, if that
   interface has no IDL_SERVER (see idl_interface_recorded).  */
static idl_interface *
forgotten_server (tree fndecl)
{
  if (TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_NAME (fndecl)
      || !DECL_EXTERNAL (fndecl) || DECL_INITIAL (fndecl))
    return NULL;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  size_t len = strlen (name);
  if (len <= 9 || strcmp (name + len - 9, "_dispatch") != 0)
    return NULL;
  for (idl_interface *iface : idl_interfaces)
    if (!iface->dispatcher && iface->name.size () == len - 9
	&& iface->name.compare (0, len - 9, name, len - 9) == 0)
      return iface;
  return NULL;
}

/* Uses of a dispatcher before (or without) its IDL_SERVER.  */
struct dispatcher_use
{
  idl_interface *iface;
  tree decl;
  location_t loc;
};
static std::vector<dispatcher_use> dispatcher_uses;

/* The first use of each dispatcher whose IDL_SERVER never came.  */
static void
report_forgotten_servers (void)
{
  std::map<idl_interface *, bool> told;
  for (const dispatcher_use &u : dispatcher_uses)
    {
      if (u.iface->dispatcher || told.count (u.iface))
	continue;
      told[u.iface] = true;
      auto_diagnostic_group d;
      error_at (u.loc, "%qD is the dispatcher that %<IDL_SERVER (%s)%> "
		"generates, but this file has no %<IDL_SERVER (%s)%>; did "
		"you forget it?", u.decl, u.iface->name.c_str (),
		u.iface->name.c_str ());
      inform (user_location (DECL_SOURCE_LOCATION (u.iface->decl)),
	      "interface %qs defined here", u.iface->name.c_str ());
    }
}

static tree
find_forgotten_server (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != ADDR_EXPR)
    return NULL_TREE;
  idl_interface *iface = forgotten_server (TREE_OPERAND (t, 0));
  if (!iface)
    return NULL_TREE;
  location_t loc = EXPR_LOCATION (t);
  if (loc == UNKNOWN_LOCATION)
    loc = *(location_t *) data;
  /* IDL_SERVER may come later in the file: reported at its end.  */
  idl_model_keep (TREE_OPERAND (t, 0));
  dispatcher_uses.push_back ({ iface, TREE_OPERAND (t, 0), loc });
  return NULL_TREE;
}

void
idl_check_dispatcher_uses (tree body, location_t loc)
{
  if (body)
    walk_tree_without_duplicates (&body, find_forgotten_server, &loc);
}
