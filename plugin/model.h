/* model.h -- the interface model: what the annotations say.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Stage 1 of the pipeline (paper 000, 5.3: front end -> interface model)
   turns annotated declarations into these records; later stages read
   them and never look at attributes again.  The model keeps trees (the
   operation's FUNCTION_DECL, parameter types), so every tree it holds is
   also pushed onto a garbage-collection root (idl_model_keep): the C
   front end collects after each function definition.  */

#ifndef IDLSTUB_MODEL_H
#define IDLSTUB_MODEL_H

#include "idlrt-abi.h"

/* The alignment idlrt-abi.h promises for the server's message area
   (its payloads start at multiples of it).  */
#define IDL_MSG_ALIGN 64

/* How a value is represented in a message word.  */
enum idl_value_class
{
  IDL_VAL_SIGNED,	/* signed integer or enum with signed values */
  IDL_VAL_UNSIGNED,	/* unsigned integer, enum */
  IDL_VAL_BOOL,		/* _Bool: crosses as 0 or 1 */
  IDL_VAL_FLOAT		/* float or double: crosses as its bits */
};

/* A scalar that crosses the boundary.  */
struct idl_scalar
{
  tree type;			/* the C type (main variant) */
  enum idl_value_class cls;
  unsigned size;		/* bytes: 1, 2, 4 or 8 */
};

enum idl_direction
{
  IDL_DIR_IN,		/* a value, or a pointer whose pointee is sent */
  IDL_DIR_OUT,		/* pointer; the pointee comes back */
  IDL_DIR_INOUT		/* pointer; the pointee goes and comes back */
};

/* What a parameter carries across (paper 000, 4.3: the argument model;
   section 4.3.5 for records and arrays moved en bloc).  */
enum idl_param_kind
{
  IDL_KIND_SCALAR,	/* a scalar, by value or through a pointer */
  IDL_KIND_BLOCK,	/* a flat record, union or fixed-size array: its
			   bytes move en bloc, by value or through a
			   pointer */
  IDL_KIND_STRING,	/* char *: NUL-terminated, at most MAX chars */
  IDL_KIND_BUFFER,	/* T *: COUNT elements, COUNT another parameter,
			   at most MAX */
  IDL_KIND_FD		/* int, or int * (out): a file descriptor */
};

struct idl_param
{
  tree decl;			/* PARM_DECL of the prototype (location, name) */
  tree type;			/* its declared type */
  unsigned index;		/* position in the prototype, binding = 0 */
  enum idl_param_kind kind;
  bool by_pointer;		/* T * parameter carrying a T (scalar, block,
				   fd) */
  enum idl_direction dir;
  struct idl_scalar value;	/* scalar, fd: what crosses (T, or the
				   pointee); string, buffer: the length
				   word's type */

  /* Blocks: the object's type (a record, union, or array type built
     for a T[N] parameter), size and alignment in bytes.  */
  tree block_type;
  unsigned block_size, block_align;

  /* Strings and buffers.  */
  unsigned HOST_WIDE_INT max;	/* bound: chars (string), elements */
  unsigned HOST_WIDE_INT typical;	/* IDL_TYPICAL hint, or 0 */
  tree elem_type;		/* buffer element type (char for void) */
  unsigned elem_size, elem_align;
  int size_param;		/* buffer: op->params index of the count */
  int length_param;		/* buffer: index of IDL_LENGTH_IS, or -1 */

  /* Not a parameter: the operation's record result, which travels as
     an IDL_OUT record would (idl_operation::record_result).  */
  bool record_result = false;

  /* Strings and buffers of a bulk operation (layout.cc): the index of
     the bulk item this parameter travels as (idlrt-abi.h, "Bulk
     items"), or -1 when it travels in the page like any other.  */
  int bulk = -1;

  /* An IDL_REGION (HACKING, "Large buffers", 5): an idl_region_t *
     whose memory is handed over, not copied.  It travels as a
     descriptor in the request, in or out alike (an out region's bytes
     come back in the region itself), so it is modelled as an in
     descriptor (kind IDL_KIND_FD, DIR IDL_DIR_IN) that remembers what
     it is: IDL_REGION_IN_ (sealed, read by the server),
     IDL_REGION_OUT_ (written in place) or IDL_REGION_INOUT_ (read and
     written in place), the values the runtime's idl_region_prepare and
     idl_region_accept take.  0: no region.  */
  int region = 0;

