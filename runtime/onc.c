/* onc.c -- the ONC RPC transport: its table, and the client.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   idl_onc_transport (transport.h) carries a binding's calls to another
   machine as ONC RPC (RFC 5531), exactly as a client rpcgen built from
   the interface's .x file would make them (onc.h lists the other
   files).  The stubs do not change: a call's request message
   (idlrt-abi.h) is encoded by the interface's XDR programs (onc-xdr.c,
   idl_onc_xdr_args), and its XDR result decoded into the words and
   payload a local server would have left (idl_onc_xdr_result), where
   the stub reads them: b->mr and b->payload point into the binding's
   state.

   What goes on the wire is libtirpc's: the call header (xdr_callhdr),
   the AUTH_SYS credential (authsys_create_default, AUTH_MARSHALL: this
   process's uid, gid and groups, as rpcgen's clients send them), the
   reply (xdr_replymsg, _seterr_reply).  The socket's reads and writes
   and TCP's record marks (4 bytes, onc-net.c) are ours, as on the
   server, instead of libtirpc's clnt_vc and clnt_dg, because of what
   those do with a call (libtirpc 1.3.3):
   - deadlines: clnt_dg_call ends a call early when a reply to an
     earlier call arrives (it deducts a whole retransmission interval
     for it: a 100 ms deadline ended after 20 ms), and clnt_vc_call
     starts its whole timeout again for each such reply it skips;
   - one-way: clnt_dg_call does not send a call with a zero timeout at
     all (its "message passing" return comes before the send);
   - peer death: clnt_vc writes with write(2), and a connection the
     server reset raises SIGPIPE, which kills a program that does not
     ignore it; we send with MSG_NOSIGNAL;
   - cost: every call blocks and restores all signals (two system
     calls) and takes a process-wide lock.
   Here a call is a send and a poll and a read (TCP), with one absolute
   deadline.

   Connecting: the name's host is resolved (getaddrinfo: literals and
   host names); without a port its rpcbind is asked for the program's
   (onc-net.c); TCP connects, all within IDL_ONC_CONNECT_MS.  Nothing
   is exchanged beyond that: an ONC server does not say which interface
   it serves until a call, so an interface it lacks is IDL_E_IFACE at
   the first call (PROG_UNAVAIL, PROG_MISMATCH, PROC_UNAVAIL), not at
   connect.

   Deadlines: a call's timeout (idl_set_timeout, idl_set_next_timeout)
   bounds it, sending included.  Without one a TCP call waits as long
   as the connection lives (a dead server process resets it; a vanished
   host is found by keepalive, onc-net.c), and a UDP call 25 seconds
   (IDL_ONC_UDP_DEFAULT_NS, rpcgen's default).  Over UDP the request is
   sent again every second (IDL_ONC_UDP_RETRY_MS) until its reply
   comes: a call is at least once there, as with every ONC RPC client.
   A reply that comes after its call's deadline is dropped when read
   (its xid is not the next call's).

   Peer death: TCP, a connection closed or reset while a call is sent
   or awaited; UDP, an ICMP port unreachable for a request (the server
   process is gone and nothing listens on its port: the kernel reports
   it on the connected socket, at the latest when the request is sent
   again).  Either is IDL_E_PEER_DIED for that call and every later one
   on the binding.  A UDP server's host that says nothing is
   IDL_E_TIMEOUT.

   One-way operations: the request is sent and nothing awaited, rpcgen's
   convention for a call whose reply nobody waits for (a clnt_call with
   a zero timeout).  An idlstub server does not answer a one-way
   procedure; an rpcgen server answers with an empty reply, which the
   next call's read drops (its xid is not that call's).  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "onc.h"
#include "transport.h"

/* A binding's state (b->tstate).  */
struct onc_binding
{
  int fd;			/* connected, non-blocking */
  int udp;
  uint32_t prog, vers;
  uint32_t xid;			/* the last call's */
  const uint32_t *table;	/* the interface's XDR programs */
  const void *const *codecs;	/* and their generated codecs, or NULL */
  AUTH *auth;			/* AUTH_SYS */
  struct idl_onc_rec r;		/* TCP: the replies read */
  uint8_t *dgram;		/* UDP: a reply */
  uint8_t *out;			/* a call: record mark, then XDR */
  size_t out_cap;
  /* A reply's tag and words: b->mr.  */
  uint64_t mr[IDL_MR_WORDS];
  /* The request's tag and words, as the XDR programs read them (the
     stub's may be a copy of registers, without the tag); a reply's
     program reads counts from them too.  */
  uint64_t req[IDL_MR_WORDS];
  /* b->payload: a request's payload, then its reply's.  */
  uint8_t payload[IDL_PAYLOAD_MAX];
  /* A call's conversions (onc-xdr.h), made at connect: a call sets
     their operation and the request's length.  */
  struct idl_onc_msg args, res;
  xdrproc_t *procs;		/* every operation's (idl_onc_procs) */
  const xdrproc_t *pr;		/* the call's operation's four */
};

