/* pass.cc -- stage 4: the "idlstub" pass, which emits every stub.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The pass "idlstub" is a simple IPA pass that runs right before
   "visibility", i.e. after the front end finished and before GCC builds
   SSA, inlines early or analyses anything: bodies given to functions
   here are lowered, put into SSA, inlined and optimized like the user's
   own code (paper 000, 4.3.2-4.3.3: compile-time evaluation and
   inlining; paper 003, section 6: optimal stubs need the compiler's own
   code generation).  It is an IPA pass rather than a PLUGIN_FINISH_UNIT
   hook because that one runs after the callers were compiled, and it
   sits before "visibility" so that -flto streams the new bodies
   (GCC-NOTES.md).  -fdump-ipa-idlstub shows the model, the layouts and
   every body built.

   For each interface it:

     1. fills in the interface descriptor's fields (model.cc) once
	more, now that every operation is known, and the table of
	operations;
     2. gives a body to the prototype of every operation this file
	calls without defining it: a client stub (client-stub.cc, or
	compact-client.cc in compact mode);
     3. in the file with IDL_SERVER, builds the dispatcher and the
	server stubs (dispatcher.cc and server-stub.cc, or
	compact-server.cc), and in fast mode the table of
	implementations for co-located calls (direct-call.cc).

   This is the only file that knows both modes; the emitters of each
   know nothing of the other, nor of the pass.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"
#include "abi.h"
#include "gimple-builder.h"
#include "fast-stubs.h"
#include "compact-stubs.h"

/* -fplugin-arg-idlstub-mode=compact (idlstub.cc).  */
bool idl_compact_mode;

/* Does this translation unit call (or take the address of) FNDECL
   without defining it?  */
static bool
needs_client_stub (tree fndecl)
{
  cgraph_node *node = cgraph_node::get (fndecl);
  if (!node || node->definition)
    return false;
  return node->callers != NULL || node->ref_list.referring.length () > 0;
}

/* The model as the pass sees it, for the dump: each interface, how its
   dispatcher dispatches, each operation's layouts and tags.  */
static void
dump_model (FILE *file)
{
  for (idl_interface *iface : idl_interfaces)
    {
      fprintf (file, "interface %s: id 0x%lx, version %lu, signature "
	       "0x%016lx%s%s\n", iface->name.c_str (),
	       (unsigned long) iface->id, (unsigned long) iface->version,
	       (unsigned long) iface->signature,
	       iface->dispatcher ? ", dispatcher " : "",
	       iface->dispatcher
	       ? IDENTIFIER_POINTER (DECL_NAME (iface->dispatcher)) : "");
      if (iface->dispatcher && !idl_compact_mode)
	{
	  std::vector<int> slot = dispatch_table (iface);
	  if (!slot.empty ())
	    {
	      unsigned slots = slot.size ();
	      fprintf (file, "  dispatch: a table of %u slots, operation "
		       "number & %u; empty:", slots, slots - 1);
	      for (unsigned i = 0; i < slots; i++)
		if (slot[i] < 0)
		  fprintf (file, " %u", i);
	      fputc ('\n', file);
	    }
	  else
	    fprintf (file, "  dispatch: a switch on the operation number\n");
	}
      for (idl_operation *op : iface->ops)
	{
	  idl_dump_layout (file, op);
	  fprintf (file, "  request tag 0x%016lx",
		   (unsigned long) idl_request_tag (op));
	  if (!op->oneway)
	    fprintf (file, ", reply tag 0x%016lx",
		     (unsigned long) idl_reply_tag (op));
	  fputc ('\n', file);
	}
    }
}

static void
dump_body (FILE *file, const char *what, tree fn)
{
  fprintf (file, "\n;; %s\n", what);
  dump_function_to_file (fn, file, TDF_NONE);
}

static unsigned int
execute_idlstub (void)
{
  if (seen_error ())
    return 0;
  for (idl_interface *iface : idl_interfaces)
    {
      idl_fill_descriptor (iface);
      idl_emit_ops_table (iface);
    }
  if (dump_file)
    dump_model (dump_file);

  for (idl_interface *iface : idl_interfaces)
    {
      for (idl_operation *op : iface->ops)
	if (needs_client_stub (op->decl))
	  {
	    if (idl_compact_mode)
	      idl_emit_compact_client_stub (op);
	    else
	      emit_client_stub (op);
	    if (dump_file)
	      dump_body (dump_file, "client stub", op->decl);
	  }
      if (iface->dispatcher && !cgraph_node::get_create
	  (iface->dispatcher)->definition)
	{
	  std::vector<tree> stubs;
	  /* (Compact clients' co-located calls take the message path:
	     no table of implementations, and fast clients of a compact
	     server do the same.)  */
	  if (!iface->ops.empty () && !idl_compact_mode)
	    emit_direct_table (iface);
	  if (idl_compact_mode)
	    idl_emit_compact_dispatcher (iface, stubs);
	  else
	    emit_dispatcher (iface, stubs);
	  if (dump_file)
	    {
	      for (tree stub : stubs)
		dump_body (dump_file, idl_compact_mode ? "thunk"
			   : "server stub", stub);
	      dump_body (dump_file, "dispatcher", iface->dispatcher);
	    }
	}
    }
  return 0;
}

namespace {

const pass_data idlstub_pass_data = {
  SIMPLE_IPA_PASS,		/* type */
  "idlstub",			/* name: -fdump-ipa-idlstub */
  OPTGROUP_NONE,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  0,				/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class idlstub_pass : public simple_ipa_opt_pass
{
public:
  idlstub_pass (gcc::context *ctxt)
    : simple_ipa_opt_pass (idlstub_pass_data, ctxt)
  {
  }
  unsigned int execute (function *) final override
  {
    return execute_idlstub ();
  }
};

} // anon namespace

opt_pass *
make_idlstub_pass (gcc::context *ctxt)
{
  return new idlstub_pass (ctxt);
}
