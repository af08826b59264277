/* handshake.c -- hello and welcome, both ends; which interfaces match.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The shared-page transport's connection set-up (handshake.h): the
   client's half (page.c calls idl_handshake_connect) and the server's
   (page-server.c reads the hello, decides, makes the page, welcomes).
   Off the call path: libc freely.

   Which client interfaces a server accepts is decided here, once, for
   remote and co-located clients alike (idlrt.h, idl_interface_t): the
   same id and version, then an equal signature, or every operation the
   client knows present and unchanged on the server, which may have
   gained operations since the client was built.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "internal.h"

/* Client side.  */

/* Send the hello for IFACE, with its operation table in the same
   message so that a server with more operations can accept us.
   0 or -1.  */
static int
send_hello (int sock, const idl_interface_t *iface)
{
  struct idl_hello hello;
  ssize_t n;

  memset (&hello, 0, sizeof hello);
  hello.magic = IDL_HELLO_MAGIC;
  hello.wire_version = IDL_WIRE_VERSION;
  hello.iface_id = iface->id;
  hello.iface_version = iface->version;
  hello.signature = iface->signature;
  if (iface->name)
    strncpy (hello.iface_name, iface->name, sizeof hello.iface_name - 1);
  hello.name_hash = idl_name_hash (iface->name);
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
  if (n >= 0 && n != (ssize_t) want)
    errno = EMSGSIZE;
  return n == (ssize_t) want ? 0 : -1;
}

/* Record what a refusing welcome W says differed, for
   idl_connect_mismatch.  A kind we do not know (a newer server's) is
   UNKNOWN, as is a welcome without one (an older server's).  */
static void
note_welcome_mismatch (const struct idl_welcome *w)
{
  idl_mismatch_t why = { IDL_MISMATCH_UNKNOWN, 0, 0, 0 };
  unsigned kind = w->mismatch & 0xffff;

  if (kind >= IDL_MISMATCH_NAME && kind <= IDL_MISMATCH_OP_CHANGED)
    {
      why.kind = (int) kind;
      why.server_id = (uint32_t) (w->server_iface >> 32);
      why.server_version = (uint32_t) w->server_iface;
      if (kind == IDL_MISMATCH_OP_MISSING || kind == IDL_MISMATCH_OP_CHANGED)
	why.op = w->mismatch >> 16;
    }
  idl_note_mismatch (&why);
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
  /* A server that turns us away at once (a refused or over-limit
     client: page-server.c, idl_page_refuse) sends its welcome and
     closes without reading our hello.  If the hello had reached it, the
     kernel reports that close as ECONNRESET, once, ahead of the
     welcome still queued for us: read again.  */
  for (int tries = 0; tries < 2; tries++)
    {
      do
	n = recvmsg (sock, &msg, MSG_CMSG_CLOEXEC);
      while (n < 0 && errno == EINTR);
      if (!(n < 0 && errno == ECONNRESET))
	break;
    }

  for (struct cmsghdr *c = n >= 0 ? CMSG_FIRSTHDR (&msg) : NULL; c;
       c = CMSG_NXTHDR (&msg, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS
	&& c->cmsg_len == CMSG_LEN (sizeof (int)) && *fd < 0)
      memcpy (fd, CMSG_DATA (c), sizeof (int));

  /* SO_RCVTIMEO ran out (page.c): the server is there, but has not
     answered in the time the caller gave it.  */
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    return IDL_E_TIMEOUT;
  if (n != (ssize_t) sizeof w || (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC))
      || w.magic != IDL_WELCOME_MAGIC || w.wire_version != IDL_WIRE_VERSION
      || (w.status == IDL_OK && w.page_size != IDL_PAGE_SIZE))
    return IDL_E_CONNECT;
  if (w.status == IDL_E_IFACE)
    note_welcome_mismatch (&w);
  if (w.status != IDL_OK)
    return w.status == IDL_E_IFACE || w.status == IDL_E_NOMEM
	   || w.status == IDL_E_REFUSED || w.status == IDL_E_BUSY
	   ? (int) w.status : IDL_E_CONNECT;
  return *fd >= 0 ? IDL_OK : IDL_E_CONNECT;
}

int
idl_handshake_connect (int sock, const idl_interface_t *iface, int *fd)
{
  *fd = -1;
  /* A hello that cannot be sent because the server has closed the
     connection may still have a welcome waiting that says why (a
     refusal: receive_welcome); anything else is IDL_E_CONNECT.  */
  int sent = send_hello (sock, iface);
  if (sent != 0 && errno != EPIPE && errno != ECONNRESET)
    return IDL_E_CONNECT;
  int err = receive_welcome (sock, fd);
  if (sent != 0 && err == IDL_OK)
    err = IDL_E_CONNECT;
  if (err != IDL_OK && *fd >= 0)
    {
      close (*fd);
      *fd = -1;
    }
  return err;
}

