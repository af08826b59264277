/* gcc-compat.h -- the one place where idlstub meets GCC's headers.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Every plugin source includes this header first and no GCC header
   directly.  GCC's headers must come in a particular order
   (gcc-plugin.h first, c-family/c-common.h before diagnostic-core.h) and
   want INCLUDE_* macros instead of standard headers; keeping that, and
   any difference between GCC versions, here means the plugin's own files
   say only what they mean (the Linux gcc-plugins habit: gcc-common.h).
   idlstub targets GCC 12; a later version's differences belong here, each
   behind a small named helper.  */

#ifndef IDLSTUB_GCC_COMPAT_H
#define IDLSTUB_GCC_COMPAT_H

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_MAP
#define INCLUDE_ALGORITHM
#include "gcc-plugin.h"
#include "bversion.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "c-family/c-common.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "gcc-rich-location.h"
#include "stringpool.h"
#include "attribs.h"
#include "cgraph.h"
#include "varasm.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "tree-iterator.h"
#include "gimple-iterator.h"
#include "gimple-pretty-print.h"
#include "tree-ssa-operands.h"
#include "tree-ssa.h"
#include "tree-into-ssa.h"
#include "function.h"
#include "predict.h"
#include "langhooks.h"
#include "target.h"
#include "memmodel.h"
#include "print-tree.h"
#include "ggc.h"
#include "gimplify.h"
#include "gimple-predict.h"
#include "tree-cfg.h"
#include "context.h"
#include "debug.h"
#include "attr-fnspec.h"
#include "toplev.h"

#if BUILDING_GCC_MAJOR < 12
# error "idlstub needs GCC 12 or later"
#endif

/* GCC 12 lists an attribute_spec's fields as: name, min_len, max_len,
   decl_required, type_required, function_type_required,
   affects_type_identity, handler, exclude.  The plugin fills its table
   through this helper so that a reordering in a later GCC is mended
   here.  */
static inline attribute_spec
idl_make_attribute_spec (const char *name, int min_len, int max_len,
			 bool decl_required,
			 tree (*handler) (tree *, tree, tree, int, bool *))
{
  attribute_spec spec;
  spec.name = name;
  spec.min_length = min_len;
  spec.max_length = max_len;
  spec.decl_required = decl_required;
  spec.type_required = false;
  spec.function_type_required = false;
  spec.affects_type_identity = false;
  spec.handler = handler;
  spec.exclude = NULL;
  return spec;
}

/* Strip the location wrappers and conversions the C parser may put
   around an attribute argument (GCC 12 wraps some operands in
   VIEW_CONVERT_EXPR/NON_LVALUE_EXPR location wrappers).  */
static inline tree
idl_strip_attribute_arg (tree arg)
{
  if (arg == NULL_TREE)
    return NULL_TREE;
  arg = tree_strip_any_location_wrapper (arg);
  STRIP_NOPS (arg);
  return arg;
}

/* Turn on the dump file of pass NAME ("ipa-idlstub").  GCC 12 handles
   -fdump-* options before it loads plugins, so -fdump-ipa-idlstub is
   rejected as unknown there (GCC 13 defers them: see
   handle_deferred_dump_options); the plugin's own option calls this
   once its pass is registered.  -fdump-ipa-all works either way.  */
static inline void
idl_enable_pass_dump (const char *name)
{
  g->get_dumps ()->dump_switch_p (name);
}

/* The C front end's preprocessor, or NULL where there is none: lto1
   loads the plugin too, and has no parse_in (it is c-family's), so a
   plain reference would keep the plugin from loading there
   (GCC-NOTES.md).  */
extern cpp_reader *parse_in __attribute__ ((__weak__));
static inline cpp_reader *
idl_preprocessor (void)
{
  cpp_reader **p = &parse_in;
  return p ? *p : NULL;
}

#endif /* IDLSTUB_GCC_COMPAT_H */
