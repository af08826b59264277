/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-cancel.c against a server with 2 workers
   (idl_server_set_workers (srv, 2)), which declines the ring: a bulk
   call given up mid-call leaves a late reply that the binding's next
   call throws away.  */

#define RT_WORKERS 2
#include "bulk-cancel.c"
