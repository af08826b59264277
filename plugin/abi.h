/* abi.h -- stage 3: the transport ABI the stubs call.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What a generated stub needs to know about libidlrt: the entry points
   (declared in runtime/idlrt.h), the tag words (runtime/idlrt-abi.h),
   and where the binding keeps its message registers.  Emission asks
   this module, and only this module knows those names, so a second
   transport is a second implementation of this interface.  */

#ifndef IDLSTUB_ABI_H
#define IDLSTUB_ABI_H

#include "idlrt-abi.h"

/* The runtime's entry points, as FUNCTION_DECLs (built once).  */
struct idl_abi
{
  tree u64;			/* uint64_t */
  tree u64_ptr;			/* uint64_t * */
  tree alias_ptr;		/* char * (ref-all): alias set 0 */
  tree call_r4, call_m;		/* idl_callv_r4, idl_callv_m */
  tree reply;			/* idl_reply_t, what they return */
  tree reply_tag, reply_view;	/* its fields */
  tree send_r4, send_m;		/* idl_send_r4, idl_send_m */
  tree stub_failed;		/* idl_stub_failed */
  tree request_payload;		/* idl_request_payload */
  tree call_x, send_x;		/* idl_callv_x, idl_send_x */
  tree stub_error;		/* idl_stub_error */
  tree stub_direct_ok;		/* idl_stub_direct_ok */
  tree int_ptr;			/* const int * */
  tree u64_cptr;		/* const uint64_t * */
  tree compact_call;		/* idl_compact_call */
  tree error, error_errno;	/* idl_error, idl_error_errno */
  tree call_bulk;		/* idl_callv_bulk */
  tree bulk_item;		/* struct idl_bulk_item (idlrt.h) */
  tree bulk_ptr, bulk_len, bulk_max, bulk_dir;	/* its fields */
  /* Regions (IDL_REGION): idl_region_prepare, idl_region_accept,
     idl_region_release; their region pointers are void * here.  */
  tree region_prepare, region_accept, region_release;
};

const idl_abi &idl_get_abi (tree binding_ptr_type);
/* idl_compact_dispatch, for a dispatcher of type DISPATCHER_TYPE.  */
tree idl_compact_dispatch_decl (tree dispatcher_type);
void idl_abi_note_decl (tree fndecl);
/* The C library's function CODE (memcpy, strnlen) for a call a stub
   makes, called without a PLT; not a built-in, so never expanded
   inline.  */
tree idl_libc_decl (enum built_in_function code);

/* What OP's client stub returns when a call failed, the binding's
   error recorded (model.h, idl_fails_kind): without a failure value of
   its own what failed_call_result gives (zero, a zeroed record, or
   NULL_TREE); else the operation's IDL_FAILS value, or idl_error_errno
   (BINDING) for IDL_FAILS_ERRNO, emitted into BB.  */
class body_builder;
tree idl_failed_result (body_builder &bb, const idl_operation *op,
			tree binding);
/* After a compact engine's call that returns OP's result bits R (0 on
   failure as on a result of zero): R as OP's result if the call went
   through, else its failure value.  R itself when OP has no failure
   value of its own.  */
tree idl_checked_result (body_builder &bb, const idl_operation *op,
			 tree binding, tree r);

/* Tag words.  */
unsigned HOST_WIDE_INT idl_request_tag (const idl_operation *op);
unsigned HOST_WIDE_INT idl_reply_tag (const idl_operation *op);
unsigned HOST_WIDE_INT idl_error_tag (int code);

#endif /* IDLSTUB_ABI_H */
