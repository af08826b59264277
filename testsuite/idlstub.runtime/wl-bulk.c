/* { dg-do run } */
/* Area: runtime
   Purpose: bulk.c against a server served from a poll loop
   (idl_server_serve_ready).  */

#define RT_WORKERS RT_WORKERS_LOOP
#include "bulk.c"
