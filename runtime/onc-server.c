/* onc-server.c -- the ONC RPC transport's server side.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A server named "onc+tcp://[ADDR][:PORT]" or "onc+udp://..." (onc.h)
   serves its interface as ONC RPC program and version (idlrt-xdr.h) to
   any ONC client: idlstub's, rpcgen's, another language's.  Requests
   go through the generic server (server.c, both run modes) like the
   page's: receive decodes a call's XDR arguments into the connection's
   private message (onc-xdr.c), the dispatcher runs, reply encodes its
   result.

   Why not libtirpc's server side (svc_vc, svc_dg, svc_run): it keeps
   its transports in global tables (svc.c: __svc_xports, svc_fdset,
   under global locks) that a program's own svc_run would poll too, and
   a transport keeps one request's state at a time (svc_vc.c: the xid
   of the last call, in the xprt, for svc_sendreply; svc_dg.c: its
   sender's address too), so that two threads on one UDP socket would
   answer with each other's xid or to each other's client.  Here each
   connection reads its own records and keeps its own request's xid,
   credentials and sender, and only the one thread serving it (its own,
   or the worker that owns it) touches them.  The wire is libtirpc's
   all the same: the call header, credentials and replies go through
   its XDR routines (xdr_opaque_auth, xdr_authunix_parms,
   xdr_replymsg); only the record marking (RFC 5531, section 11) is
   read here, so that a connection's reads never block.

   TCP: each accepted connection is a connection of the generic server.
   Its bytes are read without blocking into a buffer where a record's
   fragments are joined in place; a record longer than
   IDL_ONC_RECORD_MAX, or one that is not a call we can even answer
   (too short for its xid, a reply), closes the connection.  A request
   that can be answered but not served gets ONC's answer:
   RPC_MISMATCH, AUTH_ERROR (a credential other than AUTH_NONE and
   AUTH_SYS, or a malformed one), PROG_UNAVAIL, PROG_MISMATCH (with the
   version served), PROC_UNAVAIL, GARBAGE_ARGS (arguments the decoder
   refuses), SYSTEM_ERR (the implementation's reply could not be sent:
   IDL_E_BOUNDS, a dispatcher's error); and the connection goes on.
   NULLPROC is answered here too, without the dispatcher.

   UDP: one socket and requests from any peer.  A "connection" here is
   a reader of that socket with the request it took and its sender: as
   many as the server has workers (one without: its implementations are
   serialized anyway), each on a descriptor of its own for the socket
   (dup: a worker's epoll set holds descriptors), all made at the first
   accepts.  A datagram that is not a call is dropped.

   One-way procedures are not answered (onc.c says why).  Credentials:
   an AUTH_SYS credential's uid and gid are what idl_call_peer_uid and
   idl_call_peer_gid say for that call (a client's claim, which nothing
   checks: ONC RPC over AUTH_SYS authenticates nobody), -1 for
   AUTH_NONE; the pid is always -1.

   rpcbind: the server registers its program and version with the local
   rpcbind, and unregisters when it stops listening (if the
   registration is still its own).  Without rpcbind a server needs a
   fixed port (its clients must name it); one on an ephemeral port
   that no rpcbind could register is IDL_E_CONNECT.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "onc-server.h"


/* Reading.  */

/* Close a TCP connection we give up on (a hostile or unusable peer):
   both directions, so that the peer sees it and the server's own wait
   (poll, or a worker's epoll) sees a hang-up and ends the connection.
   A UDP "connection" drops the datagram and serves on.  */
static void
give_up (struct idl_conn *c, struct onc_conn *s)
{
  if (s->udp || s->broken)
    return;
  s->broken = 1;
  shutdown (c->fd, SHUT_RDWR);
}

/* Read what C's descriptor has without blocking: a TCP connection's
   bytes, joined into records (onc-net.c), or one datagram if S has
   none.  */
static void
fill (struct idl_conn *c, struct onc_conn *s)
{
  if (!s->udp)
    {
      idl_onc_rec_read (&s->r, c->fd);
      if (s->r.bad)
	give_up (c, s);
      return;
    }
  if (s->have)
    return;
  ssize_t n;
  do
    {
      s->peerlen = sizeof s->peer;
      n = recvfrom (c->fd, s->dgram, DGRAM_BUF, MSG_DONTWAIT | MSG_TRUNC,
		    (struct sockaddr *) &s->peer, &s->peerlen);
    }
  while (n < 0 && errno == EINTR);
  if (n >= 0 && n <= DGRAM_BUF)
    {
      s->dlen = (size_t) n;
      s->have = 1;
    }
}

