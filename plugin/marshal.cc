/* marshal.cc -- fast mode's message access in GIMPLE (stage 4).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The pieces fast mode's stubs are built of (marshal.h), in three
   groups: message words, payload bytes, and the repair of _Bools a
   peer sent.  What they build, for a request word holding a short A at
   byte 0 and a short D at byte 2 (layout.cc), and a string of at most
   MAX chars in the payload:

     w1 = (uint64) (unsigned short) a | (uint64) (unsigned short) d << 16;
					      // pack_message, client
     w = (uint64) MEM <uint16> [msg + 10];    // load_slot: D's own bytes
     d = (short) (uint16) w;                  // unpack_value, server
     n = strnlen (s, MAX + 1);                // client, step 1
     if (n > MAX) goto bounds;                // fail_if
     off = (off + 7) & -8;                    // align_size
     memcpy (pay + off, s, n + 1);            // copy_bytes

   Words are read and written through alias set 0, packed by shifts in
   registers (register packing, paper 000, 4.2.1), and each byte of a
   received message is read once.  Payload lengths and offsets are
   compared as sizes, never as pointers.  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "marshal.h"

/* Message words are read and written through a char * (alias set 0):
   the runtime fills them with its own accesses, and the stubs must not
   let type-based alias analysis reorder around them.  */
tree
message_word (const idl_abi &abi, tree base, unsigned word)
{
  return build2 (MEM_REF, abi.u64, base,
		 build_int_cst (abi.alias_ptr, word * 8));
}

/* Where slot S's bytes are in its word in memory: the layout counts
   bytes by significance (pack_message shifts), the memory order is
   the target's.  */
unsigned
word_byte (const idl_slot &s)
{
  return BYTES_BIG_ENDIAN ? 8 - s.offset - s.size : s.offset;
}

/* Slot S of the message at BASE, with a load of its own size (a
   word's high half: movl 12(%rax)) rather than a shift of the whole
   word, as a 64-bit value; *LOW becomes S at offset 0, to unpack it
   with.  Each byte of the message is still read once.  */
tree
load_slot (body_builder &bb, const idl_abi &abi, tree base,
	   const idl_slot &s, idl_slot *low)
{
  tree t = build_nonstandard_integer_type (s.size * BITS_PER_UNIT, 1);
  tree v = bb.load (build2 (MEM_REF, t, base,
			    build_int_cst (abi.alias_ptr,
					   s.word * 8 + word_byte (s))));
  *low = s;
  low->offset = 0;
  return bb.assign (abi.u64, NOP_EXPR, v);
}

/* The unsigned integer type of S's size; the message word type itself
   for 8-byte values, so they need no conversion.  */
static tree
word_sized_bits (const idl_abi &abi, const idl_scalar &s)
{
  return s.size == 8 ? abi.u64
	 : build_nonstandard_integer_type (s.size * BITS_PER_UNIT, 1);
}

/* VALUE, of scalar S, as the low bytes of a zero-extended word.  */
tree
pack_value (body_builder &bb, const idl_abi &abi, tree value,
	    const idl_scalar &s)
{
  tree bits = word_sized_bits (abi, s);
  tree t;
  if (s.cls == IDL_VAL_FLOAT)
    t = bb.assign (bits, VIEW_CONVERT_EXPR,
		   build1 (VIEW_CONVERT_EXPR, bits, value));
  else if (s.cls == IDL_VAL_BOOL)
    return bb.assign (abi.u64, NOP_EXPR, value);
  else
    t = bb.assign (bits, NOP_EXPR, value);
  return bits == abi.u64 ? t : bb.assign (abi.u64, NOP_EXPR, t);
}

/* The value of slot SLOT, of scalar S, from message word WORD.  A bool
   is rebuilt as WORD != 0, so no byte pattern a peer sends can make an
   invalid _Bool.  */
tree
unpack_value (body_builder &bb, const idl_abi &abi, tree word,
	      const idl_slot &slot, const idl_scalar &s)
{
  tree bits = word_sized_bits (abi, s);
  tree t = word;
  if (slot.offset)
    t = bb.assign (abi.u64, RSHIFT_EXPR, t,
		   build_int_cst (integer_type_node,
				  slot.offset * BITS_PER_UNIT));
  if (s.size < 8)
    t = bb.assign (bits, NOP_EXPR, t);
  switch (s.cls)
    {
    case IDL_VAL_FLOAT:
      return bb.assign (s.type, VIEW_CONVERT_EXPR,
			build1 (VIEW_CONVERT_EXPR, s.type, t));
    case IDL_VAL_BOOL:
      return bb.assign (s.type, NE_EXPR, t, build_zero_cst (TREE_TYPE (t)));
    default:
      return bb.assign (s.type, NOP_EXPR, t);
    }
}

