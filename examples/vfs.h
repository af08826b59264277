/* vfs.h -- the virtual file system's interface: what a program calls.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The VFS (vfs-server.c) owns the name space and the table of open
   files; it passes every operation on a file to the physical file
   system that stores it (pfs.h), as SawMill's VFS does (paper 003,
   section 5.1).  One PFS is mounted, at /pfs: "/pfs" is its directory
   and "/pfs/NAME" a file in it.

   Descriptors come in two kinds here.  An int fd from vfs_open is the
   VFS's number for an open file, good only in calls to the VFS, by the
   process that opened it.  vfs_open_fd hands over a real kernel
   descriptor instead (IDL_FD): the PFS's storage of the file, read-only,
   which the program reads with read(2) or mmap(2) without any further
   call; the analogue of SawMill's clients reading from their PFS
   directly once the VFS has opened the file.

   Every operation returns 0 or a count on success and -errno on
   failure (the server's answer); idl_error (b) says whether the call
   got through at all (idlrt.h).  */

#ifndef VFS_H
#define VFS_H

#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (vfs, 0x5f6, 1);

#define VFS_PATH_MAX 1023
#define VFS_NAME_MAX 55
#define VFS_IO_MAX 16384

struct vfs_stat
{
  uint64_t ino;
  uint64_t size;
  uint32_t mode;		/* S_IFREG or S_IFDIR, and permissions */
  uint32_t pad;
};

struct vfs_dirent
{
  uint64_t ino;
  uint8_t type;			/* DT_REG or DT_DIR */
  char name[VFS_NAME_MAX + 1];
};

/* Does nothing, in the VFS alone: the cost of one hop.  */
IDL_OP (vfs, 1) int vfs_null (idl_binding_t *b);

/* Open PATH with open(2) FLAGS (O_CREAT creates a file with permissions
   MODE; O_DIRECTORY for a directory to list): *FD is the VFS's number
   for it.  */
IDL_OP (vfs, 2) int vfs_open (idl_binding_t *b,
			      IDL_IN IDL_STRING (VFS_PATH_MAX)
				const char *path,
			      int flags, int mode, IDL_OUT int *fd);

IDL_OP (vfs, 3) int vfs_close (idl_binding_t *b, int fd);

/* LEN bytes at FD's offset, which moves past them.  Returns the
   count.  */
IDL_OP (vfs, 4) int vfs_write (idl_binding_t *b, int fd,
			       IDL_IN IDL_SIZE_IS (len, VFS_IO_MAX)
				 const void *data,
			       int len);

/* Up to LEN bytes at offset POS; *GOT of them come back.  */
IDL_OP (vfs, 5) int vfs_pread (idl_binding_t *b, int fd, int64_t pos,
			       IDL_OUT IDL_SIZE_IS (len, VFS_IO_MAX)
				 IDL_LENGTH_IS (got) void *data,
			       int len, IDL_OUT int *got);

IDL_OP (vfs, 6) int vfs_stat (idl_binding_t *b,
			      IDL_IN IDL_STRING (VFS_PATH_MAX)
				const char *path,
			      IDL_OUT struct vfs_stat *st);

/* The next entries of the directory open as FD: up to COUNT, *N of them
   filled; *N == 0 at the end.  */
IDL_OP (vfs, 7) int vfs_readdir (idl_binding_t *b, int fd,
				 IDL_OUT IDL_SIZE_IS (count, 32)
				   IDL_LENGTH_IS (n) struct vfs_dirent *ents,
				 int count, IDL_OUT int *n);

/* A read-only kernel descriptor for the file PATH (see above).  */
IDL_OP (vfs, 8) int vfs_open_fd (idl_binding_t *b,
				 IDL_IN IDL_STRING (VFS_PATH_MAX)
				   const char *path,
				 IDL_OUT IDL_FD int *fd);

IDL_OP (vfs, 9) int vfs_unlink (idl_binding_t *b,
				IDL_IN IDL_STRING (VFS_PATH_MAX)
				  const char *path);

#endif /* VFS_H */
