/* xdr-testgen.cc -- a program that checks the XDR codecs against
   rpcgen's, value by value.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

     gcc -fplugin=idlstub -fplugin-arg-idlstub-xdr=fs.x \
	 -fplugin-arg-idlstub-xdr-testgen=fs-xdrt.c -S -o /dev/null -x c fs.h
     rpcgen -N -h -o fs_rpc.h fs.x && rpcgen -N -c -o fs_xdr.c fs.x
     gcc -DXDRT_RPCGEN=fs_rpc.h -c fs-xdrt.c -o rpc.o         # rpcgen's side
     gcc -fplugin=idlstub -c fs-xdrt.c -o ours.o              # idlstub's
     gcc ours.o rpc.o fs_xdr.o -lidlrt -ltirpc -pthread && ./a.out

   The program is compiled twice.  With XDRT_RPCGEN it includes the
   header rpcgen made from the exported .x file and, per operation,
   fills rpcgen's C types (its argument struct, its result) with values
   drawn from a seed and encodes them with rpcgen's xdr_ routines.
   Without it, it includes the interface's own header, and per
   operation draws the same values from the same seed into the
   operation's C types (the same draws in the same order: the elements
   of the .x declaration, member by member) and:

   1. calls the operation's client stub through a co-located binding
      whose server is a relay (the fixed part below): the relay takes
      the request message the stub built, encodes it with the runtime's
      interpreter (onc-xdr.c) and compares the bytes with rpcgen's
      encoding of the same values; decodes rpcgen's bytes into a
      server's private message and runs the real dispatcher on it,
      whose implementation (generated here) checks every argument it
      receives against the draws; encodes the dispatcher's reply and
      compares it with rpcgen's encoding of the result values; decodes
      rpcgen's result back into the reply message the stub reads, and
      the client checks every out value against the draws.  Byte
      equality with rpcgen after the same values went in is the wire
      compatibility; the checks on both sides are the message layout's.
   2. feeds hostile bytes to the decoders (every truncation of valid
      arguments and results, every word replaced by edge values, random
      bytes): each must fail or produce a message the dispatcher
      accepts, and nothing may crash (run it under ASan or valgrind).

   It prints a line per operation and exits with 0 only when every
   check passed.  An operation XDR cannot express is left out (the .x
   leaves it out too) and must be marked unsupported in the table.  */

#include "gcc-compat.h"
#include "model.h"
#include "testgen.h"
#include "xdr.h"
#include "xdr-testgen.h"

extern const char idl_xdr_testgen_prelude[];
extern const char idl_xdr_testgen_main[];
extern const char idl_xdr_testgen_tail[];
extern const char idl_xdr_testgen_main_fn[];

