/* server.c -- a server: accept loop, handshake, serving connections.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idl_server_create binds and listens on a SOCK_SEQPACKET Unix socket.
   idl_server_run serves in one of two modes (idl_server_set_workers):

   - a thread per connection (the default): idl_server_run polls the
     listening socket and a stop eventfd; each accepted connection gets
     a detached thread that does the handshake (hello in, welcome and
     the page's memfd out) and then serves the page (page.h), sleeping
     on its state word, until the client goes away or the server stops;
   - N workers: N threads in all (the caller's among them), each with
     an epoll set holding its share of the connections.  A worker spins
     over its pages' state words, then sleeps in epoll_wait with
     IDL_SLEEP_POLL in each page's server_sleeping, so that a client
     rings the socket instead of the futex; the same epoll_wait reports
     hang-ups, handshakes, new connections handed to it and stop.  The
     caller's worker also accepts, and gives each connection to the
     worker with the fewest.  Handshakes are asynchronous there, so a
     client that never says hello delays nobody.

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

   With a thread per connection, dispatch calls are serialized by one
   lock per server (see idl_server_run in idlrt.h): implementations
   need no locking of their own.  A connection's thread keeps the lock
   from one request to the next only while it spins for its client's
   next request (a few microseconds), and gives it up at once when
   another thread asks for it; it never sleeps, waits for a client or
   sends descriptors with it.  With N workers, up to N implementations
   run at once, one per worker.  */

#define _GNU_SOURCE 1		/* memfd_create, accept4, struct ucred */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

struct idl_worker;

struct idl_conn
{
  struct idl_conn *next, *prev;	/* srv->conns, under conns_lock */
  idl_server_t *srv;
  int sock;
  struct idl_page *page;	/* NULL until the handshake succeeds */
  /* The private copy of each request, IDL_MSG_BYTES (idlrt-abi.h); the
     dispatcher writes the reply into it too.  */
  uint64_t *msg;
  /* The sequence number of the last request taken: the next one's
     descriptors, if any, come with the next number.  */
  uint32_t last_seq;
  /* Since when (CLOCK_MONOTONIC ns) a message that looks like the next
     request's descriptors has waited for that request, or 0: see
     idle_check.  */
  int64_t pending_since;
  struct idl_call call;
  /* Thread per connection: whether this connection's thread holds the
     server's dispatch lock between requests (see serve).  */
  int lock_held;
  /* Worker mode only.  */
  struct idl_worker *worker;	/* owner, once handed over */
  struct idl_conn *wnext, *wprev;	/* the owner's list */
  struct idl_conn *inbox_next;	/* on the owner's inbox, before that */
  int64_t hello_deadline;	/* while page is NULL: when to give up */
};

/* How long a message that looks like the next request's descriptors
   may wait for that request before idle_check discards it.  A client
   sends descriptors just before it publishes their request, so only a
   client stalled that long between two statements loses any (its
   request then fails with IDL_E_BADMSG).  */
#define IDL_STALE_FDS_NS (1000L * 1000 * 1000)

/* A worker (worker mode): a thread and the connections it serves.  */
struct idl_worker
{
  idl_server_t *srv;
  int epfd;
  int inbox_fd;			/* eventfd: connections were handed over */
  pthread_mutex_t inbox_lock;
  struct idl_conn *inbox;	/* handed over, not yet taken */
  struct idl_conn *conns;	/* ours */
  unsigned nconns;		/* ours and in the inbox (atomic: the
				   acceptor reads it to balance) */
  int cpu;			/* idl_sole_cpu () of the worker's thread */
  pthread_t tid;
  int started;
};

/* Most workers a server may have.  */
#define IDL_MAX_WORKERS 1024

struct idl_server
{
  idl_interface_t iface;	/* a copy; the name is borrowed */
  idl_dispatch_fn dispatch;
  char *path;			/* filesystem socket to unlink, or NULL */
  int listen_fd;
  int stop_fd;			/* eventfd, readable once stop is asked */
  int stopping;			/* set by idl_server_stop (atomic) */
  /* Serializes implementations without workers (dispatch_msg): 0
     free, 1 held, 2 held with waiters.  */
  uint32_t dispatch_lock;
  pthread_mutex_t conns_lock;
  pthread_cond_t conns_done;	/* signalled when nconns drops */
  struct idl_conn *conns;
  unsigned nconns;
  unsigned nworkers;		/* 0: a thread per connection */
  struct idl_worker *workers;	/* while running with workers */
  int running;
  /* Co-location: this process's servers, by name.  */
  char *name;
  pid_t pid;			/* the creator: a fork's copy is not it */
  idl_server_t *reg_next;	/* the registry, under registry_lock */
  unsigned refs;		/* the server and its co-located bindings
				   (atomic); freed at 0 */
  int gone;			/* destroyed: co-located calls fail */
  /* Co-location's direct calls: iface.nops entries, iface.direct's
     while the server has workers and is not stopped, else NULL
     (atomic).  */
  const void **direct;
};

/* Let co-located stubs call SRV's implementations directly (ON), or
   send them down the message path.  Only a server with workers runs
   implementations concurrently (dispatch_msg): a direct call must not
   change that.  A stopped server's calls take the message path, which
   fails them with IDL_E_PEER_DIED.  Atomic stores only: idl_server_stop
   calls it from signal handlers.  */
static void
publish_direct (idl_server_t *srv, int on)
{
  if (!srv->direct)
    return;
  for (uint32_t i = 0; i < srv->iface.nops; i++)
    __atomic_store_n (&srv->direct[i], on ? srv->iface.direct[i] : NULL,
		      __ATOMIC_RELEASE);
}

