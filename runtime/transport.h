/* transport.h -- the one interface between libidlrt and a transport.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Internal to libidlrt.  A transport carries requests from a binding to
   a server and replies back.  A binding picks one at idl_connect, a
   server at idl_server_create, by the name's form (transport.c, the one
   place that maps names to transports); the stubs never know which:
   their ABI (idlrt-abi.h, idlrt.h's idl_call_* entry points) is the one
   seam they see (DESIGN.md, "Transports").  Three transports implement
   this table:

     idl_page_transport        page.c, page-server.c: a shared page of
                               message registers and a futex to another
                               process on this host ("/path", "@name");
     idl_colocated_transport   colocate.c: a server of the caller's own
                               process, called in the calling thread
                               (paper 001); client side only;
     idl_onc_transport         onc.c, onc-server.c, onc-net.c: ONC RPC
                               over libtirpc to another machine
                               ("onc+tcp://host:port", "onc+udp://...").

   The fast path does not go through this table.  call.c's entry points
   write the shared page inline when the binding's flags are 0; a
   binding of any other transport has IDL_BF_TABLE set, which sends
   every call down the slow path those entry points already have, and
   from there to the table.  On the server, the generic loops
   (server-threads.c, server-workers.c) and the request path (server.c)
   are written once against struct idl_conn_ops and instantiated twice:
   with the page's operations, which page-server.h defines inline so
   that GCC folds the table's loads into direct calls and inlines them
   (the page's requests cost what they cost before there was a table),
   and with the connection's own table for any other transport.

   A transport adds a file with its table, the table's declaration
   below and its names in transport.c, and nothing else: no other
   transport and no generic file changes.  HACKING ("Adding a
   transport") says how, step by step.

   What every transport owes (the contract each operation's comment
   details):
   - errors are IDL_E_* codes (idlrt.h); a call that fails returns
     idl_error_tag (code) and has recorded CODE in the binding's error;
   - peer death: a server that has gone is IDL_E_PEER_DIED, for that
     call and every later one on the binding, never a hang; a client
     that has gone makes its connection's wait return IDL_CONN_GONE
     and its descriptor hang up (EPOLLHUP, EPOLLRDHUP), which ends the
     connection and nothing else;
   - deadlines: a binding's timeout (b->timeout_ns, or with IDL_BF_NEXT
     b->next_timeout_ns for one call, which the call clears) bounds
     each call and send; IDL_E_TIMEOUT when it passes (a transport that
     cannot be late, as the co-located one, ignores them);
   - one-way requests (IDL_TAG_ONEWAY) are posted and not answered:
     send returns 0 once the request is on its way;
   - descriptors travel beside a message when the transport can carry
     them, and a request that has some fails with IDL_E_INVAL where it
     cannot;
   - peer credentials: a server's accept fills the connection's call
     context (idl_call_peer_pid/uid/gid) with what the kernel says of
     the peer, or -1 where nobody can say without trusting the peer;
   - worker threads: the generic server runs a transport's connections
     in either mode (idl_server_set_workers) with no more from the
     transport than this table: a connection's operations are called
     by one thread at a time (its own, or the worker that owns it), but
     wake, which a stopping server calls from another;
   - event loops: every server operation except wait and a waiting
     open returns without blocking, and everything a connection waits
     for makes its descriptor (c->fd) readable, so that a server can
     live in one thread's epoll set (server-workers.c does, and hands
     that set to the program's own loop with idl_server_fd and
     idl_server_serve_ready).  */

#ifndef IDL_TRANSPORT_H
#define IDL_TRANSPORT_H

#include <stdint.h>
#include "idlrt.h"

struct idl_conn;

/* What a connection's receive hands the server about one request.
   The transport reads the header once (a peer may change shared memory
   while the server looks: the no-double-fetch rule, DESIGN.md) and
   says where the rest is; server.c then checks the tag and copies the
   words and payload once into the connection's private message
   (idl_msg_request), and from there on only that copy counts.  */