namespace xdrt {

/* rpcgen's C for a .x scalar, and its xdr_ routine's name.  */
static const char *const scalar_map[][3] = {
  { "char", "char", "xdr_char" },
  { "unsigned char", "u_char", "xdr_u_char" },
  { "short", "short", "xdr_short" },
  { "unsigned short", "u_short", "xdr_u_short" },
  { "int", "int", "xdr_int" },
  { "unsigned int", "u_int", "xdr_u_int" },
  { "hyper", "quad_t", "xdr_quad_t" },
  { "unsigned hyper", "u_quad_t", "xdr_u_quad_t" },
  { "bool", "bool_t", "xdr_bool" },
  { "float", "float", "xdr_float" },
  { "double", "double", "xdr_double" },
};

std::string
rpc_ctype (const std::string &xtype)
{
  for (auto &m : scalar_map)
    if (xtype == m[0])
      return m[1];
  return xtype;
}

std::string
rpc_proc (const std::string &xtype)
{
  for (auto &m : scalar_map)
    if (xtype == m[0])
      return m[2];
  return "xdr_" + xtype;
}

static const char *
scalar_xname (enum xdr_kind k)
{
  static const char *const names[] = {
    "char", "unsigned char", "short", "unsigned short", "int",
    "unsigned int", "", "hyper", "unsigned hyper", "bool", "float",
    "double"
  };
  return names[k];
}

std::string
gen::arg_lv (const plan &p, int k)
{
  if (!rpc)
    return "a->e" + std::to_string (k);
  if (p.o->args.size () == 1)
    return "(*a)";
  return "a->arg" + std::to_string (k + 1);
}

std::string
gen::res_lv (const plan &p, int k)
{
  if (!rpc)
    return "w->e" + std::to_string (k);
  if (!p.o->res_struct)
    return "(*w)";
  return "w->" + p.o->results[k].member;
}

/* Draw (or check) scalar LV.  */
void
gen::leaf (enum xdr_kind kind, const std::string &lv, int ind)
{
  switch (kind)
    {
    case XDR_BOOL:
      if (check)
	put (ind, "xdrt_expect (!!(" + lv + ") == ((xdrt_next (r) & 1) != 0), "
	     "\"" + lv + "\");");
      else
	store (lv, "(xdrt_next (r) & 1) != 0", ind);
      break;
    case XDR_FLOAT:
    case XDR_DOUBLE:
      {
	std::string bits = kind == XDR_FLOAT ? "uint32_t" : "uint64_t";
	put (ind, "{");
	put (ind + 1, bits + " b_ = (" + bits + ") xdrt_next (r);");
	if (check)
	  put (ind + 1, "xdrt_expect (memcmp (&(" + lv + "), &b_, sizeof b_) "
	       "== 0, \"" + lv + "\");");
	else
	  put (ind + 1, "memcpy (&(" + lv + "), &b_, sizeof b_);");
	put (ind, "}");
	break;
      }
    default:
      if (check)
	put (ind, "xdrt_expect ((" + lv + ") == (__typeof__ (" + lv
	     + ")) xdrt_next (r), \"" + lv + "\");");
      else
	store (lv, "(__typeof__ (" + lv + ")) xdrt_next (r)", ind);
    }
}

/* LV = VALUE.  On our side LV may be a const or volatile member of a
   record (C11 6.3.2.1p1: a record with a const member is no modifiable
   lvalue either), so the value is made in a local of LV's type and
   copied; rpcgen's types have no qualifiers.  */
void
gen::store (const std::string &lv, const std::string &value, int ind)
{
  if (rpc)
    put (ind, lv + " = " + value + ";");
  else
    put (ind, "{ __typeof__ (" + lv + ") v_ = " + value + "; "
	 "memcpy ((void *) &(" + lv + "), (const void *) &v_, sizeof v_); }");
}

/* Draw (or check) every leaf of LV, of fixed type T.  */
void
gen::fixed (const xdr_type *t, const std::string &lv, int ind)
{
  switch (t->kind)
    {
    case XDR_OPAQUE_FIXED:
    case XDR_ARRAY_FIXED:
      {
	std::string i = "i" + std::to_string (loops++);
	put (ind, "for (unsigned " + i + " = 0; " + i + " < "
	     + std::to_string ((ull) t->n) + "; " + i + "++)");
	put (ind, "  {");
	if (t->kind == XDR_OPAQUE_FIXED)
	  leaf (XDR_UCHAR, lv + "[" + i + "]", ind + 2);
	else
	  fixed (t->elem, lv + "[" + i + "]", ind + 2);
	put (ind, "  }");
	loops--;
	break;
      }
    case XDR_STRUCT:
      for (const xdr_field &f : t->fields)
	fixed (f.type, lv + "." + member (f.name), ind);
      break;
    default:
      leaf (t->kind, lv, ind);
    }
}

/* rpcgen's C type of a var array's element T.  */
std::string
gen::rpc_elem_ctype (const xdr_type *t)
{
  if (t->scalar_p () && t->kind != XDR_ENUM)
    return rpc_ctype (scalar_xname (t->kind));
  return s.names.at (t);
}

void
gen::string_elem (const plan &, const xdr_elem &e, const std::string &lv,
		  const std::string &store, int ind)
{
  std::string max = std::to_string ((ull) e.type->n);
  put (ind, "{");
  put (ind + 1, "size_t n_ = xdrt_count (r, " + max + ");");
  if (rpc && !check)
    put (ind + 1, lv + " = " + store + ";");
  if (check)
    {
      put (ind + 1, "size_t g_ = strnlen ((const char *) " + lv + ", " + max
	   + " + 1);");
      put (ind + 1, "xdrt_expect (g_ == n_, \"strlen (" + lv + ")\");");
      put (ind + 1, "for (size_t i_ = 0; i_ < n_; i_++)");
      put (ind + 1, "  {");
      put (ind + 1, "    char c_ = xdrt_char (r);");
      put (ind + 1, "    if (i_ < g_)");
      put (ind + 1, "      xdrt_expect (" + lv + "[i_] == c_, \"" + lv
	   + "[i]\");");
      put (ind + 1, "  }");
    }
  else
    {
      put (ind + 1, "for (size_t i_ = 0; i_ < n_; i_++)");
      put (ind + 1, "  " + lv + "[i_] = xdrt_char (r);");
      put (ind + 1, lv + "[n_] = 0;");
    }
  put (ind, "}");
}

void
gen::buffer_elem (const plan &, const xdr_spelled_elem &se,
		  const std::string &lv, const std::string &n,
		  const std::string &store, int ind)
{
  const xdr_type *t = se.e->type;
  std::string el = lv;
  put (ind, "{");
  put (ind + 1, "size_t n_ = (size_t) (" + n + ");");
  if (rpc)
    {
      el = lv + "." + se.type + "_val";
      if (check)
	{
	  /* rpcgen's array as decoded: its length, then no more
	     elements than it holds.  */
	  put (ind + 1, "xdrt_expect (" + lv + "." + se.type + "_len == n_, \""
	       + lv + " length\");");
	  put (ind + 1, "if (" + lv + "." + se.type + "_len < n_)");
	  put (ind + 1, "  n_ = " + lv + "." + se.type + "_len;");
	}
      else
	{
	  put (ind + 1, lv + "." + se.type + "_len = n_;");
	  put (ind + 1, el + " = " + store + ";");
	}
    }
  put (ind + 1, "for (size_t j_ = 0; j_ < n_; j_++)");
  put (ind + 1, "  {");
  if (t->kind == XDR_OPAQUE_VAR)
    leaf (XDR_UCHAR, "((unsigned char *) " + el + ")[j_]", ind + 3);
  else
    fixed (t->elem, el + "[j_]", ind + 3);
  put (ind + 1, "  }");
  put (ind, "}");
}

/* The draws of one message of P: counts first, then lengths, then every
   other element in wire order (testgen.cc draws the same way).  */
void
gen::walk (const plan &p, bool results)
{
  const std::vector<xdr_spelled_elem> &els = results ? p.o->results
					       : p.o->args;
  const idl_operation *op = p.op;
  std::string side = results ? "r" : "a";
  auto is_count = [&] (int param)
    { return param >= 0 && p.count_of.count (param); };
  auto is_length = [&] (int param)
    { return param >= 0 && p.length_of.count (param); };
  auto count_lv = [&] (int buffer)
    { return arg_lv (p, p.arg_of.at (op->params[buffer].size_param)); };

  if (!results)
    for (unsigned k = 0; k < els.size (); k++)
      if (is_count (els[k].e->param))
	{
	  int c = els[k].e->param;
	  unsigned HOST_WIDE_INT bound = HOST_WIDE_INT_M1U;
	  tree m = TYPE_MAX_VALUE (op->params[c].value.type);
	  if (m && tree_fits_uhwi_p (m))
	    bound = tree_to_uhwi (m);
	  for (int b : p.count_of.at (c))
	    bound = MIN (bound, op->params[b].max);
	  std::string lv = arg_lv (p, k);
	  std::string draw = "xdrt_count (r, " + std::to_string ((ull) bound)
			     + "ULL)";
	  if (check)
	    put (1, "xdrt_expect ((" + lv + ") == (__typeof__ (" + lv + ")) "
		 + draw + ", \"" + lv + "\");");
	  else
	    put (1, lv + " = (__typeof__ (" + lv + ")) " + draw + ";");
	}
  for (unsigned k = 0; k < els.size (); k++)
    if (is_length (els[k].e->param))
      {
	int l = els[k].e->param;
	std::string bound = "(uint64_t) (__typeof__ (" + (results
			    ? res_lv (p, k) : arg_lv (p, k)) + ")) -1";
	tree m = TYPE_MAX_VALUE (op->params[l].value.type);
	if (m && tree_fits_uhwi_p (m))
	  bound = std::to_string ((ull) tree_to_uhwi (m)) + "ULL";
	for (int b : p.length_of.at (l))
	  bound = "xdrt_min (" + bound + ", (uint64_t) " + count_lv (b) + ")";
	std::string lv = results ? res_lv (p, k) : arg_lv (p, k);
	std::string draw = "xdrt_count (r, " + bound + ")";
	if (check)
	  put (1, "xdrt_expect ((" + lv + ") == (__typeof__ (" + lv + ")) "
	       + draw + ", \"" + lv + "\");");
	else
	  put (1, lv + " = (__typeof__ (" + lv + ")) " + draw + ";");
      }
  for (unsigned k = 0; k < els.size (); k++)
    {
      const xdr_elem &e = *els[k].e;
      if (is_count (e.param) || is_length (e.param))
	continue;
      std::string lv = results ? res_lv (p, k) : arg_lv (p, k);
      std::string store = "xdrt_v" + std::to_string (p.k) + side
			  + std::to_string (k);
      if (e.type->kind == XDR_STRING)
	string_elem (p, e, lv, store, 1);
      else if (e.type->kind == XDR_OPAQUE_VAR
	       || e.type->kind == XDR_ARRAY_VAR)
	{
	  const idl_param &bp = op->params[e.param];
	  std::string n = bp.length_param >= 0
			  ? (results ? res_lv (p, p.res_of.at (bp.length_param))
			     : arg_lv (p, p.arg_of.at (bp.length_param)))
			  : count_lv (e.param);
	  buffer_elem (p, els[k], lv, n, store, 1);
	}
      else if (rpc && (e.type->kind == XDR_OPAQUE_FIXED
		       || e.type->kind == XDR_ARRAY_FIXED))
	/* The one-member struct the .x wraps an array in.  */
	fixed (e.type, lv + "." + xdr_escape (e.name), 1);
      else
	fixed (e.type, lv, 1);
    }
}

std::string
rpc_arg_type (const xdr_spelled_op &o)
{
  return o.args.empty () ? "char" : o.args.size () == 1
	 ? rpc_ctype (o.args[0].type) : o.prefix + "_argument";
}

std::string
rpc_res_type (const xdr_spelled_op &o)
{
  return o.results.empty () ? "char" : rpc_ctype (o.res_type);
}

std::string
rpc_arg_proc (const xdr_spelled_op &o)
{
  return o.args.empty () ? "" : o.args.size () == 1
	 ? rpc_proc (o.args[0].type) : "xdr_" + o.prefix + "_argument";
}

std::string
rpc_res_proc (const xdr_spelled_op &o)
{
  return o.results.empty () ? "" : rpc_proc (o.res_type);
}

} // namespace xdrt