  bool sent () const { return dir != IDL_DIR_OUT; }
  bool returned () const { return dir != IDL_DIR_IN; }
  /* The largest number of bytes this parameter puts in a payload
     (strings count their NUL).  */
  unsigned HOST_WIDE_INT max_bytes () const
  {
    return kind == IDL_KIND_STRING ? max + 1
	   : kind == IDL_KIND_BUFFER ? max * elem_size : block_size;
  }
};

/* What one message slot holds.  */
enum idl_slot_role
{
  IDL_SLOT_VALUE,		/* a scalar value (or the result) */
  IDL_SLOT_LENGTH,		/* a string's length in chars, 32 bits */
  IDL_SLOT_FD,			/* a descriptor's index, 32 bits (IDL_FD_NONE) */
  IDL_SLOT_BLOCK		/* a block in whole words from WORD on */
};

/* One element of a message's words: a value at a byte range of a word,
   or a block over SIZE bytes of consecutive words.  */
struct idl_slot
{
  int param;			/* index into idl_op::params, -1 = return */
  unsigned word;		/* 1-based message word (word 0 is the tag) */
  unsigned offset;		/* byte offset in the word */
  unsigned size;		/* bytes */
  enum idl_slot_role role;
};

/* One item of a message's payload.  Fixed items (blocks too large for
   the words) sit at constant offsets first; variable items (strings,
   buffers) follow in parameter order, each starting at the next
   multiple of ALIGN in a request, and packed without gaps in a reply
   (the server compacts them, so no stale bytes of its buffer travel).

   A request's last item can be IMPLIED: what would say how long it is
   is not sent, the server takes it from the payload's length, as a
   hand-written stub would.  A string has no length slot: its NUL is the
   payload's last byte (paper 000, 4.5.4: a string whose length is known
   is not scanned again).  A buffer whose count is a by-value parameter
   that counts nothing else has no slot for the count: the payload ends
   with its last element.  Such a count's COUNT_SLOT is in a word past
   both messages' words, which no message sends: compact mode's stubs
   and engines pass the count there (the client's words, the server's
   private request), fast stubs never touch it.  Only in requests: the
   client stub does not see a reply's payload length.  */
struct idl_item
{
  int param;
  bool fixed;
  bool implied;			/* no length or count slot */
  struct idl_slot count_slot;	/* an implied buffer's count (see above) */
  unsigned offset;		/* fixed: the offset; variable: the offset of
				   the item's region in the server's reply
				   area (replies) or 0 */
  unsigned align;
  unsigned HOST_WIDE_INT max_bytes;
};

/* The layout of one message (stage 2, layout.cc).  */
struct idl_message_layout
{
  std::vector<idl_slot> slots;
  unsigned words;		/* words after the tag */
  std::vector<idl_item> items;	/* payload items, fixed ones first */
  unsigned fixed_bytes;		/* end of the fixed items */
  unsigned HOST_WIDE_INT max_payload;	/* bytes at most */
  unsigned nfds;		/* descriptors at most */

  bool has_blocks () const
  {
    for (const idl_slot &s : slots)
      if (s.role == IDL_SLOT_BLOCK)
	return true;
    return false;
  }
};

struct idl_interface;

/* How a failed call says it failed, besides idl_error (issue 19, item
   1): an errno-style result of 0 must not read as success.  */
enum idl_fails_kind
{
  IDL_FAILS_ZERO,		/* no annotation: all bits clear */
  IDL_FAILS_VALUE,		/* IDL_FAILS (value) */
  IDL_FAILS_ERRNO		/* IDL_FAILS_ERRNO: -EPIPE, -ETIMEDOUT, ... */
};

struct idl_operation
{
  tree decl;			/* the prototype's FUNCTION_DECL */
  location_t loc;		/* of its first declaration (a redeclaration
				   moves DECL_SOURCE_LOCATION) */
  struct idl_interface *iface;
  unsigned number;
  bool oneway;
  bool has_result;		/* returns a scalar, RESULT: the reply's
				   slot -1 */
  struct idl_scalar result;
  /* What a failed call returns (IDL_FAILS, IDL_FAILS_ERRNO): zero
     without either, FAIL_VALUE (of the result's type), or the negated
     errno code that idl_error_errno gives.  */
  enum idl_fails_kind fails;
  tree fail_value;
  std::vector<idl_param> params;	/* every parameter but the binding */
  tree impl;			/* the server's NAME_impl, if seen */
  idl_message_layout request, reply;
  /* The parameters that travel as bulk items (idl_param::bulk), in
     parameter order; empty unless the operation is a bulk one.  */
  std::vector<int> bulk;
  unsigned position;		/* in its interface's operations by number
				   (idl_operation_position) */
  bool in_block;		/* declared in a function's body */

  const char *name () const;

