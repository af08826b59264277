/* testgen.cc -- a regression-test generator, after IDL4's.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   IDL4's compiler, given a flag, writes besides the stubs "an entire
   application" that sets up a server and invokes every method of the
   interface with random arguments in every direction, checked after the
   transfer, while it watches for side effects such as overruns (paper
   000, 5.3.5).  This is that generator for idlstub:

     gcc -fplugin=idlstub -fplugin-arg-idlstub-testgen=fs-test.c \
	 [-fplugin-arg-idlstub-testgen-header=fs.h] -S -o /dev/null -x c fs.h
     gcc -fplugin=idlstub fs-test.c -lidlrt -pthread && ./a.out

   The first compilation (of the header alone; -fsyntax-only works too)
   writes fs-test.c from the interface model; nothing else of the
   compilation changes.  The program includes the header (the
   -testgen-header option's NAME, or the file that declares the first
   operation), defines IDL_SERVER (iface) and an implementation of every
   operation, forks one server per interface and calls every operation
   IDLTG_ITERATIONS times (200 unless -D says otherwise).  For operation
   NAME, iteration I:

   1. Values.  idltg_gen_NAME draws every in and inout value from a
      generator seeded with (interface id, operation number, I, 1) and
      every out and inout value and the result from one seeded with
      (..., 2): scalars as random bits (often an edge value: zero, all
      ones, the sign bit alone or all but it), _Bool as 0 or 1, blocks
      as random bytes with their padding cleared, strings of 0..max
      chars (sometimes exactly max), buffer counts and lengths within
      their bounds, and a byte to send through each descriptor.

   2. Client, idltg_call_NAME: each pointer argument sits in its own
      area with 16 guard bytes before and after it (for an out string or
      buffer, after its whole capacity); an in-only one ends where an
      inaccessible page begins, so that reading past it fails too; out
      objects start as a poison pattern; in descriptors are pipes
      holding the byte.  It calls NAME and checks idl_error () ==
      IDL_OK.

   3. Server, NAME_impl: draws the same values and compares every
      in and inout one (scalars and blocks by their value bits, strings
      by length and bytes, buffers by count and bytes, descriptors by
      the byte read from them), that every pointer is aligned for its
      type and that out values start zeroed; then stores the second
      draw in every out and inout parameter and returns its result.  It
      reports the number of mismatches to the client through a pipe
      (the verdict), so no mismatch can pass unseen: a call whose
      verdict is missing, late, for another operation or non-zero
      fails.

   4. Client again: the verdict, the result and every out and inout
      value against the second draw, in-pointees unchanged, every
      guard intact; out descriptors must hold their byte.

   5. Refused calls: for every in or inout string, every buffer count
      and every inout buffer length, one call one past the bound, which
      the client stub must refuse with IDL_E_BOUNDS before sending,
      returning zero and leaving every argument as it was.

   The program prints a line per operation and exits with status 0 only
   if every check passed and every server ran to the end.

   For IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x), in short:

     static void idltg_gen_tiny (in, out, iter)			// 1.
     {
       idltg_seed (&r, 0x10, 1, iter, 1);
       idltg_scalar (&r, &in->p1, sizeof in->p1);
       idltg_seed (&r, 0x10, 1, iter, 2);
       idltg_scalar (&r, &out->result, sizeof out->result);
     }
     long int tiny_impl (idl_call_t *call, long int p1)		// 3.
     {
       idltg_server_begin (0, "tiny");	// which call the client made
       idltg_gen_tiny (in, out, idltg_iter);
       idltg_differs ("x", &p1, &in->p1, sizeof p1, 0, 1);
       result = out->result;
       idltg_report (0);			// the verdict
       return result;
     }
     static void idltg_call_tiny (b, iter, oversize)		// 2., 4.
     {
       idltg_gen_tiny (in, want, iter);
       idltg_shared->op = 0;
       idltg_shared->iter = iter;
       result = tiny (b, in->p1);
       if (!idltg_expect_ok (b))
	 goto done;
       idltg_await_verdict (0, 2000);
       idltg_differs ("the result", &result, &want->result, ...);
     }

   Values are compared as bytes under a mask of their value bits
   (idl_value_bits), never as C values: padding of a by-value struct
   need not survive the C calling convention, and a float NaN must
   still compare equal to itself.

   The program is written when the IPA passes start, before
   free_lang_data can replace typedef names in types by bare
   identifiers (with -flto), and at the end of compilation for
   -fsyntax-only.  Types are written by idl_c_declaration from the
   declared types, which keep typedef names: a typedef'd anonymous
   struct has no other name C could use.

   Files: this one writes the program, each operation's implementation
   and calls, and drives the generator; testgen-values.cc plans each
   operation and writes the values its calls send (testgen-plan.h is
   what the two share); testgen-types.cc spells types and finds value
   bits; testgen-prelude.cc is the program's fixed part.

   BUGS: one translation unit per FILE (each compilation rewrites it).
   A type without any name C code can write (only possible through
   __typeof__) is an error.  */

