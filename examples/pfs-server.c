/* pfs-server.c -- the physical file system: stores files in memfds.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Usage: pfs-server NAME      serve pfs.h at NAME ("@..." is abstract)

   One directory (object PFS_ROOT) holding up to MAX_FILES files; each
   file's bytes live in a memfd, so that pfs_get_fd can hand out a
   descriptor for them.  The server runs in the runtime's default mode,
   a thread per connection with the implementations serialized, so they
   need no locks; in that mode a waiting connection thread sleeps on its
   page's futex, the quickest wake-up when the VFS shares our CPU
   (idl_server_set_workers in idlrt.h).  SIGTERM or SIGINT stops it
   cleanly.

   Nothing a client sends is trusted: every object number, handle,
   length and name is checked here, although the dispatcher has already
   checked the message itself (bounds, string lengths).  A handle is
   good only on the connection of the process that opened it.  */

#define _GNU_SOURCE 1		/* memfd_create */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pfs.h"

IDL_SERVER (pfs);		/* the plugin generates pfs_dispatch */

#define MAX_FILES 64
#define MAX_HANDLES 64

struct object
{
  int used;
  int linked;			/* has a name in the directory */
  int opens;			/* handles on it */
  int memfd;			/* the bytes (-1 for the directory) */
  mode_t mode;
  char name[PFS_NAME_MAX + 1];
};

struct handle
{
  int used;
  int fobj;
  int flags;
  pid_t owner;			/* the process whose connection opened it */
};

static struct object objects[MAX_FILES];
static struct handle handles[MAX_HANDLES];

/* Free an object nobody can reach any more.  */
static void
release (int fobj)
{
  struct object *o = &objects[fobj];
  if (fobj != PFS_ROOT && !o->linked && o->opens == 0)
    {
      close (o->memfd);
      memset (o, 0, sizeof *o);
    }
}

/* The object open as HANDLE for the caller, or NULL.  */
static struct handle *
handle_of (idl_call_t *call, int handle)
{
  if (handle < 0 || handle >= MAX_HANDLES || !handles[handle].used
      || handles[handle].owner != idl_call_peer_pid (call))
    return NULL;
  return &handles[handle];
}

static int
valid_name (const char *name)
{
  return name[0] != 0 && strchr (name, '/') == NULL
	 && strcmp (name, ".") != 0 && strcmp (name, "..") != 0;
}

/* The linked file NAME in DIR, or -errno.  */
static int
find (int dir, const char *name)
{
  if (dir != PFS_ROOT)
    return dir > 0 && dir < MAX_FILES && objects[dir].used ? -ENOTDIR
	   : -ENOENT;
  if (!valid_name (name))
    return -ENOENT;
  for (int i = 1; i < MAX_FILES; i++)
    if (objects[i].linked && strcmp (objects[i].name, name) == 0)
      return i;
  return -ENOENT;
}

static uint64_t
size_of (const struct object *o)
{
  struct stat st;
  return o->memfd >= 0 && fstat (o->memfd, &st) == 0 ? (uint64_t) st.st_size
	 : 0;
}

int
pfs_lookup_impl (idl_call_t *call, int dir, const char *name,
		 struct pfs_stat *st)
{
  int fobj = find (dir, name);
  if (fobj < 0)
    return fobj;
  st->fobj = fobj;
  st->mode = objects[fobj].mode;
  st->size = size_of (&objects[fobj]);
  return 0;
}

int
pfs_create_impl (idl_call_t *call, int dir, const char *name, int mode,
		 int *fobj)
{
  int found = find (dir, name);
  if (found >= 0)
    return -EEXIST;
  if (found != -ENOENT || !valid_name (name))
    return found == -ENOENT ? -EINVAL : found;
  for (int i = 1; i < MAX_FILES; i++)
    if (!objects[i].used)
      {
	struct object *o = &objects[i];
	o->memfd = memfd_create (name, MFD_CLOEXEC);
	if (o->memfd < 0)
	  return -errno;
	o->used = o->linked = 1;
	o->opens = 0;
	o->mode = S_IFREG | (mode & 0777);
	snprintf (o->name, sizeof o->name, "%s", name);
	*fobj = i;
	return 0;
      }
  return -ENOSPC;
}

int
pfs_open_impl (idl_call_t *call, int client, int fobj, int flags, int mode,
	       int *handle)
{
  if (fobj < 0 || fobj >= MAX_FILES || !objects[fobj].used)
    return -ENOENT;
  struct object *o = &objects[fobj];
  int acc = flags & O_ACCMODE;
  if (acc != O_RDONLY && acc != O_WRONLY && acc != O_RDWR)
    return -EINVAL;
  if (S_ISDIR (o->mode) && acc != O_RDONLY)
    return -EISDIR;
  if (!S_ISDIR (o->mode) && (flags & O_DIRECTORY))
    return -ENOTDIR;
  for (int h = 0; h < MAX_HANDLES; h++)
    if (!handles[h].used)
      {
	if ((flags & O_TRUNC) && acc != O_RDONLY
	    && ftruncate (o->memfd, 0) != 0)
	  return -errno;
	handles[h] = (struct handle) { 1, fobj, flags,
				       idl_call_peer_pid (call) };
	o->opens++;
	*handle = h;
	return 0;
      }
  return -EMFILE;
}

