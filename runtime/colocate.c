/* colocate.c -- co-location: this process's servers, called directly.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Paper 001 (Mach's in-kernel servers): when the server lives in the
   caller's process, the call is a call.  A server created in this
   process is in a registry under its name (idl_server_register, from
   server-run.c); idl_connect to that name from this process gets a
   binding of idl_colocated_transport (transport.h), whose calls
   (call.c hands them over, IDL_BF_TABLE) run the dispatcher directly
   in the calling thread, on a private message of the binding's own,
   with the same checks, the same serialization (without workers) and
   the same descriptor ownership as a remote call (server.c).  Only
   what needs another process is absent: a co-located call has no
   deadline and its server cannot die under it, and it needs no thread
   in idl_server_run.  Once the server is stopped (or destroyed), its
   co-located calls fail with IDL_E_PEER_DIED and connecting fails with
   IDL_E_CONNECT, as for a remote client.

   A server with workers runs implementations concurrently anyway, so
   its co-located stubs may call them without the runtime at all
   (idlrt-abi.h, IDL_BINDING_DIRECT_OFFSET): idl_publish_direct fills
   or clears the table they read.

   The registry also keeps a server's memory alive: the server and each
   of its co-located bindings hold a reference, so a binding may
   outlive idl_server_destroy and fail its calls cleanly.  */

#define _GNU_SOURCE 1		/* F_DUPFD_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "server-internal.h"

/* A co-located binding's state (b->tstate).  */
struct idl_local
{
  idl_server_t *srv;		/* a reference (srv->refs) */
  uint64_t *msg;		/* IDL_MSG_BYTES, as a connection's */
  uint8_t *req_payload;		/* where a request's payload goes */
  struct idl_call call;		/* this process, this user */
  /* The bulk items of the call under way (idl_local_call_bulk), or
     none.  */
  struct idl_bulk_item *bulk;
  unsigned nbulk;
};

/* The registry.  */

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static idl_server_t *registry;

void
idl_server_register (idl_server_t *srv)
{
  pthread_mutex_lock (&registry_lock);
  srv->reg_next = registry;
  registry = srv;
  pthread_mutex_unlock (&registry_lock);
}

void
idl_server_unregister (idl_server_t *srv)
{
  pthread_mutex_lock (&registry_lock);
  for (idl_server_t **p = &registry; *p; p = &(*p)->reg_next)
    if (*p == srv)
      {
	*p = srv->reg_next;
	break;
      }
  pthread_mutex_unlock (&registry_lock);
}

/* The server called NAME that this process created, with a reference
   taken, or NULL.  */
static idl_server_t *
find_server (const char *name)
{
  idl_server_t *srv;
  pid_t me = getpid ();

  pthread_mutex_lock (&registry_lock);
  for (srv = registry; srv; srv = srv->reg_next)
    if (srv->pid == me && strcmp (srv->name, name) == 0)
      {
	__atomic_add_fetch (&srv->refs, 1, __ATOMIC_RELAXED);
	break;
      }
  pthread_mutex_unlock (&registry_lock);
  return srv;
}

void
idl_server_unref (idl_server_t *srv)
{
  if (__atomic_sub_fetch (&srv->refs, 1, __ATOMIC_ACQ_REL) != 0)
    return;
  pthread_mutex_destroy (&srv->conns_lock);
  pthread_mutex_destroy (&srv->accept_lock);
  pthread_cond_destroy (&srv->conns_done);
  idl_admit_fini (srv);
  free (srv->direct);
  free (srv->name);
  free (srv);
}

/* Only a server with workers runs implementations concurrently
   (idl_dispatch_msg): a direct call must not change that.  A stopped
   server's calls take the message path, which fails them with
   IDL_E_PEER_DIED.  */
void
idl_publish_direct (idl_server_t *srv, int on)
{
  if (!srv->direct)
    return;
  for (uint32_t i = 0; i < srv->iface.nops; i++)
    __atomic_store_n (&srv->direct[i], on ? srv->iface.direct[i] : NULL,
		      __ATOMIC_RELEASE);
}

/* Calls.  */

/* The error tag of a co-located call that fails with CODE.  */
static uint64_t
local_failed (idl_binding_t *b, int code)
{
  idl_record_error (b, code);
  return idl_error_tag (code);
}