struct idl_request
{
  uint64_t tag;			/* the request's tag, as read once */
  /* TAG's count of words, each to be read once (it may be shared
     memory), or NULL when they are in the private message already.  */
  const uint64_t *words;
  /* LEN payload bytes, to be copied once, or NULL when they are in
     place already (the private message's request payload).  */
  const void *payload;
  uint32_t len;			/* at most IDL_PAYLOAD_MAX once received */
  uint32_t seq;			/* the transport's own: its reply's */
  unsigned nfds;		/* descriptors received, in receive's FDS */
  int oneway;			/* TAG has IDL_TAG_ONEWAY */
};

/* What a connection's wait and open return besides IDL_OK.  */
#define IDL_CONN_READY 1	/* a request is ready (IDL_PAGE_REQUEST) */
#define IDL_CONN_GONE (-1)	/* the peer has gone */
#define IDL_CONN_STOPPED (-2)	/* the server is stopping */
#define IDL_CONN_SLICE (-3)	/* nothing yet: look after the connection
				   (idle), then wait again */
#define IDL_CONN_AGAIN (-4)	/* open: not done, call again once the
				   connection's descriptor is readable */

/* What a binding's connect returns when NAME is not for it: selection
   goes on with the next transport.  */
#define IDL_DECLINED (-1)

/* A server's connection, seen from the generic server code
   (server-internal.h has struct idl_conn).  All but wait and open with
   WAIT set return at once.  */
struct idl_conn_ops
{
  /* Set C up for serving, on the thread that will serve it, whose sole
     CPU (or -1) is in c->cpu: the page's handshake.  WAIT: block until
     it is done or failed, at most the handshake's timeout, giving up
     at once if the server stops (its stop_fd becomes readable).  Not
     WAIT: return IDL_CONN_AGAIN if the peer has not said enough yet.
     IDL_OK when C can be served, another value when it cannot (the
     server then closes it).  */
  int (*open) (struct idl_conn *c, int wait);

  /* Nonzero if a request is ready for receive.  Cheap: worker threads
     and a connection's thread call it while they spin.  */
  int (*ready) (struct idl_conn *c);

  /* How long to poll ready before sleeping, in ticks of idl_ticks
     (page.h, a spin budget): 0 when spinning cannot help (the peer
     cannot answer before we sleep).  */
  uint64_t (*spin) (struct idl_conn *c);

  /* A connection's thread (thread per connection): wait for the next
     request, polling ready for SPIN ticks first, then sleeping at most
     one slice.  Returns IDL_CONN_READY, IDL_CONN_SLICE, IDL_CONN_GONE
     or IDL_CONN_STOPPED (the server's stopping flag is set).  */
  int (*wait) (struct idl_conn *c, uint64_t spin);

  /* A worker about to sleep in epoll_wait on C's descriptor (ON), or
     awake again (not ON): tell the peer, if it must wake us some other
     way then, and with ON return nonzero if a request came meanwhile
     (then the worker does not sleep).  */
  int (*sleep) (struct idl_conn *c, int on);

  /* Housekeeping of an open connection: C's descriptor became readable
     with no request ready, or its last idle's deadline came, or (thread
     per connection) a sleep slice ended.  NOW is CLOCK_MONOTONIC in ns.
     Returns when to call it again if nothing happens, or 0.  */
  int64_t (*idle) (struct idl_conn *c, int64_t now);

  /* Take the ready request: fill *RQ (struct idl_request), with the
     descriptors that came with it in FDS[0..RQ->nfds-1] (at most
     IDL_MAX_FDS; lent to the server until its reply).  For a one-way
     request the peer may go on once reply has been called (server.c
     calls it before dispatching).  IDL_OK, or IDL_E_BADMSG for a
     request that cannot be served (a length or count out of range,
     descriptors that did not come); then RQ->nfds is 0 and nothing
     but reply's error follows.  */
  int (*receive) (struct idl_conn *c, struct idl_request *rq, int *fds);

