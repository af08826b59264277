/* xdr-codec.h -- fast mode's XDR codecs: what xdr-codec.cc (the runs'
   codecs) and xdr-msg-codec.cc (the whole messages') share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.  */

#ifndef IDLSTUB_XDR_CODEC_H
#define IDLSTUB_XDR_CODEC_H

#include "gcc-compat.h"
#include "model.h"
#include "gimple-builder.h"

/* One codec's body under construction.  */
class codec_builder
{
public:
  codec_builder (body_builder &bb_, bool decode_)
    : icount (NULL_TREE), bb (bb_), decode (decode_)
  {
    ref_ptr = build_pointer_type_for_mode (char_type_node, ptr_mode, true);
  }

  /* The fixed instructions from IP to END, the message's words at WB
     and payload at PB (both MOFF bytes further), the XDR at BP + BOFF
     (BOFF advanced past them).  */
  void run (const uint32_t *ip, const uint32_t *end, tree wb, tree pb,
	    unsigned HOST_WIDE_INT moff, tree bp,
	    unsigned HOST_WIDE_INT &boff);

  /* An encoder of a whole message: the implied item's count (a
     sizetype value), which its IDL_X_ICOUNT leaf sends.  */
  tree icount;

private:
  body_builder &bb;
  bool decode;
  tree ref_ptr;

  /* An unaligned TYPE at PTR + OFF, in alias set 0.  */
  tree mem (tree type, tree ptr, unsigned HOST_WIDE_INT off)
  {
    return build2 (MEM_REF, build_aligned_type (type, BITS_PER_UNIT), ptr,
		   build_int_cst (ref_ptr, off));
  }
  tree block (tree ptr, unsigned HOST_WIDE_INT off, unsigned HOST_WIDE_INT n)
  {
    return build2 (MEM_REF, build_array_type_nelts (unsigned_char_type_node,
						    n),
		   ptr, build_int_cst (ref_ptr, off));
  }
  tree bswap (tree v, bool wide)
  {
    tree fn = builtin_decl_explicit (wide ? BUILT_IN_BSWAP64
				     : BUILT_IN_BSWAP32);
    auto_vec<tree> args;
    args.safe_push (v);
    return bb.call (fn, args, TREE_TYPE (v));
  }
  tree conv (tree type, tree v)
  {
    return bb.assign (type, NOP_EXPR, v);
  }
  tree advance (tree ptr, unsigned HOST_WIDE_INT off)
  {
    tree t = bb.temp (ptr_type_node, NULL);
    bb.set (t, POINTER_PLUS_EXPR, ptr, size_int (off));
    return t;
  }
  void leaf (uint32_t op, tree area, unsigned HOST_WIDE_INT off, tree bp,
	     unsigned HOST_WIDE_INT &boff, bool implied = false);
  void loop (const uint32_t *ip, uint32_t count, tree wb, tree pb,
	     unsigned HOST_WIDE_INT moff, tree bp,
	     unsigned HOST_WIDE_INT &boff);
};

/* The context a codec of IFACE lives in.  */
tree codec_context (const idl_interface *iface);

/* Whether program P (idlrt-xdr.h) can be compiled into a whole
   message's codec, and that codec, decoding if DECODE, REPLY a
   reply's program (xdr-msg-codec.cc).  */
bool message_compilable (const uint32_t *p);
tree emit_msg_codec (const idl_interface *iface, const uint32_t *p,
		     bool decode, bool reply, uint32_t entry);

#endif /* IDLSTUB_XDR_CODEC_H */
