/* sawmill.h -- SawMill's physical file system calls, after paper 003.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: gen
   Purpose: the three PFS operations whose stubs paper 003 counts
   (table 4), with the directions and sizes it gives:

     int pfs_open ([in] int client, fobj, flags, mode, [out] int *handle)
     int pfs_write ([in] int handle, [in,out] *pos, [in] int len,
		    data_size, [in, size_is data_size] int *data)
     int pfs_get_direntries ([in] int handle, [in,out] *pos,
			     [in] int count, [out] int data_size,
			     [out, size_is data_size] int **data)

   pfs_get_direntries' server allocates its out array; idlstub's out
   buffers are the caller's (paper 000, 4.5.3), so the caller passes
   room for COUNT fixed-size records and DATA_SIZE says how many came
   back (IDL_LENGTH_IS).  pfs_lookup is not in the table: it is the
   name-to-object call that precedes pfs_open, here so that the
   interface also carries a string each way.  */

#ifndef SAWMILL_H
#define SAWMILL_H

#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (pfs, 0x5a3, 2);

IDL_OP (pfs, 1) int pfs_open (idl_binding_t *b, int client, int fobj,
			      int flags, int mode, IDL_OUT int *handle);

IDL_OP (pfs, 2) int pfs_write (idl_binding_t *b, int handle,
			       IDL_INOUT int *pos, int len, int data_size,
			       IDL_SIZE_IS (data_size, 1024)
			       IDL_IN const int *data);

/* One directory entry: a fixed-size record (a name, not a pointer to
   one).  */
struct pfs_dirent
{
  uint32_t ino;
  uint16_t reclen;
  uint8_t type;
  char name[57];
};

IDL_OP (pfs, 3) int pfs_get_direntries (idl_binding_t *b, int handle,
					IDL_INOUT int *pos, int count,
					IDL_OUT int *data_size,
					IDL_SIZE_IS (count, 64)
					IDL_LENGTH_IS (data_size)
					IDL_OUT struct pfs_dirent *data);

/* The name of an object in directory DIR; the canonical path back.  */
IDL_OP (pfs, 4) int pfs_lookup (idl_binding_t *b, int dir,
				IDL_STRING (255) IDL_IN const char *name,
				IDL_OUT int *fobj,
				IDL_STRING (1023) IDL_OUT char *canonical);

#endif /* SAWMILL_H */
