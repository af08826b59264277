/* onc.h -- the ONC RPC transport's parts, and what they share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Internal to libidlrt.  idl_onc_transport (transport.h) carries calls
   to another machine as ONC RPC (RFC 5531) with XDR (RFC 4506) over
   libtirpc, exactly as rpcgen's peers talk (DESIGN.md, "Transports and
   calls between machines"):

     onc.c          the client: connecting a binding, calls, one-way
                    sends, idl_null; and the transport's table
     onc-server.c   the server: records in and replies out, for TCP
                    connections and UDP sockets (onc-server.h)
     onc-listen.c   the server: listening, accepting
     onc-net.c      what both share: names, addresses, sockets,
                    rpcbind (a lookup, a registration)
     onc-xdr.c      the codecs (onc-xdr.h): a message to XDR and back

   Names.  "onc+tcp://HOST[:PORT]" and "onc+udp://HOST[:PORT]", HOST an
   IPv4 literal, an IPv6 literal in brackets or a host name; a server's
   HOST may be empty (every address).  A client without a port asks
   HOST's rpcbind; a server without one (or with port 0) takes an
   ephemeral port and must register it with the local rpcbind.  */

#ifndef IDL_ONC_H
#define IDL_ONC_H

#include <signal.h>
#include <stdint.h>
#include <sys/socket.h>
#include "internal.h"
#include "onc-xdr.h"

/* An XDR routine as libtirpc's calls take it (xdr_void is declared
   without parameters: through void (*) (void), GCC's way of saying the
   cast is meant).  */
#define IDL_XDRPROC(f) ((xdrproc_t) (void (*) (void)) (f))

/* A name, parsed.  */
struct idl_onc_name
{
  int udp;			/* onc+udp:// */
  char host[256];		/* without brackets; "" for none */
  int port;			/* -1 for none */
  int literal6;			/* HOST was bracketed: an IPv6 literal */
};

/* Whether NAME is one of ours (its prefix).  */
int idl_onc_name_p (const char *name) IDL_ONC_HIDDEN;

/* Parse NAME into *N: IDL_OK, or IDL_E_INVAL when it is ours but
   malformed.  */
int idl_onc_parse_name (const char *name, struct idl_onc_name *n)
  IDL_ONC_HIDDEN;

/* How long connecting may take, the rpcbind lookup included, and a
   server's registration.  */
#define IDL_ONC_CONNECT_MS 5000

/* The deadline of a call over UDP without one of its own (rpcgen's
   clients wait as long), and how often it is sent again meanwhile.  */
#define IDL_ONC_UDP_DEFAULT_NS (25L * 1000 * 1000 * 1000)
#define IDL_ONC_UDP_RETRY_MS 1000

/* The longest record (one call or reply, RPC header included) either
   side accepts over TCP: the largest XDR a message of IDL_PAYLOAD_MAX
   bytes can take (an element of a byte or a _Bool widens to 4), its
   words, the RPC header with two credentials of MAX_AUTH_BYTES.  A
   longer record mark is a hostile peer's.  */
#define IDL_ONC_RECORD_MAX (4 * IDL_PAYLOAD_MAX + 16384)

/* Records over a stream (RFC 5531, section 11: each fragment behind a
   4-byte mark, its length and a last-fragment bit), read without
   blocking: IN holds LEN bytes read (CAP allocated, grown up to a
   record and a bit); the record being joined starts at REC, REC_LEN
   bytes of it contiguous there (its fragments' marks dropped as they
   are read); RAW is the first byte not looked at yet, FRAG_LEFT the
   bytes of the current fragment still to come.  Both ends use it: a
   server's connection for calls, a client for replies.  */
struct idl_onc_rec
{
  uint8_t *in;
  size_t cap, len, rec, rec_len, raw;
  uint32_t frag_left;
  int last_frag;		/* the current fragment ends the record */
  int complete;			/* a record is at IN + REC */
  int full;			/* the last read filled IN: more may wait */
  int eof;			/* the peer closed (or reset, or an error) */
  int bad;			/* a record over IDL_ONC_RECORD_MAX */
};

