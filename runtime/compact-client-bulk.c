/* compact-client-bulk.c -- compact mode's client engine for a bulk
   operation: idl_compact_call_bulk.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The general path (compact-client-general.h) with the bulk items'
   array (idlrt-abi.h, "Bulk items"): the items go to idl_callv_bulk,
   and their returned lengths are checked as a fast stub checks them.
   An object of its own so that only programs with bulk operations link
   it, and with it the bulk transport.  */

#include "compact-client-general.h"


uint64_t
idl_compact_call_bulk (idl_binding_t *b, const uint32_t *t,
		       void *const *argv, void *words)
{
  struct idl_bulk_item bulk[IDL_BULK_ITEMS];
  uint64_t len[256];
  return general (b, t, argv, words, len, bulk, NULL);
}
