/* testgen-values.cc -- the test generator: each operation's plan and values.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   For each operation the generated program calls (testgen.cc), the
   generator first works out what it must know about every parameter
   (plan_operation: the value's C type, the bytes that carry a value,
   the bounds a count or length must keep), then writes the struct that
   holds one call's values and the function that draws them at random,
   within their bounds, in every direction (emit_values).  */

#include "gcc-compat.h"
#include "model.h"
#include "testgen.h"
#include "testgen-plan.h"

void
c_text::put (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *s = xvasprintf (fmt, ap);
  va_end (ap);
  text += s;
  free (s);
}

namespace {

/* The largest value of integer type TYPE, as far as a host wide int
   holds it.  */
unsigned HOST_WIDE_INT
integer_max (tree type)
{
  tree m = TYPE_MAX_VALUE (type);
  if (m && tree_fits_uhwi_p (m))
    return tree_to_uhwi (m);
  return HOST_WIDE_INT_M1U;
}

/* Mask array NAME for an object of TYPE, emitted into OUT unless every
   bit counts; returns the expression that names it ("0" for none).  */
std::string
emit_mask (c_text &out, tree type, const std::string &name)
{
  unsigned HOST_WIDE_INT size = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  std::vector<unsigned char> mask (size, 0);
  idl_value_bits (type, 0, mask);
  bool all = true;
  for (unsigned char m : mask)
    all &= m == 0xff;
  if (all)
    return "0";
  out.put ("static const unsigned char %s[%llu] = {", name.c_str (),
	   (ull) size);
  for (unsigned HOST_WIDE_INT i = 0; i < size; i++)
    out.put ("%s0x%02x", i % 12 ? ", " : i ? ",\n  " : "\n  ", mask[i]);
  out.put ("\n};\n");
  return name;
}

} // anon namespace

/* A declaration, or an error at DECL when TYPE has no name.  */
std::string
checked_declaration (tree decl, tree type, const std::string &name,
		     bool drop_quals, bool *ok)
{
  std::string d = idl_c_declaration (type, name, drop_quals);
  if (d.empty ())
    {
      error_at (DECL_SOURCE_LOCATION (decl), "%<-fplugin-arg-idlstub-"
		"testgen%>: C code cannot name type %qT of %qD; give it a "
		"typedef name", type, decl);
      *ok = false;
    }
  return d;
}

/* Work out what the program needs to know about OP, number K, and
   emit its masks into OUT.  False after an error.  */
