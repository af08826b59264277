/* page-server.c -- the shared-page transport's server side, out of line.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The server side of idl_page_transport (page.c has its table) but for
   what a request reaches, which page-server.h has inline:

   - listen binds a SOCK_SEQPACKET Unix socket to the name ("/path" or
     "@abstract") and listens; accept takes a connection and the
     kernel's word on who is at the other end (SO_PEERCRED, and
     SO_PEERGROUPS when admission needs them); refuse tells a client
     the server turned away why, with the welcome, without waiting for
     its hello;
   - open is the server's half of the handshake (handshake.c): the
     client's hello in, and if the interfaces match, a new page (a
     memfd sealed against shrinking, so that a client cannot make the
     server's page accesses fault: SIGBUS) out with the welcome.  A
     connection's thread waits for the hello; a worker is told when it
     came (asynchronous: a client that never says hello delays
     nobody);
   - idle discards what a client left on its socket that no request
     will claim, wake ends a sleeping wait at stop, close unmaps the
     page and closes the socket, which is what tells the client;
   - idl_page_reply_fds is a reply with descriptors either way.

   Off the call path: libc freely.  */

#define _GNU_SOURCE 1		/* memfd_create, accept4, struct ucred */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <linux/sockios.h>
#include "page-server.h"

/* How long a message that looks like the next request's descriptors
   may wait for that request before idle discards it.  A client sends
   descriptors just before it publishes their request, so only a client
   stalled that long between two statements loses any (its request then
   fails with IDL_E_BADMSG).  */
#define IDL_STALE_FDS_NS (1000L * 1000 * 1000)

/* The server.  */

/* Bind SOCK to NAME.  A filesystem name left behind by a server that
   died is reused: it is a socket and nobody answers on it.  */
