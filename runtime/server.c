/* server.c -- a server: accept loop, handshake, one thread per connection.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idl_server_create binds and listens on a SOCK_SEQPACKET Unix socket.
   idl_server_run polls the listening socket and a stop eventfd; each
   accepted connection gets a detached thread that does the handshake
   (hello in, welcome and the page's memfd out) and then serves the
   page (page.h) until the client goes away or the server stops.

   A server never trusts a client: the request tag, payload length and
   descriptor count are read once from the page, checked, and the
   request copied once into private memory before the dispatcher sees
   it; a malformed request gets an IDL_E_BADMSG reply and the connection
   goes on; a dead client (socket hang-up) ends only its own thread.
   The memfd is sealed against shrinking so a client cannot make the
   server's page accesses fault (SIGBUS).  Descriptors a client sends
   are in the server's table only from their request's receipt to the
   end of its dispatch, so neither a flood of them nor a client that
   never announces them makes the server's table grow.

   Dispatch calls are serialized by one mutex per server (see
   idl_server_run in idlrt.h): implementations need no locking of their
   own, and the lock is never held while waiting for a client.  */

#define _GNU_SOURCE 1		/* memfd_create, accept4, struct ucred */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"
#include "fdpass.h"

/* The server-side context of one call: what an implementation may ask
   about its caller.  One per connection, filled at accept time.  */
struct idl_call
{
  idl_server_t *server;
  pid_t pid;			/* SO_PEERCRED at accept */
  uid_t uid;
  gid_t gid;
};

struct idl_conn
{
  struct idl_conn *next, *prev;	/* srv->conns, under conns_lock */
  idl_server_t *srv;
  int sock;
  struct idl_page *page;	/* NULL until the handshake succeeds */
  /* The private copy of each request, IDL_MSG_BYTES (idlrt-abi.h); the
     dispatcher writes the reply into it too.  */
  uint64_t *msg;
  /* Since when (CLOCK_MONOTONIC ns) the socket has held a message
     while no request came, or 0: see idle_check.  */
  int64_t queued_since;
  struct idl_call call;
};

/* How long a socket message may sit unannounced on an idle connection
   before idle_check discards it.  A client sends descriptors just
   before it publishes their request, so only a client stalled that long
   between two statements loses any (its request then fails with
   IDL_E_BADMSG).  */
#define IDL_STALE_FDS_NS (1000L * 1000 * 1000)

struct idl_server
{
  idl_interface_t iface;	/* a copy; the name is borrowed */
  idl_dispatch_fn dispatch;
  char *path;			/* filesystem socket to unlink, or NULL */
  int listen_fd;
  int stop_fd;			/* eventfd, readable once stop is asked */
  int stopping;			/* set by idl_server_stop (atomic) */
  pthread_mutex_t dispatch_lock;	/* serializes implementations */
  pthread_mutex_t conns_lock;
  pthread_cond_t conns_done;	/* signalled when nconns drops */
  struct idl_conn *conns;
  unsigned nconns;
};

static inline uint64_t
error_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* Handshake.  */

/* Read the client's hello, waiting at most IDL_HANDSHAKE_TIMEOUT_MS and
   giving up at once if the server stops.  Returns 0 or -1.  */
static int
receive_hello (struct idl_conn *c, struct idl_hello_msg *hello)
{
  struct pollfd p[2] = { { c->sock, POLLIN, 0 },
			 { c->srv->stop_fd, POLLIN, 0 } };
  struct iovec iov = { hello, sizeof *hello };
  struct msghdr msg = { 0 };
  ssize_t n;

  do
    n = poll (p, 2, IDL_HANDSHAKE_TIMEOUT_MS);
  while (n < 0 && errno == EINTR);
  if (n <= 0 || !(p[0].revents & POLLIN) || p[1].revents)
    return -1;
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  /* No control buffer: any descriptors a client sends are discarded by
     the kernel (and MSG_CTRUNC reported), never installed here.  */
  n = recvmsg (c->sock, &msg, MSG_DONTWAIT);
  if (n < (ssize_t) sizeof hello->h || (msg.msg_flags & MSG_TRUNC)
      || hello->h.nops > IDL_HELLO_OPS_MAX
      || (size_t) n != sizeof hello->h + hello->h.nops * sizeof (uint64_t))
    return -1;
  return 0;
}