bool
plan_operation (idl_operation *op, unsigned k, c_text &out, op_plan &plan)
{
  bool ok = true;
  plan.op = op;
  plan.k = k;
  plan.name = op->name ();
  plan.params.resize (op->nargs ());
  for (unsigned i = 0; i < op->nargs (); i++)
    {
      const idl_param &p = op->params[i];
      param_plan &pp = plan.params[i];
      pp.p = &p;
      pp.field = "p" + std::to_string (p.index);
      pp.name = p.decl && DECL_NAME (p.decl)
		? IDENTIFIER_POINTER (DECL_NAME (p.decl)) : pp.field;
      pp.mask = "0";
      pp.align = 1;
      pp.type_max = 0;
      pp.count_bound = 0;
      std::string mask_name = "idltg_mask_" + plan.name + "_" + pp.field;
      switch (p.kind)
	{
	case IDL_KIND_SCALAR:
	  pp.value_type
	    = checked_declaration (p.decl, p.by_pointer ? TREE_TYPE (p.type)
				   : p.type, pp.field, true, &ok);
	  pp.align = TYPE_ALIGN_UNIT (p.value.type);
	  if (INTEGRAL_TYPE_P (p.value.type))
	    pp.type_max = integer_max (p.value.type);
	  break;
	case IDL_KIND_BLOCK:
	  if (!p.by_pointer)
	    pp.value_type = checked_declaration (p.decl, p.type, pp.field,
						 true, &ok);
	  pp.mask = emit_mask (out, p.block_type, mask_name);
	  pp.align = p.block_align;
	  break;
	case IDL_KIND_BUFFER:
	  pp.mask = emit_mask (out, p.elem_type, mask_name);
	  pp.align = p.elem_align;
	  break;
	case IDL_KIND_FD:
	  pp.align = TYPE_ALIGN_UNIT (integer_type_node);
	  break;
	case IDL_KIND_STRING:
	  break;
	}
      /* The impl's own parameter, written now so that an unnamed type
	 is reported once, here.  */
      checked_declaration (p.decl, p.type, pp.field, false, &ok);
    }

  for (unsigned i = 0; i < op->nargs (); i++)
    {
      const idl_param &p = op->params[i];
      if (p.kind != IDL_KIND_BUFFER)
	continue;
      plan.params[p.size_param].count_of.push_back (i);
      if (p.length_param >= 0)
	plan.params[p.length_param].length_of.push_back (i);
    }
  for (param_plan &pp : plan.params)
    if (!pp.count_of.empty ())
      {
	pp.count_bound = pp.type_max;
	for (unsigned b : pp.count_of)
	  pp.count_bound = MIN (pp.count_bound, op->params[b].max);
      }

  if (op->returns_value ())
    plan.result_type
      = checked_declaration (op->decl, TREE_TYPE (TREE_TYPE (op->decl)),
			     "result", true, &ok);
  if (const idl_param *r = op->record_result ())
    {
      plan.record_size = r->block_size;
      plan.record_mask = emit_mask (out, r->block_type,
				    "idltg_mask_" + plan.name + "_result");
    }

  for (unsigned i = 0; i < op->nargs (); i++)
    {
      const idl_param &p = op->params[i];
      const param_plan &pp = plan.params[i];
      bool inout_length = false;
      for (unsigned b : pp.length_of)
	inout_length |= op->params[b].dir == IDL_DIR_INOUT;
      if ((p.kind == IDL_KIND_STRING && p.sent ())
	  || (!pp.count_of.empty () && pp.count_bound < pp.type_max)
	  || (inout_length && pp.type_max > 0))
	plan.oversize.push_back (p.index);
    }
  return ok;
}

/* The name of field F of the values IN ("in->p3").  */
std::string
at (const char *in, const param_plan &pp, const char *prefix)
{
  return std::string (in) + "->" + prefix + pp.field.substr (1);
}

/* 1. The values of one call: a struct holding every parameter's value,
   and the function that draws them.  */