/* Pack the values of layout M into words: VALUES[k] is the value of
   M.slots[k].  Returns the words, 1-based (index 0 unused).  */
std::vector<tree>
pack_message (body_builder &bb, const idl_abi &abi,
	      const idl_message_layout &m, const std::vector<tree> &values,
	      const std::vector<idl_scalar> &scalars)
{
  std::vector<tree> words (m.words + 1, NULL_TREE);
  for (unsigned k = 0; k < m.slots.size (); k++)
    {
      const idl_slot &slot = m.slots[k];
      if (slot.role == IDL_SLOT_BLOCK)
	continue;		/* copied en bloc by the caller */
      tree v = pack_value (bb, abi, values[k], scalars[k]);
      if (slot.offset)
	v = bb.assign (abi.u64, LSHIFT_EXPR, v,
		       build_int_cst (integer_type_node,
				      slot.offset * BITS_PER_UNIT));
      tree &w = words[slot.word];
      w = w ? bb.assign (abi.u64, BIT_IOR_EXPR, w, v) : v;
    }
  for (unsigned i = 1; i <= m.words; i++)
    if (!words[i])
      words[i] = build_zero_cst (abi.u64);
  return words;
}

/* The object representation of S: the unsigned integer of its size.  */
static idl_scalar
raw_scalar (const idl_scalar &s)
{
  idl_scalar raw = s;
  raw.type = build_nonstandard_integer_type (s.size * BITS_PER_UNIT, 1);
  raw.cls = IDL_VAL_UNSIGNED;
  return raw;
}

/* The pointee of parameter PARM (of OP's parameter P) as raw bytes.  The
   client stub only copies the caller's object into and out of message
   words, so it reads and writes its representation, through a char
   pointer (alias set 0) rather than as the C type: the stub then never
   depends on how the caller's type aliases (and LTO's IPA-ICF does not
   see enum-typed accesses synthesized outside the front end, which
   GCC 12 cannot hash).  */
tree
pointee_bytes (const idl_abi &abi, tree parm, const idl_param &p)
{
  return build2 (MEM_REF, raw_scalar (p.value).type, parm,
		 build_int_cst (abi.alias_ptr, 0));
}

/* The scalar descriptions of M's slots, in slot order; RAW_POINTEES
   describes pointer parameters by their representation (client side,
   see pointee_bytes).  */
std::vector<idl_scalar>
slot_scalars (const idl_operation *op, const idl_message_layout &m,
	      bool raw_pointees)
{
  std::vector<idl_scalar> v;
  idl_scalar u32;
  idl_classify_scalar (unsigned_type_node, &u32);
  for (const idl_slot &s : m.slots)
    if (s.param < 0)
      v.push_back (op->result);
    else if (s.role != IDL_SLOT_VALUE)
      v.push_back (u32);	/* lengths, descriptor indices; unused for
				   blocks */
    else if (raw_pointees && op->params[s.param].by_pointer)
      v.push_back (raw_scalar (op->params[s.param].value));
    else
      v.push_back (op->params[s.param].value);
  return v;
}

/* V as a message word.  */
tree
u64_cst (const idl_abi &abi, unsigned HOST_WIDE_INT v)
{
  return build_int_cstu (abi.u64, v);
}

/* Byte arithmetic for payloads.  Lengths and offsets are sizetype
   values, and every bound check compares them, never pointers: a
   pointer past the end of an object is undefined behaviour, and a
   compiler may fold such a check away (Cap'n Proto advisory
   2017-04-17-0).  */

tree
size_cst (unsigned HOST_WIDE_INT v)
{
  return build_int_cstu (sizetype, v);
}

/* PTR + OFF bytes, as a pointer of TYPE.  */
tree
ptr_add (body_builder &bb, tree ptr, tree off, tree type)
{
  tree p = ptr;
  if (!integer_zerop (off))
    p = bb.assign (TREE_TYPE (ptr), POINTER_PLUS_EXPR, ptr,
		   fold_convert (sizetype, off));
  if (!useless_type_conversion_p (type, TREE_TYPE (p)))
    p = bb.assign (type, NOP_EXPR, p);
  return p;
}

/* SIZE bytes at PTR + OFF, aligned to ALIGN bytes: an array of unsigned
   char accessed with alias set 0, so that a block is copied en bloc
   whatever its C type (paper 000, 4.3.5).  */
