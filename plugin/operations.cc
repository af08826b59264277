/* operations.cc -- stage 1: declarations -> the interface model.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The declaration callbacks: PLUGIN_FINISH_DECL sees every declaration
   the front end completes.  An interface descriptor (IDL_INTERFACE)
   gets its model; a prototype with IDL_OP becomes an operation of its
   interface, each parameter classified (parameters.cc) and its message
   layouts computed (layout.cc), a redeclaration compared with the first
   declaration; a function NAME_impl is checked against operation NAME,
   as the server's implementation.  PLUGIN_PRE_GENERICIZE refuses a body
   for an operation or a dispatcher, which the plugin defines.  Every
   error is reported before giving up, so that one compilation shows
   all of a prototype's mistakes.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"
#include "abi.h"
#include "attributes.h"
#include "xdr.h"
#include "impl-check.h"
#include "diag.h"

/* Every message's tag names its interface by id alone: a second
   interface with IFACE's id in one unit is an error, with a note at the
   first, so that a header cannot give two interfaces messages that look
   alike (issue 17).  Two programs built from different headers can
   still clash; the handshake compares the interfaces' names too
   (runtime/handshake.c).  */
static void
check_unique_id (const idl_interface *iface)
{
  for (const idl_interface *other : idl_interfaces)
    if (other->id == iface->id)
      {
	auto_diagnostic_group d;
	error_at (DECL_SOURCE_LOCATION (iface->decl), "interface %qD reuses "
		  "id %wx of interface %qD; give each interface an id of "
		  "its own", iface->decl, iface->id, other->decl);
	inform (DECL_SOURCE_LOCATION (other->decl), "%qD has id %wx",
		other->decl, other->id);
	return;
      }
}

/* The model of interface descriptor VAR, created on first sight.  */
static idl_interface *
interface_model (tree var)
{
  if (idl_interface *iface = idl_find_interface (var))
    return iface;
  tree attr = idl_attr ("idl_interface", var);
  tree args = TREE_VALUE (attr);
  idl_interface *iface = new idl_interface ();
  iface->decl = var;
  iface->name = IDENTIFIER_POINTER (DECL_NAME (var));
  iface->id = tree_to_uhwi (idl_strip_attribute_arg (TREE_VALUE (args)));
  iface->version
    = tree_to_uhwi (idl_strip_attribute_arg (TREE_VALUE (TREE_CHAIN (args))));
  iface->dispatcher = NULL_TREE;
  iface->signature = 0;
  idl_model_keep (var);
  /* The IPA pass completes the initializer (the table of operations,
     model.cc): no read of the descriptor may be folded from the
     incomplete one meanwhile, so it is not a constant to GCC, though
     nothing ever writes it.  */
  TREE_READONLY (var) = 0;
  check_unique_id (iface);
  idl_interfaces.push_back (iface);
  idl_fill_descriptor (iface);
  idl_interface_recorded (iface);
  return iface;
}

/* The interface variable of attribute arguments ARGS (IDL_OP's,
   IDL_SERVER's).  */
static tree
interface_of (tree args)
{
  tree var = idl_strip_attribute_arg (TREE_VALUE (args));
  if (TREE_CODE (var) == ADDR_EXPR)
    var = TREE_OPERAND (var, 0);
  return var;
}