#define OUT_MIN 8192
#define DGRAM_BUF 65536

/* Fail the call with CODE: recorded, and its tag returned.  */
static uint64_t
onc_failed (idl_binding_t *b, int code)
{
  if (code == IDL_E_PEER_DIED)
    idl_set_flags (b, b->flags | IDL_BF_DEAD);
  idl_record_error (b, code);
  return idl_error_tag (code);
}

/* When the call starting now must end (CLOCK_MONOTONIC ns; 0 never),
   consuming a one-off timeout.  */
static int64_t
onc_deadline (idl_binding_t *b, int udp)
{
  /* idl_set_timeout may change the default from another thread
     (channel.c).  */
  int64_t ns = __atomic_load_n (&b->timeout_ns, __ATOMIC_RELAXED);

  if (b->flags & IDL_BF_NEXT)
    {
      ns = b->next_timeout_ns;
      idl_set_flags (b, b->flags & ~IDL_BF_NEXT);
    }
  if (ns <= 0)
    {
      if (!udp)
	return 0;
      ns = IDL_ONC_UDP_DEFAULT_NS;
    }
  return idl_now_ns () + ns;
}

/* Milliseconds to wait for poll until AT (0: for ever), at most MAX
   (or none if MAX < 0); 0 once AT has passed.  */
static int
wait_ms (int64_t at, int max)
{
  if (at == 0)
    return max;
  int64_t left = at - idl_now_ns ();
  if (left <= 0)
    return 0;
  left = (left + 999999) / 1000000;
  if (max >= 0 && left > max)
    return max;
  return left > 3600000 ? 3600000 : (int) left;
}

/* What an ONC status means for the binding (R the reply's conversion,
   or NULL).  */
static int
onc_error (enum clnt_stat st, const struct idl_onc_msg *r)
{
  switch (st)
    {
    case RPC_SUCCESS:
      return IDL_OK;
    case RPC_CANTDECODERES:
      return r && r->err != IDL_OK ? r->err : IDL_E_PROTO;
    case RPC_CANTDECODEARGS:
      /* GARBAGE_ARGS: the server refused the arguments.  */
      return IDL_E_BADMSG;
    case RPC_PROGUNAVAIL:
    case RPC_PROGVERSMISMATCH:
    case RPC_PROCUNAVAIL:
      /* Another program, version or procedure there.  */
      return IDL_E_IFACE;
    case RPC_AUTHERROR:
      return IDL_E_CONNECT;
    default:
      /* SYSTEM_ERR (the server could not answer), an RPC version
	 mismatch.  */
      return IDL_E_PROTO;
    }
}

/* Encode call PROC with arguments M (NULL: none) in O->out after its
   record mark, into CAP bytes; the XDR's length, or 0.  The header,
   the credential (AUTH_MARSHALL) and the encoding are libtirpc's, as
   in clnt_vc_call.  */