void
emit_values (c_text &out, const op_plan &plan)
{
  const idl_operation *op = plan.op;
  const char *name = plan.name.c_str ();
  out.put ("\n/* Values of one call of %s.  */\nstruct idltg_vals_%s\n{\n",
	   name, name);
  for (const param_plan &pp : plan.params)
    {
      const idl_param &p = *pp.p;
      const char *f = pp.field.c_str ();
      switch (p.kind)
	{
	case IDL_KIND_SCALAR:
	  out.put ("  %s;\n", pp.value_type.c_str ());
	  break;
	case IDL_KIND_BLOCK:
	  if (p.by_pointer)
	    out.put ("  unsigned char %s[%u];\n", f, p.block_size);
	  else
	    out.put ("  %s;\n", pp.value_type.c_str ());
	  break;
	case IDL_KIND_STRING:
	  /* Room for one char over the bound: a refused call sends
	     that.  */
	  out.put ("  char %s[%llu];\n  size_t n%s;\n", f, (ull) p.max + 2,
		   f + 1);
	  break;
	case IDL_KIND_BUFFER:
	  out.put ("  unsigned char %s[%llu];\n  size_t n%s;\n", f,
		   (ull) (p.max + 1) * p.elem_size, f + 1);
	  break;
	case IDL_KIND_FD:
	  out.put ("  unsigned char %s, none%s;\n", f, f + 1);
	  break;
	}
    }
  if (op->returns_value ())
    out.put ("  %s;\n", plan.result_type.c_str ());
  out.put ("  char idltg_unused;\n};\n");

  /* In the same order in client and server: counts, then lengths,
     then everything else in parameter order.  */
  out.put ("\nstatic void\nidltg_gen_%s (struct idltg_vals_%s *in, "
	   "struct idltg_vals_%s *out, unsigned iter)\n{\n"
	   "  idltg_rng_t r;\n\n  (void) in;\n  (void) out;\n",
	   name, name, name);
  for (int phase = 1; phase <= 2; phase++)
    {
      const char *v = phase == 1 ? "in" : "out";
      out.put ("\n  /* %s.  */\n  idltg_seed (&r, 0x%llxULL, %u, iter, %d);\n",
	       phase == 1 ? "Sent: in and inout values"
	       : "Returned: out and inout values, the result",
	       (ull) op->iface->id, op->number, phase);
      if (phase == 1)
	for (const param_plan &pp : plan.params)
	  if (!pp.count_of.empty ())
	    out.put ("  %s = idltg_count (&r, %lluULL);\n",
		     at ("in", pp).c_str (), (ull) pp.count_bound);
      for (const param_plan &pp : plan.params)
	{
	  if (pp.length_of.empty ()
	      || (phase == 1 ? !pp.p->sent () : !pp.p->returned ()))
	    continue;
	  /* Within every buffer's capacity, as far as its type holds.  */
	  std::string bound = std::to_string ((ull) pp.type_max) + "ULL";
	  for (unsigned b : pp.length_of)
	    bound = "idltg_min (" + bound + ", "
		    + at ("in", plan.params[op->params[b].size_param])
		    + ")";
	  out.put ("  %s = idltg_count (&r, %s);\n", at (v, pp).c_str (),
		   bound.c_str ());
	}
      for (const param_plan &pp : plan.params)
	{
	  const idl_param &p = *pp.p;
	  if (!pp.count_of.empty () || !pp.length_of.empty ()
	      || (phase == 1 ? !p.sent () : !p.returned ()))
	    continue;
	  std::string f = at (v, pp), n = at (v, pp, "n");
	  switch (p.kind)
	    {
	    case IDL_KIND_SCALAR:
	      if (p.value.cls == IDL_VAL_BOOL)
		out.put ("  %s = (idltg_next (&r) & 1) != 0;\n", f.c_str ());
	      else
		out.put ("  idltg_scalar (&r, &%s, sizeof %s);\n", f.c_str (),
			 f.c_str ());
	      break;
	    case IDL_KIND_BLOCK:
	      out.put ("  idltg_bytes (&r, &%s, %u, %s, %u);\n", f.c_str (),
		       p.block_size, pp.mask.c_str (), p.block_size);
	      break;
	    case IDL_KIND_STRING:
	      out.put ("  %s = idltg_string (&r, %s, %llu);\n", n.c_str (),
		       f.c_str (), (ull) p.max);
	      break;
	    case IDL_KIND_BUFFER:
	      {
		/* Sent: the inout length, or the count; returned: the
		   length, or the whole capacity.  */
		std::string count
		  = p.length_param >= 0
		    ? at (v, plan.params[p.length_param])
		    : at ("in", plan.params[p.size_param]);
		out.put ("  %s = (size_t) %s;\n"
			 "  idltg_bytes (&r, %s, %s * %u, %s, %u);\n",
			 n.c_str (), count.c_str (), f.c_str (), n.c_str (),
			 p.elem_size, pp.mask.c_str (), p.elem_size);
		break;
	      }
	    case IDL_KIND_FD:
	      out.put ("  %s = (unsigned char) idltg_next (&r);\n"
		       "  %s = (idltg_next (&r) & 7) == 0;\n", f.c_str (),
		       at (v, pp, "none").c_str ());
	      break;
	    }
	}
      if (phase == 2 && op->record_result ())
	out.put ("  idltg_bytes (&r, &out->result, %u, %s, %u);\n",
		 plan.record_size, plan.record_mask.c_str (),
		 plan.record_size);
      else if (phase == 2 && op->has_result)
	{
	  if (op->result.cls == IDL_VAL_BOOL)
	    out.put ("  out->result = (idltg_next (&r) & 1) != 0;\n");
	  else
	    out.put ("  idltg_scalar (&r, &out->result, "
		     "sizeof out->result);\n");
	}
    }
  out.put ("}\n");
}
