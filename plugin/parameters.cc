/* parameters.cc -- stage 1: one parameter of an operation, classified.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   When the front end has finished a prototype (PLUGIN_FINISH_DECL,
   operations.cc), each parameter becomes an idl_param (model.h): a
   kind (scalar, descriptor, block, string or buffer), a direction and
   bounds, from the idl_* attributes on it (each checked alone by its
   handler, attributes.cc), GCC's access attribute and the parameter's
   type.  What cannot cross a process boundary (a pointer in a record, a
   function pointer, an array of unknown size, a buffer without a bound)
   is an error here, at the parameter.  A buffer's count and length
   name other parameters, found once every parameter is known
   (resolve_buffer).  A record result is checked here too, and becomes
   the out record it travels as (classify_record_result).  */

#include "gcc-compat.h"
#include "model.h"
#include "attributes.h"
#include "diag.h"

/* Explain why TYPE cannot cross, at LOC.  */
static void
report_unsupported_type (location_t loc, const char *what, tree decl,
			 tree type)
{
  if (POINTER_TYPE_P (type) && FUNC_OR_METHOD_TYPE_P (TREE_TYPE (type)))
    error_at (loc, "%s %qD is a function pointer, which cannot cross a "
	      "process boundary", what, decl);
  else
    error_at (loc, "%s %qD has type %qT, which cannot cross a process "
	      "boundary", what, decl, type);
}

/* The Ith argument of attribute NAME on DECL, stripped, or NULL.  */
static tree
attr_arg (tree decl, const char *name, unsigned i = 0)
{
  tree attr = idl_attr (name, decl);
  if (!attr)
    return NULL_TREE;
  tree args = TREE_VALUE (attr);
  while (i-- && args)
    args = TREE_CHAIN (args);
  return args ? idl_strip_attribute_arg (TREE_VALUE (args)) : NULL_TREE;
}

/* Is TYPE flat, bytes that mean the same in another process (paper
   000, 4.3.5: such records move en bloc)?  If not, says why at LOC for
   parameter DECL (WHAT: "parameter", or "result of operation" for an
   operation's result) and returns false.  */
