/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-cancel.c against a server with 1 worker
   (idl_server_set_workers (srv, 1)), which declines the ring: a bulk
   call given up mid-call leaves a late reply that the binding's next
   call throws away.  */

#define RT_WORKERS 1
#include "bulk-cancel.c"
