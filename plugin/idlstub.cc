/* idlstub.cc -- plugin entry point: options, callbacks, the pass.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idlstub turns annotated C prototypes (see <idlstub.h>) into RPC stubs
   while GCC compiles: client stubs for the operations a file calls, and
   for IDL_SERVER (iface) server stubs and a jump-table dispatcher.

   Usage:
     gcc -fplugin=idlstub [-fplugin-arg-idlstub-OPTION...] file.c -lidlrt

   Options:
     -fplugin-arg-idlstub-help           list these options
     -fplugin-arg-idlstub-inline=auto    let GCC decide where client
					 stubs are inlined (the default)
     -fplugin-arg-idlstub-inline=always  inline client stubs at every call,
					 even in code GCC thinks runs once

     -fplugin-arg-idlstub-mode=fast      specialized stubs for each
					 operation (the default)
     -fplugin-arg-idlstub-mode=compact   a table per operation and one
					 engine in the runtime: smaller
					 code, more instructions per call
					 (compact-tables.cc)

     -fplugin-arg-idlstub-dump           write the pass's dump file,
					 FILE.NNNi.idlstub: the interface
					 model, message layouts and every
					 generated body (-fdump-ipa-all
					 includes it; GCC 12 rejects
					 -fdump-ipa-idlstub, see gcc-compat.h)

     -fplugin-arg-idlstub-testgen=FILE   write FILE: a regression test
					 program that serves and calls every
					 operation of the translation unit
					 with random values (testgen.cc)
     -fplugin-arg-idlstub-testgen-header=NAME
					 the header FILE includes ("fs.h",
					 or <fs.h> as given); the file that
					 declares the first operation by
					 default

     -fplugin-arg-idlstub-xdr=FILE       write FILE: the translation
					 unit's interfaces as an rpcgen .x
					 file, for peers built by rpcgen
					 (xdr-export.cc)
     -fplugin-arg-idlstub-xdr-testgen=FILE
					 write FILE: a program that checks
					 the runtime's XDR codecs against
					 rpcgen's, value by value
					 (xdr-testgen.cc)

   The pipeline, one file per stage (paper 000, 5.3):
     attributes.cc  annotations -> validated interface model (model.cc),
		    with parameters.cc, operations.cc and op-uses.cc;
		    pch.cc after a precompiled header
     layout.cc      model -> register-packed message layouts
     abi.cc         layouts -> the runtime's calling convention
     pass.cc        all of it -> GIMPLE, in the "idlstub" IPA pass:
		    client-stub.cc, server-stub.cc, dispatcher.cc,
		    direct-call.cc (fast mode, on gimple-builder.cc and
		    marshal.cc); or compact-client.cc, compact-server.cc
		    (compact mode, on compact-tables.cc)
     xdr.cc         layouts -> XDR descriptions and codec programs,
		    onc.cc puts them in the descriptor (calls between
		    machines, ONC RPC)
   HACKING, "The plugin", maps them.  */

#include "gcc-compat.h"
#include "plugin-version.h"
#include "model.h"
#include "testgen.h"
#include "xdr.h"
#include "impl-check.h"
#include "diag.h"

int plugin_is_GPL_compatible;

extern bool idl_always_inline;
extern bool idl_compact_mode;
static bool want_dump;
extern vec<tree, va_gc> *idl_kept_trees;
opt_pass *make_idlstub_pass (gcc::context *ctxt);

