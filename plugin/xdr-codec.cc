/* xdr-codec.cc -- stage 4 for the network: fast mode's XDR codecs.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Across machines a message travels as XDR (RFC 4506), converted by
   the runtime from the program xdr.cc builds for it (idlrt-xdr.h).
   Interpreting that program costs tens of instructions per element,
   where rpcgen's routines cost a call through libtirpc's operations
   per element and a stub that knows its types costs a load, a byte
   swap and a store (Flick's specialized network stubs against
   rpcgen's: paper 000, section 6.1).  So in fast mode each run of
   fixed-size elements (IDL_X_RUN) is compiled here into two GIMPLE
   functions, an encoder and a decoder, that convert the run straight
   between the message and the stream's own buffer: the runtime asks
   the stream for the run's bytes once (XDR_INLINE, the run's one
   bounds check) and calls the codec; when the stream cannot give them
   at once, the interpreter does the run with the stream's primitives.
   Each message's whole program, strings and buffers with their bounds
   included, is compiled too (xdr-msg-codec.cc), out of the same
   pieces: the runtime calls that codec alone when the stream is a
   memory one, as its own record buffers are.  Compact mode keeps the
   interpreter for everything (paper 002).

   The codecs are the program's run compiled, instruction by
   instruction, so they cannot disagree with it on the wire.  For
   small (short a, long b, short c) of idl4.h, whose request's run is
   IDL_X_I16 @8, IDL_X_I64 @16, IDL_X_I16 @10 (16 XDR bytes), the
   decoder is

     void __idl_onc_codec.1 (void *xdr, void *words, void *payload)
     {
       t1 = __builtin_bswap32 (MEM <uint32_t> [xdr + 0]);
       MEM <uint16_t> [words + 8] = (uint16_t) t1;
       t2 = __builtin_bswap64 (MEM <uint64_t> [xdr + 4]);
       MEM <uint64_t> [words + 16] = t2;
       t3 = __builtin_bswap32 (MEM <uint32_t> [xdr + 12]);
       MEM <uint16_t> [words + 10] = (uint16_t) t3;
     }

   (every access unaligned and in alias set 0, as the message's byte
   view is).  A fixed array of more than IDL_CODEC_UNROLL_MAX elements
   is a loop over its element's code; a fixed opaque a block copy and
   its zero padding.  A run holding an implied count (whose value the
   encoder computes from the items) has no codec of its own; in a
   whole message's codec the count is computed first and its leaf
   sends it (codec_builder::icount).  */

#include "gcc-compat.h"
#include "model.h"
#include "xdr.h"
#include "gimple-builder.h"
#include "xdr-codec.h"

/* -fplugin-arg-idlstub-mode=compact (idlstub.cc).  */
extern bool idl_compact_mode;

/* Fixed arrays of at most this many elements are unrolled.  */
#define IDL_CODEC_UNROLL_MAX 4

namespace {

/* The XDR bytes of the fixed instructions from IP to END.  */
unsigned HOST_WIDE_INT
program_wire (const uint32_t *ip, const uint32_t *end)
{
  unsigned HOST_WIDE_INT n = 0;
  while (ip < end)
    {
      uint32_t i = *ip++, op = i & IDL_X_OP_MASK, arg = i >> IDL_X_ARG_SHIFT;
      switch (op)
	{
	case IDL_X_OPAQUE:
	  n += (*ip++ + 3) & ~3u;
	  break;
	case IDL_X_LOOP:
	  n += arg * program_wire (ip + 2, ip + 2 + ip[1]);
	  ip += 2 + ip[1];
	  break;
	case IDL_X_I64:
	case IDL_X_U64:
	case IDL_X_F64:
	  n += 8;
	  break;
	default:
	  n += 4;
	}
    }
  return n;
}

/* Whether the fixed instructions from IP to END hold an implied
   count, which only the interpreter encodes.  */
bool
has_icount (const uint32_t *ip, const uint32_t *end)
{
  while (ip < end)
    {
      uint32_t i = *ip++, op = i & IDL_X_OP_MASK;
      if (op == IDL_X_OPAQUE)
	ip++;
      else if (op == IDL_X_LOOP)
	{
	  if (has_icount (ip + 2, ip + 2 + ip[1]))
	    return true;
	  ip += 2 + ip[1];
	}
      else if (i & IDL_X_ICOUNT)
	return true;
    }
  return false;
}


} // anon namespace

/* One leaf: a 4-byte XDR integer widened or narrowed as the
   interpreter's leaf () does, or an 8-byte one.  */
