/* server-run.c -- a server's life: create, run, stop, destroy.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idl_server_create picks the transport the name means (transport.c),
   which takes the name and listens, and enters the server in this
   process's registry (colocate.c), so that co-located clients find it.
   idl_server_run serves in one of two modes (idl_server_set_workers):

   - a thread per connection (the default, server-threads.c), whose
     implementations run one at a time;
   - N workers (server-workers.c), each serving its share of the
     connections from an epoll set, implementations concurrently.

   Stopping is the same in both: the stopping flag, which every wait
   checks, the stop eventfd, which wakes whatever sleeps in poll or
   epoll_wait, no more listening, so that clients are refused at once
   instead of waiting for a handshake that would never come (the name
   stays until idl_server_destroy); then the mode ends its
   connections.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "server-internal.h"

idl_server_t *
idl_server_create (const char *name, const idl_interface_t *iface,
		   idl_dispatch_fn dispatch, int *err)
{
  const struct idl_transport *t;
  idl_server_t *srv;
  int dummy;

  if (!err)
    err = &dummy;
  if (!name || !*name || !iface || !dispatch
      || !(t = idl_transport_for_server (name)))
    {
      *err = IDL_E_INVAL;
      return NULL;
    }
  idl_spin_calibrate ();
  srv = calloc (1, sizeof *srv);
  if (!srv)
    {
      *err = IDL_E_NOMEM;
      return NULL;
    }
  srv->iface = *iface;
  srv->dispatch = dispatch;
  srv->transport = t;
  srv->listen_fd = -1;
  srv->stop_fd = eventfd (0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (srv->stop_fd < 0 || !(srv->name = strdup (name)))
    *err = IDL_E_NOMEM;
  else
    *err = t->listen (srv, name);
  if (*err != IDL_OK)
    {
      if (srv->stop_fd >= 0)
	close (srv->stop_fd);
      free (srv->name);
      free (srv);
      return NULL;
    }
  if (iface->direct && iface->nops)
    srv->direct = calloc (iface->nops, sizeof *srv->direct);
  pthread_mutex_init (&srv->conns_lock, NULL);
  pthread_mutex_init (&srv->accept_lock, NULL);
  pthread_cond_init (&srv->conns_done, NULL);
  idl_admit_init (srv);
  srv->bulk_max = IDL_DEFAULT_BULK_MAX;
  /* Who the socket says we are (SO_PEERCRED, at listen): a co-located
     client's requirement is checked against the same.  */
  srv->uid = geteuid ();
  srv->gid = getegid ();
  srv->pid = getpid ();
  srv->refs = 1;
  idl_server_register (srv);
  return srv;
}

int
idl_server_set_workers (idl_server_t *srv, unsigned n)
{
  if (!srv || n > IDL_MAX_WORKERS
      || __atomic_load_n (&srv->running, __ATOMIC_ACQUIRE))
    return -1;
  srv->nworkers = n;
  idl_publish_direct (srv, n != 0
		      && !__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE));
  return 0;
}

int
idl_server_run (idl_server_t *srv)
{
  int rc;

  if (!srv || srv->listen_fd < 0
      || __atomic_exchange_n (&srv->running, 1, __ATOMIC_ACQ_REL))
    return -1;
  rc = srv->nworkers == 0 ? idl_run_threads (srv) : idl_run_workers (srv);
  /* Stopped (or a failed start).  */
  idl_server_stop (srv);
  if (srv->nworkers == 0)
    {
      srv->transport->unlisten (srv);
      idl_drain_threads (srv);
    }
  else
    {
      /* Every worker accepts until it sees the stop: the listening
	 descriptor goes once they have all returned.  */
      idl_drain_workers (srv);
      srv->transport->unlisten (srv);
    }
  return rc;
}

void
idl_server_stop (idl_server_t *srv)
{
  /* Async-signal-safe: atomic stores and write(2), errno kept.  */
  int saved = errno;
  uint64_t one = 1;

  __atomic_store_n (&srv->stopping, 1, __ATOMIC_RELEASE);
  idl_publish_direct (srv, 0);
  if (write (srv->stop_fd, &one, sizeof one) < 0)
    {
      /* Only EAGAIN (counter full) is possible: it is readable then.  */
    }
  errno = saved;
}

void
idl_server_destroy (idl_server_t *srv)
{
  if (!srv)
    return;
  /* New co-located bindings cannot find it, existing ones fail their
     calls from now on; the memory goes with the last of them.  */
  idl_server_unregister (srv);
  __atomic_store_n (&srv->gone, 1, __ATOMIC_RELEASE);
  idl_publish_direct (srv, 0);
  if (srv->loop)
    {
      /* Served from the program's loop: end its connections and close
	 the set it watched.  */
      idl_server_stop (srv);
      idl_loop_fini (srv);
    }
  srv->transport->destroy (srv);
  close (srv->stop_fd);
  idl_server_unref (srv);
}

idl_server_t *
idl_call_server (idl_call_t *call)
{
  return call->server;
}

pid_t
idl_call_peer_pid (idl_call_t *call)
{
  return call->pid;
}

uid_t
idl_call_peer_uid (idl_call_t *call)
{
  return call->uid;
}

gid_t
idl_call_peer_gid (idl_call_t *call)
{
  return call->gid;
}
