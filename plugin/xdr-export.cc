/* xdr-export.cc -- the interfaces as an rpcgen .x file.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

     gcc -fplugin=idlstub -fplugin-arg-idlstub-xdr=calc.x \
	 -S -o /dev/null -x c calc.h
     rpcgen -N calc.x

   writes the translation unit's interfaces as an rpcgen .x file:
   a program per interface (its ONC program number and version, xdr.cc),
   a procedure per operation XDR can express, of the operation's
   number, and the structs and enums they use.  rpcgen -N (several
   arguments per procedure) then builds peers whose wire format is
   idlstub's own: the runtime's codecs and the .x come from the same
   descriptions (xdr.cc).  An operation XDR cannot express is left out,
   with a comment saying why.

   How a C declaration is spelled:

     - arguments are the in and inout parameters in order, so a
       procedure of several takes several (rpcgen -N); a string, a
       buffer or an array parameter has a typedef of its own,
       OPNAME_PARAM, and an array one is a struct of one member (rpcgen
       cannot pass a C array by value; the struct is the same bytes on
       the wire);
     - the result is the return value, then the out and inout
       parameters: one of them is returned as itself, more as
       "struct OPNAME_res", members named after the parameters and
       "result" for the return value;
     - a struct or enum keeps its C name (its tag, else its typedef
       name); an array of arrays gets a typedef for its element (XDR has
       no array of arrays), the C typedef's name where there is one;
     - names that rpcgen reserves (program, version, string...) get an
       underscore appended; a clash gets a number.

   Written when the IPA passes start, before free_lang_data drops
   typedef names (-flto), or at the end for -fsyntax-only, as the
   regression-test generator does (testgen.cc).

   BUGS: one translation unit per FILE (each compilation rewrites it).  */

#include "gcc-compat.h"
#include "model.h"
#include "xdr.h"

const char *idl_xdr_file;
const char *idl_xdr_testgen_file;

namespace {

typedef unsigned long long ull;

/* Words rpcgen's grammar or its C output reserves.  */
const char *const reserved[] = {
  "bool", "case", "char", "const", "default", "double", "enum", "float",
  "hyper", "int", "long", "opaque", "program", "quadruple", "short",
  "string", "struct", "switch", "typedef", "union", "unsigned", "version",
  "void", "TRUE", "FALSE"
};

bool
reserved_p (const std::string &s)
{
  for (const char *r : reserved)
    if (s == r)
      return true;
  return false;
}

} // anon namespace

std::string
xdr_escape (const std::string &s)
{
  return reserved_p (s) ? s + "_" : s;
}

namespace {

std::string
escape (const std::string &s)
{
  return xdr_escape (s);
}

std::string
upper (const std::string &s)
{
  std::string u = s;
  for (char &c : u)
    c = TOUPPER (c);
  return u;
}

std::string
lower (const std::string &s)
{
  std::string u = s;
  for (char &c : u)
    c = TOLOWER (c);
  return u;
}

/* The spelling under construction.  */
class speller
{
public:
  speller (xdr_spelling &s) : s (s) {}
  void run ();

private:
  xdr_spelling &s;
  std::map<std::string, bool> used;
  std::map<const xdr_type *, bool> declared;
  /* The typedef made for each string, buffer or array parameter: an
     inout one's argument and result share it.  */
  std::map<std::pair<const idl_operation *, int>, std::string> made;
  std::string types, elem_types, results, programs;