void
codec_builder::leaf (uint32_t op, tree area, unsigned HOST_WIDE_INT off,
		     tree bp, unsigned HOST_WIDE_INT &boff, bool implied)
{
  tree u32 = uint32_type_node, u64 = uint64_type_node;
  /* Encoding an implied count: its value, not the message's.  */
  implied = implied && !decode;
  gcc_assert (!implied || icount);
  if (op == IDL_X_I64 || op == IDL_X_U64 || op == IDL_X_F64)
    {
      if (decode)
	bb.store (mem (u64, area, off), bswap (bb.load (mem (u64, bp, boff)),
					       true));
      else
	bb.store (mem (u64, bp, boff),
		  bswap (implied ? conv (u64, icount)
			 : bb.load (mem (u64, area, off)), true));
      boff += 8;
      return;
    }
  tree narrow = (op == IDL_X_I8 ? signed_char_type_node
		 : op == IDL_X_U8 || op == IDL_X_BOOL ? unsigned_char_type_node
		 : op == IDL_X_I16 ? short_integer_type_node
		 : op == IDL_X_U16 ? short_unsigned_type_node : u32);
  if (decode)
    {
      tree x = bswap (bb.load (mem (u32, bp, boff)), false);
      if (op == IDL_X_BOOL)
	/* Any non-zero is true, as xdr_bool decodes it.  */
	x = bb.assign (boolean_type_node, NE_EXPR, x,
		       build_int_cst (u32, 0));
      bb.store (mem (narrow == u32 ? u32 : unsigned_type_for (narrow), area,
		     off),
		conv (narrow == u32 ? u32 : unsigned_type_for (narrow), x));
    }
  else
    {
      tree x = implied ? conv (narrow, icount) : bb.load (mem (narrow, area,
								 off));
      if (op == IDL_X_BOOL)
	x = bb.assign (boolean_type_node, NE_EXPR, x,
		       build_int_cst (narrow, 0));
      else if (narrow != u32)
	/* Sign- or zero-extended to 32 bits, as xdr_char and xdr_short
	   send it.  */
	x = conv (integer_type_node, x);
      bb.store (mem (u32, bp, boff), bswap (conv (u32, x), false));
    }
  boff += 4;
}

/* A fixed array of COUNT elements, its LOOP instruction's operands at
   IP.  */
void
codec_builder::loop (const uint32_t *ip, uint32_t count, tree wb, tree pb,
		     unsigned HOST_WIDE_INT moff, tree bp,
		     unsigned HOST_WIDE_INT &boff)
{
  uint32_t stride = ip[0];
  const uint32_t *body = ip + 2, *end = body + ip[1];
  if (count <= IDL_CODEC_UNROLL_MAX)
    {
      for (uint32_t k = 0; k < count; k++)
	run (body, end, wb, pb, moff + (unsigned HOST_WIDE_INT) k * stride,
	     bp, boff);
      return;
    }
  unsigned HOST_WIDE_INT wire = program_wire (body, end);
  tree w = advance (wb, moff), p = advance (pb, moff), b = advance (bp, boff);
  tree i = bb.temp (sizetype, "k");
  bb.set (i, INTEGER_CST, size_int (0));
  tree top = bb.new_label (), done = bb.new_label ();
  bb.label (top);
  unsigned HOST_WIDE_INT inner = 0;
  run (body, end, w, p, 0, b, inner);
  gcc_assert (inner == wire);
  bb.set (w, POINTER_PLUS_EXPR, w, size_int (stride));
  bb.set (p, POINTER_PLUS_EXPR, p, size_int (stride));
  bb.set (b, POINTER_PLUS_EXPR, b, size_int (wire));
  bb.set (i, PLUS_EXPR, i, size_int (1));
  bb.cond_goto (LT_EXPR, i, size_int (count), top, done);
  bb.label (done);
  boff += count * wire;
}

void
codec_builder::run (const uint32_t *ip, const uint32_t *end, tree wb,
		    tree pb, unsigned HOST_WIDE_INT moff, tree bp,
		    unsigned HOST_WIDE_INT &boff)
{
  while (ip < end)
    {
      uint32_t i = *ip++, op = i & IDL_X_OP_MASK, arg = i >> IDL_X_ARG_SHIFT;
      tree area = i & IDL_X_PAYLOAD ? pb : wb;
      unsigned HOST_WIDE_INT off = moff + arg;
      if (op == IDL_X_OPAQUE)
	{
	  uint32_t n = *ip++, padded = (n + 3) & ~3u;
	  if (decode)
	    bb.store (block (area, off, n), block (bp, boff, n));
	  else
	    {
	      bb.store (block (bp, boff, n), block (area, off, n));
	      for (uint32_t k = n; k < padded; k++)
		bb.store (mem (unsigned_char_type_node, bp, boff + k),
			  build_int_cst (unsigned_char_type_node, 0));
	    }
	  boff += padded;
	}
      else if (op == IDL_X_LOOP)
	{
	  loop (ip, arg, wb, pb, moff, bp, boff);
	  ip += 2 + ip[1];
	}
      else
	{
	  gcc_assert (op >= IDL_X_I8 && op <= IDL_X_F64);
	  leaf (op, area, off, bp, boff, (i & IDL_X_ICOUNT) != 0);
	}
    }
}


