/* xdr.h -- stage 2b: each operation's XDR description.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Between the message layout (layout.cc) and what is emitted for the
   network: the XDR elements an operation's arguments and result are,
   rpcgen -N style, each with its XDR type and where it lives in the
   request or reply message.  Read by the table emitter (onc.cc, the
   runtime's codec programs), the .x writer (xdr-export.cc) and the
   wire-compatibility test generator (xdr-testgen.cc).  */

#ifndef IDLSTUB_XDR_H
#define IDLSTUB_XDR_H

#include "idlrt-xdr.h"

/* An XDR type, as an rpcgen .x file would declare it.  */
enum xdr_kind
{
  XDR_CHAR,		/* char: a 1-byte integer (4 on the wire) */
  XDR_UCHAR,		/* unsigned char */
  XDR_SHORT,
  XDR_USHORT,
  XDR_INT,
  XDR_UINT,
  XDR_ENUM,		/* a named 4-byte C enum */
  XDR_HYPER,
  XDR_UHYPER,
  XDR_BOOL,
  XDR_FLOAT,
  XDR_DOUBLE,
  XDR_OPAQUE_FIXED,	/* opaque[N]: an array of 1-byte integers */
  XDR_ARRAY_FIXED,	/* T[N] */
  XDR_STRUCT,
  XDR_STRING,		/* string<MAX>: only as an element */
  XDR_OPAQUE_VAR,	/* opaque<MAX>: only as an element */
  XDR_ARRAY_VAR		/* T<MAX>: only as an element */
};

struct xdr_type;

struct xdr_field
{
  std::string name;		/* the C member's name */
  unsigned offset;		/* bytes from the record's start */
  const xdr_type *type;
};

struct xdr_type
{
  enum xdr_kind kind;
  tree ctype;			/* the C type (its main variant) */
  unsigned size;		/* bytes of one C object */
  unsigned wire;		/* XDR bytes of one (fixed kinds) */
  std::string cname;		/* the C name: a struct's or enum's tag, or
				   a typedef name; empty if it has none */
  unsigned HOST_WIDE_INT n;	/* arrays: elements; opaque: bytes;
				   variable kinds: the bound */
  const xdr_type *elem;		/* arrays, variable kinds but opaque */
  std::vector<xdr_field> fields;	/* structs (anonymous members
					   flattened) */
  /* Enums: the enumerators, name and value.  */
  std::vector<std::pair<std::string, HOST_WIDE_INT> > values;

  bool scalar_p () const { return kind <= XDR_DOUBLE; }
  bool fixed_p () const { return kind <= XDR_STRUCT; }
};

/* Where an element lives in its message.  */
enum xdr_where
{
  XDR_AT_SLOT,		/* a scalar at byte OFFSET of the words */
  XDR_AT_WORDS,		/* a block from byte OFFSET of the words */
  XDR_AT_FIXED,		/* a block at payload byte OFFSET */
  XDR_AT_ITEM,		/* a variable payload item */
  XDR_AT_IMPLIED	/* the implied count of a request's last item, at
			   byte OFFSET of the words (past the message's) */
};

struct xdr_elem
{
  int param;			/* index into op->params, -1 the result */
  std::string name;		/* the parameter's name, or "result" */
  const xdr_type *type;
  enum xdr_where where;
  unsigned offset;
  /* XDR_AT_ITEM: the item's alignment in a request, and a request's
     implied (last) item.  */
  unsigned align;
  bool implied;
  /* Strings: the length slot's ref, or IDL_XR_NONE (implied); buffers:
     their count's and length's refs (IDL_XR_REQUEST in a reply).  */
  uint32_t length_ref, count_ref;
};

/* One operation, both messages.  */
struct xdr_op
{
  const idl_operation *op;
  bool supported;
  /* When not: why (a phrase naming the type or parameter), and the
     declaration it is about (a parameter's, or the operation's).  */
  std::string why;
  tree culprit;
  std::vector<xdr_elem> args, results;
};