static bool
check_flat (location_t loc, tree decl, tree top, tree type,
	    const char *what = "parameter")
{
  type = TYPE_MAIN_VARIANT (type);
  switch (TREE_CODE (type))
    {
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
    case BOOLEAN_TYPE:
    case REAL_TYPE:
    case COMPLEX_TYPE:
    case VECTOR_TYPE:
      return true;
    case ARRAY_TYPE:
      if (!COMPLETE_TYPE_P (type)
	  || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
	{
	  error_at (loc, "%s %qD: %qT contains %qT, an array of "
		    "unknown or variable size", what, decl, top, type);
	  return false;
	}
      return check_flat (loc, decl, top, TREE_TYPE (type), what);
    case RECORD_TYPE:
    case UNION_TYPE:
      if (!COMPLETE_TYPE_P (type))
	{
	  error_at (loc, "%s %qD: %qT is incomplete", what, decl, type);
	  return false;
	}
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	{
	  if (TREE_CODE (f) != FIELD_DECL)
	    continue;
	  tree ft = TREE_TYPE (f);
	  if (TREE_CODE (ft) == ARRAY_TYPE && !COMPLETE_TYPE_P (ft))
	    {
	      auto_diagnostic_group d;
	      error_at (loc, "%s %qD: %qT has a flexible array member "
			"%qD; only records of a fixed size can cross",
			what, decl, top, f);
	      inform (DECL_SOURCE_LOCATION (f), "give it a size, and pass "
		      "variable data as a separate %<IDL_SIZE_IS%> buffer");
	      return false;
	    }
	  if (POINTER_TYPE_P (ft))
	    {
	      auto_diagnostic_group d;
	      error_at (loc, "%s %qD: %qT has pointer member %qD, "
			"which means nothing in another process", what, decl,
			top, f);
	      if (FUNC_OR_METHOD_TYPE_P (TREE_TYPE (ft)))
		inform (DECL_SOURCE_LOCATION (f), "the address of a function is "
			"only valid in its own process; send a value that "
			"selects the function instead");
	      else
		inform (DECL_SOURCE_LOCATION (f), "use a fixed-size array "
			"member, or pass what it points to as a parameter of "
			"its own");
	      return false;
	    }
	  if (!check_flat (loc, decl, top, ft, what))
	    return false;
	}
      return true;
    default:
      error_at (loc, "%s %qD: %qT contains %qT, which cannot cross "
		"a process boundary", what, decl, top, type);
      return false;
    }
}

/* Is TYPE (as declared: an aligned typedef is a variant) aligned to at
   most MAX bytes?  If not, says so at LOC for parameter DECL (WHAT as
   for check_flat).  The
   server's implementation gets pointers into its message area, which
   the runtime aligns to IDL_MSG_ALIGN, and to message words, aligned
   to their values' sizes: an object aligned beyond that would be
   misaligned there, which its code may rely on not to be.  (WHAT as
   for check_flat.)  */
static bool
check_alignment (location_t loc, tree decl, tree type,
		 unsigned HOST_WIDE_INT max, const char *what = "parameter")
{
  unsigned HOST_WIDE_INT align = TYPE_ALIGN_UNIT (type);
  if (align <= max)
    return true;
  error_at (loc, "%s %qD: %qT is aligned to %wu bytes; what crosses "
	    "is aligned to at most %wu on the server", what, decl, type, align,
	    max);
  return false;
}

/* Make PARAM a block of TYPE; false after an error (WHAT as for
   check_flat).  */
static bool
classify_block (location_t loc, tree decl, tree type, idl_param *param,
		const char *what = "parameter")
{
  if (!check_alignment (loc, decl, type, IDL_MSG_ALIGN, what))
    return false;
  type = TYPE_MAIN_VARIANT (type);
  if (!check_flat (loc, decl, type, type, what))
    return false;
  if (!tree_fits_uhwi_p (TYPE_SIZE_UNIT (type))
      || tree_to_uhwi (TYPE_SIZE_UNIT (type)) > IDL_PAYLOAD_MAX)
    {
      error_at (loc, "%s %qD: %qT is larger than a message can carry "
		"(%d bytes)", what, decl, type, IDL_PAYLOAD_MAX);
      return false;
    }
  if (integer_zerop (TYPE_SIZE_UNIT (type)))
    {
      /* GNU C's empty records, zero-length arrays and records of only
	 zero-width bit-fields: no byte would cross, and a block of no
	 bytes has no place in a message.  */
      auto_diagnostic_group d;
      error_at (loc, "%s %qD: %qT has size zero; nothing of it "
		"would cross a process boundary", what, decl, type);
      tree rec = strip_array_types (type);
      if (strcmp (what, "parameter") != 0)
	inform (loc, "give %qT a member", rec);
      else if (RECORD_OR_UNION_TYPE_P (rec))
	inform (loc, "remove the parameter, or give %qT a member", rec);
      else
	inform (loc, "remove the parameter");
      return false;
    }
  param->kind = IDL_KIND_BLOCK;
  param->block_type = TYPE_MAIN_VARIANT (type);
  param->block_size = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  param->block_align = TYPE_ALIGN_UNIT (type);
  return true;
}

/* The direction GCC's access attribute ACC gives, or -1.  */
static int
access_direction (const attr_access *acc)
{
  if (!acc || acc->internal_p)
    return -1;
  switch (acc->mode)
    {
    case access_read_only:
      return IDL_DIR_IN;
    case access_write_only:
      return IDL_DIR_OUT;
    case access_read_write:
      return IDL_DIR_INOUT;
    default:
      return -1;
    }
}

static const char *
direction_name (int dir)
{
  return dir == IDL_DIR_IN ? "IDL_IN" : dir == IDL_DIR_OUT ? "IDL_OUT"
	 : "IDL_INOUT";
}

/* IDL_TYPICAL is a hint of a string's or buffer's usual size (paper 000,
   4.5.3): one above the bound is a mistake, though the code is right.  */
static void
check_typical (location_t loc, tree decl, const idl_param *param)
{
  if (param->typical > param->max)
    warning_at (loc, OPT_Wattributes, "%<IDL_TYPICAL (%wu)%> of %qD is more "
		"than its bound, %wu; a typical size is at most the bound",
		param->typical, decl, param->max);
}

/* What a parameter's annotations say, read once by classify_parameter's
   first steps and used by the others.  */
struct param_annotations
{
  location_t loc;		/* where the user wrote the parameter */
  int ndirs;			/* directions given (IDL_IN... or access) */
  tree string, size, length, max;	/* idl_string... attributes, or NULL */
  bool access_size;		/* GCC's access attribute counts it */
  bool buffer;			/* IDL_SIZE_IS, or the access count */
};

/* 1. PARAM, for PARM_DECL DECL of TYPE at position INDEX, before it is
   classified: a scalar sent to the server, with no bounds.  */
static void
start_parameter (tree decl, tree type, unsigned index, idl_param *param,
		 buffer_refs *refs)
{
  param->decl = decl;
  param->type = type;
  param->index = index;
  param->kind = IDL_KIND_SCALAR;
  param->by_pointer = false;
  param->dir = (idl_attr ("idl_out", decl) ? IDL_DIR_OUT
		: idl_attr ("idl_inout", decl) ? IDL_DIR_INOUT : IDL_DIR_IN);
  /* Set below for every kind but a block, which has none; the
     interface's signature hashes it for every kind (model.cc).  */
  param->value = idl_scalar ();
  param->block_type = NULL_TREE;
  param->block_size = param->block_align = 0;
  param->max = param->typical = 0;
  param->elem_type = NULL_TREE;
  param->elem_size = param->elem_align = 0;
  param->size_param = param->length_param = -1;
  refs->size_name = refs->length_name = NULL_TREE;
  refs->size_pos = -1;
}

/* 2. DECL's direction, from IDL_IN, IDL_OUT, IDL_INOUT and GCC's access
   attribute ACC, into PARAM and AN; false after an error (an
   annotation that its handler rejected counts as one).  */
static bool
read_direction (tree decl, const attr_access *acc, idl_param *param,
		param_annotations *an)
{
  location_t loc = an->loc;
  an->ndirs = (!!idl_attr ("idl_in", decl) + !!idl_attr ("idl_out", decl)
	       + !!idl_attr ("idl_inout", decl));
  if (std::find (rejected_parms.begin (), rejected_parms.end (), decl)
      != rejected_parms.end ())
    return false;
  for (const char *a : { "idl_string", "idl_size_is", "idl_length_is",
			 "idl_max", "idl_typical" })
    {
      tree first = idl_attr (a, decl);
      if (first && lookup_attribute (a, TREE_CHAIN (first)))
	{
	  error_at (loc, "parameter %qD has two %qs attributes; give it "
		    "one", decl, a);
	  return false;
	}
    }
  if (an->ndirs > 1)
    {
      auto_diagnostic_group d;
      error_at (loc, "parameter %qD has more than one direction", decl);
      inform (loc, "use one of %<IDL_IN%>, %<IDL_OUT%> or %<IDL_INOUT%>");
      return false;
    }
  int adir = access_direction (acc);
  if (adir >= 0)
    {
      if (an->ndirs && adir != (int) param->dir)
	{
	  error_at (loc, "parameter %qD is %qs, but its %<access%> attribute "
		    "makes it %qs", decl, direction_name (param->dir),
		    direction_name (adir));
	  return false;
	}
      param->dir = (enum idl_direction) adir;
      an->ndirs = 1;
    }
  return true;
}

/* 3. DECL's bounds: which of IDL_STRING, IDL_SIZE_IS (or the access
   count ACC), IDL_LENGTH_IS and IDL_MAX it has, into AN, and its
   IDL_TYPICAL into PARAM; false after an error (two that cannot go
   together).  */
static bool
read_bounds (tree decl, const attr_access *acc, idl_param *param,
	     param_annotations *an)
{
  location_t loc = an->loc;
  an->string = idl_attr ("idl_string", decl);
  an->size = idl_attr ("idl_size_is", decl);
  an->length = idl_attr ("idl_length_is", decl);
  an->max = idl_attr ("idl_max", decl);
  if (tree t = attr_arg (decl, "idl_typical"))
    param->typical = tree_to_uhwi (t);
  an->access_size = acc && !acc->internal_p && acc->sizarg != UINT_MAX;
  an->buffer = an->size || an->access_size;
  if (an->size && an->access_size)
    {
      error_at (loc, "buffer %qD is counted both by its %<access%> "
		"attribute and by %<IDL_SIZE_IS%>; keep one", decl);
      return false;
    }
  if (an->size && an->max)
    {
      error_at (loc, "%<IDL_MAX%> bounds a buffer counted by an "
		"%<access%> attribute; %qD has %<IDL_SIZE_IS%>, whose "
		"second argument is its bound", decl);
      return false;
    }
  if (param->typical && !an->string && !an->buffer)
    {
      error_at (loc, "%<IDL_TYPICAL%> applies to strings and buffers; "
		"%qD is neither", decl);
      return false;
    }
  return true;
}

/* 4a. DECL, of TYPE, is an IDL_FD: an int sent, or an int * that
   receives one.  */
static bool
classify_descriptor (tree decl, tree type, idl_param *param,
		     const param_annotations &an)
{
  location_t loc = an.loc;
  if (POINTER_TYPE_P (type) && param->dir != IDL_DIR_IN
      && TYPE_READONLY (TREE_TYPE (type)))
    {
      error_at (loc, "%qs parameter %qD points to const",
		direction_name (param->dir), decl);
      return false;
    }
  param->kind = IDL_KIND_FD;
  idl_classify_scalar (integer_type_node, &param->value);
  param->by_pointer = POINTER_TYPE_P (type);
  if (an.string || an.buffer || an.length || an.max)
    {
      error_at (loc, "descriptor %qD cannot also be a string or a buffer",
		decl);
      return false;
    }
  if (param->by_pointer ? param->dir != IDL_DIR_OUT
			: param->dir != IDL_DIR_IN)
    {
      auto_diagnostic_group d;
      error_at (loc, "descriptor parameter %qD must be an %<int%> sent to "
		"the server or an %<IDL_OUT int *%> that receives one",
		decl);
      if (param->dir == IDL_DIR_INOUT)
	inform (loc, "to pass a descriptor both ways, use two "
		"parameters");
      return false;
    }
  return true;
}

/* 4c. DECL is an IDL_REGION, an idl_region_t * (the attribute's
   handler checked the type): in (sealed, read by the server), out
   (written in place) or inout (read, then written in place; never
   sealed against writing, so its bytes are the client's to change
   during the call: HACKING, "Large buffers", 5), sized by the region
   itself, so with no bound of its own.  Modelled as an in descriptor
   that remembers it is a region (model.h).  */
static bool
classify_region (tree decl, idl_param *param, const param_annotations &an)
{
  location_t loc = an.loc;
  if (idl_attr ("idl_fd", decl))
    {
      error_at (loc, "%<IDL_REGION%> parameter %qD cannot also be "
		"%<IDL_FD%>; a region travels as its descriptor already",
		decl);
      return false;
    }
  if (an.string || an.buffer || an.length || an.max || param->typical)
    {
      error_at (loc, "%<IDL_REGION%> parameter %qD cannot have %qs; a "
		"region carries its own size (%<idl_region_size%>)", decl,
		an.string ? "IDL_STRING" : an.size ? "IDL_SIZE_IS"
		: an.access_size ? "access" : an.length ? "IDL_LENGTH_IS"
		: an.max ? "IDL_MAX" : "IDL_TYPICAL");
      return false;
    }
  if (!an.ndirs)
    {
      auto_diagnostic_group d;
      error_at (loc, "%<IDL_REGION%> parameter %qD needs a direction",
		decl);
      inform (loc, "mark it %<IDL_IN%> (sealed at the call, the server "
	      "reads it), %<IDL_OUT%> (the server writes it in place) or "
	      "%<IDL_INOUT%> (the server reads it and writes it in place)");
      return false;
    }
  param->region = param->dir == IDL_DIR_OUT ? IDL_REGION_OUT_
		  : param->dir == IDL_DIR_INOUT ? IDL_REGION_INOUT_
		  : IDL_REGION_IN_;
  param->dir = IDL_DIR_IN;
  param->kind = IDL_KIND_FD;
  param->by_pointer = false;
  idl_classify_scalar (integer_type_node, &param->value);
  return true;
}

/* 4b. DECL, of TYPE, is no pointer (or a function pointer): a scalar,
   or a record passed by value.  */
static bool
classify_value (tree decl, tree type, idl_param *param,
		const param_annotations &an)
{
  location_t loc = an.loc;
  if (an.length || an.max)
    {
      error_at (loc, "%qs applies only to a buffer parameter; %qD is not "
		"a pointer", an.length ? "IDL_LENGTH_IS" : "IDL_MAX", decl);
      return false;
    }
  if (idl_classify_scalar (type, &param->value))
    return true;
  if (RECORD_OR_UNION_TYPE_P (type))
    return classify_block (loc, decl, type, param);
  report_unsupported_type (loc, "parameter", decl, type);
  return false;
}

/* 5a. Pointer DECL is an IDL_STRING.  */
static bool
classify_string (tree decl, idl_param *param, const param_annotations &an)
{
  location_t loc = an.loc;
  if (an.buffer || an.length || an.max)
    {
      error_at (loc, "string %qD takes its bound from %<IDL_STRING%>; "
		"it cannot also be a buffer", decl);
      return false;
    }
  param->kind = IDL_KIND_STRING;
  param->max = tree_to_uhwi (attr_arg (decl, "idl_string"));
  idl_classify_scalar (unsigned_type_node, &param->value);
  check_typical (loc, decl, param);
  return true;
}

/* 5b. Pointer DECL, to POINTEE, is a buffer counted by IDL_SIZE_IS or
   GCC's access attribute ACC: its elements, bound and length (the
   parameters REFS names are found later, resolve_buffer).  */
static bool
classify_buffer (tree decl, tree pointee, const attr_access *acc,
		 idl_param *param, buffer_refs *refs,
		 const param_annotations &an)
{
  location_t loc = an.loc;
  tree elem = VOID_TYPE_P (pointee) ? unsigned_char_type_node : pointee;
  idl_scalar es;
  if (POINTER_TYPE_P (elem))
    {
      error_at (loc, "buffer %qD holds pointers (%qT), which mean nothing "
		"in another process", decl, elem);
      return false;
    }
  if (!idl_classify_scalar (elem, &es)
      && !check_flat (loc, decl, elem, elem))
    return false;
  if (!COMPLETE_TYPE_P (elem) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (elem))
      || integer_zerop (TYPE_SIZE_UNIT (elem)))
    {
      error_at (loc, "buffer %qD has elements of type %qT, which has no "
		"size", decl, elem);
      return false;
    }
  /* The element's size in bytes, checked before it is kept in the
     model's narrower field: a 4 GiB + 1 byte element must not become
     a 1-byte one.  */
  unsigned HOST_WIDE_INT esize = tree_to_uhwi (TYPE_SIZE_UNIT (elem));
  if (esize > IDL_BULK_MAX)
    {
      error_at (loc, "buffer %qD has elements of %wu bytes; a message "
		"item carries at most %wu", decl, esize,
		(unsigned HOST_WIDE_INT) IDL_BULK_MAX);
      return false;
    }
  param->kind = IDL_KIND_BUFFER;
  param->elem_type = TYPE_MAIN_VARIANT (elem);
  param->elem_size = esize;
  param->elem_align = TYPE_ALIGN_UNIT (elem);
  if (!check_alignment (loc, decl, elem, IDL_MSG_ALIGN, "parameter"))
    return false;
  if (an.size)
    {
      refs->size_name = attr_arg (decl, "idl_size_is", 0);
      param->max = tree_to_uhwi (attr_arg (decl, "idl_size_is", 1));
    }
  else
    {
      refs->size_pos = acc->sizarg;
      if (!an.max)
	{
	  auto_diagnostic_group d;
	  error_at (loc, "buffer %qD, sized by its %<access%> attribute, "
		    "needs a bound", decl);
	  inform (loc, "add %<IDL_MAX (n)%>: the most elements it may "
		  "hold");
	  return false;
	}
      param->max = tree_to_uhwi (attr_arg (decl, "idl_max"));
    }
  if (an.length)
    {
      if (param->dir == IDL_DIR_IN)
	{
	  error_at (loc, "%<IDL_LENGTH_IS%> applies to %<IDL_OUT%> and "
		    "%<IDL_INOUT%> buffers; %<IDL_IN%> buffer %qD sends "
		    "its count", decl);
	  return false;
	}
      refs->length_name = attr_arg (decl, "idl_length_is");
    }
  /* MAX and the element's size are at most IDL_BULK_MAX (2^30) each:
     their product, at most 2^60, fits 64 bits.  An item over the
     page's room travels as a bulk item (layout.cc), of at most
     IDL_BULK_MAX bytes.  */
  unsigned HOST_WIDE_INT bytes = param->max * (unsigned HOST_WIDE_INT) esize;
  if (bytes > IDL_BULK_MAX)
    {
      error_at (loc, "buffer %qD may hold %wu bytes; %qs allows at most "
		"%wu bytes (%<IDL_BULK_MAX%>)", decl, bytes,
		an.size ? "IDL_SIZE_IS" : "IDL_MAX",
		(unsigned HOST_WIDE_INT) IDL_BULK_MAX);
      return false;
    }
  idl_classify_scalar (unsigned_type_node, &param->value);
  check_typical (loc, decl, param);
  return true;
}

