/* diag.h -- helpers for what the plugin's diagnostics suggest (diag.cc).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.  */

#ifndef IDLSTUB_DIAG_H
#define IDLSTUB_DIAG_H

/* The parameters of the prototype whose parameters are being
   classified (operations.cc sets it), for the suggestions below.  */
extern tree idl_current_parms;

/* The direction to suggest for pointer parameter DECL, which has none:
   "IDL_OUT" if another parameter's IDL_LENGTH_IS names it (the length
   comes back), else "IDL_IN".  */
const char *idl_suggested_direction (tree decl);

/* The plugin option closest to KEY (an unknown -fplugin-arg-idlstub-
   KEY), or NULL.  */
const char *idl_closest_option (const char *key);



/* In C++: is FNDECL, an operation written with PARMS at LOC, one the
   plugin can serve?  Not a member function, not in a namespace, and
   no reference, each an error at LOC or the parameter.  Always true in
   C.  */
bool idl_cxx_operation_ok (tree fndecl, tree parms, location_t loc);
/* In C++: FNDECL, at LOC, overloads operation OTHER: an error (an
   overload would get no stub, found only at link time).  */
void idl_cxx_overload (tree fndecl, location_t loc, tree other);

/* The location of the first argument of the annotation MACRO
   ("IDL_SIZE_IS") written before parameter PARM, on its line or the
   three before it; FALLBACK if it is not found there (spelled by
   another macro, say).  GCC keeps no location for an attribute's
   arguments: the caret goes where the user wrote the count.  */
location_t idl_annotation_arg_location (tree parm, const char *macro,
					location_t fallback);

/* What the user wrote for the attribute named ATTR_NAME: the macro of
   <idlstub.h> that spells it ("IDL_OP" for idl_op).  The handlers
   cannot tell the macro from the attribute written out, and the manual
   and header teach only the macros; idl_dispatcher, which IDL_SERVER
   always puts on a function, keeps its name.  */
const char *idl_annotation_name (tree attr_name);

#endif /* IDLSTUB_DIAG_H */
