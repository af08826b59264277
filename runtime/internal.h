/* internal.h -- libidlrt's private types: bindings and the handshake.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Not installed.  The binding is shared by the call path (call.c) and
   connection set-up (client.c); the handshake messages by client.c and
   server.c.  */

#ifndef IDL_INTERNAL_H
#define IDL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "idlrt.h"
#include "page.h"

/* A client's connection.  The first three members are the stub ABI
   (idlrt-abi.h): generated client stubs read reply words as
   ((uint64_t **) b)[0][i], the payload through the pointer at
   IDL_BINDING_PAYLOAD_OFFSET and a reply's descriptors in the array
   at IDL_BINDING_FDS_OFFSET.

   A binding is used by one thread at a time: the reply words, payload
   and descriptors stay where they are until the next call, and the
   stub takes them after idl_call_* returns.  */
struct idl_binding
{
  uint64_t *mr;			/* == page->mr */
  uint8_t *payload;		/* == page->payload */
  int fds[IDL_MAX_FDS];		/* the last reply's descriptors, -1 where
				   none or claimed by the stub */
  /* Co-located with a server that has workers: its table of
     implementations and the context to call them with; else NULL.  */
  const void *const *direct;
  struct idl_call *direct_call;
  struct idl_page *page;	/* the shared page, IDL_PAGE_SIZE bytes */
  int sock;			/* the connection; its hang-up = peer death */
  int error;			/* IDL_E_* of the last call, for idl_error */
  unsigned flags;		/* IDL_BF_*: nonzero sends a call down the
				   slow path, one test for all of them */
  int cpu;			/* idl_sole_cpu () at connect time */
  uint32_t seq;			/* the last request's sequence number */
  int64_t timeout_ns;		/* default deadline of a call, 0: none */
  int64_t next_timeout_ns;	/* the next call's, with IDL_BF_NEXT */
  /* Co-located bindings (IDL_BF_LOCAL) only: no page, no socket; every
     call goes through LOCAL_CALL (server.c, local_call), reached
     through this pointer so that call.o names no symbol outside it.
     REQ_PAYLOAD is where a request's payload goes (PAYLOAD points at
     the reply's after a call).  */
  struct idl_local *local;
  uint64_t (*local_call) (idl_binding_t *b, uint64_t tag,
			  const uint64_t *words, uint64_t payload_len,
			  const int *fds, uint64_t nfds);
  uint8_t *req_payload;
};

/* struct idl_binding's flags.  */
#define IDL_BF_DEAD 1		/* the server has gone: fail at once */
#define IDL_BF_FDS 2		/* FDS may hold a descriptor */
#define IDL_BF_LATE 4		/* a call timed out: its reply, when it
				   comes, is to be discarded */
#define IDL_BF_NEXT 8		/* next_timeout_ns is the next call's */
#define IDL_BF_LOCAL 16		/* co-located: the server is in this
				   process, calls go to local_call */

_Static_assert (offsetof (struct idl_binding, mr) == IDL_BINDING_MR_OFFSET,
		"stubs read the message registers through the binding");
_Static_assert (offsetof (struct idl_binding, payload)
		== IDL_BINDING_PAYLOAD_OFFSET,
		"stubs read and write the payload through the binding");
_Static_assert (offsetof (struct idl_binding, fds) == IDL_BINDING_FDS_OFFSET,
		"stubs take a reply's descriptors from the binding");
_Static_assert (offsetof (struct idl_binding, direct)
		== IDL_BINDING_DIRECT_OFFSET
		&& offsetof (struct idl_binding, direct_call)
		== IDL_BINDING_CALL_OFFSET,
		"stubs find co-located implementations through the binding");

/* The handshake, one SOCK_SEQPACKET message each way.  The client sends
   a hello naming the interface it was compiled against; the server
   answers with a welcome carrying a status and, on IDL_OK, the page's
   memfd as SCM_RIGHTS ancillary data.  Both are in host byte order:
   the peers are on one machine.  */