/* 5c. Pointer DECL, of TYPE, neither a string nor a buffer: a T a[N]
   parameter, or a pointer to one scalar or record.  */
static bool
classify_pointee (tree decl, tree type, const attr_access *acc,
		  idl_param *param, const param_annotations &an)
{
  location_t loc = an.loc;
  tree pointee = TREE_TYPE (type);
  if (an.length || an.max)
    {
      error_at (loc, "%qs applies only to a buffer; give %qD a count with "
		"%<IDL_SIZE_IS (count, max)%>",
		an.length ? "IDL_LENGTH_IS" : "IDL_MAX", decl);
      return false;
    }

  /* T a[N]: GCC remembers N in an internal access specification.  */
  if (acc && acc->internal_p)
    {
      if (acc->minsize == HOST_WIDE_INT_M1U || acc->size)
	{
	  error_at (loc, "parameter %qD is a variable-length array; pass its "
		    "length as another parameter with %<IDL_SIZE_IS%>", decl);
	  return false;
	}
      if (acc->minsize > 0)
	{
	  if (VOID_TYPE_P (pointee))
	    {
	      report_unsupported_type (loc, "parameter", decl, type);
	      return false;
	    }
	  tree arr = build_array_type_nelts (TYPE_MAIN_VARIANT (pointee),
					     acc->minsize);
	  if (!classify_block (loc, decl, arr, param))
	    return false;
	  param->by_pointer = true;
	  return true;
	}
    }

  if (TYPE_MAIN_VARIANT (pointee) == char_type_node)
    {
      auto_diagnostic_group d;
      error_at (loc, "%<char%> pointer %qD needs a bound", decl);
      inform (loc, "mark a string %<IDL_STRING (max)%>, or a buffer "
	      "%<IDL_SIZE_IS (count, max)%>; a single character is a "
	      "%<signed char%> or an %<unsigned char%>");
      return false;
    }
  if (idl_classify_scalar (pointee, &param->value))
    {
      param->by_pointer = true;
      /* An out or inout value lives in its reply word.  */
      return check_alignment (loc, decl, pointee, param->value.size,
			      "parameter");
    }
  if (RECORD_OR_UNION_TYPE_P (pointee) || TREE_CODE (pointee) == ARRAY_TYPE)
    {
      if (!classify_block (loc, decl, pointee, param))
	return false;
      param->by_pointer = true;
      return true;
    }
  if (POINTER_TYPE_P (pointee))
    error_at (loc, "parameter %qD points to a pointer (%qT), which means "
	      "nothing in another process", decl, pointee);
  else
    error_at (loc, "parameter %qD points to %qT, which cannot cross a "
	      "process boundary", decl, pointee);
  return false;
}

