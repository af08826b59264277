/* layout.cc -- stage 2: register-packed message layouts.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Register packing (paper 000, 4.2.1; paper 003, section 3): scalars
   smaller than a word share 64-bit message words.  Each value goes at the
   first naturally aligned free byte range of the first word that has
   one, in argument order, so

     long small (idl_binding_t *, short a, long b, short c)

   requests two words, not three:

     word 1: a (bytes 0-1), c (bytes 2-3)
     word 2: b (bytes 0-7)

   Keeping argument order (first fit, no sorting by size) means the
   server stub reads the words in roughly the order the implementation's
   argument registers are filled: direct stack transfer (000, 4.3.1).
   The request holds what is sent (in and inout values); the reply holds
   the result first, then what comes back (inout and out values); a
   record result comes back last, as the out record it travels as
   (model.h, idl_operation::record_result).

   Nothing here looks at GCC trees: sizes in, word positions out.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"

/* Place a value of SIZE bytes; USED holds one byte mask per word.  */
static idl_slot
place (std::vector<unsigned char> &used, int param, unsigned size,
       enum idl_slot_role role = IDL_SLOT_VALUE)
{
  unsigned char mask = (unsigned char) ((1u << size) - 1);
  for (unsigned w = 0; w < used.size (); w++)
    for (unsigned off = 0; off + size <= 8; off += size)
      if ((used[w] & (mask << off)) == 0)
	{
	  used[w] |= mask << off;
	  return idl_slot { param, w + 1, off, size, role };
	}
  used.push_back (mask);
  return idl_slot { param, (unsigned) used.size (), 0, size, role };
}

/* Blocks (records, unions, arrays) of at most this many bytes travel in
   message words, in whole words of their own, while the words used stay
   under IDL_BLOCK_WORDS_LIMIT; larger ones, and those aligned beyond a
   word, go to the payload at a constant offset.  Either way they are
   copied en bloc (paper 000, 4.3.5).  */
#define IDL_BLOCK_IN_WORDS_MAX 64
#define IDL_BLOCK_WORDS_LIMIT 32

static unsigned
align_up (unsigned HOST_WIDE_INT v, unsigned a)
{
  return (v + a - 1) & ~(unsigned HOST_WIDE_INT) (a - 1);
}

/* Alignment of a variable item's start in a request, and of its region
   in the server's reply area: the implementation gets a pointer there,
   so the element's own, and no more: a string or a byte array follows
   the item before it without a gap, and no stub spends instructions
   rounding its offset up, as none does in a hand-written stub.  */
static unsigned
item_align (const idl_param &p)
{
  return p.kind == IDL_KIND_BUFFER ? p.elem_align : 1u;
}

/* Can the in buffer P's count go unsent, implied by the payload's
   length?  Only when the count is a plain in value that counts nothing
   else: the server then rebuilds it for the implementation from the
   payload alone.  */
static bool
count_implied_p (const idl_operation *op, const idl_param &p)
{
  if (p.dir != IDL_DIR_IN || p.length_param >= 0)
    return false;
  const idl_param &c = op->params[p.size_param];
  if (c.kind != IDL_KIND_SCALAR || c.by_pointer || c.dir != IDL_DIR_IN)
    return false;
  unsigned uses = 0;
  for (const idl_param &q : op->params)
    if (q.kind == IDL_KIND_BUFFER)
      uses += (q.size_param == p.size_param)
	      + (q.length_param == p.size_param);
  return uses == 1;
}

/* Lay out the values PARAMS (indices into OP's parameters, in order) as
   one message M; RESULT says whether the result comes first.  REPLY
   says which direction: in a reply, variable items have regions of
   their maximum size in the server's reply area.  IMPLY allows a
   request's last item to be implied (idl_item).  */
