/* fdpass.h -- descriptors beside a message, on the connection socket.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Internal to libidlrt; used by the client's call path (call.c, so raw
   system calls only: syscall.h) and by the server.

   The page says how many descriptors a message has (page.h, nfds); the
   descriptors themselves travel as SCM_RIGHTS on the connection's
   SOCK_SEQPACKET socket, in one socket message per page message, sent
   before the page message is published.  The socket message's body is
   a struct idl_fdmsg naming the request it belongs to by its sequence
   number (page.h, seq; a reply's descriptors carry its request's).

   The sequence number is what lets a receiver recover from a peer that
   sends descriptors it never announces, or announces fewer than it
   sends: socket messages queue in order, so every stale or forged one
   is ahead of the one the receiver wants; it takes and closes them
   until it finds its own (at most IDL_FD_DRAIN_MAX, so a flood costs a
   bounded amount of work per message).  Without it, one unannounced
   message would shift every later request onto its predecessor's
   descriptors for the rest of the connection.  */

#ifndef IDL_FDPASS_H
#define IDL_FDPASS_H

#include <stdint.h>
#include "idlrt-abi.h"
#include "syscall.h"

#define IDL_FDMSG_MAGIC 0x49444c46u	/* "IDLF" */
#define IDL_DOORBELL_MAGIC 0x49444c44u	/* "IDLD" */

/* How many stale socket messages a receiver discards looking for the
   one it wants before it calls the message malformed.  A well-behaved
   peer never leaves any.  */
#define IDL_FD_DRAIN_MAX 64

struct idl_fdmsg
{
  uint32_t magic;
  uint32_t seq;
};

/* Room for IDL_MAX_FDS descriptors in one SCM_RIGHTS control message.
   A sender that packs more gets MSG_CTRUNC at our end: the kernel
   installs only what fits here and drops the rest, so a flood never
   adds more than IDL_MAX_FDS descriptors to our table at a time.  */
union idl_fdctl
{
  struct idl_cmsghdr align;
  unsigned char buf[IDL_CMSG_SPACE (IDL_MAX_FDS * sizeof (int))];
};

/* idl_fd_recv's results.  */
#define IDL_FDRECV_OK 0
#define IDL_FDRECV_MISSING (-1)	/* no socket message for this seq */
#define IDL_FDRECV_BAD (-2)	/* it came, with the wrong descriptors */

/* Send FDS[0..N-1] (1 <= N <= IDL_MAX_FDS) for sequence number SEQ.
   Never blocks and never raises SIGPIPE.  Returns 0 or -errno
   (-EBADF when one of FDS is not open).  */
static inline long
idl_fd_send (int sock, uint32_t seq, const int *fds, unsigned n)
{
  struct idl_fdmsg body;
  struct idl_iovec iov;
  struct idl_msghdr m;
  union idl_fdctl ctl;
  struct idl_cmsghdr *c = &ctl.align;
  int *data = (int *) (c + 1);
  long r;

  body.magic = IDL_FDMSG_MAGIC;
  body.seq = seq;
  iov.base = &body;
  iov.len = sizeof body;
  c->len = IDL_CMSG_LEN (n * sizeof (int));
  c->level = IDL_SOL_SOCKET;
  c->type = IDL_SCM_RIGHTS;
  for (unsigned i = 0; i < n; i++)
    {
      data[i] = fds[i];
      /* Not a copy loop for the compiler to turn into memcpy (libc).  */
      __asm__ ("" ::: "memory");
    }
  /* The kernel copies the control message up to its padded length
     (IDL_CMSG_SPACE): with an odd N that is 4 bytes past the last
     descriptor.  Zero them, so that no byte of our stack goes to the
     kernel unwritten (Valgrind reports it as uninitialised).  */
  for (unsigned i = n; i < (IDL_CMSG_SPACE (n * sizeof (int))
			    - sizeof (struct idl_cmsghdr)) / sizeof (int); i++)
    {
      data[i] = 0;
      __asm__ ("" ::: "memory");	/* nor into memset */
    }
  m.name = 0;
  m.namelen = 0;
  m.pad1 = 0;
  m.iov = &iov;
  m.iovlen = 1;
  m.control = ctl.buf;
  m.controllen = IDL_CMSG_SPACE (n * sizeof (int));
  m.flags = 0;
  m.pad2 = 0;
  do
    r = idl_sys_sendmsg (sock, &m, IDL_MSG_DONTWAIT | IDL_MSG_NOSIGNAL);
  while (r == -IDL_EINTR);
  return r < 0 ? r : 0;
}

/* Ring the doorbell of a server worker sleeping on SOCK (page.h,
   IDL_SLEEP_POLL): a body-only message, which every receiver of
   descriptor messages discards as not its own.  Errors are ignored: a
   full queue holds a message that wakes the server already, and a dead
   server is noticed by the wait that follows.  */
