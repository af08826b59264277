/* channel.c -- one binding, many threads: a connection per thread.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A connection carries one call at a time, and its reply stays in the
   connection's registers until the stub has read it (idlrt-abi.h).  So
   that threads can share a binding, as they share a libdbus connection
   or a gRPC channel, each thread calls through a connection of its own,
   a channel: the binding the user holds is the first, owned by the
   first thread that calls through it; any other thread gets another,
   made here on its first call with the same name and interface (and
   so the same transport: each is a full binding, struct idl_binding).
   Calls of different threads then run side by side, each on its own
   connection, and each thread's calls reach the server in the order it
   made them.  The entry points (call.c) tell the stub which channel
   holds its reply (idl_reply_t's view).

   A channel belongs to its thread until the thread ends: a
   pthread key's destructor gives back every channel the thread owns,
   and the next thread that needs one takes it over instead of
   connecting again, so a pool of threads keeps as many connections as
   it has threads.  The list of a binding's channels only grows until
   idl_close, which closes them all; call.c reads it without a lock.

   Off the call path: a thread's first call on a binding, and calls
   that fail to get a channel.  libc freely.  */

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"
#include "transport.h"

/* What a binding's channels share beyond struct idl_channels: what a
   new channel connects to, and the lock of the list.  */
struct channels
{
  struct idl_channels pub;	/* first: internal.h's view */
  pthread_mutex_t lock;
  char *name;
  const idl_interface_t *iface;
  /* What the binding requires of its server (idl_connect_ex): every
     channel's connection is checked as the binding's was.  */
  idl_connect_opts_t opts;
  int has_opts;
  struct channels *next_open;	/* every open binding (bindings_lock) */
};

/* Open bindings, for the destructor of an ending thread.  */
static pthread_mutex_t bindings_lock = PTHREAD_MUTEX_INITIALIZER;
static struct channels *bindings;

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t thread_key;
static int key_ok;

/* The error of a thread's last call on a binding for which no channel
   could be made at all (out of memory): idl_error's answer there.  */
static __thread const idl_binding_t *orphan_binding;

static void release_thread (void *arg);
static const struct idl_transport failed_transport;

static void
make_key (void)
{
  key_ok = pthread_key_create (&thread_key, release_thread) == 0;
}

/* Let the calling thread's channels go when it ends.  */
static void
watch_thread (void)
{
  pthread_once (&key_once, make_key);
  if (key_ok && !pthread_getspecific (thread_key))
    pthread_setspecific (thread_key, (void *) 1);
}

/* The key's destructor: the thread ME is ending.  Its channels go back
   to their bindings, to be taken over (claim_free).  What its last
   reply left behind (descriptors the stub did not take, a late reply)
   the next owner's first call clears, as any call does.  */
static void
release_thread (void *arg)
{
  uintptr_t me = idl_thread_id ();
  (void) arg;
  pthread_mutex_lock (&bindings_lock);
  for (struct channels *ch = bindings; ch; ch = ch->next_open)
    {
      idl_binding_t *b = ch->pub.primary;
      if (__atomic_load_n (&b->owner, __ATOMIC_RELAXED) == me)
	{
	  idl_set_flags (b, b->flags & ~IDL_BF_NEXT);
	  idl_set_owner (b, 0);
	}
      for (idl_binding_t *c = __atomic_load_n (&ch->pub.head, __ATOMIC_ACQUIRE);
	   c; c = c->next_channel)
	if (__atomic_load_n (&c->owner, __ATOMIC_RELAXED) == me)
	  {
	    idl_set_flags (c, c->flags & ~IDL_BF_NEXT);
	    idl_set_owner (c, 0);
	  }
    }
  pthread_mutex_unlock (&bindings_lock);
}

