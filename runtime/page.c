/* page.c -- the shared-page transport: its table; connecting, closing.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idl_page_transport (transport.h) carries calls to a server in another
   process on this host, named "/path" (a Unix socket in the file
   system) or "@name" (Linux's abstract namespace): a shared page of
   message registers per connection, handed over with a futex (page.h),
   and a SOCK_SEQPACKET socket beside it for set-up, descriptors
   (fdpass.h), peer credentials and death notification (DESIGN.md, "The
   runtime").  Its parts:

     page.c          this table; a binding's connect and close
     handshake.c     hello and welcome, both ends
     call.c          the calls: inline in idl_call_* (this table's
                     call, send and request_payload are those entry
                     points themselves)
     page-server.c   the server side (page-server.h: its request path's
                     operations, inline)

   connect: connect the socket to the name, check the server is the
   user the client requires (if it does), say hello, receive the
   welcome and the page's memfd, check the memfd is sealed against
   shrinking (so the page cannot vanish under us: SIGBUS), map it.
   Off the call path: libc freely.  */

#define _GNU_SOURCE 1		/* F_GET_SEALS, F_SEAL_SHRINK, struct ucred */
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include "page-server.h"

/* Set a send and a receive timeout on FD so that neither connect on a
   full backlog nor the handshake can block for ever.  */
static void
set_timeouts_ns (int fd, int64_t ns)
{
  /* At least 1 us: a zero timeval means no timeout at all.  */
  if (ns < 1000)
    ns = 1000;
  struct timeval tv = { ns / 1000000000, (ns % 1000000000) / 1000 };
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt (fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

static void
set_timeouts (int fd, int ms)
{
  set_timeouts_ns (fd, ms * 1000000LL);
}

/* Map the page behind memfd FD once we know it cannot shrink.  */
static struct idl_page *
map_page (int fd, int *err)
{
  struct stat st;
  int seals = fcntl (fd, F_GET_SEALS);
  void *p;

  if (seals < 0 || !(seals & F_SEAL_SHRINK) || fstat (fd, &st) != 0
      || st.st_size < IDL_PAGE_SIZE)
    {
      *err = IDL_E_CONNECT;
      return NULL;
    }
  p = mmap (NULL, IDL_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    {
      *err = IDL_E_NOMEM;
      return NULL;
    }
  return p;
}

/* Is the server at the other end of connected socket SOCK the one
   REQUIRE asks for (NULL: any)?  The kernel says who created the
   listening socket (SO_PEERCRED, copied to our socket at connect, so
   it is known before the server has even accepted us); nothing has
   been sent yet, so a server that is someone else learns nothing of
   us, not even our interface.  IDL_OK or IDL_E_SERVER_ID.  */
static int
check_server (int sock, const idl_connect_opts_t *require)
{
  struct ucred cred;
  socklen_t len = sizeof cred;

  if (!require)
    return IDL_OK;
  if (getsockopt (sock, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0
      || len != sizeof cred)
    return IDL_E_SERVER_ID;
  if ((require->flags & IDL_CONNECT_SERVER_UID)
      && cred.uid != require->server_uid)
    return IDL_E_SERVER_ID;
  if ((require->flags & IDL_CONNECT_SERVER_GID)
      && cred.gid != require->server_gid)
    return IDL_E_SERVER_ID;
  return IDL_OK;
}

static int
page_connect (idl_binding_t *b, const char *name,
	      const idl_interface_t *iface)
{
  struct sockaddr_un sa;
  unsigned salen = idl_sockaddr (&sa, name);
  int err, sock, fd = -1;

  if (!salen)
    return IDL_E_INVAL;
  sock = socket (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (sock < 0)
    return IDL_E_NOMEM;
  int64_t wait_ns = idl_handshake_wait_ns;
  if (wait_ns == 0)
    set_timeouts (sock, IDL_HANDSHAKE_TIMEOUT_MS);
  else if (wait_ns > 0)
    set_timeouts_ns (sock, wait_ns);
  if (connect (sock, (struct sockaddr *) &sa, salen) != 0)
    err = IDL_E_CONNECT;
  else if ((err = check_server (sock, b->require)) == IDL_OK)
    err = idl_handshake_connect (sock, iface, &fd);
  if (err == IDL_E_TIMEOUT && wait_ns == 0)
    err = IDL_E_CONNECT;	/* idl_connect's documented answer */
  if (wait_ns != 0)
    /* From here on the socket is as idl_connect's are.  */
    set_timeouts (sock, IDL_HANDSHAKE_TIMEOUT_MS);
  if (err == IDL_OK)
    b->page = map_page (fd, &err);
  if (fd >= 0)
    close (fd);
  if (err != IDL_OK)
    {
      close (sock);
      return err;
    }
  b->mr = b->page->mr;
  b->payload = b->page->payload;
  b->sock = sock;
  b->cpu = idl_sole_cpu ();
  __atomic_store_n (&b->page->client_cpu, b->cpu, __ATOMIC_RELAXED);
  /* So that its calls may sleep without a timer; if the watcher cannot
     have it, they sleep in slices.  */
  idl_watch (b);
  /* A new memfd reads as zeros: the page starts IDLE (page.h).  */
  return IDL_OK;
}

static void
page_close (idl_binding_t *b)
{
  struct idl_page *pg = b->page;

  idl_unwatch (b);
  /* Closing the socket is what tells the server's connection to end.
     The server's accepting thread wakes a connection's thread asleep on
     the page when it sees the hang-up (server-threads.c); waking it
     here as well means it need not wait for that thread's turn, and
     until it ends the connection counts against the server's limits
     (idl_server_set_limits): a client that closes and connects again
     at once could find itself over them.  A worker sleeps in
     epoll_wait, which reports the hang-up itself.  The state word is
     left alone: a process that inherited the binding may still be
     calling through it.  */
  close (b->sock);
  if (__atomic_load_n (&pg->server_sleeping, __ATOMIC_SEQ_CST)
      == IDL_SLEEP_FUTEX)
    idl_futex_wake (&pg->state, 1);
  munmap (pg, IDL_PAGE_SIZE);
  if (b->bulk)
    idl_bulk_client_free (b);
}

/* idl_null: the server is there while its end of the socket is open
   (its connection's thread or worker closes it when it goes).  A look,
   not a wait: a dead server's socket hangs up at once.  */
static int
page_ping (idl_binding_t *b)
{
  struct pollfd p = { b->sock, POLLRDHUP, 0 };

  if (b->flags & IDL_BF_DEAD)
    return IDL_E_PEER_DIED;
  if (poll (&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLRDHUP | POLLERR)))
    {
      idl_set_flags (b, b->flags | IDL_BF_DEAD);
      return IDL_E_PEER_DIED;
    }
  return IDL_OK;
}

const struct idl_transport idl_page_transport = {
  .name = "page",
  .connect = page_connect,
  .server_identity = 1,
  .request_payload = idl_request_payload,
  .call = idl_call_x,
  .send = idl_send_x,
  .close = page_close,
  .ping = page_ping,
  .watch = idl_watch,
  .listen = idl_page_listen,
  .accept = idl_page_accept,
  .unlisten = idl_page_unlisten,
  .destroy = idl_page_destroy,
  /* Its own copy of page-server.h's table: out-of-line instances of
     the operations the generic code inlines, for code that calls
     through a server's table.  */
  .conn = &idl_page_conn_ops
};