  std::string unique (const std::string &base);
  const std::string &name_of (const xdr_type *t, const std::string &hint);
  std::string scalar_name (const xdr_type *t);
  std::string type_name (const xdr_type *t, const std::string &hint);
  std::string decl (const xdr_type *t, const std::string &name,
		    const std::string &hint);
  void declare (const xdr_type *t, const std::string &hint);
  std::string elem_type (const xdr_spelled_op &o, const xdr_elem &e);
  void spell_op (xdr_spelled_op &o, const std::string &version);
};

std::string
speller::unique (const std::string &base)
{
  std::string n = escape (base);
  for (int k = 2; used.count (n); k++)
    n = escape (base) + "_" + std::to_string (k);
  used[n] = true;
  return n;
}

/* The .x name of struct, enum or array type T, made on first use from
   its C name, else from HINT.  */
const std::string &
speller::name_of (const xdr_type *t, const std::string &hint)
{
  auto it = s.names.find (t);
  if (it != s.names.end ())
    return it->second;
  return s.names[t] = unique (t->cname.empty () ? hint : t->cname);
}

std::string
speller::scalar_name (const xdr_type *t)
{
  switch (t->kind)
    {
    case XDR_CHAR: return "char";
    case XDR_UCHAR: return "unsigned char";
    case XDR_SHORT: return "short";
    case XDR_USHORT: return "unsigned short";
    case XDR_INT: return "int";
    case XDR_UINT: return "unsigned int";
    case XDR_HYPER: return "hyper";
    case XDR_UHYPER: return "unsigned hyper";
    case XDR_BOOL: return "bool";
    case XDR_FLOAT: return "float";
    case XDR_DOUBLE: return "double";
    default: gcc_unreachable ();
    }
}

/* The name a declaration uses for T as a whole (an array's needs a
   typedef, made here).  */
std::string
speller::type_name (const xdr_type *t, const std::string &hint)
{
  if (t->scalar_p () && t->kind != XDR_ENUM)
    return scalar_name (t);
  declare (t, hint);
  return name_of (t, hint);
}

/* "T NAME", "opaque NAME[N]", "T NAME<MAX>" for a member or typedef
   NAME of type T; HINT names what needs a name.  */
std::string
speller::decl (const xdr_type *t, const std::string &name,
	       const std::string &hint)
{
  switch (t->kind)
    {
    case XDR_OPAQUE_FIXED:
      return "opaque " + name + "[" + std::to_string ((ull) t->n) + "]";
    case XDR_ARRAY_FIXED:
      return type_name (t->elem, hint + "_elem") + " " + name + "["
	     + std::to_string ((ull) t->n) + "]";
    case XDR_STRING:
      return "string " + name + "<" + std::to_string ((ull) t->n) + ">";
    case XDR_OPAQUE_VAR:
      return "opaque " + name + "<" + std::to_string ((ull) t->n) + ">";
    case XDR_ARRAY_VAR:
      return type_name (t->elem, hint + "_elem") + " " + name + "<"
	     + std::to_string ((ull) t->n) + ">";
    default:
      return type_name (t, hint) + " " + name;
    }
}

/* Declare T (a struct, an enum, an array used as an element) once,
   after what it uses.  */
void
speller::declare (const xdr_type *t, const std::string &hint)
{
  if (declared.count (t))
    return;
  declared[t] = true;
  std::string text;
  if (t->kind == XDR_ENUM)
    {
      const std::string &n = name_of (t, hint);
      text = "enum " + n + " {";
      for (unsigned i = 0; i < t->values.size (); i++)
	{
	  long long v = t->values[i].second;
	  char num[32];
	  snprintf (num, sizeof num, v > 0x7fffffff ? "0x%llx" : "%lld", v);
	  text += std::string (i ? "," : "") + "\n\t" + t->values[i].first
		  + " = " + num;
	}
      text += "\n};\n\n";
    }
  else if (t->kind == XDR_STRUCT)
    {
      const std::string n = name_of (t, hint);
      std::string body;
      for (const xdr_field &f : t->fields)
	body += "\t" + decl (f.type, escape (f.name), n + "_" + f.name)
		+ ";\n";
      text = "struct " + n + " {\n" + body + "};\n\n";
    }
  else
    {
      /* An array as another array's element.  */
      const std::string n = name_of (t, hint);
      text = "typedef " + decl (t, n, n) + ";\n\n";
    }
  types += text;
}

/* The type of element E of operation O: its own type, or a typedef
   (strings, buffers) or one-member struct (arrays) made for it.  */
std::string
speller::elem_type (const xdr_spelled_op &o, const xdr_elem &e)
{
  const xdr_type *t = e.type;
  std::string hint = std::string (o.x.op->name ()) + "_" + e.name;
  switch (t->kind)
    {
    case XDR_STRING:
    case XDR_OPAQUE_VAR:
    case XDR_ARRAY_VAR:
    case XDR_OPAQUE_FIXED:
    case XDR_ARRAY_FIXED:
      {
	auto key = std::make_pair (o.x.op, e.param);
	auto it = made.find (key);
	if (it != made.end ())
	  return it->second;
	std::string n = unique (hint);
	made[key] = n;
	if (t->kind == XDR_OPAQUE_FIXED || t->kind == XDR_ARRAY_FIXED)
	  elem_types += "struct " + n + " {\n\t"
			+ decl (t, escape (e.name), n) + ";\n};\n\n";
	else
	  elem_types += "typedef " + decl (t, n, n) + ";\n\n";
	return n;
      }
    default:
      return type_name (t, hint + "_t");
    }
}

void
speller::spell_op (xdr_spelled_op &o, const std::string &version)
{
  const idl_operation *op = o.x.op;
  o.proc = unique (upper (op->name ()));
  o.prefix = lower (o.proc) + "_" + version;
  used[o.prefix + "_argument"] = true;
  for (const xdr_elem &e : o.x.args)
    o.args.push_back (xdr_spelled_elem { &e, elem_type (o, e), "" });
  for (const xdr_elem &e : o.x.results)
    o.results.push_back (xdr_spelled_elem { &e, elem_type (o, e), "" });
  o.res_struct = o.results.size () > 1;
  if (o.results.empty ())
    o.res_type = "void";
  else if (!o.res_struct)
    o.res_type = o.results[0].type;
  else
    {
      o.res_type = unique (std::string (op->name ()) + "_res");
      std::map<std::string, bool> members;
      for (const xdr_elem &e : o.x.results)
	if (e.param >= 0)
	  members[escape (e.name)] = true;
      std::string body;
      for (xdr_spelled_elem &r : o.results)
	{
	  std::string m = escape (r.e->name);
	  if (r.e->param < 0)
	    while (members.count (m))
	      m += "_";
	  r.member = m;
	  body += "\t" + r.type + " " + m + ";\n";
	}
      results += "struct " + o.res_type + " {\n" + body + "};\n\n";
    }

  std::string args;
  for (const xdr_spelled_elem &a : o.args)
    args += (args.empty () ? "" : ", ") + a.type;
  programs += "\t\t" + o.res_type + " " + o.proc + " ("
	      + (args.empty () ? "void" : args) + ") = "
	      + std::to_string (op->number) + ";"
	      + (op->oneway ? "\t/* one-way: no reply */" : "") + "\n";
}

void
speller::run ()
{
  for (const char *r : reserved)
    used[r] = true;
  for (idl_interface *iface : idl_interfaces)
    {
      std::vector<idl_operation *> ops (iface->ops.begin (),
					iface->ops.end ());
      std::sort (ops.begin (), ops.end (),
		 [] (const idl_operation *a, const idl_operation *b)
		 { return a->number < b->number; });
      std::string version = std::to_string ((ull) idl_onc_version (iface));
      std::string procs, skipped;
      std::string prog = unique (upper (iface->name) + "_PROG");
      std::string vers = unique (upper (iface->name) + "_VERS");
      programs.clear ();
      for (idl_operation *op : ops)
	{
	  xdr_op x = s.cx.describe (op);
	  if (!x.supported)
	    {
	      /* "*" and "/" cannot end the comment: the reason names
		 types.  */
	      std::string why = x.why;
	      for (size_t k; (k = why.find ("*/")) != std::string::npos; )
		why.replace (k, 2, "* /");
	      skipped += "\t\t/* " + std::string (op->name ()) + " ("
			 + std::to_string (op->number)
			 + "): not expressible in XDR: " + why + " */\n";
	      continue;
	    }
	  s.ops.emplace_back ();
	  s.ops.back ().x = x;
	  spell_op (s.ops.back (), version);
	}
      if (programs.empty ())
	{
	  s.text += "/* Interface " + iface->name + " has no operation XDR "
		    "can express.  */\n\n";
	  continue;
	}
      char num[32];
      snprintf (num, sizeof num, "0x%llx", (ull) idl_onc_program (iface));
      procs += "program " + prog + " {\n\tversion " + vers + " {\n"
	       + programs + skipped + "\t} = " + version + ";\n} = " + num
	       + ";\t/* interface " + iface->name + ", id "
	       + std::to_string ((ull) iface->id) + " */\n\n";
      s.text += procs;
    }
  s.text = types + elem_types + results + s.text;
}

/* The .x file's first lines.  */
std::string
preamble ()
{
  std::string from;
  for (idl_interface *iface : idl_interfaces)
    if (!iface->ops.empty ())
      {
	from = DECL_SOURCE_FILE (iface->ops[0]->decl);
	break;
      }
  return "/* Generated by idlstub (-fplugin-arg-idlstub-xdr) from " + from
	 + ";\n   do not edit.  Build peers with rpcgen -N: a procedure's "
	 "arguments are the\n   operation's in and inout parameters, its "
	 "result the return value and\n   the out and inout parameters.  */"
	 "\n\n";
}

bool written;

void
write_file (const char *file, const std::string &text, const char *option)
{
  FILE *f = fopen (file, "w");
  if (!f || fputs (text.c_str (), f) < 0 || fclose (f) != 0)
    error ("%<-fplugin-arg-idlstub-%s%>: cannot write %qs: %m", option,
	   file);
}

void
write_outputs ()
{
  if (written || in_lto_p || seen_error ())
    return;
  written = true;
  xdr_spelling s;
  idl_xdr_spell (s);
  if (idl_xdr_file)
    write_file (idl_xdr_file, preamble () + s.text, "xdr");
  if (idl_xdr_testgen_file)
    {
      std::string header;
      for (idl_interface *iface : idl_interfaces)
	if (!iface->ops.empty ())
	  {
	    header = DECL_SOURCE_FILE (iface->ops[0]->decl);
	    break;
	  }
      if (header.empty ())
	{
	  error ("%<-fplugin-arg-idlstub-xdr-testgen%>: this translation "
		 "unit declares no operation to test");
	  return;
	}
      /* The program calls every operation from file scope, as the
	 test generator's does (testgen.cc).  */
      bool reachable = true;
      for (idl_interface *iface : idl_interfaces)
	for (idl_operation *op : iface->ops)
	  if (op->in_block || decl_function_context (iface->decl))
	    {
	      error_at (op->loc, "%<-fplugin-arg-idlstub-xdr-testgen%>: "
			"operation %qD is declared in a block, where the test "
			"program cannot call it", op->decl);
	      reachable = false;
	    }
      if (!reachable)
	return;
      write_file (idl_xdr_testgen_file, idl_xdr_testgen (s, header),
		  "xdr-testgen");
    }
}

void
export_ipa_start (void *, void *)
{
  write_outputs ();
}

void
export_finish (void *, void *)
{
  write_outputs ();
  if (seen_error () && !in_lto_p)
    {
      if (idl_xdr_file)
	unlink (idl_xdr_file);
      if (idl_xdr_testgen_file)
	unlink (idl_xdr_testgen_file);
    }
}

} // anon namespace

void
idl_xdr_spell (xdr_spelling &s)
{
  speller (s).run ();
}

void
idl_xdr_export_init (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		     export_ipa_start, NULL);
  register_callback (plugin_name, PLUGIN_FINISH, export_finish, NULL);
}