using namespace xdrt;

namespace {

/* The C type of element E of OP in the interface's own header, as a
   declaration of NAME.  */
std::string
c_field (const idl_operation *op, const xdr_elem &e, const std::string &name)
{
  if (e.param < 0)
    return idl_c_declaration (TREE_TYPE (TREE_TYPE (op->decl)), name, true);
  const idl_param &p = op->params[e.param];
  std::string max = std::to_string ((ull) (p.max ? p.max : 1));
  switch (p.kind)
    {
    case IDL_KIND_STRING:
      return "char " + name + "[" + std::to_string ((ull) p.max + 1) + "]";
    case IDL_KIND_BUFFER:
      if (VOID_TYPE_P (TREE_TYPE (p.type)))
	return "unsigned char " + name + "[" + max + "]";
      return idl_c_declaration (TREE_TYPE (p.type), name + "[" + max + "]",
				true);
    case IDL_KIND_BLOCK:
      {
	tree t = p.by_pointer ? TREE_TYPE (p.type) : p.type;
	if (TYPE_MAIN_VARIANT (t) != p.block_type)
	  t = p.block_type;
	return idl_c_declaration (t, name, true);
      }
    default:
      return idl_c_declaration (p.by_pointer ? TREE_TYPE (p.type) : p.type,
				name, true);
    }
}

std::string
param_decl (const idl_param &p)
{
  return idl_c_declaration (p.type, "p" + std::to_string (p.index), false);
}

/* The prototype of OP's implementation, parameters named p1, p2...  */
std::string
impl_prototype (const idl_operation *op)
{
  std::string proto = op->returns_value ()
		      ? idl_c_declaration (TREE_TYPE (TREE_TYPE (op->decl)), "",
					   true) : "void";
  proto += "\n" + std::string (op->name ()) + "_impl (idl_call_t *call";
  for (unsigned i = 0; i < op->nargs (); i++)
    proto += ", " + param_decl (op->params[i]);
  return proto + ")";
}

/* Our side of operation P: the values' structs, and the functions
   that draw them and check them.  */
void
emit_values (gen &g, const plan &p)
{
  const idl_operation *op = p.op;
  std::string K = std::to_string (p.k);
  const std::vector<xdr_spelled_elem> &A = p.o->args, &R = p.o->results;
  g.rpc = false;

  g.out += "\nstruct xdrt_a" + K + "\n{\n";
  for (unsigned k = 0; k < A.size (); k++)
    g.put (1, c_field (op, *A[k].e, "e" + std::to_string (k)) + ";");
  g.out += "  char unused_;\n};\n\nstruct xdrt_r" + K + "\n{\n";
  for (unsigned k = 0; k < R.size (); k++)
    g.put (1, c_field (op, *R[k].e, "e" + std::to_string (k)) + ";");
  g.out += "  char unused_;\n};\n";

  for (int chk = 0; chk < 2; chk++)
    for (int results = 0; results < 2; results++)
      {
	g.check = chk;
	g.out += "\nstatic void __attribute__ ((__unused__))\nxdrt_"
		 + std::string (chk ? "check" : "fill") + (results ? "_r" : "_a")
		 + K + " (struct xdrt_a" + K + " *a, struct xdrt_r" + K
		 + " *w, uint64_t seed)\n{\n  xdrt_rng_t rr, *r = &rr;\n\n"
		 "  (void) a;\n  (void) w;\n  xdrt_seed (r, seed, "
		 + std::to_string (results + 1) + ");\n";
	g.walk (p, results);
	g.out += "}\n";
      }
  g.check = false;
}

/* Our side's implementation of operation P: it copies what arrived
   into the values' struct, checks it against the draws, and answers
   with the result's draws.  */
void
emit_impl (gen &g, const plan &p)
{
  const idl_operation *op = p.op;
  std::string K = std::to_string (p.k);
  const std::vector<xdr_spelled_elem> &A = p.o->args, &R = p.o->results;
  std::string proto = impl_prototype (op);
  g.out += "\n" + proto + "\n{\n";
  g.put (1, "struct xdrt_a" + K + " *a = xdrt_alloc (sizeof *a);");
  g.put (1, "struct xdrt_r" + K + " *w = xdrt_alloc (sizeof *w);");
  if (op->returns_value ())
    g.put (1, idl_c_declaration (TREE_TYPE (TREE_TYPE (op->decl)), "ret",
				 true) + ";");
  g.put (1, "(void) call;");
  g.put (1, "xdrt_impl_begin (" + K + ", " + std::to_string ((ull) op->iface->id)
	 + "u, " + std::to_string (op->number) + ", \"" + p.name + "\");");
  /* What arrived: values first, then buffers (their counts known).  */
  for (int pass = 0; pass < 2; pass++)
    for (unsigned k = 0; k < A.size (); k++)
      {
	const idl_param &q = op->params[A[k].e->param];
	std::string f = "a->e" + std::to_string (k);
	std::string pn = "p" + std::to_string (q.index);
	if ((q.kind == IDL_KIND_BUFFER) != (pass == 1))
	  continue;
	switch (q.kind)
	  {
	  case IDL_KIND_SCALAR:
	    g.put (1, f + " = " + (q.by_pointer ? "*" : "") + pn + ";");
	    break;
	  case IDL_KIND_BLOCK:
	    g.put (1, "memcpy (&" + f + ", " + (q.by_pointer ? "" : "&") + pn
		   + ", sizeof " + f + ");");
	    break;
	  case IDL_KIND_STRING:
	    g.put (1, "xdrt_copy_string (" + f + ", (const char *) " + pn
		   + ", sizeof " + f + ");");
	    break;
	  default:
	    {
	      std::string n = q.length_param >= 0
			      ? "a->e" + std::to_string (p.arg_of.at
							 (q.length_param))
			      : "a->e" + std::to_string (p.arg_of.at
							 (q.size_param));
	      g.put (1, "xdrt_copy_buffer (" + f + ", (const void *) " + pn
		     + ", (size_t) " + n + ", sizeof " + f + "[0], sizeof "
		     + f + ");");
	    }
	  }
      }
  g.put (1, "if (!xdrt_lenient)");
  g.put (1, "  {");
  g.put (1, "    xdrt_check_a" + K + " (a, w, xdrt_cur_seed);");
  g.put (1, "    xdrt_fill_r" + K + " (a, w, xdrt_cur_seed);");
  /* What goes back.  */
  for (unsigned k = 0; k < R.size (); k++)
    {
      const xdr_elem &e = *R[k].e;
      std::string f = "w->e" + std::to_string (k);
      if (e.param < 0)
	{
	  /* A record result may have const members: copied.  */
	  g.put (3, "memcpy ((void *) &ret, &" + f + ", sizeof ret);");
	  continue;
	}
      const idl_param &q = op->params[e.param];
      std::string pn = "p" + std::to_string (q.index);
      switch (q.kind)
	{
	case IDL_KIND_SCALAR:
	  g.put (3, "*" + pn + " = " + f + ";");
	  break;
	case IDL_KIND_BLOCK:
	  g.put (3, "memcpy ((void *) " + pn + ", &" + f + ", sizeof " + f
		 + ");");
	  break;
	case IDL_KIND_STRING:
	  g.put (3, "memcpy ((void *) " + pn + ", " + f + ", strlen (" + f
		 + ") + 1);");
	  break;
	default:
	  {
	    std::string n = q.length_param >= 0
			    ? "w->e" + std::to_string (p.res_of.at
						       (q.length_param))
			    : "a->e" + std::to_string (p.arg_of.at
						       (q.size_param));
	    g.put (3, "memcpy ((void *) " + pn + ", " + f + ", (size_t) " + n
		   + " * sizeof " + f + "[0]);");
	  }
	}
    }
  g.put (1, "  }");
  if (op->returns_value ())
    g.put (1, "else\n    memset (&ret, 0, sizeof ret);");
  g.put (1, "free (a);\n  free (w);");
  if (op->returns_value ())
    g.put (1, "return ret;");
  g.out += "}\n";
}

/* Our side's client of operation P: it calls the stub with the
   arguments' draws and checks what came back against the result's.  */
void
emit_client (gen &g, const plan &p)
{
  const idl_operation *op = p.op;
  std::string K = std::to_string (p.k);
  g.out += "\nstatic void\nxdrt_call" + K + " (idl_binding_t *b, uint64_t "
	   "seed)\n{\n";
  g.put (1, "struct xdrt_a" + K + " *a = xdrt_alloc (sizeof *a);");
  g.put (1, "struct xdrt_r" + K + " *w = xdrt_alloc (sizeof *w);");
  g.put (1, "xdrt_fill_a" + K + " (a, w, seed);");
  std::string args;
  for (unsigned i = 0; i < op->nargs (); i++)
    {
      const idl_param &q = op->params[i];
      int ak = p.arg_of.count (i) ? p.arg_of.at (i) : -1;
      int rk = p.res_of.count (i) ? p.res_of.at (i) : -1;
      std::string fa = "a->e" + std::to_string (ak);
      std::string fr = "w->e" + std::to_string (rk);
      bool array = q.kind == IDL_KIND_STRING || q.kind == IDL_KIND_BUFFER;
      args += ", ";
      if (!array && !q.by_pointer)
	{
	  args += fa;
	  continue;
	}
      if (rk < 0)
	{
	  args += "(void *) " + std::string (array ? "" : "&") + fa;
	  continue;
	}
      if (ak >= 0)
	/* Inout: the sent value, where the returned one will go.  */
	g.put (1, "memcpy (&" + fr + ", &" + fa + ", sizeof " + fa + ");");
      args += "(void *) " + std::string (array ? "" : "&") + fr;
    }
  if (op->returns_value ())
    g.store ("w->e0", p.name + " (b" + args + ")", 1);
  else
    g.put (1, p.name + " (b" + args + ");");
  g.put (1, "if (xdrt_expect_ok (b))");
  g.put (1, "  xdrt_check_r" + K + " (a, w, seed);");
  g.put (1, "free (a);\n  free (w);");
  g.out += "}\n";
}

/* rpcgen's side of operation P: fill its argument and result, encode
   them with rpcgen's routines.  */
void
emit_rpcgen (gen &g, const plan &p)
{
  const xdr_spelled_op &o = *p.o;
  std::string K = std::to_string (p.k);
  g.rpc = true;
  g.check = false;
  std::string at = rpc_arg_type (o), rt = rpc_res_type (o);
  std::string aproc = rpc_arg_proc (o), rproc = rpc_res_proc (o);

  /* Storage for what rpcgen's types point to.  */
  for (int results = 0; results < 2; results++)
    {
      const std::vector<xdr_spelled_elem> &els = results ? o.results : o.args;
      for (unsigned k = 0; k < els.size (); k++)
	{
	  const xdr_type *t = els[k].e->type;
	  std::string store = "xdrt_v" + K + (results ? "r" : "a")
			      + std::to_string (k);
	  if (t->kind == XDR_STRING)
	    g.out += "static char " + store + "["
		     + std::to_string ((ull) t->n + 1) + "];\n";
	  else if (t->kind == XDR_OPAQUE_VAR)
	    g.out += "static char " + store + "["
		     + std::to_string ((ull) (t->n ? t->n : 1)) + "];\n";
	  else if (t->kind == XDR_ARRAY_VAR)
	    g.out += "static " + g.rpc_elem_ctype (t->elem) + " " + store + "["
		     + std::to_string ((ull) (t->n ? t->n : 1)) + "];\n";
	}
    }
  for (int results = 0; results < 2; results++)
    {
      g.out += "\nstatic void\nxdrt_rfill_" + std::string (results ? "r" : "a")
	       + K + " (" + at + " *a, " + rt + " *w, uint64_t seed)\n{\n"
	       "  xdrt_rng_t rr, *r = &rr;\n\n  (void) a;\n  (void) w;\n"
	       "  xdrt_seed (r, seed, " + std::to_string (results + 1) + ");\n";
      g.walk (p, results);
      g.out += "}\n";
    }
  g.out += "\nint\nxdrt_rpc_args" + K + " (uint64_t seed, XDR *x)\n{\n"
	   "  static " + at + " a;\n  static " + rt + " w;\n\n"
	   "  memset (&a, 0, sizeof a);\n  xdrt_rfill_a" + K
	   + " (&a, &w, seed);\n  return "
	   + (aproc.empty () ? "1" : aproc + " (x, &a)") + ";\n}\n";
  g.out += "\nint\nxdrt_rpc_res" + K + " (uint64_t seed, XDR *x)\n{\n"
	   "  static " + at + " a;\n  static " + rt + " w;\n\n"
	   "  memset (&a, 0, sizeof a);\n  memset (&w, 0, sizeof w);\n"
	   "  xdrt_rfill_a" + K + " (&a, &w, seed);\n  xdrt_rfill_r" + K
	   + " (&a, &w, seed);\n  return "
	   + (rproc.empty () ? "1" : rproc + " (x, &w)") + ";\n}\n";
}

} // anon namespace

