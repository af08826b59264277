/* onc-net.c -- what the ONC RPC transport's client and server share:
   names, sockets, rpcbind.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   onc.h lists the transport's files.  Here:

   - names: "onc+tcp://HOST[:PORT]", "onc+udp://...", HOST an IPv4
     literal, an IPv6 literal in brackets or a host name;
   - sockets: TCP with TCP_NODELAY (a call or a reply is one write, and
     one-way requests follow each other: Nagle's algorithm would hold
     the second until the first was acknowledged) and keepalive (a peer
     whose host vanishes without a word, power or cable gone, sends no
     reset: the probes find it within about a minute and end the
     connection, so that nobody waits on it for ever); connecting
     within a deadline;
   - rpcbind (RFC 1833): a client's lookup of a program's port, asked
     of the server's host itself with clnt_call (GETADDR of versions 4
     and 3, then portmapper version 2's GETPORT for IPv4), so that its
     time is bounded by the connect deadline (libtirpc's rpcb_getaddr
     allows a minute per attempt); and a server's registration with the
     local rpcbind through libtirpc's rpcb_set and rpcb_unset;
   - the interface's table (idlrt-xdr.h): its program number and
     version, and an operation's entry, which both look up.

   Off the call path (but for that look-up, which calls nothing): libc
   freely.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <rpc/rpc.h>
#include <rpc/pmap_prot.h>
#include <rpc/rpcb_clnt.h>
#include <rpc/rpcb_prot.h>
#include "onc.h"

/* Names.  */

int
idl_onc_name_p (const char *name)
{
  return strncmp (name, "onc+tcp://", 10) == 0
	 || strncmp (name, "onc+udp://", 10) == 0;
}

int
idl_onc_parse_name (const char *name, struct idl_onc_name *n)
{
  const char *p = name + 10, *end;
  size_t len;

  if (!idl_onc_name_p (name))
    return IDL_E_INVAL;
  memset (n, 0, sizeof *n);
  n->udp = name[4] == 'u';
  n->port = -1;
  if (*p == '[')
    {
      /* An IPv6 literal: "[::1]".  */
      end = strchr (p, ']');
      if (!end)
	return IDL_E_INVAL;
      p++;
      n->literal6 = 1;
    }
  else
    {
      /* A host name or an IPv4 literal, up to the port's colon; a bare
	 IPv6 literal (two colons) would be ambiguous.  */
      end = strchr (p, ':');
      if (!end)
	end = p + strlen (p);
      else if (strchr (end + 1, ':'))
	return IDL_E_INVAL;
    }
  len = (size_t) (end - p);
  if (len >= sizeof n->host)
    return IDL_E_INVAL;
  memcpy (n->host, p, len);
  n->host[len] = 0;
  if (n->literal6)
    end++;
  if (*end == 0)
    return n->literal6 && len == 0 ? IDL_E_INVAL : IDL_OK;
  if (*end != ':' || !end[1])
    return IDL_E_INVAL;
  long port = 0;
  for (p = end + 1; *p; p++)
    {
      if (*p < '0' || *p > '9' || port > 65535)
	return IDL_E_INVAL;
      port = port * 10 + (*p - '0');
    }
  if (port > 65535)
    return IDL_E_INVAL;
  n->port = (int) port;
  return IDL_OK;
}

/* Records.  */

/* How much a stream may buffer: a record and what follows it.  */
#define REC_MAX (IDL_ONC_RECORD_MAX + 65536)
#define REC_MIN 16384

/* Join what was read into the record being assembled; BAD for one
   over IDL_ONC_RECORD_MAX.  */