/* Is operation-table entry E in the sorted table OPS[0..N-1]?  */
static int
has_operation (const uint64_t *ops, uint32_t n, uint64_t e)
{
  uint32_t lo = 0, hi = n;

  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (ops[mid] == e)
	return 1;
      if (ops[mid] < e)
	lo = mid + 1;
      else
	hi = mid;
    }
  return 0;
}

/* May a client with HELLO talk to server interface ME?  The same id and
   version, and then the same signature, or every operation the client
   knows present and unchanged here (a server may have gained
   operations since the client was built).  The client's table is not
   trusted to be sorted or short: each entry is looked up.  */
static int
compatible (const idl_interface_t *me, const struct idl_hello_msg *hello)
{
  if (hello->h.iface_id != me->id || hello->h.iface_version != me->version)
    return 0;
  if (hello->h.signature == me->signature)
    return 1;
  if (!me->ops || hello->h.nops == 0)
    return 0;
  for (uint32_t i = 0; i < hello->h.nops; i++)
    if (!has_operation (me->ops, me->nops, hello->ops[i]))
      return 0;
  return 1;
}

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
  /* Atomic: idl_server_run reads it (under conns_lock) to wake us.  */
  __atomic_store_n (&c->page, (struct idl_page *) p, __ATOMIC_RELEASE);
  return fd;
}