/* OP redeclares PREV: the annotations must say the same.  */
static void
compare_redeclaration (const idl_operation *op, const idl_operation *prev)
{
  auto_diagnostic_group d;
  location_t loc = DECL_SOURCE_LOCATION (op->decl);
  bool same = true;
  if (op->iface != prev->iface || op->number != prev->number)
    {
      error_at (loc, "operation %qD redeclared as number %u of %qs; it was "
		"number %u of %qs", op->decl, op->number,
		op->iface->name.c_str (), prev->number,
		prev->iface->name.c_str ());
      same = false;
    }
  else if (op->oneway != prev->oneway)
    {
      error_at (loc, "operation %qD redeclared %s %<IDL_ONEWAY%>", op->decl,
		op->oneway ? "with" : "without");
      same = false;
    }
  else if (op->fails != prev->fails
	   || (op->fails == IDL_FAILS_VALUE
	       && !tree_int_cst_equal (op->fail_value, prev->fail_value)))
    {
      error_at (loc, "operation %qD redeclared with another failure value "
		"(%<IDL_FAILS%>, %<IDL_FAILS_ERRNO%>) than its first "
		"declaration", op->decl);
      same = false;
    }
  else
    for (unsigned i = 0; i < op->params.size () && i < prev->params.size ();
	 i++)
      {
	const idl_param &a = op->params[i], &b = prev->params[i];
	if (a.kind != b.kind || a.dir != b.dir || a.by_pointer != b.by_pointer
	    || a.max != b.max || a.size_param != b.size_param
	    || a.length_param != b.length_param || a.typical != b.typical)
	  {
	    error_at (DECL_SOURCE_LOCATION (a.decl), "parameter %qD of "
		      "operation %qD is annotated differently than in its "
		      "first declaration", a.decl, op->decl);
	    same = false;
	    break;
	  }
      }
  if (!same)
    inform (prev->loc, "%qD first declared here", prev->decl);
}

/* Names of functions <idlrt.h> and <idlstub.h> declare (recorded as
   they are declared, idl_finish_decl), and of the C library's that
   stubs call or GCC may emit calls to.  An operation of one of these
   names would have its stub call itself.  */
static hash_set<tree> runtime_names;

static bool
runtime_name_p (tree name)
{
  for (const char *libc : { "memcpy", "memmove", "memset", "memcmp",
			    "strnlen", "strlen", "abort" })
    if (strcmp (IDENTIFIER_POINTER (name), libc) == 0)
      return true;
  return runtime_names.contains (name);
}

/* Is DECL declared in <idlrt.h>, <idlrt-abi.h> or <idlstub.h>?  */
static bool
runtime_header_decl_p (tree decl)
{
  const char *file = DECL_SOURCE_FILE (decl);
  if (!file)
    return false;
  const char *base = lbasename (file);
  return (strcmp (base, "idlrt.h") == 0 || strcmp (base, "idlrt-abi.h") == 0
	  || strcmp (base, "idlstub.h") == 0);
}

/* A chain of unnamed, artificial PARM_DECLs for the parameters of
   FNTYPE, at LOC.  */
static tree
artificial_parameters (tree fntype, location_t loc)
{
  tree parms = NULL_TREE, *tail = &parms;
  for (tree a = TYPE_ARG_TYPES (fntype); a && !VOID_TYPE_P (TREE_VALUE (a));
       a = TREE_CHAIN (a))
    {
      tree p = build_decl (loc, PARM_DECL, NULL_TREE, TREE_VALUE (a));
      DECL_ARG_TYPE (p) = TREE_VALUE (a);
      DECL_ARTIFICIAL (p) = 1;
      idl_model_keep (p);
      *tail = p;
      tail = &DECL_CHAIN (p);
    }
  return parms;
}


/* What the declaration of operation FNDECL says besides its result and
   parameters; false after an error at LOC.  It also keeps the front
   end from warning falsely that the operation is never defined.  */
static bool
check_operation_declaration (tree fndecl, location_t loc)
{
  bool ok = true;
  tree fntype = TREE_TYPE (fndecl);
  if (stdarg_p (fntype))
    {
      error_at (loc, "operation %qD is variadic; the plugin must know "
		"the type of every parameter", fndecl);
      ok = false;
    }
  if (TREE_THIS_VOLATILE (fndecl))
    {
      error_at (loc, "operation %qD is declared %<noreturn%>; a remote call "
		"returns to its caller, if only to report a failed call",
		fndecl);
      ok = false;
    }
  if (runtime_name_p (DECL_NAME (fndecl)))
    {
      /* Its stub would call itself where it means the runtime's or the
	 C library's function.  */
      error_at (loc, "operation %qD has the name of a function that the "
		"stubs call, in the idlstub runtime or the C library; give "
		"it another name", fndecl);
      ok = false;
    }
  /* The plugin defines the operation's stub: the front end's warnings
     for a static function used but never defined (it checks
     DECL_EXTERNAL and nothing else), and for an inline one declared
     but never defined, would be false (every stub is inline:
     prepare_client_stub).  */
  if (!TREE_PUBLIC (fndecl))
    {
      DECL_EXTERNAL (fndecl) = 0;
      TREE_STATIC (fndecl) = 1;
      suppress_warning (fndecl, OPT_Wunused);
    }
  DECL_DECLARED_INLINE_P (fndecl) = 0;
  return ok;
}

