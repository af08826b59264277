/* diag.cc -- what the plugin's diagnostics suggest.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A diagnostic names what the user wrote and, where one fix is likely,
   says it as a fix-it or a "did you mean" (issue 19, item 8): the
   helpers that choose the suggestion, kept apart from the checks.  */

#include "gcc-compat.h"
#include "model.h"
#include "attributes.h"
#include "diag.h"
#include "spellcheck.h"

tree idl_current_parms;

const char *
idl_suggested_direction (tree decl)
{
  if (DECL_NAME (decl))
    for (tree p = idl_current_parms; p; p = DECL_CHAIN (p))
      if (tree a = idl_attr ("idl_length_is", p))
	{
	  tree arg = idl_strip_attribute_arg (TREE_VALUE (TREE_VALUE (a)));
	  if (arg && TREE_CODE (arg) == STRING_CST
	      && strcmp (TREE_STRING_POINTER (arg),
			 IDENTIFIER_POINTER (DECL_NAME (decl))) == 0)
	    /* IDL_LENGTH_IS needs an out or inout length: the server
	       says how many elements it wrote.  */
	    return "IDL_OUT";
	}
  return "IDL_IN";
}

const char *
idl_closest_option (const char *key)
{
  static const char *const options[]
    = { "help", "inline", "mode", "dump", "testgen", "testgen-header",
	"xdr", "xdr-testgen" };
  auto_vec<const char *> names;
  for (const char *o : options)
    names.safe_push (o);
  return find_closest_string (key, &names);
}

/* Is this unit C++ (cc1plus)?  lang_hooks exists in every front end,
   c_language not in lto1, which loads the plugin too.  */
static bool
cxx_p (void)
{
  return strncmp (lang_hooks.name, "GNU C++", 7) == 0;
}

/* The C++ operations the plugin refuses (issue 19, item 6): a stub is
   found by the operation's name and its implementation by NAME_impl,
   both as C names, and a parameter crosses as a C type.  A namespace
   or class would put the operation and its implementation under
   names the stubs do not use, and a reference is a pointer the
   plugin's checks do not see as one: each is an error where it is
   written rather than a stub that is missing or wrong at link time.  */
bool
idl_cxx_operation_ok (tree fndecl, tree parms, location_t loc)
{
  if (!cxx_p ())
    return true;
  bool ok = true;
  tree ctx = DECL_CONTEXT (fndecl);
  if (ctx && TYPE_P (ctx))
    {
      error_at (loc, "operation %qD is a member of %qT; an operation is a "
		"function at file scope (idlstub serves C functions)",
		fndecl, ctx);
      ok = false;
    }
  else if (ctx && TREE_CODE (ctx) == NAMESPACE_DECL
	   && !(DECL_NAME (ctx)
		&& strcmp (IDENTIFIER_POINTER (DECL_NAME (ctx)), "::") == 0))
    {
      error_at (loc, "operation %qD is declared in a namespace; idlstub "
		"finds operations and their %<_impl%> implementations by "
		"their names at file scope: declare it outside the "
		"namespace", fndecl);
      ok = false;
    }
  tree fntype = TREE_TYPE (fndecl);
  if (TREE_CODE (TREE_TYPE (fntype)) == REFERENCE_TYPE)
    {
      error_at (loc, "operation %qD returns a reference; return a value",
		fndecl);
      ok = false;
    }
  tree p = parms;
  for (tree a = TYPE_ARG_TYPES (fntype); a && !VOID_TYPE_P (TREE_VALUE (a));
       a = TREE_CHAIN (a), p = p ? DECL_CHAIN (p) : NULL_TREE)
    if (TREE_CODE (TREE_VALUE (a)) == REFERENCE_TYPE)
      {
	location_t ploc = p ? DECL_SOURCE_LOCATION (p) : loc;
	if (p && DECL_NAME (p))
	  error_at (ploc, "parameter %qD of operation %qD is a reference "
		    "(%qT); pass a pointer, marked %<IDL_IN%>, %<IDL_OUT%> "
		    "or %<IDL_INOUT%>", p, fndecl, TREE_VALUE (a));
	else
	  error_at (ploc, "a parameter of operation %qD is a reference "
		    "(%qT); pass a pointer, marked %<IDL_IN%>, %<IDL_OUT%> "
		    "or %<IDL_INOUT%>", fndecl, TREE_VALUE (a));
	ok = false;
      }
  return ok;
}

void
idl_cxx_overload (tree fndecl, location_t loc, tree other)
{
  if (!cxx_p ())
    return;
  auto_diagnostic_group d;
  error_at (loc, "operation %qD overloads operation %qD; the stubs and "
	    "the %<_impl%> implementations are found by name: give each "
	    "operation a name of its own", fndecl, other);
  inform (DECL_SOURCE_LOCATION (other), "operation %qD declared here",
	  other);
}
