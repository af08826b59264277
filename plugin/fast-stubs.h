/* fast-stubs.h -- stage 4, fast mode: the emitters' entry points.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Fast mode (the default) gives each operation specialized GIMPLE: a
   client stub, a server stub, and each interface with IDL_SERVER a
   dispatcher.  The pass (pass.cc) calls emit_client_stub,
   emit_direct_table and emit_dispatcher; the dispatcher calls
   emit_server_stub for each of its operations, a client stub
   emit_direct_call.  Data flows one way: none of these calls back
   into the pass or into compact mode.  */

#ifndef IDLSTUB_FAST_STUBS_H
#define IDLSTUB_FAST_STUBS_H

#include "gimple-builder.h"

/* The most slots of a dispatcher's table indexed by the masked
   operation number (dispatcher.cc, dispatch_table).  */
#define IDL_DISPATCH_SLOTS_MAX 256
/* The most operations whose server stubs may be inlined into their
   dispatcher (server-stub.cc).  */
#define IDL_DISPATCH_INLINE_MAX IDL_DISPATCH_SLOTS_MAX

/* client-stub.cc: OP's client stub, the body of its prototype.  */
void emit_client_stub (idl_operation *op);

/* server-stub.cc: OP's server stub, a new static function called by
   DISPATCHER; returns its FUNCTION_DECL.  */
tree emit_server_stub (idl_operation *op, tree dispatcher);

/* dispatcher.cc: IFACE's dispatch table (slot -> index in IFACE->ops,
   or -1; empty for a switch), and its dispatcher, whose server stubs
   are returned in STUBS.  */
std::vector<int> dispatch_table (const idl_interface *iface);
void emit_dispatcher (idl_interface *iface, std::vector<tree> &stubs);

/* direct-call.cc: co-location (paper 001).  Whether OP's direct call
   means what its message does; the direct path of OP's client stub,
   at the point BB has reached; IFACE's table of implementations.  */
bool direct_capable (const idl_operation *op);
void emit_direct_call (body_builder &bb, idl_operation *op);
void emit_direct_table (idl_interface *iface);

/* region.cc: a server stub's regions (IDL_REGION) accepted, VALUES[i]
   each one's descriptor made its idl_region_t * (BAD if one is
   refused), and released after the implementation.  */
void region_server_accept (body_builder &bb, const idl_abi &abi,
			   const idl_operation *op,
			   std::vector<tree> &values, tree bad);
void region_server_release (body_builder &bb, const idl_abi &abi,
			    const idl_operation *op,
			    const std::vector<tree> &values);

#endif /* IDLSTUB_FAST_STUBS_H */