static int
ready (const struct onc_conn *s)
{
  return s->udp ? s->have : s->r.complete && s->out_len == 0;
}

/* The record (or datagram) just served is out: look at what follows.  */
static void
consume (struct idl_conn *c, struct onc_conn *s)
{
  if (s->udp)
    {
      s->have = 0;
      return;
    }
  idl_onc_rec_next (&s->r, c->fd);
  if (s->r.bad)
    give_up (c, s);
}

/* A request.  */

/* The uid and gid of an AUTH_SYS credential's body P (N bytes, RFC 5531
   appendix A: stamp, machine name of at most 255 bytes, uid, gid, at
   most 16 groups); nonzero if it is one.  The checks of libtirpc's
   xdr_authunix_parms (bytes after the groups are ignored), read here rather
   than by it: it decodes the machine name's padding into a buffer
   every thread shares (onc-xdr.c, stream_opaque).  */
static int
authsys_ids (const uint8_t *p, size_t n, uid_t *uid, gid_t *gid)
{
  uint32_t v[4];
  size_t at = 4;		/* the stamp, unused */

  if (n < at + 4)
    return 0;
  memcpy (&v[0], p + at, 4);
  uint32_t name = ntohl (v[0]);
  if (name > MAX_MACHINE_NAME)
    return 0;
  at += 4 + ((name + 3) & ~3u);
  if (n < at + 12)
    return 0;
  memcpy (v + 1, p + at, 12);
  uint32_t ngids = ntohl (v[3]);
  if (ngids > NGRPS || n < at + 12 + 4 * (size_t) ngids)
    return 0;
  *uid = (uid_t) ntohl (v[1]);
  *gid = (gid_t) ntohl (v[2]);
  return 1;
}

/* Decode the call in P (N bytes) for C: its header, credential,
   numbers and arguments, the arguments into c->msg.  IDL_OK for one
   the dispatcher serves (RQ filled), else IDL_E_BADMSG with S's answer
   set.  */
static int
decode_call (struct idl_conn *c, struct onc_conn *s, uint8_t *p, size_t n,
	     struct idl_request *rq)
{
  struct onc_server *sv = c->srv->tstate;
  uint32_t dir, rpcvers, prog, vers, proc;
  char credbuf[MAX_AUTH_BYTES], verfbuf[MAX_AUTH_BYTES];
  struct opaque_auth cred = { 0, credbuf, 0 }, verf = { 0, verfbuf, 0 };
  XDR x;

  s->answer = ANSWER_NONE;
  xdrmem_create (&x, (char *) p, (u_int) n, XDR_DECODE);
  if (!xdr_u_int32_t (&x, &s->xid) || !xdr_u_int32_t (&x, &dir)
      || dir != CALL || !xdr_u_int32_t (&x, &rpcvers))
    {
      /* Not a call we could answer.  */
      give_up (c, s);
      return IDL_E_BADMSG;
    }
  if (rpcvers != RPC_MSG_VERSION)
    {
      s->answer = ANSWER_RPC_MISMATCH;
      return IDL_E_BADMSG;
    }
  if (!xdr_u_int32_t (&x, &prog) || !xdr_u_int32_t (&x, &vers)
      || !xdr_u_int32_t (&x, &proc))
    {
      s->answer = ANSWER_GARBAGE_ARGS;
      return IDL_E_BADMSG;
    }
  /* A credential or verifier over MAX_AUTH_BYTES fails to decode.  */
  if (!xdr_opaque_auth (&x, &cred) || !xdr_opaque_auth (&x, &verf))
    {
      s->answer = ANSWER_AUTH_BADCRED;
      return IDL_E_BADMSG;
    }
  c->call.pid = -1;
  c->call.uid = (uid_t) -1;
  c->call.gid = (gid_t) -1;
  if (cred.oa_flavor == AUTH_SYS)
    {
      if (!authsys_ids ((const uint8_t *) cred.oa_base, cred.oa_length,
			&c->call.uid, &c->call.gid))
	{
	  s->answer = ANSWER_AUTH_BADCRED;
	  return IDL_E_BADMSG;
	}
    }
  else if (cred.oa_flavor != AUTH_NONE)
    {
      s->answer = ANSWER_AUTH_REJECTED;
      return IDL_E_BADMSG;
    }
  if (prog != sv->prog)
    s->answer = ANSWER_PROG_UNAVAIL;
  else if (vers != sv->vers)
    s->answer = ANSWER_PROG_MISMATCH;
  else if (proc == NULLPROC)
    s->answer = ANSWER_VOID;
  if (s->answer != ANSWER_NONE)
    return IDL_E_BADMSG;

