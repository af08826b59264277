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

location_t
idl_annotation_arg_location (tree parm, const char *macro,
			     location_t fallback)
{
  const line_map_ordinary *map = NULL;
  location_t loc
    = linemap_resolve_location (line_table, DECL_SOURCE_LOCATION (parm),
				LRK_SPELLING_LOCATION, &map);
  expanded_location x = expand_location (loc);
  if (!map || !x.file || x.line <= 0)
    return fallback;
  size_t mlen = strlen (macro);
  for (int line = x.line;
       line > 0 && line >= x.line - 3
       && line >= (int) ORDINARY_MAP_STARTING_LINE_NUMBER (map); line--)
    {
      char_span text = location_get_source_line (x.file, line);
      if (!text)
	return fallback;
      const char *s = text.get_buffer ();
      int len = text.length ();
      int limit = line == x.line ? MIN (len, x.column - 1) : len;
      int found = -1;
      for (int c = 0; c + (int) mlen <= limit; c++)
	if (memcmp (s + c, macro, mlen) == 0
	    && (c == 0 || !ISIDNUM (s[c - 1]))
	    && (c + (int) mlen == len || !ISIDNUM (s[c + mlen])))
	  found = c;
      if (found < 0)
	continue;
      int c = found + mlen;
      while (c < len && ISSPACE (s[c]))
	c++;
      if (c >= len || s[c] != '(')
	return fallback;
      c++;
      while (c < len && ISSPACE (s[c]))
	c++;
      return linemap_position_for_line_and_column (line_table, map, line,
						   c + 1);
    }
  return fallback;
}

const char *
idl_annotation_name (tree attr_name)
{
  static const char *const names[][2] = {
    { "idl_interface", "IDL_INTERFACE" }, { "idl_op", "IDL_OP" },
    { "idl_oneway", "IDL_ONEWAY" }, { "idl_fails", "IDL_FAILS" },
    { "idl_in", "IDL_IN" }, { "idl_out", "IDL_OUT" },
    { "idl_inout", "IDL_INOUT" }, { "idl_string", "IDL_STRING" },
    { "idl_size_is", "IDL_SIZE_IS" }, { "idl_length_is", "IDL_LENGTH_IS" },
    { "idl_max", "IDL_MAX" }, { "idl_typical", "IDL_TYPICAL" },
    { "idl_fd", "IDL_FD" }, { "idl_onc_program", "IDL_ONC_PROGRAM" }
  };
  for (const auto &n : names)
    if (is_attribute_p (n[0], attr_name))
      return n[1];
  return IDENTIFIER_POINTER (attr_name);
}