static inline uint64_t
error_tag (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

/* Handshake.  */

/* Read the client's hello if it has come.  Returns 0, 1 if nothing is
   queued yet, or -1 if what came is not a hello.  */
static int
read_hello (struct idl_conn *c, struct idl_hello_msg *hello)
{
  struct iovec iov = { hello, sizeof *hello };
  struct msghdr msg = { 0 };
  ssize_t n;

  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  /* No control buffer: any descriptors a client sends are discarded by
     the kernel (and MSG_CTRUNC reported), never installed here.  */
  do
    n = recvmsg (c->sock, &msg, MSG_DONTWAIT);
  while (n < 0 && errno == EINTR);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    return 1;
  if (n < (ssize_t) sizeof hello->h || (msg.msg_flags & MSG_TRUNC)
      || hello->h.nops > IDL_HELLO_OPS_MAX
      || (size_t) n != sizeof hello->h + hello->h.nops * sizeof (uint64_t))
    return -1;
  return 0;
}

/* Read the client's hello, waiting at most IDL_HANDSHAKE_TIMEOUT_MS and
   giving up at once if the server stops.  Returns 0 or -1.  */
static int
receive_hello (struct idl_conn *c, struct idl_hello_msg *hello)
{
  struct pollfd p[2] = { { c->sock, POLLIN, 0 },
			 { c->srv->stop_fd, POLLIN, 0 } };
  ssize_t n;

  do
    n = poll (p, 2, IDL_HANDSHAKE_TIMEOUT_MS);
  while (n < 0 && errno == EINTR);
  if (n <= 0 || !(p[0].revents & POLLIN) || p[1].revents)
    return -1;
  return read_hello (c, hello) == 0 ? 0 : -1;
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

/* May a client of interface ID, VERSION, SIGNATURE with operation
   table OPS[0..NOPS-1] talk to server interface ME?  The same id and
   version, and then the same signature, or every operation the client
   knows present and unchanged here (a server may have gained
   operations since the client was built).  The client's table is not
   trusted to be sorted or short: each entry is looked up.  */
static int
compatible_with (const idl_interface_t *me, uint32_t id, uint32_t version,
		 uint64_t signature, const uint64_t *ops, uint32_t nops)
{
  if (id != me->id || version != me->version)
    return 0;
  if (signature == me->signature)
    return 1;
  if (!me->ops || !ops || nops == 0)
    return 0;
  for (uint32_t i = 0; i < nops; i++)
    if (!has_operation (me->ops, me->nops, ops[i]))
      return 0;
  return 1;
}

/* The same for a client's HELLO.  */
static int
compatible (const idl_interface_t *me, const struct idl_hello_msg *hello)
{
  return compatible_with (me, hello->h.iface_id, hello->h.iface_version,
			  hello->h.signature, hello->ops, hello->h.nops);
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

/* Answer HELLO: agree on the interface and hand over the page.
   Returns IDL_OK when the connection is ready to serve.  */
static int
answer_hello (struct idl_conn *c, const struct idl_hello_msg *hello)
{
  const idl_interface_t *me = &c->srv->iface;
  int status, fd = -1;

  if (hello->h.magic != IDL_HELLO_MAGIC
      || hello->h.wire_version != IDL_WIRE_VERSION)
    status = IDL_E_CONNECT;
  else if (!compatible (me, hello))
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

/* The handshake of a connection thread: wait for the hello, answer.  */
static int
handshake (struct idl_conn *c)
{
  struct idl_hello_msg hello;

  if (receive_hello (c, &hello) != 0)
    return IDL_E_CONNECT;
  return answer_hello (c, &hello);
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
void
idl_close_distinct (const int *a, unsigned na, const int *b, unsigned nb)
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

static inline void release_dispatch (struct idl_conn *c);

/* finish_reply's general case: descriptors go one way or the other.
   RTAG has been through check_reply_tag.  */
static void __attribute__ ((__noinline__))
finish_reply_fds (struct idl_conn *c, uint64_t rtag, uint32_t seq,
		  const int *rfds, unsigned nr)
{
  struct idl_page *pg = c->page;
  const uint64_t *msg = c->msg;
  uint64_t len = msg[IDL_MSG_REPLY_LEN];
  int out[IDL_MAX_FDS];
  int nout = reply_fds (msg, out);
  uint32_t sent = 0;

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
    memcpy (pg->payload, (const uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD, len);
  /* The request's descriptors were lent to the implementation, the
     reply's are now the client's (the kernel holds its own references
     while they are in flight).  Closed before the reply is published,
     so that a client holding its reply knows the server holds nothing
     of the call any more.  */
  idl_close_distinct (rfds, nr, out, (unsigned) nout);
  send_reply (pg, rtag, msg, (uint32_t) len, sent);
}

/* The request on C's page is complete: send the reply for dispatcher
   result RTAG.  SEQ is the request's sequence number; RFDS[0..NR-1]
   the descriptors it brought, closed here once the reply is out.  The
   common case, no descriptor either way, is kept short: it is all that
   stands between the request and its reply besides the dispatcher.  */
static void
finish_reply (struct idl_conn *c, uint64_t rtag, uint32_t seq,
	      const int *rfds, unsigned nr)
{
  const uint64_t *msg = c->msg;

  rtag = check_reply_tag (rtag);
  if (__builtin_expect (nr != 0 || msg[IDL_MSG_REPLY_NFDS] != 0, 0))
    {
      /* Sending descriptors may block (a full socket buffer, up to
	 the send timeout): not with the lock.  */
      release_dispatch (c);
      finish_reply_fds (c, rtag, seq, rfds, nr);
      return;
    }

  struct idl_page *pg = c->page;
  uint64_t len = msg[IDL_MSG_REPLY_LEN];
  if (rtag & IDL_TAG_ERROR)
    len = 0;
  else if (__builtin_expect (len > IDL_PAYLOAD_MAX, 0))
    {
      /* A dispatcher bug; the client sees a malformed reply.  */
      rtag = error_tag (IDL_E_PROTO);
      len = 0;
    }
  else if (len > 0)
    /* memcpy, not a loop of atomics: up to 64 KiB, and the page is
       ours until we publish; a client that writes it anyway only
       spoils its own reply.  */
    memcpy (pg->payload, (const uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD, len);
  send_reply (pg, rtag, msg, (uint32_t) len, 0);
}

/* The dispatch lock: a futex word (Drepper, "Futexes Are Tricky",
   mutex2), not a pthread mutex, so that taking and releasing it when
   nobody else holds it, the case of every call to a server with one
   client, is one atomic instruction each, inline, instead of two calls
   into libc on every request.  Process-private futex operations: the
   word is in the server's own memory.  */
static void __attribute__ ((__noinline__))
dispatch_lock_wait (uint32_t *l)
{
  while (__atomic_exchange_n (l, 2, __ATOMIC_ACQUIRE) != 0)
    syscall (SYS_futex, l, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
}

static inline void
dispatch_lock (uint32_t *l)
{
  uint32_t free_word = 0;

  if (!__atomic_compare_exchange_n (l, &free_word, 1, 0, __ATOMIC_ACQUIRE,
				    __ATOMIC_RELAXED))
    dispatch_lock_wait (l);
}

static inline void
dispatch_unlock (uint32_t *l)
{
  if (__atomic_exchange_n (l, 0, __ATOMIC_RELEASE) == 2)
    syscall (SYS_futex, l, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/* Run SRV's dispatcher for CALL on private message MSG.  With a thread
   per connection, implementations run one at a time (idlrt.h); a
   worker runs them on its own thread.  */
static inline uint64_t
dispatch_msg (idl_server_t *srv, idl_call_t *call, uint64_t *msg)
{
  uint64_t rtag;

  if (srv->nworkers != 0)
    return srv->dispatch (call, msg);
  dispatch_lock (&srv->dispatch_lock);
  rtag = srv->dispatch (call, msg);
  dispatch_unlock (&srv->dispatch_lock);
  return rtag;
}

/* Run C's server's dispatcher on C's request.  With a thread per
   connection, C's thread takes the dispatch lock if it does not hold it
   already, and keeps it unless another thread waits for it; serve
   releases it before the thread waits for anything but a request about
   to come, and as soon as another thread asks for it.  A client that
   calls again at once, from a CPU of its own, so costs the server no
   atomic instruction per call besides the page's own: on two CPUs the
   lock's two read-modify-writes were most of what null still cost
   over raw (bench/latency).  */
static uint64_t
dispatch (struct idl_conn *c)
{
  idl_server_t *srv = c->srv;

  if (srv->nworkers != 0)
    return srv->dispatch (&c->call, c->msg);
  if (!c->lock_held)
    {
      dispatch_lock (&srv->dispatch_lock);
      c->lock_held = 1;
    }
  uint64_t rtag = srv->dispatch (&c->call, c->msg);
  if (__atomic_load_n (&srv->dispatch_lock, __ATOMIC_RELAXED) == 2)
    {
      /* Another thread waits for the lock: let it have it now, as if
	 we had not kept it.  */
      c->lock_held = 0;
      dispatch_unlock (&srv->dispatch_lock);
    }
  return rtag;
}

/* Release the dispatch lock if C's thread holds it.  */
static inline void
release_dispatch (struct idl_conn *c)
{
  if (c->lock_held)
    {
      c->lock_held = 0;
      dispatch_unlock (&c->srv->dispatch_lock);
    }
}

/* idl_msg_request (internal.h), inlined into serve_request.  */
static inline __attribute__ ((__always_inline__)) void
msg_request (uint64_t *msg, uint64_t tag, const uint64_t *words,
	     const void *payload, uint32_t len, const int *fds, unsigned nfds)
{
  unsigned n = tag & IDL_TAG_COUNT_MASK;

  msg[0] = tag;
  if (words)
    for (unsigned i = 0; i < n; i++)
      msg[1 + i] = __atomic_load_n (&words[i], __ATOMIC_RELAXED);
  /* One copy of the payload, then only the copy is used (no double
     fetch).  memcpy rather than atomics: this is not the libc-free call
     path, and a client that changes the bytes while we copy gets
     garbage in its own request, which the dispatcher checks like any
     other.  */
  if (payload && len > 0)
    memcpy ((uint8_t *) msg + IDL_MSG_REQ_PAYLOAD, payload, len);
  msg[IDL_MSG_REQ_LEN] = len;
  msg[IDL_MSG_REQ_NFDS] = nfds;
  /* All slots -1 first (a few vector stores), then the descriptors.  */
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    msg[IDL_MSG_REQ_FDS + i] = (uint64_t) (int64_t) -1;
  for (unsigned i = 0; i < nfds; i++)
    msg[IDL_MSG_REQ_FDS + i] = (uint64_t) (int64_t) fds[i];
  msg[IDL_MSG_REPLY_LEN] = 0;
  msg[IDL_MSG_REPLY_NFDS] = 0;
}

void
idl_msg_request (uint64_t *msg, uint64_t tag, const uint64_t *words,
		 const void *payload, uint32_t len, const int *fds,
		 unsigned nfds)
{
  msg_request (msg, tag, words, payload, len, fds, nfds);
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

  c->last_seq = seq;
  c->pending_since = 0;

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
      idl_close_distinct (rfds, nr, NULL, 0);
      return;
    }

  msg_request (msg, tag, &pg->mr[1], pg->payload, len, rfds, nr);

  if (oneway)
    {
      /* Let the client go on before the implementation runs.  */
      idl_page_publish (pg, IDL_PAGE_IDLE, &pg->client_sleeping);
      dispatch (c);
      /* Nobody reads a one-way reply: drop what the dispatcher meant to
	 send with it.  */
      int out[IDL_MAX_FDS];
      int nout = reply_fds (msg, out);
      idl_close_distinct (rfds, nr, out, nout > 0 ? (unsigned) nout : 0);
      return;
    }

  uint64_t rtag = dispatch (c);
  finish_reply (c, rtag, seq, rfds, nr);
}

static int64_t
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

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
   it drops them.  */
static void
idle_check (struct idl_conn *c, int64_t now)
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
      n = recvmsg (c->sock, &m, MSG_PEEK | MSG_DONTWAIT);
      if (n < 0)
	{
	  c->pending_since = 0;	/* nothing queued (or the socket died) */
	  return;
	}
      if (n == (ssize_t) sizeof body.hdr && !(m.msg_flags & MSG_TRUNC)
	  && body.hdr.magic == IDL_FDMSG_MAGIC
	  && body.hdr.seq == c->last_seq + 1)
	{
	  if (c->pending_since == 0)
	    c->pending_since = now;
	  if (now - c->pending_since < IDL_STALE_FDS_NS)
	    return;
	}
      /* Take it without a control buffer: the kernel drops its
	 descriptors instead of installing them here.  */
      m.msg_flags = 0;
      if (recvmsg (c->sock, &m, MSG_DONTWAIT) < 0)
	return;
      c->pending_since = 0;
    }
}

/* Wait for the next request on C's page as idl_page_wait would with
   SPIN polls, while C's thread holds the dispatch lock: return
   IDL_PAGE_REQUEST with the lock still held if the request came while
   spinning; else release the lock, as soon as another thread waits for
   it (it set the word to 2) or when the spin is over, and return
   IDL_WAIT_SLICE with *LEFT the polls not made.  */
static int
spin_holding (struct idl_conn *c, unsigned spin, unsigned *left)
{
  struct idl_page *pg = c->page;
  const uint32_t *lock = &c->srv->dispatch_lock;

  for (unsigned i = 0; i < spin; i++)
    {
      if (__atomic_load_n (&pg->state, __ATOMIC_ACQUIRE) == IDL_PAGE_REQUEST)
	return IDL_PAGE_REQUEST;
      if (__atomic_load_n (lock, __ATOMIC_RELAXED) == 2)
	{
	  release_dispatch (c);
	  *left = spin - i;
	  return IDL_WAIT_SLICE;
	}
      idl_cpu_relax ();
    }
  release_dispatch (c);
  *left = 0;
  return IDL_WAIT_SLICE;
}

static void
serve (struct idl_conn *c)
{
  idl_server_t *srv = c->srv;
  struct idl_page *pg = c->page;
  int cpu = idl_sole_cpu ();
  unsigned spin;

  __atomic_store_n (&pg->server_cpu, cpu, __ATOMIC_RELAXED);
  spin = idl_spin_for (cpu, &pg->client_cpu);

  while (!__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      int s = IDL_WAIT_SLICE;
      if (c->lock_held)
	s = spin_holding (c, spin, &spin);
      if (s == IDL_WAIT_SLICE)
	s = idl_page_wait (pg, &pg->server_sleeping, 1, spin, c->sock,
			   &srv->stopping, IDL_SERVER_SLICE_NS);
      if (s == IDL_WAIT_SLICE)
	{
	  spin = 0;
	  idle_check (c, now_ns ());
	  continue;
	}
      if (s < 0)
	break;			/* the client died, or we stop */
      serve_request (c);
      spin = idl_spin_for (cpu, &pg->client_cpu);
      if (spin == 0)
	/* The next request cannot come before we sleep (page.h,
	   idl_spin_for): do not sleep with the lock.  */
	release_dispatch (c);
    }
  release_dispatch (c);
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
  if (c->msg)
    munmap (c->msg, IDL_MSG_BYTES);
  free (c);
}

/* A private message buffer.  Anonymous memory: page-aligned (the ABI
   asks for 64), zero, so that a dispatcher that announces more reply
   payload than it wrote leaks nothing of the server's heap, only this
   client's own old bytes; and resident only where touched, so a
   connection whose messages are small costs a few KiB, not
   IDL_MSG_BYTES.  NULL if out of memory.  */
static uint64_t *
map_msg (void)
{
  void *p = mmap (NULL, IDL_MSG_BYTES, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

/* Give C its private message buffer.  Returns 0 or -1.  */
static int
alloc_msg (struct idl_conn *c)
{
  c->msg = map_msg ();
  return c->msg ? 0 : -1;
}

/* A connection's thread: handshake, serve, clean up.  */
static void *
connection_main (void *arg)
{
  struct idl_conn *c = arg;

  if (alloc_msg (c) == 0 && handshake (c) == IDL_OK)
    serve (c);
  end_connection (c);
  return NULL;
}

/* A connection for accepted socket SOCK, registered with SRV; NULL
   (and SOCK closed) if out of memory.  */
static struct idl_conn *
new_connection (idl_server_t *srv, int sock)
{
  struct idl_conn *c = calloc (1, sizeof *c);
  struct ucred cred;
  socklen_t len = sizeof cred;
  struct timeval tv = { IDL_HANDSHAKE_TIMEOUT_MS / 1000,
			(IDL_HANDSHAKE_TIMEOUT_MS % 1000) * 1000 };

  if (!c)
    {
      close (sock);
      return NULL;
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
  return c;
}

/* Start a thread for accepted socket SOCK; on failure drop the
   connection (the client sees a hang-up, not a hang).  */
static void
start_connection (idl_server_t *srv, int sock)
{
  struct idl_conn *c = new_connection (srv, sock);
  pthread_attr_t attr;
  pthread_t tid;
  int rc;

  if (!c)
    return;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  rc = pthread_create (&tid, &attr, connection_main, c);
  pthread_attr_destroy (&attr);
  if (rc != 0)
    end_connection (c);
}

/* Worker mode.  */

/* epoll_event.data.ptr of the descriptors in a worker's set that are
   not connections.  */
static char mark_stop, mark_listen, mark_inbox;

/* Take connection C into worker W (W's thread): watch its socket, and
   give it IDL_HANDSHAKE_TIMEOUT_MS to say hello.  Returns 0, or -1 if
   C could not be set up (it is W's all the same: worker_drop it).  */
static int
worker_take (struct idl_worker *w, struct idl_conn *c)
{
  struct epoll_event ev = { EPOLLIN | EPOLLRDHUP | EPOLLET, { .ptr = c } };

  c->worker = w;
  c->wprev = NULL;
  c->wnext = w->conns;
  if (c->wnext)
    c->wnext->wprev = c;
  w->conns = c;
  c->hello_deadline = now_ns () + IDL_HANDSHAKE_TIMEOUT_MS * 1000000L;
  /* Registering reports what is already queued: a hello that came
     before we took the connection is not missed (edge-triggered).  */
  if (alloc_msg (c) != 0
      || epoll_ctl (w->epfd, EPOLL_CTL_ADD, c->sock, &ev) != 0)
    return -1;
  return 0;
}

/* Forget connection C of worker W and end it.  */
static void
worker_drop (struct idl_worker *w, struct idl_conn *c)
{
  if (c->wprev)
    c->wprev->wnext = c->wnext;
  else
    w->conns = c->wnext;
  if (c->wnext)
    c->wnext->wprev = c->wprev;
  __atomic_fetch_sub (&w->nconns, 1, __ATOMIC_RELAXED);
  /* Closing the socket takes it out of the epoll set.  */
  end_connection (c);
}

/* Take the connections the acceptor handed to W.  */
static void
worker_take_inbox (struct idl_worker *w)
{
  uint64_t count;
  struct idl_conn *list;

  if (read (w->inbox_fd, &count, sizeof count) < 0)
    {
      /* EAGAIN: already taken with an earlier event.  */
    }
  pthread_mutex_lock (&w->inbox_lock);
  list = w->inbox;
  w->inbox = NULL;
  pthread_mutex_unlock (&w->inbox_lock);
  while (list)
    {
      struct idl_conn *c = list;
      list = c->inbox_next;
      if (worker_take (w, c) != 0)
	worker_drop (w, c);
    }
}

/* Hand accepted socket SOCK to the worker with the fewest connections
   (ME, the acceptor, when that is itself).  */
static void
hand_over (struct idl_worker *me, int sock)
{
  idl_server_t *srv = me->srv;
  struct idl_worker *w = me;
  struct idl_conn *c;

  for (unsigned i = 0; i < srv->nworkers; i++)
    if (__atomic_load_n (&srv->workers[i].nconns, __ATOMIC_RELAXED)
	< __atomic_load_n (&w->nconns, __ATOMIC_RELAXED))
      w = &srv->workers[i];
  c = new_connection (srv, sock);
  if (!c)
    return;
  __atomic_fetch_add (&w->nconns, 1, __ATOMIC_RELAXED);
  if (w == me)
    {
      if (worker_take (me, c) != 0)
	worker_drop (me, c);
      return;
    }
  pthread_mutex_lock (&w->inbox_lock);
  c->inbox_next = w->inbox;
  w->inbox = c;
  pthread_mutex_unlock (&w->inbox_lock);
  uint64_t one = 1;
  if (write (w->inbox_fd, &one, sizeof one) < 0)
    {
      /* EAGAIN: the counter is full, so it is readable anyway.  */
    }
}

/* Accept every queued connection (the listening socket is non-blocking
   in worker mode).  */
static void
worker_accept (struct idl_worker *w)
{
  idl_server_t *srv = w->srv;

  for (;;)
    {
      int sock = accept4 (srv->listen_fd, NULL, NULL, SOCK_CLOEXEC);
      if (sock >= 0)
	hand_over (w, sock);
      else if (errno != EINTR && errno != ECONNABORTED)
	/* EAGAIN: none left.  EMFILE and the like: the connection
	   stays queued and is retried at the next event or slice.  */
	return;
    }
}

/* A readable or hung-up connection C of W.  */
static void
worker_event (struct idl_worker *w, struct idl_conn *c, uint32_t events)
{
  if (events & (EPOLLHUP | EPOLLRDHUP | EPOLLERR))
    {
      /* The client is gone; a request it published just before it
	 died would only get a reply nobody reads.  */
      worker_drop (w, c);
      return;
    }
  if (!(events & EPOLLIN))
    return;
  if (!c->page)
    {
      struct idl_hello_msg hello;
      int r = read_hello (c, &hello);
      if (r > 0)
	return;			/* nothing yet */
      if (r < 0 || answer_hello (c, &hello) != IDL_OK)
	worker_drop (w, c);
      else
	__atomic_store_n (&c->page->server_cpu, w->cpu, __ATOMIC_RELAXED);
      return;
    }
  /* A doorbell, descriptors about to be announced, or junk; a request
     on the page is served by the scan.  */
  idle_check (c, now_ns ());
}

/* Serve every request waiting on W's pages; returns how many.  */
static unsigned
worker_scan (struct idl_worker *w)
{
  unsigned served = 0;

  for (struct idl_conn *c = w->conns; c; c = c->wnext)
    if (c->page
	&& __atomic_load_n (&c->page->state, __ATOMIC_ACQUIRE)
	   == IDL_PAGE_REQUEST)
      {
	serve_request (c);
	served++;
      }
  return served;
}

/* Tell W's clients that W is about to sleep on their sockets (page.h),
   then look at their pages once more: a client that published before
   it could see the flag is served now instead of waiting for a
   doorbell it did not ring.  Returns nonzero if there is a request.  */
static int
worker_announce_sleep (struct idl_worker *w)
{
  int found = 0;

  for (struct idl_conn *c = w->conns; c; c = c->wnext)
    if (c->page)
      __atomic_store_n (&c->page->server_sleeping, IDL_SLEEP_POLL,
			__ATOMIC_SEQ_CST);
  for (struct idl_conn *c = w->conns; c && !found; c = c->wnext)
    found = c->page
	    && __atomic_load_n (&c->page->state, __ATOMIC_SEQ_CST)
	       == IDL_PAGE_REQUEST;
  return found;
}

static void
worker_awake (struct idl_worker *w)
{
  for (struct idl_conn *c = w->conns; c; c = c->wnext)
    if (c->page)
      __atomic_store_n (&c->page->server_sleeping, 0, __ATOMIC_RELAXED);
}

/* What W must do by the clock: drop connections whose hello is late,
   discard stale messages (idle_check).  Returns how many milliseconds
   epoll_wait may sleep: -1 (for ever) when nothing is due.  */
static int
worker_timers (struct idl_worker *w, int64_t now)
{
  int64_t next = 0;

  for (struct idl_conn *c = w->conns, *n; c; c = n)
    {
      n = c->wnext;
      if (!c->page)
	{
	  if (now >= c->hello_deadline)
	    {
	      worker_drop (w, c);
	      continue;
	    }
	  if (next == 0 || c->hello_deadline < next)
	    next = c->hello_deadline;
	}
      else if (c->pending_since != 0)
	{
	  idle_check (c, now);
	  if (c->pending_since != 0
	      && (next == 0 || c->pending_since + IDL_STALE_FDS_NS < next))
	    next = c->pending_since + IDL_STALE_FDS_NS;
	}
    }
  /* With connections, wake at least once a slice: a wake-up a client
     could not send (its doorbell found its queue full) or withheld
     costs it a slice, not a hang, as in thread mode.  */
  if (w->conns && (next == 0 || next > now + IDL_SERVER_SLICE_NS))
    next = now + IDL_SERVER_SLICE_NS;
  if (next == 0)
    return -1;
  /* Round up, so that the wake-up finds the time has come.  */
  return next <= now ? 0 : (int) ((next - now + 999999) / 1000000);
}

/* How many requests a busy worker serves between looks at its epoll
   set: new connections' handshakes, hang-ups and stop are not left
   waiting until it is idle, and a look (a system call) costs little
   spread over that many requests.  */
#define IDL_WORKER_POLL_EVERY 64

/* How long W spins before it sleeps (idl_spin_for): not at all when
   it and every client it serves are confined to one and the same CPU.  */
static unsigned
worker_spin (struct idl_worker *w)
{
  for (struct idl_conn *c = w->conns; c; c = c->wnext)
    if (c->page && idl_spin_for (w->cpu, &c->page->client_cpu) != 0)
      return IDL_SPIN_COUNT;
  return w->cpu >= 0 ? 0 : IDL_SPIN_COUNT;
}

/* A worker's loop: serve, spin, sleep, until the server stops.  */
static void
worker_loop (struct idl_worker *w)
{
  idl_server_t *srv = w->srv;
  struct epoll_event ev[64];
  unsigned spins = 0, served = 0, spin_limit = 0;
  int timeout = -1;

  w->cpu = idl_sole_cpu ();
  while (!__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      unsigned k = worker_scan (w);
      if (k)
	{
	  spins = 0;
	  served += k;
	  if (served < IDL_WORKER_POLL_EVERY)
	    continue;
	}
      else
	{
	  if (spins == 0)
	    spin_limit = worker_spin (w);
	  if (spins < spin_limit)
	    {
	      spins++;
	      idl_cpu_relax ();
	      continue;
	    }
	}
      spins = 0;
      served = 0;

      int n = 0;
      if (k)
	/* Busy: only look.  */
	n = epoll_wait (w->epfd, ev, sizeof ev / sizeof ev[0], 0);
      else
	{
	  if (!worker_announce_sleep (w))
	    n = epoll_wait (w->epfd, ev, sizeof ev / sizeof ev[0], timeout);
	  worker_awake (w);
	}
      for (int i = 0; i < n; i++)
	{
	  void *p = ev[i].data.ptr;
	  if (p == &mark_stop)
	    ;			/* the loop condition sees it */
	  else if (p == &mark_listen)
	    worker_accept (w);
	  else if (p == &mark_inbox)
	    worker_take_inbox (w);
	  else
	    worker_event (w, p, ev[i].events);
	}
      timeout = worker_timers (w, now_ns ());
    }
}

/* Set worker W up (any thread): its epoll set holds the stop eventfd,
   its inbox eventfd and, for the acceptor, the listening socket, all
   level-triggered.  Returns 0 or -1.  */
static int
worker_init (idl_server_t *srv, struct idl_worker *w, int acceptor)
{
  struct epoll_event ev = { EPOLLIN, { .ptr = &mark_stop } };

  w->srv = srv;
  w->inbox_fd = -1;
  pthread_mutex_init (&w->inbox_lock, NULL);
  w->epfd = epoll_create1 (EPOLL_CLOEXEC);
  if (w->epfd < 0)
    return -1;
  w->inbox_fd = eventfd (0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (w->inbox_fd < 0
      || epoll_ctl (w->epfd, EPOLL_CTL_ADD, srv->stop_fd, &ev) != 0)
    return -1;
  ev.data.ptr = &mark_inbox;
  if (epoll_ctl (w->epfd, EPOLL_CTL_ADD, w->inbox_fd, &ev) != 0)
    return -1;
  ev.data.ptr = &mark_listen;
  if (acceptor && epoll_ctl (w->epfd, EPOLL_CTL_ADD, srv->listen_fd, &ev) != 0)
    return -1;
  return 0;
}

/* End W's connections, those handed over and not taken too, and free
   what W holds.  */
static void
worker_fini (struct idl_worker *w)
{
  while (w->conns)
    worker_drop (w, w->conns);
  while (w->inbox)
    {
      struct idl_conn *c = w->inbox;
      w->inbox = c->inbox_next;
      end_connection (c);
    }
  if (w->inbox_fd >= 0)
    close (w->inbox_fd);
  if (w->epfd >= 0)
    close (w->epfd);
  pthread_mutex_destroy (&w->inbox_lock);
}

static void *
worker_main (void *arg)
{
  struct idl_worker *w = arg;

  worker_loop (w);
  while (w->conns)
    worker_drop (w, w->conns);
  return NULL;
}

/* idl_server_run with workers: the calling thread is worker 0 and the
   acceptor.  */
static int
run_workers (idl_server_t *srv)
{
  unsigned n = srv->nworkers;
  int rc = 0;

  srv->workers = calloc (n, sizeof *srv->workers);
  if (!srv->workers)
    return -1;
  for (unsigned i = 0; i < n; i++)
    srv->workers[i].epfd = -1;
  /* Non-blocking: the acceptor takes every queued connection per event
     and must not block when another took the last.  */
  if (fcntl (srv->listen_fd, F_SETFL,
	     fcntl (srv->listen_fd, F_GETFL) | O_NONBLOCK) != 0)
    rc = -1;
  for (unsigned i = 0; i < n && rc == 0; i++)
    if (worker_init (srv, &srv->workers[i], i == 0) != 0)
      rc = -1;
  for (unsigned i = 1; i < n && rc == 0; i++)
    {
      if (pthread_create (&srv->workers[i].tid, NULL, worker_main,
			  &srv->workers[i]) != 0)
	rc = -1;
      else
	srv->workers[i].started = 1;
    }

  if (rc == 0)
    worker_loop (&srv->workers[0]);

  /* Stop (or a failed start): refuse new clients at once, as in thread
     mode, then let every worker end its connections.  */
  __atomic_store_n (&srv->stopping, 1, __ATOMIC_RELEASE);
  publish_direct (srv, 0);
  uint64_t one = 1;
  if (write (srv->stop_fd, &one, sizeof one) < 0)
    {
      /* EAGAIN: readable already.  */
    }
  close (srv->listen_fd);
  srv->listen_fd = -1;
  for (unsigned i = 1; i < n; i++)
    if (srv->workers[i].started)
      pthread_join (srv->workers[i].tid, NULL);
  for (unsigned i = 0; i < n; i++)
    worker_fini (&srv->workers[i]);
  free (srv->workers);
  srv->workers = NULL;
  return rc;
}

/* Co-location (paper 001).  A server created in this process is in a
   registry under its name; idl_connect to that name from this process
   gets a co-located binding, whose calls (call.c hands them over)
   run the dispatcher directly in the calling thread, on a private
   message of the binding's own, with the same checks, the same
   serialization (with a thread per connection) and the same
   descriptor ownership as a remote call.  Only what needs another
   process is absent: a co-located call has no deadline and its server
   cannot die under it, and it needs no thread in idl_server_run.  Once
   the server is stopped (or destroyed), its co-located calls fail with
   IDL_E_PEER_DIED and connecting fails with IDL_E_CONNECT, as for a
   remote client.  */

struct idl_local
{
  idl_server_t *srv;		/* a reference (srv->refs) */
  uint64_t *msg;		/* IDL_MSG_BYTES, as a connection's */
  struct idl_call call;		/* this process, this user */
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static idl_server_t *registry;

/* Drop a reference to SRV; the last one frees it.  */
static void
server_unref (idl_server_t *srv)
{
  if (__atomic_sub_fetch (&srv->refs, 1, __ATOMIC_ACQ_REL) != 0)
    return;
  pthread_mutex_destroy (&srv->conns_lock);
  pthread_cond_destroy (&srv->conns_done);
  free (srv->direct);
  free (srv->name);
  free (srv);
}

static void
register_server (idl_server_t *srv)
{
  pthread_mutex_lock (&registry_lock);
  srv->reg_next = registry;
  registry = srv;
  pthread_mutex_unlock (&registry_lock);
}

static void
unregister_server (idl_server_t *srv)
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

/* The error tag of a co-located call that fails with CODE.  */
static uint64_t
local_failed (idl_binding_t *b, int code)
{
  b->error = code;
  return error_tag (code);
}

/* A call on co-located binding B (call.c's local_call): what
   serve_request and finish_reply do for a remote one, and what the
   client's call path does around them.  */
static uint64_t
local_call (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	    uint64_t payload_len, const int *fds, uint64_t nfds)
{
  struct idl_local *l = b->local;
  idl_server_t *srv = l->srv;
  uint64_t *msg = l->msg;
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  int oneway = (tag & IDL_TAG_ONEWAY) != 0;
  int rfds[IDL_MAX_FDS], out[IDL_MAX_FDS];
  unsigned nr = 0;

  /* As every call does (call.c): the last reply's descriptors were the
     stub's until now; no deadline applies here.  */
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    {
      if (b->fds[i] >= 0)
	close (b->fds[i]);
      b->fds[i] = -1;
    }
  b->flags &= ~(IDL_BF_FDS | IDL_BF_NEXT);
  b->payload = b->req_payload;

  if (payload_len > IDL_PAYLOAD_MAX || nfds > IDL_MAX_FDS)
    return local_failed (b, IDL_E_INVAL);
  if (__atomic_load_n (&srv->gone, __ATOMIC_ACQUIRE)
      || __atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    return local_failed (b, IDL_E_PEER_DIED);
  if (n > IDL_MR_WORDS - 1 || (tag & IDL_TAG_ERROR)
      || (uint32_t) (tag >> IDL_TAG_IFACE_SHIFT) != srv->iface.id)
    {
      /* A remote one-way request is posted before the server rejects
	 it, and the sender never learns.  */
      if (oneway)
	{
	  b->error = IDL_OK;
	  return 0;
	}
      return local_failed (b, IDL_E_BADMSG);
    }
  /* The server's copies of the caller's descriptors: it closes them
     after dispatch, the caller keeps its own.  */
  for (; nr < nfds; nr++)
    {
      rfds[nr] = fcntl (fds[nr], F_DUPFD_CLOEXEC, 0);
      if (rfds[nr] < 0)
	{
	  int code = errno == EBADF ? IDL_E_INVAL : IDL_E_NOMEM;
	  idl_close_distinct (rfds, nr, NULL, 0);
	  return local_failed (b, code);
	}
    }

  /* The words may be anywhere, the stub's registers' copy included;
     the payload is in place already (REQ_PAYLOAD).  */
  memmove (msg + 1, words, n * sizeof (uint64_t));
  idl_msg_request (msg, tag, NULL, NULL, (uint32_t) payload_len, rfds, nr);

  uint64_t rtag = dispatch_msg (srv, &l->call, msg);
  int nout = reply_fds (msg, out);
  uint64_t len = msg[IDL_MSG_REPLY_LEN];

  if (oneway)
    {
      idl_close_distinct (rfds, nr, out, nout > 0 ? (unsigned) nout : 0);
      b->error = IDL_OK;
      return 0;
    }
  rtag = check_reply_tag (rtag);
  if (!(rtag & IDL_TAG_ERROR) && (nout < 0 || len > IDL_PAYLOAD_MAX))
    rtag = error_tag (IDL_E_PROTO);
  if (nout < 0)
    nout = 0;
  if (rtag & IDL_TAG_ERROR)
    {
      unsigned code = (rtag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
      idl_close_distinct (rfds, nr, out, (unsigned) nout);
      return local_failed (b, code != IDL_OK && code <= IDL_E_BOUNDS
			      ? (int) code : IDL_E_PROTO);
    }

  /* The reply's descriptors become the binding's, as if received: each
     a descriptor of its own, so one the dispatcher listed twice is
     duplicated (a remote client would get two), and a request
     descriptor handed back is kept, not closed.  One that is not open
     fails the call, as sendmsg would.  */
  for (int i = 0; i < nout; i++)
    if (out[i] < 0 || fcntl (out[i], F_GETFD) < 0)
      {
	idl_close_distinct (rfds, nr, out, (unsigned) nout);
	return local_failed (b, IDL_E_PROTO);
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
    b->flags |= IDL_BF_FDS;
  b->payload = (uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD;
  b->error = IDL_OK;
  return rtag;
}

int
idl_local_connect (idl_binding_t *b, const char *name,
		   const idl_interface_t *iface)
{
  idl_server_t *srv;
  struct idl_local *l;
  pid_t me = getpid ();

  pthread_mutex_lock (&registry_lock);
  for (srv = registry; srv; srv = srv->reg_next)
    if (srv->pid == me && strcmp (srv->name, name) == 0)
      {
	__atomic_add_fetch (&srv->refs, 1, __ATOMIC_RELAXED);
	break;
      }
  pthread_mutex_unlock (&registry_lock);
  if (!srv)
    return -1;
  if (__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
    {
      server_unref (srv);
      return IDL_E_CONNECT;
    }

  if (!compatible_with (&srv->iface, iface->id, iface->version,
			iface->signature, iface->ops, iface->nops))
    {
      server_unref (srv);
      return IDL_E_IFACE;
    }
  l = calloc (1, sizeof *l);
  if (!l)
    {
      server_unref (srv);
      return IDL_E_NOMEM;
    }
  l->srv = srv;
  l->call.server = srv;
  l->call.pid = me;
  l->call.uid = geteuid ();
  l->call.gid = getegid ();
  l->msg = map_msg ();
  if (!l->msg)
    {
      free (l);
      server_unref (srv);
      return IDL_E_NOMEM;
    }
  b->local = l;
  b->local_call = local_call;
  b->mr = l->msg;
  b->req_payload = (uint8_t *) l->msg + IDL_MSG_REQ_PAYLOAD;
  b->payload = b->req_payload;
  b->sock = -1;
  b->flags = IDL_BF_LOCAL;
  b->error = IDL_OK;
  /* Direct calls need the very same operations on both sides.  */
  if (srv->direct && iface->signature == srv->iface.signature)
    {
      b->direct = (const void *const *) srv->direct;
      b->direct_call = &l->call;
    }
  return IDL_OK;
}

void
idl_local_close (idl_binding_t *b)
{
  struct idl_local *l = b->local;

  munmap (l->msg, IDL_MSG_BYTES);
  server_unref (l->srv);
  free (l);
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
  if (!(srv->name = strdup (name)))
    goto nomem;
  if (iface->direct && iface->nops)
    srv->direct = calloc (iface->nops, sizeof *srv->direct);
  pthread_mutex_init (&srv->conns_lock, NULL);
  pthread_cond_init (&srv->conns_done, NULL);
  srv->pid = getpid ();
  srv->refs = 1;
  register_server (srv);
  *err = IDL_OK;
  return srv;

 nomem:
  *err = IDL_E_NOMEM;
 fail:
  if (srv->path)
    unlink (srv->path);
  free (srv->path);
  free (srv->name);
  if (srv->listen_fd >= 0)
    close (srv->listen_fd);
  if (srv->stop_fd >= 0)
    close (srv->stop_fd);
  free (srv);
  return NULL;
}

/* idl_server_run with a thread per connection: the calling thread
   accepts.  */
static int
run_threads (idl_server_t *srv)
{
  struct pollfd p[2];

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
  publish_direct (srv, 0);
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

int
idl_server_set_workers (idl_server_t *srv, unsigned n)
{
  if (!srv || n > IDL_MAX_WORKERS
      || __atomic_load_n (&srv->running, __ATOMIC_ACQUIRE))
    return -1;
  srv->nworkers = n;
  publish_direct (srv, n != 0
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
  rc = srv->nworkers == 0 ? run_threads (srv) : run_workers (srv);
  return rc;
}

void
idl_server_stop (idl_server_t *srv)
{
  /* Async-signal-safe: an atomic store and write(2), errno kept.  */
  int saved = errno;
  uint64_t one = 1;

  __atomic_store_n (&srv->stopping, 1, __ATOMIC_RELEASE);
  publish_direct (srv, 0);
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
  unregister_server (srv);
  __atomic_store_n (&srv->gone, 1, __ATOMIC_RELEASE);
  publish_direct (srv, 0);
  if (srv->listen_fd >= 0)
    close (srv->listen_fd);
  close (srv->stop_fd);
  if (srv->path)
    unlink (srv->path);
  free (srv->path);
  server_unref (srv);
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