  size_t k = 0;
  const uint32_t *table = c->srv->iface.onc;
  const uint32_t *op = idl_onc_lookup (table, proc, &k);
  if (!op || (op[0] & IDL_XT_OP_UNSUPPORTED))
    {
      s->answer = ANSWER_PROC_UNAVAIL;
      return IDL_E_BADMSG;
    }
  int oneway = (op[0] & IDL_XT_OP_ONEWAY) != 0;
  /* The message's codec straight on the stream, or the entry point.
     c->msg's descriptor slots and counts are as idl_conn_alloc_msg
     left them: only operations with descriptors write them, and those
     cannot cross machines (idlrt-xdr.h).  */
  s->pr = sv->procs + 4 * k;
  s->m.words = c->msg;
  s->m.op = op;
  if (!((bool_t (*) (XDR *, void *)) s->pr[1]) (&x, &s->m))
    {
      s->m.err = IDL_OK;
      /* Nobody waits for a one-way procedure's answer.  */
      s->answer = oneway ? ANSWER_NONE : ANSWER_GARBAGE_ARGS;
      rq->oneway = oneway;
      return IDL_E_BADMSG;
    }
  if (op[0] & IDL_XT_OP_REQREF)
    memcpy (s->req, c->msg,
	    (1 + (c->msg[0] & IDL_TAG_COUNT_MASK)) * sizeof (uint64_t));
  s->answer = oneway ? ANSWER_NONE : ANSWER_DISPATCH;
  rq->tag = c->msg[0];
  rq->len = (uint32_t) c->msg[IDL_MSG_REQ_LEN];
  rq->seq = s->xid;
  rq->oneway = oneway;
  return IDL_OK;
}

/* Reply.  */

/* Encode ANSWER to S's request in S->out after its record mark; the
   XDR's length, or 0 if it does not fit.  */
static size_t
encode_answer (struct idl_conn *c, struct onc_conn *s, enum answer answer,
	       struct idl_onc_msg *m)
{
  struct onc_server *sv = c->srv->tstate;
  struct rpc_msg r;
  XDR x;

  memset (&r, 0, sizeof r);
  r.rm_xid = s->xid;
  r.rm_direction = REPLY;
  if (answer >= ANSWER_RPC_MISMATCH)
    {
      r.rm_reply.rp_stat = MSG_DENIED;
      if (answer == ANSWER_RPC_MISMATCH)
	{
	  r.rjcted_rply.rj_stat = RPC_MISMATCH;
	  r.rjcted_rply.rj_vers.low = RPC_MSG_VERSION;
	  r.rjcted_rply.rj_vers.high = RPC_MSG_VERSION;
	}
      else
	{
	  r.rjcted_rply.rj_stat = AUTH_ERROR;
	  r.rjcted_rply.rj_why = answer == ANSWER_AUTH_BADCRED
				 ? AUTH_BADCRED : AUTH_REJECTEDCRED;
	}
    }
  else
    {
      r.rm_reply.rp_stat = MSG_ACCEPTED;
      r.acpted_rply.ar_verf = _null_auth;
      r.acpted_rply.ar_results.where = NULL;
      r.acpted_rply.ar_results.proc = IDL_XDRPROC (xdr_void);
      switch (answer)
	{
	case ANSWER_DISPATCH:
	  r.acpted_rply.ar_stat = SUCCESS;
	  r.acpted_rply.ar_results.where = (caddr_t) m;
	  r.acpted_rply.ar_results.proc = s->pr[2];
	  break;
	case ANSWER_VOID:
	  r.acpted_rply.ar_stat = SUCCESS;
	  break;
	case ANSWER_PROG_UNAVAIL:
	  r.acpted_rply.ar_stat = PROG_UNAVAIL;
	  break;
	case ANSWER_PROG_MISMATCH:
	  r.acpted_rply.ar_stat = PROG_MISMATCH;
	  r.acpted_rply.ar_vers.low = sv->vers;
	  r.acpted_rply.ar_vers.high = sv->vers;
	  break;
	case ANSWER_PROC_UNAVAIL:
	  r.acpted_rply.ar_stat = PROC_UNAVAIL;
	  break;
	case ANSWER_GARBAGE_ARGS:
	  r.acpted_rply.ar_stat = GARBAGE_ARGS;
	  break;
	default:
	  r.acpted_rply.ar_stat = SYSTEM_ERR;
	}
    }
  xdrmem_create (&x, (char *) s->out + 4, (u_int) (s->out_cap - 4),
		 XDR_ENCODE);
  if (!xdr_replymsg (&x, &r))
    return 0;
  return xdr_getpos (&x);
}

