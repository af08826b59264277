/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-hangup.c against a server served from a poll loop
   (idl_server_serve_ready): a client that dies mid-stream leaves no
   descriptor of its request behind.  */

#define RT_WORKERS RT_WORKERS_LOOP
#include "bulk-hangup.c"
