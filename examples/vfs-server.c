/* vfs-server.c -- the virtual file system: a server of vfs.h that is
   itself a client of the PFS (pfs.h).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Usage: vfs-server NAME PFS-NAME
     serve vfs.h at NAME, with the PFS at PFS-NAME mounted at /pfs

   The VFS resolves path names and keeps the table of open files (which
   PFS handle, which offset, whose); every operation on a file becomes a
   call to the PFS (paper 003, section 5.1: the VFS propagates a request
   to the corresponding PFS server).  So a client's vfs_stat is two hops,
   client -> VFS -> PFS, and the PFS's reply comes back the same way: the
   implementations below pass their own out parameters, which point into
   the reply they will send, straight to the PFS's stubs, so a 4 KiB
   read is copied once in each process on its way.

   The server runs in the runtime's default mode: a thread per
   connection, the implementations serialized, so one binding to the
   PFS serves every implementation (one thread at a time) and nothing
   needs a lock.  Calls to
   the PFS have a deadline: a PFS that hangs or dies turns into -EIO
   for our client, not into a hung VFS.  SIGTERM or SIGINT stops it
   cleanly.  */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "vfs.h"
#include "pfs.h"

IDL_SERVER (vfs);		/* the plugin generates vfs_dispatch */

#define MAX_OPEN 64
#define PFS_TIMEOUT_US (2 * 1000 * 1000)
#define MOUNT "/pfs"

static idl_binding_t *pfs_b;	/* our connection to the PFS */

struct open_file
{
  int used;
  pid_t owner;			/* the client that opened it */
  int handle;			/* the PFS's handle */
  int is_dir;
  int64_t pos;			/* vfs_write's offset */
  int dirpos;			/* vfs_readdir's position */
};

static struct open_file files[MAX_OPEN];

/* A PFS call's result as our answer: the PFS's own (0, a count or
   -errno), or -EIO when the call did not get through (the PFS died,
   timed out, or refused the message).  */
static int
from_pfs (int r)
{
  int e = idl_error (pfs_b);
  if (e != IDL_OK)
    {
      fprintf (stderr, "vfs-server: PFS call failed: %s\n", idl_strerror (e));
      return -EIO;
    }
  return r;
}

/* PATH in the name space: 0 for the PFS's directory (MOUNT), 1 for a
   file in it, whose name *NAME then points to; or -errno.  */
static int
resolve (const char *path, const char **name)
{
  size_t m = strlen (MOUNT);
  if (strncmp (path, MOUNT, m) != 0 || (path[m] != 0 && path[m] != '/'))
    return -ENOENT;
  path += m;
  while (*path == '/')
    path++;
  if (*path == 0)
    return 0;
  if (strchr (path, '/'))
    return -ENOENT;		/* the PFS has no subdirectories */
  if (strlen (path) > PFS_NAME_MAX)
    return -ENAMETOOLONG;
  *name = path;
  return 1;
}

/* The caller's open file FD, or NULL.  */
static struct open_file *
file_of (idl_call_t *call, int fd)
{
  if (fd < 0 || fd >= MAX_OPEN || !files[fd].used
      || files[fd].owner != idl_call_peer_pid (call))
    return NULL;
  return &files[fd];
}

/* A free slot in the table, or -1.  The slots of clients that died
   without closing their files are reclaimed here (the PFS handles
   stay with the VFS's connection; closing them is not worth a call
   on this path).  */
static int
free_slot (void)
{
  for (int pass = 0; pass < 2; pass++)
    for (int fd = 0; fd < MAX_OPEN; fd++)
      {
	if (!files[fd].used)
	  return fd;
	if (pass == 1 && kill (files[fd].owner, 0) != 0 && errno == ESRCH)
	  {
	    pfs_close (pfs_b, files[fd].handle);
	    files[fd].used = 0;
	    return fd;
	  }
      }
  return -1;
}

int
vfs_null_impl (idl_call_t *call)
{
  return 0;
}

int
vfs_open_impl (idl_call_t *call, const char *path, int flags, int mode,
	       int *fd)
{
  const char *name;
  int kind = resolve (path, &name), r, fobj = PFS_ROOT, handle = -1;
  if (kind < 0)
    return kind;
  int slot = free_slot ();
  if (slot < 0)
    return -EMFILE;
  if (kind == 1)
    {
      struct pfs_stat st = { 0 };
      r = from_pfs (pfs_lookup (pfs_b, PFS_ROOT, name, &st));
      if (r == 0 && (flags & O_CREAT) && (flags & O_EXCL))
	return -EEXIST;
      if (r == -ENOENT && (flags & O_CREAT))
	r = from_pfs (pfs_create (pfs_b, PFS_ROOT, name, mode, &fobj));
      else if (r == 0)
	fobj = st.fobj;
      if (r < 0)
	return r;
    }
  r = from_pfs (pfs_open (pfs_b, idl_call_peer_pid (call), fobj,
			  flags & ~(O_CREAT | O_EXCL), mode, &handle));
  if (r < 0)
    return r;
  files[slot] = (struct open_file) { 1, idl_call_peer_pid (call), handle,
				     kind == 0, 0, 0 };
  *fd = slot;
  return 0;
}

int
vfs_close_impl (idl_call_t *call, int fd)
{
  struct open_file *f = file_of (call, fd);
  if (!f)
    return -EBADF;
  f->used = 0;
  return from_pfs (pfs_close (pfs_b, f->handle));
}