  /* Answer RQ with RTAG, checked by server.c: an error tag (no words,
     no payload), or a reply tag whose words are in the private message
     c->msg[1..] and whose LEN payload bytes are at IDL_MSG_REPLY_PAYLOAD
     there (LEN at most IDL_PAYLOAD_MAX).  FDS[0..NFDS-1] (NFDS at most
     IDL_MAX_FDS) are the reply's descriptors, handed over: sent with a
     reply tag (if they cannot be, the answer becomes IDL_E_PROTO for
     one that is not a descriptor, else IDL_E_NOMEM), and closed in any
     case, with the request's own (RFDS[0..RQ->nfds-1]), by
     idl_close_distinct, before the peer can see the answer: a client
     holding its reply knows the server holds nothing of the call.  For
     a one-way request (server.c calls it before dispatching, RTAG
     IDL_TAG_ONEWAY, or an error tag for one it rejects) only let the
     peer go on; server.c closes that request's descriptors itself.  */
  void (*reply) (struct idl_conn *c, const struct idl_request *rq,
		 const int *rfds, uint64_t rtag, const int *fds,
		 unsigned nfds, uint32_t len);

  /* Serve the ready request: receive, dispatch, reply.  server.c's
     idl_serve_request does it with this table's receive and reply; a
     transport may give an instance with its own inlined instead
     (the page's is idl_serve_page).  */
  void (*serve) (struct idl_conn *c);

  /* Make C's wait return now (the server is stopping).  Called from
     another thread, under the server's conns_lock, at any time after C
     was accepted, before or after open.  */
  void (*wake) (struct idl_conn *c);

  /* Release what accept and open gave C, its descriptor included
     (closing it is what tells the peer).  */
  void (*close) (struct idl_conn *c);

  /* Turn accepted connection C away with CODE (IDL_E_REFUSED: access
     control; IDL_E_BUSY: a limit) before it is opened: tell the peer
     why, if the transport can, without blocking, so that its connect
     fails with CODE and not a bare hang-up.  The acceptor calls it
     and then close.  NULL: close alone tells the peer.  */
  void (*refuse) (struct idl_conn *c, int code);
};

/* A transport.  A binding holds it in b->transport and its own state
   for the binding in b->tstate; a server in srv->transport and
   srv->tstate; a connection in c->tstate (the page keeps its state for
   bindings and connections inline instead: its fast path reads it
   without a hop).  */
struct idl_transport
{
  const char *name;		/* for diagnostics: "page", "co-located" */

  /* Client side; NULL for a transport that only serves.  */

  /* Make B (zeroed, its descriptor array -1) a binding to the server
     called NAME for IFACE: the transport's state, b->mr and b->payload
     (where a reply's words and payload will be: the stubs read them
     there), and IDL_BF_TABLE in b->flags unless its calls are call.c's
     inline page path.  IDL_OK, an IDL_E_* code (nothing held then), or
     IDL_DECLINED when NAME is not for this transport.

     B->require, when not NULL, is what the client requires of the
     server's identity (idlrt.h, idl_connect_opts_t): a transport that
     sets server_identity below checks it from what the kernel says of
     the server before it sends anything, and fails with
     IDL_E_SERVER_ID if the server is someone else; for any other
     transport idl_transport_connect fails with IDL_E_SERVER_ID instead
     of calling connect.  A server that turns the client away at once
     (idl_conn_ops.refuse) is IDL_E_REFUSED or IDL_E_BUSY here.  */
  int (*connect) (idl_binding_t *b, const char *name,
		  const idl_interface_t *iface);

  /* Nonzero if connect checks b->require (above).  */
  int server_identity;

  /* idl_request_payload: where the next request's payload goes (at
     most IDL_PAYLOAD_MAX bytes), or NULL with the error recorded (a
     dead peer, a deadline that passed while the place was busy).  */
  void *(*request_payload) (idl_binding_t *b);

  /* A call (as idl_call_x): TAG and its count of WORDS, PAYLOAD_LEN
     bytes at request_payload's place, FDS[0..NFDS-1] (the caller keeps
     its own).  First close what the last reply's descriptors left in
     b->fds (the stub took the ones it wanted).  Returns the reply's tag
     with its words at b->mr[1..], its payload at b->payload and its
     descriptors in b->fds (IDL_BF_FDS set), b->error IDL_OK; or an
     error tag, the code recorded.  A reply's tag is not checked
     against the request: the stub does that.  */
  uint64_t (*call) (idl_binding_t *b, uint64_t tag, const uint64_t *words,
		    uint64_t payload_len, const int *fds, uint64_t nfds);

  /* A one-way request (as idl_send_x; call.c has set IDL_TAG_ONEWAY in
     TAG, so a transport may give call here and tell by the tag): 0
     once it is posted, or an error tag.  */
  uint64_t (*send) (idl_binding_t *b, uint64_t tag, const uint64_t *words,
		    uint64_t payload_len, const int *fds, uint64_t nfds);

