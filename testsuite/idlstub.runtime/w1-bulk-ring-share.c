/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-ring-share.c against a server with 1 worker
   (idl_server_set_workers (srv, 1)), which serves B between A's chunks.  */

#define RT_WORKERS 1
#include "bulk-ring-share.c"
