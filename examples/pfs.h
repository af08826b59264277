/* pfs.h -- the physical file system's interface, after SawMill's PFS.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   In SawMill Linux (paper 003, section 5.1) a physical file system is a
   user-level server that stores files; the virtual file system (VFS)
   owns the name space and passes each request on to the PFS that holds
   the file.  This is the PFS's side: objects by number (fobj), open
   handles, data by position.  The VFS (vfs-server.c) is its only
   client.  pfs_open, pfs_write and pfs_get_direntries keep the shape of
   the three calls paper 003 counts (table 4); see also
   testsuite/idlstub.gen/sawmill.h.

   Every operation returns 0 or a count on success and -errno on
   failure: that is the server's answer.  Whether the call reached the
   server at all is idl_error (b)'s business (idlrt.h).  */

#ifndef PFS_H
#define PFS_H

#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (pfs, 0x5f5, 1);

/* Longest object name; most bytes one read or write moves.  */
#define PFS_NAME_MAX 55
#define PFS_IO_MAX 16384
/* The object number of the one directory, which holds every file.  */
#define PFS_ROOT 0

/* What pfs_lookup says about an object: flat, so it crosses en bloc.  */
struct pfs_stat
{
  uint32_t fobj;
  uint32_t mode;		/* S_IFREG or S_IFDIR, and permissions */
  uint64_t size;
};

/* One directory entry: a fixed-size record, 64 bytes, with the name
   inside rather than pointed to.  */
struct pfs_dirent
{
  uint32_t fobj;
  uint8_t type;			/* DT_REG or DT_DIR */
  char name[PFS_NAME_MAX + 1];
};

/* NAME in directory DIR: its number, type and size in *ST.  */
IDL_OP (pfs, 1) int pfs_lookup (idl_binding_t *b, int dir,
				IDL_IN IDL_STRING (PFS_NAME_MAX)
				  const char *name,
				IDL_OUT struct pfs_stat *st);

/* A new empty file NAME in DIR, with permissions MODE.  */
IDL_OP (pfs, 2) int pfs_create (idl_binding_t *b, int dir,
				IDL_IN IDL_STRING (PFS_NAME_MAX)
				  const char *name,
				int mode, IDL_OUT int *fobj);

/* Open object FOBJ for CLIENT (the process the VFS serves) with open(2)
   FLAGS: *HANDLE names it in the calls below.  */
IDL_OP (pfs, 3) int pfs_open (idl_binding_t *b, int client, int fobj,
			      int flags, int mode, IDL_OUT int *handle);

/* Up to LEN bytes at POS: *GOT of them come back (IDL_LENGTH_IS), not
   the whole buffer.  */
IDL_OP (pfs, 4) int pfs_read (idl_binding_t *b, int handle, int64_t pos,
			      IDL_OUT IDL_SIZE_IS (len, PFS_IO_MAX)
				IDL_LENGTH_IS (got) void *data,
			      int len, IDL_OUT int *got);

/* LEN bytes at *POS, which moves past them.  Returns the count.  */
IDL_OP (pfs, 5) int pfs_write (idl_binding_t *b, int handle,
			       IDL_INOUT int64_t *pos, int len,
			       IDL_IN IDL_SIZE_IS (len, PFS_IO_MAX)
				 const void *data);

/* The directory open as HANDLE from entry *POS on: up to COUNT entries,
   *DATA_SIZE of them filled, *POS moved past them.  */
IDL_OP (pfs, 6) int pfs_get_direntries (idl_binding_t *b, int handle,
					IDL_INOUT int *pos, int count,
					IDL_OUT int *data_size,
					IDL_OUT IDL_SIZE_IS (count, 64)
					  IDL_LENGTH_IS (data_size)
					  struct pfs_dirent *data);

IDL_OP (pfs, 7) int pfs_close (idl_binding_t *b, int handle);

/* A descriptor for the storage of the file open as HANDLE: a new,
   read-only open file (its own offset) on the PFS's memfd.  Whoever
   holds it reads the file without asking the PFS again, and sees later
   writes; it cannot write.  */
IDL_OP (pfs, 8) int pfs_get_fd (idl_binding_t *b, int handle,
				IDL_OUT IDL_FD int *fd);

/* Remove NAME from DIR.  Open handles and descriptors keep the data.  */
IDL_OP (pfs, 9) int pfs_remove (idl_binding_t *b, int dir,
				IDL_IN IDL_STRING (PFS_NAME_MAX)
				  const char *name);

#endif /* PFS_H */