namespace {

/* The codec of the run from IP to END, decoding if DECODE.  */
tree
emit_codec (const idl_interface *iface, const uint32_t *ip,
	    const uint32_t *end, unsigned HOST_WIDE_INT wire, bool decode)
{
  static unsigned serial;
  location_t loc = DECL_SOURCE_LOCATION (iface->decl);
  tree type = build_function_type_list (void_type_node, ptr_type_node,
					ptr_type_node, ptr_type_node,
					NULL_TREE);
  std::string name = "__idl_onc_codec." + std::to_string (++serial);
  tree fn = new_static_function (name.c_str (), type, codec_context (iface),
				 loc);
  /* Called through the descriptor only: nothing to inline it into.
     A section of their own keeps the network's codecs out of the way
     of the local stubs (and out of bench/callgrind-rpcs's count of
     them); the linker puts it in .text.  */
  DECL_DECLARED_INLINE_P (fn) = 0;
  set_decl_section_name (fn, ".text.idl_onc");
  body_builder bb (fn, loc);
  codec_builder cb (bb, decode);
  unsigned HOST_WIDE_INT boff = 0;
  cb.run (ip, end, parm_at (fn, 1), parm_at (fn, 2), 0, parm_at (fn, 0),
	  boff);
  gcc_assert (boff == wire);
  bb.ret (NULL_TREE);
  bb.finish ();
  add_function (fn);
  if (dump_file)
    {
      fprintf (dump_file, "\n;; XDR %s of a run of %s\n",
	       decode ? "decoder" : "encoder", iface->name.c_str ());
      dump_function_to_file (fn, dump_file, TDF_NONE);
    }
  return fn;
}


} // anon namespace

/* The context a codec of IFACE lives in: the file's, also for an
   interface declared in a block.  */
tree
codec_context (const idl_interface *iface)
{
  tree ctx = DECL_CONTEXT (iface->decl);
  while (ctx && TREE_CODE (ctx) == FUNCTION_DECL)
    ctx = DECL_CONTEXT (ctx);
  return ctx;
}

/* Fast mode: compile every message of TABLE's programs (idlrt-xdr.h)
   that can be into its codec pair, at [4 * K + 2 * REPLY] of operation
   K's entry; then every run into its pair, numbering them in the runs'
   CODEC words (from 2 * the operations, past the messages'); and point
   IFACE's descriptor at them.  */
void
idl_emit_onc_codecs (idl_interface *iface, std::vector<uint32_t> &t)
{
  if (idl_compact_mode)
    return;
  tree cvoid_ptr = build_pointer_type (build_qualified_type
				       (void_type_node, TYPE_QUAL_CONST));
  vec<constructor_elt, va_gc> *init = NULL;
  /* First four slots per operation, its messages' codecs (or null),
     then the runs' pairs.  */
  unsigned nops = t[4], base = 2 * nops, n = 0, nmsg = 0;
  for (unsigned k = 0; k < nops; k++)
    for (int r = 1; r <= 2; r++)
      {
	uint32_t at = t[IDL_XT_HDR_WORDS + k * IDL_XT_OP_WORDS + r];
	if (!at || !message_compilable (&t[at]))
	  continue;
	for (int decode = 0; decode < 2; decode++)
	  CONSTRUCTOR_APPEND_ELT
	    (init, size_int (4 * k + 2 * (r - 1) + decode),
	     fold_convert (cvoid_ptr, build_fold_addr_expr
			   (emit_msg_codec (iface, &t[at], decode, r == 2,
					     t[IDL_XT_HDR_WORDS
					       + k * IDL_XT_OP_WORDS]))));
	nmsg++;
      }
  for (unsigned k = 0; k < nops; k++)
    for (int r = 1; r <= 2; r++)
      {
	uint32_t at = t[IDL_XT_HDR_WORDS + k * IDL_XT_OP_WORDS + r];
	if (!at)
	  continue;
	uint32_t ip = at + IDL_XP_HDR_WORDS, end = ip + t[at + 2];
	while (ip < end)
	  {
	    uint32_t op = t[ip] & IDL_X_OP_MASK;
	    if (op == IDL_X_BUFFER)
	      {
		ip += 7 + t[ip + 6];
		continue;
	      }
	    if (op != IDL_X_RUN)
	      {
		/* A string or a bound.  */
		ip += 2;
		continue;
	      }
	    const uint32_t *body = &t[ip + 3], *stop = body + t[ip + 1];
	    if (!has_icount (body, stop))
	      {
		unsigned HOST_WIDE_INT wire = t[ip] >> IDL_X_ARG_SHIFT;
		gcc_assert (program_wire (body, stop) == wire);
		for (int decode = 0; decode < 2; decode++)
		  CONSTRUCTOR_APPEND_ELT
		    (init, size_int (2 * (base + n) + decode),
		     fold_convert (cvoid_ptr, build_fold_addr_expr
				   (emit_codec (iface, body, stop, wire,
						decode))));
		t[ip + 2] = base + n++;
	      }
	    ip += 3 + t[ip + 1];
	  }
      }
  if (!n && !nmsg)
    return;
  tree var = idl_static_array (iface->name + ".idl_onc_codecs",
			       build_qualified_type (cvoid_ptr,
						     TYPE_QUAL_CONST),
			       init, 2 * (base + n),
			       DECL_SOURCE_LOCATION (iface->decl));
  idl_point_descriptor_at (iface, "onc_codecs", var);
}