static size_t
encode_call (struct onc_binding *o, uint32_t proc, struct idl_onc_msg *m,
	     size_t cap)
{
  struct rpc_msg call;
  int32_t p = (int32_t) proc;
  XDR x;

  memset (&call, 0, sizeof call);
  call.rm_xid = o->xid;
  call.rm_direction = CALL;
  call.rm_call.cb_rpcvers = RPC_MSG_VERSION;
  call.rm_call.cb_prog = o->prog;
  call.rm_call.cb_vers = o->vers;
  xdrmem_create (&x, (char *) o->out + 4, (u_int) (cap - 4), XDR_ENCODE);
  if (!xdr_callhdr (&x, &call) || !XDR_PUTINT32 (&x, &p)
      || !AUTH_MARSHALL (o->auth, &x))
    return 0;
  /* The request's codec straight on the stream, as clnt_call calls an
     xdrproc_t (or the entry point).  */
  if (m && !((bool_t (*) (XDR *, void *)) o->pr[0]) (&x, m))
    return 0;
  return xdr_getpos (&x);
}

/* Send N bytes of O->out (TCP: from the record mark) by AT.  IDL_OK,
   IDL_E_PEER_DIED, or IDL_E_TIMEOUT when a TCP server did not take the
   whole record in time (the stream is then unusable: shut down).  */
static int
send_call (struct onc_binding *o, size_t n, int64_t at)
{
  if (o->udp)
    {
      /* A datagram the socket cannot take now is as lost as one the
	 network dropped: the next retransmission sends it again.  */
      if (send (o->fd, o->out + 4, n, MSG_NOSIGNAL) < 0
	  && (errno == ECONNREFUSED || errno == ENOTCONN))
	return IDL_E_PEER_DIED;
      return IDL_OK;
    }
  uint32_t mark = htonl (0x80000000u | (uint32_t) n);
  size_t done = 0;
  memcpy (o->out, &mark, 4);
  n += 4;
  while (done < n)
    {
      ssize_t w = send (o->fd, o->out + done, n - done, MSG_NOSIGNAL);
      if (w > 0)
	{
	  done += (size_t) w;
	  continue;
	}
      if (w < 0 && errno == EINTR)
	continue;
      if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
	{
	  struct pollfd p = { o->fd, POLLOUT, 0 };
	  int ms = wait_ms (at, -1);
	  if ((at == 0 || ms > 0) && poll (&p, 1, ms) >= 0
	      && !(p.revents & (POLLERR | POLLHUP)))
	    continue;
	  if (at != 0 && ms == 0)
	    {
	      /* Half a record went out: nothing can follow it.  */
	      shutdown (o->fd, SHUT_RDWR);
	      return IDL_E_TIMEOUT;
	    }
	}
      return IDL_E_PEER_DIED;
    }
  return IDL_OK;
}

/* Decode the reply in P (N bytes) to call R of O (NULL: a void
   result).  */
static int
decode_reply (const struct onc_binding *o, uint8_t *p, size_t n,
	      struct idl_onc_msg *r)
{
  struct rpc_msg reply;
  struct rpc_err e;
  char verf[MAX_AUTH_BYTES];
  XDR x;

  memset (&reply, 0, sizeof reply);
  reply.acpted_rply.ar_verf.oa_base = verf;
  reply.acpted_rply.ar_results.where = (caddr_t) r;
  reply.acpted_rply.ar_results.proc = r ? o->pr[3] : IDL_XDRPROC (xdr_void);
  xdrmem_create (&x, (char *) p, (u_int) n, XDR_DECODE);
  if (!xdr_replymsg (&x, &reply))
    return r && r->err != IDL_OK ? r->err : IDL_E_PROTO;
  _seterr_reply (&reply, &e);
  return onc_error (e.re_status, r);
}

/* The xid of the reply at P (N bytes), or the binding's own negated
   when it has none (never the one awaited).  */
static uint32_t
reply_xid (const struct onc_binding *o, const uint8_t *p, size_t n)
{
  uint32_t xid;
  if (n < 4)
    return ~o->xid;
  memcpy (&xid, p, 4);
  return ntohl (xid);
}

