/* server-admit.c -- who may connect to a server, and how many.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A new connection is admitted or turned away the moment it is
   accepted (server.c, idl_conn_accept), from what the kernel says of
   the peer (SO_PEERCRED, SO_PEERGROUPS), before the server reads a
   byte from it, gives it a thread, a page or a private message buffer,
   or runs any implementation (DESIGN.md, "Quality bars": connect-time
   trust).  Deciding that early is what makes access control a defence
   of the server's resources too: a user who may not connect cannot
   hold threads or memory by trying, and a client over a limit costs an
   accept and a close.  Two steps:

   - access (idl_admit): the allowed uids and gids (any uid listed, or
     the effective gid or a supplementary group listed; everyone while
     both lists are empty), then the admit function.  IDL_E_REFUSED;
   - limits (idl_within_limits): connections in all and per uid, each
     counted from accept to the end of the connection, handshakes
     included.  IDL_E_BUSY.

   The transport tells a turned-away client why, without blocking
   (idl_conn_ops.refuse: the page sends the welcome with the code at
   once).  Co-located bindings go through access (colocate.c, with this
   process's ids) but not limits: they cost the server no descriptor
   and no thread, and this process can exhaust itself anyway.

   Why the default limits are what they are (idlrt.h): dbus-daemon,
   the nearest thing to a privileged daemon serving untrusted local
   clients, allows 256 connections per user by default (and 2048 in
   all: the ratio is how many users must collude to lock the others
   out).  An idlstub connection costs more to hold than a bus's: a
   thread in the default mode, a page (68 KiB, shared) and a private
   message (132 KiB) that a client can make resident by calling with
   the largest payload, some 200 KiB at most besides the thread's
   stack.  So 256 per user, as D-Bus, but 1024 in all, four users'
   worth: a server's worst case is then some 200 MiB and 1024 threads,
   which a machine that runs a privileged daemon can afford.  And a
   connection holds a descriptor, so no limit may exceed the process's
   descriptor limit: a server that ran out would leave new clients
   waiting in the listen queue until their handshake timed out,
   instead of telling them IDL_E_BUSY at once.

   Off the call path: libc freely.  */

#define _GNU_SOURCE 1
#include <stdlib.h>
#include <sys/resource.h>
#include "server-internal.h"

void
idl_admit_init (idl_server_t *srv)
{
  pthread_mutex_init (&srv->admit_lock, NULL);
  srv->max_conns = IDL_DEFAULT_MAX_CONNS;
  srv->max_per_uid = IDL_DEFAULT_MAX_PER_UID;
}

void
idl_admit_fini (idl_server_t *srv)
{
  pthread_mutex_destroy (&srv->admit_lock);
}

int
idl_server_allow_uid (idl_server_t *srv, uid_t uid)
{
  int rc = -1;

  /* (uid_t) -1 is what an unknown peer has: never a user to allow.  */
  if (!srv || uid == (uid_t) -1)
    return -1;
  pthread_mutex_lock (&srv->admit_lock);
  if (srv->nallow_uid < IDL_ALLOW_MAX)
    {
      srv->allow_uid[srv->nallow_uid] = uid;
      __atomic_store_n (&srv->nallow_uid, srv->nallow_uid + 1,
			__ATOMIC_RELEASE);
      rc = 0;
    }
  pthread_mutex_unlock (&srv->admit_lock);
  return rc;
}

int
idl_server_allow_gid (idl_server_t *srv, gid_t gid)
{
  int rc = -1;

  if (!srv || gid == (gid_t) -1)
    return -1;
  pthread_mutex_lock (&srv->admit_lock);
  if (srv->nallow_gid < IDL_ALLOW_MAX)
    {
      srv->allow_gid[srv->nallow_gid] = gid;
      __atomic_store_n (&srv->nallow_gid, srv->nallow_gid + 1,
			__ATOMIC_RELEASE);
      rc = 0;
    }
  pthread_mutex_unlock (&srv->admit_lock);
  return rc;
}

int
idl_server_set_admit (idl_server_t *srv, idl_admit_fn admit, void *arg)
{
  if (!srv)
    return -1;
  pthread_mutex_lock (&srv->admit_lock);
  srv->admit_arg = arg;
  __atomic_store_n (&srv->admit, admit, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&srv->admit_lock);
  return 0;
}

int
idl_server_set_limits (idl_server_t *srv, unsigned max_conns,
		       unsigned max_per_uid)
{
  if (!srv)
    return -1;
  pthread_mutex_lock (&srv->conns_lock);
  srv->max_conns = max_conns;
  srv->max_per_uid = max_per_uid;
  pthread_mutex_unlock (&srv->conns_lock);
  return 0;
}

int
idl_server_wants_groups (idl_server_t *srv)
{
  return __atomic_load_n (&srv->nallow_gid, __ATOMIC_ACQUIRE) != 0
	 || __atomic_load_n (&srv->admit, __ATOMIC_ACQUIRE) != NULL;
}

/* Is GID PEER's effective gid or one of its supplementary groups?  */
static int
in_groups (const idl_peer_t *peer, gid_t gid)
{
  if (peer->gid == gid)
    return 1;
  for (unsigned i = 0; i < peer->ngroups; i++)
    if (peer->groups[i] == gid)
      return 1;
  return 0;
}

int
idl_admit (idl_server_t *srv, const idl_peer_t *peer)
{
  idl_admit_fn admit;
  void *arg;
  int listed = 0;

  pthread_mutex_lock (&srv->admit_lock);
  int open_to_all = srv->nallow_uid == 0 && srv->nallow_gid == 0;
  for (unsigned i = 0; i < srv->nallow_uid && !listed; i++)
    listed = peer->uid == srv->allow_uid[i];
  for (unsigned i = 0; i < srv->nallow_gid && !listed; i++)
    listed = in_groups (peer, srv->allow_gid[i]);
  admit = srv->admit;
  arg = srv->admit_arg;
  pthread_mutex_unlock (&srv->admit_lock);

  if (!open_to_all && !listed)
    return IDL_E_REFUSED;
  if (admit && !admit (peer, &srv->iface, arg))
    return IDL_E_REFUSED;
  return IDL_OK;
}

/* The most connections SRV may hold: its limit, and never so many that
   the process runs out of descriptors (IDL_FD_RESERVE left over).
   Asked at every accept: the program may change its limit.  */
static unsigned
max_conns (idl_server_t *srv)
{
  struct rlimit rl;
  unsigned max = srv->max_conns ? srv->max_conns : ~0u;

  if (getrlimit (RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    {
      rlim_t room = rl.rlim_cur > IDL_FD_RESERVE
		    ? rl.rlim_cur - IDL_FD_RESERVE : 1;
      if (room < max)
	max = (unsigned) room;
    }
  return max;
}

int
idl_within_limits (idl_server_t *srv, uid_t uid)
{
  if (srv->nconns >= max_conns (srv))
    return 0;
  if (srv->max_per_uid == 0)
    return 1;
  /* A walk over the list: at most max_conns entries, at an accept.  */
  unsigned mine = 0;
  for (struct idl_conn *c = srv->conns; c; c = c->next)
    if (c->limit_uid == uid && ++mine >= srv->max_per_uid)
      return 0;
  return 1;
}
