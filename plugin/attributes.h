/* attributes.h -- what stage 1's files share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   attributes.cc (the attribute handlers), parameters.cc (one
   parameter) and operations.cc (a declaration -> the model).  Calls go
   one way: operations.cc calls parameters.cc, and both call
   attributes.cc's idl_attr.  */

#ifndef IDLSTUB_ATTRIBUTES_H
#define IDLSTUB_ATTRIBUTES_H

/* attributes.cc.  */
tree idl_attr (const char *name, tree decl);
location_t user_location (location_t loc);

/* What the declaration of an operation being parsed says, before the
   front end merges it with an earlier one (whose parameters it keeps,
   and whose attributes it adds): its IDL_OP's arguments, IDL_ONEWAY
   and IDL_FAILS, seen by their handlers on the FUNCTION_DECL as written.  The
   handlers set it; idl_finish_decl (operations.cc) reads it, with the
   parameters finished since the last other declaration, and resets it
   at every other declaration.  */
struct written_declaration
{
  tree decl;			/* the FUNCTION_DECL as written */
  tree op_args;			/* its IDL_OP's arguments, or NULL */
  bool oneway;
  tree fails;			/* its idl_fails attribute, or NULL */
};
extern written_declaration idl_written;
extern std::vector<tree> rejected_parms;

/* parameters.cc.  */

/* What the count and length of a buffer refer to, resolved once every
   parameter is known (record_operation).  */
struct buffer_refs
{
  tree size_name;		/* STRING_CST from IDL_SIZE_IS, or NULL */
  int size_pos;			/* access's size position (0-based), or -1 */
  tree length_name;		/* STRING_CST from IDL_LENGTH_IS, or NULL */
};

bool classify_parameter (tree decl, tree type, unsigned index,
			 const attr_access *acc, idl_param *param,
			 buffer_refs *refs);
bool resolve_buffer (idl_operation *op, unsigned i,
		     const buffer_refs &refs);
bool classify_record_result (tree fndecl, tree type, unsigned index,
			     idl_param *result);

#endif /* IDLSTUB_ATTRIBUTES_H */
