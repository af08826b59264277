/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-idle.c against a server with 2 workers
   (idl_server_set_workers (srv, 2)).  */

#define RT_WORKERS 2
#include "bulk-idle.c"