/* 5. DECL, of TYPE, is a pointer (not to a function): it needs a
   direction, and is a string, a buffer, or a pointer to one object.  */
static bool
classify_pointer (tree decl, tree type, const attr_access *acc,
		  idl_param *param, buffer_refs *refs,
		  const param_annotations &an)
{
  location_t loc = an.loc;
  tree pointee = TREE_TYPE (type);
  if (an.ndirs == 0)
    {
      auto_diagnostic_group d;
      gcc_rich_location richloc (loc);
      const char *dir = idl_suggested_direction (decl);
      if (!DECL_ARTIFICIAL (decl))
	richloc.add_fixit_insert_before (get_start (loc),
					 ACONCAT ((dir, " ", NULL)));
      error_at (&richloc, "pointer parameter %qD of an operation needs a "
		"direction", decl);
      if (strcmp (dir, "IDL_OUT") == 0)
	inform (loc, "mark it %<IDL_OUT%> or %<IDL_INOUT%>: "
		"%<IDL_LENGTH_IS (%D)%> names it, and the server writes "
		"%<*%D%>", decl, decl);
      else
	inform (loc, "mark it %<IDL_IN%> (the server reads %<*%D%>), "
		"%<IDL_OUT%> (the server writes it) or %<IDL_INOUT%>",
		decl);
      return false;
    }
  if (param->dir != IDL_DIR_IN && TYPE_READONLY (pointee))
    {
      error_at (loc, "%qs parameter %qD points to const",
		direction_name (param->dir), decl);
      return false;
    }
  if (an.string)
    return classify_string (decl, param, an);
  if (an.buffer)
    return classify_buffer (decl, pointee, acc, param, refs, an);
  return classify_pointee (decl, type, acc, param, an);
}