tree
bytes_at (const idl_abi &abi, tree ptr, unsigned HOST_WIDE_INT off,
	  unsigned HOST_WIDE_INT size, unsigned align)
{
  tree t = build_array_type_nelts (unsigned_char_type_node, size);
  if (align > 1)
    t = build_aligned_type (t, align * BITS_PER_UNIT);
  return build2 (MEM_REF, t, ptr, build_int_cst (abi.alias_ptr, off));
}

/* The byte at PTR + OFF.  */
tree
byte_at (const idl_abi &abi, tree ptr, unsigned HOST_WIDE_INT off)
{
  return build2 (MEM_REF, unsigned_char_type_node, ptr,
		 build_int_cst (abi.alias_ptr, off));
}

/* V rounded up to a multiple of A (a power of two).  */
tree
align_size (body_builder &bb, tree v, unsigned a)
{
  if (a <= 1)
    return v;
  tree t = bb.assign (sizetype, PLUS_EXPR, v, size_cst (a - 1));
  return bb.assign (sizetype, BIT_AND_EXPR, t, size_cst (-(HOST_WIDE_INT) a));
}

/* Bytes of a variable item of parameter P holding N elements (chars of
   a string, plus its NUL when WITH_NUL).  */
tree
item_bytes (body_builder &bb, const idl_param &p, tree n, bool with_nul)
{
  if (p.kind == IDL_KIND_STRING)
    return with_nul ? bb.assign (sizetype, PLUS_EXPR, n, size_cst (1)) : n;
  if (p.elem_size == 1)
    return n;
  return bb.assign (sizetype, MULT_EXPR, n, size_cst (p.elem_size));
}

void
call3 (body_builder &bb, tree fn, tree a, tree b, tree c)
{
  auto_vec<tree> args;
  args.safe_push (a);
  args.safe_push (b);
  args.safe_push (c);
  bb.call_void (fn, args);
}

/* Copies of more bytes than this whose size is known only at run time
   go to the C library's memcpy; up to it, GCC's generic x86-64 tuning
   copies with a short inline loop.  */
#define IDL_INLINE_COPY_MAX 32

/* Copy N bytes, at most MAX, from SRC to DST.  When N is not a constant
   (after inlining) and MAX is over IDL_INLINE_COPY_MAX, the copy goes
   to the C library's memcpy, which the dynamic linker picked for this
   CPU, as a hand-written stub's does: GCC's generic tuning would expand
   a copy it can bound under 8 KiB as rep movsq (which the bounds checks
   before every copy let it do), and glibc's memcpy took 2.9 ns where
   rep movsq took 5.0 for 64 bytes, 13 where it took 18 for 1 KiB, on
   the x86-64 machine of bench/.  An empty asm hides the bound.  */
void
copy_bytes (body_builder &bb, tree dst, tree src, tree n,
	    unsigned HOST_WIDE_INT max)
{
  tree builtin = builtin_decl_explicit (BUILT_IN_MEMCPY);
  if (max <= IDL_INLINE_COPY_MAX || TREE_CODE (n) == INTEGER_CST)
    {
      call3 (bb, builtin, dst, src, n);
      return;
    }
  tree known = bb.new_label (), lib = bb.new_label ();
  tree done = bb.new_label ();
  auto_vec<tree> args;
  args.safe_push (n);
  tree k = bb.call (builtin_decl_explicit (BUILT_IN_CONSTANT_P), args,
		    integer_type_node);
  bb.cond_goto (NE_EXPR, k, integer_zero_node, known, lib);
  bb.label (known);
  call3 (bb, builtin, dst, src, n);
  bb.add (gimple_build_goto (done));
  bb.label (lib);
  tree h = bb.temp (TREE_TYPE (n), "n");
  vec<tree, va_gc> *in = NULL, *out = NULL;
  vec_safe_push (out, build_tree_list (build_tree_list
				       (NULL_TREE, build_string (3, "=r")),
				       h));
  vec_safe_push (in, build_tree_list (build_tree_list
				      (NULL_TREE, build_string (2, "0")), n));
  bb.add (gimple_build_asm_vec ("", in, out, NULL, NULL));
  call3 (bb, idl_libc_decl (BUILT_IN_MEMCPY), dst, src, h);
  bb.label (done);
}

/* If A CODE B, go to LAB (an unlikely path); else go on.  */
void
fail_if (body_builder &bb, enum tree_code code, tree a, tree b, tree lab)
{
  tree next = bb.new_label ();
  bb.cond_goto (code, a, b, lab, next);
  bb.label (next);
}

/* LEN bytes from a peer as a count of ELEM_SIZE-byte elements: a
   length that is not a whole number of elements jumps to LAB, and the
   division is then exact.  */