/* 1. A new operation FNDECL (at LOC, number NUMBER of IFACE, one-way
   if ONEWAY), its result classified; *OK is false after an error.  */
static idl_operation *
start_operation (tree fndecl, location_t loc, idl_interface *iface,
		 unsigned number, bool oneway, bool *ok)
{
  idl_operation *op = new idl_operation ();
  op->decl = fndecl;
  op->loc = loc;
  op->iface = iface;
  op->number = number;
  op->oneway = oneway;
  op->impl = NULL_TREE;
  /* A block-scope extern declaration has no DECL_CONTEXT to say so.  */
  op->in_block = current_function_decl != NULL_TREE;

  /* The result: a scalar, a record (add_record_result, after the
     parameters), or nothing.  */
  tree ret = TREE_TYPE (TREE_TYPE (fndecl));
  op->has_result = !VOID_TYPE_P (ret) && idl_classify_scalar (ret,
							      &op->result);
  if (!VOID_TYPE_P (ret) && !op->has_result
      && !RECORD_OR_UNION_TYPE_P (ret))
    {
      error_at (loc, "operation %qD returns %qT, which cannot cross a "
		"process boundary yet", fndecl, ret);
      *ok = false;
    }
  return op;
}

/* 2. Name the unnamed PARM_DECLs of chain PARMS after their position,
   so that a message says which one it is rather than "({anonymous})";
   returns them, to be unnamed again (record_operation).  */
static std::vector<tree>
name_unnamed_parameters (tree parms)
{
  std::vector<tree> named;
  for (tree p = parms; p; p = DECL_CHAIN (p))
    if (!DECL_NAME (p))
      {
	char buf[32];
	snprintf (buf, sizeof buf, "<parameter %u>",
		  (unsigned) (list_length (parms) - list_length (p) + 1));
	DECL_NAME (p) = get_identifier (buf);
	named.push_back (p);
      }
  return named;
}

/* 3. OP's parameters: the PARM_DECLs PARMS (names, locations, direction
   attributes) walked with the prototype's types, the first the binding
   and each other classified into OP->params, with what its count and
   length refer to in REFS; false after an error.  */