  /* Release the binding's transport state (idl_close has closed its
     descriptors and frees B itself).  */
  void (*close) (idl_binding_t *b);

  /* idl_null: whether the server is there, as cheaply as the transport
     can tell (ONC RPC: a call of procedure 0, within the call's
     deadline; the page: a look at the socket for a hang-up).  IDL_OK or
     an IDL_E_* code (idl_null records it); IDL_E_PEER_DIED marks the
     binding dead as a call would.  */
  int (*ping) (idl_binding_t *b);

  /* Have B's waits woken when its peer hangs up, so that they may sleep
     without a timer (the page: watch.c): 0, or -1 if that cannot be
     had.  NULL for a transport whose calls never reach call.c's
     waits.  */
  int (*watch) (idl_binding_t *b);

  /* Server side; NULL for a transport that cannot serve.  */

  /* Take NAME for SRV and listen: clients may connect once this
     returns.  Sets srv->listen_fd to a descriptor that is readable when
     accept has something to take (non-blocking), and srv->tstate.
     IDL_OK or IDL_E_* (NAME taken: IDL_E_CONNECT).  */
  int (*listen) (idl_server_t *srv, const char *name);

  /* Take one waiting connection into C (zeroed but for c->srv and a
     call context with unknown credentials): its descriptor c->fd and
     its peer's credentials, and if idl_server_wants_groups (srv), its
     supplementary groups (c->groups, malloc'd, and c->ngroups), which
     admission reads (server-admit.c).  Never blocks.  0, or -1 with errno:
     EAGAIN when none waits, EINTR or ECONNABORTED to try again, any
     other when the connection must wait (EMFILE).  A transport whose
     connections have nothing to open (no handshake) sets c->open: the
     connection is served from the start, and not dropped for staying
     quiet past the handshake's deadline.  */
  int (*accept) (idl_server_t *srv, struct idl_conn *c);

  /* Stop listening: new clients are refused from now on; srv->listen_fd
     becomes -1.  Idempotent.  */
  void (*unlisten) (idl_server_t *srv);

  /* idl_server_destroy: unlisten if still listening, give the name
     back, free srv->tstate.  */
  void (*destroy) (idl_server_t *srv);

  /* The server's connections.  */
  const struct idl_conn_ops *conn;
};

/* binding flag (internal.h): calls go through b->transport.  */

/* The transports (page.c, colocate.c, onc.c).  */
extern const struct idl_transport idl_page_transport
  __attribute__ ((__visibility__ ("hidden")));
extern const struct idl_transport idl_colocated_transport
  __attribute__ ((__visibility__ ("hidden")));
extern const struct idl_transport idl_onc_transport
  __attribute__ ((__visibility__ ("hidden")));

/* Selection (transport.c).  Connect B to NAME with the first transport
   that takes it (co-location first, unless IDL_COLOCATE=0; then by the
   name's form), to a server that meets REQUIRE (NULL: any; see
   connect).  IDL_OK or an IDL_E_* code.  */
int idl_transport_connect (idl_binding_t *b, const char *name,
			   const idl_interface_t *iface,
			   const idl_connect_opts_t *require)
  __attribute__ ((__visibility__ ("hidden")));

/* How long the handshake of this thread's next page connect may wait
   for the server: 0 for IDL_HANDSHAKE_TIMEOUT_MS (idl_connect's wait),
   else nanoseconds, or -1 for as long as it takes.  channel.c sets it
   while it connects a thread's channel inside a call, to that call's
   deadline: a server in a program's loop answers a handshake only
   between implementations, and a call may wait for one as long as it
   may wait for its reply.  While set, a handshake that runs out of
   time is IDL_E_TIMEOUT rather than IDL_E_CONNECT.  */
extern __thread int64_t idl_handshake_wait_ns
  __attribute__ ((__visibility__ ("hidden")));

/* The transport that serves NAME, by its form, or NULL if none can.  */
const struct idl_transport *idl_transport_for_server (const char *name)
  __attribute__ ((__visibility__ ("hidden")));

#endif /* IDL_TRANSPORT_H */