std::string
idl_xdr_testgen (xdr_spelling &s, const std::string &header)
{
  gen g (s);
  std::vector<plan> plans;
  for (const xdr_spelled_op &o : s.ops)
    {
      plan p;
      p.o = &o;
      p.op = o.x.op;
      p.k = plans.size ();
      p.name = p.op->name ();
      for (unsigned i = 0; i < p.op->params.size (); i++)
	{
	  const idl_param &q = p.op->params[i];
	  if (q.kind != IDL_KIND_BUFFER)
	    continue;
	  p.count_of[q.size_param].push_back (i);
	  if (q.length_param >= 0)
	    p.length_of[q.length_param].push_back (i);
	}
      for (unsigned k = 0; k < o.args.size (); k++)
	if (o.args[k].e->param >= 0)
	  p.arg_of[o.args[k].e->param] = k;
      for (unsigned k = 0; k < o.results.size (); k++)
	if (o.results[k].e->param >= 0)
	  p.res_of[o.results[k].e->param] = k;
      plans.push_back (p);
    }

  std::string q = "\"";
  for (char c : header)
    {
      if (c == '"' || c == '\\')
	q += '\\';
      q += c;
    }
  q += "\"";
  g.out = "/* Generated by idlstub's XDR test generator "
	  "(-fplugin-arg-idlstub-xdr-testgen)\n   from " + header
	  + "; do not edit.  Compile it twice, with and without\n"
	  "   -DXDRT_RPCGEN=rpcgen's header (see plugin/xdr-testgen.cc)."
	  "  */\n\n#define _GNU_SOURCE 1\n#include <stdint.h>\n"
	  "#include <stdarg.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
	  "#include <string.h>\n"
	  "#include <rpc/rpc.h>\n\n#define XDRT_NPLANS "
	  + std::to_string (plans.empty () ? 1 : plans.size ())
	  + "\n#define XDRT_UDP_CAP " + std::to_string (udp_cap) + "\n";
  g.out += idl_xdr_testgen_prelude;

  /* XDRT_RPCGEN names rpcgen's header, unquoted (no quotes to get
     through the shells between a test driver and the compiler).  */
  g.out += "\n#ifdef XDRT_RPCGEN\n\n#define XDRT_STR_(x) #x\n"
	   "#define XDRT_STR(x) XDRT_STR_ (x)\n#include XDRT_STR (XDRT_RPCGEN)"
	   "\n\n";
  for (const plan &p : plans)
    emit_rpcgen (g, p);
  emit_rpcgen_net (g, plans);

  g.out += "\n#else /* !XDRT_RPCGEN */\n\n#include " + q + "\n"
	   "#include \"onc-xdr.h\"\n\n";
  for (const plan &p : plans)
    g.out += "int xdrt_rpc_args" + std::to_string (p.k)
	     + " (uint64_t, XDR *);\nint xdrt_rpc_res" + std::to_string (p.k)
	     + " (uint64_t, XDR *);\n";
  std::vector<idl_interface *> ifaces;
  for (idl_interface *iface : idl_interfaces)
    if (!iface->ops.empty ())
      {
	ifaces.push_back (iface);
	g.out += "IDL_SERVER (" + iface->name + ");\n";
      }
  g.out += idl_xdr_testgen_main;
  for (const plan &p : plans)
    {
      g.rpc = false;
      emit_values (g, p);
      emit_impl (g, p);
      emit_client (g, p);
    }

  /* Operations XDR cannot express: an implementation the dispatcher
     needs, which must never run.  */
  for (idl_interface *iface : ifaces)
    for (idl_operation *op : iface->ops)
      {
	bool listed = false;
	for (const plan &p : plans)
	  listed |= p.op == op;
	if (listed)
	  continue;
	g.out += "\n" + impl_prototype (op) + "\n{\n  (void) call;\n";
	for (unsigned i = 0; i < op->nargs (); i++)
	  g.out += "  (void) p" + std::to_string (op->params[i].index) + ";\n";
	g.out += "  xdrt_never (\"" + std::string (op->name ()) + "\");\n";
	if (op->returns_value ())
	  g.out += "  {\n    static " + idl_c_declaration
		   (TREE_TYPE (TREE_TYPE (op->decl)), "r_", true)
		   + ";\n    return r_;\n  }\n";
	g.out += "}\n";
      }

  g.out += "\nstatic const struct xdrt_iface xdrt_ifaces[] = {\n";
  for (idl_interface *iface : ifaces)
    g.out += "  { \"" + iface->name + "\", &" + iface->name + ", "
	     + iface->name + "_dispatch },\n";
  g.out += "};\n\nstatic const struct xdrt_op xdrt_ops[] = {\n";
  for (const plan &p : plans)
    {
      unsigned i = std::find (ifaces.begin (), ifaces.end (), p.op->iface)
		   - ifaces.begin ();
      std::string K = std::to_string (p.k);
      g.out += "  { \"" + p.name + "\", " + std::to_string (i) + ", "
	       + std::to_string (p.op->number) + ", xdrt_call" + K
	       + ", xdrt_rpc_args" + K + ", xdrt_rpc_res" + K + " },\n";
    }
  g.out += "};\n\n";
  /* Every operation the table should mark unsupported.  */
  g.out += "static const struct { unsigned iface, number; } "
	   "xdrt_unsupported[] = {\n";
  for (unsigned i = 0; i < ifaces.size (); i++)
    for (idl_operation *op : ifaces[i]->ops)
      {
	bool listed = false;
	for (const plan &p : plans)
	  listed |= p.op == op;
	if (!listed)
	  g.out += "  { " + std::to_string (i) + ", "
		   + std::to_string (op->number) + " },\n";
      }
  g.out += "  { ~0u, 0 }\n};\n";
  g.out += idl_xdr_testgen_tail;
  emit_our_net (g, plans);
  g.out += idl_xdr_testgen_main_fn;
  g.out += "\n#endif /* !XDRT_RPCGEN */\n";
  return g.out;
}