static bool
classify_parameters (idl_operation *op, tree parms,
		     std::vector<buffer_refs> &refs)
{
  tree fndecl = op->decl;
  tree fntype = TREE_TYPE (fndecl);
  location_t loc = op->loc;
  bool ok = true;
  rdwr_map access;
  init_attr_rdwr_indices (&access, TYPE_ATTRIBUTES (fntype));
  idl_current_parms = parms;
  /* A parameter of type void (GCC only warns) would end the walk below
     as the list's end does, and the operation would silently lose it
     and every parameter after it.  */
  unsigned vi = 0;
  tree vparm = parms;
  for (tree a = TYPE_ARG_TYPES (fntype); a;
       a = TREE_CHAIN (a), vi++, vparm = vparm ? DECL_CHAIN (vparm) : vparm)
    if (VOID_TYPE_P (TREE_VALUE (a)) && a != void_list_node)
      {
	error_at (vparm ? DECL_SOURCE_LOCATION (vparm) : loc,
		  "parameter %u of operation %qD has type %<void%>, which "
		  "carries no value", vi + 1, fndecl);
	return false;
      }
  tree parm = parms;
  unsigned index = 0;
  for (tree argtype = TYPE_ARG_TYPES (fntype);
       argtype && !VOID_TYPE_P (TREE_VALUE (argtype));
       argtype = TREE_CHAIN (argtype), index++)
    {
      tree type = TREE_VALUE (argtype);
      tree decl = parm;
      if (parm)
	parm = DECL_CHAIN (parm);
      location_t ploc = decl ? DECL_SOURCE_LOCATION (decl) : loc;
      if (index == 0)
	{
	  if (!idl_pointer_to_struct_p (type, "idl_binding"))
	    {
	      error_at (ploc, "the first parameter of operation %qD must be "
			"the binding, of type %<idl_binding_t *%>", fndecl);
	      ok = false;
	    }
	  continue;
	}
      if (!decl)
	{
	  error_at (loc, "operation %qD: parameter %u has no declaration",
		    fndecl, index + 1);
	  ok = false;
	  continue;
	}
      idl_param p;
      buffer_refs r;
      /* GCC files an access specification under its size argument's
	 position too: only the pointer's own entry describes it.  */
      const attr_access *acc = access.get (index);
      if (acc && acc->ptrarg != index)
	acc = NULL;
      if (classify_parameter (decl, type, index, acc, &p, &r))
	{
	  op->params.push_back (p);
	  refs.push_back (r);
	}
      else
	ok = false;
    }
  if (index == 0)
    {
      error_at (loc, "operation %qD has no parameters; its first must be "
		"the binding, of type %<idl_binding_t *%>", fndecl);
      ok = false;
    }
  return ok;
}

/* 4. A one-way operation returns nothing; false after an error.  */
static bool
check_oneway (const idl_operation *op)
{
  if (!op->oneway)
    return true;
  bool ok = true;
  if (!VOID_TYPE_P (TREE_TYPE (TREE_TYPE (op->decl))))
    {
      error_at (op->loc, "one-way operation %qD must return %<void%>; "
		"nothing comes back to carry %qT", op->decl,
		TREE_TYPE (TREE_TYPE (op->decl)));
      ok = false;
    }
  for (const idl_param &p : op->params)
    if (p.region)
      {
	error_at (DECL_SOURCE_LOCATION (p.decl),
		  "one-way operation %qD cannot have %<IDL_REGION%> "
		  "parameter %qD; a region goes back to its caller with the "
		  "reply", op->decl,
		  p.decl);
	ok = false;
      }
    else if (p.returned ())
      {
	error_at (DECL_SOURCE_LOCATION (p.decl),
		  "one-way operation %qD cannot have %qs parameter %qD",
		  op->decl, p.dir == IDL_DIR_OUT ? "IDL_OUT" : "IDL_INOUT",
		  p.decl);
	ok = false;
      }
  return ok;
}

/* 4a. A struct or union result travels as an IDL_OUT record parameter
   would, the last of OP's parameters (idl_operation::record_result),
   at the prototype position after the last real one; false after an
   error.  */
static bool
add_record_result (idl_operation *op)
{
  tree fntype = TREE_TYPE (op->decl);
  tree ret = TREE_TYPE (fntype);
  if (op->oneway || VOID_TYPE_P (ret) || op->has_result
      || !RECORD_OR_UNION_TYPE_P (ret))
    return true;
  unsigned index = 0;
  for (tree a = TYPE_ARG_TYPES (fntype); a && !VOID_TYPE_P (TREE_VALUE (a));
       a = TREE_CHAIN (a))
    index++;
  idl_param r;
  if (!classify_record_result (op->decl, ret, index, &r))
    return false;
  op->params.push_back (r);
  return true;
}

/* 4b. What a failed call of OP returns, from its idl_fails attribute
   FAILS (a TREE_LIST whose value is IDL_FAILS's constant, or NULL for
   IDL_FAILS_ERRNO; FAILS NULL: none): a value its result can hold,
   of an integer type (a float or a record has no value that reads as
   "failed" to everyone); false after an error.  After 4a: a record
   result is no integer.  */