/* Read what FD has without blocking, and join it.  */
void idl_onc_rec_read (struct idl_onc_rec *r, int fd) IDL_ONC_HIDDEN;
/* The complete record is done with: drop it, and look at what follows
   (reading FD again if the last read stopped with IN full).  */
void idl_onc_rec_next (struct idl_onc_rec *r, int fd) IDL_ONC_HIDDEN;
void idl_onc_rec_free (struct idl_onc_rec *r) IDL_ONC_HIDDEN;

/* The largest datagram: one UDP payload, rounded down to XDR units.  */
#define IDL_ONC_DGRAM_MAX 65504

/* Sockets: a stream or datagram socket for ADDR's family, close-on-exec;
   TCP_NODELAY and keepalive on a stream (a call is one write, and a
   host that vanished must end the connection).  -1 with errno.  */
int idl_onc_socket (int family, int udp) IDL_ONC_HIDDEN;
/* The stream options alone, for an accepted socket.  */
void idl_onc_stream_options (int fd) IDL_ONC_HIDDEN;

/* Connect FD to ADDR within TIMEOUT_MS; 0, or -1 with errno.  FD is
   blocking again afterwards.  */
int idl_onc_connect_fd (int fd, const struct sockaddr *addr, socklen_t len,
			int timeout_ms) IDL_ONC_HIDDEN;

/* libtirpc writes to a stream socket with write(2): a peer that reset
   the connection makes it raise SIGPIPE, which kills a program that
   neither ignores nor handles it.  libtirpc blocks every signal during
   a call and restores the caller's mask afterwards, so a SIGPIPE raised
   inside is delivered then.  Around every libtirpc call we block
   SIGPIPE ourselves (*OLD the mask before), so that it stays pending
   through libtirpc's restore, and take it back before unblocking if
   CHECK (the call failed to send) and it is pending; a SIGPIPE blocked
   before is left alone.  Two system calls a call, three when one could
   not send.  */
void idl_onc_block_sigpipe (sigset_t *old) IDL_ONC_HIDDEN;
void idl_onc_unblock_sigpipe (const sigset_t *old, int check)
  IDL_ONC_HIDDEN;

/* rpcbind.  */

/* The port HOST's rpcbind (ADDR, LEN: HOST's address; its port is
   ignored) gives program PROG, version VERS over UDP or TCP; 0 if the
   program is not registered there, -1 if rpcbind did not answer
   within TIMEOUT_MS.  */
int idl_onc_rpcb_port (const struct sockaddr *addr, socklen_t len, int udp,
		       uint32_t prog, uint32_t vers, int timeout_ms)
  IDL_ONC_HIDDEN;

/* Register program PROG, version VERS at the bound address ADDR (UDP
   or TCP) with this host's rpcbind, replacing any registration of
   theirs with its netid; nonzero on success.  */
int idl_onc_rpcb_set (uint32_t prog, uint32_t vers, int udp,
		      const struct sockaddr *addr, socklen_t len)
  IDL_ONC_HIDDEN;

/* Remove that registration if it is still the one ADDR made (another
   server may have registered the program since).  */
void idl_onc_rpcb_unset (uint32_t prog, uint32_t vers, int udp,
			 const struct sockaddr *addr, socklen_t len)
  IDL_ONC_HIDDEN;

/* The server side (onc-server.c), for the transport's table.  */
struct idl_conn;
struct idl_conn_ops;
int idl_onc_listen (idl_server_t *srv, const char *name) IDL_ONC_HIDDEN;
int idl_onc_accept (idl_server_t *srv, struct idl_conn *c) IDL_ONC_HIDDEN;
void idl_onc_unlisten (idl_server_t *srv) IDL_ONC_HIDDEN;
void idl_onc_destroy (idl_server_t *srv) IDL_ONC_HIDDEN;
extern const struct idl_conn_ops idl_onc_conn_ops IDL_ONC_HIDDEN;

#endif /* IDL_ONC_H */