/* Send what is left of S's reply: 1 once it is all out, 0 if the
   socket has no room for the rest now, -1 if the client has gone.  */
static int
send_rest (struct idl_conn *c, struct onc_conn *s)
{
  while (s->sent < s->out_len)
    {
      ssize_t w = send (c->fd, s->out + s->sent, s->out_len - s->sent,
			MSG_DONTWAIT | MSG_NOSIGNAL);
      if (w > 0)
	s->sent += (size_t) w;
      else if (w < 0 && errno == EAGAIN)
	return 0;
      else if (!(w < 0 && errno == EINTR))
	return -1;
    }
  s->out_len = s->sent = 0;
  return 1;
}

/* Send the N bytes at S->out, from its record mark (TCP) or after it
   (UDP); a TCP client that does not take them within SEND_TIMEOUT_MS,
   or has gone, loses its connection.  A client that does not read its
   replies holds up nobody else meanwhile: a connection's own thread
   waits for it without the lock that serializes the server's
   implementations (server.c, dispatch); a worker, which serves other
   connections, does not wait at all but sends the rest from idle when
   the socket has room (idl_worker_watch_out).  */
static void
send_answer (struct idl_conn *c, struct onc_conn *s, size_t n)
{
  if (s->udp)
    {
      /* Lost like any datagram if the socket's buffer is full.  */
      sendto (c->fd, s->out + 4, n, MSG_DONTWAIT | MSG_NOSIGNAL,
	      (struct sockaddr *) &s->peer, s->peerlen);
      return;
    }
  uint32_t mark = htonl (0x80000000u | (uint32_t) n);
  memcpy (s->out, &mark, 4);
  s->out_len = n + 4;
  s->sent = 0;
  int r = send_rest (c, s);
  int64_t deadline = 0;
  if (r == 0)
    {
      deadline = idl_now_ns () + SEND_TIMEOUT_MS * 1000000L;
      if (c->worker)
	{
	  s->send_deadline = deadline;
	  if (idl_worker_watch_out (c, 1, deadline) == 0)
	    return;
	  r = -1;
	}
      else
	idl_release_dispatch (c);
    }
  while (r == 0)
    {
      struct pollfd p[2] = { { c->fd, POLLOUT, 0 },
			     { c->srv->stop_fd, POLLIN, 0 } };
      int64_t left = (deadline - idl_now_ns ()) / 1000000;
      int k = left > 0 ? poll (p, 2, (int) left) : 0;
      if (k < 0 && errno == EINTR)
	continue;
      if (k <= 0 || p[1].revents || (p[0].revents & (POLLERR | POLLHUP)))
	r = -1;
      else
	r = send_rest (c, s);
    }
  if (r < 0)
    {
      s->out_len = s->sent = 0;
      give_up (c, s);
    }
}

/* Make S->out at least CAP bytes; nonzero if it is.  */
static int
out_room (struct onc_conn *s, size_t cap)
{
  if (s->out_cap >= cap)
    return 1;
  uint8_t *p = realloc (s->out, cap);
  if (!p)
    return 0;
  s->out = p;
  s->out_cap = cap;
  return 1;
}

/* The connection's operations.  */

static int
onc_conn_open (struct idl_conn *c, int wait)
{
  (void) c;
  (void) wait;
  return IDL_OK;		/* no handshake: open since accept */
}

static int
onc_conn_ready (struct idl_conn *c)
{
  return ready (c->tstate);
}

static uint64_t
onc_conn_spin (struct idl_conn *c)
{
  (void) c;
  return 0;			/* the peer is a network away */
}

static int
onc_conn_wait (struct idl_conn *c, uint64_t spin)
{
  struct onc_conn *s = c->tstate;
  idl_server_t *srv = c->srv;

  (void) spin;
  for (;;)
    {
      if (ready (s))
	return IDL_CONN_READY;
      if (s->broken || s->r.eof)
	return IDL_CONN_GONE;
      if (__atomic_load_n (&srv->stopping, __ATOMIC_ACQUIRE))
	return IDL_CONN_STOPPED;
      struct pollfd p[2] = { { c->fd, POLLIN, 0 },
			     { srv->stop_fd, POLLIN, 0 } };
      int r = poll (p, 2, (int) (IDL_SERVER_SLICE_NS / 1000000));
      if (r < 0 && errno != EINTR)
	return IDL_CONN_GONE;
      if (r == 0)
	return IDL_CONN_SLICE;
      if (r > 0 && p[1].revents)
	return IDL_CONN_STOPPED;
      if (r > 0 && p[0].revents)
	fill (c, s);
    }
}

