/* { dg-do run } */
/* Area: runtime
   Purpose: once-bulk-big.c against a server with 1 worker
   (idl_server_set_workers (srv, 1)): 256 MiB each way
   through the ring, every byte checked.  */

#define RT_WORKERS 1
#include "once-bulk-big.c"