static bool
check_fails (idl_operation *op, tree fails)
{
  op->fails = IDL_FAILS_ZERO;
  op->fail_value = NULL_TREE;
  if (!fails)
    return true;
  tree value = TREE_VALUE (fails);
  const char *macro = value ? "IDL_FAILS" : "IDL_FAILS_ERRNO";
  tree ret = TREE_TYPE (TREE_TYPE (op->decl));
  if (op->oneway || VOID_TYPE_P (ret))
    {
      error_at (op->loc, "%qs on operation %qD, which returns nothing: "
		"only %<idl_error%> can say that a call of it failed",
		macro, op->decl);
      return false;
    }
  if (!INTEGRAL_TYPE_P (ret) || TREE_CODE (ret) == BOOLEAN_TYPE)
    {
      error_at (op->loc, "%qs on operation %qD, which returns %qT: a "
		"failure value needs an integer result", macro, op->decl,
		ret);
      return false;
    }
  if (!value)
    {
      if (TYPE_UNSIGNED (ret)
	  || TYPE_PRECISION (ret) < TYPE_PRECISION (integer_type_node))
	{
	  auto_diagnostic_group d;
	  error_at (op->loc, "%<IDL_FAILS_ERRNO%> on operation %qD, which "
		    "returns %qT: a negated errno code needs a signed result "
		    "at least as wide as %<int%>", op->decl, ret);
	  inform (op->loc, "use %<IDL_FAILS (value)%> for a value %qT can "
		  "hold", ret);
	  return false;
	}
      op->fails = IDL_FAILS_ERRNO;
      return true;
    }
  if (!int_fits_type_p (value, ret))
    {
      error_at (op->loc, "failure value %qE of operation %qD does not fit "
		"its result type %qT", value, op->decl, ret);
      return false;
    }
  op->fails = IDL_FAILS_VALUE;
  op->fail_value = fold_convert (ret, value);
  idl_model_keep (op->fail_value);
  return true;
}

/* 5. OP's number is its own in its interface; false after an error.  */
static bool
check_number (const idl_operation *op)
{
  const idl_interface *iface = op->iface;
  auto other = iface->by_number.find (op->number);
  if (other == iface->by_number.end ())
    return true;
  auto_diagnostic_group d;
  error_at (op->loc, "operation %qD reuses number %u of interface %qs",
	    op->decl, op->number, iface->name.c_str ());
  inform (DECL_SOURCE_LOCATION (other->second->decl),
	  "%qD has number %u", other->second->decl, op->number);
  return false;
}

/* 6. OP's messages laid out (layout.cc); false after an error, when
   they do not fit.  */
static bool
lay_out (idl_operation *op)
{
  if (idl_layout_operation (op))
    return idl_check_bulk_operation (op);
  unsigned nfds = MAX (op->request.nfds, op->reply.nfds);
  unsigned nregions = 0;
  for (const idl_param &p : op->params)
    nregions += p.region != 0;
  if (nfds > IDL_MAX_FDS && nregions)
    error_at (op->loc, "the messages of operation %qD carry %u descriptors "
	      "(%u of them %<IDL_REGION%> parameters, one descriptor "
	      "each); at most %d fit in one message", op->decl, nfds,
	      nregions, IDL_MAX_FDS);
  else if (nfds > IDL_MAX_FDS)
    error_at (op->loc, "the messages of operation %qD carry %u descriptors; "
	      "at most %d fit in one message", op->decl, nfds, IDL_MAX_FDS);
  else
    error_at (op->loc, "the messages of operation %qD do not fit in %d "
	      "message words and %d bytes of payload", op->decl,
	      IDL_MR_WORDS - 1, IDL_PAYLOAD_MAX);
  return false;
}

/* Check operation FNDECL (whose IDL_OP has arguments OP_ARGS) and add
   it to the model.  Every error is reported before giving up, so one
   compilation shows all of a prototype's mistakes.  The steps are
   numbered as the functions above: the declaration
   (check_operation_declaration), 1 the operation and its result, 2-3
   its parameters, 4 the one-way rules, 4a a record result, 4b its
   failure value, then a redeclaration is compared with the first, and
   a first declaration gets 5 its number and 6 its layout.  */
