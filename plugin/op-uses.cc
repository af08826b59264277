/* op-uses.cc -- every IDL_OP the user wrote lands on a declaration.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   GCC drops attributes in the declaration specifiers of a declaration
   that declares nothing, without a word:

     IDL_OP (calc, 2) struct s { int a; };

   is a definition of struct s, and the operation the user meant is
   not declared.  No attribute handler runs, so the plugin cannot see
   the annotation through it.  <idlstub.h> therefore spells IDL_OP as

     _Pragma ("idlstub op K") __attribute__ ((__idl_op__ (iface, n, K)))

   with K from __COUNTER__, the same number in both.  The pragma runs
   in the preprocessor, wherever the macro is expanded (mid-declaration
   is fine: the parser never sees it), and records K with the location
   of the user's IDL_OP; the handler of idl_op (attributes.cc) reports
   K as seen, whatever it then decides.  An IDL_OP whose K the handler
   never saw was dropped: that is an error at its line, reported when
   the front end is done (before the IPA passes, or at the end of a
   compilation that runs none, such as -fsyntax-only).

   Preprocessing alone (-E, -save-temps) leaves the pragma in its output,
   where the compilation of the preprocessed file runs it.  */

#include "gcc-compat.h"
#include "model.h"

/* IDL_OP expansions seen by the pragma and not yet by the handler: K
   and the location of the expansion.  */
static std::map<unsigned HOST_WIDE_INT, location_t> unapplied;

/* #pragma idlstub op K.  */
static void
op_pragma (cpp_reader *pfile)
{
  location_t loc;
  const cpp_token *tok = cpp_get_token_with_location (pfile, &loc);
  if (tok->type != CPP_NUMBER)
    return;
  unsigned HOST_WIDE_INT k = 0;
  const unsigned char *s = tok->val.str.text;
  for (unsigned i = 0; i < tok->val.str.len; i++)
    if (ISDIGIT (s[i]))
      k = k * 10 + (s[i] - '0');
    else
      return;
  /* The token's line is the one where the macro was expanded; its
     column is its offset in the pragma's text, which would mislead:
     report the line only.  */
  const line_map *map = linemap_lookup (line_table, loc);
  if (map && !linemap_macro_expansion_map_p (map))
    loc = linemap_position_for_line_and_column
      (line_table, linemap_check_ordinary (map), LOCATION_LINE (loc), 0);
  unapplied[k] = loc;
}

/* PLUGIN_PRAGMAS: in a front end with a preprocessor.  */
void
idl_register_pragmas (void *, void *)
{
  /* With -E the pragma is left in the output, where the compilation of
     the preprocessed file runs it, before the declaration as here.  */
  cpp_reader *pfile = idl_preprocessor ();
  if (pfile && !flag_preprocess_only)
    cpp_register_pragma (pfile, "idlstub", "op", op_pragma, false);
}

void
idl_op_seen (tree k)
{
  k = idl_strip_attribute_arg (k);
  if (k && TREE_CODE (k) == INTEGER_CST && tree_fits_uhwi_p (k))
    unapplied.erase (tree_to_uhwi (k));
}

void
idl_report_unapplied_ops (void)
{
  for (const auto &k_loc : unapplied)
    {
      auto_diagnostic_group d;
      error_at (k_loc.second, "%<IDL_OP%> annotates no declarator: this "
		"declaration declares no operation, and GCC ignores the "
		"annotation");
      inform (k_loc.second, "write %<IDL_OP (iface, number)%> before an "
	      "operation%'s prototype, %<IDL_OP (iface, number) T name "
	      "(idl_binding_t *b, ...);%>");
    }
  unapplied.clear ();
}