int
vfs_write_impl (idl_call_t *call, int fd, const void *data, int len)
{
  struct open_file *f = file_of (call, fd);
  if (!f)
    return -EBADF;
  if (len < 0 || len > PFS_IO_MAX)
    return -EINVAL;
  /* DATA points into our private copy of the request; it goes on to the
     PFS from there, and the PFS moves F->pos (in, out).  */
  return from_pfs (pfs_write (pfs_b, f->handle, &f->pos, len, data));
}

int
vfs_pread_impl (idl_call_t *call, int fd, int64_t pos, void *data, int len,
		int *got)
{
  struct open_file *f = file_of (call, fd);
  *got = 0;
  if (!f)
    return -EBADF;
  if (len < 0 || len > PFS_IO_MAX)
    return -EINVAL;
  /* DATA and GOT point into the reply we send: the PFS's stub unpacks
     its reply right there.  */
  return from_pfs (pfs_read (pfs_b, f->handle, pos, data, len, got));
}

int
vfs_stat_impl (idl_call_t *call, const char *path, struct vfs_stat *st)
{
  const char *name;
  struct pfs_stat ps = { 0 };
  int kind = resolve (path, &name);
  if (kind < 0)
    return kind;
  memset (st, 0, sizeof *st);
  if (kind == 0)
    {
      /* The mount point is ours: no need to ask.  */
      st->ino = PFS_ROOT;
      st->mode = S_IFDIR | 0755;
      return 0;
    }
  int r = from_pfs (pfs_lookup (pfs_b, PFS_ROOT, name, &ps));
  if (r < 0)
    return r;
  st->ino = ps.fobj;
  st->size = ps.size;
  st->mode = ps.mode;
  return 0;
}

int
vfs_readdir_impl (idl_call_t *call, int fd, struct vfs_dirent *ents,
		  int count, int *n)
{
  struct open_file *f = file_of (call, fd);
  struct pfs_dirent pe[32];
  int got = 0;
  *n = 0;
  if (!f)
    return -EBADF;
  if (!f->is_dir)
    return -ENOTDIR;
  if (count < 0 || count > 32)
    return -EINVAL;
  int r = from_pfs (pfs_get_direntries (pfs_b, f->handle, &f->dirpos, count,
					&got, pe));
  if (r < 0)
    return r;
  /* The PFS filled GOT entries; do not trust it with more than asked.  */
  if (got < 0 || got > count)
    return -EIO;
  for (int i = 0; i < got; i++)
    {
      memset (&ents[i], 0, sizeof ents[i]);
      ents[i].ino = pe[i].fobj;
      ents[i].type = pe[i].type;
      memcpy (ents[i].name, pe[i].name, sizeof ents[i].name - 1);
    }
  *n = got;
  return 0;
}

int
vfs_open_fd_impl (idl_call_t *call, const char *path, int *fd)
{
  const char *name;
  struct pfs_stat st = { 0 };
  int handle = -1, kind = resolve (path, &name);
  if (kind < 0)
    return kind;
  if (kind == 0)
    return -EISDIR;
  int r = from_pfs (pfs_lookup (pfs_b, PFS_ROOT, name, &st));
  if (r == 0)
    r = from_pfs (pfs_open (pfs_b, idl_call_peer_pid (call), st.fobj,
			    O_RDONLY, 0, &handle));
  if (r < 0)
    return r;
  /* The descriptor the PFS hands us goes straight on to our client:
     the runtime closes our copy once our reply has carried it.  */
  r = from_pfs (pfs_get_fd (pfs_b, handle, fd));
  pfs_close (pfs_b, handle);
  return r;
}

int
vfs_unlink_impl (idl_call_t *call, const char *path)
{
  const char *name;
  int kind = resolve (path, &name);
  if (kind < 0)
    return kind;
  if (kind == 0)
    return -EISDIR;
  return from_pfs (pfs_remove (pfs_b, PFS_ROOT, name));
}

static idl_server_t *server;

static void
stop (int sig)
{
  idl_server_stop (server);
}

int
main (int argc, char **argv)
{
  int err;
  if (argc != 3)
    {
      fprintf (stderr, "usage: vfs-server NAME PFS-NAME\n");
      return 2;
    }
  pfs_b = idl_connect (argv[2], &pfs, &err);
  if (!pfs_b)
    {
      fprintf (stderr, "vfs-server: PFS %s: %s\n", argv[2],
	       idl_strerror (err));
      return 1;
    }
  idl_set_timeout (pfs_b, PFS_TIMEOUT_US);

  server = idl_server_create (argv[1], &vfs, vfs_dispatch, &err);
  if (!server)
    {
      fprintf (stderr, "vfs-server: %s: %s\n", argv[1], idl_strerror (err));
      return 1;
    }
  signal (SIGTERM, stop);
  signal (SIGINT, stop);
  printf ("vfs-server: pid %d serving %s, %s mounted at %s\n",
	  (int) getpid (), argv[1], argv[2], MOUNT);
  fflush (stdout);

  int rc = idl_server_run (server);
  idl_server_destroy (server);
  idl_close (pfs_b);
  int open = 0;
  for (int fd = 0; fd < MAX_OPEN; fd++)
    open += files[fd].used;
  printf ("vfs-server: stopped, %d file%s left open\n", open,
	  open == 1 ? "" : "s");
  return rc == 0 ? 0 : 1;
}