/* Send the welcome with STATUS, and FD as SCM_RIGHTS when FD >= 0.  */
static int
send_welcome (int sock, int status, int fd)
{
  struct idl_welcome w = { IDL_WELCOME_MAGIC, IDL_WIRE_VERSION,
			   (uint32_t) status, 0, IDL_PAGE_SIZE };
  union
  {
    char buf[CMSG_SPACE (sizeof (int))];
    struct cmsghdr align;
  } ctl;
  struct iovec iov = { &w, sizeof w };
  struct msghdr msg = { 0 };
  ssize_t n;

  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  if (fd >= 0)
    {
      struct cmsghdr *cm;
      memset (&ctl, 0, sizeof ctl);
      msg.msg_control = ctl.buf;
      msg.msg_controllen = sizeof ctl.buf;
      cm = CMSG_FIRSTHDR (&msg);
      cm->cmsg_level = SOL_SOCKET;
      cm->cmsg_type = SCM_RIGHTS;
      cm->cmsg_len = CMSG_LEN (sizeof (int));
      memcpy (CMSG_DATA (cm), &fd, sizeof (int));
    }
  /* MSG_NOSIGNAL: a client that hung up must not kill us with SIGPIPE.
     SO_SNDTIMEO (set at accept) bounds the wait.  */
  do
    n = sendmsg (sock, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n == (ssize_t) sizeof w ? 0 : -1;
}

/* Agree on the interface and hand over the page.  Returns IDL_OK when
   the connection is ready to serve.  */
static int
handshake (struct idl_conn *c)
{
  const idl_interface_t *me = &c->srv->iface;
  struct idl_hello_msg hello;
  int status, fd = -1;

  if (receive_hello (c, &hello) != 0)
    return IDL_E_CONNECT;
  if (hello.h.magic != IDL_HELLO_MAGIC
      || hello.h.wire_version != IDL_WIRE_VERSION)
    status = IDL_E_CONNECT;
  else if (!compatible (me, &hello))
    status = IDL_E_IFACE;
  else
    {
      fd = create_page (c);
      status = fd >= 0 ? IDL_OK : IDL_E_NOMEM;
    }
  if (send_welcome (c->sock, status, fd) != 0 && status == IDL_OK)
    status = IDL_E_CONNECT;
  if (fd >= 0)
    close (fd);			/* the mapping keeps the page alive */
  return status;
}

/* Serving a connection.  */

/* Publish reply TAG with words MSG[1..count], PAYLOAD_LEN bytes already
   on the page and NFDS descriptors already on the socket, and wake the
   client.  */
static void
send_reply (struct idl_page *pg, uint64_t tag, const uint64_t *msg,
	    uint32_t payload_len, uint32_t nfds)
{
  unsigned n = tag & IDL_TAG_COUNT_MASK;

  for (unsigned i = 1; i <= n; i++)
    __atomic_store_n (&pg->mr[i], msg[i], __ATOMIC_RELAXED);
  __atomic_store_n (&pg->mr[0], tag, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->payload_len, payload_len, __ATOMIC_RELAXED);
  __atomic_store_n (&pg->nfds, nfds, __ATOMIC_RELAXED);
  idl_page_publish (pg, IDL_PAGE_REPLY, &pg->client_sleeping);
}

/* Answer a request we will not dispatch with error CODE; a one-way
   request only gets its page back.  */
static void
reject (struct idl_page *pg, int oneway, int code)
{
  if (oneway)
    idl_page_publish (pg, IDL_PAGE_IDLE, &pg->client_sleeping);
  else
    send_reply (pg, error_tag (code), NULL, 0, 0);
}

/* Check the reply tag a dispatcher returned for a two-way request and
   turn anything the client could not use into an error tag.  */
static uint64_t
check_reply_tag (uint64_t rtag)
{
  if (rtag & IDL_TAG_ERROR)
    /* The dispatcher's own error: no words, just the code.  */
    return rtag & ~(uint64_t) (IDL_TAG_COUNT_MASK | IDL_TAG_ONEWAY);
  if (rtag & IDL_TAG_ONEWAY)
    /* The dispatcher says the operation is one-way, but the client waits
       for a reply: its request was malformed.  Answer, or it would wait
       until it gave up on us.  */
    return error_tag (IDL_E_BADMSG);
  if ((rtag & IDL_TAG_COUNT_MASK) > IDL_MR_WORDS - 1)
    return error_tag (IDL_E_PROTO);
  return rtag;
}

/* Close each distinct descriptor of A[0..NA-1] and B[0..NB-1] once: a
   dispatcher may list one twice, or hand back a request's descriptor
   as a reply's, and closing a number twice could close a descriptor
   another thread has opened under it meanwhile.  */
static void
close_distinct (const int *a, unsigned na, const int *b, unsigned nb)
{
  int all[2 * IDL_MAX_FDS];
  unsigned n = 0;

  for (unsigned i = 0; i < na + nb; i++)
    {
      int fd = i < na ? a[i] : b[i - na];
      unsigned j;
      if (fd < 0)
	continue;
      for (j = 0; j < n && all[j] != fd; j++)
	;
      if (j == n)
	{
	  all[n++] = fd;
	  close (fd);
	}
    }
}

/* The descriptors a dispatcher listed for its reply, into OUT; returns
   how many, or -1 if the count itself is out of range (then nothing in
   the list can be trusted to be a descriptor the dispatcher meant, and
   none is closed: a wrong close could hit the server's own).  */
static int
reply_fds (const uint64_t *msg, int *out)
{
  uint64_t n = msg[IDL_MSG_REPLY_NFDS];

  if (n > IDL_MAX_FDS)
    return -1;
  for (unsigned i = 0; i < n; i++)
    out[i] = (int) msg[IDL_MSG_REPLY_FDS + i];
  return (int) n;
}

/* The request on C's page is complete: send the reply for dispatcher
   result RTAG.  SEQ is the request's sequence number; RFDS[0..NR-1]
   the descriptors it brought, closed here once the reply is out.  */
static void
finish_reply (struct idl_conn *c, uint64_t rtag, uint32_t seq,
	      const int *rfds, unsigned nr)
{
  struct idl_page *pg = c->page;
  const uint64_t *msg = c->msg;
  uint64_t len = msg[IDL_MSG_REPLY_LEN];
  int out[IDL_MAX_FDS];
  int nout = reply_fds (msg, out);
  uint32_t sent = 0;

  rtag = check_reply_tag (rtag);
  if (!(rtag & IDL_TAG_ERROR) && (nout < 0 || len > IDL_PAYLOAD_MAX))
    /* A dispatcher bug; the client sees a malformed reply.  */
    rtag = error_tag (IDL_E_PROTO);
  if (nout < 0)
    nout = 0;
  if (!(rtag & IDL_TAG_ERROR) && nout > 0)
    {
      long r = idl_fd_send (c->sock, seq, out, (unsigned) nout);
      if (r == 0)
	sent = (uint32_t) nout;
      else
	/* Not a descriptor (a dispatcher bug), or the client's queue is
	   full (a client that does not take what it is sent) or the
	   kernel is short of memory.  */
	rtag = error_tag (r == -EBADF || r == -EINVAL ? IDL_E_PROTO
						       : IDL_E_NOMEM);
    }
  if (rtag & IDL_TAG_ERROR)
    len = 0;
  else if (len > 0)
    /* memcpy, not a loop of atomics: up to 64 KiB, and the page is
       ours until we publish; a client that writes it anyway only
       spoils its own reply.  */
    memcpy (pg->payload, (const uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD, len);
  /* The request's descriptors were lent to the implementation, the
     reply's are now the client's (the kernel holds its own references
     while they are in flight).  Closed before the reply is published,
     so that a client holding its reply knows the server holds nothing
     of the call any more.  */
  close_distinct (rfds, nr, out, (unsigned) nout);
  send_reply (pg, rtag, msg, (uint32_t) len, sent);
}

/* Serve the request C's page holds.  */
static void
serve_request (struct idl_conn *c)
{
  idl_server_t *srv = c->srv;
  struct idl_page *pg = c->page;
  uint64_t *msg = c->msg;
  int rfds[IDL_MAX_FDS];
  unsigned nr = 0;

  /* Read the header once; from here on only the copies count.  */
  uint64_t tag = __atomic_load_n (&pg->mr[0], __ATOMIC_RELAXED);
  uint32_t seq = __atomic_load_n (&pg->seq, __ATOMIC_RELAXED);
  uint32_t len = __atomic_load_n (&pg->payload_len, __ATOMIC_RELAXED);
  uint32_t nfds = __atomic_load_n (&pg->nfds, __ATOMIC_RELAXED);
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  int oneway = (tag & IDL_TAG_ONEWAY) != 0;

  if (__builtin_expect (len > IDL_PAYLOAD_MAX || nfds > IDL_MAX_FDS, 0))
    {
      reject (pg, oneway, IDL_E_BADMSG);
      return;
    }
  /* Take the descriptors even if the tag turns out bad, so that they
     do not wait in the queue for a later request to discard.  */
  if (nfds > 0)
    {
      if (idl_fd_recv (c->sock, seq, rfds, nfds) != IDL_FDRECV_OK)
	{
	  reject (pg, oneway, IDL_E_BADMSG);
	  return;
	}
      nr = nfds;
    }
  if (__builtin_expect (n > IDL_MR_WORDS - 1
			|| (tag & IDL_TAG_ERROR)
			|| (uint32_t) (tag >> IDL_TAG_IFACE_SHIFT)
			   != srv->iface.id, 0))
    {
      reject (pg, oneway, IDL_E_BADMSG);
      close_distinct (rfds, nr, NULL, 0);
      return;
    }

  msg[0] = tag;
  for (unsigned i = 1; i <= n; i++)
    msg[i] = __atomic_load_n (&pg->mr[i], __ATOMIC_RELAXED);
  /* One copy of the payload, then only the copy is used (no double
     fetch).  memcpy rather than atomics: this is not the libc-free call
     path, and a client that changes the bytes while we copy gets
     garbage in its own request, which the dispatcher checks like any
     other.  */
  memcpy ((uint8_t *) msg + IDL_MSG_REQ_PAYLOAD, pg->payload, len);
  msg[IDL_MSG_REQ_LEN] = len;
  msg[IDL_MSG_REQ_NFDS] = nr;
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    msg[IDL_MSG_REQ_FDS + i] = (uint64_t) (int64_t) (i < nr ? rfds[i] : -1);
  msg[IDL_MSG_REPLY_LEN] = 0;
  msg[IDL_MSG_REPLY_NFDS] = 0;

  if (oneway)
    {
      /* Let the client go on before the implementation runs.  */
      idl_page_publish (pg, IDL_PAGE_IDLE, &pg->client_sleeping);
      pthread_mutex_lock (&srv->dispatch_lock);
      srv->dispatch (&c->call, msg);
      pthread_mutex_unlock (&srv->dispatch_lock);
      /* Nobody reads a one-way reply: drop what the dispatcher meant to
	 send with it.  */
      int out[IDL_MAX_FDS];
      int nout = reply_fds (msg, out);
      close_distinct (rfds, nr, out, nout > 0 ? (unsigned) nout : 0);
      return;
    }

  pthread_mutex_lock (&srv->dispatch_lock);
  uint64_t rtag = srv->dispatch (&c->call, msg);
  pthread_mutex_unlock (&srv->dispatch_lock);
  finish_reply (c, rtag, seq, rfds, nr);
}

static int64_t
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Housekeeping after a sleep slice in which no request came.  A socket
   message queued on an idle connection is one the client sent without
   announcing it (a well-behaved client announces its descriptors
   microseconds after sending them).  Such messages are discarded at
   the client's next request with descriptors anyway (fdpass.h), but
   one may hold the client's own end of the connection: then the
   client's death closes no socket, we would never see the hang-up, and
   this thread would serve a dead connection for ever.  So a message
   that has sat unannounced for IDL_STALE_FDS_NS is taken and its
   descriptors closed.  */
static void
idle_check (struct idl_conn *c)
{
  struct pollfd p = { c->sock, POLLIN, 0 };

  if (poll (&p, 1, 0) != 1 || !(p.revents & POLLIN))
    {
      c->queued_since = 0;
      return;
    }
  int64_t now = now_ns ();
  if (c->queued_since == 0)
    c->queued_since = now;
  else if (now - c->queued_since >= IDL_STALE_FDS_NS)
    {
      idl_fd_drain (c->sock);
      c->queued_since = 0;
    }
}

static void
serve (struct idl_conn *c)
{
  idl_server_t *srv = c->srv;
  struct idl_page *pg = c->page;
  unsigned spin_limit = idl_spin_limit (), spin = spin_limit;

  while (!__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      int s = idl_page_wait (pg, &pg->server_sleeping, 1, spin, c->sock,
			     &srv->stopping, IDL_SERVER_SLICE_NS);
      if (s == IDL_WAIT_SLICE)
	{
	  spin = 0;
	  idle_check (c);
	  continue;
	}
      if (s < 0)
	return;			/* the client died, or we stop */
      spin = spin_limit;
      c->queued_since = 0;
      serve_request (c);
    }
}

/* Forget connection C and free what it holds.  */
static void
end_connection (struct idl_conn *c)
{
  idl_server_t *srv = c->srv;

  pthread_mutex_lock (&srv->conns_lock);
  if (c->prev)
    c->prev->next = c->next;
  else
    srv->conns = c->next;
  if (c->next)
    c->next->prev = c->prev;
  srv->nconns--;
  pthread_cond_broadcast (&srv->conns_done);
  pthread_mutex_unlock (&srv->conns_lock);

  if (c->page)
    munmap (c->page, IDL_PAGE_SIZE);
  close (c->sock);
  free (c->msg);
  free (c);
}

/* A connection's thread: handshake, serve, clean up.  */
static void *
connection_main (void *arg)
{
  struct idl_conn *c = arg;

  /* Off the stack: IDL_MSG_BYTES is 129 KiB.  Zeroed once, so that a
     dispatcher that announces more reply payload than it wrote leaks
     nothing of the server's heap, only this client's own old bytes.  */
  c->msg = aligned_alloc (64, IDL_MSG_BYTES);
  if (c->msg)
    memset (c->msg, 0, IDL_MSG_BYTES);
  if (c->msg && handshake (c) == IDL_OK)
    serve (c);
  end_connection (c);
  return NULL;
}

/* Start a thread for accepted socket SOCK; on failure drop the
   connection (the client sees a hang-up, not a hang).  */
static void
start_connection (idl_server_t *srv, int sock)
{
  struct idl_conn *c = calloc (1, sizeof *c);
  struct ucred cred;
  socklen_t len = sizeof cred;
  struct timeval tv = { IDL_HANDSHAKE_TIMEOUT_MS / 1000,
			(IDL_HANDSHAKE_TIMEOUT_MS % 1000) * 1000 };
  pthread_attr_t attr;
  pthread_t tid;
  int rc;

  if (!c)
    {
      close (sock);
      return;
    }
  c->srv = srv;
  c->sock = sock;
  c->call.server = srv;
  c->call.pid = -1;
  c->call.uid = (uid_t) -1;
  c->call.gid = (gid_t) -1;
  if (getsockopt (sock, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0)
    {
      c->call.pid = cred.pid;
      c->call.uid = cred.uid;
      c->call.gid = cred.gid;
    }
  setsockopt (sock, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);

  pthread_mutex_lock (&srv->conns_lock);
  c->next = srv->conns;
  if (c->next)
    c->next->prev = c;
  srv->conns = c;
  srv->nconns++;
  pthread_mutex_unlock (&srv->conns_lock);

  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  rc = pthread_create (&tid, &attr, connection_main, c);
  pthread_attr_destroy (&attr);
  if (rc != 0)
    end_connection (c);
}

/* Server API.  */

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

idl_server_t *
idl_server_create (const char *name, const idl_interface_t *iface,
		   idl_dispatch_fn dispatch, int *err)
{
  struct sockaddr_un sa;
  idl_server_t *srv;
  socklen_t len;
  int dummy;

  if (!err)
    err = &dummy;
  len = idl_sockaddr (&sa, name);
  if (!len || !iface || !dispatch)
    {
      *err = IDL_E_INVAL;
      return NULL;
    }
  srv = calloc (1, sizeof *srv);
  if (!srv)
    {
      *err = IDL_E_NOMEM;
      return NULL;
    }
  srv->iface = *iface;
  srv->dispatch = dispatch;
  srv->stop_fd = -1;
  srv->listen_fd = socket (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (srv->listen_fd < 0)
    goto nomem;
  if (bind_name (srv->listen_fd, name, &sa, len) != 0)
    {
      /* The name is taken or cannot be created.  */
      *err = errno == ENOMEM || errno == ENOBUFS ? IDL_E_NOMEM
						  : IDL_E_CONNECT;
      goto fail;
    }
  if (name[0] != '@' && !(srv->path = strdup (name)))
    goto nomem;
  if (listen (srv->listen_fd, SOMAXCONN) != 0)
    {
      *err = IDL_E_CONNECT;
      goto fail;
    }
  srv->stop_fd = eventfd (0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (srv->stop_fd < 0)
    goto nomem;
  pthread_mutex_init (&srv->dispatch_lock, NULL);
  pthread_mutex_init (&srv->conns_lock, NULL);
  pthread_cond_init (&srv->conns_done, NULL);
  *err = IDL_OK;
  return srv;

 nomem:
  *err = IDL_E_NOMEM;
 fail:
  if (srv->path)
    unlink (srv->path);
  free (srv->path);
  if (srv->listen_fd >= 0)
    close (srv->listen_fd);
  free (srv);
  return NULL;
}

int
idl_server_run (idl_server_t *srv)
{
  struct pollfd p[2];

  if (!srv || srv->listen_fd < 0)
    return -1;
  while (!__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      p[0] = (struct pollfd) { srv->listen_fd, POLLIN, 0 };
      p[1] = (struct pollfd) { srv->stop_fd, POLLIN, 0 };
      if (poll (p, 2, -1) < 0)
	{
	  if (errno == EINTR)
	    continue;
	  break;
	}
      if (p[1].revents)
	break;
      if (!(p[0].revents & POLLIN))
	continue;
      int sock = accept4 (srv->listen_fd, NULL, NULL, SOCK_CLOEXEC);
      if (sock >= 0)
	start_connection (srv, sock);
      else if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS
	       || errno == ENOMEM)
	/* The connection stays queued and poll would report it again at
	   once: back off instead of spinning.  */
	poll (&p[1], 1, 100);
    }

  /* Stop: connection threads see the flag at their next request or
     sleep slice; wake the sleeping ones now, then wait for all.  Close
     the listening socket first, so that clients are refused at once
     instead of waiting for a handshake that would never come (the name
     stays until idl_server_destroy).  */
  __atomic_store_n (&srv->stopping, 1, __ATOMIC_RELEASE);
  close (srv->listen_fd);
  srv->listen_fd = -1;
  pthread_mutex_lock (&srv->conns_lock);
  for (struct idl_conn *c = srv->conns; c; c = c->next)
    {
      /* Still listed, so not yet unmapped (end_connection unlists
	 first, under the same lock).  */
      struct idl_page *pg = __atomic_load_n (&c->page, __ATOMIC_ACQUIRE);
      if (pg)
	idl_futex_wake (&pg->state, 0x7fffffff);
    }
  while (srv->nconns > 0)
    pthread_cond_wait (&srv->conns_done, &srv->conns_lock);
  pthread_mutex_unlock (&srv->conns_lock);
  return 0;
}

void
idl_server_stop (idl_server_t *srv)
{
  /* Async-signal-safe: an atomic store and write(2), errno kept.  */
  int saved = errno;
  uint64_t one = 1;

  __atomic_store_n (&srv->stopping, 1, __ATOMIC_RELEASE);
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
  if (srv->listen_fd >= 0)
    close (srv->listen_fd);
  close (srv->stop_fd);
  if (srv->path)
    unlink (srv->path);
  free (srv->path);
  pthread_mutex_destroy (&srv->dispatch_lock);
  pthread_mutex_destroy (&srv->conns_lock);
  pthread_cond_destroy (&srv->conns_done);
  free (srv);
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