static void
layout_message (const idl_operation *op, idl_message_layout *m,
		bool result, bool reply, bool imply = true)
{
  std::vector<unsigned char> used;
  m->slots.clear ();
  m->items.clear ();
  m->nfds = 0;
  if (result)
    m->slots.push_back (place (used, -1, op->result.size));

  /* The request's last variable item: a string needs no length word
     (the payload ends with its NUL), a buffer often no count (the
     payload ends with its last element; paper 000, 4.5.4).  */
  int implied = -1, implied_count = -1;
  if (!reply && imply)
    for (unsigned i = 0; i < op->params.size (); i++)
      {
	const idl_param &p = op->params[i];
	if (p.sent () && p.bulk < 0 && (p.kind == IDL_KIND_STRING
					|| p.kind == IDL_KIND_BUFFER))
	  implied = (p.kind == IDL_KIND_STRING || count_implied_p (op, p)
		     ? (int) i : -1);
      }
  if (implied >= 0 && op->params[implied].kind == IDL_KIND_BUFFER)
    implied_count = op->params[implied].size_param;

  std::vector<int> fixed, variable;
  for (unsigned i = 0; i < op->params.size (); i++)
    {
      const idl_param &p = op->params[i];
      if (reply ? !p.returned () : !p.sent ())
	continue;
      if (p.bulk >= 0)
	/* A bulk item: its bytes and their length travel beside the
	   message (idlrt-abi.h, "Bulk items").  */
	continue;
      switch (p.kind)
	{
	case IDL_KIND_SCALAR:
	  if ((int) i != implied_count)
	    m->slots.push_back (place (used, i, p.value.size));
	  break;
	case IDL_KIND_FD:
	  m->slots.push_back (place (used, i, 4, IDL_SLOT_FD));
	  m->nfds++;
	  break;
	case IDL_KIND_STRING:
	  if ((int) i != implied)
	    m->slots.push_back (place (used, i, 4, IDL_SLOT_LENGTH));
	  variable.push_back (i);
	  break;
	case IDL_KIND_BUFFER:
	  /* The count (and the length) are parameters of their own.  */
	  variable.push_back (i);
	  break;
	case IDL_KIND_BLOCK:
	  {
	    unsigned n = (p.block_size + 7) / 8;
	    if (p.block_size <= IDL_BLOCK_IN_WORDS_MAX && p.block_align <= 8
		&& used.size () + n <= IDL_BLOCK_WORDS_LIMIT)
	      {
		idl_slot s = { (int) i, (unsigned) used.size () + 1, 0,
			       p.block_size, IDL_SLOT_BLOCK };
		used.insert (used.end (), n, 0xff);
		m->slots.push_back (s);
	      }
	    else
	      fixed.push_back (i);
	    break;
	  }
	}
    }
  m->words = used.size ();

  unsigned HOST_WIDE_INT off = 0;
  for (int i : fixed)
    {
      const idl_param &p = op->params[i];
      unsigned a = MAX (8u, p.block_align);
      off = align_up (off, a);
      m->items.push_back (idl_item { i, true, false,
				     { -1, 0, 0, 0, IDL_SLOT_VALUE },
				     (unsigned) off, a, p.block_size });
      off += p.block_size;
    }
  m->fixed_bytes = off;
  for (int i : variable)
    {
      const idl_param &p = op->params[i];
      unsigned a = item_align (p);
      off = align_up (off, a);
      idl_slot count = { -1, 0, 0, 0, IDL_SLOT_VALUE };
      if (i == implied && p.kind == IDL_KIND_BUFFER)
	count = idl_slot { p.size_param, 0, 0,
			   op->params[p.size_param].value.size,
			   IDL_SLOT_VALUE };
      m->items.push_back (idl_item { i, false, i == implied, count,
				     reply ? (unsigned) off : 0u, a,
				     p.max_bytes () });
      off += p.max_bytes ();
    }
  m->max_payload = off;
}

/* Do OP's messages fit the page's payload?  */
static bool
payloads_fit (const idl_operation *op)
{
  return (op->request.max_payload <= IDL_PAYLOAD_MAX
	  && op->reply.max_payload <= IDL_PAYLOAD_MAX);
}

/* A bulk operation (HACKING, "Large buffers: the design", 1): one
   whose largest request or reply could exceed the page's payload.
   Every string or buffer whose own bound could not fit the page
   becomes a bulk item; then, while a message still could not fit,
   the largest of the strings and buffers left, so that small ones
   keep the page's fast copy.  Bulk items are numbered in parameter
   order, the order of idl_callv_bulk's array and of the message's
   IDL_MSG_BULK slots.  */
static void
choose_bulk_items (idl_operation *op)
{
  op->bulk.clear ();
  for (idl_param &p : op->params)
    p.bulk = -1;
  layout_message (op, &op->request, false, false);
  layout_message (op, &op->reply, op->has_result, true);
  if (payloads_fit (op))
    return;
  std::vector<bool> chosen (op->params.size (), false);
  for (unsigned i = 0; i < op->params.size (); i++)
    {
      const idl_param &p = op->params[i];
      if ((p.kind == IDL_KIND_STRING || p.kind == IDL_KIND_BUFFER)
	  && p.max_bytes () > IDL_PAYLOAD_MAX)
	chosen[i] = true;
    }
  for (;;)
    {
      for (unsigned i = 0; i < op->params.size (); i++)
	op->params[i].bulk = chosen[i] ? 0 : -1;
      layout_message (op, &op->request, false, false);
      layout_message (op, &op->reply, op->has_result, true);
      if (payloads_fit (op))
	break;
      int largest = -1;
      for (unsigned i = 0; i < op->params.size (); i++)
	{
	  const idl_param &p = op->params[i];
	  if (!chosen[i] && (p.kind == IDL_KIND_STRING
			     || p.kind == IDL_KIND_BUFFER)
	      && (largest < 0
		  || p.max_bytes () > op->params[largest].max_bytes ()))
	    largest = i;
	}
      if (largest < 0)
	break;
      chosen[largest] = true;
    }
  for (unsigned i = 0; i < op->params.size (); i++)
    if (chosen[i])
      {
	op->params[i].bulk = op->bulk.size ();
	op->bulk.push_back (i);
      }
}