  /* A struct or union returned by value travels as an IDL_OUT record
     parameter would (paper 000, 4.3.5: flat records move en bloc), so
     that the layout, both modes' stubs and engines and the XDR codecs
     carry it as they carry one: it is the last of PARAMS, marked
     RECORD_RESULT, after the prototype's own parameters.  The client
     stub returns it by value, zeroed when the call fails; the server
     stub stores the implementation's result where the reply sends it
     from.  */
  const idl_param *record_result () const
  {
    return !params.empty () && params.back ().record_result
	   ? &params.back () : NULL;
  }
  /* How many of PARAMS are the prototype's parameters.  */
  unsigned nargs () const
  {
    return params.size () - (record_result () != NULL);
  }
  /* Does the operation return a value (a scalar or a record)?  */
  bool returns_value () const { return has_result || record_result (); }
};

struct idl_interface
{
  tree decl;			/* the descriptor VAR_DECL */
  std::string name;
  unsigned HOST_WIDE_INT id;
  unsigned HOST_WIDE_INT version;
  std::vector<idl_operation *> ops;	/* in declaration order */
  std::map<unsigned, idl_operation *> by_number;
  tree dispatcher;		/* IDL_SERVER's NAME_dispatch, or NULL */
  unsigned HOST_WIDE_INT signature;
  /* Operations were added since the descriptor was filled and the
     positions assigned: both are redone when next needed, not once per
     operation, so that an interface of N operations costs N, not N
     squared (issue 18, item 11).  */
  bool stale;
  /* IDL_ONC_PROGRAM (onc.cc): the ONC RPC program number and version
     the header chose, where it did; choosing asks for the network, so
     an operation XDR cannot express is then an error.  */
  bool onc_program_set;
  unsigned HOST_WIDE_INT onc_program, onc_version;
  location_t onc_loc;
};

/* The whole translation unit's model.  */
extern std::vector<idl_interface *> idl_interfaces;

idl_interface *idl_find_interface (tree var);
idl_operation *idl_find_operation (tree fndecl);
idl_operation *idl_find_operation_by_name (const char *name);
/* Add OP, complete, to its interface and to the indexes above.  */
void idl_add_operation (idl_operation *op);
void idl_model_keep (tree t);
/* Forget every interface and kept tree (after a precompiled header
   replaced GCC's memory: pch.cc).  */
void idl_model_reset (void);
/* Rebuild the model after a precompiled header is loaded (pch.cc).  */
void idl_pch_init (void);

/* Stage 1 entry points (attributes.cc; operations.cc).  */
void idl_register_attributes (void *, void *);
void idl_finish_decl (void *gcc_data, void *);
void idl_pre_genericize (void *gcc_data, void *);
void idl_finish_parse_function (void *gcc_data, void *);

/* Every IDL_OP lands on a declaration (op-uses.cc): the pragma that
   <idlstub.h>'s IDL_OP expands to, the handler's report that it saw
   IDL_OP number K, and the errors for those it never saw.  */
void idl_register_pragmas (void *, void *);
void idl_op_seen (tree k);
void idl_report_unapplied_ops (void);

/* Set the descriptor variable's id, version and signature.  */
void idl_fill_descriptor (idl_interface *iface);
/* The same for every interface with operations added since.  */
void idl_refresh_descriptors (void);

/* Signature hash of an interface (model.cc).  */
unsigned HOST_WIDE_INT idl_interface_signature (const idl_interface *);

/* OP's entry in its interface's table of operations (idlrt-abi.h).  */
unsigned HOST_WIDE_INT idl_operation_entry (const idl_operation *op);

/* Give IFACE's descriptor its table of operations (the IPA pass).  */
void idl_emit_ops_table (idl_interface *iface);
/* OP's position in that table (operations by number).  */
unsigned idl_operation_position (const idl_operation *op);

/* Constant tables the IPA pass adds (model.cc): a static read-only
   array, the address of its first element, and a descriptor field
   pointing at one.  */
tree idl_static_array (const std::string &name, tree elt,
		       vec<constructor_elt, va_gc> *init, unsigned n,
		       location_t loc, tree context = NULL_TREE);
tree idl_first_element_address (tree var, tree type);
void idl_point_descriptor_at (idl_interface *iface, const char *field,
			      tree var);

/* Classify TYPE as a scalar that can cross; false if it cannot.  */
bool idl_classify_scalar (tree type, idl_scalar *out);

/* Is TYPE a pointer to the struct tagged TAG ("idl_binding")?  */
bool idl_pointer_to_struct_p (tree type, const char *tag);

#endif /* IDLSTUB_MODEL_H */