/* Take C for thread ME if no thread owns it.  */
static int
claim (idl_binding_t *c, uintptr_t me)
{
  uintptr_t none = 0;
  if (!__atomic_compare_exchange_n (&c->owner, &none, me, 0,
				    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
    return 0;
  idl_set_owner (c, me);	/* and its gate */
  return 1;
}

/* A channel not connected: made so by open_channel, which does not
   connect, so that the call that needs the connection makes it within
   its own deadline (reconnect below); or left so when that failed.
   Its calls then fail as a dead server's would, and idl_error says
   why, in that thread only.  Not for good: each later call of the
   thread tries to connect again, since what failed may have been
   passing -- a server in a program's loop that was in a long
   implementation and could not answer the handshake within the call's
   deadline.  */
static int reconnect (idl_binding_t *c);

static uint64_t
failed_call (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	     uint64_t payload_len, const int *fds, uint64_t nfds)
{
  if (reconnect (b) == IDL_OK)
    return b->transport->call (b, tag, words, payload_len, fds, nfds);
  return idl_error_tag (b->error);
}

static uint64_t
failed_send (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	     uint64_t payload_len, const int *fds, uint64_t nfds)
{
  if (reconnect (b) == IDL_OK)
    return b->transport->send (b, tag, words, payload_len, fds, nfds);
  return idl_error_tag (b->error);
}

static void *
failed_payload (idl_binding_t *b)
{
  if (reconnect (b) == IDL_OK)
    return b->transport->request_payload (b);
  return NULL;
}

static void
failed_close (idl_binding_t *b)
{
  (void) b;
}

static int
failed_ping (idl_binding_t *b)
{
  if (reconnect (b) == IDL_OK)
    return b->transport->ping (b);
  return b->error;
}

static const struct idl_transport failed_transport = {
  .name = "failed",
  .connect = NULL,
  .request_payload = failed_payload,
  .call = failed_call,
  .send = failed_send,
  .close = failed_close,
  .ping = failed_ping,
};

/* What call.c gets when not even a failed channel could be allocated:
   owned by no thread, so every entry point answers with its error.  */
static idl_binding_t nomem_view = {
  .error = IDL_E_NOMEM,
  .flags = IDL_BF_DEAD | IDL_BF_TABLE,
  .transport = &failed_transport,
};

/* Clear channel C of CH for thread ME, which owns it, keeping what
   ties it to CH and to ME: OWNER, CHANS and NEXT_CHANNEL, which other
   threads read (open_channel, idl_channel_find) without C's owner's
   say, are never written here (and OWNER never goes through 0, so
   that no other thread can claim C meanwhile).  Under CH's lock, as
   idl_channels_set_timeout writes TIMEOUT_NS under it.  */
static void
reset_channel (struct channels *ch, idl_binding_t *c, uintptr_t me,
	       int failed)
{
  const size_t keep = offsetof (idl_binding_t, owner);
  const size_t after = offsetof (idl_binding_t, next_channel)
		       + sizeof c->next_channel;

  pthread_mutex_lock (&ch->lock);
  memset (c, 0, keep);
  memset ((char *) c + after, 0, sizeof *c - after);
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    c->fds[i] = -1;
  c->timeout_ns = __atomic_load_n (&ch->pub.primary->timeout_ns,
				  __ATOMIC_RELAXED);
  if (failed)
    {
      c->transport = &failed_transport;
      idl_set_flags (c, IDL_BF_DEAD | IDL_BF_TABLE);
    }
  idl_set_owner (c, me);	/* the gate */
  pthread_mutex_unlock (&ch->lock);
}

/* Connect channel C of CH, in place, for thread ME, which owns it (or
   is about to) and calls with a deadline of DEADLINE_NS from now (0:
   none): like CH's primary binding, except that the handshake may take
   as long as that call may, and what it took comes out of the call's
   time (a one-off timeout of what is left).  On failure C becomes a
   failed channel (above) with the reason.  IDL_OK or the IDL_E_*.  */
static int
connect_channel (struct channels *ch, idl_binding_t *c, uintptr_t me,
		 int64_t deadline_ns)
{
  int64_t t0 = idl_now_ns ();

  reset_channel (ch, c, me, 0);
  idl_handshake_wait_ns = deadline_ns > 0 ? deadline_ns : -1;
  int err = idl_transport_connect (c, ch->name, ch->iface,
				   ch->has_opts ? &ch->opts : NULL);
  idl_handshake_wait_ns = 0;
  if (err != IDL_OK)
    {
      reset_channel (ch, c, me, 1);
      /* No server under the name (any more): as a dead server.  */
      idl_record_error (c, err == IDL_E_CONNECT ? IDL_E_PEER_DIED : err);
      return err;
    }
  if (deadline_ns > 0)
    {
      int64_t left = deadline_ns - (idl_now_ns () - t0);
      c->next_timeout_ns = left > 0 ? left : 1;
      idl_set_flags (c, c->flags | IDL_BF_NEXT);
    }
  idl_set_owner (c, me);	/* the gate, after the flags */
  return IDL_OK;
}

/* The failed channel C's next call, in its owner's thread: connect it
   again, within the deadline that call has.  (As a thread's first
   connection always was, whatever the binding's own connection has
   seen: a new thread after a server's restart connects to the new
   server.)  */
static int
reconnect (idl_binding_t *c)
{
  struct channels *ch = (struct channels *) c->chans;
  if (!ch)
    return c->error;		/* nomem_view */
  int64_t deadline_ns = (c->flags & IDL_BF_NEXT) ? c->next_timeout_ns
						 : c->timeout_ns;
  return connect_channel (ch, c, c->owner, deadline_ns);
}

/* A new channel of CH for ME, not yet connected nor in the list; NULL
   when out of memory.  */
static idl_binding_t *
new_channel (struct channels *ch, uintptr_t me)
{
  idl_binding_t *c = calloc (1, sizeof *c);
  if (c)
    {
      c->chans = &ch->pub;
      __atomic_store_n (&c->owner, me, __ATOMIC_RELAXED);
      reset_channel (ch, c, me, 1);
    }
  return c;
}

/* struct idl_channels' open: the calling thread's channel of PRIMARY.  */
static idl_binding_t *
open_channel (idl_binding_t *primary)
{
  struct channels *ch = (struct channels *) primary->chans;
  uintptr_t me = idl_thread_id ();
  idl_binding_t *c;

  watch_thread ();
  pthread_mutex_lock (&ch->lock);
  c = idl_channel_find (primary, me);
  if (!c && claim (primary, me))
    c = primary;
  for (idl_binding_t *o = ch->pub.head; !c && o; o = o->next_channel)
    if (claim (o, me))
      c = o;
  pthread_mutex_unlock (&ch->lock);
  if (!c)
    {
      c = new_channel (ch, me);	/* takes the lock itself */
      if (c)
	{
	  pthread_mutex_lock (&ch->lock);
	  c->next_channel = ch->pub.head;
	  __atomic_store_n (&ch->pub.head, c, __ATOMIC_RELEASE);
	  pthread_mutex_unlock (&ch->lock);
	}
    }
  if (!c)
    {
      orphan_binding = primary;
      return &nomem_view;
    }
  if (orphan_binding == primary)
    orphan_binding = NULL;
  return c;
}

int
idl_channels_init (idl_binding_t *b, const char *name,
		   const idl_interface_t *iface,
		   const idl_connect_opts_t *opts)
{
  struct channels *ch = calloc (1, sizeof *ch);
  if (!ch)
    return IDL_E_NOMEM;
  if (opts)
    {
      ch->opts = *opts;
      ch->has_opts = 1;
    }
  ch->name = strdup (name);
  if (!ch->name || pthread_mutex_init (&ch->lock, NULL) != 0)
    {
      free (ch->name);
      free (ch);
      return IDL_E_NOMEM;
    }
  ch->iface = iface;
  ch->pub.open = open_channel;
  ch->pub.primary = b;
  b->chans = &ch->pub;
  pthread_mutex_lock (&bindings_lock);
  ch->next_open = bindings;
  bindings = ch;
  pthread_mutex_unlock (&bindings_lock);
  return IDL_OK;
}

/* Close one channel's connection and what its last reply left.  */
static void
close_connection (idl_binding_t *c)
{
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    if (c->fds[i] >= 0)
      close (c->fds[i]);
  if (c->transport)
    c->transport->close (c);
}

void
idl_channels_close (idl_binding_t *b)
{
  struct channels *ch = (struct channels *) b->chans;

  pthread_mutex_lock (&bindings_lock);
  for (struct channels **p = &bindings; *p; p = &(*p)->next_open)
    if (*p == ch)
      {
	*p = ch->next_open;
	break;
      }
  pthread_mutex_unlock (&bindings_lock);
  for (idl_binding_t *c = ch->pub.head, *next; c; c = next)
    {
      next = c->next_channel;
      close_connection (c);
      free (c);
    }
  close_connection (b);
  pthread_mutex_destroy (&ch->lock);
  free (ch->name);
  free (ch);
}

idl_binding_t *
idl_channel_lazy (idl_binding_t *b)
{
  idl_binding_t *c = idl_channel_find (b, idl_thread_id ());
  return c ? c : open_channel (b);
}

idl_binding_t *
idl_channel_of (idl_binding_t *b)
{
  idl_binding_t *c = idl_channel_lazy (b);
  if (c->transport == &failed_transport
      && __atomic_load_n (&c->owner, __ATOMIC_RELAXED) == idl_thread_id ())
    reconnect (c);
  return c;
}

int
idl_error (const idl_binding_t *b)
{
  idl_binding_t *c = idl_channel_find ((idl_binding_t *) b,
				       idl_thread_id ());
  if (c)
    return c->error;
  return orphan_binding == b ? IDL_E_NOMEM : IDL_OK;
}

void
idl_channels_set_timeout (idl_binding_t *b, int64_t timeout_ns)
{
  struct channels *ch = (struct channels *) b->chans;

  pthread_mutex_lock (&ch->lock);
  __atomic_store_n (&b->timeout_ns, timeout_ns, __ATOMIC_RELAXED);
  for (idl_binding_t *c = ch->pub.head; c; c = c->next_channel)
    __atomic_store_n (&c->timeout_ns, timeout_ns, __ATOMIC_RELAXED);
  pthread_mutex_unlock (&ch->lock);
}
