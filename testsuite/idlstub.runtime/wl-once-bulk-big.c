/* { dg-do run } */
/* Area: runtime
   Purpose: once-bulk-big.c against a server served from a poll loop
   (idl_server_serve_ready): 256 MiB each way
   through the ring, every byte checked.  */

#define RT_WORKERS RT_WORKERS_LOOP
#include "once-bulk-big.c"
