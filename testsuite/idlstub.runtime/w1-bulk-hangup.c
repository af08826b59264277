/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-hangup.c against a server with 1 worker
   (idl_server_set_workers (srv, 1)), which keeps a request on the ring
   between its looks: a client that dies mid-stream leaves no
   descriptor of its request behind.  */

#define RT_WORKERS 1
#include "bulk-hangup.c"