/* Build PARAM from PARM_DECL DECL of type TYPE; false after an error.
   ACC is what GCC's access attribute (explicit or, for a T[N]
   parameter, internal) says about this parameter, or NULL.  The steps
   are numbered as the functions above: 1 start, 2 its direction, 3
   its bounds, then by what it is: 4a a descriptor, 4b a value (scalar
   or record), 5 a pointer: 5a a string, 5b a buffer, 5c a T[N] array
   or a pointer to one object.  */
bool
classify_parameter (tree decl, tree type, unsigned index,
		    const attr_access *acc, idl_param *param,
		    buffer_refs *refs)
{
  param_annotations an;
  /* An unnamed parameter's location is that of its last attribute,
     inside the macro that spelled it: report where the user wrote the
     macro.  */
  an.loc = user_location (DECL_SOURCE_LOCATION (decl));
  start_parameter (decl, type, index, param, refs);
  if (!read_direction (decl, acc, param, &an)
      || !read_bounds (decl, acc, param, &an))
    return false;
  if (idl_attr ("idl_region", decl))
    return classify_region (decl, param, an);
  if (idl_attr ("idl_fd", decl))
    return classify_descriptor (decl, type, param, an);
  if (!POINTER_TYPE_P (type) || FUNC_OR_METHOD_TYPE_P (TREE_TYPE (type)))
    return classify_value (decl, type, param, an);
  return classify_pointer (decl, type, acc, param, refs, an);
}