#define IDL_HELLO_MAGIC 0x49444c48u	/* "IDLH" */
#define IDL_WELCOME_MAGIC 0x49444c57u	/* "IDLW" */

/* Bump when the page layout, the protocol or these messages change.  */
#define IDL_WIRE_VERSION 3

#define IDL_HELLO_NAME_MAX 64

struct idl_hello
{
  uint32_t magic;
  uint32_t wire_version;
  uint32_t iface_id;
  uint32_t iface_version;
  uint64_t signature;
  char iface_name[IDL_HELLO_NAME_MAX];	/* for diagnostics only */
  uint32_t nops;		/* entries of the operation table that
				   follow the hello in the same message */
  uint32_t reserved;
};

/* The most operation-table entries a hello carries.  A client whose
   interface has more sends none, and then only an equal signature
   connects.  */
#define IDL_HELLO_OPS_MAX 1024

/* A hello as received: the fixed part and its table.  */
struct idl_hello_msg
{
  struct idl_hello h;
  uint64_t ops[IDL_HELLO_OPS_MAX];
};

struct idl_welcome
{
  uint32_t magic;
  uint32_t wire_version;
  uint32_t status;		/* IDL_OK or IDL_E_* */
  uint32_t reserved;
  uint64_t page_size;		/* IDL_PAGE_SIZE */
};

_Static_assert (sizeof (struct idl_hello) == 32 + IDL_HELLO_NAME_MAX,
		"no padding in the hello");
_Static_assert (sizeof (struct idl_welcome) == 24,
		"no padding in the welcome");

/* How long either side waits for the other's handshake message.  */
#define IDL_HANDSHAKE_TIMEOUT_MS 5000

/* Fill the server's private message MSG (idlrt-abi.h, "Server side")
   for a request that passed the server's checks: tag TAG, whose count
   of words is at most IDL_MR_WORDS - 1; its words from WORDS[0..], each
   read once (WORDS may be the shared page), or already in MSG[1..] if
   WORDS is NULL; LEN (at most IDL_PAYLOAD_MAX) payload bytes copied
   once from PAYLOAD, or already in place if PAYLOAD is NULL; and the
   NFDS (at most IDL_MAX_FDS) descriptors FDS received with it.  Also
   zeroes the reply's counts.  (server.c: serve_request and local_call
   use it, and the fuzzer's harness, fuzz/harness.c, so that it
   prepares exactly what dispatchers get.)  */
void idl_msg_request (uint64_t *msg, uint64_t tag, const uint64_t *words,
		      const void *payload, uint32_t len, const int *fds,
		      unsigned nfds)
  __attribute__ ((__visibility__ ("hidden")));

/* Close each distinct descriptor of A[0..NA-1] and B[0..NB-1] once, as
   the server does after a dispatch (server.c; the fuzzer's harness
   too).  */
void idl_close_distinct (const int *a, unsigned na, const int *b,
			 unsigned nb)
  __attribute__ ((__visibility__ ("hidden")));

struct sockaddr_un;

/* Co-location (server.c).  If a server called NAME was created in this
   process and accepts IFACE, make B a co-located binding to it and
   return IDL_OK.  Otherwise IDL_E_IFACE if it refuses IFACE,
   IDL_E_CONNECT if it has stopped, IDL_E_NOMEM, or -1 if there is no
   such server here (then the name is a socket to connect to).  */
int idl_local_connect (idl_binding_t *b, const char *name,
		       const idl_interface_t *iface)
  __attribute__ ((__visibility__ ("hidden")));

/* Release what idl_local_connect gave B.  */
void idl_local_close (idl_binding_t *b)
  __attribute__ ((__visibility__ ("hidden")));

/* Fill *SA from NAME ("/path" or "@abstract"); return the address
   length, or 0 if NAME does not fit.  (client.c)  */
unsigned idl_sockaddr (struct sockaddr_un *sa, const char *name)
  __attribute__ ((__visibility__ ("hidden")));

#endif /* IDL_INTERNAL_H */
