/* idlstub-server.c -- bench/callgrind-rpcs: the plugin's dispatchers.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compiled with -fplugin=idlstub (and the mode under test): the
   dispatchers and server stubs of both interfaces, and nothing else, so
   that this object's size is theirs.  The work functions are declared
   in rpcs.h, where the plugin checks them against the operations.  */

#include "rpcs.h"

IDL_SERVER (idl4bench);
IDL_SERVER (pfs);

const idl_interface_t *const rpcs_server_iface[2] = { &idl4bench, &pfs };
const idl_dispatch_fn rpcs_server_dispatch[2] = { idl4bench_dispatch,
						  pfs_dispatch };