/* The record result of operation FNDECL, of struct or union TYPE, as
   the IDL_OUT record parameter it travels as (idl_operation::
   record_result), at prototype position INDEX, after the last real
   one; false after an error at the operation.  */
bool
classify_record_result (tree fndecl, tree type, unsigned index,
			idl_param *result)
{
  location_t loc = user_location (DECL_SOURCE_LOCATION (fndecl));
  *result = idl_param ();
  if (!classify_block (loc, fndecl, type, result, "result of operation"))
    return false;
  /* A declaration of its own, for what reads a parameter's: messages,
     the dump.  Never a parameter of any function.  */
  tree decl = build_decl (loc, PARM_DECL, get_identifier ("<result>"),
			  build_pointer_type (type));
  DECL_ARTIFICIAL (decl) = 1;
  idl_model_keep (decl);
  result->decl = decl;
  result->type = TREE_TYPE (decl);
  result->index = index;
  result->by_pointer = true;
  result->dir = IDL_DIR_OUT;
  result->size_param = result->length_param = -1;
  result->record_result = true;
  return true;
}

/* The index in OP->params of the parameter named by STRING_CST NAME, or
   at prototype position POS; -1 if there is none.  */
static int
find_param (const idl_operation *op, tree name, int pos)
{
  for (unsigned i = 0; i < op->params.size (); i++)
    {
      tree d = op->params[i].decl;
      if (name ? (DECL_NAME (d)
		  && strcmp (IDENTIFIER_POINTER (DECL_NAME (d)),
			     TREE_STRING_POINTER (name)) == 0)
	       : (int) op->params[i].index == pos)
	return i;
    }
  return -1;
}