static void
record_operation (tree fndecl, tree op_args, bool oneway, tree fails,
		  tree parms)
{
  /* A redeclaration is checked like a first declaration, and then
     compared with it: OP_ARGS, ONEWAY, FAILS and PARMS are what it was written
     with, where FNDECL has the first declaration's parameters and the
     attributes of all.  */
  idl_operation *prev = idl_find_operation (fndecl);

  /* (A declaration spelled by a macro of <idlstub.h>: where the user
     wrote the macro.)  */
  location_t loc = user_location (DECL_SOURCE_LOCATION (fndecl));
  tree fntype = TREE_TYPE (fndecl);
  idl_interface *iface = interface_model (interface_of (op_args));
  unsigned number
    = tree_to_uhwi (idl_strip_attribute_arg (TREE_VALUE (TREE_CHAIN
							   (op_args))));
  if (!prototype_p (fntype))
    {
      auto_diagnostic_group d;
      error_at (loc, "operation %qD has no prototype", fndecl);
      inform (loc, "declare its parameters, starting with "
	      "%<idl_binding_t *%>");
      return;
    }
  if (!idl_cxx_operation_ok (fndecl, parms, loc))
    return;
  bool ok = check_operation_declaration (fndecl, loc);
  idl_operation *op = start_operation (fndecl, loc, iface, number, oneway,
				       &ok);

  /* An operation declared through a typedef of a function type has no
     PARM_DECLs: it gets artificial ones, which carry no annotation (a
     parameter that needs one is an error, with a note saying why).  */
  tree parm = parms;
  bool through_type_name = false;
  if (!parm && TYPE_ARG_TYPES (fntype)
      && !VOID_TYPE_P (TREE_VALUE (TYPE_ARG_TYPES (fntype))))
    {
      through_type_name = true;
      parm = artificial_parameters (fntype, loc);
    }
  /* The names stay until every message that may name a parameter is
     out, the redeclaration's comparison too.  */
  struct unname
  {
    std::vector<tree> v;
    ~unname () { for (tree p : v) DECL_NAME (p) = NULL_TREE; }
  } restore_names { name_unnamed_parameters (parm) };
  std::vector<buffer_refs> refs;
  if (!classify_parameters (op, parm, refs))
    ok = false;
  if (ok)
    for (unsigned i = 0; i < op->params.size (); i++)
      if (op->params[i].kind == IDL_KIND_BUFFER
	  && !resolve_buffer (op, i, refs[i]))
	ok = false;
  if (!check_oneway (op))
    ok = false;
  if (!add_record_result (op))
    ok = false;
  if (!check_fails (op, fails))
    ok = false;

  if (!prev && idl_find_operation_by_name (op->name ()))
    {
      /* GCC made a new declaration after "conflicting types": it has
	 said what is wrong.  Not so in C++, where it is an overload.  */
      idl_cxx_overload (fndecl, loc,
			idl_find_operation_by_name (op->name ())->decl);
      delete op;
      return;
    }
  if (prev)
    {
      if (ok)
	compare_redeclaration (op, prev);
      else
	inform (prev->loc, "%qD first declared here", prev->decl);
      delete op;
      return;
    }

  if (!check_number (op))
    ok = false;
  if (ok && !lay_out (op))
    ok = false;
  if (!ok)
    {
      if (through_type_name)
	inform (loc, "%qD is declared through a function type name, whose "
		"parameters cannot carry annotations; write its prototype "
		"out", fndecl);
      delete op;
      return;
    }
  idl_model_keep (fndecl);
  idl_add_operation (op);
  idl_onc_check_operation (op);
  idl_operation_recorded (op);
}

/* The parameters PLUGIN_FINISH_DECL saw since the last other
   declaration: those of the declaration being parsed, and maybe of
   its function pointer parameters (written_parameters).  */
static std::vector<tree> recent_parms;

/* DECL carries IDL_SERVER's idl_dispatcher: it is the dispatcher of
   the interface that names, and of no other.  */
