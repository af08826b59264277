/* client.c -- connecting to a server, closing, error strings.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Connection set-up is not on the call path, so it uses libc freely.
   idl_connect: connect a SOCK_SEQPACKET Unix socket to the server's
   name, send a hello naming our interface, receive the welcome and the
   shared page's memfd, check the memfd is sealed against shrinking (so
   the page cannot vanish under us: SIGBUS), map it.  */

#define _GNU_SOURCE 1		/* F_GET_SEALS, F_SEAL_SHRINK, CPU_COUNT */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include "internal.h"

unsigned
idl_sockaddr (struct sockaddr_un *sa, const char *name)
{
  size_t len;

  if (!name || !*name)
    return 0;
  len = strlen (name);
  memset (sa, 0, sizeof *sa);
  sa->sun_family = AF_UNIX;
  if (name[0] == '@')
    {
      /* Abstract namespace: a leading NUL, then the name without '@';
	 the address length, not a terminator, says where it ends.  */
      if (len > sizeof sa->sun_path)
	return 0;
      memcpy (sa->sun_path + 1, name + 1, len - 1);
      return offsetof (struct sockaddr_un, sun_path) + len;
    }
  if (len >= sizeof sa->sun_path)
    return 0;
  memcpy (sa->sun_path, name, len + 1);
  return sizeof *sa;
}

int
idl_sole_cpu (void)
{
  cpu_set_t set;

  if (sched_getaffinity (0, sizeof set, &set) != 0 || CPU_COUNT (&set) != 1)
    return -1;
  for (int i = 0; i < CPU_SETSIZE; i++)
    if (CPU_ISSET (i, &set))
      return i;
  return -1;
}

/* Set a send and a receive timeout on FD so that neither connect on a
   full backlog nor the handshake can block for ever.  */
static void
set_timeouts (int fd, int ms)
{
  struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt (fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

/* Receive the welcome and the memfd that comes with it.  Returns the
   welcome's status, or IDL_E_CONNECT if the message is not a welcome;
   *FD is the memfd (or -1).  */
static int
receive_welcome (int sock, int *fd)
{
  struct idl_welcome w;
  union
  {
    char buf[CMSG_SPACE (sizeof (int))];
    struct cmsghdr align;
  } ctl;
  struct iovec iov = { &w, sizeof w };
  struct msghdr msg = { 0 };
  ssize_t n;

  *fd = -1;
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = ctl.buf;
  msg.msg_controllen = sizeof ctl.buf;
  do
    n = recvmsg (sock, &msg, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);

  for (struct cmsghdr *c = n >= 0 ? CMSG_FIRSTHDR (&msg) : NULL; c;
       c = CMSG_NXTHDR (&msg, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS
	&& c->cmsg_len == CMSG_LEN (sizeof (int)) && *fd < 0)
      memcpy (fd, CMSG_DATA (c), sizeof (int));

  if (n != (ssize_t) sizeof w || (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC))
      || w.magic != IDL_WELCOME_MAGIC || w.wire_version != IDL_WIRE_VERSION
      || (w.status == IDL_OK && w.page_size != IDL_PAGE_SIZE))
    return IDL_E_CONNECT;
  if (w.status != IDL_OK)
    return w.status == IDL_E_IFACE || w.status == IDL_E_NOMEM
	   ? (int) w.status : IDL_E_CONNECT;
  return *fd >= 0 ? IDL_OK : IDL_E_CONNECT;
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

idl_binding_t *
idl_connect (const char *name, const idl_interface_t *iface, int *err)
{
  struct sockaddr_un sa;
  struct idl_hello hello;
  idl_binding_t *b = NULL;
  int dummy, sock = -1, fd = -1;
  unsigned salen;
  ssize_t n;

  if (!err)
    err = &dummy;
  salen = idl_sockaddr (&sa, name);
  if (!salen || !iface)
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
  /* A server of this process answers without the socket, unless the
     user wants the process boundary's behaviour (idlrt.h).  */
  const char *colocate = getenv ("IDL_COLOCATE");
  if (!colocate || strcmp (colocate, "0") != 0)
    {
      *err = idl_local_connect (b, name, iface);
      if (*err == IDL_OK)
	return b;
      if (*err >= 0)
	goto fail;
    }

  sock = socket (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (sock < 0)
    {
      *err = IDL_E_NOMEM;
      goto fail;
    }
  set_timeouts (sock, IDL_HANDSHAKE_TIMEOUT_MS);
  if (connect (sock, (struct sockaddr *) &sa, salen) != 0)
    {
      *err = IDL_E_CONNECT;
      goto fail;
    }

  memset (&hello, 0, sizeof hello);
  hello.magic = IDL_HELLO_MAGIC;
  hello.wire_version = IDL_WIRE_VERSION;
  hello.iface_id = iface->id;
  hello.iface_version = iface->version;
  hello.signature = iface->signature;
  if (iface->name)
    strncpy (hello.iface_name, iface->name, sizeof hello.iface_name - 1);
  /* The operation table goes with the hello, in the same message, so
     that a server with more operations can accept us.  */
  if (iface->ops && iface->nops <= IDL_HELLO_OPS_MAX)
    hello.nops = iface->nops;
  struct iovec iov[2] = {
    { &hello, sizeof hello },
    { (void *) iface->ops, hello.nops * sizeof (uint64_t) }
  };
  struct msghdr hmsg = { 0 };
  hmsg.msg_iov = iov;
  hmsg.msg_iovlen = hello.nops ? 2 : 1;
  size_t want = sizeof hello + hello.nops * sizeof (uint64_t);
  do
    n = sendmsg (sock, &hmsg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  if (n != (ssize_t) want)
    {
      *err = IDL_E_CONNECT;
      goto fail;
    }

  *err = receive_welcome (sock, &fd);
  if (*err != IDL_OK)
    goto fail;

  b->page = map_page (fd, err);
  if (!b->page)
    goto fail;
  close (fd);
  b->mr = b->page->mr;
  b->payload = b->page->payload;
  b->sock = sock;
  b->error = IDL_OK;
  b->cpu = idl_sole_cpu ();
  __atomic_store_n (&b->page->client_cpu, b->cpu, __ATOMIC_RELAXED);
  /* A new memfd reads as zeros: the page starts IDLE (page.h).  */
  return b;

 fail:
  free (b);
  if (fd >= 0)
    close (fd);
  if (sock >= 0)
    close (sock);
  return NULL;
}

void
idl_close (idl_binding_t *b)
{
  if (!b)
    return;
  /* What the last reply brought and its stub did not take.  */
  for (unsigned i = 0; i < IDL_MAX_FDS; i++)
    if (b->fds[i] >= 0)
      close (b->fds[i]);
  if (b->flags & IDL_BF_LOCAL)
    {
      idl_local_close (b);
      free (b);
      return;
    }
  munmap (b->page, IDL_PAGE_SIZE);
  /* Closing the socket is what tells the server's connection thread
     to end.  */
  close (b->sock);
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
  b->timeout_ns = timeout_ns (timeout_us);
  return old;
}

void
idl_set_next_timeout (idl_binding_t *b, uint64_t timeout_us)
{
  b->next_timeout_ns = timeout_ns (timeout_us);
  b->flags |= IDL_BF_NEXT;
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
    default:
      return "unknown idlrt error";
    }
}
