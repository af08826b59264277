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
   the result first, then what comes back (inout and out values).

   Nothing here looks at GCC trees: sizes in, word positions out.  */

#include "gcc-compat.h"
#include "model.h"
#include "layout.h"

/* Place a value of SIZE bytes; USED holds one byte mask per word.  */
static idl_slot
place (std::vector<unsigned char> &used, int param, unsigned size)
{
  unsigned char mask = (unsigned char) ((1u << size) - 1);
  for (unsigned w = 0; w < used.size (); w++)
    for (unsigned off = 0; off + size <= 8; off += size)
      if ((used[w] & (mask << off)) == 0)
	{
	  used[w] |= mask << off;
	  return idl_slot { param, w + 1, off, size };
	}
  used.push_back (mask);
  return idl_slot { param, (unsigned) used.size (), 0, size };
}

static void
finish (idl_message_layout *m, std::vector<unsigned char> &used)
{
  m->words = used.size ();
}

bool
idl_layout_operation (idl_operation *op)
{
  std::vector<unsigned char> used;

  op->request.slots.clear ();
  for (unsigned i = 0; i < op->params.size (); i++)
    if (op->params[i].sent ())
      op->request.slots.push_back (place (used, i,
					  op->params[i].value.size));
  finish (&op->request, used);

  used.clear ();
  op->reply.slots.clear ();
  if (op->has_result)
    op->reply.slots.push_back (place (used, -1, op->result.size));
  for (unsigned i = 0; i < op->params.size (); i++)
    if (op->params[i].returned ())
      op->reply.slots.push_back (place (used, i, op->params[i].value.size));
  finish (&op->reply, used);

  return (op->request.words < IDL_MR_WORDS
	  && op->reply.words < IDL_MR_WORDS);
}

static void
dump_message (FILE *file, const char *what, const idl_operation *op,
	      const idl_message_layout &m)
{
  fprintf (file, "  %s: %u word%s after the tag\n", what, m.words,
	   m.words == 1 ? "" : "s");
  for (const idl_slot &s : m.slots)
    {
      const char *name = "<result>";
      if (s.param >= 0)
	{
	  tree decl = op->params[s.param].decl;
	  name = decl && DECL_NAME (decl)
		 ? IDENTIFIER_POINTER (DECL_NAME (decl)) : "<unnamed>";
	}
      fprintf (file, "    word %u bytes %u-%u: %s%s\n", s.word, s.offset,
	       s.offset + s.size - 1, name,
	       s.param >= 0 && op->params[s.param].by_pointer ? " (*)" : "");
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