static void
record_dispatcher (tree decl)
{
  location_t loc = user_location (DECL_SOURCE_LOCATION (decl));
  idl_interface *iface = NULL;
  for (tree a = idl_attr ("idl_dispatcher", decl); a;
       a = lookup_attribute ("idl_dispatcher", TREE_CHAIN (a)))
    {
      idl_interface *i = interface_model (interface_of (TREE_VALUE (a)));
      if (iface && i != iface)
	{
	  /* Two block-scope IDL_SERVERs of two interfaces of one name
	     declare one function.  */
	  error_at (loc, "dispatcher %qD is declared for two interfaces, %qs "
		    "and %qs; one function cannot serve both", decl,
		    iface->name.c_str (), i->name.c_str ());
	  return;
	}
      iface = i;
    }
  if (iface->dispatcher && iface->dispatcher != decl)
    {
      auto_diagnostic_group d;
      error_at (loc, "interface %qs has a dispatcher already, %qD; a second "
		"one, %qD, would be left undefined", iface->name.c_str (),
		iface->dispatcher, decl);
      inform (user_location (DECL_SOURCE_LOCATION (iface->dispatcher)),
	      "%qD declared here", iface->dispatcher);
      return;
    }
  iface->dispatcher = decl;
  idl_model_keep (decl);
  idl_dispatcher_recorded (iface);
}

/* The parameters the declaration of FNDECL being finished was written
   with: among the parameters finished since the last other
   declaration, the last one and those chained before it (parameters
   of a function pointer parameter form chains of their own), if they
   are as many as the prototype's; else NULL_TREE.  */
static tree
written_parameters (tree fndecl)
{
  if (recent_parms.empty ())
    return NULL_TREE;
  tree head = recent_parms.back ();
  for (auto p = recent_parms.rbegin () + 1; p != recent_parms.rend (); ++p)
    if (DECL_CHAIN (*p) == head)
      head = *p;
  int n = 0;
  for (tree a = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
       a && !VOID_TYPE_P (TREE_VALUE (a)); a = TREE_CHAIN (a))
    n++;
  return list_length (head) == n ? head : NULL_TREE;
}

/* PLUGIN_FINISH_DECL: every declaration the front end completes.  */
void
idl_finish_decl (void *gcc_data, void *)
{
  tree decl = (tree) gcc_data;
  if (!decl)
    return;
  if (TREE_CODE (decl) == PARM_DECL)
    {
      recent_parms.push_back (decl);
      return;
    }
  /* What this declaration was written with; without IDL_OP of its
     own, a redeclaration says what the first said (the merged
     attributes).  */
  tree parms = NULL_TREE, op_args = NULL_TREE, fails = NULL_TREE;
  bool oneway = false;
  if (TREE_CODE (decl) == FUNCTION_DECL)
    {
      parms = written_parameters (decl);
      if (!parms)
	parms = DECL_ARGUMENTS (decl);
      if (idl_written.decl && idl_written.op_args
	  && DECL_NAME (idl_written.decl) == DECL_NAME (decl))
	{
	  op_args = idl_written.op_args;
	  oneway = idl_written.oneway;
	  fails = idl_written.fails;
	}
      else if (tree attr = idl_attr ("idl_op", decl))
	{
	  op_args = TREE_VALUE (attr);
	  oneway = idl_attr ("idl_oneway", decl) != NULL_TREE;
	  if (tree f = idl_attr ("idl_fails", decl))
	    fails = tree_cons (NULL_TREE, TREE_VALUE (f)
			       ? TREE_VALUE (TREE_VALUE (f)) : NULL_TREE,
			       NULL_TREE);
	}
    }
  recent_parms.clear ();
  idl_written.decl = NULL_TREE;
  switch (TREE_CODE (decl))
    {
    case VAR_DECL:
      if (idl_attr ("idl_interface", decl))
	interface_model (decl);
      else if (DECL_INITIAL (decl))
	idl_check_dispatcher_uses (DECL_INITIAL (decl),
				   DECL_SOURCE_LOCATION (decl));
      break;
    case FUNCTION_DECL:
      if (op_args && idl_attr ("idl_dispatcher", decl))
	/* An IDL_OP left at the end of a header, say, before the
	   IDL_SERVER of the file that includes it.  */
	error_at (user_location (DECL_SOURCE_LOCATION (decl)), "%qD is "
		  "declared as an operation (%<IDL_OP%>) and as a dispatcher "
		  "(%<IDL_SERVER%>); it can only be one", decl);
      else if (op_args && lookup_attribute ("idl_onc_program",
					    DECL_ATTRIBUTES (decl)))
	/* The same before an IDL_ONC_PROGRAM (onc.cc), whose macro
	   declares a function too.  */
	error_at (user_location (DECL_SOURCE_LOCATION (decl)), "%qD is "
		  "declared as an operation (%<IDL_OP%>) and by "
		  "%<IDL_ONC_PROGRAM%>; it can only be one", decl);
      else if (op_args)
	record_operation (decl, op_args, oneway, fails, parms);
      else if (idl_attr ("idl_oneway", decl))
	error_at (DECL_SOURCE_LOCATION (decl), "%qD is marked "
		  "%<IDL_ONEWAY%> but is not an operation; add "
		  "%<IDL_OP (iface, number)%>", decl);
      else if (tree f = idl_attr ("idl_fails", decl))
	error_at (user_location (DECL_SOURCE_LOCATION (decl)), "%qD is "
		  "marked %qs but is not an operation; add "
		  "%<IDL_OP (iface, number)%>", decl,
		  TREE_VALUE (f) ? "IDL_FAILS" : "IDL_FAILS_ERRNO");
      else if (idl_attr ("idl_dispatcher", decl))
	record_dispatcher (decl);
      else if (DECL_NAME (decl))
	{
	  if (runtime_header_decl_p (decl))
	    runtime_names.add (DECL_NAME (decl));
	  idl_abi_note_decl (decl);
	  idl_note_function (decl, parms, false);
	}
      break;
    default:
      break;
    }
}