/* Resolve buffer P's count and length parameters (REFS); false after
   an error.  */
bool
resolve_buffer (idl_operation *op, unsigned i, const buffer_refs &refs)
{
  idl_param &p = op->params[i];
  location_t loc = DECL_SOURCE_LOCATION (p.decl);
  /* The caret on the name the user wrote in IDL_SIZE_IS or
     IDL_LENGTH_IS, when it can be found.  */
  location_t size_loc
    = refs.size_name ? idl_annotation_arg_location (p.decl, "IDL_SIZE_IS",
						    loc) : loc;
  location_t length_loc
    = refs.length_name ? idl_annotation_arg_location (p.decl,
						      "IDL_LENGTH_IS",
						      loc) : loc;
  int c = find_param (op, refs.size_name, refs.size_pos);
  tree binding = DECL_ARGUMENTS (op->decl);
  if (c < 0 && refs.size_name && binding && DECL_NAME (binding)
      && strcmp (IDENTIFIER_POINTER (DECL_NAME (binding)),
		 TREE_STRING_POINTER (refs.size_name)) == 0)
    {
      error_at (size_loc, "the count of buffer %qD names the binding %qD; a "
		"count is an integer parameter", p.decl, binding);
      return false;
    }
  if (c < 0 || c == (int) i)
    {
      if (c == (int) i)
	error_at (size_loc, "buffer %qD cannot be its own count", p.decl);
      else if (refs.size_name)
	error_at (size_loc, "the count of buffer %qD names %qs, which is "
		  "not a "
		  "parameter of %qD", p.decl,
		  TREE_STRING_POINTER (refs.size_name), op->decl);
      else
	error_at (loc, "the %<access%> size of %qD is not a parameter of "
		  "%qD", p.decl, op->decl);
      return false;
    }
  const idl_param &cp = op->params[c];
  if (cp.kind != IDL_KIND_SCALAR || cp.by_pointer
      || TREE_CODE (cp.value.type) != INTEGER_TYPE)
    {
      auto_diagnostic_group d;
      error_at (size_loc, "the count of buffer %qD, %qD, must be an "
		"integer "
		"parameter passed by value", p.decl, cp.decl);
      inform (DECL_SOURCE_LOCATION (cp.decl), "%qD declared here", cp.decl);
      return false;
    }
  p.size_param = c;
  if (!refs.length_name)
    return true;
  int l = find_param (op, refs.length_name, -1);
  if (l == c)
    {
      error_at (length_loc, "the length of buffer %qD, %qD, is also its "
		"count; "
		"the length is what comes back, in an integer of its own",
		p.decl, op->params[c].decl);
      return false;
    }
  if (l < 0 || l == (int) i)
    {
      error_at (length_loc, "the length of buffer %qD names %qs, which "
		"is not "
		"another parameter of %qD", p.decl,
		TREE_STRING_POINTER (refs.length_name), op->decl);
      return false;
    }
  const idl_param &lp = op->params[l];
  if (lp.kind != IDL_KIND_SCALAR || !lp.by_pointer || lp.dir == IDL_DIR_IN
      || TREE_CODE (lp.value.type) != INTEGER_TYPE
      || (p.dir == IDL_DIR_INOUT && lp.dir != IDL_DIR_INOUT))
    {
      auto_diagnostic_group d;
      error_at (length_loc, "the length of buffer %qD, %qD, must be a "
		"pointer to "
		"an integer marked %qs", p.decl, lp.decl,
		p.dir == IDL_DIR_INOUT ? "IDL_INOUT" : "IDL_OUT");
      inform (DECL_SOURCE_LOCATION (lp.decl), "%qD declared here", lp.decl);
      return false;
    }
  p.length_param = l;
  return true;
}