static const char help_text[] =
  "idlstub: RPC stubs generated from annotated C prototypes.\n"
  "  -fplugin-arg-idlstub-help           list these options\n"
  "  -fplugin-arg-idlstub-inline=auto    inline client stubs where GCC "
  "finds it pays (default)\n"
  "  -fplugin-arg-idlstub-inline=always  inline client stubs at every "
  "call\n"
  "  -fplugin-arg-idlstub-mode=fast      specialized stubs (default)\n"
  "  -fplugin-arg-idlstub-mode=compact   per-operation tables and the "
  "runtime's engine:\n"
  "                                      smaller code, slower calls\n"
  "  -fplugin-arg-idlstub-dump           write FILE.NNNi.idlstub: the "
  "interface model,\n"
  "                                      layouts and generated bodies\n"
  "  -fplugin-arg-idlstub-testgen=FILE   write FILE, a program that tests "
  "every operation\n"
  "  -fplugin-arg-idlstub-testgen-header=NAME  what FILE includes "
  "(the first operation's file)\n"
  "  -fplugin-arg-idlstub-xdr=FILE       write FILE, the interfaces as an "
  "rpcgen .x file\n"
  "  -fplugin-arg-idlstub-xdr-testgen=FILE  write FILE, a test of the XDR "
  "codecs against rpcgen\n";

static struct plugin_info idlstub_info = {
  "0.1",			/* version */
  help_text			/* help */
};