/* PLUGIN_FINISH_PARSE_FUNCTION: every function definition, nested
   ones too, which PLUGIN_PRE_GENERICIZE never sees (GNU C).  */
void
idl_finish_parse_function (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_NAME (fndecl)
      || !decl_function_context (fndecl))
    return;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  size_t len = strlen (name);
  if (idl_attr ("idl_op", fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl), "operation %qD is defined "
	      "here, as a nested function, but the plugin generates its "
	      "client stub; implement it on the server as %<%s_impl%>, at "
	      "file scope", fndecl, name);
  else if (idl_attr ("idl_dispatcher", fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl), "dispatcher %qD is generated "
	      "by the plugin and cannot be defined", fndecl);
  else if (len > 5 && strcmp (name + len - 5, "_impl") == 0
	   && idl_find_operation_by_name (std::string (name, len - 5)
					  .c_str ()))
    error_at (DECL_SOURCE_LOCATION (fndecl), "implementation %qD is a "
	      "nested function; the dispatcher calls it from outside its "
	      "function: define it at file scope", fndecl);
}

/* PLUGIN_PRE_GENERICIZE: every function definition.  */
void
idl_pre_genericize (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  /* The descriptors are final before any function that reads one is
     gimplified (filled lazily: idl_interface::stale).  */
  idl_refresh_descriptors ();
  idl_written.decl = NULL_TREE;
  recent_parms.clear ();
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_NAME (fndecl))
    return;
  idl_check_dispatcher_uses (DECL_SAVED_TREE (fndecl),
			     DECL_SOURCE_LOCATION (fndecl));
  if (idl_attr ("idl_op", fndecl) || idl_find_operation (fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl), "operation %qD is defined "
	      "here, but the plugin generates its client stub; implement "
	      "it on the server as %<%s_impl%>", fndecl,
	      IDENTIFIER_POINTER (DECL_NAME (fndecl)));
  else if (idl_attr ("idl_dispatcher", fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl), "dispatcher %qD is generated "
	      "by the plugin and cannot be defined", fndecl);
  else
    idl_note_function (fndecl, NULL_TREE, true);
}