static void
rec_assemble (struct idl_onc_rec *r)
{
  while (!r->complete)
    {
      if (r->frag_left == 0)
	{
	  if (r->last_frag)
	    {
	      r->complete = 1;
	      break;
	    }
	  if (r->len - r->raw < 4)
	    break;
	  uint32_t mark;
	  memcpy (&mark, r->in + r->raw, 4);
	  mark = ntohl (mark);
	  r->raw += 4;
	  r->last_frag = (mark >> 31) != 0;
	  r->frag_left = mark & 0x7fffffffu;
	  if (r->rec_len == 0)
	    r->rec = r->raw;	/* the first fragment: in place */
	  if (r->rec_len + r->frag_left > IDL_ONC_RECORD_MAX)
	    {
	      r->bad = 1;
	      return;
	    }
	  continue;
	}
      size_t take = r->len - r->raw;
      if (take == 0)
	break;
      if (take > r->frag_left)
	take = r->frag_left;
      size_t at = r->rec + r->rec_len;
      if (at != r->raw)
	/* A later fragment: over the marks before it.  */
	memmove (r->in + at, r->in + r->raw, take);
      r->rec_len += take;
      r->raw += take;
      r->frag_left -= (uint32_t) take;
    }
  /* Close the gap the marks left, so that reading goes on right after
     the record's bytes.  */
  size_t end = r->rec + r->rec_len;
  if (!r->complete && r->raw > end)
    {
      memmove (r->in + end, r->in + r->raw, r->len - r->raw);
      r->len -= r->raw - end;
      r->raw = end;
    }
}

void
idl_onc_rec_read (struct idl_onc_rec *r, int fd)
{
  while (!r->eof && !r->bad)
    {
      if (r->len == r->cap)
	{
	  size_t cap = r->cap ? r->cap * 2 : REC_MIN;
	  uint8_t *p;
	  if (r->cap >= REC_MAX)
	    {
	      r->full = 1;	/* read again once a record is out */
	      break;
	    }
	  if (cap > REC_MAX)
	    cap = REC_MAX;
	  if (!(p = realloc (r->in, cap)))
	    {
	      r->full = 1;
	      break;
	    }
	  r->in = p;
	  r->cap = cap;
	}
      size_t room = r->cap - r->len;
      ssize_t n = recv (fd, r->in + r->len, room, MSG_DONTWAIT);
      if (n > 0)
	{
	  r->len += (size_t) n;
	  r->full = 0;
	  if ((size_t) n < room)
	    break;		/* drained: more comes with a new event */
	  continue;
	}
      if (n < 0 && errno == EINTR)
	continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
	{
	  r->full = 0;
	  break;
	}
      r->eof = 1;		/* closed, reset, or an error */
    }
  rec_assemble (r);
}

void
idl_onc_rec_next (struct idl_onc_rec *r, int fd)
{
  size_t rest = r->len - r->raw;
  if (rest)
    memmove (r->in, r->in + r->raw, rest);
  r->len = rest;
  r->rec = r->raw = r->rec_len = 0;
  r->frag_left = 0;
  r->last_frag = 0;
  r->complete = 0;
  if (r->full)
    idl_onc_rec_read (r, fd);
  else
    rec_assemble (r);
}

void
idl_onc_rec_free (struct idl_onc_rec *r)
{
  free (r->in);
  memset (r, 0, sizeof *r);
}

/* Sockets.  */

int
idl_onc_socket (int family, int udp)
{
  int fd = socket (family, (udp ? SOCK_DGRAM : SOCK_STREAM) | SOCK_CLOEXEC,
		   0);
  if (fd >= 0 && !udp)
    idl_onc_stream_options (fd);
  return fd;
}

