/* compact-client-region.c -- compact mode's client engine for an
   operation with regions: idl_compact_call_region and
   idl_compact_call_bulk_region.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The general path (compact-client-general.h) with regions
   (IDL_REGION; idlrt-abi.h, "Compact mode"): each region's slot names
   an idl_region_t * in ARGV, which the engine prepares once every
   bound is checked (idl_region_prepare: an in region sealed, an out or
   inout one sealed against resizing) and sends as its descriptor, as
   a fast stub does (plugin/client-stub.cc, step 1; general's step
   3a).  An object of its own, as compact-client-bulk.c is, so that
   only programs with region operations link region.o from the client
   side.  */

#include "compact-client-general.h"

uint64_t
idl_compact_call_region (idl_binding_t *b, const uint32_t *t,
			 void *const *argv, void *words)
{
  uint64_t len[256];
  void *rargv[256];
  return general (b, t, argv, words, len, NULL, rargv);
}

uint64_t
idl_compact_call_bulk_region (idl_binding_t *b, const uint32_t *t,
			      void *const *argv, void *words)
{
  struct idl_bulk_item bulk[IDL_BULK_ITEMS];
  uint64_t len[256];
  void *rargv[256];
  return general (b, t, argv, words, len, bulk, rargv);
}
