/* pch.cc -- the interface model after a precompiled header.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A header compiled with -fplugin=idlstub into a precompiled header
   (gcc -x c-header fs.h) keeps its declarations, with their
   attributes, in the .gch file; a compilation that includes it gets
   them back all at once, and no PLUGIN_FINISH_DECL runs for them.
   The model, which lives outside GCC's garbage-collected memory, is
   then empty: the client got no stubs (undefined references) and the
   dispatcher rejected every call, silently (issue 18, item 6).

   After GCC loads a precompiled header (lang_post_pch_load, the C
   family's hook), the plugin walks every identifier the header left
   bound at file scope and hands the declarations to idl_finish_decl,
   in the order they were made (DECL_UID), as if they had just been
   parsed: interfaces, operations, dispatchers, implementations, the
   runtime's functions and IDL_ONC_PROGRAM's declarations (onc.cc).  The header was checked when it was
   precompiled (a compilation with errors writes no .gch file); it is
   checked again, quietly.

   Declarations of a precompiled header that no file-scope name reaches
   (an operation declared in a block of a function defined in the
   header) are not found.  */

#include "gcc-compat.h"
#include "model.h"
#include "xdr.h"

/* The C front end's hook and lookup: cc1 has them, lto1, which loads
   the plugin too, does not (gcc-compat.h, idl_preprocessor).  */
extern void (*lang_post_pch_load) (void) __attribute__ ((__weak__));
extern tree lookup_name (tree) __attribute__ ((__weak__));

static void (*next_post_pch_load) (void);

/* ht_forall callback: the declaration NODE names at file scope, if it
   is one the model may want, into the vector DATA.  */
static int
collect_declaration (cpp_reader *, hashnode node, const void *data)
{
  tree id = HT_IDENT_TO_GCC_IDENT (node);
  tree decl = lookup_name (id);
  if (decl && (TREE_CODE (decl) == FUNCTION_DECL
	       || TREE_CODE (decl) == VAR_DECL))
    ((std::vector<tree> *) data)->push_back (decl);
  return 1;
}

/* Is DECL an operation as <idlstub.h> declares it without the plugin
   (IDL_OP is then an error attribute)?  */
static bool
made_without_plugin_p (tree decl)
{
  tree a = lookup_attribute ("error", DECL_ATTRIBUTES (decl));
  if (!a || !TREE_VALUE (a)
      || TREE_CODE (TREE_VALUE (TREE_VALUE (a))) != STRING_CST)
    return false;
  return strncmp (TREE_STRING_POINTER (TREE_VALUE (TREE_VALUE (a))),
		  "this is an idlstub operation", 28) == 0;
}

static void
after_pch_load (void)
{
  if (next_post_pch_load)
    next_post_pch_load ();
  /* Whatever the plugin kept before is gone with GCC's old memory (a
     precompiled header comes first, so there should be nothing).  */
  idl_model_reset ();
  std::vector<tree> decls;
  ht_forall (ident_hash, collect_declaration, &decls);
  std::sort (decls.begin (), decls.end (),
	     [] (tree a, tree b) { return DECL_UID (a) < DECL_UID (b); });
  for (tree decl : decls)
    {
      idl_finish_decl (decl, NULL);
      idl_onc_finish_decl (decl, NULL);
      if (made_without_plugin_p (decl))
	{
	  /* <idlstub.h> without the plugin makes an operation a function
	     whose call is an error: the header cannot serve this
	     compilation, which loads the plugin.  */
	  error_at (DECL_SOURCE_LOCATION (decl), "this precompiled header "
		    "was made without %<-fplugin=idlstub%>, so %qD is no "
		    "operation in it; make it again with the plugin", decl);
	  break;
	}
    }
}

void
idl_pch_init (void)
{
  void (**hook) (void) = &lang_post_pch_load;
  if (!hook || !lookup_name)
    return;
  next_post_pch_load = *hook;
  *hook = after_pch_load;
}
