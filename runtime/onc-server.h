/* onc-server.h -- the ONC RPC server's state, shared by
   onc-server.c (records in, replies out) and onc-listen.c (listening,
   accepting).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Internal to libidlrt (onc.h lists the transport's files).  */

#ifndef IDL_ONC_SERVER_H
#define IDL_ONC_SERVER_H

#include <netinet/in.h>
#include "onc.h"
#include "server-internal.h"

/* A server's state (srv->tstate).  */
struct onc_server
{
  int udp;
  int sock;			/* TCP: listening (srv->listen_fd); UDP: the
				   socket; -1 once unlistened */
  unsigned made;		/* UDP: readers made (accept) */
  int registered;		/* with rpcbind */
  uint32_t prog, vers;
  struct sockaddr_storage addr;	/* as bound */
  socklen_t addrlen;
  xdrproc_t *procs;		/* every operation's (idl_onc_procs) */
};

/* What reply sends for a request.  */
enum answer
{
  ANSWER_NONE,			/* nothing: one-way, or dropped */
  ANSWER_DISPATCH,		/* the dispatcher's reply */
  ANSWER_VOID,			/* SUCCESS, no result: NULLPROC */
  ANSWER_PROG_UNAVAIL,
  ANSWER_PROG_MISMATCH,
  ANSWER_PROC_UNAVAIL,
  ANSWER_GARBAGE_ARGS,
  ANSWER_SYSTEM_ERR,
  ANSWER_RPC_MISMATCH,		/* denied: RPC version */
  ANSWER_AUTH_BADCRED,		/* denied: a malformed credential */
  ANSWER_AUTH_REJECTED		/* denied: a flavor we do not take */
};

/* A connection's state (c->tstate).  */
struct onc_conn
{
  int udp;
  struct idl_onc_rec r;		/* TCP: the records read */
  uint8_t *dgram;		/* UDP: a datagram, DLEN bytes, when HAVE */
  size_t dlen;
  int have;
  int broken;			/* TCP: we close (a hostile peer) */
  struct sockaddr_storage peer;	/* UDP: the request's sender */
  socklen_t peerlen;
  /* The request being served.  */
  uint32_t xid;
  enum answer answer;
  uint64_t req[IDL_MR_WORDS];	/* its tag and words, for a reply's
				   program that reads them (the
				   dispatcher overwrites them in
				   c->msg) */
  struct idl_onc_msg m;		/* its conversions' (onc-xdr.h) */
  const xdrproc_t *pr;		/* and their xdrproc_t's */
  uint8_t *out;			/* a reply: record mark, then XDR */
  size_t out_cap;
  /* TCP: a reply being sent, OUT_LEN bytes from its record mark, SENT
     of them out; OUT_LEN is 0 when none is.  A worker's connection
     whose client does not take a reply at once finishes it by
     SEND_DEADLINE, from idle, and takes no request meanwhile.  */
  size_t out_len, sent;
  int64_t send_deadline;
};

#define OUT_MIN 8192
/* How long a reply may wait for a client that does not read.  */
#define SEND_TIMEOUT_MS 10000
/* A datagram's buffer: one longer than any request is no request.  */
#define DGRAM_BUF 65536

#endif /* IDL_ONC_SERVER_H */
