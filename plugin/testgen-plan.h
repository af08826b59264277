/* testgen-plan.h -- what the test generator's files share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   testgen-values.cc plans each operation (op_plan) and writes its
   values; testgen.cc writes the rest of the program from the plans.  */

#ifndef IDLSTUB_TESTGEN_PLAN_H
#define IDLSTUB_TESTGEN_PLAN_H

/* C text under construction.  */
class c_text
{
public:
  void put (const char *fmt, ...) ATTRIBUTE_PRINTF_2;
  std::string text;
};

typedef unsigned long long ull;

/* What the generator adds to one parameter of the model.  */
struct param_plan
{
  const idl_param *p;
  std::string field;		/* its value's member: "p3" */
  std::string name;		/* its C name, for messages */
  std::string value_type;	/* scalars, blocks by value: the member's
				   declaration */
  std::string mask;		/* the block's or element's mask, or "0" */
  unsigned align;		/* what the pointer must be aligned to */
  /* Integer scalars: the largest value of the type.  */
  unsigned HOST_WIDE_INT type_max;
  /* Counts and lengths: the buffers (indexes into op->params) whose
     count or length this parameter is; a count's largest valid value.  */
  std::vector<unsigned> count_of, length_of;
  unsigned HOST_WIDE_INT count_bound;
};

/* One operation: its number in the program, its parameters.  */
struct op_plan
{
  idl_operation *op;
  unsigned k;			/* index in idltg_ops[] */
  std::string name;
  std::vector<param_plan> params;	/* the prototype's (op->nargs ()) */
  std::string result_type;	/* "long result", or empty */
  /* A record result: its size and mask (op->record_result ()).  */
  unsigned record_size = 0;
  std::string record_mask;
  /* The prototype indexes of the parameters a refused call puts out of
     bounds: sent strings, counts, inout lengths.  */
  std::vector<unsigned> oversize;
};

/* testgen-values.cc.  */
std::string checked_declaration (tree decl, tree type,
				 const std::string &name, bool drop_quals,
				 bool *ok);
bool plan_operation (idl_operation *op, unsigned k, c_text &out,
		     op_plan &plan);
std::string at (const char *in, const param_plan &pp,
		const char *prefix = "p");
void emit_values (c_text &out, const op_plan &plan);

#endif /* IDLSTUB_TESTGEN_PLAN_H */
