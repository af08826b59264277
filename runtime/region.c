/* region.c -- shared-memory regions handed over without a copy.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The runtime half of HACKING's "Large buffers", step 5, used by the
   stubs of IDL_REGION parameters (idl_region_prepare, _accept,
   _release) and usable by hand with an IDL_FD parameter: a region is a memfd the caller fills through a
   writable mapping and then seals against writing, shrinking and
   growing (F_SEAL_WRITE, F_SEAL_SHRINK, F_SEAL_GROW, F_SEAL_SEAL), so
   that the bytes a server checks can never change again; the server
   maps what it receives read-only after checking those seals and the
   size.  Handing one over costs a descriptor passed and a mapping made,
   whatever its size (FIDL's VMOs, Hubris's leases).

   Why sealing is enough: the kernel refuses F_SEAL_WRITE while any
   writable shared mapping of the file exists (EBUSY), and once it is
   set refuses every new writable mapping and write(2); so a caller
   that kept a writable mapping cannot seal, and a sealed region is
   immutable for everyone, the caller and any process it gave the
   descriptor to included.  idl_region_seal therefore drops the
   caller's own writable mapping first and maps the region again
   read-only.

   Off the call path: libc freely.  */

#define _GNU_SOURCE 1		/* memfd_create, F_ADD_SEALS */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <linux/magic.h>	/* TMPFS_MAGIC */
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "internal.h"

#define SEALS (F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW)

struct idl_region
{
  int fd;
  void *data;			/* the caller's mapping */
  size_t size;
  int sealed;
  int borrowed;			/* the server's: FD is the call's, which
				   the runtime closes after the reply */
};

static int
nomem_or (int e, int other)
{
  return e == ENOMEM || e == EMFILE || e == ENFILE || e == ENOSPC
	 ? IDL_E_NOMEM : other;
}

idl_region_t *
idl_region_new (size_t size, int *err)
{
  int dummy;
  idl_region_t *r;

  if (!err)
    err = &dummy;
  if (size == 0 || size > IDL_REGION_MAX)
    {
      *err = IDL_E_INVAL;
      return NULL;
    }
  r = calloc (1, sizeof *r);
  if (!r)
    {
      *err = IDL_E_NOMEM;
      return NULL;
    }
  r->size = size;
  r->fd = memfd_create ("idl-region", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (r->fd < 0 || ftruncate (r->fd, (off_t) size) != 0
      || (r->data = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED,
			  r->fd, 0)) == MAP_FAILED)
    {
      *err = nomem_or (errno, IDL_E_NOMEM);
      if (r->fd >= 0)
	close (r->fd);
      free (r);
      return NULL;
    }
  *err = IDL_OK;
  return r;
}

void *
idl_region_data (idl_region_t *r)
{
  return r->data;
}

size_t
idl_region_size (const idl_region_t *r)
{
  return r->size;
}

int
idl_region_fd (const idl_region_t *r)
{
  return r->fd;
}

int
idl_region_seal (idl_region_t *r)
{
  void *ro;

  if (!r)
    return IDL_E_INVAL;
  if (r->sealed)
    return IDL_OK;
  /* Our own writable mapping would make the kernel refuse the seal.  */
  munmap (r->data, r->size);
  r->data = NULL;
  if (fcntl (r->fd, F_ADD_SEALS, SEALS | F_SEAL_SEAL) != 0)
    {
      /* EBUSY: somebody kept a writable mapping (a fork's, one made
	 from the descriptor).  The region stays the caller's,
	 writable, as it was.  */
      int code = errno == EBUSY ? IDL_E_INVAL : nomem_or (errno,
							  IDL_E_INVAL);
      r->data = mmap (NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED,
		      r->fd, 0);
      if (r->data == MAP_FAILED)
	r->data = NULL;
      return code;
    }
  r->sealed = 1;
  ro = mmap (NULL, r->size, PROT_READ, MAP_SHARED, r->fd, 0);
  r->data = ro == MAP_FAILED ? NULL : ro;
  return r->data ? IDL_OK : IDL_E_NOMEM;
}

void
idl_region_free (idl_region_t *r)
{
  if (!r)
    return;
  if (r->data)
    munmap (r->data, r->size);
  close (r->fd);
  free (r);
}

