/* rpcs.h -- the bench of bench/callgrind-rpcs: what a stub variant supplies.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The nine RPCs of issue 5 (IDL4's six, paper 000 section 6.4, from
   testsuite/idlstub.gen/idl4.h; SawMill's pfs_open, pfs_write and
   pfs_get_direntries, paper 003 table 4, from sawmill.h) and pfs_lookup,
   so that both variants implement the whole pfs interface (its code
   counts in the sizes).  A stub variant is two object files:

     client  rpcs_OP, one function per operation with the operation's
             own prototype, marked noinline, whose body is the call of
             the variant's client stub (inlined into it, as at any call
             site); and rpcs_client_iface, the interface descriptors to
             connect with;
     server  rpcs_server_iface and rpcs_server_dispatch, the descriptors
             and dispatchers to create the servers with.

   idlstub-client.c / idlstub-server.c are the plugin's variant (fast or
   compact, by option), hand-client.c / hand-server.c the hand-written
   pair.  rpcs-main.c drives either; rpcs-impl.c holds the work
   functions, in a file of their own so that no dispatcher inlines them
   (their cost is taken out of the counts by name).  */

#ifndef RPCS_H
#define RPCS_H

#include <idlstub.h>
#include "../testsuite/idlstub.gen/idl4.h"
#include "../testsuite/idlstub.gen/sawmill.h"

/* Argument sizes of the measured calls (the paper gives none): a
   string of 64 chars for strxfer (bound 119); arrayxfer's typical
   size, 4096 bytes, for both arrays; 256 ints (1 KiB) for pfs_write;
   16 directory entries (1 KiB) for pfs_get_direntries; a 40-char name
   and a 60-char canonical path for pfs_lookup.  */
#define RPCS_STRXFER_LEN 64
#define RPCS_ARRAY_LEN 4096
#define RPCS_WRITE_INTS 256
#define RPCS_DIRENTS 16
#define RPCS_LOOKUP_LEN 40
#define RPCS_CANONICAL_LEN 60

/* Interface 0 is idl4bench, 1 is pfs.  */
extern const idl_interface_t *const rpcs_client_iface[2];
extern const idl_interface_t *const rpcs_server_iface[2];
extern const idl_dispatch_fn rpcs_server_dispatch[2];

long rpcs_tiny (idl_binding_t *b, long a);
long rpcs_small (idl_binding_t *b, short a, long c, short d);
long rpcs_large (idl_binding_t *b, long a, long c, long d, long e, long f,
		 long g);
void rpcs_strxfer (idl_binding_t *b, const char *a, long *x, long *y);
long rpcs_structxfer (idl_binding_t *b, struct large_t a, long *x);
void rpcs_arrayxfer (idl_binding_t *b, const char *str1, const char *str2,
		     long l1, long l2);
int rpcs_pfs_open (idl_binding_t *b, int client, int fobj, int flags,
		   int mode, int *handle);
int rpcs_pfs_write (idl_binding_t *b, int handle, int *pos, int len,
		    int data_size, const int *data);
int rpcs_pfs_get_direntries (idl_binding_t *b, int handle, int *pos,
			     int count, int *data_size,
			     struct pfs_dirent *data);
int rpcs_pfs_lookup (idl_binding_t *b, int dir, const char *name, int *fobj,
		     char *canonical);

/* The work functions (rpcs-impl.c), one per operation, as the plugin's
   dispatcher calls them; the hand-written dispatcher calls the same
   ones.  The driver also calls them directly, with a null CALL, to
   know what each remote call must return.  */
long tiny_impl (idl_call_t *call, long a);
long small_impl (idl_call_t *call, short a, long b, short c);
long large_impl (idl_call_t *call, long a, long b, long c, long d, long e,
		 long f);
void strxfer_impl (idl_call_t *call, const char *a, long *b, long *c);
long structxfer_impl (idl_call_t *call, struct large_t a, long *b);
void arrayxfer_impl (idl_call_t *call, const char *str1, const char *str2,
		     long l1, long l2);
int pfs_open_impl (idl_call_t *call, int client, int fobj, int flags,
		   int mode, int *handle);
int pfs_write_impl (idl_call_t *call, int handle, int *pos, int len,
		    int data_size, const int *data);
int pfs_get_direntries_impl (idl_call_t *call, int handle, int *pos,
			     int count, int *data_size,
			     struct pfs_dirent *data);
int pfs_lookup_impl (idl_call_t *call, int dir, const char *name, int *fobj,
		     char *canonical);

/* arrayxfer returns nothing, so its work function checks what it
   received instead: call K (counted from 0 on the server) must carry
   rpcs_array_byte (K, 1, i) at str1[i] and rpcs_array_byte (K, 2, i) at
   str2[i]; anything else kills the server, and the client's next call
   fails.  */
static inline char
rpcs_array_byte (unsigned long k, int which, unsigned long i)
{
  return (char) (k * (which == 1 ? 3 : 5) + i * 7 + which);
}

#endif /* RPCS_H */