static int
bind_name (int sock, const char *name, const struct sockaddr_un *sa,
	   socklen_t len)
{
  struct stat st;
  int probe;

  if (bind (sock, (const struct sockaddr *) sa, len) == 0)
    return 0;
  if (errno != EADDRINUSE || name[0] == '@' || lstat (name, &st) != 0
      || !S_ISSOCK (st.st_mode))
    return -1;
  probe = socket (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (probe < 0)
    return -1;
  if (connect (probe, (const struct sockaddr *) sa, len) == 0
      || errno != ECONNREFUSED)
    {
      close (probe);
      errno = EADDRINUSE;
      return -1;
    }
  close (probe);
  unlink (name);
  return bind (sock, (const struct sockaddr *) sa, len);
}

/* The listening socket is non-blocking: accept takes every queued
   connection per event and must not block when another thread took
   the last, or when a client gave up between poll and accept.  */
int
idl_page_listen (idl_server_t *srv, const char *name)
{
  struct sockaddr_un sa;
  socklen_t len = idl_sockaddr (&sa, name);
  int fd, err;

  if (!len)
    return IDL_E_INVAL;
  fd = socket (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0)
    return IDL_E_NOMEM;
  if (bind_name (fd, name, &sa, len) != 0)
    {
      /* The name is taken or cannot be created.  */
      err = errno == ENOMEM || errno == ENOBUFS ? IDL_E_NOMEM
						 : IDL_E_CONNECT;
      close (fd);
      return err;
    }
  /* A filesystem name is ours to remove at destroy.  */
  char *path = NULL;
  if (name[0] != '@' && !(path = strdup (name)))
    err = IDL_E_NOMEM;
  else if (listen (fd, SOMAXCONN) != 0)
    err = IDL_E_CONNECT;
  else
    {
      srv->listen_fd = fd;
      srv->tstate = path;
      return IDL_OK;
    }
  if (name[0] != '@')
    unlink (name);
  free (path);
  close (fd);
  return err;
}

#ifndef SO_PEERGROUPS
# define SO_PEERGROUPS 59	/* Linux 4.13; asm-generic/socket.h */
#endif

/* The supplementary groups of SOCK's peer, as the kernel recorded them
   when it connected, into C (c->groups, c->ngroups), for admission
   (server-admit.c).  Left NULL if the kernel cannot say: then only the
   peer's effective gid counts.  */
static void
peer_groups (int sock, struct idl_conn *c)
{
  socklen_t room = 32 * sizeof (gid_t);

  /* Twice at most: a too small buffer is ERANGE, with the size that
     would do.  */
  for (int tries = 0; tries < 2; tries++)
    {
      gid_t *g = malloc (room);
      socklen_t len = room;
      if (!g)
	return;
      if (getsockopt (sock, SOL_SOCKET, SO_PEERGROUPS, g, &len) == 0)
	{
	  c->groups = g;
	  c->ngroups = len / sizeof (gid_t);
	  return;
	}
      free (g);
      if (errno != ERANGE || len <= room)
	return;
      room = len;
    }
}

int
idl_page_accept (idl_server_t *srv, struct idl_conn *c)
{
  struct ucred cred;
  socklen_t len = sizeof cred;
  struct timeval tv = { IDL_HANDSHAKE_TIMEOUT_MS / 1000,
			(IDL_HANDSHAKE_TIMEOUT_MS % 1000) * 1000 };
  int sock = accept4 (srv->listen_fd, NULL, NULL, SOCK_CLOEXEC);

  if (sock < 0)
    return -1;
  c->fd = sock;
  if (getsockopt (sock, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0)
    {
      c->call.pid = cred.pid;
      c->call.uid = cred.uid;
      c->call.gid = cred.gid;
    }
  if (idl_server_wants_groups (srv))
    peer_groups (sock, c);
  setsockopt (sock, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  return 0;
}

void
idl_page_unlisten (idl_server_t *srv)
{
  if (srv->listen_fd >= 0)
    close (srv->listen_fd);
  srv->listen_fd = -1;
}

void
idl_page_destroy (idl_server_t *srv)
{
  char *path = srv->tstate;

  idl_page_unlisten (srv);
  if (path)
    unlink (path);
  free (path);
  srv->tstate = NULL;
}

/* A connection: the handshake.  */

/* Create the page: a sealed memfd of IDL_PAGE_SIZE bytes, mapped here.
   Returns the memfd, or -1.  */
static int
create_page (struct idl_conn *c)
{
  int fd = memfd_create ("idlrt-page", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  void *p;

  if (fd < 0)
    return -1;
  /* F_SEAL_SHRINK: a client cannot truncate the file and make our
     accesses fault; F_SEAL_GROW and F_SEAL_SEAL keep it as it is.  */
  if (ftruncate (fd, IDL_PAGE_SIZE) != 0
      || fcntl (fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL)
	 != 0)
    {
      close (fd);
      return -1;
    }
  p = mmap (NULL, IDL_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    {
      close (fd);
      return -1;
    }
  /* Each side's CPU (page.h, idl_spin_for) before the client sees the
     page: ours, and -1, "any", until the client stores its own; and
     where each last spun (struct idl_spin), -1 until it does: so that
     no side takes a page's zero for CPU 0.  */
  struct idl_page *pg = p;
  __atomic_store_n (&pg->server_cpu, c->cpu, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->client_cpu, -1, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->client_on, -1, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->server_on, -1, __ATOMIC_RELAXED);
  /* Atomic: a stopping server reads it (under conns_lock) to wake us.  */
  __atomic_store_n (&c->page, pg, __ATOMIC_RELEASE);
  return fd;
}

/* Answer HELLO: agree on the interface and hand over the page.
   Returns IDL_OK when the connection is ready to serve.  */
static int
answer_hello (struct idl_conn *c, const struct idl_hello_msg *hello)
{
  idl_mismatch_t why;
  int status = idl_hello_status (&c->srv->iface, hello, &why), fd = -1;

  if (status == IDL_OK)
    {
      fd = create_page (c);
      status = fd >= 0 ? IDL_OK : IDL_E_NOMEM;
    }
  if (idl_welcome_send (c->fd, status, fd,
			status == IDL_E_IFACE ? &why : NULL) != 0
      && status == IDL_OK)
    status = IDL_E_CONNECT;
  if (fd >= 0)
    close (fd);			/* the mapping keeps the page alive */
  return status;
}

/* Read the client's hello, waiting at most IDL_HANDSHAKE_TIMEOUT_MS and
   giving up at once if the server stops.  Returns 0 or -1.  */
static int
receive_hello (struct idl_conn *c, struct idl_hello_msg *hello)
{
  struct pollfd p[2] = { { c->fd, POLLIN, 0 },
			 { c->srv->stop_fd, POLLIN, 0 } };
  ssize_t n;

  do
    n = poll (p, 2, IDL_HANDSHAKE_TIMEOUT_MS);
  while (n < 0 && errno == EINTR);
  if (n <= 0 || !(p[0].revents & POLLIN) || p[1].revents)
    return -1;
  return idl_hello_read (c->fd, hello) == 0 ? 0 : -1;
}

int
idl_page_open (struct idl_conn *c, int wait)
{
  struct idl_hello_msg hello;
  int status;

  if (wait)
    status = receive_hello (c, &hello) == 0 ? answer_hello (c, &hello)
					       : IDL_E_CONNECT;
  else
    {
      int r = idl_hello_read (c->fd, &hello);
      if (r > 0)
	return IDL_CONN_AGAIN;	/* nothing yet */
      status = r < 0 ? IDL_E_CONNECT : answer_hello (c, &hello);
    }
  return status;
}

/* A connection: housekeeping.  */

/* Discard what C's socket holds that no request of C's will claim:
   called when the connection is idle (after a sleep slice, or when a
   worker is told the socket became readable with no request on the
   page).  A well-behaved client leaves nothing there for long: it sends
   descriptors microseconds before it publishes their request, and its
   doorbells (page.h) are taken here.  Anything else is junk, and is
   discarded at the client's next request with descriptors anyway
   (fdpass.h), but one message may hold the client's own end of the
   connection: then the client's death closes no socket, we would never
   see the hang-up, and the connection would be served for ever.

   So each message at the head of the queue is peeked at and taken
   unless it looks like the next request's descriptors (the next
   sequence number); such a one is given IDL_STALE_FDS_NS to be
   claimed, and then taken too.  Neither the peek nor the taking has a
   control buffer, so the kernel installs none of the descriptors here:
   it drops them.  Returns when to look again for a message that waits
   to be claimed, or 0.  */
static int64_t
drain_stale (struct idl_conn *c, int64_t now)
{
  for (unsigned i = 0; i < IDL_FD_DRAIN_MAX; i++)
    {
      union
      {
	struct idl_fdmsg hdr;
	unsigned char room[sizeof (struct idl_fdmsg) + 1];
      } body;
      struct iovec iov = { &body, sizeof body.room };
      struct msghdr m = { 0 };
      ssize_t n;

      m.msg_iov = &iov;
      m.msg_iovlen = 1;
      n = recvmsg (c->fd, &m, MSG_PEEK | MSG_DONTWAIT);
      if (n < 0)
	{
	  c->pending_since = 0;	/* nothing queued (or the socket died) */
	  return 0;
	}
      if (n == (ssize_t) sizeof body.hdr && !(m.msg_flags & MSG_TRUNC)
	  && body.hdr.magic == IDL_FDMSG_MAGIC
	  && body.hdr.seq == c->last_seq + 1)
	{
	  if (c->pending_since == 0)
	    c->pending_since = now;
	  if (now - c->pending_since < IDL_STALE_FDS_NS)
	    return c->pending_since + IDL_STALE_FDS_NS;
	}
      /* Take it without a control buffer: the kernel drops its
	 descriptors instead of installing them here.  */
      m.msg_flags = 0;
      if (recvmsg (c->fd, &m, MSG_DONTWAIT) < 0)
	return 0;
      c->pending_since = 0;
    }
  return 0;
}

/* Housekeeping (transport.h): the socket's stale messages, and a
   private bulk buffer idle for IDL_BULK_IDLE_NS given back to the
   server's cap (bulk-server.c).  When to come again, or 0.  */
int64_t
idl_page_idle (struct idl_conn *c, int64_t now)
{
  int64_t next = drain_stale (c, now);
  if (c->bulk)
    {
      int64_t at = idl_bulk_idle (c, now);
      if (at != 0 && (next == 0 || at < next))
	next = at;
    }
  return next;
}

void
idl_page_wake (struct idl_conn *c)
{
  /* Not yet unmapped while listed (idl_conn_end unlists first, under
     the lock our caller holds).  */
  struct idl_page *pg = __atomic_load_n (&c->page, __ATOMIC_ACQUIRE);
  if (pg)
    idl_futex_wake (&pg->state, 0x7fffffff);
}

/* Turn C away (server.c, idl_conn_accept) before its hello: the
   welcome goes out at once with the refusal's code, and the client,
   which reads a welcome after its hello, finds it there even if we
   closed first (handshake.c, receive_welcome).  Not waiting for the
   hello is what makes turning a client away cost no thread and no
   wait, however many come.  */
void
idl_page_refuse (struct idl_conn *c, int code)
{
  idl_welcome_send (c->fd, code, -1, NULL);
}

void
idl_page_ring_client (struct idl_conn *c)
{
  /* Never blocks: a client whose queue is full has a message there
     that makes its socket readable already.  */
  idl_doorbell (c->fd, c->last_seq);
}

void
idl_page_close (struct idl_conn *c)
{
  if (c->page)
    munmap (c->page, IDL_PAGE_SIZE);
  if (c->fd >= 0)
    close (c->fd);
}

/* A connection: a reply with descriptors.  */

/* Bytes of ours that the client at the other end of SOCK has not taken
   off its socket (SIOCOUTQ: what the kernel still charges to our end),
   or 0 if the kernel cannot say.  */
static int
unread_bytes (int sock)
{
  int n = 0;
  return ioctl (sock, SIOCOUTQ, &n) == 0 ? n : 0;
}

/* How many messages of descriptors may wait, unread, in a client's
   socket queue.  */
#define IDL_FD_UNREAD_MAX 4

/* May C's client be sent another message of descriptors, UNREAD bytes
   of ours waiting in its queue?  What we send on the socket are
   replies' descriptors (the welcome is long taken), and a client that
   runs the runtime takes them before it publishes its next request, a
   late reply's too (call.c, discard_late_reply): at our reply nothing
   of ours is left in its queue, unless a thread of its own spoiled a
   reply's count on the page (its next receive discards what it left:
   fdpass.h).  One that never reads its socket keeps them all, and the
   kernel keeps their files alive (pipes with their buffers) and charges
   descriptors in flight to the sender's user, against its RLIMIT_NOFILE
   unless it has CAP_SYS_RESOURCE: a few such clients could stop every
   process of the server's user from passing descriptors.  The socket
   queue's own bound is a tunable (net.unix.max_dgram_qlen, 10 by
   default, raised on some systems to hundreds); this one is not: at
   most IDL_FD_UNREAD_MAX messages, IDL_FD_UNREAD_MAX * IDL_MAX_FDS
   descriptors, wait for a client, and past that its calls fail with
   IDL_E_NOMEM as for a full queue.  (More than one, so that a client
   that spoiled a few replies' counts is not cut off: its next receive
   takes what it left.)  */
static int
may_send_fds (struct idl_conn *c, int unread)
{
  return unread == 0 || c->fdmsg_bytes == 0
	 || (unsigned) unread < IDL_FD_UNREAD_MAX * c->fdmsg_bytes;
}

void
idl_page_reply_fds (struct idl_conn *c, const struct idl_request *rq,
		    const int *rfds, uint64_t rtag, const int *fds,
		    unsigned nfds, uint32_t len)
{
  struct idl_page *pg = c->page;
  uint32_t sent = 0;

  if (!(rtag & IDL_TAG_ERROR) && nfds > 0)
    {
      int unread = unread_bytes (c->fd);
      long r = may_send_fds (c, unread) ? idl_fd_send (c->fd, rq->seq, fds,
						       nfds)
					 : -EAGAIN;
      if (r == 0)
	{
	  /* Nothing of this message can have been taken yet: the client
	     waits for the reply, which is not published.  */
	  int now = unread_bytes (c->fd);
	  if (now > unread)
	    c->fdmsg_bytes = (uint32_t) (now - unread);
	  sent = nfds;
	}
      else
	/* Not a descriptor (a dispatcher bug), or the client has not
	   taken what it was sent before, or its queue is full, or the
	   kernel is short of memory.  */
	rtag = idl_error_tag (r == -EBADF || r == -EINVAL ? IDL_E_PROTO
							   : IDL_E_NOMEM);
    }
  if (rtag & IDL_TAG_ERROR)
    len = 0;
  else if (len > 0)
    memcpy (pg->payload, (const uint8_t *) c->msg + IDL_MSG_REPLY_PAYLOAD,
	    len);
  /* The request's descriptors were lent to the implementation, the
     reply's are now the client's (the kernel holds its own references
     while they are in flight).  Closed before the reply is published,
     so that a client holding its reply knows the server holds nothing
     of the call any more.  */
  idl_close_distinct (rfds, rq->nfds, fds, nfds);
  idl_page_publish_reply (c, rtag, c->msg, len, sent);
}
