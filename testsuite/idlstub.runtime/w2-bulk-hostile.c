/* { dg-do run } */
/* Area: runtime
   Purpose: once-bulk-hostile.c against a server with 2 workers
   (idl_server_set_workers (srv, 2)), which declines the ring: the
   hostile client rewrites the sequential path's memfd during every
   copy.  */

#define RT_WORKERS 2
#include "once-bulk-hostile.c"
