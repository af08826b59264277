/* { dg-do run } */
/* Area: runtime
   Purpose: once-bulk-hostile.c against a server with 2 workers
   (idl_server_set_workers (srv, 2)), which streams through the ring
   too: the hostile client rewrites the ring during every copy, and a
   client that stalls is dropped at the worker's deadline.  */

#define RT_WORKERS 2
#include "once-bulk-hostile.c"