int
pfs_read_impl (idl_call_t *call, int handle, int64_t pos, void *data,
	       int len, int *got)
{
  struct handle *h = handle_of (call, handle);
  *got = 0;
  if (!h || (h->flags & O_ACCMODE) == O_WRONLY)
    return -EBADF;
  if (S_ISDIR (objects[h->fobj].mode))
    return -EISDIR;
  if (len < 0 || len > PFS_IO_MAX || pos < 0)
    return -EINVAL;
  ssize_t r = pread (objects[h->fobj].memfd, data, len, pos);
  if (r < 0)
    return -errno;
  *got = (int) r;
  return 0;
}

int
pfs_write_impl (idl_call_t *call, int handle, int64_t *pos, int len,
		const void *data)
{
  struct handle *h = handle_of (call, handle);
  if (!h || (h->flags & O_ACCMODE) == O_RDONLY)
    return -EBADF;
  if (len < 0 || len > PFS_IO_MAX || *pos < 0)
    return -EINVAL;
  ssize_t r = pwrite (objects[h->fobj].memfd, data, len, *pos);
  if (r < 0)
    return -errno;
  *pos += r;
  return (int) r;
}

int
pfs_get_direntries_impl (idl_call_t *call, int handle, int *pos, int count,
			 int *data_size, struct pfs_dirent *data)
{
  struct handle *h = handle_of (call, handle);
  int n = 0, i;
  *data_size = 0;
  if (!h)
    return -EBADF;
  if (!S_ISDIR (objects[h->fobj].mode))
    return -ENOTDIR;
  if (*pos < 0 || count < 0)
    return -EINVAL;
  /* *POS is the object number to go on from: entries removed or added
     meanwhile do not shift the others.  */
  for (i = *pos < 1 ? 1 : *pos; i < MAX_FILES && n < count; i++)
    if (objects[i].linked)
      {
	memset (&data[n], 0, sizeof data[n]);
	data[n].fobj = i;
	data[n].type = DT_REG;
	snprintf (data[n].name, sizeof data[n].name, "%s", objects[i].name);
	n++;
      }
  *pos = i;
  *data_size = n;
  return 0;
}

int
pfs_close_impl (idl_call_t *call, int handle)
{
  struct handle *h = handle_of (call, handle);
  if (!h)
    return -EBADF;
  int fobj = h->fobj;
  h->used = 0;
  objects[fobj].opens--;
  release (fobj);
  return 0;
}

int
pfs_get_fd_impl (idl_call_t *call, int handle, int *fd)
{
  struct handle *h = handle_of (call, handle);
  char path[64];
  if (!h || (h->flags & O_ACCMODE) == O_WRONLY)
    return -EBADF;
  if (S_ISDIR (objects[h->fobj].mode))
    return -EISDIR;
  /* Reopening through /proc makes a new open file, read-only and with
     its own offset, where dup would share ours and allow writing.  The
     runtime closes our copy once the reply has carried it.  */
  snprintf (path, sizeof path, "/proc/self/fd/%d", objects[h->fobj].memfd);
  *fd = open (path, O_RDONLY | O_CLOEXEC);
  return *fd < 0 ? -errno : 0;
}

int
pfs_remove_impl (idl_call_t *call, int dir, const char *name)
{
  int fobj = find (dir, name);
  if (fobj < 0)
    return fobj;
  objects[fobj].linked = 0;
  release (fobj);
  return 0;
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
  if (argc != 2)
    {
      fprintf (stderr, "usage: pfs-server NAME\n");
      return 2;
    }
  objects[PFS_ROOT] = (struct object) { 1, 1, 0, -1, S_IFDIR | 0755, "" };

  int err;
  server = idl_server_create (argv[1], &pfs, pfs_dispatch, &err);
  if (!server)
    {
      fprintf (stderr, "pfs-server: %s: %s\n", argv[1], idl_strerror (err));
      return 1;
    }
  signal (SIGTERM, stop);
  signal (SIGINT, stop);
  printf ("pfs-server: pid %d serving %s\n", (int) getpid (), argv[1]);
  fflush (stdout);

  int rc = idl_server_run (server);
  idl_server_destroy (server);
  int files = 0;
  for (int i = 1; i < MAX_FILES; i++)
    files += objects[i].linked;
  printf ("pfs-server: stopped, %d file%s stored\n", files,
	  files == 1 ? "" : "s");
  return rc == 0 ? 0 : 1;
}