/* Await the reply to O's last call by AT and decode it into R.  A reply
   to an earlier call (one that timed out) is dropped.  */
static int
await_reply (struct onc_binding *o, struct idl_onc_msg *r, int64_t at,
	     size_t n)
{
  int64_t resend = o->udp ? idl_now_ns () + IDL_ONC_UDP_RETRY_MS * 1000000L
			  : 0;
  for (;;)
    {
      if (!o->udp && o->r.complete)
	{
	  uint8_t *p = o->r.in + o->r.rec;
	  size_t len = o->r.rec_len;
	  int err = reply_xid (o, p, len) == o->xid
		    ? decode_reply (o, p, len, r) : -1;
	  idl_onc_rec_next (&o->r, o->fd);
	  if (err >= 0)
	    return err;
	  continue;
	}
      if (!o->udp && (o->r.eof || o->r.bad))
	{
	  shutdown (o->fd, SHUT_RDWR);
	  return o->r.bad ? IDL_E_PROTO : IDL_E_PEER_DIED;
	}
      struct pollfd p = { o->fd, POLLIN, 0 };
      int ms = wait_ms (at, o->udp ? wait_ms (resend, -1) : -1);
      int rc = ms == 0 && at != 0 && idl_now_ns () >= at ? 0
	       : poll (&p, 1, ms);
      if (rc < 0 && errno != EINTR)
	return IDL_E_PEER_DIED;
      if (rc == 0)
	{
	  if (at != 0 && idl_now_ns () >= at)
	    return IDL_E_TIMEOUT;
	  if (o->udp && idl_now_ns () >= resend)
	    {
	      /* Over UDP a call is at least once: send it again.  */
	      resend = idl_now_ns () + IDL_ONC_UDP_RETRY_MS * 1000000L;
	      if (send_call (o, n, at) != IDL_OK)
		return IDL_E_PEER_DIED;
	    }
	  continue;
	}
      if (rc < 0)
	continue;
      if (!o->udp)
	{
	  idl_onc_rec_read (&o->r, o->fd);
	  continue;
	}
      ssize_t got = recv (o->fd, o->dgram, DGRAM_BUF, MSG_DONTWAIT);
      if (got < 0)
	{
	  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
	    continue;
	  /* ECONNREFUSED: the host says nothing listens on the port.  */
	  return IDL_E_PEER_DIED;
	}
      if (reply_xid (o, o->dgram, (size_t) got) == o->xid)
	return decode_reply (o, o->dgram, (size_t) got, r);
    }
}

/* Call procedure PROC of O's program with arguments M (NULL: none) and
   the result into R (NULL: none), by AT; one-way, return once sent.
   IDL_OK or the error.  */
static int
onc_transact (struct onc_binding *o, uint32_t proc, struct idl_onc_msg *m,
	      struct idl_onc_msg *r, int oneway, int64_t at)
{
  size_t max = o->udp ? IDL_ONC_DGRAM_MAX + 4 : IDL_ONC_RECORD_MAX + 4;
  size_t n;

  o->xid++;
  if (!o->out && !(o->out = malloc (o->out_cap = OUT_MIN)))
    return IDL_E_NOMEM;
  n = encode_call (o, proc, m, o->out_cap);
  if (n == 0 && m && m->err == IDL_E_NOMEM && o->out_cap < max)
    {
      /* A large request: room for the largest.  */
      uint8_t *p = realloc (o->out, max);
      if (!p)
	return IDL_E_NOMEM;
      o->out = p;
      o->out_cap = max;
      m->err = IDL_OK;
      n = encode_call (o, proc, m, max);
    }
  if (n == 0)
    /* IDL_E_BOUNDS: the message contradicts its bounds; IDL_E_NOMEM: a
       UDP request over one datagram.  */
    return m && m->err != IDL_OK ? m->err : IDL_E_NOMEM;
  int err = send_call (o, n, at);
  if (err != IDL_OK || oneway)
    return err;
  return await_reply (o, r, at, n);
}