/* The server's copies of the caller's descriptors FDS[0..N-1], into
   RFDS: it closes them after dispatch, the caller keeps its own.
   IDL_OK, or the error to fail with (nothing left open).  */
static int
lend_fds (const int *fds, unsigned n, int *rfds)
{
  for (unsigned i = 0; i < n; i++)
    {
      rfds[i] = fcntl (fds[i], F_DUPFD_CLOEXEC, 0);
      if (rfds[i] < 0)
	{
	  int code = errno == EBADF ? IDL_E_INVAL : IDL_E_NOMEM;
	  idl_close_distinct (rfds, i, NULL, 0);
	  return code;
	}
    }
  return IDL_OK;
}

/* The reply's descriptors OUT[0..NOUT-1] become the binding's, as if
   received: each a descriptor of its own, so one the dispatcher listed
   twice is duplicated (a remote client would get two), and a request
   descriptor (RFDS[0..NR-1]) handed back is kept, not closed; the
   other request descriptors are closed.  One that is not open fails
   the call, as sendmsg would: IDL_E_PROTO, everything closed.  */
static int
take_reply_fds (idl_binding_t *b, const int *rfds, unsigned nr,
		const int *out, int nout)
{
  for (int i = 0; i < nout; i++)
    if (out[i] < 0 || fcntl (out[i], F_GETFD) < 0)
      {
	idl_close_distinct (rfds, nr, out, (unsigned) nout);
	return IDL_E_PROTO;
      }
  for (int i = 0; i < nout; i++)
    {
      b->fds[i] = out[i];
      for (int j = 0; j < i; j++)
	if (out[j] == out[i])
	  {
	    b->fds[i] = fcntl (out[i], F_DUPFD_CLOEXEC, 0);
	    break;
	  }
    }
  for (unsigned i = 0; i < nr; i++)
    {
      int kept = 0;
      for (int j = 0; j < nout && !kept; j++)
	kept = out[j] == rfds[i];
      if (!kept)
	close (rfds[i]);
    }
  if (nout > 0)
    idl_set_flags (b, b->flags | IDL_BF_FDS);
  return IDL_OK;
}

/* A call or a one-way request (TAG says which) on co-located binding
   B: what the request path (server.c) does for a remote one, and what
   the client's call path does around it.  */