static int
onc_conn_sleep (struct idl_conn *c, int on)
{
  return on && onc_conn_ready (c);
}

static int64_t
onc_conn_idle (struct idl_conn *c, int64_t now)
{
  struct onc_conn *s = c->tstate;

  if (s->out_len != 0)
    {
      /* A worker's reply the client had no room for (send_answer):
	 room now, or its deadline.  */
      int r = send_rest (c, s);
      if (r == 0 && now < s->send_deadline)
	return s->send_deadline;
      idl_worker_watch_out (c, 0, 0);
      if (r != 1)
	{
	  s->out_len = s->sent = 0;
	  give_up (c, s);
	  return 0;
	}
    }
  fill (c, s);
  return 0;
}

static int
onc_conn_receive (struct idl_conn *c, struct idl_request *rq, int *fds)
{
  struct onc_conn *s = c->tstate;

  (void) fds;
  memset (rq, 0, sizeof *rq);
  int err = s->udp ? decode_call (c, s, s->dgram, s->dlen, rq)
		   : decode_call (c, s, s->r.in + s->r.rec, s->r.rec_len, rq);
  consume (c, s);
  return err;
}

static void
onc_conn_reply (struct idl_conn *c, const struct idl_request *rq,
		const int *rfds, uint64_t rtag, const int *fds, unsigned nfds,
		uint32_t len)
{
  struct onc_conn *s = c->tstate;
  enum answer answer = s->answer;

  (void) len;
  /* Nothing comes or goes with a request here; a dispatcher's
     descriptors are closed, and its reply is an error (server.c closes
     a one-way request's own).  */
  idl_close_distinct (rfds, rq->oneway ? 0 : rq->nfds, fds, nfds);
  if (rq->oneway)
    answer = ANSWER_NONE;
  else if (answer == ANSWER_DISPATCH && (rtag & IDL_TAG_ERROR))
    answer = ((rtag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK) == IDL_E_BADMSG
	     ? ANSWER_GARBAGE_ARGS : ANSWER_SYSTEM_ERR;
  else if (answer == ANSWER_DISPATCH && nfds)
    answer = ANSWER_SYSTEM_ERR;
  if (answer != ANSWER_NONE && !s->broken)
    {
      size_t max = s->udp ? IDL_ONC_DGRAM_MAX + 4 : IDL_ONC_RECORD_MAX + 4;
      struct idl_onc_msg *m = &s->m;
      size_t n = out_room (s, OUT_MIN) ? encode_answer (c, s, answer, m) : 0;
      if (n == 0 && answer == ANSWER_DISPATCH && m->err == IDL_E_NOMEM
	  && out_room (s, max))
	/* A large result: room for the largest.  */
	{
	  m->err = IDL_OK;
	  n = encode_answer (c, s, answer, m);
	}
      if (n == 0 && answer == ANSWER_DISPATCH)
	/* IDL_E_BOUNDS (the implementation's result contradicts its
	   bounds), or a result over one datagram.  */
	n = encode_answer (c, s, ANSWER_SYSTEM_ERR, m);
      m->err = IDL_OK;
      if (n > 0)
	send_answer (c, s, n);
    }
  /* UDP: the next datagram, now that this one's sender is answered
     (edge-triggered, a worker hears of it only if it is new).  */
  if (s->udp)
    fill (c, s);
}

static void
onc_conn_wake (struct idl_conn *c)
{
  /* Every wait polls the server's stop_fd, readable once it stops.  */
  (void) c;
}

static void
onc_conn_close (struct idl_conn *c)
{
  struct onc_conn *s = c->tstate;

  if (c->fd >= 0)
    close (c->fd);
  if (s)
    {
      idl_onc_rec_free (&s->r);
      free (s->dgram);
      free (s->out);
      free (s);
    }
}

const struct idl_conn_ops idl_onc_conn_ops = {
  .open = onc_conn_open,
  .ready = onc_conn_ready,
  .spin = onc_conn_spin,
  .wait = onc_conn_wait,
  .sleep = onc_conn_sleep,
  .idle = onc_conn_idle,
  .receive = onc_conn_receive,
  .reply = onc_conn_reply,
  .serve = idl_serve_request,
  .wake = onc_conn_wake,
  .close = onc_conn_close
};