/* A call or, TAG having IDL_TAG_ONEWAY, a one-way request.  */
static uint64_t
onc_call (idl_binding_t *b, uint64_t tag, const uint64_t *words,
	  uint64_t payload_len, const int *fds, uint64_t nfds)
{
  struct onc_binding *o = b->tstate;
  int64_t at = onc_deadline (b, o->udp);
  unsigned number = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  int oneway = (tag & IDL_TAG_ONEWAY) != 0;

  (void) fds;
  b->payload = o->payload;
  if (b->flags & IDL_BF_DEAD)
    return onc_failed (b, IDL_E_PEER_DIED);
  size_t k = 0;
  const uint32_t *e = idl_onc_lookup (o->table, number, &k);
  if (e && (e[0] & IDL_XT_OP_UNSUPPORTED))
    return onc_failed (b, IDL_E_UNSUPPORTED);
  /* Descriptors cannot cross machines: an operation with some is
     unsupported in the table already.  */
  if (!e || nfds != 0 || payload_len > IDL_PAYLOAD_MAX
      || n > IDL_MR_WORDS - 1)
    return onc_failed (b, IDL_E_INVAL);

  o->req[0] = tag;
  memcpy (o->req + 1, words, n * sizeof (uint64_t));
  o->pr = o->procs + 4 * k;
  o->args.op = o->res.op = e;
  o->args.len = (uint32_t) payload_len;
  int err = onc_transact (o, number, &o->args, &o->res, oneway, at);
  if (__builtin_expect (err != IDL_OK, 0))
    {
      o->args.err = o->res.err = IDL_OK;
      return onc_failed (b, err);
    }
  idl_record_error (b, IDL_OK);
  return oneway ? 0 : o->mr[0];
}

static void *
onc_request_payload (idl_binding_t *b)
{
  struct onc_binding *o = b->tstate;

  if (b->flags & IDL_BF_DEAD)
    {
      /* The stub gives up: this was the call a one-off timeout was
	 for.  */
      idl_set_flags (b, b->flags & ~IDL_BF_NEXT);
      onc_failed (b, IDL_E_PEER_DIED);
      return NULL;
    }
  b->payload = o->payload;
  return o->payload;
}

/* idl_null: procedure 0, which every ONC server answers.  */
static int
onc_ping (idl_binding_t *b)
{
  struct onc_binding *o = b->tstate;
  int64_t at = onc_deadline (b, o->udp);

  if (b->flags & IDL_BF_DEAD)
    return IDL_E_PEER_DIED;
  int err = onc_transact (o, NULLPROC, NULL, NULL, 0, at);
  if (err == IDL_E_PEER_DIED)
    idl_set_flags (b, b->flags | IDL_BF_DEAD);
  return err;
}

/* Connecting.  */

/* A socket connected to ADDR over TCP or UDP within TIMEOUT_MS,
   non-blocking (every wait is a poll with the call's deadline), or
   -1.  */
static int
onc_open (const struct sockaddr *addr, socklen_t len, int udp,
	  int timeout_ms)
{
  int fd = idl_onc_socket (addr->sa_family, udp);

  if (fd < 0)
    return -1;
  /* A connected UDP socket takes replies from the server alone, and is
     told when nothing listens on its port any more (ICMP).  */
  if (idl_onc_connect_fd (fd, addr, len, timeout_ms) != 0
      || fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) | O_NONBLOCK) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

