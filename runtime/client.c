/* client.c -- a client's API: connecting, closing, deadlines, errors.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   What a client does with a binding besides calling through it (call.c
   has the calls).  Which transport a binding uses is decided by
   transport.c from the name; everything transport-specific is behind
   that transport's table (transport.h).  Connection set-up is not on
   the call path, so it uses libc freely.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "transport.h"

/* Why the calling thread's last idl_connect failed with IDL_E_IFACE
   (kind IDL_MISMATCH_NONE if it did not).  */
static __thread idl_mismatch_t last_mismatch;

void
idl_note_mismatch (const idl_mismatch_t *why)
{
  last_mismatch = *why;
}

int
idl_connect_mismatch (idl_mismatch_t *m)
{
  *m = last_mismatch;
  return m->kind;
}

idl_binding_t *
idl_connect (const char *name, const idl_interface_t *iface, int *err)
{
  return idl_connect_ex (name, iface, NULL, err);
}

idl_binding_t *
idl_connect_ex (const char *name, const idl_interface_t *iface,
		const idl_connect_opts_t *opts, int *err)
{
  const unsigned known = IDL_CONNECT_SERVER_UID | IDL_CONNECT_SERVER_GID;
  idl_binding_t *b;
  int dummy;

  memset (&last_mismatch, 0, sizeof last_mismatch);
  if (!err)
    err = &dummy;
  /* A requirement this library does not know must not be ignored.  */
  if (!name || !*name || !iface || (opts && (opts->flags & ~known)))
    {
      *err = IDL_E_INVAL;
      return NULL;
    }
  b = calloc (1, sizeof *b);
  if (!b)
    {
      *err = IDL_E_NOMEM;
      return NULL;
    }
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    b->fds[i] = -1;
  idl_spin_calibrate ();
  if (opts && opts->flags == 0)
    opts = NULL;
  *err = idl_transport_connect (b, name, iface, opts);
  if (*err != IDL_OK)
    {
      free (b);
      return NULL;
    }
  /* The binding's first call claims it for its thread (channel.c); the
     connections other threads make meet the same requirements.  */
  *err = idl_channels_init (b, name, iface, opts);
  if (*err != IDL_OK)
    {
      b->transport->close (b);
      free (b);
      return NULL;
    }
  b->error = IDL_OK;
  return b;
}

void
idl_close (idl_binding_t *b)
{
  if (!b)
    return;
  /* Every channel's connection, and what its last reply brought that
     its stub did not take.  */
  idl_channels_close (b);
  free (b);
}

/* Microseconds to nanoseconds, clamped so that adding the result to
   the clock can never overflow (the clamp is some 73 years).  */
static int64_t
timeout_ns (uint64_t us)
{
  const uint64_t max_us = (uint64_t) INT64_MAX / 4 / 1000;
  return (int64_t) (us > max_us ? max_us : us) * 1000;
}

uint64_t
idl_set_timeout (idl_binding_t *b, uint64_t timeout_us)
{
  uint64_t old = (uint64_t) b->timeout_ns / 1000;
  idl_channels_set_timeout (b, timeout_ns (timeout_us));
  return old;
}

void
idl_set_next_timeout (idl_binding_t *b, uint64_t timeout_us)
{
  /* The calling thread's next call: on its own channel, which that
     call connects, within this timeout, if it is new.  */
  idl_binding_t *c = idl_channel_lazy (b);
  if (__atomic_load_n (&c->owner, __ATOMIC_RELAXED) != idl_thread_id ())
    return;			/* no channel: its call fails anyway */
  c->next_timeout_ns = timeout_ns (timeout_us);
  idl_set_flags (c, c->flags | IDL_BF_NEXT);
}

const char *
idl_strmismatch (int kind)
{
  switch (kind)
    {
    case IDL_MISMATCH_NONE:
      return "no mismatch";
    case IDL_MISMATCH_NAME:
      return "the server's interface has another name";
    case IDL_MISMATCH_ID:
      return "the server's interface has another id";
    case IDL_MISMATCH_VERSION:
      return "the server's interface has another version";
    case IDL_MISMATCH_OP_MISSING:
      return "the server has no such operation";
    case IDL_MISMATCH_OP_CHANGED:
      return "the server's operation has other types";
    case IDL_MISMATCH_UNKNOWN:
      return "the interfaces differ";
    default:
      return "unknown mismatch";
    }
}

const char *
idl_strerror (int code)
{
  switch (code)
    {
    case IDL_OK:
      return "success";
    case IDL_E_CONNECT:
      return "cannot connect to the server";
    case IDL_E_IFACE:
      return "the server has another interface, version or signature";
    case IDL_E_PEER_DIED:
      return "the peer went away";
    case IDL_E_BADMSG:
      return "the server rejected a malformed request";
    case IDL_E_PROTO:
      return "malformed reply";
    case IDL_E_NOMEM:
      return "out of memory or kernel resources";
    case IDL_E_TIMEOUT:
      return "the call's deadline passed";
    case IDL_E_INVAL:
      return "invalid argument";
    case IDL_E_BOUNDS:
      return "an argument is longer than its declared bound";
    case IDL_E_UNSUPPORTED:
      return "the operation cannot cross this transport";
    case IDL_E_SERVER_ID:
      return "the server is not the user or group required";
    case IDL_E_REFUSED:
      return "the server does not admit this client";
    case IDL_E_BUSY:
      return "the server is at its limit of connections";
    default:
      return "unknown idlrt error";
    }
}

int
idl_null (idl_binding_t *b)
{
  /* On the calling thread's own connection, as its calls go: another
     thread's may be in the middle of a call.  Its ping connects it if
     need be.  */
  idl_binding_t *c = idl_channel_lazy (b);
  if (__atomic_load_n (&c->owner, __ATOMIC_RELAXED) != idl_thread_id ())
    return c->error;		/* no channel could be made */
  int err = c->transport->ping ? c->transport->ping (c) : IDL_OK;
  idl_record_error (c, err);
  return err;
}

/* The errno codes a C programmer already tests for, so that an
   errno-style operation's failed call reads as the failure it is
   (issue 19, item 1): the peer gone is a broken pipe, a deadline a
   time-out, an argument over its bound a message too long.  */
int
idl_errno (int code)
{
  switch (code)
    {
    case IDL_OK:
      return 0;
    case IDL_E_CONNECT:
      return -ECONNREFUSED;
    case IDL_E_IFACE:
      return -EPROTONOSUPPORT;
    case IDL_E_PEER_DIED:
      return -EPIPE;
    case IDL_E_BADMSG:
      return -EBADMSG;
    case IDL_E_PROTO:
      return -EPROTO;
    case IDL_E_NOMEM:
      return -ENOMEM;
    case IDL_E_TIMEOUT:
      return -ETIMEDOUT;
    case IDL_E_INVAL:
      return -EINVAL;
    case IDL_E_BOUNDS:
      return -EMSGSIZE;
    case IDL_E_UNSUPPORTED:
      return -EOPNOTSUPP;
    case IDL_E_SERVER_ID:
      return -EPERM;
    case IDL_E_REFUSED:
      return -EACCES;
    case IDL_E_BUSY:
      return -EAGAIN;
    default:
      return -EIO;
    }
}

int
idl_error_errno (const idl_binding_t *b)
{
  return idl_errno (idl_error (b));
}
