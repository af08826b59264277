/* onc-listen.c -- the ONC RPC transport's server: listening on a
   name, registering with rpcbind, accepting connections (TCP) and
   making a UDP socket's readers.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   onc-server.c says what a server does with its connections; here is
   how it gets them.  Apart from it so that neither file grows past
   what one reads at once.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "onc-server.h"

/* Bind a socket for N's address (every address without one) and
   listen; the socket, or -1.  */
static int
bind_socket (const struct idl_onc_name *n, struct onc_server *sv)
{
  struct addrinfo hints, *res = NULL;
  struct sockaddr_storage ss;
  socklen_t len;
  int port = n->port < 0 ? 0 : n->port, fd = -1, one = 1, zero = 0;

  memset (&ss, 0, sizeof ss);
  if (!n->host[0])
    {
      /* Every address: IPv6 and IPv4 on one socket where the host has
	 IPv6, IPv4 alone where not.  */
      struct sockaddr_in6 *s6 = (struct sockaddr_in6 *) &ss;
      s6->sin6_family = AF_INET6;
      s6->sin6_addr = in6addr_any;
      s6->sin6_port = htons ((uint16_t) port);
      len = sizeof *s6;
      fd = idl_onc_socket (AF_INET6, n->udp);
      if (fd >= 0)
	setsockopt (fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
      else
	{
	  struct sockaddr_in *s4 = (struct sockaddr_in *) &ss;
	  memset (&ss, 0, sizeof ss);
	  s4->sin_family = AF_INET;
	  s4->sin_addr.s_addr = htonl (INADDR_ANY);
	  s4->sin_port = htons ((uint16_t) port);
	  len = sizeof *s4;
	}
    }
  else
    {
      memset (&hints, 0, sizeof hints);
      hints.ai_family = n->literal6 ? AF_INET6 : AF_UNSPEC;
      hints.ai_socktype = n->udp ? SOCK_DGRAM : SOCK_STREAM;
      hints.ai_flags = AI_PASSIVE | (n->literal6 ? AI_NUMERICHOST : 0);
      if (getaddrinfo (n->host, NULL, &hints, &res) != 0)
	return -1;
      struct addrinfo *ai = res;
      while (ai && ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
	ai = ai->ai_next;
      if (!ai || ai->ai_addrlen > sizeof ss)
	{
	  freeaddrinfo (res);
	  return -1;
	}
      memcpy (&ss, ai->ai_addr, ai->ai_addrlen);
      len = ai->ai_addrlen;
      freeaddrinfo (res);
      if (ss.ss_family == AF_INET6)
	((struct sockaddr_in6 *) &ss)->sin6_port = htons ((uint16_t) port);
      else
	((struct sockaddr_in *) &ss)->sin_port = htons ((uint16_t) port);
    }
  if (fd < 0)
    fd = idl_onc_socket (ss.ss_family, n->udp);
  if (fd < 0)
    return -1;
  /* TCP: a restarted server takes its port back at once, whatever its
     old connections' TIME_WAIT (never two listeners: Linux refuses
     that whatever the option).  Not for UDP, where the option would let
     two servers share the port.  */
  if (!n->udp)
    setsockopt (fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind (fd, (struct sockaddr *) &ss, len) != 0
      || (!n->udp && listen (fd, SOMAXCONN) != 0)
      || fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) | O_NONBLOCK) != 0)
    {
      close (fd);
      return -1;
    }
  sv->addrlen = sizeof sv->addr;
  if (getsockname (fd, (struct sockaddr *) &sv->addr, &sv->addrlen) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

int
idl_onc_listen (idl_server_t *srv, const char *name)
{
  struct idl_onc_name n;
  struct onc_server *sv;

  if (idl_onc_parse_name (name, &n) != IDL_OK)
    return IDL_E_INVAL;
  if (!(sv = calloc (1, sizeof *sv)))
    return IDL_E_NOMEM;
  if (!idl_onc_numbers (&srv->iface, &sv->prog, &sv->vers))
    {
      free (sv);
      return IDL_E_UNSUPPORTED;
    }
  if (!(sv->procs = idl_onc_procs (srv->iface.onc, srv->iface.onc_codecs)))
    {
      free (sv);
      return IDL_E_NOMEM;
    }
  sv->udp = n.udp;
  sv->sock = bind_socket (&n, sv);
  if (sv->sock < 0)
    {
      free (sv->procs);
      free (sv);
      return errno == ENOMEM || errno == ENOBUFS || errno == EMFILE
	     ? IDL_E_NOMEM : IDL_E_CONNECT;
    }
  sv->registered = idl_onc_rpcb_set (sv->prog, sv->vers, sv->udp,
				     (struct sockaddr *) &sv->addr,
				     sv->addrlen);
  if (!sv->registered && n.port <= 0)
    {
      /* An ephemeral port nobody can find.  */
      close (sv->sock);
      free (sv->procs);
      free (sv);
      return IDL_E_CONNECT;
    }
  srv->tstate = sv;
  /* UDP: readable while readers of the socket are to be made.  */
  srv->listen_fd = sv->udp ? eventfd (1, EFD_CLOEXEC | EFD_NONBLOCK)
			   : sv->sock;
  if (srv->listen_fd < 0)
    {
      idl_onc_destroy (srv);
      return IDL_E_NOMEM;
    }
  return IDL_OK;
}

int
idl_onc_accept (idl_server_t *srv, struct idl_conn *c)
{
  struct onc_server *sv = srv->tstate;
  struct onc_conn *s;
  int fd;

  if (sv->sock < 0)
    {
      errno = EAGAIN;
      return -1;
    }
  if (sv->udp)
    {
      unsigned want = srv->nworkers ? srv->nworkers : 1;
      uint64_t v;
      if (sv->made >= want)
	{
	  if (read (srv->listen_fd, &v, sizeof v) < 0)
	    {
	      /* Cleared already.  */
	    }
	  errno = EAGAIN;
	  return -1;
	}
      fd = fcntl (sv->sock, F_DUPFD_CLOEXEC, 0);
    }
  else
    fd = accept4 (sv->sock, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd < 0)
    return -1;
  if (!(s = calloc (1, sizeof *s))
      || (sv->udp && !(s->dgram = malloc (DGRAM_BUF))))
    {
      free (s);
      close (fd);
      errno = ENOMEM;
      return -1;
    }
  if (sv->udp)
    sv->made++;
  else
    idl_onc_stream_options (fd);
  s->udp = sv->udp;
  s->m.req = s->req;
  s->m.table = srv->iface.onc;
  s->m.codecs = srv->iface.onc_codecs;
  c->fd = fd;
  c->tstate = s;
  /* No handshake: a client may connect and say nothing for as long as
     it likes before its first call, so the connection is open now
     (transport.h, accept) and never waits on an open deadline.  */
  c->open = 1;
  return 0;
}

void
idl_onc_unlisten (idl_server_t *srv)
{
  struct onc_server *sv = srv->tstate;

  if (!sv || sv->sock < 0)
    return;
  if (sv->udp && srv->listen_fd >= 0)
    close (srv->listen_fd);
  close (sv->sock);
  sv->sock = -1;
  srv->listen_fd = -1;
  if (sv->registered)
    idl_onc_rpcb_unset (sv->prog, sv->vers, sv->udp,
			(struct sockaddr *) &sv->addr, sv->addrlen);
  sv->registered = 0;
}

void
idl_onc_destroy (idl_server_t *srv)
{
  struct onc_server *sv = srv->tstate;

  idl_onc_unlisten (srv);
  if (sv)
    free (sv->procs);
  free (sv);
  srv->tstate = NULL;
}