static int
onc_connect (idl_binding_t *b, const char *name, const idl_interface_t *iface)
{
  struct idl_onc_name n;
  struct addrinfo hints, *res, *ai;
  uint32_t prog, vers;
  int fd = -1;

  if (idl_onc_parse_name (name, &n) != IDL_OK || !n.host[0])
    return IDL_E_INVAL;
  if (!idl_onc_numbers (iface, &prog, &vers))
    /* Compiled without the plugin: no numbers, no codecs.  */
    return IDL_E_UNSUPPORTED;

  memset (&hints, 0, sizeof hints);
  hints.ai_family = n.literal6 ? AF_INET6 : AF_UNSPEC;
  hints.ai_socktype = n.udp ? SOCK_DGRAM : SOCK_STREAM;
  hints.ai_flags = n.literal6 ? AI_NUMERICHOST : 0;
  if (getaddrinfo (n.host, NULL, &hints, &res) != 0)
    return IDL_E_CONNECT;
  int64_t deadline = idl_now_ns () + IDL_ONC_CONNECT_MS * 1000000L;
  for (ai = res; ai && fd < 0; ai = ai->ai_next)
    {
      struct sockaddr_storage ss;
      int64_t left = (deadline - idl_now_ns ()) / 1000000;
      if ((ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
	  || ai->ai_addrlen > sizeof ss || left <= 0)
	continue;
      memcpy (&ss, ai->ai_addr, ai->ai_addrlen);
      int port = n.port;
      if (port <= 0)
	port = idl_onc_rpcb_port (ai->ai_addr, ai->ai_addrlen, n.udp, prog,
				  vers, (int) left);
      if (port <= 0)
	continue;
      if (ss.ss_family == AF_INET6)
	((struct sockaddr_in6 *) &ss)->sin6_port = htons ((uint16_t) port);
      else
	((struct sockaddr_in *) &ss)->sin_port = htons ((uint16_t) port);
      left = (deadline - idl_now_ns ()) / 1000000;
      fd = onc_open ((struct sockaddr *) &ss, ai->ai_addrlen, n.udp,
		     left > 0 ? (int) left : 1);
    }
  freeaddrinfo (res);
  if (fd < 0)
    return IDL_E_CONNECT;

  struct onc_binding *o = calloc (1, sizeof *o);
  AUTH *auth = o ? authsys_create_default () : NULL;
  if (!auth || (n.udp && !(o->dgram = malloc (DGRAM_BUF)))
      || !(o->procs = idl_onc_procs (iface->onc, iface->onc_codecs)))
    {
      if (auth)
	auth_destroy (auth);
      if (o)
	free (o->dgram);
      free (o);
      close (fd);
      return IDL_E_NOMEM;
    }
  o->fd = fd;
  o->udp = n.udp;
  o->prog = prog;
  o->vers = vers;
  o->auth = auth;
  /* Transaction ids: from a different start in every binding, so that
     a server that remembers recent ones (a duplicate request cache)
     does not mistake a new binding's calls for an old one's.  */
  o->xid = (uint32_t) (idl_now_ns () ^ (uint64_t) getpid () << 16
		       ^ (uintptr_t) o);
  o->table = iface->onc;
  o->codecs = iface->onc_codecs;
  o->args = (struct idl_onc_msg) { .words = o->req, .payload = o->payload,
				   .table = o->table, .codecs = o->codecs };
  o->res = (struct idl_onc_msg) { .words = o->mr, .payload = o->payload,
				  .req = o->req, .table = o->table,
				  .codecs = o->codecs };
  b->tstate = o;
  b->mr = o->mr;
  b->payload = o->payload;
  b->sock = -1;
  idl_set_flags (b, IDL_BF_TABLE);
  return IDL_OK;
}

static void
onc_close (idl_binding_t *b)
{
  struct onc_binding *o = b->tstate;

  /* Closing the socket is what tells a TCP server.  */
  close (o->fd);
  auth_destroy (o->auth);
  idl_onc_rec_free (&o->r);
  free (o->dgram);
  free (o->out);
  free (o->procs);
  free (o);
}

const struct idl_transport idl_onc_transport = {
  .name = "onc",
  .connect = onc_connect,
  .request_payload = onc_request_payload,
  .call = onc_call,
  .send = onc_call,
  .close = onc_close,
  .ping = onc_ping,
  .listen = idl_onc_listen,
  .accept = idl_onc_accept,
  .unlisten = idl_onc_unlisten,
  .destroy = idl_onc_destroy,
  .conn = &idl_onc_conn_ops
};
