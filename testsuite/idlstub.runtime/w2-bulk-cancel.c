/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-cancel.c against a server with 2 workers
   (idl_server_set_workers (srv, 2)), which streams through the ring
   too: a bulk call given up mid-stream is never dispatched.  */

#define RT_WORKERS 2
#include "bulk-cancel.c"