#include "gcc-compat.h"
#include "model.h"
#include "testgen.h"
#include "testgen-plan.h"

const char *idl_testgen_file;
const char *idl_testgen_header;

namespace {

/* The impl's prototype: "long tiny_impl (idl_call_t *call, long p1)".  */
std::string
impl_prototype (const op_plan &plan)
{
  const idl_operation *op = plan.op;
  bool ok = true;
  std::string s = op->returns_value ()
		  ? idl_c_declaration (TREE_TYPE (TREE_TYPE (op->decl)), "",
				       true)
		  : "void";
  s += "\n" + plan.name + "_impl (idl_call_t *call";
  for (const param_plan &pp : plan.params)
    s += ", " + checked_declaration (pp.p->decl, pp.p->type, pp.field,
				     false, &ok);
  return s + ")";
}

/* 3. The server's implementation of the operation.  */
void
emit_implementation (c_text &out, const op_plan &plan)
{
  const idl_operation *op = plan.op;
  const char *name = plan.name.c_str ();
  out.put ("\n%s\n{\n", impl_prototype (plan).c_str ());
  /* The header's types are written before any local could hide a
     typedef of the same name.  */
  if (op->returns_value ())
    out.put ("  %s;\n", plan.result_type.c_str ());
  out.put ("  struct idltg_vals_%s *in = idltg_alloc (sizeof *in);\n"
	   "  struct idltg_vals_%s *out = idltg_alloc (sizeof *out);\n",
	   name, name);
  out.put ("\n  (void) call;\n  idltg_server_begin (%u, \"%s\");\n"
	   "  idltg_gen_%s (in, out, idltg_iter);\n\n"
	   "  /* What arrived.  */\n", plan.k, name, name);
  for (const param_plan &pp : plan.params)
    {
      const idl_param &p = *pp.p;
      const char *f = pp.field.c_str (), *pn = pp.name.c_str ();
      std::string v = at ("in", pp), n = at ("in", pp, "n");
      if (p.kind == IDL_KIND_SCALAR && !p.by_pointer)
	out.put ("  idltg_differs (\"%s\", &%s, &%s, sizeof %s, 0, 1);\n",
		 pn, f, v.c_str (), f);
      else if (p.kind == IDL_KIND_BLOCK && !p.by_pointer)
	out.put ("  idltg_differs (\"%s\", &%s, &%s, %u, %s, %u);\n", pn, f,
		 v.c_str (), p.block_size, pp.mask.c_str (), p.block_size);
      else if (p.kind == IDL_KIND_FD && !p.by_pointer)
	out.put ("  idltg_check_fd_in (\"%s\", %s, %s, %s);\n", pn, f,
		 v.c_str (), at ("in", pp, "none").c_str ());
      else if (p.kind == IDL_KIND_BUFFER)
	{
	  if (p.sent ())
	    out.put ("  if (%s == 0 || idltg_pointer_ok (\"%s\", "
		     "(const void *) %s, %u))\n"
		     "    idltg_differs (\"%s\", (const void *) %s, %s, "
		     "%s * %u, %s, %u);\n",
		     n.c_str (), pn, f, pp.align, pn, f, v.c_str (),
		     n.c_str (), p.elem_size, pp.mask.c_str (), p.elem_size);
	}
      else
	{
	  out.put ("  if (idltg_pointer_ok (\"%s\", (const void *) %s, "
		   "%u))\n", pn, f, pp.align);
	  if (p.kind == IDL_KIND_STRING && p.sent ())
	    out.put ("    idltg_check_string (\"%s\", (const char *) %s, "
		     "%s, %s);\n", pn, f, v.c_str (), n.c_str ());
	  else if (p.kind == IDL_KIND_STRING)
	    out.put ("    idltg_zeroed (\"%s (an out string starts "
		     "empty)\", (const void *) %s, 1);\n", pn, f);
	  else if (p.kind == IDL_KIND_FD)
	    out.put ("    idltg_check_fd_none (\"%s (an out descriptor starts "
		     "as none)\", *%s);\n", pn, f);
	  else
	    {
	      unsigned size = p.kind == IDL_KIND_BLOCK ? p.block_size
			      : p.value.size;
	      if (p.sent ())
		out.put ("    idltg_differs (\"*%s\", (const void *) %s, &%s, "
			 "%u, %s, %u);\n", pn, f, v.c_str (), size,
			 pp.mask.c_str (), size);
	      else
		out.put ("    idltg_zeroed (\"*%s (an out value starts "
			 "zeroed)\", (const void *) %s, %u);\n", pn, f, size);
	    }
	}
    }

  out.put ("\n  /* What goes back.  */\n");
  for (const param_plan &pp : plan.params)
    {
      const idl_param &p = *pp.p;
      /* A value parameter never goes back, whatever its direction.  */
      if (!p.returned ()
	  || (!p.by_pointer && p.kind != IDL_KIND_STRING
	      && p.kind != IDL_KIND_BUFFER))
	continue;
      const char *f = pp.field.c_str ();
      std::string v = at ("out", pp), n = at ("out", pp, "n");
      switch (p.kind)
	{
	case IDL_KIND_SCALAR:
	  out.put ("  if (%s)\n    memcpy ((void *) %s, &%s, %u);\n", f, f,
		   v.c_str (), p.value.size);
	  break;
	case IDL_KIND_BLOCK:
	  out.put ("  if (%s)\n    memcpy ((void *) %s, %s, %u);\n", f, f,
		   v.c_str (), p.block_size);
	  break;
	case IDL_KIND_STRING:
	  out.put ("  if (%s)\n    memcpy ((void *) %s, %s, %s + 1);\n", f, f,
		   v.c_str (), n.c_str ());
	  break;
	case IDL_KIND_BUFFER:
	  out.put ("  if (%s && %s)\n    memcpy ((void *) %s, %s, %s * %u);\n",
		   f, n.c_str (), f, v.c_str (), n.c_str (), p.elem_size);
	  break;
	case IDL_KIND_FD:
	  out.put ("  if (%s)\n    *%s = idltg_fd_out (%s, %s);\n", f, f,
		   v.c_str (), at ("out", pp, "none").c_str ());
	  break;
	}
    }
  /* A record with a const member is no modifiable lvalue (C11
     6.3.2.1p1): it is copied, not assigned.  */
  if (op->record_result ())
    out.put ("  memcpy (&result, &out->result, sizeof result);\n");
  else if (op->has_result)
    out.put ("  result = out->result;\n");
  out.put ("  free (in);\n  free (out);\n  idltg_report (%u);\n", plan.k);
  if (op->returns_value ())
    out.put ("  return result;\n");
  out.put ("}\n");
}

/* 2. The client's locals for one call of PLAN's operation: its result,
   the values drawn (1.), an area or a pipe for each pointer or
   descriptor.  */
static void
emit_client_setup (c_text &out, const op_plan &plan)
{
  const idl_operation *op = plan.op;
  const char *name = plan.name.c_str ();
  if (op->returns_value ())
    out.put ("  %s;\n", plan.result_type.c_str ());
  out.put ("  struct idltg_vals_%s *in = idltg_alloc (sizeof *in);\n"
	   "  struct idltg_vals_%s *want = idltg_alloc (sizeof *want);\n",
	   name, name);
  for (const param_plan &pp : plan.params)
    {
      const idl_param &p = *pp.p;
      if (p.kind == IDL_KIND_FD && !p.by_pointer)
	out.put ("  int fd%s[2] = { -1, -1 };\n", pp.field.c_str () + 1);
      else if (p.by_pointer || p.kind == IDL_KIND_STRING
	       || p.kind == IDL_KIND_BUFFER)
	out.put ("  struct idltg_area a%s = { 0 };\n", pp.field.c_str () + 1);
    }
  out.put ("\n  idltg_gen_%s (in, want, iter);\n", name);
}

/* 5. A refused call: when OVERSIZE names a parameter, it is put just
   out of bounds.  */
static void
emit_client_oversize (c_text &out, const op_plan &plan)
{
  const idl_operation *op = plan.op;
  out.put ("  (void) oversize;\n");
  for (unsigned idx : plan.oversize)
    for (const param_plan &pp : plan.params)
      {
	const idl_param &p = *pp.p;
	if (p.index != idx)
	  continue;
	out.put ("  if (oversize == %u)\n    {\n", idx);
	if (p.kind == IDL_KIND_STRING)
	  out.put ("      memset (%s, 'x', %llu);\n      %s[%llu] = 0;\n"
		   "      %s = %llu;\n", at ("in", pp).c_str (),
		   (ull) p.max + 1, at ("in", pp).c_str (), (ull) p.max + 1,
		   at ("in", pp, "n").c_str (), (ull) p.max + 1);
	else if (!pp.count_of.empty ())
	  {
	    out.put ("      %s = %lluULL;\n", at ("in", pp).c_str (),
		     (ull) pp.count_bound + 1);
	    for (unsigned b : pp.count_of)
	      if (op->params[b].sent () && op->params[b].length_param < 0)
		out.put ("      %s = %lluULL;\n",
			 at ("in", plan.params[b], "n").c_str (),
			 (ull) pp.count_bound + 1);
	  }
	else
	  {
	    /* A length over the capacity: no capacity at all, length 1.  */
	    for (unsigned b : pp.length_of)
	      {
		const param_plan &cp
		  = plan.params[op->params[b].size_param];
		out.put ("      %s = 0;\n", at ("in", cp).c_str ());
		for (unsigned c : cp.count_of)
		  if (op->params[c].sent () && op->params[c].length_param < 0)
		    out.put ("      %s = 0;\n",
			     at ("in", plan.params[c], "n").c_str ());
	      }
	    out.put ("      %s = 1;\n", at ("in", pp).c_str ());
	    for (unsigned b : pp.length_of)
	      if (op->params[b].sent ())
		out.put ("      %s = 1;\n",
			 at ("in", plan.params[b], "n").c_str ());
	  }
	out.put ("    }\n");
      }
}

/* 2. The arguments of the call: each pointer's object in a guarded
   area, filled with what is sent; returns the argument list after the
   binding (", a, b...").  */
static std::string
emit_client_arguments (c_text &out, const op_plan &plan)
{
  out.put ("\n  /* The arguments: pointers into guarded areas.  */\n");
  std::string args;
  for (const param_plan &pp : plan.params)
    {
      const idl_param &p = *pp.p;
      const char *a = pp.field.c_str () + 1;
      std::string v = at ("in", pp), n = at ("in", pp, "n");
      std::string size, fill;
      args += ", ";
      if (p.kind == IDL_KIND_FD && !p.by_pointer)
	{
	  out.put ("  if (!%s)\n    idltg_fd_in (fd%s, %s);\n",
		   at ("in", pp, "none").c_str (), a, v.c_str ());
	  args += "fd" + std::string (a) + "[0]";
	  continue;
	}
      if (!p.by_pointer && p.kind != IDL_KIND_STRING
	  && p.kind != IDL_KIND_BUFFER)
	{
	  args += v;
	  continue;
	}
      switch (p.kind)
	{
	case IDL_KIND_SCALAR:
	case IDL_KIND_BLOCK:
	  size = std::to_string (p.kind == IDL_KIND_BLOCK ? p.block_size
				 : p.value.size);
	  if (p.sent ())
	    fill = "&" + v + ", " + size;
	  break;
	case IDL_KIND_FD:
	  size = "sizeof (int)";
	  break;
	case IDL_KIND_STRING:
	  /* An out or inout string gets its whole capacity (more when
	     a refused call sends one char too many).  */
	  if (p.dir == IDL_DIR_IN)
	    size = n + " + 1";
	  else
	    size = "(" + n + " + 1 > " + std::to_string ((ull) p.max + 1)
		   + " ? " + n + " + 1 : " + std::to_string ((ull) p.max + 1)
		   + ")";
	  if (p.sent ())
	    fill = v + ", " + n + " + 1";
	  break;
	case IDL_KIND_BUFFER:
	  {
	    std::string cap = "(size_t) "
			      + at ("in", plan.params[p.size_param]);
	    if (p.dir == IDL_DIR_IN)
	      size = n + " * " + std::to_string (p.elem_size);
	    else if (p.dir == IDL_DIR_OUT)
	      size = cap + " * " + std::to_string (p.elem_size);
	    else
	      /* Inout: the capacity, or the length when a refused call
		 sends more.  */
	      size = "(" + cap + " > " + n + " ? " + cap + " : " + n + ") * "
		     + std::to_string (p.elem_size);
	    if (p.sent ())
	      fill = v + ", " + n + " * " + std::to_string (p.elem_size);
	    break;
	  }
	}
      out.put ("  idltg_area_init (&a%s, %s, %u, %d);\n", a, size.c_str (),
	       pp.align, p.dir == IDL_DIR_IN);
      if (!fill.empty ())
	out.put ("  memcpy (a%s.obj, %s);\n", a, fill.c_str ());
      out.put ("  idltg_area_snapshot (&a%s);\n", a);
      args += "(void *) a" + std::string (a) + ".obj";
    }
  return args;
}

/* 4. What came back: the result and every out and inout value against
   the second draw, in-pointees unchanged.  */
static void
emit_client_checks (c_text &out, const op_plan &plan)
{
  const idl_operation *op = plan.op;
  if (op->record_result ())
    out.put ("  idltg_differs (\"the result\", &result, &want->result, "
	     "%u, %s, %u);\n", plan.record_size, plan.record_mask.c_str (),
	     plan.record_size);
  else if (op->has_result)
    out.put ("  idltg_differs (\"the result\", &result, &want->result, "
	     "sizeof result, 0, 1);\n");
  for (const param_plan &pp : plan.params)
    {
      const idl_param &p = *pp.p;
      const char *a = pp.field.c_str () + 1, *pn = pp.name.c_str ();
      std::string w = at ("want", pp), n = at ("want", pp, "n");
      if (!p.by_pointer && p.kind != IDL_KIND_STRING
	  && p.kind != IDL_KIND_BUFFER)
	continue;
      if (!p.returned ())
	{
	  out.put ("  idltg_unchanged (\"%s\", &a%s);\n", pn, a);
	  continue;
	}
      switch (p.kind)
	{
	case IDL_KIND_SCALAR:
	  out.put ("  idltg_differs (\"*%s\", a%s.obj, &%s, %u, 0, 1);\n", pn,
		   a, w.c_str (), p.value.size);
	  break;
	case IDL_KIND_BLOCK:
	  out.put ("  idltg_differs (\"*%s\", a%s.obj, %s, %u, %s, %u);\n", pn,
		   a, w.c_str (), p.block_size, pp.mask.c_str (),
		   p.block_size);
	  break;
	case IDL_KIND_STRING:
	  out.put ("  idltg_check_string_out (\"%s\", &a%s, %s, %s);\n", pn,
		   a, w.c_str (), n.c_str ());
	  break;
	case IDL_KIND_BUFFER:
	  out.put ("  idltg_differs (\"%s\", a%s.obj, %s, %s * %u, %s, %u);\n",
		   pn, a, w.c_str (), n.c_str (), p.elem_size,
		   pp.mask.c_str (), p.elem_size);
	  break;
	case IDL_KIND_FD:
	  out.put ("  idltg_check_fd_out (\"%s\", a%s.obj, %s, %s);\n", pn, a,
		   w.c_str (), at ("want", pp, "none").c_str ());
	  break;
	}
    }
}

/* 2 and 4.  The client's side of one call; 5. a refused one when
   OVERSIZE names a parameter.  */
void
emit_client (c_text &out, const op_plan &plan)
{
  const idl_operation *op = plan.op;
  const char *name = plan.name.c_str ();
  out.put ("\nstatic void\nidltg_call_%s (idl_binding_t *b, unsigned iter, "
	   "unsigned oversize)\n{\n", name);
  emit_client_setup (out, plan);
  emit_client_oversize (out, plan);
  std::string args = emit_client_arguments (out, plan);
  out.put ("\n  idltg_shared->op = %u;\n  idltg_shared->iter = iter;\n",
	   plan.k);
  if (op->record_result ())
    /* As in emit_implementation: a record with a const member is
       initialized, then copied.  */
    out.put ("  {\n    __typeof__ (result) idltg_r = %s (b%s);\n"
	     "    memcpy (&result, &idltg_r, sizeof result);\n  }\n", name,
	     args.c_str ());
  else
    out.put ("  %s%s (b%s);\n", op->has_result ? "result = " : "", name,
	     args.c_str ());

  if (!plan.oversize.empty ())
    {
      out.put ("  if (oversize)\n    {\n"
	       "      idltg_expect_error (b, IDL_E_BOUNDS);\n"
	       "      idltg_no_verdict ();\n");
      if (op->record_result ())
	/* A record's padding need not survive its return: its value
	   bits are zero.  */
	out.put ("      {\n"
		 "\tstatic const unsigned char zero[%u];\n"
		 "\tidltg_differs (\"the result of a refused call\", "
		 "&result, zero, %u, %s, %u);\n"
		 "      }\n", plan.record_size, plan.record_size,
		 plan.record_mask.c_str (), plan.record_size);
      else if (op->has_result)
	out.put ("      idltg_zeroed (\"the result of a refused call\", "
		 "&result, sizeof result);\n");
      for (const param_plan &pp : plan.params)
	if (pp.p->by_pointer || pp.p->kind == IDL_KIND_STRING
	    || pp.p->kind == IDL_KIND_BUFFER)
	  out.put ("      idltg_unchanged (\"%s\", &a%s);\n",
		   pp.name.c_str (), pp.field.c_str () + 1);
      out.put ("      goto done;\n    }\n");
    }
  out.put ("  if (!idltg_expect_ok (b))\n    goto done;\n"
	   "  idltg_await_verdict (%u, %d);\n\n  /* What came back.  */\n",
	   plan.k, op->oneway ? 10000 : 2000);
  emit_client_checks (out, plan);
  out.put ("\n done:\n");
  for (const param_plan &pp : plan.params)
    {
      const idl_param &p = *pp.p;
      const char *a = pp.field.c_str () + 1;
      if (p.kind == IDL_KIND_FD && !p.by_pointer)
	out.put ("  idltg_close_pair (fd%s);\n", a);
      else if (p.by_pointer || p.kind == IDL_KIND_STRING
	       || p.kind == IDL_KIND_BUFFER)
	out.put ("  idltg_guards_intact (\"%s\", &a%s);\n"
		 "  idltg_area_free (&a%s);\n", pp.name.c_str (), a, a);
    }
  out.put ("  free (in);\n  free (want);\n}\n");
}

/* The whole program.  */
bool
emit_program (c_text &out, const std::string &header)
{
  out.put ("/* Generated by idlstub's regression-test generator "
	   "(-fplugin-arg-idlstub-testgen)\n"
	   "   from %s; do not edit.\n\n"
	   "   Build: gcc -fplugin=idlstub THIS.c -lidlrt -pthread\n"
	   "   Run it: exit status 0 when every value matched.\n"
	   "   -DIDLTG_ITERATIONS=N calls every operation N times "
	   "(default 200).  */\n\n", header.c_str ());
  out.put ("#define _GNU_SOURCE 1\n");
  for (const char *h : { "errno.h", "poll.h", "signal.h", "stdarg.h",
			 "stdint.h", "stdio.h", "stdlib.h", "string.h",
			 "sys/mman.h", "sys/prctl.h", "sys/stat.h",
			 "sys/types.h", "sys/wait.h", "unistd.h" })
    out.put ("#include <%s>\n", h);
  out.put ("#include %s\n", header.c_str ());
  out.text += idl_testgen_prelude;

  bool ok = true;
  std::vector<op_plan> plans;
  std::vector<idl_interface *> ifaces;
  for (idl_interface *iface : idl_interfaces)
    {
      if (iface->ops.empty ())
	continue;
      /* The program names the interface and calls every operation from
	 file scope: a declaration in a block is out of its reach.  */
      for (idl_operation *op : iface->ops)
	if (op->in_block || decl_function_context (iface->decl))
	  {
	    error_at (op->loc, "%<-fplugin-arg-idlstub-testgen%>: operation "
		      "%qD is declared in a block, where the test program "
		      "cannot call it", op->decl);
	    ok = false;
	  }
	else
	  for (const idl_param &p : op->params)
	    if (p.region)
	      {
		/* Its values would be regions made, filled and
		   compared: not written yet.  */
		error_at (DECL_SOURCE_LOCATION (p.decl),
			  "%<-fplugin-arg-idlstub-testgen%>: operation %qD "
			  "has %<IDL_REGION%> parameter %qD, for which the "
			  "test generator makes no values yet", op->decl,
			  p.decl);
		ok = false;
	      }
      if (!ok)
	continue;
      ifaces.push_back (iface);
      out.put ("\nIDL_SERVER (%s);\n", iface->name.c_str ());
      for (idl_operation *op : iface->ops)
	{
	  plans.emplace_back ();
	  ok &= plan_operation (op, plans.size () - 1, out, plans.back ());
	}
    }
  if (!ok)
    return false;

  for (const op_plan &plan : plans)
    {
      emit_values (out, plan);
      emit_implementation (out, plan);
      emit_client (out, plan);
    }

  out.put ("\n");
  for (const op_plan &plan : plans)
    {
      out.put ("static const unsigned idltg_oversize_%s[] = { ",
	       plan.name.c_str ());
      for (unsigned idx : plan.oversize)
	out.put ("%u, ", idx);
      out.put ("0 };\n");
    }
  out.put ("\nstatic struct idltg_op idltg_ops[] = {\n");
  for (const op_plan &plan : plans)
    {
      unsigned i = std::find (ifaces.begin (), ifaces.end (),
			      plan.op->iface) - ifaces.begin ();
      out.put ("  { \"%s\", idltg_call_%s, %u, idltg_oversize_%s, 0, 0 },\n",
	       plan.name.c_str (), plan.name.c_str (), i, plan.name.c_str ());
    }
  out.put ("};\n");

  out.put ("\nint\nmain (void)\n{\n"
	   "  const unsigned nops = sizeof idltg_ops / sizeof idltg_ops[0];\n"
	   "  unsigned long calls = 0, failed = 0;\n"
	   "  int servers_failed = 0;\n"
	   "  static idl_binding_t *bindings[%u];\n",
	   (unsigned) ifaces.size ());
  for (unsigned i = 0; i < ifaces.size (); i++)
    out.put ("  char *name%u = idltg_name (\"%s\");\n  pid_t pid%u;\n", i,
	     ifaces[i]->name.c_str (), i);
  out.put ("\n  idltg_bindings = bindings;\n  alarm (IDLTG_TIMEOUT);\n"
	   "  signal (SIGSEGV, idltg_crash);\n"
	   "  signal (SIGBUS, idltg_crash);\n"
	   "  idltg_shared = mmap (NULL, sizeof *idltg_shared, "
	   "PROT_READ | PROT_WRITE,\n"
	   "\t\t       MAP_SHARED | MAP_ANONYMOUS, -1, 0);\n"
	   "  if (idltg_shared == MAP_FAILED || pipe (idltg_verdict_fd) != 0)\n"
	   "    {\n      perror (\"idltg\");\n      return 2;\n    }\n");
  for (unsigned i = 0; i < ifaces.size (); i++)
    out.put ("  pid%u = idltg_fork_server (name%u, &%s, %s_dispatch);\n", i,
	     i, ifaces[i]->name.c_str (), ifaces[i]->name.c_str ());
  out.put ("  close (idltg_verdict_fd[1]);\n");
  for (unsigned i = 0; i < ifaces.size (); i++)
    out.put ("  idltg_bindings[%u] = idltg_connect (name%u, &%s);\n", i, i,
	     ifaces[i]->name.c_str ());
  out.put ("\n  for (unsigned iter = 0; iter < IDLTG_ITERATIONS; iter++)\n"
	   "    for (unsigned k = 0; k < nops; k++)\n"
	   "      idltg_run (&idltg_ops[k], iter, 0);\n"
	   "  for (unsigned k = 0; k < nops; k++)\n"
	   "    for (const unsigned *o = idltg_ops[k].oversize; *o; o++)\n"
	   "      idltg_run (&idltg_ops[k], IDLTG_ITERATIONS + *o, *o);\n\n"
	   "  printf (\"%%-32s %%8s %%8s\\n\", \"operation\", \"calls\", "
	   "\"failed\");\n"
	   "  for (unsigned k = 0; k < nops; k++)\n"
	   "    {\n"
	   "      printf (\"%%-32s %%8u %%8u\\n\", idltg_ops[k].name,\n"
	   "\t      idltg_ops[k].calls, idltg_ops[k].failed);\n"
	   "      calls += idltg_ops[k].calls;\n"
	   "      failed += idltg_ops[k].failed;\n"
	   "    }\n");
  for (unsigned i = 0; i < ifaces.size (); i++)
    out.put ("  idl_close (idltg_bindings[%u]);\n"
	     "  servers_failed |= idltg_stop_server (\"%s\", pid%u);\n"
	     "  free (name%u);\n", i, ifaces[i]->name.c_str (), i, i);
  out.put ("  if (idltg_unsupported)\n"
	   "    printf (\"idltg: %%lu calls XDR cannot express, refused "
	   "(IDL_E_UNSUPPORTED)\\n\",\n"
	   "\t    idltg_unsupported);\n");
  out.put ("  if (idltg_oversize)\n"
	   "    printf (\"idltg: %%lu requests over one UDP datagram, refused "
	   "(IDL_E_NOMEM)\\n\",\n"
	   "\t    idltg_oversize);\n");
  out.put ("  printf (\"idltg: %%u operations, %%lu calls, %%lu failed%%s: "
	   "%%s\\n\",\n"
	   "\t  nops, calls, failed, servers_failed ? \", a server died\" "
	   ": \"\",\n"
	   "\t  failed || servers_failed ? \"FAIL\" : \"PASS\");\n"
	   "  return failed || servers_failed ? 1 : 0;\n}\n");
  return true;
}

/* What the program includes: the option's NAME ("fs.h" or <fs.h> as
   given, else quoted), or the file of the first operation.  */
std::string
header_line ()
{
  std::string name;
  if (idl_testgen_header)
    {
      name = idl_testgen_header;
      if (name[0] == '<' || name[0] == '"')
	return name;
    }
  else
    for (idl_interface *iface : idl_interfaces)
      if (!iface->ops.empty ())
	{
	  name = DECL_SOURCE_FILE (iface->ops[0]->decl);
	  break;
	}
  std::string q = "\"";
  for (char c : name)
    {
      if (c == '"' || c == '\\')
	q += '\\';
      q += c;
    }
  return q + "\"";
}

bool written;

void
write_program ()
{
  if (written || in_lto_p || seen_error ())
    return;
  written = true;
  bool any = false;
  for (idl_interface *iface : idl_interfaces)
    any |= !iface->ops.empty ();
  if (!any)
    {
      error ("%<-fplugin-arg-idlstub-testgen%>: this translation unit "
	     "declares no operation to test");
      return;
    }
  c_text out;
  if (!emit_program (out, header_line ()))
    return;
  FILE *f = fopen (idl_testgen_file, "w");
  if (!f || fputs (out.text.c_str (), f) < 0 || fclose (f) != 0)
    error ("%<-fplugin-arg-idlstub-testgen%>: cannot write %qs: %m",
	   idl_testgen_file);
}

/* PLUGIN_ALL_IPA_PASSES_START: the front end is done, and nothing has
   simplified its types yet.  */
void
testgen_ipa_start (void *, void *)
{
  write_program ();
}

/* PLUGIN_FINISH: -fsyntax-only runs no IPA passes.  After an error no
   program is written, and one left from an earlier run is removed, so
   that it is not mistaken for this header's.  */
void
testgen_finish (void *, void *)
{
  write_program ();
  if (seen_error () && !in_lto_p)
    unlink (idl_testgen_file);
}

} // anon namespace

void
idl_testgen_init (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		     testgen_ipa_start, NULL);
  register_callback (plugin_name, PLUGIN_FINISH, testgen_finish, NULL);
}