static inline void
idl_doorbell (int sock, uint32_t seq)
{
  struct idl_fdmsg body;
  struct idl_iovec iov;
  struct idl_msghdr m;

  body.magic = IDL_DOORBELL_MAGIC;
  body.seq = seq;
  iov.base = &body;
  iov.len = sizeof body;
  m.name = 0;
  m.namelen = 0;
  m.pad1 = 0;
  m.iov = &iov;
  m.iovlen = 1;
  m.control = 0;
  m.controllen = 0;
  m.flags = 0;
  m.pad2 = 0;
  idl_sys_sendmsg (sock, &m, IDL_MSG_DONTWAIT | IDL_MSG_NOSIGNAL);
}

/* Take one socket message from SOCK without blocking.  Every
   descriptor it carried is stored in GOT (at most IDL_MAX_FDS: see
   union idl_fdctl), *NGOT says how many, whatever the message turns
   out to be, so that the caller can close them.  Returns 2 if the
   message is an intact struct idl_fdmsg for SEQ with all its
   descriptors, 1 if it is for SEQ but carried more descriptors than
   fit (MSG_CTRUNC), 0 for any other message, -1 if none was queued (or
   the socket failed).  */
static inline int
idl_fd_recv_one (int sock, uint32_t seq, int *got, unsigned *ngot)
{
  /* One byte more than a body, so that a longer body shows as a wrong
     length even where MSG_TRUNC would not be reported.  */
  union
  {
    struct idl_fdmsg hdr;
    unsigned char room[sizeof (struct idl_fdmsg) + 1];
  } body;
  struct idl_iovec iov;
  struct idl_msghdr m;
  union idl_fdctl ctl;
  unsigned long off = 0;
  long r;

  *ngot = 0;
  iov.base = &body;
  iov.len = sizeof body.room;
  m.name = 0;
  m.namelen = 0;
  m.pad1 = 0;
  m.iov = &iov;
  m.iovlen = 1;
  m.control = ctl.buf;
  m.controllen = sizeof ctl.buf;
  m.flags = 0;
  m.pad2 = 0;
  do
    r = idl_sys_recvmsg (sock, &m, IDL_MSG_DONTWAIT | IDL_MSG_CMSG_CLOEXEC);
  while (r == -IDL_EINTR);
  if (r < 0)
    return -1;

  /* The kernel set controllen to what it wrote.  */
  while (m.controllen - off >= sizeof (struct idl_cmsghdr))
    {
      struct idl_cmsghdr *c = (struct idl_cmsghdr *) (ctl.buf + off);
      if (c->len < sizeof *c || c->len > m.controllen - off)
	break;
      if (c->level == IDL_SOL_SOCKET && c->type == IDL_SCM_RIGHTS)
	{
	  const int *data = (const int *) (c + 1);
	  unsigned k = (c->len - sizeof *c) / sizeof (int);
	  for (unsigned i = 0; i < k && *ngot < IDL_MAX_FDS; i++)
	    {
	      got[(*ngot)++] = data[i];
	      __asm__ ("" ::: "memory");	/* as in idl_fd_send */
	    }
	}
      off += (c->len + 7) & ~7ul;
    }

  if (r != sizeof body.hdr || (m.flags & IDL_MSG_TRUNC)
      || body.hdr.magic != IDL_FDMSG_MAGIC || body.hdr.seq != seq)
    return 0;
  return m.flags & IDL_MSG_CTRUNC ? 1 : 2;
}

static inline void
idl_fd_close_all (const int *fds, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    idl_sys_close (fds[i]);
}

/* Receive the descriptors of sequence number SEQ, which the peer
   announced as N (1 <= N <= IDL_MAX_FDS), into FDS[0..N-1].  Never
   blocks: the peer sent them before it published.  Stale messages
   ahead of ours are taken and their descriptors closed.  On any result
   but IDL_FDRECV_OK nothing is left open.  */
static inline int
idl_fd_recv (int sock, uint32_t seq, int *fds, unsigned n)
{
  for (unsigned tries = 0; tries < IDL_FD_DRAIN_MAX; tries++)
    {
      int got[IDL_MAX_FDS];
      unsigned ngot;
      int r = idl_fd_recv_one (sock, seq, got, &ngot);

      if (r < 0)
	return IDL_FDRECV_MISSING;
      if (r == 2 && ngot == n)
	{
	  for (unsigned i = 0; i < n; i++)
	    {
	      fds[i] = got[i];
	      __asm__ ("" ::: "memory");
	    }
	  return IDL_FDRECV_OK;
	}
      idl_fd_close_all (got, ngot);
      if (r > 0)
	/* Our message, but with other descriptors than announced.  */
	return IDL_FDRECV_BAD;
    }
  return IDL_FDRECV_BAD;
}

#endif /* IDL_FDPASS_H */
