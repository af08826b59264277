/* idlblocks.h -- round trips of records and arrays for the block tests.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   arg-block-words.c and arg-block-payload.c check the same things of
   blocks of different sizes.  Each defines, for every block type
   NAME_t, gen_NAME (p, seed), hash_NAME (p) and twist_NAME (p), and the
   operations val_NAME, in_NAME, out_NAME and io_NAME; then, in main
   with the binding B, BLOCK_TYPES (BLOCK_ROUND_TRIPS) sends each type
   by value, in, out and inout for 20 seeds, with guard bytes on both
   sides of every object that comes back.  */

#ifndef IDLBLOCKS_H
#define IDLBLOCKS_H

#include <stdint.h>
#include <string.h>
#include "idltest.h"

#define GUARD 64
#define GUARD_BYTE 0xd2

static void
check_guard (const unsigned char *g)
{
  for (int i = 0; i < GUARD; i++)
    CHECK (g[i] == GUARD_BYTE);
}

#define BLOCK_ROUND_TRIPS(N, NAME)						\
  for (uint64_t seed = 1; seed <= 20; seed++)				\
    {									\
      struct								\
      {									\
	unsigned char pre[GUARD];					\
	NAME##_t v;							\
	unsigned char post[GUARD];					\
      } g;								\
      NAME##_t want, orig;						\
      gen_##NAME (&orig, seed);						\
									\
      /* By value and through an in pointer.  */			\
      if (val_##NAME (b, -1, orig, 0x5ca1ab1e) != hash_##NAME (&orig))	\
	fprintf (stderr, "val_%s, seed %d\n", #NAME, (int) seed);	\
      CHECK (idl_error (b) == IDL_OK);					\
      CHECK (val_##NAME (b, -1, orig, 0x5ca1ab1e) == hash_##NAME (&orig)); \
      memset (&g, GUARD_BYTE, sizeof g);				\
      g.v = orig;							\
      CHECK (in_##NAME (b, &g.v) == hash_##NAME (&orig));		\
      CHECK (idl_error (b) == IDL_OK);					\
									\
      /* Out: the server's value, in place.  */				\
      memset (&g, GUARD_BYTE, sizeof g);				\
      CHECK (out_##NAME (b, seed + 1000, &g.v) == 1);			\
      CHECK (idl_error (b) == IDL_OK);					\
      gen_##NAME (&want, seed + 1000);					\
      if (hash_##NAME (&g.v) != hash_##NAME (&want))			\
	fprintf (stderr, "out_%s, seed %d\n", #NAME, (int) seed);	\
      CHECK (hash_##NAME (&g.v) == hash_##NAME (&want));		\
      check_guard (g.pre);						\
      check_guard (g.post);						\
									\
      /* Inout: sent, twisted, back in place.  */			\
      memset (&g, GUARD_BYTE, sizeof g);				\
      g.v = orig;							\
      want = orig;							\
      twist_##NAME (&want);						\
      CHECK (io_##NAME (b, &g.v) == hash_##NAME (&orig));		\
      CHECK (idl_error (b) == IDL_OK);					\
      if (hash_##NAME (&g.v) != hash_##NAME (&want))			\
	fprintf (stderr, "io_%s, seed %d\n", #NAME, (int) seed);	\
      CHECK (hash_##NAME (&g.v) == hash_##NAME (&want));		\
      check_guard (g.pre);						\
      check_guard (g.post);						\
    }

#endif /* IDLBLOCKS_H */
