/* fuzz-bulk.h -- what the bulk and region fuzzer's harness and server
   share (harness-bulk.c, server-bulk.c).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Plain C, no idlstub annotations: harness-bulk.c is compiled by clang
   without the plugin.  The implementations (server-bulk.c) report what
   their server stub gave them through the hooks below, which the
   harness defines: it knows what the client put in the bulk memfd, the
   ring and each descriptor, and checks the stub and the runtime handed
   over exactly that, from private memory.

   An input (harness-bulk.c says more): one configuration byte (bit 0
   a thread of its own for the connection, bits 1-2 the server's cap,
   FZB_CONF_WORKER a worker's connection), then steps on one
   connection, each a byte whose low two bits say what: FZB_SETUP (hand
   over a bulk memfd or a ring), FZB_WRITE (the client writes its memfd
   or ring), FZB_REQUEST (a request, bulk or not, with descriptors),
   FZB_OTHER (the client resizes its memfd, or the server does its
   housekeeping).  On a worker's connection, while a request on the
   ring is pending (its client behind), an even step byte is a move on
   the ring instead (FZB_RING_*: (S >> 1) & 7), and each step is
   followed by a turn of the worker's.  Descriptors are described by a
   kind byte (FZB_FD_*), then a size and maybe seals.  Numbers are
   little-endian; an input that ends early reads as zeros.  */

#ifndef FUZZ_BULK_H_SHARED
#define FUZZ_BULK_H_SHARED

#include <stddef.h>
#include <stdint.h>

#define FZB_SETUP 0
#define FZB_WRITE 1
#define FZB_REQUEST 2
#define FZB_OTHER 3

/* The configuration byte's bit for a worker's (or a program loop's)
   connection: the ring taken, its requests driven without waiting,
   across steps (idl_bulk_resume).  */
#define FZB_CONF_WORKER 8

/* Ring moves while a worker's request is pending: step byte
   (FZB_RING_* << 1) | (ARG << 4).  */
#define FZB_RING_IN_ADD 0	/* IN_FILLED += ARG + 1 */
#define FZB_RING_OUT_ADD 1	/* OUT_DRAINED += ARG + 1 */
#define FZB_RING_IN_SET 2	/* IN_FILLED = 4 bytes */
#define FZB_RING_OUT_SET 3	/* OUT_DRAINED = 4 bytes */
#define FZB_RING_CANCEL 4	/* the request cancelled */
#define FZB_RING_CANCEL_SET 5	/* the cancel word = 4 bytes */
#define FZB_RING_LOOK 6		/* nothing: the worker looks */
#define FZB_RING_PAGE 7		/* a byte of the announcement: offset,
				   value */

/* Descriptor kinds a client can send.  */
#define FZB_FD_REGION_IN 0	/* memfd sealed write, shrink, grow, seal */
#define FZB_FD_SEALED 1		/* memfd sealed shrink and grow */
#define FZB_FD_SEALS 2		/* memfd, seals from the next byte */
#define FZB_FD_UNSEALABLE 3	/* memfd without MFD_ALLOW_SEALING */
#define FZB_FD_PIPE 4
#define FZB_FD_DEVNULL 5
#define FZB_FD_FILE 6		/* a file not on tmpfs (the program) */
#define FZB_FD_SOCKET 7
#define FZB_FD_EVENTFD 8
#define FZB_FD_HUGETLB 9	/* sealed as FZB_FD_SEALED, if the kernel
				   has huge pages; else FZB_FD_SEALED */
#define FZB_FD_KINDS 10

#define FZB_MAX_STEPS 32

/* The byte at offset OFF of every memfd the client makes, where it
   writes any (its first and last 64 bytes): what an in region's
   implementation expects to read there.  */
static inline unsigned char
fzb_pattern (uint64_t off)
{
  return (unsigned char) (off * 131 + 7);
}

/* One request's record: the harness clears it, the implementations
   fill it.  */
struct fzb_record
{
  const void *call;		/* the call context the runtime passes */
  unsigned calls;		/* implementations run */
  unsigned op;
  int too_long;			/* an out value over its bound on purpose */
};
extern struct fzb_record fzb_rec;

/* The harness's hooks.  Bulk item K of the operation (in parameter
   order): IN/inout bytes received, N of them at P; an out (or inout)
   item's room, N bytes at P.  */
void fzb_in_item (unsigned k, const void *p, uint64_t n);
void fzb_out_item (unsigned k, void *p, uint64_t n);
/* A region (an idl_region_t *) the stub accepted as HOW
   (IDL_REGION_IN_, IDL_REGION_OUT_), and a plain descriptor.  */
void fzb_region (void *r, int how);
void fzb_fd (int fd);

/* server-bulk.c's interface and dispatcher.  */
struct idl_call;
struct idl_interface;
extern const struct idl_interface *const fzb_iface;
extern uint64_t (*const fzb_dispatch) (struct idl_call *, uint64_t *);

#endif /* FUZZ_BULK_H_SHARED */