/* Server side.  */

int
idl_hello_read (int sock, struct idl_hello_msg *hello)
{
  struct iovec iov = { hello, sizeof *hello };
  struct msghdr msg = { 0 };
  ssize_t n;

  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  /* No control buffer: any descriptors a client sends are discarded by
     the kernel (and MSG_CTRUNC reported), never installed here.  */
  do
    n = recvmsg (sock, &msg, MSG_DONTWAIT);
  while (n < 0 && errno == EINTR);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    return 1;
  if (n < (ssize_t) sizeof hello->h || (msg.msg_flags & MSG_TRUNC)
      || hello->h.nops > IDL_HELLO_OPS_MAX
      || (size_t) n != sizeof hello->h + hello->h.nops * sizeof (uint64_t))
    return -1;
  return 0;
}

/* The entry for operation NUMBER in the table OPS[0..N-1], sorted by
   number (the entry's top bits), or 0 if there is none.  */
static uint64_t
find_operation (const uint64_t *ops, uint32_t n, uint64_t number)
{
  uint32_t lo = 0, hi = n;

  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      uint64_t at = ops[mid] >> IDL_OPS_NUMBER_SHIFT;
      if (at == number)
	return ops[mid];
      if (at < number)
	lo = mid + 1;
      else
	hi = mid;
    }
  return 0;
}

uint32_t
idl_name_hash (const char *name)
{
  uint32_t h = 0x811c9dc5u;
  for (const unsigned char *p = (const unsigned char *) (name ? name : "");
       *p; p++)
    h = (h ^ *p) * 0x01000193u;
  return h;
}

/* The client's table is not trusted to be sorted or short: each entry
   is looked up, and the lowest number that differs is the one
   reported.  */
int
idl_iface_compatible (const idl_interface_t *me, uint32_t name_hash,
		      uint32_t id, uint32_t version, uint64_t signature,
		      const uint64_t *ops, uint32_t nops, idl_mismatch_t *why)
{
  idl_mismatch_t w = { IDL_MISMATCH_NONE, 0, me->id, me->version };

  if (name_hash != idl_name_hash (me->name))
    w.kind = IDL_MISMATCH_NAME;
  else if (id != me->id)
    w.kind = IDL_MISMATCH_ID;
  else if (version != me->version)
    w.kind = IDL_MISMATCH_VERSION;
  else if (signature == me->signature)
    return 1;
  else if (!me->ops || !ops || nops == 0)
    w.kind = IDL_MISMATCH_UNKNOWN;
  else
    for (uint32_t i = 0; i < nops; i++)
      {
	uint64_t number = ops[i] >> IDL_OPS_NUMBER_SHIFT;
	uint64_t mine = find_operation (me->ops, me->nops, number);
	/* find_operation's 0 is "none": a client's entry 0 (there is
	   no operation 0) is never found.  */
	if ((mine != 0 && mine == ops[i])
	    || (w.kind != IDL_MISMATCH_NONE && number >= w.op))
	  continue;
	w.kind = mine ? IDL_MISMATCH_OP_CHANGED : IDL_MISMATCH_OP_MISSING;
	w.op = (unsigned) number;
      }
  if (w.kind == IDL_MISMATCH_NONE)
    return 1;
  if (why)
    *why = w;
  return 0;
}

int
idl_hello_status (const idl_interface_t *me,
		  const struct idl_hello_msg *hello, idl_mismatch_t *why)
{
  if (hello->h.magic != IDL_HELLO_MAGIC
      || hello->h.wire_version != IDL_WIRE_VERSION)
    return IDL_E_CONNECT;
  if (!idl_iface_compatible (me, hello->h.name_hash, hello->h.iface_id,
			     hello->h.iface_version, hello->h.signature,
			     hello->ops, hello->h.nops, why))
    return IDL_E_IFACE;
  return IDL_OK;
}

int
idl_welcome_send (int sock, int status, int fd, const idl_mismatch_t *why)
{
  struct idl_welcome w = { IDL_WELCOME_MAGIC, IDL_WIRE_VERSION,
			   (uint32_t) status, 0, { IDL_PAGE_SIZE } };
  if (status == IDL_E_IFACE && why)
    {
      w.mismatch = (uint32_t) why->kind | (uint32_t) why->op << 16;
      w.server_iface = (uint64_t) why->server_id << 32 | why->server_version;
    }
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
     MSG_DONTWAIT: the welcome is the first message the server sends on
     the connection, so the client's queue is empty and it cannot
     block; and an acceptor that refuses clients (idl_page_refuse) must
     never wait for one.  */
  do
    n = sendmsg (sock, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
  while (n < 0 && errno == EINTR);
  return n == (ssize_t) sizeof w ? 0 : -1;
}
