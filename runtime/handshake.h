/* handshake.h -- the shared-page transport's handshake: its messages.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Internal to libidlrt (white-box tests build hand-made hellos from
   it).  One SOCK_SEQPACKET message each way once the client's socket
   is connected: the client sends a hello naming the interface it was
   compiled against; the server answers with a welcome carrying a
   status and, on IDL_OK, the page's memfd as SCM_RIGHTS ancillary
   data.  Both are in host byte order: the peers are on one machine.
   handshake.c writes and reads them, for both ends, and decides which
   interfaces may talk (which co-location asks too).  */

#ifndef IDL_HANDSHAKE_H
#define IDL_HANDSHAKE_H

#include <stdint.h>
#include "idlrt.h"

#define IDL_HELLO_MAGIC 0x49444c48u	/* "IDLH" */
#define IDL_WELCOME_MAGIC 0x49444c57u	/* "IDLW" */

/* Bump when the page layout, the protocol or these messages change.  */
#define IDL_WIRE_VERSION 6

#define IDL_HELLO_NAME_MAX 64

struct idl_hello
{
  uint32_t magic;
  uint32_t wire_version;
  uint32_t iface_id;
  uint32_t iface_version;
  uint64_t signature;
  /* The interface's name (its first IDL_HELLO_NAME_MAX - 1 bytes), for
     diagnostics, and a hash of all of it (idl_name_hash), which must be
     the server's: two interfaces that share an id, a version and even
     their operations are still two interfaces, and a client of one is
     never a client of the other.  */
  char iface_name[IDL_HELLO_NAME_MAX];
  uint32_t nops;		/* entries of the operation table that
				   follow the hello in the same message */
  uint32_t name_hash;
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

/* On IDL_E_IFACE the welcome says what differs (idl_connect_mismatch),
   in fields that are 0 and ignored otherwise: an older peer sends 0
   there (IDL_MISMATCH_UNKNOWN to the client) and ignores them.  */
struct idl_welcome
{
  uint32_t magic;
  uint32_t wire_version;
  uint32_t status;		/* IDL_OK or IDL_E_* */
  uint32_t mismatch;		/* IDL_E_IFACE: IDL_MISMATCH_* | the
				   operation's number << 16 */
  union
  {
    uint64_t page_size;		/* IDL_OK: IDL_PAGE_SIZE */
    uint64_t server_iface;	/* IDL_E_IFACE: the server's interface id
				   << 32 | its version */
  };
};

_Static_assert (sizeof (struct idl_hello) == 32 + IDL_HELLO_NAME_MAX,
		"no padding in the hello");
_Static_assert (sizeof (struct idl_welcome) == 24,
		"no padding in the welcome");

/* How long either side waits for the other's handshake message.  */
#define IDL_HANDSHAKE_TIMEOUT_MS 5000

/* Client side.  Send the hello for IFACE on connected socket SOCK and
   receive the welcome: IDL_OK with the page's memfd in *FD, or an
   IDL_E_* code (*FD -1).  */
int idl_handshake_connect (int sock, const idl_interface_t *iface, int *fd)
  __attribute__ ((__visibility__ ("hidden")));

/* Server side.  Read a hello from SOCK without blocking: 0, 1 if
   nothing is queued yet, -1 if what came is not a hello.  */
int idl_hello_read (int sock, struct idl_hello_msg *hello)
  __attribute__ ((__visibility__ ("hidden")));

/* The status a server of interface ME answers HELLO with, before it
   makes the page: IDL_OK, IDL_E_CONNECT (not our protocol) or
   IDL_E_IFACE, with what differs in *WHY.  */
int idl_hello_status (const idl_interface_t *me,
		      const struct idl_hello_msg *hello, idl_mismatch_t *why)
  __attribute__ ((__visibility__ ("hidden")));

/* Send the welcome with STATUS, and FD as SCM_RIGHTS when FD >= 0; for
   IDL_E_IFACE, what differs, WHY (NULL: unknown).  0, or -1 if it
   could not be sent.  */
int idl_welcome_send (int sock, int status, int fd, const idl_mismatch_t *why)
  __attribute__ ((__visibility__ ("hidden")));

/* A 32-bit FNV-1a hash of NAME (NULL: of "").  */
uint32_t idl_name_hash (const char *name)
  __attribute__ ((__visibility__ ("hidden")));

/* May a client of interface NAME_HASH (idl_name_hash of its name), ID,
   VERSION, SIGNATURE with operation table OPS[0..NOPS-1] talk to server
   interface ME?  (Co-location asks too, with the client's interface
   descriptor.)  If not, and WHY is not NULL, *WHY says what differs
   first: the name, the id, the version, or the lowest-numbered of the
   client's operations that the server lacks or has with other types.  */
int idl_iface_compatible (const idl_interface_t *me, uint32_t name_hash,
			  uint32_t id, uint32_t version, uint64_t signature,
			  const uint64_t *ops, uint32_t nops,
			  idl_mismatch_t *why)
  __attribute__ ((__visibility__ ("hidden")));

/* Record WHY as the calling thread's last connect failure's reason
   (idl_connect_mismatch; client.c).  */
void idl_note_mismatch (const idl_mismatch_t *why)
  __attribute__ ((__visibility__ ("hidden")));

#endif /* IDL_HANDSHAKE_H */