tree
whole_elements (body_builder &bb, tree len, unsigned HOST_WIDE_INT elem_size,
		tree lab)
{
  if (elem_size <= 1)
    return len;
  tree r = bb.assign (sizetype, TRUNC_MOD_EXPR, len, size_cst (elem_size));
  fail_if (bb, NE_EXPR, r, size_cst (0), lab);
  return bb.assign (sizetype, EXACT_DIV_EXPR, len, size_cst (elem_size));
}

/* _Bool objects in data a peer sent.  A _Bool holding anything but 0
   or 1 is undefined behaviour in C, so after a record, array or buffer
   that contains one is copied in, each such byte is rewritten as
   byte != 0: no byte pattern a peer sends makes an invalid _Bool.
   (Scalars are rebuilt the same way by unpack_value.)  Union members
   are left alone: rewriting one would change the bytes of the others.  */

/* Does TYPE hold a _Bool that fix_bools would fix?  */
static bool
contains_bool (tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  switch (TREE_CODE (type))
    {
    case BOOLEAN_TYPE:
      return true;
    case ARRAY_TYPE:
      return contains_bool (TREE_TYPE (type));
    case RECORD_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL && !DECL_BIT_FIELD (f)
	    && contains_bool (TREE_TYPE (f)))
	  return true;
      return false;
    default:
      return false;
    }
}

static void
fix_bool_at (body_builder &bb, const idl_abi &abi, tree ptr,
	     bool only_invalid)
{
  tree v = bb.load (byte_at (abi, ptr, 0));
  if (only_invalid)
    {
      /* Store only over a byte that is neither 0 nor 1: memory that
	 may be the caller's own and read-only (a co-located bulk
	 item, bulk.cc) is left alone when it holds valid _Bools.  */
      tree bad = bb.new_label (), ok = bb.new_label ();
      bb.cond_goto (GT_EXPR, v, build_int_cst (TREE_TYPE (v), 1), bad, ok);
      bb.label (bad);
      bb.store (byte_at (abi, ptr, 0),
		build_int_cst (unsigned_char_type_node, 1));
      bb.label (ok);
      return;
    }
  tree b = bb.assign (boolean_type_node, NE_EXPR, v,
		      build_zero_cst (unsigned_char_type_node));
  bb.store (byte_at (abi, ptr, 0),
	    bb.assign (unsigned_char_type_node, NOP_EXPR, b));
}

/* Fix the _Bools of COUNT objects of TYPE at PTR (COUNT NULL: one):
   straight-line code for a record's members and short arrays, a loop
   for long arrays and buffers.  ONLY_INVALID: store only where a byte
   is not 0 or 1.  */
void
fix_bools (body_builder &bb, const idl_abi &abi, tree ptr, tree type,
	   tree count, bool only_invalid)
{
  type = TYPE_MAIN_VARIANT (type);
  if (!contains_bool (type))
    return;
  ptr = bb.assign (abi.alias_ptr, NOP_EXPR, ptr);
  unsigned HOST_WIDE_INT esz = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  if (count)
    {
      tree i = bb.temp (sizetype, "i");
      bb.set (i, INTEGER_CST, size_cst (0));
      tree head = bb.new_label (), body = bb.new_label ();
      tree done = bb.new_label ();
      bb.label (head);
      bb.cond_goto (GE_EXPR, i, count, done, body);
      bb.label (body);
      tree off = bb.assign (sizetype, MULT_EXPR, i, size_cst (esz));
      fix_bools (bb, abi, ptr_add (bb, ptr, off, abi.alias_ptr), type,
		 NULL_TREE, only_invalid);
      bb.set (i, PLUS_EXPR, i, size_cst (1));
      bb.add (gimple_build_goto (head));
      bb.label (done);
      return;
    }
  switch (TREE_CODE (type))
    {
    case BOOLEAN_TYPE:
      fix_bool_at (bb, abi, ptr, only_invalid);
      break;
    case ARRAY_TYPE:
      {
	tree elt = TREE_TYPE (type);
	unsigned HOST_WIDE_INT n = esz / tree_to_uhwi (TYPE_SIZE_UNIT (elt));
	fix_bools (bb, abi, ptr, elt, size_cst (n), only_invalid);
	break;
      }
    case RECORD_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL && !DECL_BIT_FIELD (f)
	    && contains_bool (TREE_TYPE (f)))
	  fix_bools (bb, abi,
		     ptr_add (bb, ptr, size_cst (int_byte_position (f)),
			      abi.alias_ptr),
		     TREE_TYPE (f), NULL_TREE, only_invalid);
      break;
    default:
      break;
    }
}
