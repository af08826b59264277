/* emit.h -- what the two emitters of stage 4 share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   emit.cc builds fast mode's specialized stubs; compact.cc builds
   compact mode's tables and glue (-fplugin-arg-idlstub-mode=compact).
   Both build bodies with body_builder and hand them to the call graph
   the same way.  */

#ifndef IDLSTUB_EMIT_H
#define IDLSTUB_EMIT_H

#include "model.h"

/* A GIMPLE body under construction for function FN.  Statements are
   high GIMPLE over temporaries; GCC's own lowering and into-SSA passes
   run on it afterwards, as on any function.  */
class body_builder
{
public:
  body_builder (tree fn, location_t loc);
  void finish ();

  tree temp (tree type, const char *name);
  tree assign (tree type, enum tree_code code, tree a, tree b = NULL_TREE);
  void set (tree var, enum tree_code code, tree a, tree b = NULL_TREE);
  void store (tree lhs, tree rhs);
  tree load (tree ref);
  gcall *build_call (tree fn, const vec<tree> &args);
  tree call (tree fndecl, const vec<tree> &args, tree result_type);
  void call_void (tree fndecl, const vec<tree> &args);
  void label (tree lab);
  void cond_goto (enum tree_code code, tree a, tree b, tree then_lab,
		  tree else_lab);
  void ret (tree value);
  tree new_label ();
  void add (gimple *stmt);
  void suppress_last_warning (opt_code opt);

  tree fn;
  location_t loc;

private:
  gimple_seq seq;
};

/* Give FN (declared only) the parts of a definition, and hand its
   finished body to the call graph.  */
void prepare_definition (tree fn, location_t loc);
void add_function (tree fn);
/* Make the prototype FN an inline COMDAT client stub, body to come.  */
void prepare_client_stub (tree fn, location_t loc);
/* A new static inline function NAME of TYPE, ready for a body.  */
tree new_static_function (const char *name, tree type, tree context,
			  location_t loc);
/* FN's parameter number INDEX (0: the binding or the call).  */
tree parm_at (tree fn, unsigned index);
/* OP's implementation NAME_impl: its type and its declaration.  */
tree implementation_type (const idl_operation *op, tree call_ptr_type);
tree implementation_decl (idl_operation *op, tree call_ptr_type);
/* Does this translation unit call FNDECL without defining it?  */
bool needs_client_stub (tree fndecl);

/* -fplugin-arg-idlstub-mode=compact (idlstub.cc).  */
extern bool idl_compact_mode;

/* Compact mode (compact.cc): OP's client stub; IFACE's dispatcher, its
   thunks returned in THUNKS.  */
void idl_emit_compact_client_stub (idl_operation *op);
void idl_emit_compact_dispatcher (idl_interface *iface,
				  std::vector<tree> &thunks);

#endif /* IDLSTUB_EMIT_H */