static uint64_t
local_call (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	    uint64_t payload_len, const int *fds, uint64_t nfds)
{
  struct idl_local *l = b->tstate;
  idl_server_t *srv = l->srv;
  uint64_t *msg = l->msg;
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  int oneway = (tag & IDL_TAG_ONEWAY) != 0;
  int rfds[IDL_MAX_FDS], out[IDL_MAX_FDS];

  /* As every call does (call.c): the last reply's descriptors were the
     stub's until now; no deadline applies here.  */
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    {
      if (b->fds[i] >= 0)
	close (b->fds[i]);
      b->fds[i] = -1;
    }
  idl_set_flags (b, b->flags & ~(IDL_BF_FDS | IDL_BF_NEXT));
  b->payload = l->req_payload;

  if (payload_len > IDL_PAYLOAD_MAX || nfds > IDL_MAX_FDS)
    return local_failed (b, IDL_E_INVAL);
  if (__atomic_load_n (&srv->gone, __ATOMIC_ACQUIRE)
      || __atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    return local_failed (b, IDL_E_PEER_DIED);
  if (!idl_request_ok (srv, tag))
    {
      /* A remote one-way request is posted before the server rejects
	 it, and the sender never learns.  */
      if (oneway)
	{
	  idl_record_error (b, IDL_OK);
	  return 0;
	}
      return local_failed (b, IDL_E_BADMSG);
    }
  int err = lend_fds (fds, (unsigned) nfds, rfds);
  if (err != IDL_OK)
    return local_failed (b, err);

  /* The words may be anywhere, the stub's registers' copy included;
     the payload is in place already (REQ_PAYLOAD).  */
  memmove (msg + 1, words, n * sizeof (uint64_t));
  idl_msg_fill (msg, tag, NULL, NULL, (uint32_t) payload_len, rfds,
		(unsigned) nfds);
  /* Bulk items: the caller's own buffers, as a direct call has them
     (the caller and the implementation share the process, and the
     caller is blocked in this call).  */
  for (unsigned i = 0; i < l->nbulk; i++)
    {
      msg[IDL_MSG_BULK + 2 * i] = (uint64_t) (uintptr_t) l->bulk[i].ptr;
      msg[IDL_MSG_BULK + 2 * i + 1] = l->bulk[i].dir == IDL_BULK_OUT
				      ? l->bulk[i].max : l->bulk[i].len;
    }

  uint64_t rtag = idl_dispatch_msg (srv, &l->call, msg);
  int nout = idl_reply_fds (msg, out);
  uint64_t len = msg[IDL_MSG_REPLY_LEN];

  if (oneway)
    {
      idl_close_distinct (rfds, (unsigned) nfds, out,
			  nout > 0 ? (unsigned) nout : 0);
      idl_record_error (b, IDL_OK);
      return 0;
    }
  rtag = idl_check_reply_tag (rtag);
  if (!(rtag & IDL_TAG_ERROR) && (nout < 0 || len > IDL_PAYLOAD_MAX))
    rtag = idl_error_tag (IDL_E_PROTO);
  for (unsigned i = 0; i < l->nbulk && !(rtag & IDL_TAG_ERROR); i++)
    if (l->bulk[i].dir != IDL_BULK_IN
	&& msg[IDL_MSG_BULK + 2 * i + 1] > l->bulk[i].max)
      /* Over its room: the dispatcher has written past the caller's
	 buffer already, a bug in the server's own code.  */
      rtag = idl_error_tag (IDL_E_PROTO);
  if (nout < 0)
    nout = 0;
  if (rtag & IDL_TAG_ERROR)
    {
      unsigned code = (rtag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
      idl_close_distinct (rfds, (unsigned) nfds, out, (unsigned) nout);
      return local_failed (b, idl_known_error (code) ? (int) code
						      : IDL_E_PROTO);
    }
  err = take_reply_fds (b, rfds, (unsigned) nfds, out, nout);
  if (err != IDL_OK)
    return local_failed (b, err);
  b->payload = (uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD;
  idl_record_error (b, IDL_OK);
  return rtag;
}

uint64_t
idl_local_call_bulk (idl_binding_t *b, uint64_t tag, const uint64_t *words,
		     uint64_t payload_len, const int *fds, uint64_t nfds,
		     struct idl_bulk_item *items, unsigned n)
{
  struct idl_local *l = b->tstate;
  uint64_t it[IDL_BULK_ITEMS][3], bytes;

  /* The server's checks, as for a remote request: the declared bounds
     (nothing is allocated here, so the cap does not apply).  */
  for (unsigned i = 0; i < n; i++)
    {
      it[i][0] = items[i].dir;
      it[i][1] = items[i].dir == IDL_BULK_OUT ? 0 : items[i].len;
      it[i][2] = items[i].dir == IDL_BULK_IN ? items[i].len : items[i].max;
    }
  if (idl_request_ok (l->srv, tag)
      && idl_bulk_check (l->srv, tag, n, (const uint64_t (*)[3]) it,
			 &bytes) != IDL_OK)
    return local_failed (b, IDL_E_BADMSG);
  l->bulk = items;
  l->nbulk = n;
  uint64_t rtag = local_call (b, tag, words, payload_len, fds, nfds);
  l->bulk = NULL;
  l->nbulk = 0;
  if (!(rtag & IDL_TAG_ERROR))
    for (unsigned i = 0; i < n; i++)
      if (items[i].dir != IDL_BULK_IN)
	items[i].len = l->msg[IDL_MSG_BULK + 2 * i + 1];
  return rtag;
}

static void *
local_request_payload (idl_binding_t *b)
{
  struct idl_local *l = b->tstate;

  b->payload = l->req_payload;
  return b->payload;
}

/* Connecting and closing.  */

/* Does SRV, a server of this process, meet what the client requires
   (b->require, idl_connect_opts_t)?  Its identity is the effective ids
   this process had when it created SRV: what SO_PEERCRED would tell a
   client that crossed the socket (page.c, check_server).  */
static int
local_identity (const idl_server_t *srv, const idl_connect_opts_t *require)
{
  if (!require)
    return IDL_OK;
  if ((require->flags & IDL_CONNECT_SERVER_UID)
      && srv->uid != require->server_uid)
    return IDL_E_SERVER_ID;
  if ((require->flags & IDL_CONNECT_SERVER_GID)
      && srv->gid != require->server_gid)
    return IDL_E_SERVER_ID;
  return IDL_OK;
}

/* SRV's access control for this process, as a client: its pid, its
   effective ids and its supplementary groups now (what the kernel
   would record if it connected through the socket).  IDL_OK or
   IDL_E_REFUSED.  */
static int
local_admit (idl_server_t *srv)
{
  gid_t small[32], *groups = small;
  idl_peer_t peer = { getpid (), geteuid (), getegid (), 0, NULL };
  int n = getgroups (32, small);

  if (n < 0 && (n = getgroups (0, NULL)) > 0
      && (groups = malloc (n * sizeof *groups)) != NULL)
    n = getgroups (n, groups);
  if (n > 0 && groups)
    {
      peer.ngroups = (unsigned) n;
      peer.groups = groups;
    }
  int code = idl_admit (srv, &peer);
  if (groups != small)
    free (groups);
  return code;
}

/* Make B a co-located binding to SRV, a server of this process that
   admits it, for IFACE.  IDL_OK (B holds our reference to SRV then),
   IDL_E_IFACE or IDL_E_NOMEM.  */
static int
local_bind (idl_binding_t *b, idl_server_t *srv, const idl_interface_t *iface)
{
  struct idl_local *l;
  idl_mismatch_t why;

  if (!idl_iface_compatible (&srv->iface, idl_name_hash (iface->name),
			     iface->id, iface->version, iface->signature,
			     iface->ops, iface->nops, &why))
    {
      idl_note_mismatch (&why);
      return IDL_E_IFACE;
    }
  if ((l = calloc (1, sizeof *l)) == NULL)
    return IDL_E_NOMEM;
  l->msg = idl_map_msg ();
  if (!l->msg)
    {
      free (l);
      return IDL_E_NOMEM;
    }
  l->srv = srv;
  l->call.server = srv;
  l->call.pid = getpid ();
  l->call.uid = geteuid ();
  l->call.gid = getegid ();
  l->req_payload = (uint8_t *) l->msg + IDL_MSG_REQ_PAYLOAD;
  b->tstate = l;
  b->mr = l->msg;
  b->payload = l->req_payload;
  b->sock = -1;
  idl_set_flags (b, IDL_BF_TABLE);
  /* Direct calls need the very same operations on both sides.  */
  if (srv->direct && iface->signature == srv->iface.signature)
    {
      b->direct = (const void *const *) srv->direct;
      b->direct_call = &l->call;
    }
  return IDL_OK;
}

/* If a server called NAME was created in this process and accepts
   IFACE, make B a co-located binding to it.  IDL_E_SERVER_ID if it is
   not the server the client requires, IDL_E_REFUSED if its access
   control refuses this process, IDL_E_IFACE if it refuses IFACE,
   IDL_E_CONNECT if it has stopped, IDL_E_NOMEM, or IDL_DECLINED if
   there is no such server here (then the name is another
   transport's).  Its limits do not apply (server-admit.c).  */
static int
local_connect (idl_binding_t *b, const char *name,
	       const idl_interface_t *iface)
{
  idl_server_t *srv = find_server (name);
  int err;

  if (!srv)
    return IDL_DECLINED;
  if (__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    err = IDL_E_CONNECT;
  else if ((err = local_identity (srv, b->require)) == IDL_OK
	   && (err = local_admit (srv)) == IDL_OK)
    err = local_bind (b, srv, iface);
  if (err != IDL_OK)
    idl_server_unref (srv);
  return err;
}

static void
local_close (idl_binding_t *b)
{
  struct idl_local *l = b->tstate;

  idl_unmap_msg (l->msg);
  idl_server_unref (l->srv);
  free (l);
}

/* idl_null: a co-located server is there until it is stopped or
   destroyed, as its calls say.  */
static int
local_ping (idl_binding_t *b)
{
  struct idl_local *l = b->tstate;

  if (__atomic_load_n (&l->srv->gone, __ATOMIC_ACQUIRE)
      || __atomic_load_n (&l->srv->stopping, __ATOMIC_ACQUIRE))
    return IDL_E_PEER_DIED;
  return IDL_OK;
}

/* Client side only: a server is co-located by being in the registry,
   whatever transport it listens on.  */
const struct idl_transport idl_colocated_transport = {
  .name = "co-located",
  .connect = local_connect,
  .server_identity = 1,
  .request_payload = local_request_payload,
  .call = local_call,
  .send = local_call,
  .close = local_close,
  .ping = local_ping
};
