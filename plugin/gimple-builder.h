/* gimple-builder.h -- building a function's body in GIMPLE (stage 4).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What every emitter of both modes builds its functions with: a body
   builder, the parts a declared-only function needs to become a
   definition, the hand-over to the call graph, and the runtime's error
   codes a stub returns.  Nothing here knows about messages: fast mode's
   message access is in marshal.h, compact mode's tables in
   compact-tables.h.  */

#ifndef IDLSTUB_GIMPLE_BUILDER_H
#define IDLSTUB_GIMPLE_BUILDER_H

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
/* Whether FN takes a record by value too large for message words.  */
bool large_record_parameter (tree fn);
/* A new static inline function NAME of TYPE, ready for a body.  */
tree new_static_function (const char *name, tree type, tree context,
			  location_t loc);
/* FN's parameter number INDEX (0: the binding or the call).  */
tree parm_at (tree fn, unsigned index);
/* A client stub's record result (idl_operation::record_result): the
   local of OP's client stub that it returns, all zeros when ZEROED,
   or NULL when OP returns no record; and where the stub FN puts what
   came back for parameter P, the parameter itself or, for the record
   result, the address of that local, REC.  */
tree record_result_local (body_builder &bb, const idl_operation *op,
			  bool zeroed);
tree client_target (tree fn, const idl_param &p, tree rec);
/* What OP's client stub returns from a failed call: zero, a zeroed
   record, or nothing (NULL).  */
tree failed_call_result (body_builder &bb, const idl_operation *op);
/* Check that every pointer argument of OP's client stub FN that the
   call needs memory behind is not NULL: a pointer to a value (in, out
   or inout), a string, a buffer whose count is above 0 (a buffer of no
   elements may be NULL); a failed check jumps to LAB, where the caller
   fails the call with IDL_E_INVAL.  Returns whether OP has any such
   pointer (LAB is used).  Emitted first, before anything reads through
   a pointer (a count given through a pointer included).  */
bool emit_null_checks (body_builder &bb, const idl_operation *op, tree fn,
		       tree lab);
/* OP's implementation NAME_impl: its type and its declaration.  */
tree implementation_type (const idl_operation *op, tree call_ptr_type);
tree implementation_decl (idl_operation *op, tree call_ptr_type);

/* -fplugin-arg-idlstub-inline=always (idlstub.cc).  */
extern bool idl_always_inline;

/* Error codes from idlrt.h; the plugin does not include that header's
   C declarations.  */
#ifndef IDL_E_BADMSG
# define IDL_E_BADMSG 4
# define IDL_E_PROTO 5
# define IDL_E_NOMEM 6
# define IDL_E_INVAL 8
# define IDL_E_BOUNDS 9
#endif

#endif /* IDLSTUB_GIMPLE_BUILDER_H */