static const struct ggc_root_tab idlstub_roots[] = {
  { &idl_kept_trees, 1, sizeof (idl_kept_trees),
    &gt_ggc_mx_vec_tree_va_gc_, &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* When the front end is done (or, without IPA passes, at the end):
   the IDL_OPs GCC dropped (op-uses.cc).  */
static void
report_unapplied (void *, void *)
{
  idl_report_unapplied_ops ();
  /* The implementations a server file lacks (impl-check.cc): only
     once the whole unit is parsed is a missing one known.  */
  idl_check_implementations ();
}

/* Errors reported when the IPA passes start (an IDL_OP GCC dropped,
   the test generator's) come after GCC decided to run them: the
   passes that lower and build SSA are gated off by an error, and a
   later one then fails its check of the properties it requires, an
   internal compiler error ("confused by earlier errors").  After such
   an error no pass runs, and GCC stops as it would have after an
   error while parsing.  */
static bool late_errors;

static void
note_late_errors (void *, void *)
{
  late_errors = seen_error ();
}

static void
gate_after_late_errors (void *gcc_data, void *)
{
  if (late_errors)
    *(bool *) gcc_data = false;
}

/* Parse -fplugin-arg-idlstub-*; false after an error.  */
static bool
parse_arguments (const struct plugin_name_args *info)
{
  bool ok = true;
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;
      if (strcmp (key, "help") == 0)
	fputs (help_text, stderr);
      else if (strcmp (key, "dump") == 0)
	{
	  if (value)
	    {
	      error ("%<-fplugin-arg-idlstub-dump%> takes no value");
	      ok = false;
	    }
	  want_dump = true;
	}
      else if (strcmp (key, "inline") == 0)
	{
	  if (value && strcmp (value, "always") == 0)
	    idl_always_inline = true;
	  else if (value && strcmp (value, "auto") == 0)
	    idl_always_inline = false;
	  else
	    {
	      error ("%<-fplugin-arg-idlstub-inline%> takes %<auto%> or "
		     "%<always%>, not %qs", value ? value : "");
	      ok = false;
	    }
	}
      else if (strcmp (key, "mode") == 0)
	{
	  if (value && strcmp (value, "compact") == 0)
	    idl_compact_mode = true;
	  else if (value && strcmp (value, "fast") == 0)
	    idl_compact_mode = false;
	  else
	    {
	      error ("%<-fplugin-arg-idlstub-mode%> takes %<fast%> or "
		     "%<compact%>, not %qs", value ? value : "");
	      ok = false;
	    }
	}
      else if (strcmp (key, "xdr") == 0 || strcmp (key, "xdr-testgen") == 0)
	{
	  if (!value || !*value)
	    {
	      error ("%<-fplugin-arg-idlstub-%s%> needs a value: %<-fplugin-"
		     "arg-idlstub-%s=FILE%>", key, key);
	      ok = false;
	    }
	  else if (strcmp (key, "xdr") == 0)
	    idl_xdr_file = value;
	  else
	    idl_xdr_testgen_file = value;
	}
      else if (strcmp (key, "testgen") == 0
	       || strcmp (key, "testgen-header") == 0)
	{
	  bool header = strcmp (key, "testgen-header") == 0;
	  if (!value || !*value)
	    {
	      error ("%<-fplugin-arg-idlstub-%s%> needs a value: %<-fplugin-"
		     "arg-idlstub-%s=%s%>", key, key, header ? "NAME" : "FILE");
	      ok = false;
	    }
	  else if (header)
	    idl_testgen_header = value;
	  else
	    idl_testgen_file = value;
	}
      else if (const char *close = idl_closest_option (key))
	{
	  error ("unknown option %<-fplugin-arg-idlstub-%s%>; did you mean "
		 "%<-fplugin-arg-idlstub-%s%>?", key, close);
	  ok = false;
	}
      else
	{
	  error ("unknown option %<-fplugin-arg-idlstub-%s%>; "
		 "%<-fplugin-arg-idlstub-help%> lists the options", key);
	  ok = false;
	}
    }
  if (ok && idl_testgen_header && !idl_testgen_file)
    {
      error ("%<-fplugin-arg-idlstub-testgen-header%> names the header of "
	     "the test program; it needs %<-fplugin-arg-idlstub-testgen="
	     "FILE%>");
      ok = false;
    }
  return ok;
}

int
plugin_init (struct plugin_name_args *info,
	     struct plugin_gcc_version *version)
{
  /* The plugin sees GCC's internal data structures: it must be built
     against the very GCC that loads it.  */
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("idlstub was built for GCC %s and cannot be loaded by "
	     "GCC %s; rebuild it with this compiler",
	     gcc_version.basever, version->basever);
      return 1;
    }
  if (!parse_arguments (info))
    return 1;

  const char *name = info->base_name;
  register_callback (name, PLUGIN_INFO, NULL, &idlstub_info);
  register_callback (name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) idlstub_roots);
  register_callback (name, PLUGIN_ATTRIBUTES, idl_register_attributes, NULL);
  register_callback (name, PLUGIN_FINISH_DECL, idl_finish_decl, NULL);
  register_callback (name, PLUGIN_PRE_GENERICIZE, idl_pre_genericize, NULL);
  register_callback (name, PLUGIN_FINISH_PARSE_FUNCTION,
		     idl_finish_parse_function, NULL);
  /* IDL_ONC_PROGRAM (onc.cc).  */
  register_callback (name, PLUGIN_ATTRIBUTES, idl_onc_register_attributes,
		     NULL);
  register_callback (name, PLUGIN_FINISH_DECL, idl_onc_finish_decl, NULL);
  /* The model again after a precompiled header (pch.cc).  */
  idl_pch_init ();
  /* IDL_OPs that GCC dropped (op-uses.cc).  */
  register_callback (name, PLUGIN_PRAGMAS, idl_register_pragmas, NULL);

  /* Before "visibility": after parsing, before SSA and inlining, so the
     stubs are optimized and inlined like user code and -flto streams
     them (pass.cc).  */
  struct register_pass_info pass;
  pass.pass = make_idlstub_pass (g);
  pass.reference_pass_name = "visibility";
  pass.ref_pass_instance_number = 1;
  pass.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
  if (want_dump)
    idl_enable_pass_dump ("ipa-idlstub");
  /* GCC calls an event's callbacks in the reverse order of their
     registration.  Last when the IPA passes start: whether any of the
     others reported an error.  */
  register_callback (name, PLUGIN_ALL_IPA_PASSES_START, note_late_errors,
		     NULL);
  register_callback (name, PLUGIN_OVERRIDE_GATE, gate_after_late_errors,
		     NULL);
  if (idl_testgen_file)
    idl_testgen_init (name);
  if (idl_xdr_file || idl_xdr_testgen_file)
    idl_xdr_export_init (name);
  /* Before the test generator's and the .x export's callbacks: after
     such an error they write no file.  */
  register_callback (name, PLUGIN_ALL_IPA_PASSES_START, report_unapplied,
		     NULL);
  register_callback (name, PLUGIN_FINISH, report_unapplied, NULL);
  return 0;
}