/* The XDR types of one translation unit's operations, each C type
   once, and the descriptions built from them (which point into it).  */
class xdr_context
{
public:
  xdr_context () {}
  ~xdr_context ();
  xdr_context (const xdr_context &) = delete;
  xdr_context &operator= (const xdr_context &) = delete;

  /* Describe OP.  */
  xdr_op describe (const idl_operation *op);

  /* Every type made, in the order first seen (a struct after the types
     of its members).  */
  const std::vector<xdr_type *> &types () const { return all; }

private:
  const xdr_type *type_of (tree t, std::string *why);
  const xdr_type *record_type (tree t, tree m, std::string *why);
  bool add_fields (xdr_type *r, tree rec, tree shown, unsigned base,
		   std::string *why);
  xdr_type *make (enum xdr_kind kind, tree ctype, unsigned size,
		  unsigned wire);
  std::map<tree, xdr_type *> interned;
  std::vector<xdr_type *> all;
};

/* The codec program of one message of X (idlrt-xdr.h).  */
std::vector<uint32_t> idl_xdr_program (const xdr_op &x, bool reply);

/* xdr-codec.cc: fast mode's codecs of the runs of IFACE's table T
   (idlrt-xdr.h), numbered in T.  */
void idl_emit_onc_codecs (idl_interface *iface, std::vector<uint32_t> &t);

/* The ONC program number and version of IFACE: IDL_ONC_PROGRAM's, or
   the rule's.  */
unsigned HOST_WIDE_INT idl_onc_program (const idl_interface *iface);
unsigned HOST_WIDE_INT idl_onc_version (const idl_interface *iface);

/* onc.cc: IDL_ONC_PROGRAM, compile-time refusals, the tables.  */
void idl_onc_register_attributes (void *, void *);
void idl_onc_finish_decl (void *gcc_data, void *);
void idl_onc_check_operation (const idl_operation *op);
void idl_emit_onc_table (idl_interface *iface);

/* How the .x file spells one element (xdr-export.cc).  */
struct xdr_spelled_elem
{
  const xdr_elem *e;
  std::string type;		/* its .x type: "hyper", "large_t", or the
				   typedef made for it: "strxfer_a" */
  std::string member;		/* its member of OPNAME_res ("" when the
				   result is not a struct) */
};

/* ... and one operation: the names rpcgen's C uses for it.  */
struct xdr_spelled_op
{
  xdr_op x;
  std::string proc;		/* the procedure: "TINY" */
  std::string prefix;		/* rpcgen's C names for it start so:
				   "tiny_1" (tiny_1_argument, ...) */
  std::vector<xdr_spelled_elem> args, results;
  std::string res_type;		/* "void", an element's type, or
				   OPNAME_res */
  bool res_struct;
};

/* The .x file of the translation unit, and how it spells things.  */
struct xdr_spelling
{
  xdr_context cx;
  /* The .x name of each struct, enum and array type that has one.  */
  std::map<const xdr_type *, std::string> names;
  std::vector<xdr_spelled_op> ops;	/* supported ones, interface by
					   interface */
  std::string text;
};

/* NAME as a .x identifier: with an underscore appended if rpcgen
   reserves it.  */
std::string xdr_escape (const std::string &name);

/* Spell every interface of the translation unit into S.  */
void idl_xdr_spell (xdr_spelling &s);

/* xdr-testgen.cc: the program of -fplugin-arg-idlstub-xdr-testgen.  */
std::string idl_xdr_testgen (xdr_spelling &s, const std::string &header);

/* xdr-export.cc: -fplugin-arg-idlstub-xdr=FILE, the .x file, and
   -fplugin-arg-idlstub-xdr-testgen=FILE (xdr-testgen.cc).  */
extern const char *idl_xdr_file;
extern const char *idl_xdr_testgen_file;
void idl_xdr_export_init (const char *plugin_name);

#endif /* IDLSTUB_XDR_H */
