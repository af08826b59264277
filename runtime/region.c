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
   size.  Handing one over costs a descriptor passed and a mapping made
   (an in region's only at its first call: the cache below), whatever
   its size (FIDL's VMOs, Hubris's leases).

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
#include <pthread.h>
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
  int cached;			/* DATA is the region cache's */
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

/* The in-region mapping cache (issue 20).

   What a handover cost grew with was never the descriptor: it was the
   server's mapping.  Measured on 6.18 (mmap, first read, munmap of a
   sealed memfd, median ns): 4 KiB 1857 + 1740 + 2437, 64 KiB
   1938 + 3487 + 7307, 256 MiB 1832 + 4219 + 6972, 1 GiB
   1836 + 5174 + 9877.  The first read maps up to 16 pages around the
   fault (fault-around, 64 KiB), which munmap then takes down page by
   page; a mapping past 2 MiB gets page tables of its own, allocated at
   the fault and freed at munmap; and munmap walks the whole range
   (about 1 us per 256 MiB).  None of it is needed twice for a sealed
   region: its bytes and size can never change, so the mapping made
   for one call is as good for the next.

   So an in region's read-only mapping outlives its call here, keyed by
   the inode (st_dev, st_ino, which the live mapping keeps from being
   reused, and st_size, st_mtim, st_ctim besides, which sealed bytes
   keep), and a later call with the same region finds it: the call then
   costs the descriptor, the checks (seals, size, file system: every
   call, before the lookup) and a lock.  Bound: IDL_REGION_CACHE
   mappings, IDL_REGION_MAX bytes together; past either, the least
   recently used mapping no call is using goes, and a region that still
   does not fit is mapped for its call alone, as before.  Lifetime: a
   cached mapping goes when evicted, or when any connection of the
   process's servers ends (idl_region_cache_trim, server.c), so a
   client's regions are released at the latest when it disconnects or
   dies.  The cost of that: the memory of a region the caller freed
   stays allocated while a server still caches its mapping.  Out
   regions are never cached: a writable mapping kept by the server
   would keep the caller from sealing the region afterwards.  */

#define IDL_REGION_CACHE 8

struct cached_map
{
  dev_t dev;
  ino_t ino;
  size_t size;
  struct timespec mtim, ctim;
  void *data;			/* NULL: a free slot */
  unsigned users;		/* calls using it now: never evicted */
  unsigned long last;		/* cache_tick at its last use */
};

static struct cached_map cache[IDL_REGION_CACHE];
static size_t cache_bytes;
static unsigned long cache_tick;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* Where the server maps a region (issue 20).

   What was left of a call's growth with the region's size once the
   cache kept in regions mapped was mostly page tables.  The kernel
   puts a new mapping just below the lowest one it has (top down), so a
   4 KiB region's page lands in a 2 MiB block whose page table exists
   already (its neighbours'), but a 256 MiB region's first page starts
   a block of its own: the first touch allocates a page table and
   munmap frees it again.  Measured on 6.18 (median ns of mmap of a
   memfd, a write to its first byte, munmap): 1697 + 1655 + 2508 at
   4 KiB and 1742 + 4341 + 5451 at 256 MiB in a block of its own, and
   1719 + 1768 + 3104 at 256 MiB one page past a live mapping in the
   same block.

   So the server keeps IDL_REGION_SLOTS anchors: one page each, mapped
   PROT_NONE at the start of the last 2 MiB block of a 1 GiB range and
   touched once (its block's page table then exists and, the anchor
   being a mapping, outlives the munmap of a neighbour: free_pgtables
   stops at it), each followed by 2 GiB of address space left free.  A
   region is mapped with MAP_FIXED_NOREPLACE one page past a free
   anchor; if something else took that space (top-down placement fills
   a hole from its far end, so the space next to an anchor goes last),
   the slot is retired and the region goes where the kernel puts it, as
   before.  Past the anchor's block, a region lies in the next 1 GiB
   range, whose table of page tables nothing has touched: munmap's walk
   of the region (about 2 us more at 256 MiB than at 4 KiB, 5 us at
   1 GiB, when the region shared that table with the anchor) then skips
   it whole, and costs what the implementation touched, not what it was
   given.  Server side of a call (bench/region-map, median ns, 4 KiB /
   256 MiB / 1 GiB): out 7554 / 8169 / 8089, against 7879 / 11561 /
   16004 before; an in region's first call 4926 / 6521 / 6535, against
   5131 / 8093 / 9333 (from 64 KiB up the same: its first read maps up
   to 16 pages, fault-around, and a 4 KiB region has one).  What is
   left is not avoidable here: an out region's mapping cannot be kept,
   nor unmapped after the reply, since the caller may seal the region
   as soon as the call returns (F_SEAL_WRITE fails with EBUSY while the
   server's writable mapping lives).  Cost: 40 KiB of page tables, no
   memory for the anchors (their touch reads the zero page), 21 GiB of
   address space reserved once (PROT_NONE) and freed again.  */

#define IDL_REGION_SLOTS (IDL_REGION_CACHE + 2)
#define PMD_SPAN ((size_t) 2 << 20)	/* what one page table maps */
#define PUD_SPAN ((size_t) 1 << 30)	/* what one page of those maps */
#define SLOT_AT 4096		/* the region's start past its anchor */
#define SLOT_LEAD (PUD_SPAN - PMD_SPAN)	/* an anchor past a PUD_SPAN */
#define SLOT_STRIDE (2 * PUD_SPAN)	/* >= SLOT_AT + IDL_REGION_MAX */

enum { SLOT_FREE, SLOT_USED, SLOT_GONE };
static char *slot_anchor[IDL_REGION_SLOTS];
static unsigned char slot_state[IDL_REGION_SLOTS];
static int slots_made;		/* 1: made, -1: could not be */
static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;

/* Under slot_lock: the anchors, once per process.  4 KiB pages and
   64-bit address spaces only; elsewhere every region goes where the
   kernel puts it.  */
static void
slots_make (void)
{
  size_t total = IDL_REGION_SLOTS * SLOT_STRIDE + PUD_SPAN;
  char *p, *base, *from;

  slots_made = -1;
  for (int i = 0; i < IDL_REGION_SLOTS; i++)
    slot_state[i] = SLOT_GONE;
  if (sizeof (void *) < 8 || sysconf (_SC_PAGESIZE) != 4096)
    return;
  p = mmap (NULL, total, PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return;
  base = (char *) (((uintptr_t) p + PUD_SPAN - 1) & ~(PUD_SPAN - 1));
  from = p;
  for (int i = 0; i < IDL_REGION_SLOTS; i++)
    {
      char *a = base + i * SLOT_STRIDE + SLOT_LEAD;
      /* The address space up to the anchor goes back to the kernel:
	 not reserved, only left free.  */
      munmap (from, (size_t) (a - from));
      from = a;
      if (mmap (a, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS
		| MAP_FIXED, -1, 0) != a)
	continue;		/* its page goes with the next hole */
      from = a + 4096;
      (void) *(volatile char *) a;	/* the block's page table */
      mprotect (a, 4096, PROT_NONE);
      slot_anchor[i] = a;
      slot_state[i] = SLOT_FREE;
    }
  munmap (from, (size_t) (p + total - from));
  slots_made = 1;
}

/* SIZE bytes of FD mapped with PROT, SLOT_AT past a free anchor if
   there is one; MAP_FAILED with errno.  */
static void *
region_mmap (int fd, size_t size, int prot)
{
  int slot = -1;
  void *p;

  pthread_mutex_lock (&slot_lock);
  if (!slots_made)
    slots_make ();
  for (int i = 0; i < IDL_REGION_SLOTS && slot < 0; i++)
    if (slot_state[i] == SLOT_FREE)
      slot = i;
  if (slot >= 0)
    slot_state[slot] = SLOT_USED;
  pthread_mutex_unlock (&slot_lock);
  if (slot >= 0)
    {
      char *want = slot_anchor[slot] + SLOT_AT;
      p = mmap (want, size, prot, MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
      if (p == want)
	return p;
      /* Taken (EEXIST), or a kernel before 4.17 that took the flag
	 for a hint: the slot is retired, and the region mapped where
	 the kernel wants, as it would have been without slots.  */
      if (p != MAP_FAILED)
	munmap (p, size);
      pthread_mutex_lock (&slot_lock);
      slot_state[slot] = SLOT_GONE;
      pthread_mutex_unlock (&slot_lock);
    }
  return mmap (NULL, size, prot, MAP_SHARED, fd, 0);
}

/* Unmap what region_mmap gave; its slot, if it had one, is free.  */
static void
region_munmap (void *p, size_t size)
{
  munmap (p, size);
  pthread_mutex_lock (&slot_lock);
  for (int i = 0; i < IDL_REGION_SLOTS; i++)
    if (slot_state[i] == SLOT_USED && slot_anchor[i] + SLOT_AT == (char *) p)
      slot_state[i] = SLOT_FREE;
  pthread_mutex_unlock (&slot_lock);
}

static int
cache_same (const struct cached_map *m, const struct stat *st)
{
  return m->data && m->dev == st->st_dev && m->ino == st->st_ino
	 && m->size == (size_t) st->st_size
	 && m->mtim.tv_sec == st->st_mtim.tv_sec
	 && m->mtim.tv_nsec == st->st_mtim.tv_nsec
	 && m->ctim.tv_sec == st->st_ctim.tv_sec
	 && m->ctim.tv_nsec == st->st_ctim.tv_nsec;
}

/* Under cache_lock: the mapping of ST's inode, one more user.  */
static void *
cache_hit (const struct stat *st)
{
  for (int i = 0; i < IDL_REGION_CACHE; i++)
    if (cache_same (&cache[i], st))
      {
	cache[i].users++;
	cache[i].last = ++cache_tick;
	return cache[i].data;
      }
  return NULL;
}

/* Under cache_lock: a slot for SIZE more bytes, least recently used
   idle mappings moved to GONE[*NGONE] (unmapped by the caller, out of
   the lock); -1 if every slot that would have to go is in use.  */
static int
cache_room (size_t size, struct cached_map *gone, int *ngone)
{
  for (;;)
    {
      int free_slot = -1, lru = -1;
      for (int i = 0; i < IDL_REGION_CACHE; i++)
	if (!cache[i].data)
	  free_slot = free_slot < 0 ? i : free_slot;
	else if (!cache[i].users
		 && (lru < 0 || cache[i].last < cache[lru].last))
	  lru = i;
      if (free_slot >= 0 && cache_bytes + size <= IDL_REGION_MAX)
	return free_slot;
      if (lru < 0)
	return -1;
      gone[(*ngone)++] = cache[lru];
      cache_bytes -= cache[lru].size;
      cache[lru].data = NULL;
    }
}

/* A read-only mapping of FD, whose checked stat is ST, shared with
   other calls through the cache if it has room (*CACHED set), or the
   call's own; MAP_FAILED with errno.  */
static void *
cache_map (int fd, const struct stat *st, int *cached)
{
  struct cached_map gone[IDL_REGION_CACHE];
  int ngone = 0, slot;
  size_t size = (size_t) st->st_size;
  void *p, *hit;

  pthread_mutex_lock (&cache_lock);
  hit = cache_hit (st);
  pthread_mutex_unlock (&cache_lock);
  *cached = hit != NULL;
  if (hit)
    return hit;
  /* Mapped out of the lock: other calls' lookups need not wait.  */
  p = region_mmap (fd, size, PROT_READ);
  if (p == MAP_FAILED)
    return p;
  pthread_mutex_lock (&cache_lock);
  hit = cache_hit (st);		/* another call mapped it meanwhile */
  slot = hit ? -1 : cache_room (size, gone, &ngone);
  if (slot >= 0)
    {
      cache[slot] = (struct cached_map) {
	.dev = st->st_dev, .ino = st->st_ino, .size = size,
	.mtim = st->st_mtim, .ctim = st->st_ctim, .data = p, .users = 1,
	.last = ++cache_tick };
      cache_bytes += size;
    }
  pthread_mutex_unlock (&cache_lock);
  for (int i = 0; i < ngone; i++)
    region_munmap (gone[i].data, gone[i].size);
  if (hit)
    region_munmap (p, size);
  *cached = hit || slot >= 0;
  return hit ? hit : p;
}

/* DATA, if the cache's, one user fewer (it stays mapped); 0 if it is
   not the cache's.  An idle one is left as it is: a second
   idl_region_unmap of the same mapping must not unmap the cache's.  */
static int
cache_put (const void *data)
{
  int found = 0;
  pthread_mutex_lock (&cache_lock);
  for (int i = 0; i < IDL_REGION_CACHE && !found; i++)
    if (cache[i].data == data)
      {
	cache[i].users -= cache[i].users > 0;
	found = 1;
      }
  pthread_mutex_unlock (&cache_lock);
  return found;
}

void
idl_region_cache_trim (void)
{
  struct cached_map gone[IDL_REGION_CACHE];
  int ngone = 0;

  pthread_mutex_lock (&cache_lock);
  for (int i = 0; i < IDL_REGION_CACHE; i++)
    if (cache[i].data && !cache[i].users)
      {
	gone[ngone++] = cache[i];
	cache_bytes -= cache[i].size;
	cache[i].data = NULL;
      }
  pthread_mutex_unlock (&cache_lock);
  for (int i = 0; i < ngone; i++)
    region_munmap (gone[i].data, gone[i].size);
}

const void *
idl_region_map (int fd, size_t *size, int *err)
{
  struct stat st;
  int dummy, seals, cached;
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
  p = cache_map (fd, &st, &cached);
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
  if (data && !cache_put (data))
    region_munmap ((void *) data, size);
}

/* HOW as the stubs' part below handles it: an inout region
   (IDL_REGION_INOUT_) exactly as an out one, since what differs is
   only what its bytes mean on the way in; 0 for no kind of region.

   So an inout region is never sealed against writing: the server
   writes it, and the client keeps its own writable mapping through the
   call.  What stops a client from hurting the server is what stops it
   for an out region: the seals against shrinking and growing, which
   the server checks before it maps the region, so that no page of its
   mapping can disappear under it (no SIGBUS), and ordinary shared
   memory only.  What it cannot stop is a client changing the bytes
   while the implementation reads them: an implementation copies what
   it checks before it relies on it (doc/idlstub.texi, "Descriptors").  */
static int
region_how (int how)
{
  if (how == IDL_REGION_INOUT_)
    return IDL_REGION_OUT_;
  return how == IDL_REGION_IN_ || how == IDL_REGION_OUT_ ? how : 0;
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
  how = region_how (how);
  if (!r || !how)
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
  int seals, cached = 0;
  idl_region_t *r;
  void *p;

  how = region_how (how);
  if (fd < 0 || !how)
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
  /* In: sealed, so the cache's mapping (made after these same checks
     for an earlier call) is as good as a new one.  */
  p = how == IDL_REGION_IN_ ? cache_map (fd, &st, &cached)
      : region_mmap (fd, (size_t) st.st_size, PROT_READ | PROT_WRITE);
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
  r->cached = cached;
  return r;
}

/* Server, after the implementation and before the reply is published:
   the mapping goes (an out region's last write is done; an in region's
   cached mapping stays in the cache, one user fewer), and the
   descriptor stays for the runtime to close with the call's others.  */
void
idl_region_release (idl_region_t *r)
{
  if (!r)
    return;
  if (r->cached)
    cache_put (r->data);
  else if (r->data)
    region_munmap (r->data, r->size);
  free (r);
}

int
idl_region_keep (const idl_region_t *r)
{
  return r ? fcntl (r->fd, F_DUPFD_CLOEXEC, 0) : -1;
}
