/* compact-stubs.h -- stage 4, compact mode: the emitters' entry points.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   With -fplugin-arg-idlstub-mode=compact the pass (pass.cc) calls
   these instead of fast mode's (fast-stubs.h).  Neither calls back into
   the pass or into fast mode.  */

#ifndef IDLSTUB_COMPACT_STUBS_H
#define IDLSTUB_COMPACT_STUBS_H

/* compact-client.cc: OP's client stub, the body of its prototype.  */
void idl_emit_compact_client_stub (idl_operation *op);

/* compact-server.cc: IFACE's dispatcher and table of operations, its
   thunks returned in THUNKS.  */
void idl_emit_compact_dispatcher (idl_interface *iface,
				  std::vector<tree> &thunks);

#endif /* IDLSTUB_COMPACT_STUBS_H */
