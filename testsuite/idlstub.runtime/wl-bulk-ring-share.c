/* { dg-do run } */
/* Area: runtime
   Purpose: bulk-ring-share.c against a server served from a poll loop
   (idl_server_serve_ready), which serves B between A's chunks.  */

#define RT_WORKERS RT_WORKERS_LOOP
#include "bulk-ring-share.c"