void
idl_onc_stream_options (int fd)
{
  int one = 1, idle = 30, intvl = 10, cnt = 3;
  unsigned user_ms = 60000;
  setsockopt (fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  setsockopt (fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
  setsockopt (fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
  setsockopt (fd, IPPROTO_TCP, TCP_KEEPINTVL, &intvl, sizeof intvl);
  setsockopt (fd, IPPROTO_TCP, TCP_KEEPCNT, &cnt, sizeof cnt);
  /* Data sent and not acknowledged for a minute ends the connection
     too (the probes do not run while data waits).  */
  setsockopt (fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &user_ms, sizeof user_ms);
}

int
idl_onc_connect_fd (int fd, const struct sockaddr *addr, socklen_t len,
		    int timeout_ms)
{
  int flags = fcntl (fd, F_GETFL);
  int rc = -1, e;

  if (flags < 0 || fcntl (fd, F_SETFL, flags | O_NONBLOCK) != 0)
    return -1;
  if (connect (fd, addr, len) == 0)
    rc = 0;
  else if (errno == EINPROGRESS)
    {
      struct pollfd p = { fd, POLLOUT, 0 };
      int r;
      do
	r = poll (&p, 1, timeout_ms);
      while (r < 0 && errno == EINTR);
      socklen_t el = sizeof e;
      if (r == 0)
	errno = ETIMEDOUT;
      else if (r > 0
	       && getsockopt (fd, SOL_SOCKET, SO_ERROR, &e, &el) == 0)
	{
	  if (e == 0)
	    rc = 0;
	  else
	    errno = e;
	}
    }
  e = errno;
  if (fcntl (fd, F_SETFL, flags) != 0 && rc == 0)
    return -1;
  errno = e;
  return rc;
}

void
idl_onc_block_sigpipe (sigset_t *old)
{
  sigset_t pipe;
  sigemptyset (&pipe);
  sigaddset (&pipe, SIGPIPE);
  pthread_sigmask (SIG_BLOCK, &pipe, old);
}

void
idl_onc_unblock_sigpipe (const sigset_t *old, int check)
{
  sigset_t pipe, pending;
  if (check && !sigismember (old, SIGPIPE) && sigpending (&pending) == 0
      && sigismember (&pending, SIGPIPE))
    {
      static const struct timespec now = { 0, 0 };
      sigemptyset (&pipe);
      sigaddset (&pipe, SIGPIPE);
      sigtimedwait (&pipe, NULL, &now);
    }
  pthread_sigmask (SIG_SETMASK, old, NULL);
}

/* rpcbind.  */

/* The netid rpcbind files a registration under.  */
static char *
netid_of (int family, int udp)
{
  static char tcp[] = "tcp", udp4[] = "udp", tcp6[] = "tcp6",
    udp6[] = "udp6";
  if (family == AF_INET6)
    return udp ? udp6 : tcp6;
  return udp ? udp4 : tcp;
}

static int
port_of (const struct sockaddr *sa)
{
  if (sa->sa_family == AF_INET6)
    return ntohs (((const struct sockaddr_in6 *) sa)->sin6_port);
  return ntohs (((const struct sockaddr_in *) sa)->sin_port);
}

static void
set_port (struct sockaddr_storage *ss, int port)
{
  if (ss->ss_family == AF_INET6)
    ((struct sockaddr_in6 *) ss)->sin6_port = htons ((uint16_t) port);
  else
    ((struct sockaddr_in *) ss)->sin_port = htons ((uint16_t) port);
}

/* The port of a universal address ("h1.h2.h3.h4.p1.p2", "x:...:y.p1.p2",
   RFC 1833), 0 for an empty one (not registered), -1 if malformed.  */
static int
uaddr_port (const char *ua)
{
  const char *lo, *hi;
  char *e;

  if (!ua || !*ua)
    return 0;
  lo = strrchr (ua, '.');
  if (!lo || lo == ua)
    return -1;
  for (hi = lo - 1; hi > ua && *hi != '.'; hi--)
    ;
  if (*hi != '.')
    return -1;
  long h = strtol (hi + 1, &e, 10);
  if (e != lo || h < 0 || h > 255)
    return -1;
  long l = strtol (lo + 1, &e, 10);
  if (*e || l < 0 || l > 255)
    return -1;
  return (int) (h * 256 + l);
}

/* Milliseconds left until DEADLINE (CLOCK_MONOTONIC ns), at least 1.  */
static int
ms_left (int64_t deadline)
{
  int64_t left = (deadline - idl_now_ns ()) / 1000000;
  return left < 1 ? 1 : left > 3600000 ? 3600000 : (int) left;
}

static struct timeval
tv_ms (int ms)
{
  struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
  return tv;
}

/* Ask the rpcbind at ADDR (its port replaced by 111) for PROG, VERS
   under NETID over UDP or TCP.  */
static int
rpcb_lookup (const struct sockaddr *addr, socklen_t len, int udp,
	     char *netid, uint32_t prog, uint32_t vers, int timeout_ms)
{
  int64_t deadline = idl_now_ns () + (int64_t) timeout_ms * 1000000;
  struct sockaddr_storage ss;
  CLIENT *cl;
  int port = -1;

  if (len > sizeof ss)
    return -1;
  memcpy (&ss, addr, len);
  set_port (&ss, PMAPPORT);
  int fd = idl_onc_socket (ss.ss_family, udp);
  if (fd < 0)
    return -1;
  if (!udp && idl_onc_connect_fd (fd, (struct sockaddr *) &ss, len,
				  timeout_ms) != 0)
    {
      close (fd);
      return -1;
    }
  struct netbuf nb = { len, len, &ss };
  cl = udp ? clnt_dg_create (fd, &nb, RPCBPROG, RPCBVERS4, 0, 0)
	   : clnt_vc_create (fd, &nb, RPCBPROG, RPCBVERS4, 0, 0);
  if (!cl)
    {
      close (fd);
      return -1;
    }
  clnt_control (cl, CLSET_FD_CLOSE, NULL);
  if (udp)
    {
      int one = 1;
      struct timeval retry = tv_ms (500);
      clnt_control (cl, CLSET_CONNECT, (char *) &one);
      clnt_control (cl, CLSET_RETRY_TIMEOUT, (char *) &retry);
    }

  sigset_t old;
  idl_onc_block_sigpipe (&old);
  /* GETADDR of rpcbind versions 4 and 3.  */
  char empty[] = "";
  RPCB parms = { prog, vers, netid, empty, empty };
  for (rpcvers_t v = RPCBVERS4; v >= RPCBVERS && port < 0; v--)
    {
      char *ua = NULL;
      clnt_control (cl, CLSET_VERS, (char *) &v);
      enum clnt_stat st = clnt_call (cl, RPCBPROC_GETADDR,
				     IDL_XDRPROC (xdr_rpcb), (char *) &parms,
				     IDL_XDRPROC (xdr_wrapstring), (char *) &ua,
				     tv_ms (ms_left (deadline)));
      if (st == RPC_SUCCESS)
	{
	  port = uaddr_port (ua);
	  xdr_free (IDL_XDRPROC (xdr_wrapstring), (char *) &ua);
	  if (port < 0)
	    port = -2;		/* an answer we cannot read: give up */
	}
      else if (st != RPC_PROGVERSMISMATCH && st != RPC_PROGUNAVAIL
	       && st != RPC_PROCUNAVAIL)
	break;
    }
  /* A portmapper that only knows version 2 (IPv4 only).  */
  if (port == -1 && ss.ss_family == AF_INET)
    {
      rpcvers_t v = PMAPVERS;
      struct pmap pm = { prog, vers, udp ? IPPROTO_UDP : IPPROTO_TCP, 0 };
      u_int p = 0;
      clnt_control (cl, CLSET_VERS, (char *) &v);
      if (clnt_call (cl, PMAPPROC_GETPORT, IDL_XDRPROC (xdr_pmap),
		     (char *) &pm, IDL_XDRPROC (xdr_u_int), (char *) &p,
		     tv_ms (ms_left (deadline))) == RPC_SUCCESS && p < 65536)
	port = (int) p;
    }
  clnt_destroy (cl);
  idl_onc_unblock_sigpipe (&old, 1);
  return port < 0 ? -1 : port;
}

int
idl_onc_rpcb_port (const struct sockaddr *addr, socklen_t len, int udp,
		   uint32_t prog, uint32_t vers, int timeout_ms)
{
  return rpcb_lookup (addr, len, udp, netid_of (addr->sa_family, udp),
		      prog, vers, timeout_ms);
}

/* rpcb_set and rpcb_unset for NETID.  */
static int
rpcb_call (int set, uint32_t prog, uint32_t vers, const char *netid,
	   const struct sockaddr *addr, socklen_t len)
{
  struct netconfig *nc = getnetconfigent (netid);
  int ok = 0;

  if (!nc)
    return 0;
  sigset_t old;
  idl_onc_block_sigpipe (&old);
  if (set)
    {
      struct netbuf nb = { len, len, (void *) addr };
      ok = rpcb_set (prog, vers, nc, &nb);
      if (!ok)
	{
	  /* Registered already, by a server that died or another one
	     serving the program: the newest wins, as rpcgen's servers
	     do (they unset before they set).  */
	  rpcb_unset (prog, vers, nc);
	  ok = rpcb_set (prog, vers, nc, &nb);
	}
    }
  else
    ok = rpcb_unset (prog, vers, nc);
  idl_onc_unblock_sigpipe (&old, 1);
  freenetconfigent (nc);
  return ok;
}

/* The registrations a server bound at ADDR makes: a wildcard IPv6
   address (dual-stack) serves IPv4 clients too, which ask for the
   IPv4 netid (portmapper version 2 knows no other).  Fills NETIDS and
   ADDRS (at most 2); returns how many.  */
static int
registrations (const struct sockaddr *addr, socklen_t len, int udp,
	       char **netids, struct sockaddr_storage *addrs,
	       socklen_t *lens)
{
  int n = 0;
  memcpy (&addrs[0], addr, len);
  lens[0] = len;
  netids[n++] = netid_of (addr->sa_family, udp);
  if (addr->sa_family == AF_INET6
      && IN6_IS_ADDR_UNSPECIFIED (&((const struct sockaddr_in6 *) addr)
				  ->sin6_addr))
    {
      struct sockaddr_in *sin = (struct sockaddr_in *) &addrs[1];
      memset (sin, 0, sizeof *sin);
      sin->sin_family = AF_INET;
      sin->sin_addr.s_addr = htonl (INADDR_ANY);
      sin->sin_port = htons ((uint16_t) port_of (addr));
      lens[1] = sizeof *sin;
      netids[n++] = netid_of (AF_INET, udp);
    }
  return n;
}

int
idl_onc_rpcb_set (uint32_t prog, uint32_t vers, int udp,
		  const struct sockaddr *addr, socklen_t len)
{
  char *netids[2];
  struct sockaddr_storage addrs[2];
  socklen_t lens[2];
  int n = registrations (addr, len, udp, netids, addrs, lens), ok = 1;

  for (int i = 0; i < n; i++)
    ok &= rpcb_call (1, prog, vers, netids[i],
		     (struct sockaddr *) &addrs[i], lens[i]);
  return ok;
}

void
idl_onc_rpcb_unset (uint32_t prog, uint32_t vers, int udp,
		    const struct sockaddr *addr, socklen_t len)
{
  char *netids[2];
  struct sockaddr_storage addrs[2];
  socklen_t lens[2];
  int n = registrations (addr, len, udp, netids, addrs, lens);

  for (int i = 0; i < n; i++)
    {
      /* Ask this host's rpcbind (on the loopback address of the
	 registration's family) whose the registration is now.  */
      struct sockaddr_storage lo;
      memset (&lo, 0, sizeof lo);
      lo.ss_family = addrs[i].ss_family;
      if (lo.ss_family == AF_INET6)
	((struct sockaddr_in6 *) &lo)->sin6_addr = in6addr_loopback;
      else
	((struct sockaddr_in *) &lo)->sin_addr.s_addr
	  = htonl (INADDR_LOOPBACK);
      int port = rpcb_lookup ((struct sockaddr *) &lo, lens[i], udp,
			      netids[i], prog, vers, IDL_ONC_CONNECT_MS);
      if (port == port_of ((struct sockaddr *) &addrs[i]))
	rpcb_call (0, prog, vers, netids[i], NULL, 0);
    }
}

/* The interface's table.  */

int
idl_onc_numbers (const idl_interface_t *iface, uint32_t *prog,
		 uint32_t *version)
{
  if (!iface->onc || iface->onc[0] != IDL_XT_FORMAT)
    return 0;
  *prog = iface->onc[1];
  *version = iface->onc[2];
  return 1;
}

const uint32_t *
idl_onc_op (const uint32_t *table, uint32_t number)
{
  size_t k;
  return idl_onc_lookup (table, number, &k);
}

const uint32_t *
idl_onc_lookup (const uint32_t *table, uint32_t number, size_t *index)
{
  if (!table || table[0] != IDL_XT_FORMAT)
    return NULL;
  /* By increasing number: a binary search.  */
  uint32_t lo = 0, hi = table[4];
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      const uint32_t *e = table + IDL_XT_HDR_WORDS + mid * IDL_XT_OP_WORDS;
      uint32_t n = e[0] & 0xffff;
      if (n == number)
	{
	  *index = mid;
	  return e;
	}
      if (n < number)
	lo = mid + 1;
      else
	hi = mid;
    }
  return NULL;
}