const void *
idl_region_map (int fd, size_t *size, int *err)
{
  struct stat st;
  int dummy, seals;
  void *p;

  if (!err)
    err = &dummy;
  *err = IDL_E_INVAL;
  /* The seals first: with them, the size checked next cannot change
     under the mapping (no SIGBUS), nor the bytes under the reader.  */
  seals = fcntl (fd, F_GET_SEALS);
  if (seals < 0 || (seals & SEALS) != SEALS || fstat (fd, &st) != 0
      || st.st_size <= 0 || (uint64_t) st.st_size > IDL_REGION_MAX)
    return NULL;
  p = mmap (NULL, (size_t) st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    {
      *err = nomem_or (errno, IDL_E_INVAL);
      return NULL;
    }
  if (size)
    *size = (size_t) st.st_size;
  *err = IDL_OK;
  return p;
}

void
idl_region_unmap (const void *data, size_t size)
{
  if (data)
    munmap ((void *) data, size);
}

/* The stubs' part (IDL_REGION; plugin/region.cc).

   Client, at the call, once every bound is checked: an in region is
   sealed (idl_region_seal: the caller's writable mapping goes, and a
   region somebody else still maps writable cannot be sealed, so the
   call fails before anything is sent); an out region must not be
   sealed against writing, and is sealed against shrinking and growing
   so that the server's mapping cannot fault (SIGBUS past the end).
   Returns the region's own descriptor (the kernel sends a copy), or -1:
   the stub then fails the call with IDL_E_INVAL.  */
int
idl_region_prepare (idl_region_t *r, int how)
{
  if (!r)
    return -1;
  if (how == IDL_REGION_IN_)
    return idl_region_seal (r) == IDL_OK ? r->fd : -1;
  if (r->sealed || !r->data
      || fcntl (r->fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW) != 0)
    return -1;
  return r->fd;
}

/* Server, before the implementation runs: FD, received with the
   request, as a region of the kind HOW, or NULL (the stub replies
   IDL_E_BADMSG).  The seals first, then the size (which the seals
   keep), then the file system: ordinary shared memory, not hugetlbfs,
   whose pool can run out under a mapping (as bulk-server.c checks the
   bulk memfd).  An in region is mapped read-only and must be sealed
   against writing; an out region is mapped writable and must not be,
   and then nobody can seal it while the server's mapping lives.  */
idl_region_t *
idl_region_accept (int fd, int how)
{
  const int grow = F_SEAL_SHRINK | F_SEAL_GROW;
  struct stat st;
  struct statfs sf;
  int seals;
  idl_region_t *r;
  void *p;

  if (fd < 0)
    return NULL;
  seals = fcntl (fd, F_GET_SEALS);
  if (seals < 0
      || (how == IDL_REGION_IN_ ? (seals & SEALS) != SEALS
	  : (seals & grow) != grow || (seals & F_SEAL_WRITE))
      || fstat (fd, &st) != 0 || st.st_size <= 0
      || (uint64_t) st.st_size > IDL_REGION_MAX
      || fstatfs (fd, &sf) != 0 || sf.f_type != TMPFS_MAGIC)
    return NULL;
  r = calloc (1, sizeof *r);
  if (!r)
    return NULL;
  p = mmap (NULL, (size_t) st.st_size,
	    how == IDL_REGION_IN_ ? PROT_READ : PROT_READ | PROT_WRITE,
	    MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    {
      free (r);
      return NULL;
    }
  r->fd = fd;
  r->data = p;
  r->size = (size_t) st.st_size;
  r->sealed = how == IDL_REGION_IN_;
  r->borrowed = 1;
  return r;
}

/* Server, after the implementation and before the reply is published:
   the mapping goes (an out region's last write is done), and the
   descriptor stays for the runtime to close with the call's others.  */
void
idl_region_release (idl_region_t *r)
{
  if (!r)
    return;
  if (r->data)
    munmap (r->data, r->size);
  free (r);
}

int
idl_region_keep (const idl_region_t *r)
{
  return r ? fcntl (r->fd, F_DUPFD_CLOEXEC, 0) : -1;
}
