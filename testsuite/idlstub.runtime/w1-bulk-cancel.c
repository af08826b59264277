/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-cancel.c against a server with 1 worker
   (idl_server_set_workers (srv, 1)), which streams through the ring
   too: a bulk call given up mid-stream is never dispatched.  */

#define RT_WORKERS 1
#include "bulk-cancel.c"
