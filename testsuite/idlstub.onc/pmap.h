/* pmap.h -- the portmapper, version 2 (RFC 1833, section 3), as an
   idlstub interface: a service nobody here wrote (rpcbind answers it),
   called through an annotated header.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The program is rpcbind's own number and version; procedure 0 (NULL)
   is idl_null; DUMP (a linked list) and CALLIT are left out.  The .x
   the protocol is written in says:

     struct mapping { unsigned int prog; unsigned int vers;
		      unsigned int prot; unsigned int port; };
     program PMAP_PROG {
       version PMAP_VERS {
	 bool PMAPPROC_SET (mapping) = 1;
	 bool PMAPPROC_UNSET (mapping) = 2;
	 unsigned int PMAPPROC_GETPORT (mapping) = 3;
       } = 2;
     } = 100000;  */

#ifndef PMAP_H
#define PMAP_H

#include <idlstub.h>

struct mapping
{
  unsigned prog, vers, prot, port;
};

IDL_INTERFACE (pmap, 0x706d6170, 2);
IDL_ONC_PROGRAM (pmap, 100000, 2);

IDL_OP (pmap, 1) _Bool pmap_set (idl_binding_t *b, struct mapping m);
IDL_OP (pmap, 2) _Bool pmap_unset (idl_binding_t *b, struct mapping m);
IDL_OP (pmap, 3) unsigned pmap_getport (idl_binding_t *b, struct mapping m);

#endif /* PMAP_H */