bool
idl_layout_operation (idl_operation *op)
{
  choose_bulk_items (op);
  /* An implied count's word, past both messages' words.  */
  for (idl_item &it : op->request.items)
    if (it.count_slot.param >= 0)
      {
	it.count_slot.word = MAX (op->request.words, op->reply.words) + 1;
	if (it.count_slot.word >= IDL_MR_WORDS)
	  {
	    /* No room for it: send the count after all.  */
	    layout_message (op, &op->request, false, false, false);
	    break;
	  }
      }
  return (op->request.words < IDL_MR_WORDS
	  && op->reply.words < IDL_MR_WORDS
	  && op->request.max_payload <= IDL_PAYLOAD_MAX
	  && op->reply.max_payload <= IDL_PAYLOAD_MAX
	  && op->request.nfds <= IDL_MAX_FDS
	  && op->reply.nfds <= IDL_MAX_FDS);
}

static const char *
param_name (const idl_operation *op, int i)
{
  if (i < 0 || op->params[i].record_result)
    return "<result>";
  tree decl = op->params[i].decl;
  return decl && DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl))
	 : "<unnamed>";
}

static void
dump_message (FILE *file, const char *what, const idl_operation *op,
	      const idl_message_layout &m)
{
  fprintf (file, "  %s: %u word%s after the tag", what, m.words,
	   m.words == 1 ? "" : "s");
  if (!m.items.empty ())
    fprintf (file, ", payload of at most %lu bytes",
	     (unsigned long) m.max_payload);
  if (m.nfds)
    fprintf (file, ", %u descriptor%s", m.nfds, m.nfds == 1 ? "" : "s");
  fputc ('\n', file);
  for (const idl_slot &s : m.slots)
    {
      const char *name = param_name (op, s.param);
      const char *ptr = s.param >= 0 && op->params[s.param].by_pointer
			&& !op->params[s.param].record_result ? " (*)" : "";
      switch (s.role)
	{
	case IDL_SLOT_BLOCK:
	  if (s.size <= 8)
	    fprintf (file, "    word %u: %s%s, %u bytes en bloc\n", s.word,
		     name, ptr, s.size);
	  else
	    fprintf (file, "    words %u-%u: %s%s, %u bytes en bloc\n", s.word,
		     s.word + (s.size + 7) / 8 - 1, name, ptr, s.size);
	  break;
	case IDL_SLOT_LENGTH:
	  fprintf (file, "    word %u bytes %u-%u: length of %s\n", s.word,
		   s.offset, s.offset + s.size - 1, name);
	  break;
	case IDL_SLOT_FD:
	  fprintf (file, "    word %u bytes %u-%u: descriptor index of %s\n",
		   s.word, s.offset, s.offset + s.size - 1, name);
	  break;
	default:
	  fprintf (file, "    word %u bytes %u-%u: %s%s\n", s.word, s.offset,
		   s.offset + s.size - 1, name, ptr);
	}
    }
  for (const idl_item &it : m.items)
    {
      const idl_param &p = op->params[it.param];
      const char *name = param_name (op, it.param);
      if (it.fixed)
	fprintf (file, "    payload bytes %u-%lu: %s, %lu bytes en bloc\n",
		 it.offset, (unsigned long) (it.offset + it.max_bytes - 1),
		 name, (unsigned long) it.max_bytes);
      else if (p.kind == IDL_KIND_STRING)
	{
	  fprintf (file, "    payload: %s, a string of at most %lu chars%s",
		   name, (unsigned long) p.max,
		   it.implied ? " and its NUL, ending the payload"
		   : &m == &op->request ? " and its NUL" : "");
	  if (p.typical)
	    fprintf (file, ", typically %lu", (unsigned long) p.typical);
	  fputc ('\n', file);
	}
      else
	{
	  fprintf (file, "    payload: %s, %s elements of %u bytes, at most "
		   "%lu", name, param_name (op, p.length_param >= 0
					   && (&m == &op->reply
					       || p.dir == IDL_DIR_INOUT)
					   ? p.length_param : p.size_param),
		   p.elem_size, (unsigned long) p.max);
	  if (p.typical)
	    fprintf (file, ", typically %lu", (unsigned long) p.typical);
	  if (it.implied)
	    fprintf (file, ", ending the payload (%s not sent)",
		     param_name (op, p.size_param));
	  fputc ('\n', file);
	}
    }  for (unsigned k = 0; k < op->bulk.size (); k++)
    {
      const idl_param &p = op->params[op->bulk[k]];
      if (&m == &op->request ? !p.sent () : !p.returned ())
	continue;
      fprintf (file, "    bulk item %u (%s): %s, a %s of at most %lu "
	       "bytes\n", k, p.dir == IDL_DIR_IN ? "in"
	       : p.dir == IDL_DIR_OUT ? "out" : "inout",
	       param_name (op, op->bulk[k]),
	       p.kind == IDL_KIND_STRING ? "string" : "buffer",
	       (unsigned long) p.max_bytes ());
    }
}

void
idl_dump_layout (FILE *file, const idl_operation *op)
{
  fprintf (file, "operation %s: interface %s, number %u%s\n", op->name (),
	   op->iface->name.c_str (), op->number,
	   op->oneway ? ", one-way" : "");
  dump_message (file, "request", op, op->request);
  if (!op->oneway)
    dump_message (file, "reply", op, op->reply);
}
